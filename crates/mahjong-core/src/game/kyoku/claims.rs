//! Claims on a discard, an added kan or a closed kan (spec section 4): who may claim what,
//! asking each other seat in turn (a seat with no claim may only pass), and resolving by
//! priority (ron > pon / kan > chi).

use crate::game::kyoku::event::{AbortiveDraw, KyokuEvent, PaymentReason, TableMeld};
use crate::game::kyoku::player::{Concealed, red_slot};
use crate::game::kyoku::{ClaimOn, Kyoku, KyokuAction, Phase};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::score::{Meld, MeldKind, TileCopy, WinBy, Yaku};
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// The ways to take `n` (1 or 2) copies of `tile` from `tiles`: with the red five when held,
/// and without it when enough plain copies are held.
fn takes(tiles: &Concealed, tile: Tile, n: u8) -> Vec<[TileCopy; 2]> {
    let count = tiles.hand.count(tile);
    let plain = TileCopy::plain(tile);
    let red = TileCopy { tile, red: true };
    let has_red = red_slot(tile).is_some_and(|slot| tiles.red[slot]);
    let mut ways = Vec::with_capacity(2);
    if has_red && count >= n {
        ways.push([red, plain]);
    }
    if count - u8::from(has_red) >= n {
        ways.push([plain, plain]);
    }
    ways
}

/// The kinds a caller may not discard right after its call (kuikae): the called kind, and
/// for a chi the kind at the other end of the sequence.
fn kuikae(called: Tile, meld: Meld) -> TileSet {
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
fn called_meld(action: KyokuAction, tile: TileCopy, tiles: &Concealed) -> Option<Meld> {
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

/// Whether a hand of these concealed tiles, minus `a` and `b`, keeps a kind it may discard.
fn keeps_a_discard(tiles: &Concealed, a: TileCopy, b: TileCopy, forbidden: TileSet) -> bool {
    let rest = tiles.without(a).without(b);
    rest.hand.kinds().bits() & !forbidden.bits() != 0
}

impl Kyoku {
    /// What `seat` may claim of `tile` offered by `from` (without `Pass`).
    pub(super) fn claim_options(
        &self,
        seat: Seat,
        from: Seat,
        tile: TileCopy,
        on: ClaimOn,
    ) -> Vec<KyokuAction> {
        let mut options = Vec::new();
        if seat == from {
            return options;
        }
        if self.ron_score(seat, tile, on).is_some() {
            options.push(KyokuAction::Ron);
        }
        let player = &self.players[seat.index()];
        if on != ClaimOn::Discard || self.live_tiles() == 0 || player.riichi.is_some() {
            return options;
        }
        let tiles = &player.tiles;
        let mut calls = Vec::with_capacity(4);
        for [a, b] in takes(tiles, tile.tile, 2) {
            calls.push((KyokuAction::Pon(a, b), a, b));
        }
        if from.next(MAX_SEATS) == seat && !tile.tile.is_honor() {
            let index = tile.tile.index();
            for (da, db) in [(-2i8, -1i8), (-1, 1), (1, 2)] {
                let near = |d: i8| {
                    Tile::from_index(index.checked_add_signed(d)?)
                        .filter(|t| t.suit() == tile.tile.suit())
                };
                let (Some(ta), Some(tb)) = (near(da), near(db)) else {
                    continue;
                };
                for [a, _] in takes(tiles, ta, 1) {
                    for [b, _] in takes(tiles, tb, 1) {
                        calls.push((KyokuAction::Chi(a, b), a, b));
                    }
                }
            }
        }
        let allowed = |&(action, a, b): &(KyokuAction, TileCopy, TileCopy)| {
            called_meld(action, tile, tiles)
                .is_some_and(|meld| keeps_a_discard(tiles, a, b, kuikae(tile.tile, meld)))
        };
        options.extend(calls.iter().filter(|c| allowed(c)).map(|c| c.0));
        if tiles.hand.count(tile.tile) == 3 && self.kans() < 4 {
            options.push(KyokuAction::OpenKan);
        }
        options
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
            answers,
            ..
        } = self.phase
        else {
            return;
        };
        // Every other seat answers, claim or not, so that no seat learns from the order of
        // play whether another could claim.
        let next = (1..MAX_SEATS)
            .map(|i| Seat::ALL[(from.index() + i) % MAX_SEATS])
            .find(|&s| answers[s.index()].is_none());
        match next {
            Some(asked) => {
                if let Phase::Claims {
                    asked: ref mut a, ..
                } = self.phase
                {
                    *a = asked;
                }
            }
            None => self.resolve(from, tile, on, answers, events),
        }
    }

    fn resolve(
        &mut self,
        from: Seat,
        tile: TileCopy,
        on: ClaimOn,
        answers: [Option<KyokuAction>; MAX_SEATS],
        events: &mut Vec<KyokuEvent>,
    ) {
        let order: Vec<Seat> = (1..MAX_SEATS)
            .map(|i| Seat::ALL[(from.index() + i) % MAX_SEATS])
            .collect();
        let rons: Vec<Seat> = order
            .iter()
            .copied()
            .filter(|s| answers[s.index()] == Some(KyokuAction::Ron))
            .collect();
        for &seat in &order {
            let player = &mut self.players[seat.index()];
            let passed = !rons.contains(&seat) && on != ClaimOn::ClosedKan;
            if passed && player.tiles.hand.waits().contains(tile.tile) {
                player.temporary_furiten = true;
                player.riichi_furiten |= player.riichi.is_some();
            }
        }
        if rons.len() >= 3 && self.rules.abortive_draws {
            return self.abort(AbortiveDraw::Sanchahou, events);
        }
        if !rons.is_empty() {
            let take = if self.rules.double_ron { rons.len() } else { 1 };
            let wins = rons
                .into_iter()
                .take(take)
                .filter_map(|seat| Some((seat, self.ron_score(seat, tile, on)?)))
                .collect();
            return self.settle_wins(wins, Some(from), events);
        }
        if on != ClaimOn::Discard {
            if on == ClaimOn::AddedKan {
                self.interrupt();
                self.pending_dora += 1;
            }
            return self.draw_rinshan(from, events);
        }
        if let Some(seat) = self.pending_riichi.take() {
            self.pay(Some(seat), None, 1_000, PaymentReason::RiichiStick, events);
            self.sticks = self.sticks.saturating_add(1);
            self.players[seat.index()].ippatsu = true;
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

    /// Makes `seat`'s chi, pon or open kan of `from`'s discard `tile`.
    fn call(
        &mut self,
        seat: Seat,
        from: Seat,
        tile: TileCopy,
        action: KyokuAction,
        events: &mut Vec<KyokuEvent>,
    ) {
        let Some(meld) = called_meld(action, tile, &self.players[seat.index()].tiles) else {
            return;
        };
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
            self.pending_dora += 1;
            return self.draw_rinshan(seat, events);
        }
        self.phase = Phase::Turn {
            seat,
            drawn: None,
            rinshan: false,
            kuikae: kuikae(tile.tile, meld),
        };
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
    /// it, furiten, no yaku; on a closed kan only kokushi may rob it.
    pub(super) fn ron_score(
        &self,
        seat: Seat,
        tile: TileCopy,
        on: ClaimOn,
    ) -> Option<crate::game::kyoku::settle::ScoredWin> {
        let player = &self.players[seat.index()];
        let waits = player.tiles.hand.waits();
        if !waits.contains(tile.tile) || (self.rules.furiten && player.is_furiten(waits)) {
            return None;
        }
        let last_tile = on == ClaimOn::Discard && self.live_tiles() == 0;
        let chankan = on == ClaimOn::AddedKan;
        let win = self.score_win(seat, tile, WinBy::Ron, false, chankan, last_tile)?;
        let kokushi = win.score.han_of(Yaku::Kokushi) > 0;
        (on != ClaimOn::ClosedKan || kokushi).then_some(win)
    }
}
