//! Claims on a discard, an added kan or a closed kan (spec section 4): who may claim what,
//! asking each other seat in turn (a seat with no claim may only pass), and resolving by
//! priority (ron > pon / kan > chi).

use crate::game::kyoku::event::{AbortiveDraw, KyokuEvent, PaymentReason, TableMeld};
use crate::game::kyoku::player::{Concealed, red_slot};
use crate::game::kyoku::{ClaimOn, Kyoku, KyokuAction, LegalActions, Phase};
use crate::game::rules::TripleRon;
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::concealed::Hand;
use crate::hand::score::{Meld, MeldKind, TileCopy, WinBy, Yaku};
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// The ways to take `n` (1 or 2) copies of `tile` from `tiles`: with the red five when held,
/// and without it when enough plain copies are held.
pub(super) fn takes(tiles: &Concealed, tile: Tile, n: u8) -> impl Iterator<Item = [TileCopy; 2]> {
    let count = tiles.hand.count(tile);
    let plain = TileCopy::plain(tile);
    let red = TileCopy { tile, red: true };
    let has_red = red_slot(tile).is_some_and(|slot| tiles.red[slot]);
    let with_red = (has_red && count >= n).then_some([red, plain]);
    let without = (count - u8::from(has_red) >= n).then_some([plain, plain]);
    with_red.into_iter().chain(without)
}

/// The two neighbours of `tile` a chi takes, in order: below it, around it, above it
/// (only those inside its number suit).
pub(super) fn chi_shapes(tile: Tile) -> impl Iterator<Item = (Tile, Tile)> {
    let index = tile.index();
    let near = move |d: i8| {
        Tile::from_index(index.checked_add_signed(d)?).filter(|t| t.suit() == tile.suit())
    };
    [(-2i8, -1i8), (-1, 1), (1, 2)]
        .into_iter()
        .filter(move |_| !tile.is_honor())
        .filter_map(move |(da, db)| Some((near(da)?, near(db)?)))
}

/// Whether `hand` holds both neighbours of one of the chis of `tile` ([`chi_shapes`]), read
/// from the counts of its suit.
fn has_chi_shape(hand: &Hand, tile: Tile) -> bool {
    if tile.is_honor() {
        return false;
    }
    let number = tile.number() as i8;
    // Whether the kind `d` numbers away, inside the suit, is held.
    let held = |d: i8| {
        let index = usize::from(tile.index()).wrapping_add_signed(isize::from(d));
        (1..=9).contains(&(number + d)) && hand.counts().get(index).is_some_and(|&c| c > 0)
    };
    (held(-2) && held(-1)) || (held(-1) && held(1)) || (held(1) && held(2))
}

/// The kinds a caller may not discard right after its call (kuikae): the called kind, and
/// for a chi the kind at the other end of the sequence.
pub(super) fn kuikae(called: Tile, meld: Meld) -> TileSet {
    let mut forbidden = TileSet::EMPTY;
    forbidden.insert(called);
    if meld.kind() == MeldKind::Chi {
        let low = meld.tile();
        let other = if called == low {
            Tile::from_index(low.index() + 3)
        } else if called.number() == low.number() + 2 && low.number() > 1 {
            Tile::from_index(low.index() - 1)
        } else {
            None
        };
        if let Some(other) = other.filter(|t| t.suit() == called.suit()) {
            forbidden.insert(other);
        }
    }
    forbidden
}

/// The meld a chi, pon or open kan makes of `tile` and the hand tiles `a`, `b`.
pub(super) fn called_meld(action: KyokuAction, tile: TileCopy, tiles: &Concealed) -> Option<Meld> {
    match action {
        KyokuAction::Chi(a, b) => {
            let low = tile.tile.min(a.tile).min(b.tile);
            Meld::new(MeldKind::Chi, low, tile.red || a.red || b.red).ok()
        }
        KyokuAction::Pon(a, b) => {
            Meld::new(MeldKind::Pon, tile.tile, tile.red || a.red || b.red).ok()
        }
        KyokuAction::OpenKan => {
            let red = tile.red || red_slot(tile.tile).is_some_and(|s| tiles.red[s]);
            Meld::new(MeldKind::Kan, tile.tile, red).ok()
        }
        _ => None,
    }
}

/// Whether a hand of these concealed tiles, minus `a` and `b` (which it holds), keeps a
/// kind it may discard: more tiles left than the forbidden kinds' copies left.
pub(super) fn keeps_a_discard(
    tiles: &Concealed,
    a: TileCopy,
    b: TileCopy,
    forbidden: TileSet,
) -> bool {
    let hand = &tiles.hand;
    let taken = |tile: Tile| u8::from(a.tile == tile) + u8::from(b.tile == tile);
    let forbidden_left: usize = (forbidden.iter())
        .map(|tile| usize::from(hand.count(tile).saturating_sub(taken(tile))))
        .sum();
    hand.len().saturating_sub(2) > forbidden_left
}

impl Kyoku {
    /// What `seat` may claim of `tile` offered by `from` (without `Pass`), appended to
    /// `legal`: ron from the seat's kept waits, the calls from its tile counts.
    pub(super) fn claim_options(
        &self,
        seat: Seat,
        from: Seat,
        tile: TileCopy,
        on: ClaimOn,
        legal: &mut LegalActions,
    ) {
        if seat == from {
            return;
        }
        if self.ron_score(seat, tile, on).is_some() {
            legal.push(KyokuAction::Ron);
        }
        if !self.may_call(seat, on) {
            return;
        }
        let tiles = &self.players[seat.index()].tiles;
        let mut offer = |action: KyokuAction, a: TileCopy, b: TileCopy| {
            let allowed = called_meld(action, tile, tiles)
                .is_some_and(|meld| keeps_a_discard(tiles, a, b, kuikae(tile.tile, meld)));
            if allowed {
                legal.push(action);
            }
        };
        if tiles.hand.count(tile.tile) >= 2 {
            for [a, b] in takes(tiles, tile.tile, 2) {
                offer(KyokuAction::Pon(a, b), a, b);
            }
        }
        if self.chi_from(from, seat) {
            for (ta, tb) in chi_shapes(tile.tile) {
                if !tiles.hand.contains(ta) || !tiles.hand.contains(tb) {
                    continue;
                }
                for [a, _] in takes(tiles, ta, 1) {
                    for [b, _] in takes(tiles, tb, 1) {
                        offer(KyokuAction::Chi(a, b), a, b);
                    }
                }
            }
        }
        if tiles.hand.count(tile.tile) == 3 && self.kans() < 4 {
            legal.push(KyokuAction::OpenKan);
        }
    }

    /// Whether `seat` may have a claim on `tile` offered by `from`: false only when
    /// [`Kyoku::claim_options`] has none for it (no wait on the tile, and no pon, kan or chi
    /// shape for it, or no call allowed), from its kept waits and its counts alone.
    pub(super) fn may_claim(&self, seat: Seat, from: Seat, tile: TileCopy, on: ClaimOn) -> bool {
        let player = &self.players[seat.index()];
        if seat == from {
            return false;
        }
        if player.waits.contains(tile.tile) {
            return true;
        }
        if !self.may_call(seat, on) {
            return false;
        }
        let hand = &player.tiles.hand;
        hand.count(tile.tile) >= 2 || (self.chi_from(from, seat) && has_chi_shape(hand, tile.tile))
    }

    /// Whether `seat` may chi `from`'s discard: it is the next seat, at a table of four
    /// (three-player riichi has no chi: the riichi.wiki page "Sanma"; Tenhou's and Mahjong
    /// Soul's three-player rules).
    pub(super) fn chi_from(&self, from: Seat, seat: Seat) -> bool {
        self.rules.seats == MAX_SEATS && from.next(MAX_SEATS) == seat
    }

    /// Whether `seat` may call (chi, pon, open kan) what is offered: a discard only, not the
    /// last tile's, not in riichi, and not the discard after a fourth kan that aborts the
    /// hand unless ronned (suukaikan).
    fn may_call(&self, seat: Seat, on: ClaimOn) -> bool {
        on == ClaimOn::Discard
            && self.live_tiles() > 0
            && self.players[seat.index()].riichi.is_none()
            && !self.suukaikan_pending()
    }

    /// Opens the claims on `tile`, or goes on at once when no seat has one.
    pub(super) fn open_claims(
        &mut self,
        from: Seat,
        tile: TileCopy,
        on: ClaimOn,
        events: &mut Vec<KyokuEvent>,
    ) {
        self.phase = Phase::Claims {
            from,
            tile,
            on,
            asked: from,
            answers: [None; MAX_SEATS],
        };
        self.ask_next(events);
    }

    /// Records the asked seat's answer, then asks the next claimant or resolves.
    pub(super) fn answer(&mut self, action: KyokuAction, events: &mut Vec<KyokuEvent>) {
        if let Phase::Claims {
            asked,
            ref mut answers,
            ..
        } = self.phase
        {
            answers[asked.index()] = Some(action);
        }
        self.ask_next(events);
    }

    fn ask_next(&mut self, events: &mut Vec<KyokuEvent>) {
        let Phase::Claims {
            from,
            tile,
            on,
            asked,
            answers,
        } = self.phase
        else {
            return;
        };
        // Every other seat answers, claim or not, so that no seat learns from the order of
        // play whether another could claim: in turn order from the discarder, so the seat
        // after the one asked answers next, until the turn comes back to the discarder.
        let next = self.next_seat(asked);
        if next == from {
            return self.resolve(from, tile, on, answers, events);
        }
        if let Phase::Claims {
            asked: ref mut a, ..
        } = self.phase
        {
            *a = next;
        }
    }

    // Kept out of `ask_next`, which runs for every answer, as most answers resolve nothing.
    #[inline(never)]
    fn resolve(
        &mut self,
        from: Seat,
        tile: TileCopy,
        on: ClaimOn,
        answers: [Option<KyokuAction>; MAX_SEATS],
        events: &mut Vec<KyokuEvent>,
    ) {
        let seats = self.rules.seats;
        let order = [1, 2, 3].map(|i| Seat::ALL[(from.index() + i) % seats]);
        let order = &order[..seats - 1];
        let is_ron = |seat: Seat| answers[seat.index()] == Some(KyokuAction::Ron);
        let rons = order.iter().filter(|&&seat| is_ron(seat)).count();
        for &seat in order {
            if !is_ron(seat) {
                self.pass_claim(seat, tile, on);
            }
        }
        if rons >= 3 && self.rules.triple_ron == TripleRon::Abort {
            return self.abort(AbortiveDraw::Sanchahou, events);
        }
        if rons > 0 {
            let take = match rons {
                3.. if self.rules.triple_ron == TripleRon::AllWin => rons,
                2 if self.rules.double_ron => rons,
                _ => 1,
            };
            let wins = order
                .iter()
                .copied()
                .filter(|&seat| is_ron(seat))
                .take(take)
                .filter_map(|seat| Some((seat, self.ron_score(seat, tile, on)?)))
                .collect();
            return self.settle_wins(wins, Some(from), events);
        }
        if on == ClaimOn::Kita {
            return self.after_kita(from, events);
        }
        if on != ClaimOn::Discard {
            if on == ClaimOn::AddedKan {
                self.interrupt();
                // A kan on the replacement tile of an open or added kan turns the earlier
                // kan's indicator now, before its own replacement draw (spec section 4):
                // once no one robbed it, as Mortal's libriichi arena does (a chankan ron
                // counts without it).
                self.turn_dora(events);
                self.add_kan_dora(events);
            }
            return self.draw_rinshan(from, events);
        }
        if self.accept_riichi(events) {
            let all = self.players.iter().all(|p| p.riichi.is_some());
            if all && self.rules.abortive_draws {
                return self.abort(AbortiveDraw::SuuchaRiichi, events);
            }
        }
        let call = |claim: fn(&KyokuAction) -> bool| {
            order
                .iter()
                .find_map(|&s| answers[s.index()].filter(claim).map(|a| (s, a)))
        };
        let pon = call(|a| matches!(a, KyokuAction::Pon(..) | KyokuAction::OpenKan));
        match pon.or_else(|| call(|a| matches!(a, KyokuAction::Chi(..)))) {
            Some((seat, action)) => self.call(seat, from, tile, action, events),
            None => self.after_discard(from, events),
        }
    }

    /// `seat` lets `tile` pass without ron: furiten when it is among its waits (not on a
    /// closed kan, which only kokushi may rob).
    pub(super) fn pass_claim(&mut self, seat: Seat, tile: TileCopy, on: ClaimOn) {
        let player = &mut self.players[seat.index()];
        if on != ClaimOn::ClosedKan && player.waits.contains(tile.tile) {
            player.temporary_furiten = true;
            player.riichi_furiten |= player.riichi.is_some();
        }
    }

    /// The riichi discard waiting to pass has passed: its seat pays its 1,000-point stick
    /// onto the table and may win with ippatsu. Whether there was one.
    pub(super) fn accept_riichi(&mut self, events: &mut Vec<KyokuEvent>) -> bool {
        let Some(seat) = self.pending_riichi.take() else {
            return false;
        };
        self.pay(Some(seat), None, 1_000, PaymentReason::RiichiStick, events);
        self.sticks = self.sticks.saturating_add(1);
        self.players[seat.index()].ippatsu = true;
        true
    }

    /// Makes `seat`'s chi, pon or open kan of `from`'s discard `tile`; after an open kan
    /// `seat` draws its replacement tile.
    fn call(
        &mut self,
        seat: Seat,
        from: Seat,
        tile: TileCopy,
        action: KyokuAction,
        events: &mut Vec<KyokuEvent>,
    ) {
        if self.make_call(seat, from, tile, action, events) == Some(MeldKind::Kan) {
            self.draw_rinshan(seat, events);
        }
    }

    /// The meld of `seat`'s chi, pon or open kan of `from`'s discard `tile`, on the table;
    /// after a chi or pon `seat` is to discard. Returns the meld's kind (`None` when the
    /// action makes no meld). An open kan's replacement tile is left to the caller.
    pub(super) fn make_call(
        &mut self,
        seat: Seat,
        from: Seat,
        tile: TileCopy,
        action: KyokuAction,
        events: &mut Vec<KyokuEvent>,
    ) -> Option<MeldKind> {
        let meld = called_meld(action, tile, &self.players[seat.index()].tiles)?;
        self.interrupt();
        if let Some(last) = self.players[from.index()].discards.last_mut() {
            last.called = true;
        }
        let player = &mut self.players[seat.index()];
        match action {
            KyokuAction::Chi(a, b) | KyokuAction::Pon(a, b) => {
                player.tiles.remove(a);
                player.tiles.remove(b);
            }
            _ => {
                for _ in 0..3 {
                    let _ = player.tiles.hand.remove(tile.tile);
                }
                if let Some(slot) = red_slot(tile.tile) {
                    player.tiles.red[slot] = false;
                }
            }
        }
        player.refresh();
        let table_meld = TableMeld {
            meld,
            from: Some(from),
            called: Some(tile),
        };
        player.melds.push(table_meld);
        self.pao[seat.index()] = self.pao[seat.index()].or(self.pao_feeder(seat, from, meld));
        events.push(KyokuEvent::Meld {
            seat,
            meld: table_meld,
        });
        if meld.kind() == MeldKind::Kan {
            self.kans += 1;
            self.add_kan_dora(events);
        } else {
            self.phase = Phase::Turn {
                seat,
                drawn: None,
                rinshan: false,
                kuikae: kuikae(tile.tile, meld),
            };
        }
        Some(meld.kind())
    }

    /// `from`, when `seat`'s new `meld` is its third dragon set or fourth wind set (pao).
    fn pao_feeder(&self, seat: Seat, from: Seat, meld: Meld) -> Option<Seat> {
        let tile = meld.tile();
        if !tile.is_honor() || meld.kind() == MeldKind::Chi {
            return None;
        }
        let dragon = tile.index() >= 31;
        let sets = self.players[seat.index()]
            .melds
            .iter()
            .filter(|m| m.meld.tile().is_honor() && (m.meld.tile().index() >= 31) == dragon)
            .count();
        (sets == if dragon { 3 } else { 4 }).then_some(from)
    }

    /// The score of a ron by `seat` on `tile`, or `None` when it may not ron: not waiting on
    /// it, furiten, no yaku; on a closed kan only kokushi may rob it, and only when
    /// [`Rules::kokushi_robs_closed_kan`](crate::Rules::kokushi_robs_closed_kan).
    pub(super) fn ron_score(
        &self,
        seat: Seat,
        tile: TileCopy,
        on: ClaimOn,
    ) -> Option<crate::game::kyoku::settle::ScoredWin> {
        let player = &self.players[seat.index()];
        let waits = player.waits;
        if !waits.contains(tile.tile) || (self.rules.furiten && player.is_furiten(waits)) {
            return None;
        }
        let last_tile = on == ClaimOn::Discard && self.live_tiles() == 0;
        let chankan = on == ClaimOn::AddedKan;
        let win = self.score_win(seat, tile, WinBy::Ron, false, chankan, last_tile)?;
        let kokushi = win.score.han_of(Yaku::Kokushi) > 0;
        let robs = self.rules.kokushi_robs_closed_kan && kokushi;
        (on != ClaimOn::ClosedKan || robs).then_some(win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_quick_chi_test_is_the_chi_shapes(
            kinds in proptest::collection::vec(0u8..34, 0..14),
            called in 0u8..34,
        ) {
            let hand = Hand::from_tiles(kinds.iter().filter_map(|&i| Tile::from_index(i)));
            prop_assume!(hand.is_ok());
            let (hand, tile) = (hand.unwrap(), Tile::from_index(called).unwrap());
            let shapes = chi_shapes(tile).any(|(a, b)| hand.contains(a) && hand.contains(b));
            prop_assert_eq!(has_chi_shape(&hand, tile), shapes);
        }
    }
}
