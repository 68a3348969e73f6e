//! What happens in a match: events, showdown faces, and the outcome.

use std::fmt;

use crate::action::Side;
use crate::notation::{chips, hands};
use crate::seat::Seat;

/// Where a match's transitions put their events: a list, or nowhere ([`Discard`]).
pub(crate) trait EventSink {
    /// Records `event`, the next in order.
    fn record(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    fn record(&mut self, event: Event) {
        self.push(event);
    }
}

/// Drops every event (for [`Match::apply_quiet`](crate::Match::apply_quiet)).
pub(crate) struct Discard;

impl EventSink for Discard {
    fn record(&mut self, _: Event) {}
}

/// What one player shows at a showdown: its side and the faces it stakes on (rules 2.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shown {
    /// The side declared.
    pub side: Side,
    /// The front (public since the deal).
    pub front: u8,
    /// The back, shown when the side is `Back` or `Both`; `None` for `Front` (it stays
    /// hidden).
    pub back: Option<u8>,
}

impl Shown {
    /// The number this side competes with: the front, the back, or for `Both` the lower of
    /// the two (the one that has to win for both to win). A `Back` or `Both` without its
    /// back (which no showdown makes) counts its front.
    pub fn value(&self) -> u8 {
        let back = self.back.unwrap_or(self.front);
        match self.side {
            Side::Front => self.front,
            Side::Back => back,
            Side::Both => self.front.min(back),
        }
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.side, self.back) {
            (Side::Front, _) | (_, None) => write!(f, "front {}", self.front),
            (Side::Back, Some(back)) => write!(f, "back {back}"),
            (Side::Both, Some(back)) => write!(f, "both sides {}/{back}", self.front),
        }
    }
}

/// Why a showdown went the way it did, in words without names (rules 2.9): `9 beats 8`,
/// `5 and 5 tie`, `both 7 and 9 beat 5`, or `a both-sides bet needs both 7 and 3 to beat
/// 5`. [`Event::Showdown`] displays it; a program that names the players its own way shows
/// it after its own names.
///
/// ```
/// use twosided_poker::{ShowdownReason, Shown, Side};
///
/// let both = Shown { side: Side::Both, front: 7, back: Some(3) };
/// let front = Shown { side: Side::Front, front: 5, back: None };
/// assert_eq!(
///     ShowdownReason([both, front]).to_string(),
///     "a both-sides bet needs both 7 and 3 to beat 5"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShowdownReason(pub [Shown; 2]);

impl fmt::Display for ShowdownReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [one, two] = self.0;
        let (both, other) = match (one.side, two.side) {
            (Side::Both, _) => (one, two),
            (_, Side::Both) => (two, one),
            _ => {
                let (high, low) = (one.value().max(two.value()), one.value().min(two.value()));
                return if high == low {
                    write!(f, "{high} and {low} tie")
                } else {
                    write!(f, "{high} beats {low}")
                };
            }
        };
        let (front, back, against) = (both.front, both.back.unwrap_or(both.front), other.value());
        if both.value() > against {
            write!(f, "both {front} and {back} beat {against}")
        } else {
            write!(
                f,
                "a both-sides bet needs both {front} and {back} to beat {against}"
            )
        }
    }
}

/// Something that happened, in the order it happened. Events hold only public information
/// (a deal shows the fronts, a fold no back, a showdown only the staked faces), so both
/// players may see all of them: [`Event::seen_by`] is each seat's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Event {
    /// Fewer than 2 cards were left: deck number `deck` (from 1) was shuffled in (rules 2.1).
    Reshuffle {
        /// The new deck's number.
        deck: u32,
    },
    /// Hand number `hand` (from 1) was dealt; `first` acts first (rules 2.2, 2.4).
    Deal {
        /// The hand's number.
        hand: u32,
        /// Who acts first.
        first: Seat,
        /// The fronts of the two cards, indexed by [`Seat::index`].
        fronts: [u8; 2],
    },
    /// The antes went into the pot (rules 2.3); a player short of chips pays what it has.
    Ante {
        /// The chips each seat paid, indexed by [`Seat::index`].
        paid: [u32; 2],
    },
    /// `seat` declared its side with its first betting action (rules 2.5).
    Declare {
        /// Who declared.
        seat: Seat,
        /// The side.
        side: Side,
    },
    /// `seat` opened the betting at `level`, paying `paid` chips.
    Bet {
        /// Who bet.
        seat: Seat,
        /// Its level: chips per staked face this hand.
        level: u32,
        /// The chips it put in (double the level for both sides).
        paid: u32,
    },
    /// `seat` raised to `level`, paying `paid` chips.
    Raise {
        /// Who raised.
        seat: Seat,
        /// Its new level.
        level: u32,
        /// The chips it put in.
        paid: u32,
    },
    /// `seat` called at `level`, paying `paid` chips; betting is over.
    Call {
        /// Who called.
        seat: Seat,
        /// The level matched.
        level: u32,
        /// The chips it put in.
        paid: u32,
    },
    /// `seat` folded; the backs stay hidden.
    Fold {
        /// Who folded.
        seat: Seat,
    },
    /// The chosen faces were shown (rules 2.9); `winner` is `None` for a tie.
    Showdown {
        /// What each seat showed, indexed by [`Seat::index`].
        shown: [Shown; 2],
        /// Who won the hand, if anyone.
        winner: Option<Seat>,
    },
    /// A tie: the pot stays on the table and goes to the next hand's winner (rules 2.9).
    Tie {
        /// The chips now carried over, this pot included.
        carry_over: u32,
    },
    /// `seat` won the hand and took `chips`: the pot and any carry-over.
    Win {
        /// The hand's winner.
        seat: Seat,
        /// The chips taken.
        chips: u32,
    },
    /// `seat` won on both sides (or its opponent folded to its both-sides bet) and took
    /// `chips` extra from the opponent: the bonus, or all the opponent had if less (rules
    /// 2.9).
    BothBonus {
        /// The both-sides bettor.
        seat: Seat,
        /// The chips taken.
        chips: u32,
    },
    /// `seat` bet both sides and lost the hand (at the showdown or by folding), and paid
    /// `chips` to its opponent: [`Rules::both_penalty`](crate::Rules::both_penalty), or all
    /// it had if less. Only under rules that charge it.
    BothPenalty {
        /// The both-sides bettor who lost.
        seat: Seat,
        /// The chips paid.
        chips: u32,
    },
    /// The match is over.
    MatchOver {
        /// How it ended.
        outcome: Outcome,
    },
}

impl Event {
    /// What `seat` may know of this event, the per-seat form that every crate of the
    /// workspace gives: in two-sided poker every event is public (see [`Event`]), so it is
    /// the event itself. A program that shows each player its events calls it all the same,
    /// so that it stays right if an event ever carries hidden information.
    pub fn seen_by(self, seat: Seat) -> Event {
        let _public_to = seat;
        self
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Reshuffle { deck } => write!(f, "a fresh deck is shuffled (deck {deck})"),
            Event::Deal {
                hand,
                first,
                fronts,
            } => write!(
                f,
                "hand {hand}: fronts {} (player one) and {} (player two); {first} acts first",
                fronts[0], fronts[1]
            ),
            Event::Ante { paid } => write!(f, "antes: {} and {}", paid[0], paid[1]),
            Event::Declare { seat, side } => write!(f, "{seat} declares {side}"),
            Event::Bet { seat, level, paid } => {
                write!(f, "{seat} bets level {level} ({})", chips(*paid))
            }
            Event::Raise { seat, level, paid } => {
                write!(f, "{seat} raises to level {level} ({})", chips(*paid))
            }
            Event::Call { seat, level, paid } => {
                write!(f, "{seat} calls level {level} ({})", chips(*paid))
            }
            Event::Fold { seat } => write!(f, "{seat} folds"),
            Event::Showdown { shown, winner } => {
                write!(
                    f,
                    "showdown: {} shows {}, {} shows {}; {}",
                    Seat::One,
                    shown[0],
                    Seat::Two,
                    shown[1],
                    ShowdownReason(*shown)
                )?;
                match winner {
                    Some(seat) => write!(f, ": {seat} wins"),
                    None => f.write_str(": a tie"),
                }
            }
            Event::Tie { carry_over } => {
                write!(f, "the pot carries over ({} in all)", chips(*carry_over))
            }
            Event::Win { seat, chips: n } => write!(f, "{seat} takes {}", chips(*n)),
            Event::BothBonus { seat, chips: n } => {
                write!(f, "{seat} takes a both-sides bonus of {}", chips(*n))
            }
            Event::BothPenalty { seat, chips: n } => {
                write!(f, "{seat} pays a both-sides penalty of {}", chips(*n))
            }
            Event::MatchOver { outcome } => write!(f, "{outcome}"),
        }
    }
}

/// Why a match ended (rules section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum EndReason {
    /// A player had no chips at the start of a hand, with no carry-over left to play for.
    OutOfChips,
    /// The hand limit of [`Rules::max_hands`](crate::Rules::max_hands) was reached.
    HandLimit,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` when both have as many chips at the hand limit.
    pub winner: Option<Seat>,
    /// Why it ended.
    pub reason: EndReason,
    /// Each seat's chips at the end, indexed by [`Seat::index`] (a carry-over left at the
    /// hand limit goes back to the players who put it in).
    pub chips: [u32; 2],
    /// The number of hands played.
    pub hands: u32,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [one, two] = self.chips;
        match (self.winner, self.reason) {
            (Some(seat), EndReason::OutOfChips) => write!(
                f,
                "{seat} wins the match: {} is out of chips after {}",
                seat.opponent(),
                hands(self.hands)
            ),
            (Some(seat), _) => write!(
                f,
                "{seat} wins the match on chips, {one} to {two}, after {}",
                hands(self.hands)
            ),
            (None, _) => write!(
                f,
                "the match is drawn, {one} to {two}, after {}",
                hands(self.hands)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_one_are_singular() {
        let outcome = Outcome {
            winner: Some(Seat::One),
            reason: EndReason::HandLimit,
            chips: [31, 29],
            hands: 1,
        };
        assert_eq!(
            outcome.to_string(),
            "player one wins the match on chips, 31 to 29, after 1 hand"
        );
        let call = Event::Call {
            seat: Seat::Two,
            level: 1,
            paid: 1,
        };
        assert_eq!(call.to_string(), "player two calls level 1 (1 chip)");
        let win = Event::Win {
            seat: Seat::Two,
            chips: 4,
        };
        assert_eq!(win.to_string(), "player two takes 4 chips");
    }
}
