//! The match ([spec](crate::spec) section 4, "The match"): hands of the full game played
//! one after another, a hanchan (East and South) or a tonpuusen (East only), with renchan,
//! honba, riichi sticks carried to the next win, tobi, sudden death, agari-yame and
//! tenpai-yame, and the final ranking with uma and oka. (The module is not named `match`, a
//! Rust keyword.)

mod chombo;
mod event;
mod result;
mod rules;
mod table;

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;

pub use chombo::chombo_deltas;
#[cfg(feature = "mjai")]
pub(crate) use chombo::chombo_deltas_at;
pub use event::MatchEvent;
pub use result::{MatchEnd, MatchResult};
pub use rules::{MatchLength, MatchRules, Ties};

use thiserror::Error;

use crate::game::kyoku::{Kyoku, KyokuAction, KyokuError, KyokuEvent, KyokuView, TileWall};
use crate::game::rules::{Rules, RulesError};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::score::Wind;
use table::{Next, Table};

/// An action a match refused; the match is then unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The match has ended.
    #[error("the match is over")]
    Over,
    /// No hand is being played: the next one needs its wall ([`Match::deal`]).
    #[error("no hand is being played: deal the next hand's wall first")]
    NeedsWall,
    /// A hand is being played: its actions come before the next wall.
    #[error("a hand is being played: the next wall comes after it ends")]
    HandInPlay,
    /// The rules cannot deal a hand of the full game.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The hand refused the action.
    #[error(transparent)]
    Kyoku(#[from] KyokuError),
}

/// A match of the full game ([spec](crate::spec) section 4, "The match"): hands
/// ([`Kyoku`]) dealt from walls given one at a time ([`Match::deal`]: the shuffle stays
/// outside, so every match is reproducible), then played action by action
/// ([`Match::apply`]) until the match ends ([`Match::result`]).
///
/// Seat 0 deals first. Between hands, [`Match::needs_wall`] is true and the accessors of the
/// hand's place (round wind, number, dealer, honba) tell the next hand.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Match {
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::full_game_rules")
    )]
    rules: Rules,
    table: Table,
    /// Hands dealt.
    hands: u32,
    /// The hand being played, or the last one played.
    kyoku: Option<Kyoku>,
    result: Option<MatchResult>,
    /// The hand's events of one action on their way into match events: empty between
    /// actions, kept for its allocation.
    scratch: Vec<KyokuEvent>,
}

impl Match {
    /// A match of `rules` (its `match_rules` say how long and how it ends), waiting for the
    /// first hand's wall; every seat has `match_rules.start_points`.
    ///
    /// # Errors
    /// [`RulesError::FullGameSeats`] unless `rules.seats` is 4 or 3 (sanma: East 1 to
    /// South 3, the seat not at the table, seat 3, at 0 points throughout).
    pub fn new(rules: Rules) -> Result<Match, RulesError> {
        crate::game::kyoku::check_seats(&rules)?;
        Ok(Match {
            rules,
            table: Table::first(&rules.match_rules, rules.seats),
            hands: 0,
            kyoku: None,
            result: None,
            scratch: Vec::new(),
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether the match waits for the next hand's wall: no hand is being played and the
    /// match is not over.
    pub fn needs_wall(&self) -> bool {
        self.result.is_none() && self.kyoku.as_ref().is_none_or(Kyoku::is_over)
    }

    /// Deals the next hand on `wall` (spec section 4's deal) and returns its
    /// [`MatchEvent::HandStarted`].
    ///
    /// # Errors
    /// [`MatchError::Over`] once the match has ended; [`MatchError::HandInPlay`] while a hand
    /// is being played; [`MatchError::Rules`] when the wall is not the size of the table's
    /// ([`RulesError::WallSize`]: 136 tiles for four seats, 108 for three), has red fives
    /// and the rules none or the other way round ([`RulesError::RedFives`]), or the rules
    /// cannot deal a hand of the full game (not for a match made by [`Match::new`], which checks them). The
    /// match is then unchanged.
    pub fn deal(&mut self, wall: TileWall) -> Result<Vec<MatchEvent>, MatchError> {
        if self.result.is_some() {
            return Err(MatchError::Over);
        }
        if !self.needs_wall() {
            return Err(MatchError::HandInPlay);
        }
        let start = self.table.start();
        let kyoku = Kyoku::from_wall(self.rules, start, wall)?;
        self.kyoku = Some(kyoku);
        self.hands = self.hands.saturating_add(1);
        Ok(vec![MatchEvent::HandStarted {
            round_wind: start.round_wind,
            number: self.hand_number(),
            dealer: start.dealer,
            honba: start.honba,
            riichi_sticks: start.riichi_sticks,
            points: start.points,
        }])
    }

    /// The hand being played, or the last one played (with its outcome); `None` before the
    /// first deal.
    pub fn kyoku(&self) -> Option<&Kyoku> {
        self.kyoku.as_ref()
    }

    /// The hand being played, while it is.
    fn kyoku_in_play(&self) -> Option<&Kyoku> {
        self.kyoku.as_ref().filter(|kyoku| !kyoku.is_over())
    }

    /// The seat to act in the hand being played; `None` between hands and once the match
    /// is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.kyoku_in_play().and_then(Kyoku::to_move)
    }

    /// Every action the seat to move may take ([`Kyoku::legal_actions`]); empty between
    /// hands (the match then needs a wall) and once the match is over.
    pub fn legal_actions(&self) -> Vec<KyokuAction> {
        self.kyoku_in_play()
            .map(Kyoku::legal_actions)
            .unwrap_or_default()
    }

    /// Plays `action` in the hand being played and returns what happened, in order: the
    /// hand's events, and [`MatchEvent::MatchEnded`] when the hand ended the match.
    ///
    /// # Errors
    /// [`MatchError::Over`] once the match has ended; [`MatchError::NeedsWall`] between
    /// hands; [`MatchError::Kyoku`] when the hand refuses the action. The match is then
    /// unchanged.
    pub fn apply(&mut self, action: KyokuAction) -> Result<Vec<MatchEvent>, MatchError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// As [`Match::apply`], appending the events to `events` instead of returning a new
    /// `Vec`: a driver that keeps one buffer allocates nothing per action.
    ///
    /// # Errors
    /// As [`Match::apply`]; `events` is then unchanged too.
    pub fn apply_into(
        &mut self,
        action: KyokuAction,
        events: &mut Vec<MatchEvent>,
    ) -> Result<(), MatchError> {
        if self.result.is_some() {
            return Err(MatchError::Over);
        }
        let kyoku = match self.kyoku.as_mut() {
            Some(kyoku) if !kyoku.is_over() => kyoku,
            _ => return Err(MatchError::NeedsWall),
        };
        self.scratch.clear();
        kyoku.apply_into(action, &mut self.scratch)?;
        // Most answers to a claim end with no event: nothing to move then.
        if !self.scratch.is_empty() {
            events.extend(self.scratch.drain(..).map(MatchEvent::Kyoku));
        }
        if let Some(outcome) = kyoku.outcome() {
            let next = self.table.after(&self.rules.match_rules, outcome);
            self.table.points = outcome.points;
            self.table.sticks = outcome.riichi_sticks;
            match next {
                Next::Hand(table) => self.table = table,
                Next::End(end) => events.push(self.end(end)),
            }
        }
        Ok(())
    }

    /// The match after `action`, leaving this one as it is.
    ///
    /// # Errors
    /// As [`Match::apply`].
    pub fn after(&self, action: KyokuAction) -> Result<Match, MatchError> {
        let mut next = self.clone();
        next.apply(action)?;
        Ok(next)
    }

    /// Ends the match: the leftover sticks go to first place.
    fn end(&mut self, end: MatchEnd) -> MatchEvent {
        let table = &mut self.table;
        let result = MatchResult::new(
            &self.rules.match_rules,
            self.rules.seats,
            end,
            self.hands,
            table.points,
            table.sticks,
        );
        table.points = result.points;
        table.sticks = 0;
        self.result = Some(result);
        MatchEvent::MatchEnded(result)
    }

    /// What `seat` may know of the hand being played (or the last one played, with its
    /// outcome); `None` before the first deal.
    pub fn view(&self, seat: Seat) -> Option<KyokuView> {
        self.kyoku.as_ref().map(|kyoku| kyoku.view(seat))
    }

    /// The round wind of the hand being played, or of the next one between hands.
    pub fn round_wind(&self) -> Wind {
        self.table.round_wind()
    }

    /// The hand's number in its round, 1 to 4 (1 to 3 in sanma; `East 1` is 1), of the hand
    /// being played or of the next one between hands; the same on renchan.
    pub fn hand_number(&self) -> u8 {
        self.table.number % self.table.seats + 1
    }

    /// The dealer of the hand being played, or of the next one between hands.
    pub fn dealer(&self) -> Seat {
        self.table.dealer()
    }

    /// Honba counters of the hand being played, or of the next one between hands.
    pub fn honba(&self) -> u32 {
        self.table.honba
    }

    /// Riichi sticks on the table now (0 once the match is over: the leftover went to first
    /// place).
    pub fn riichi_sticks(&self) -> u32 {
        match self.kyoku_in_play() {
            Some(kyoku) => kyoku.riichi_sticks(),
            None => self.table.sticks,
        }
    }

    /// Each seat's points now, by seat index (the final points once the match is over).
    pub fn points(&self) -> [i32; MAX_SEATS] {
        match self.kyoku_in_play() {
            Some(kyoku) => kyoku.points(),
            None => self.table.points,
        }
    }

    /// The hands dealt so far, renchan and draws included.
    pub fn hands(&self) -> u32 {
        self.hands
    }

    /// Whether the match has ended.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// How the match ended, once it has.
    pub fn result(&self) -> Option<&MatchResult> {
        self.result.as_ref()
    }
}
