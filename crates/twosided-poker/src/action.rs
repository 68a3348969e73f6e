//! Sides and betting actions, with their notation (rules 2.5-2.7).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, Face};
use crate::notation::{NumberError, number};

/// What a player stakes on, declared with its first betting action of a hand and fixed for
/// the rest of it (rules 2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The front of its card (public).
    Front,
    /// The back of its card (hidden from the opponent until the showdown).
    Back,
    /// Both faces: wins only if both beat the opponent's chosen face; every level costs
    /// double; a win takes the both-sides bonus (rules 2.7 and 2.9).
    Both,
}

impl Side {
    /// The three sides: `Front`, `Back`, `Both`.
    pub const ALL: [Side; 3] = [Side::Front, Side::Back, Side::Both];

    /// Chips per level: 2 for `Both` (one stake on each face), 1 otherwise (rules 2.7).
    pub const fn multiplier(self) -> u32 {
        match self {
            Side::Both => 2,
            Side::Front | Side::Back => 1,
        }
    }

    /// The single face staked on, or `None` for `Both`.
    pub const fn face(self) -> Option<Face> {
        match self {
            Side::Front => Some(Face::Front),
            Side::Back => Some(Face::Back),
            Side::Both => None,
        }
    }

    /// The number a single side shows at a showdown for `card`; for `Both`, the lower of its
    /// two numbers (the one that has to win for both to win).
    pub const fn value(self, card: Card) -> u8 {
        match self.face() {
            Some(face) => card.face(face),
            None => card.low(),
        }
    }

    /// The side's name as [`FromStr`] takes it: `front`, `back`, `both`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Front => "front",
            Side::Back => "back",
            Side::Both => "both",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = ParseActionError;

    /// `front`, `back` or `both`, in any case; `f` and `b` for short.
    fn from_str(text: &str) -> Result<Side, ParseActionError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "front" | "f" => Ok(Side::Front),
            "back" | "b" => Ok(Side::Back),
            "both" => Ok(Side::Both),
            _ => Err(ParseActionError::new(text, ActionErrorReason::Side)),
        }
    }
}

/// A betting action of the player to move (rules 2.5-2.6).
///
/// Amounts are **levels**: how many chips per staked face the player has put in this hand,
/// in total, not counting the ante. A single-side bettor at level 5 has put in 5 chips; a
/// both-sides bettor at level 5 has put in 10 (rules 2.7).
///
/// The notation is `bet front 3`, `bet both 2`, `raise 6`, `call`, `fold`.
///
/// ```
/// use twosided_poker::{Action, Side};
///
/// let bet: Action = "bet back 3".parse()?;
/// assert_eq!(bet, Action::Bet { side: Side::Back, amount: 3 });
/// assert_eq!(Action::Raise(6).to_string(), "raise 6");
/// assert!("raise".parse::<Action>().is_err(), "a raise needs its level");
/// # Ok::<(), twosided_poker::ParseActionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// The player's first betting action of the hand: declares `side` and brings its level
    /// to `amount`. For the player who opens the hand this is the opening bet (at least 1);
    /// for the other player, `amount` equal to the opener's level is a call (betting ends,
    /// showdown) and above it a raise. When a player has no chips after the ante the hand
    /// has no betting and each player declares with `amount` 0 (rules 2.8).
    Bet {
        /// The side declared.
        side: Side,
        /// The level after the bet.
        amount: u32,
    },
    /// Brings the player's level to the given amount, at least 1 above the opponent's
    /// (rules 2.6). Only after the player's side is declared.
    Raise(u32),
    /// Matches the opponent's level; betting ends and the hand goes to the showdown.
    Call,
    /// Gives up the hand: the opponent wins the pot; the backs stay hidden.
    Fold,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bet { side, amount } => write!(f, "bet {side} {amount}"),
            Action::Raise(amount) => write!(f, "raise {amount}"),
            Action::Call => f.write_str("call"),
            Action::Fold => f.write_str("fold"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// `bet <side> <level>`, `raise <level>`, `call` or `fold`, in any case, words separated
    /// by spaces, levels in digits only (`raise +3` is refused).
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let err = |reason| ParseActionError::new(text, reason);
        let lower = text.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let amount = |word: Option<&str>| {
            let word = word.ok_or(err(ActionErrorReason::MissingAmount))?;
            number(word).map_err(|e| {
                err(match e {
                    NumberError::NotDigits => ActionErrorReason::Amount,
                    NumberError::TooLarge => ActionErrorReason::TooManyChips,
                })
            })
        };
        let action = match words.next() {
            None => return Err(err(ActionErrorReason::Empty)),
            Some("bet") => {
                let side = words.next().ok_or(err(ActionErrorReason::MissingSide))?;
                let side = side.parse().map_err(|_| err(ActionErrorReason::Side))?;
                Action::Bet {
                    side,
                    amount: amount(words.next())?,
                }
            }
            Some("raise") => Action::Raise(amount(words.next())?),
            Some("call") => Action::Call,
            Some("fold") => Action::Fold,
            Some(_) => return Err(err(ActionErrorReason::Verb)),
        };
        match words.next() {
            Some(_) => Err(err(ActionErrorReason::Extra)),
            None => Ok(action),
        }
    }
}

/// Text that is not an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{text:?} is not an action: {reason}")]
pub struct ParseActionError {
    /// The text given, trimmed.
    pub text: String,
    /// What is wrong with it.
    pub reason: ActionErrorReason,
}

impl ParseActionError {
    fn new(text: &str, reason: ActionErrorReason) -> ParseActionError {
        ParseActionError {
            text: text.trim().to_string(),
            reason,
        }
    }
}

/// Why a text is not an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ActionErrorReason {
    /// Nothing was written.
    #[error("write bet <side> <level>, raise <level>, call or fold")]
    Empty,
    /// The first word is not an action.
    #[error("it starts with bet, raise, call or fold")]
    Verb,
    /// A bet without its side.
    #[error("a bet names its side: front, back or both")]
    MissingSide,
    /// A side that is not front, back or both.
    #[error("the side is front, back or both")]
    Side,
    /// A bet or raise without its level.
    #[error("give the level, a whole number of chips")]
    MissingAmount,
    /// A level that is not a whole number written in digits (a sign such as `+3` is
    /// refused).
    #[error("the level is a whole number of chips, written in digits only")]
    Amount,
    /// A level in digits too large for any match: more than 4,294,967,295 chips.
    #[error("that is too many chips: no match holds that many")]
    TooManyChips,
    /// Words after the action.
    #[error("there are extra words after the action")]
    Extra,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let actions = [
            Action::Bet {
                side: Side::Both,
                amount: 0,
            },
            Action::Bet {
                side: Side::Front,
                amount: 12,
            },
            Action::Raise(7),
            Action::Call,
            Action::Fold,
        ];
        for action in actions {
            assert_eq!(action.to_string().parse(), Ok(action));
        }
        assert_eq!(
            "  BET f 2 ".parse(),
            Ok(Action::Bet {
                side: Side::Front,
                amount: 2
            })
        );
    }

    #[test]
    fn bad_actions_say_why() {
        let reason = |t: &str| t.parse::<Action>().unwrap_err().reason;
        assert_eq!(reason(""), ActionErrorReason::Empty);
        assert_eq!(reason("check"), ActionErrorReason::Verb);
        assert_eq!(reason("bet"), ActionErrorReason::MissingSide);
        assert_eq!(reason("bet side 3"), ActionErrorReason::Side);
        assert_eq!(reason("bet front"), ActionErrorReason::MissingAmount);
        assert_eq!(reason("raise -1"), ActionErrorReason::Amount);
        assert_eq!(reason("raise +3"), ActionErrorReason::Amount);
        assert_eq!(reason("bet back +3"), ActionErrorReason::Amount);
        assert_eq!(reason("call 3"), ActionErrorReason::Extra);
        assert_eq!(reason("raise 99999999999"), ActionErrorReason::TooManyChips);
        assert_eq!(
            reason("bet front 4294967296"),
            ActionErrorReason::TooManyChips
        );
        assert_eq!("raise 4294967295".parse(), Ok(Action::Raise(u32::MAX)));
        let message = "raise 99999999999"
            .parse::<Action>()
            .unwrap_err()
            .to_string();
        assert!(message.contains("too many chips"), "{message}");
    }

    #[test]
    fn both_costs_double_and_shows_its_low_face() {
        let card = Card::new(8, 3).unwrap();
        assert_eq!(Side::Both.multiplier(), 2);
        assert_eq!(Side::Both.value(card), 3);
        assert_eq!(Side::Front.value(card), 8);
        assert_eq!(Side::Back.value(card), 3);
    }
}
