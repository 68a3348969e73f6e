//! Two-sided cards and their notation (rules section 1).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::notation::digits;

/// The lowest number on a face.
pub const MIN_FACE: u8 = 1;
/// The highest number on a face.
pub const MAX_FACE: u8 = 10;

/// One face of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Face {
    /// The front: dealt face up, public to both players.
    Front,
    /// The back: seen only by the card's holder until a showdown shows it.
    Back,
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Face::Front => "front",
            Face::Back => "back",
        })
    }
}

/// A two-sided card: a number from 1 to 10 on its front and a different one on its back
/// (rules section 1).
///
/// The notation is `front/back`: `"3/7"` is the card with 3 on its front and 7 on its back.
///
/// ```
/// use twosided_poker::{Card, Face};
///
/// let card: Card = "3/7".parse()?;
/// assert_eq!((card.front(), card.back()), (3, 7));
/// assert_eq!(card.face(Face::Back), 7);
/// assert_eq!(card.to_string(), "3/7");
/// assert!("4/4".parse::<Card>().is_err(), "the faces must differ");
/// # Ok::<(), twosided_poker::ParseCardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::serde_checked::RawCard"))]
pub struct Card {
    front: u8,
    back: u8,
}

impl Card {
    /// A card to fill arrays before they are written.
    pub(crate) const FILLER: Card = Card { front: 1, back: 2 };

    /// The card with `front` and `back`.
    ///
    /// # Errors
    /// [`CardError::OutOfRange`] unless both numbers are from 1 to 10, and
    /// [`CardError::SameFaces`] when they are equal.
    pub const fn new(front: u8, back: u8) -> Result<Card, CardError> {
        if front < MIN_FACE || front > MAX_FACE {
            return Err(CardError::OutOfRange { value: front });
        }
        if back < MIN_FACE || back > MAX_FACE {
            return Err(CardError::OutOfRange { value: back });
        }
        if front == back {
            return Err(CardError::SameFaces { value: front });
        }
        Ok(Card { front, back })
    }

    /// The number on the front, 1 to 10.
    pub const fn front(self) -> u8 {
        self.front
    }

    /// The number on the back, 1 to 10, never equal to the front.
    pub const fn back(self) -> u8 {
        self.back
    }

    /// The number on `face`.
    pub const fn face(self, face: Face) -> u8 {
        match face {
            Face::Front => self.front,
            Face::Back => self.back,
        }
    }

    /// The lower of the two numbers: what a both-sides bet has to beat with (rules 2.9).
    pub const fn low(self) -> u8 {
        if self.front < self.back {
            self.front
        } else {
            self.back
        }
    }

    /// The index of the card in a 10x10 table, `(front - 1) * 10 + (back - 1)`: 0 to 99.
    pub(crate) const fn index(self) -> usize {
        (self.front as usize - 1) * 10 + (self.back as usize - 1)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.front, self.back)
    }
}

/// Numbers that make no card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum CardError {
    /// A face number outside 1 to 10.
    #[error("a face shows a number from 1 to 10, not {value}")]
    OutOfRange {
        /// The number given.
        value: u8,
    },
    /// The front and the back carry the same number.
    #[error("the front and the back of a card differ; both are {value} here")]
    SameFaces {
        /// The number on both faces.
        value: u8,
    },
}

/// Text that is not a card in the `front/back` notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{text:?} is not a card: {reason}")]
pub struct ParseCardError {
    /// The text given, trimmed.
    pub text: String,
    /// What is wrong with it.
    pub reason: CardErrorReason,
}

/// Why a text is not a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum CardErrorReason {
    /// No `/` between two numbers.
    #[error("write it as front/back, like 3/7")]
    Shape,
    /// A face is not a whole number written in digits (a sign such as `+3` is refused).
    #[error("each face is a number from 1 to 10, written in digits only")]
    NotANumber,
    /// The numbers make no card.
    #[error("{0}")]
    Invalid(CardError),
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// `front/back`, each face in digits only (`+3/7` is refused), spaces around allowed.
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let trimmed = text.trim();
        let err = |reason| ParseCardError {
            text: trimmed.to_string(),
            reason,
        };
        let (front, back) = trimmed.split_once('/').ok_or(err(CardErrorReason::Shape))?;
        let number = |t: &str| digits(t.trim()).ok_or(err(CardErrorReason::NotANumber));
        Card::new(number(front)?, number(back)?).map_err(|e| err(CardErrorReason::Invalid(e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for front in MIN_FACE..=MAX_FACE {
            for back in (MIN_FACE..=MAX_FACE).filter(|&b| b != front) {
                let card = Card::new(front, back).unwrap();
                assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            }
        }
        assert_eq!(" 10 / 1 ".parse::<Card>().map(|c| c.index()), Ok(90));
    }

    #[test]
    fn bad_cards_say_why() {
        let reason = |t: &str| t.parse::<Card>().unwrap_err().reason;
        assert_eq!(reason("37"), CardErrorReason::Shape);
        assert_eq!(reason("x/7"), CardErrorReason::NotANumber);
        for signed in ["+3/7", "3/+7", "-3/7", "3/7.0", "1_0/3"] {
            assert_eq!(reason(signed), CardErrorReason::NotANumber, "{signed}");
        }
        let message = "+3/7".parse::<Card>().unwrap_err().to_string();
        assert!(message.contains("digits only"), "{message}");
        assert_eq!(
            reason("0/7"),
            CardErrorReason::Invalid(CardError::OutOfRange { value: 0 })
        );
        assert_eq!(
            reason("7/11"),
            CardErrorReason::Invalid(CardError::OutOfRange { value: 11 })
        );
        assert_eq!(
            reason("5/5"),
            CardErrorReason::Invalid(CardError::SameFaces { value: 5 })
        );
        let message = "5/5".parse::<Card>().unwrap_err().to_string();
        assert!(message.contains("differ"), "{message}");
    }

    #[test]
    fn faces_and_low() {
        let card = Card::new(9, 2).unwrap();
        assert_eq!(card.face(Face::Front), 9);
        assert_eq!(card.face(Face::Back), 2);
        assert_eq!(card.low(), 2);
    }
}
