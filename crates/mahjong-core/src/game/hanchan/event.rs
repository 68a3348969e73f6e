//! What happened in a match, in order ([spec](crate::spec) section 4, "The match"), and
//! what one seat may know of it ([`MatchEvent::seen_by`]).

use std::fmt;

use crate::game::hanchan::result::MatchResult;
use crate::game::kyoku::KyokuEvent;
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::score::Wind;

/// One thing that happened in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MatchEvent {
    /// A hand was dealt: which one (`East 1`: `round_wind` and `number`), who deals and
    /// the table it starts from.
    HandStarted {
        /// The round wind.
        round_wind: Wind,
        /// The hand of the round, 1 to 4 (the same on renchan).
        number: u8,
        /// The dealer (East).
        dealer: Seat,
        /// Honba counters: 300 points each on a win.
        honba: u32,
        /// Riichi sticks left on the table by earlier hands, 1,000 points each.
        riichi_sticks: u32,
        /// Each seat's points, by seat index.
        points: [i32; MAX_SEATS],
    },
    /// An event of the hand being played, its end and payments included.
    Kyoku(KyokuEvent),
    /// The match ended.
    MatchEnded(MatchResult),
}

impl MatchEvent {
    /// What `seat` may know of this event: a hand's event as [`KyokuEvent::seen_by`] says;
    /// the start of a hand and the end of the match are public.
    pub fn seen_by(&self, seat: Seat) -> MatchEvent {
        match self {
            MatchEvent::Kyoku(event) => MatchEvent::Kyoku(event.seen_by(seat)),
            _ => self.clone(),
        }
    }
}

impl fmt::Display for MatchEvent {
    /// One line: `East 1, 0 honba, 0 riichi sticks, seat 0 deals: 25000 25000 25000 25000`
    /// (`1 riichi stick` for one; honba is the same in the plural), a hand's event as
    /// [`KyokuEvent`] writes it, and the result as [`MatchResult`] does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchEvent::HandStarted {
                round_wind,
                number,
                dealer,
                honba,
                riichi_sticks,
                points,
            } => {
                let sticks = if *riichi_sticks == 1 {
                    "stick"
                } else {
                    "sticks"
                };
                write!(
                    f,
                    "{} {number}, {honba} honba, {riichi_sticks} riichi {sticks}, \
                     {dealer} deals:",
                    round_wind.name()
                )?;
                points.iter().try_for_each(|p| write!(f, " {p}"))
            }
            MatchEvent::Kyoku(event) => event.fmt(f),
            MatchEvent::MatchEnded(result) => result.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start of East 2 with `riichi_sticks` on the table, as a line.
    fn hand_started(riichi_sticks: u32) -> String {
        let event = MatchEvent::HandStarted {
            round_wind: Wind::East,
            number: 2,
            dealer: Seat::ALL[1],
            honba: 1,
            riichi_sticks,
            points: [25_000, 24_000, 26_000, 25_000],
        };
        event.to_string()
    }

    #[test]
    fn one_riichi_stick_is_singular() {
        let line = |sticks: &str| {
            format!("East 2, 1 honba, {sticks}, seat 1 deals: 25000 24000 26000 25000")
        };
        assert_eq!(hand_started(0), line("0 riichi sticks"));
        assert_eq!(hand_started(1), line("1 riichi stick"));
        assert_eq!(hand_started(2), line("2 riichi sticks"));
    }
}
