//! A hand as one seat follows it from what it is told (the state of an mjai client): its
//! own tiles known, the other seats' concealed tiles never.
//!
//! The hand is a [`Kyoku`] on a blank wall in which the other seats hold no concealed tile.
//! Each thing the seat is told goes through the same transitions as a played hand: a tile
//! another seat shows (a discard, the tiles of a call or kan) is put in its empty hand just
//! before the transition that takes it out again. So the observer's own actions are checked
//! and its legal actions made by the rules' own code, and its furiten, ippatsu, first
//! go-around, kan count and live tiles follow the table. Nothing here draws from the wall:
//! a draw is what a `tsumo` says, and a kan dora is what a `dora` says.

use crate::game::kyoku::player::Concealed;
use crate::game::kyoku::{ClaimOn, Kyoku, KyokuAction, KyokuError, KyokuStart, Phase, TileWall};
use crate::game::rules::{Rules, RulesError};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::score::TileCopy;
use crate::hand::tile::NORTH;
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// Dealt tiles per seat.
const DEALT: usize = 13;

/// Why a transition the seat was told cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unfollowable {
    /// The table is not where the transition can happen (another seat's turn, no discard
    /// offered, the hand over).
    OutOfTurn,
    /// The observer's own action, refused by the rules.
    Refused(KyokuError),
}

impl From<KyokuError> for Unfollowable {
    fn from(error: KyokuError) -> Unfollowable {
        Unfollowable::Refused(error)
    }
}

impl Kyoku {
    /// A hand as `observer` sees it dealt: its 13 `tiles`, the first dora `indicator`, and
    /// the dealer about to draw; at four seats, or three (sanma: a blank wall of 108 tiles,
    /// 39 of them dealt).
    ///
    /// # Errors
    /// As [`Kyoku::from_wall`]: [`RulesError::FullGameSeats`] unless `rules.seats` is 4 or
    /// 3, and at three seats [`RulesError::Dealer`], [`RulesError::RoundWind`] or
    /// [`RulesError::EmptySeatPoints`] for a table that is not a three-player one.
    pub(crate) fn observed(
        rules: Rules,
        start: KyokuStart,
        observer: Seat,
        tiles: &[TileCopy; DEALT],
        indicator: TileCopy,
    ) -> Result<Kyoku, RulesError> {
        let mut wall = TileWall::blank(rules.seats == 3);
        wall.set_dora_indicator(0, indicator);
        let mut kyoku = Kyoku::undealt(rules, start, wall)?;
        kyoku.taken = DEALT * rules.seats;
        let player = &mut kyoku.players[observer.index()];
        tiles.iter().for_each(|&tile| player.tiles.add(tile));
        player.refresh();
        kyoku.await_draw(start.dealer);
        Ok(kyoku)
    }

    /// The seat that draws next, while the hand waits for a draw: after the deal, a kan,
    /// a kita, or a discard (once its claims are settled).
    pub(crate) fn next_drawer(&self) -> Option<Seat> {
        match self.phase {
            Phase::Claims {
                from,
                on: ClaimOn::Discard,
                ..
            } => Some(self.next_seat(from)),
            Phase::Claims { from, .. } => Some(from),
            _ => None,
        }
    }

    /// The seat whose discard or kan is offered to the others now.
    pub(crate) fn offered_by(&self) -> Option<Seat> {
        match self.phase {
            Phase::Claims { from, .. } => Some(from),
            _ => None,
        }
    }

    /// `seat` draws (`tile`: `None` when the observer may not see it), from the dead wall
    /// when a kan or a kita is waiting for its replacement tile. The claims on the last
    /// discard, kan or kita are settled first: nobody claimed.
    pub(crate) fn observe_draw(
        &mut self,
        seat: Seat,
        tile: Option<TileCopy>,
    ) -> Result<(), Unfollowable> {
        if self.next_drawer() != Some(seat) {
            return Err(Unfollowable::OutOfTurn);
        }
        self.settle_passes(None);
        let kitas: usize = self.players.iter().map(|p| usize::from(p.kita)).sum();
        let rinshan = self.rinshan < self.kans + kitas;
        if rinshan {
            self.rinshan += 1;
        } else {
            self.taken += 1;
        }
        match tile {
            Some(tile) => self.take(seat, tile, rinshan, &mut Vec::new()),
            None => {
                self.phase = Phase::Turn {
                    seat,
                    drawn: Some(TileCopy::plain(Tile::ALL[0])),
                    rinshan,
                    kuikae: TileSet::EMPTY,
                }
            }
        }
        self.refresh_legal();
        Ok(())
    }

    /// `seat` discards `tile` (`riichi`: its riichi discard); the observer is asked about
    /// its claims on it.
    pub(crate) fn observe_discard(
        &mut self,
        observer: Seat,
        seat: Seat,
        tile: TileCopy,
        tsumogiri: bool,
        riichi: bool,
    ) -> Result<(), Unfollowable> {
        let action = match (tsumogiri, riichi) {
            (true, false) => KyokuAction::Tsumogiri,
            (true, true) => KyokuAction::RiichiTsumogiri,
            (false, false) => KyokuAction::Discard(tile),
            (false, true) => KyokuAction::Riichi(tile),
        };
        self.observe_turn(observer, seat, action, &[tile])
    }

    /// `seat` declares a closed kan of `tiles` (its four copies); the observer is asked
    /// whether it robs it (kokushi).
    pub(crate) fn observe_closed_kan(
        &mut self,
        observer: Seat,
        seat: Seat,
        tiles: &[TileCopy],
    ) -> Result<(), Unfollowable> {
        let kind = tiles.first().ok_or(Unfollowable::OutOfTurn)?.tile;
        self.observe_turn(observer, seat, KyokuAction::ClosedKan(kind), tiles)
    }

    /// `seat` adds `tile` to its pon; the observer is asked whether it robs it (chankan).
    pub(crate) fn observe_added_kan(
        &mut self,
        observer: Seat,
        seat: Seat,
        tile: TileCopy,
    ) -> Result<(), Unfollowable> {
        self.observe_turn(observer, seat, KyokuAction::AddedKan(tile.tile), &[tile])
    }

    /// `seat` sets a North aside (kita, three-player riichi): the observer is asked
    /// whether it rons the North (under [`Rules::kita_ron`]), then `seat` draws its
    /// replacement tile, which the next `tsumo` tells. Checked by the rules for the
    /// observer; for another seat, taken as told at a three-player table during its turn.
    pub(crate) fn observe_kita(&mut self, observer: Seat, seat: Seat) -> Result<(), Unfollowable> {
        if !matches!(self.phase, Phase::Turn { .. }) || self.to_move() != Some(seat) {
            return Err(Unfollowable::OutOfTurn);
        }
        if seat == observer && !self.legal().contains(&KyokuAction::Kita) {
            let reason = self.refusal(KyokuAction::Kita);
            let action = KyokuAction::Kita;
            return Err(KyokuError::NotAllowed { action, reason }.into());
        }
        if self.rules.seats != 3 {
            return Err(Unfollowable::OutOfTurn);
        }
        if seat != observer {
            self.players[seat.index()].tiles.add(TileCopy::plain(NORTH));
        }
        let north = self.set_north_aside(seat, &mut Vec::new());
        self.forget_unless(observer, seat);
        if self.rules.kita_ron {
            self.open_claims(seat, north, ClaimOn::Kita, &mut Vec::new());
            self.ask(observer);
        } else {
            self.interrupt();
            self.await_draw(seat);
        }
        Ok(())
    }

    /// A turn's action of `seat` that shows `shown` from its hand: checked by the rules
    /// for the observer, taken as told for another seat. Then the observer is the seat
    /// asked about the claims.
    fn observe_turn(
        &mut self,
        observer: Seat,
        seat: Seat,
        action: KyokuAction,
        shown: &[TileCopy],
    ) -> Result<(), Unfollowable> {
        let Phase::Turn { drawn, rinshan, .. } = self.phase else {
            return Err(Unfollowable::OutOfTurn);
        };
        if self.to_move() != Some(seat) {
            return Err(Unfollowable::OutOfTurn);
        }
        if seat == observer && !self.legal().contains(&action) {
            let reason = self.refusal(action);
            return Err(KyokuError::NotAllowed { action, reason }.into());
        }
        let indicators = self.indicators;
        if seat != observer {
            let player = &mut self.players[seat.index()];
            shown.iter().for_each(|&tile| player.tiles.add(tile));
        }
        // Another seat's tsumogiri shows the tile it drew.
        let drawn = match action {
            KyokuAction::Tsumogiri | KyokuAction::RiichiTsumogiri if seat != observer => {
                shown.first().copied()
            }
            _ => drawn,
        };
        // A closed kan no seat may rob waits for its replacement tile, which the next
        // `tsumo` tells.
        let awaits_draw = match action {
            KyokuAction::ClosedKan(tile) => {
                self.make_closed_kan(seat, tile, &mut Vec::new());
                let robs = self.rules.kokushi_robs_closed_kan;
                if robs {
                    let tile = TileCopy::plain(tile);
                    self.open_claims(seat, tile, ClaimOn::ClosedKan, &mut Vec::new());
                }
                !robs
            }
            _ => {
                self.play_turn(seat, drawn, rinshan, action, &mut Vec::new());
                false
            }
        };
        self.forget_unless(observer, seat);
        // Kan dora are turned by `dora` lines, never from the blank wall.
        self.indicators = indicators;
        self.pending_dora = 0;
        if awaits_draw {
            self.await_draw(seat);
        } else {
            self.ask(observer);
        }
        Ok(())
    }

    /// `seat` calls `tile` discarded by `from` (`action`: its chi, pon or open kan, of
    /// `consumed` from its hand). The other seats let the tile pass.
    pub(crate) fn observe_call(
        &mut self,
        observer: Seat,
        seat: Seat,
        from: Seat,
        action: KyokuAction,
        consumed: &[TileCopy],
    ) -> Result<(), Unfollowable> {
        let Phase::Claims {
            from: discarder,
            tile,
            on: ClaimOn::Discard,
            ..
        } = self.phase
        else {
            return Err(Unfollowable::OutOfTurn);
        };
        if discarder != from || seat == from {
            return Err(Unfollowable::OutOfTurn);
        }
        if seat == observer && !self.legal().contains(&action) {
            let reason = self.refusal(action);
            return Err(KyokuError::NotAllowed { action, reason }.into());
        }
        self.settle_passes(Some(seat));
        if seat != observer {
            let player = &mut self.players[seat.index()];
            consumed.iter().for_each(|&tile| player.tiles.add(tile));
        }
        let kind = self.make_call(seat, from, tile, action, &mut Vec::new());
        if seat != observer {
            self.forget(seat);
        }
        self.pending_dora = 0;
        if kind.is_some_and(|kind| kind.is_kan()) {
            self.await_draw(seat);
        } else {
            self.refresh_legal();
        }
        Ok(())
    }

    /// A new dora indicator is turned: `tile`.
    pub(crate) fn observe_dora(&mut self, tile: TileCopy) {
        self.wall.set_dora_indicator(self.indicators, tile);
        self.indicators = (self.indicators + 1).min(crate::game::kyoku::MAX_INDICATORS);
    }

    /// `seat`'s riichi discard has passed: its stick goes on the table (once; a repeated
    /// line changes nothing).
    pub(crate) fn observe_riichi_accepted(&mut self, seat: Seat) {
        if self.pending_riichi == Some(seat) {
            self.accept_riichi(&mut Vec::new());
        }
    }

    /// The hand has ended (a win or a draw, as told): nobody acts any more.
    pub(crate) fn observe_end(&mut self) {
        self.phase = Phase::Over;
        self.legal.clear();
    }

    /// Whether the hand has ended as told ([`Kyoku::observe_end`]).
    pub(crate) fn observed_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The claims on the discard, kan or kita now offered are settled without a ron: every
    /// seat at the table but `caller` (and the discarder) lets the tile pass, a riichi
    /// discard's stick is paid, and a passed added kan or kita breaks the first go-around
    /// (as [`Kyoku::after_kita`] does in a played hand).
    fn settle_passes(&mut self, caller: Option<Seat>) {
        let Phase::Claims { from, tile, on, .. } = self.phase else {
            return;
        };
        for seat in self.seats() {
            if seat != from && Some(seat) != caller {
                self.pass_claim(seat, tile, on);
            }
        }
        if on == ClaimOn::Discard {
            self.accept_riichi(&mut Vec::new());
        }
        if matches!(on, ClaimOn::AddedKan | ClaimOn::Kita) {
            self.interrupt();
        }
    }

    /// Makes the observer the seat answering the claims just opened (when it is not the
    /// seat that opened them), and its legal actions up to date.
    fn ask(&mut self, observer: Seat) {
        if let Phase::Claims {
            from,
            ref mut asked,
            ..
        } = self.phase
            && from != observer
        {
            *asked = observer;
        }
        self.refresh_legal();
    }

    /// The hand waits for `seat` to draw: a settled offer of nothing, from `seat`.
    fn await_draw(&mut self, seat: Seat) {
        self.phase = Phase::Claims {
            from: seat,
            tile: TileCopy::plain(Tile::ALL[0]),
            on: ClaimOn::ClosedKan,
            asked: seat,
            answers: [None; MAX_SEATS],
        };
        self.legal.clear();
    }

    /// [`Kyoku::forget`] `seat` unless it is the observer.
    fn forget_unless(&mut self, observer: Seat, seat: Seat) {
        if seat != observer {
            self.forget(seat);
        }
    }

    /// Forgets what another seat's transition left of its concealed tiles: none are
    /// known, so it waits on nothing and is never complete.
    fn forget(&mut self, seat: Seat) {
        let player = &mut self.players[seat.index()];
        player.tiles = Concealed::default();
        player.waits = TileSet::EMPTY;
        player.shanten = i8::MAX;
    }
}
