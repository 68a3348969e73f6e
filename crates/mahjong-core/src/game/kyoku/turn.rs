//! A seat's own turn (spec section 4): tsumo, kyuushu kyuuhai, the kans, riichi and the
//! discard.

use crate::game::kyoku::action::Refusal;
use crate::game::kyoku::event::{AbortiveDraw, DiscardedTile, KyokuEvent, TableMeld};
use crate::game::kyoku::player::{Concealed, Player};
use crate::game::kyoku::{ClaimOn, Kyoku, KyokuAction, KyokuEnd, LegalActions, Phase};
use crate::game::seat::Seat;
use crate::hand::concealed::MAX_TILES;
use crate::hand::score::{Meld, MeldKind, TileCopy, WinBy};
use crate::hand::tile::{NORTH, Tile};
use crate::hand::tile_set::TileSet;

/// The kinds of terminals and honors a hand holds.
fn terminal_kinds(tiles: &Concealed) -> usize {
    tiles
        .hand
        .kinds()
        .iter()
        .filter(|t| t.is_terminal_or_honor())
        .count()
}

/// The kinds whose discard leaves the hand tenpai: none unless its shanten is 0 or less;
/// then one look-up of the tables for 14 tiles, each kind's waits tried for a hand
/// shortened by closed kans.
fn riichi_kinds(player: &Player) -> TileSet {
    let hand = player.tiles.hand;
    // Some discard leaves the hand tenpai exactly when it is tenpai or complete now.
    if player.shanten > 0 {
        return TileSet::EMPTY;
    }
    if hand.len() == MAX_TILES {
        let discards = hand.riichi_discards();
        return discards.iter().map(|(tile, _)| tile).collect();
    }
    let tenpai = |&tile: &Tile| {
        let mut rest = hand;
        rest.remove(tile).is_ok() && !rest.waits().is_empty()
    };
    hand.kinds().iter().filter(tenpai).collect()
}

/// What a seat's turn allows that the seat's own tiles do not tell: worked out from the
/// whole hand (the scorer, the first go-around, the wall, the points).
#[derive(Clone, Copy)]
pub(super) struct TurnRights {
    /// Tsumo on the drawn tile.
    tsumo: bool,
    /// Kyuushu kyuuhai.
    kyuushu: bool,
    /// A kan: neither the last tile nor a fifth kan.
    kan: bool,
    /// A riichi: closed, 1,000 points to pay, a draw of its own left.
    riichi: bool,
    /// A kita: three seats, a tile drawn, a live tile left for the replacement.
    kita: bool,
}

/// The actions of `player` on its turn, given what the hand allows, appended to `legal`;
/// the riichi discards come from one look-up of the hand-analysis tables
/// ([`crate::Hand::riichi_discards`]).
pub(super) fn turn_list(
    player: &Player,
    drawn: Option<TileCopy>,
    kuikae: TileSet,
    rights: TurnRights,
    legal: &mut LegalActions,
) {
    if let Some(tile) = drawn {
        if rights.tsumo {
            legal.push(KyokuAction::Tsumo);
        }
        if rights.kyuushu {
            legal.push(KyokuAction::KyuushuKyuuhai);
        }
        if rights.kan {
            kan_list(player, tile, legal);
        }
        // In riichi only the drawn North, which leaves the waiting hand as it is.
        let north = player.riichi.is_none() || tile.tile == NORTH;
        if rights.kita && north && player.tiles.hand.contains(NORTH) {
            legal.push(KyokuAction::Kita);
        }
    }
    if player.riichi.is_some() {
        legal.push(KyokuAction::Tsumogiri);
        return;
    }
    let tiles = &player.tiles;
    if drawn.is_some() {
        legal.push(KyokuAction::Tsumogiri);
    }
    let allowed = TileSet::from_bits(!kuikae.bits());
    tiles.for_each_copy_besides(drawn, allowed, |copy| {
        legal.push(KyokuAction::Discard(copy));
    });
    let Some(drawn) = drawn else {
        return;
    };
    if rights.riichi {
        let tenpai = riichi_kinds(player);
        if tenpai.is_empty() {
            return;
        }
        if tenpai.contains(drawn.tile) {
            legal.push(KyokuAction::RiichiTsumogiri);
        }
        tiles.for_each_copy_besides(Some(drawn), tenpai, |copy| {
            legal.push(KyokuAction::Riichi(copy));
        });
    }
}

/// The closed and added kans of `player` after drawing `drawn`, when a kan is allowed at
/// all; in riichi a closed kan of the drawn tile only, when the waits stay the same.
fn kan_list(player: &Player, drawn: TileCopy, actions: &mut LegalActions) {
    let hand = player.tiles.hand;
    for tile in hand.kinds_counted(4) {
        let allowed = match player.riichi {
            None => true,
            Some(riichi) => {
                let mut rest = hand;
                (0..4).for_each(|_| {
                    let _ = rest.remove(tile);
                });
                tile == drawn.tile && rest.waits() == riichi.waits
            }
        };
        if allowed {
            actions.push(KyokuAction::ClosedKan(tile));
        }
    }
    for meld in &player.melds {
        let tile = meld.meld.tile();
        if meld.meld.kind() == MeldKind::Pon && hand.contains(tile) {
            actions.push(KyokuAction::AddedKan(tile));
        }
    }
}

impl Kyoku {
    /// What `seat`'s turn allows beyond its tiles ([`TurnRights`]).
    pub(super) fn turn_rights(
        &self,
        seat: Seat,
        drawn: Option<TileCopy>,
        rinshan: bool,
    ) -> TurnRights {
        let player = &self.players[seat.index()];
        // Complete exactly when its shanten (kept from the draw) is -1: only then score.
        let tsumo = drawn.is_some_and(|tile| {
            player.shanten < 0 && self.score_tsumo(seat, tile, rinshan).is_some()
        });
        let kyuushu = drawn.is_some()
            && self.rules.abortive_draws
            && self.first_turn(seat)
            && terminal_kinds(&player.tiles) >= 9;
        TurnRights {
            tsumo,
            kyuushu,
            kan: self.may_kan(),
            // Riichi needs a draw of its own still to come: 4 live tiles at four seats (spec
            // section 4), and so 3 at three. (RiichiEnv's three-player engine asks for 1.)
            riichi: player.riichi.is_none()
                && drawn.is_some()
                && (self.points[seat.index()] >= 1_000 || self.rules.riichi_below_1000)
                && self.live_tiles() >= self.rules.seats
                && player.is_closed(),
            kita: self.rules.seats == 3 && drawn.is_some() && self.live_tiles() > 0,
        }
    }

    /// The actions of `seat` on its turn, appended to `legal` ([`turn_list`]).
    pub(super) fn turn_actions(
        &self,
        seat: Seat,
        drawn: Option<TileCopy>,
        rinshan: bool,
        kuikae: TileSet,
        legal: &mut LegalActions,
    ) {
        let rights = self.turn_rights(seat, drawn, rinshan);
        turn_list(&self.players[seat.index()], drawn, kuikae, rights, legal);
    }

    /// Whether a kan may be made now: not on the last tile, not a fifth kan.
    fn may_kan(&self) -> bool {
        self.kans() < 4 && self.live_tiles() > 0
    }

    /// Closed and added kans of `seat` after drawing `drawn` ([`kan_list`]), appended to
    /// `actions`.
    #[cfg(test)]
    pub(super) fn kan_actions(&self, seat: Seat, drawn: TileCopy, actions: &mut LegalActions) {
        if self.may_kan() {
            kan_list(&self.players[seat.index()], drawn, actions);
        }
    }

    pub(super) fn play_turn(
        &mut self,
        seat: Seat,
        drawn: Option<TileCopy>,
        rinshan: bool,
        action: KyokuAction,
        events: &mut Vec<KyokuEvent>,
    ) {
        let drawn_tile = drawn.unwrap_or(TileCopy::plain(Tile::ALL[0]));
        match action {
            KyokuAction::Tsumo => {
                if let Some(win) = self.score_tsumo(seat, drawn_tile, rinshan) {
                    self.settle_wins(vec![(seat, win)], None, events);
                }
            }
            KyokuAction::KyuushuKyuuhai => self.abort(AbortiveDraw::KyuushuKyuuhai, events),
            KyokuAction::Tsumogiri => self.discard(seat, drawn_tile, true, false, events),
            KyokuAction::RiichiTsumogiri => self.discard(seat, drawn_tile, true, true, events),
            KyokuAction::Discard(tile) => self.discard(seat, tile, false, false, events),
            KyokuAction::Riichi(tile) => self.discard(seat, tile, false, true, events),
            KyokuAction::ClosedKan(tile) => self.closed_kan(seat, tile, events),
            KyokuAction::AddedKan(tile) => self.added_kan(seat, tile, events),
            KyokuAction::Kita => self.declare_kita(seat, events),
            _ => {}
        }
    }

    fn discard(
        &mut self,
        seat: Seat,
        tile: TileCopy,
        tsumogiri: bool,
        riichi: bool,
        events: &mut Vec<KyokuEvent>,
    ) {
        let double = self.first_turn(seat);
        let player = &mut self.players[seat.index()];
        player.tiles.remove(tile);
        player.refresh_after_discard();
        player.temporary_furiten = false;
        player.ippatsu = false;
        if riichi {
            player.riichi = Some(crate::game::kyoku::player::RiichiState {
                at: player.discards.len(),
                double,
                waits: player.waits,
            });
            self.pending_riichi = Some(seat);
            events.push(KyokuEvent::Riichi { seat, double });
        }
        let discarded = DiscardedTile {
            tile,
            tsumogiri,
            riichi,
            called: false,
        };
        player.discards.push(discarded);
        player.discarded.insert(tile.tile);
        events.push(KyokuEvent::Discard {
            seat,
            tile: discarded,
        });
        self.turn_dora(events);
        self.open_claims(seat, tile, ClaimOn::Discard, events);
    }

    /// Breaks every ippatsu and the first go-around.
    pub(super) fn interrupt(&mut self) {
        self.interrupted = true;
        self.players.iter_mut().for_each(|p| p.ippatsu = false);
    }

    fn closed_kan(&mut self, seat: Seat, tile: Tile, events: &mut Vec<KyokuEvent>) {
        if !self.make_closed_kan(seat, tile, events) {
            return;
        }
        if self.rules.kokushi_robs_closed_kan {
            self.open_claims(seat, TileCopy::plain(tile), ClaimOn::ClosedKan, events);
        } else {
            // No one may rob it: no seat is asked.
            self.draw_rinshan(seat, events);
        }
    }

    /// `seat`'s closed kan of `tile` on the table and its dora turned; whether it was made.
    /// The claims on it (or the replacement draw) are left to the caller.
    pub(super) fn make_closed_kan(
        &mut self,
        seat: Seat,
        tile: Tile,
        events: &mut Vec<KyokuEvent>,
    ) -> bool {
        self.interrupt();
        let player = &mut self.players[seat.index()];
        let red = player.tiles.has(TileCopy { tile, red: true });
        for _ in 0..4 {
            let _ = player.tiles.hand.remove(tile);
        }
        if let Some(slot) = crate::game::kyoku::player::red_slot(tile) {
            player.tiles.red[slot] = false;
        }
        player.refresh();
        let Ok(meld) = Meld::new(MeldKind::Ankan, tile, red) else {
            return false;
        };
        let meld = TableMeld {
            meld,
            from: None,
            called: None,
        };
        player.melds.push(meld);
        self.kans += 1;
        events.push(KyokuEvent::Meld { seat, meld });
        // A closed kan's dora is turned at once (with any kan dora still waiting).
        self.pending_dora += 1;
        self.turn_dora(events);
        true
    }

    fn added_kan(&mut self, seat: Seat, tile: Tile, events: &mut Vec<KyokuEvent>) {
        let player = &mut self.players[seat.index()];
        let red_copy = TileCopy { tile, red: true };
        let copy = if player.tiles.has(red_copy) {
            red_copy
        } else {
            TileCopy::plain(tile)
        };
        let Some(at) = player
            .melds
            .iter()
            .position(|m| m.meld.kind() == MeldKind::Pon && m.meld.tile() == tile)
        else {
            return;
        };
        let pon = player.melds[at];
        let Ok(meld) = Meld::new(MeldKind::Kakan, tile, pon.meld.has_red_five() || copy.red) else {
            return;
        };
        player.tiles.remove(copy);
        player.refresh();
        player.melds[at] = TableMeld { meld, ..pon };
        self.kans += 1;
        events.push(KyokuEvent::Meld {
            seat,
            meld: player.melds[at],
        });
        self.open_claims(seat, copy, ClaimOn::AddedKan, events);
    }

    /// `seat` declares a North aside (kita): a bonus dora of its own. Kan dora waiting to
    /// be shown are turned, as after a discard (RiichiEnv's `handle_kita`); the other seats
    /// may ron the North under [`Rules::kita_ron`](crate::Rules::kita_ron), and then
    /// `seat` draws a replacement tile (see [`Kyoku::after_kita`]).
    fn declare_kita(&mut self, seat: Seat, events: &mut Vec<KyokuEvent>) {
        let north = self.set_north_aside(seat, events);
        self.turn_dora(events);
        if self.rules.kita_ron {
            self.open_claims(seat, north, ClaimOn::Kita, events);
        } else {
            self.after_kita(seat, events);
        }
    }

    /// `seat` sets a North of its concealed tiles aside (the first step of a kita): its
    /// kita count goes up by one. Returns the North.
    pub(super) fn set_north_aside(&mut self, seat: Seat, events: &mut Vec<KyokuEvent>) -> TileCopy {
        let north = TileCopy::plain(NORTH);
        let player = &mut self.players[seat.index()];
        player.tiles.remove(north);
        player.refresh();
        player.kita = player.kita.saturating_add(1);
        events.push(KyokuEvent::Kita { seat });
        north
    }

    /// After a kita no one ronned: it breaks every ippatsu and the first go-around, as a
    /// call does (RiichiEnv's `handle_kita`), and `seat` draws a replacement tile, with no
    /// new dora indicator (a kita is not a kan).
    pub(super) fn after_kita(&mut self, seat: Seat, events: &mut Vec<KyokuEvent>) {
        self.interrupt();
        self.draw_rinshan(seat, events);
    }

    pub(super) fn abort(&mut self, draw: AbortiveDraw, events: &mut Vec<KyokuEvent>) {
        events.push(KyokuEvent::Abort { draw });
        self.finish(KyokuEnd::Abort(draw));
    }

    /// Why `action`, not among the legal actions, is refused.
    pub(super) fn refusal(&self, action: KyokuAction) -> Refusal {
        let claiming = matches!(self.phase, Phase::Claims { .. });
        let sanma = self.rules.seats == 3;
        match action {
            KyokuAction::Chi(..) if sanma => Refusal::ChiInSanma,
            KyokuAction::Kita if !sanma => Refusal::KitaAtFourSeats,
            KyokuAction::Pass
            | KyokuAction::Ron
            | KyokuAction::Chi(..)
            | KyokuAction::Pon(..)
            | KyokuAction::OpenKan => {
                if claiming {
                    Refusal::NoSuchClaim
                } else {
                    Refusal::NothingOffered
                }
            }
            _ if claiming => Refusal::ClaimPending,
            KyokuAction::Tsumo => Refusal::NoWin,
            KyokuAction::KyuushuKyuuhai => Refusal::NotKyuushu,
            KyokuAction::Riichi(_) | KyokuAction::RiichiTsumogiri => Refusal::NoRiichi,
            KyokuAction::ClosedKan(_) | KyokuAction::AddedKan(_) => Refusal::NoKan,
            KyokuAction::Tsumogiri | KyokuAction::Discard(_) => Refusal::NoDiscard,
            KyokuAction::Kita => Refusal::NoKita,
        }
    }

    /// Scores a tsumo on `tile` by `seat`, or `None` when it is no win.
    pub(super) fn score_tsumo(
        &self,
        seat: Seat,
        tile: TileCopy,
        rinshan: bool,
    ) -> Option<crate::game::kyoku::settle::ScoredWin> {
        let last_tile = !rinshan && self.live_tiles() == 0;
        self.score_win(seat, tile, WinBy::Tsumo, rinshan, false, last_tile)
    }
}
