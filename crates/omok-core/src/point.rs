//! Points of the board and their two notations ([spec](crate::spec) section 1).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{DEFAULT_SIZE, MAX_SIZE};

/// A point of the board: `x` is the column counted from the left, `y` the row counted from
/// the **top**, both 0-based, as in the Gomocup engine protocol ([spec](crate::spec) section 1).
///
/// So on the default 15x15 board `Point::new(0, 0)` is the top-left corner (`a15` in renju
/// notation) and `Point::new(7, 7)` is the centre (`h8`).
///
/// `Display` and `FromStr` use renju notation on a 15x15 board (column letter, then the row
/// counted from the **bottom**: `h8`); `FromStr` also takes the Gomocup form `x,y`. For other
/// board sizes use [`Point::notation`] and [`Point::parse_on`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
}

impl Point {
    /// The point at column `x` (from the left) and row `y` (from the top), both 0-based.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Whether the point lies on a `size` x `size` board.
    pub const fn is_on(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// Renju notation of the point on a `size` x `size` board: the column letter `a..z` and
    /// the row number counted from the bottom (`h8` is the centre of 15x15). A point that is
    /// not on that board is written in the Gomocup form `x,y` instead, so this never fails.
    pub const fn notation(self, size: u8) -> Notation {
        Notation { point: self, size }
    }

    /// Parses a point on a `size` x `size` board, in renju notation (`h8`, `H8`, rows counted
    /// from the bottom) or in the Gomocup form `x,y` (0-based, `y` from the top).
    ///
    /// # Errors
    /// [`ParsePointError`] when the text is neither form, or names a point off the board.
    pub fn parse_on(text: &str, size: u8) -> Result<Point, ParsePointError> {
        let trimmed = text.trim();
        let err = |reason| ParsePointError {
            text: trimmed.to_string(),
            reason,
        };
        if trimmed.is_empty() {
            return Err(err(PointErrorReason::Empty));
        }
        let point = match trimmed.split_once(',') {
            Some((x, y)) => {
                let coordinate = |t| coordinate(t).ok_or(err(PointErrorReason::Gomocup));
                Point::new(coordinate(x)?, coordinate(y)?)
            }
            None => parse_renju(trimmed, size).map_err(err)?,
        };
        if point.is_on(size) {
            Ok(point)
        } else {
            Err(err(PointErrorReason::OffBoard { size }))
        }
    }
}

/// One 0-based coordinate of the Gomocup form (whether it is on the board is checked after).
fn coordinate(text: &str) -> Option<u8> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u8>().ok()
}

fn parse_renju(text: &str, size: u8) -> Result<Point, PointErrorReason> {
    let mut chars = text.chars();
    let column = chars.next().map(|c| c.to_ascii_lowercase());
    let x = match column {
        Some(c @ 'a'..='z') => c as u8 - b'a',
        _ => return Err(PointErrorReason::Column),
    };
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PointErrorReason::Row);
    }
    match digits.parse::<u8>() {
        Ok(row) if (1..=size).contains(&row) => Ok(Point::new(x, size - row)),
        _ => Err(PointErrorReason::OffBoard { size }),
    }
}

impl fmt::Display for Point {
    /// Renju notation on a 15x15 board (`h8`); see [`Point::notation`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notation(DEFAULT_SIZE).fmt(f)
    }
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Parses renju notation on a 15x15 board, or the Gomocup form `x,y` on the largest board;
    /// see [`Point::parse_on`].
    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        if text.contains(',') {
            Point::parse_on(text, MAX_SIZE)
        } else {
            Point::parse_on(text, DEFAULT_SIZE)
        }
    }
}

/// A point written for a board of a given size; made by [`Point::notation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Notation {
    point: Point,
    size: u8,
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Notation { point, size } = *self;
        if point.is_on(size) && size <= MAX_SIZE {
            write!(f, "{}{}", (b'a' + point.x) as char, size - point.y)
        } else {
            write!(f, "{},{}", point.x, point.y)
        }
    }
}

/// Text that is not a point: what was given and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("`{text}` is not a point: {reason}")]
pub struct ParsePointError {
    /// The text that was given (trimmed).
    pub text: String,
    /// What is wrong with it.
    pub reason: PointErrorReason,
}

/// Why a text is not a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PointErrorReason {
    /// Nothing was given.
    #[error("it is empty")]
    Empty,
    /// Renju notation must start with a column letter.
    #[error("it must start with a column letter a..z, as in h8")]
    Column,
    /// Renju notation must end with a row number.
    #[error("the column letter must be followed by a row number, as in h8")]
    Row,
    /// The Gomocup form needs two numbers.
    #[error("the x,y form needs two whole numbers, as in 7,7")]
    Gomocup,
    /// The point does not lie on the board.
    #[error("it is off the {size}x{size} board")]
    OffBoard {
        /// The board's side length.
        size: u8,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_and_corners_in_renju_notation() {
        assert_eq!("h8".parse::<Point>().unwrap(), Point::new(7, 7));
        assert_eq!("a15".parse::<Point>().unwrap(), Point::new(0, 0));
        assert_eq!("O1".parse::<Point>().unwrap(), Point::new(14, 14));
        assert_eq!(Point::new(7, 7).to_string(), "h8");
        assert_eq!(Point::new(0, 0).to_string(), "a15");
    }

    #[test]
    fn gomocup_form_parses_on_any_size() {
        assert_eq!("7,7".parse::<Point>().unwrap(), Point::new(7, 7));
        assert_eq!(" 20 , 3 ".parse::<Point>().unwrap(), Point::new(20, 3));
        assert_eq!(Point::parse_on("3,4", 5).unwrap(), Point::new(3, 4));
        assert!(Point::parse_on("5,4", 5).is_err());
    }

    #[test]
    fn other_sizes_count_rows_from_their_own_bottom() {
        assert_eq!(Point::parse_on("a19", 19).unwrap(), Point::new(0, 0));
        assert_eq!(Point::new(0, 0).notation(19).to_string(), "a19");
        assert_eq!(Point::new(20, 0).to_string(), "20,0");
    }

    #[test]
    fn bad_text_says_why() {
        let reason = |t: &str| t.parse::<Point>().unwrap_err().reason;
        assert_eq!(reason(""), PointErrorReason::Empty);
        assert_eq!(reason("9h"), PointErrorReason::Column);
        assert_eq!(reason("h"), PointErrorReason::Row);
        assert_eq!(reason("hx"), PointErrorReason::Row);
        assert_eq!(reason("z99"), PointErrorReason::OffBoard { size: 15 });
        assert_eq!(reason("p1"), PointErrorReason::OffBoard { size: 15 });
        assert_eq!(reason("h0"), PointErrorReason::OffBoard { size: 15 });
        assert_eq!(reason("1,x"), PointErrorReason::Gomocup);
        assert_eq!(reason("1,-1"), PointErrorReason::Gomocup);
        assert_eq!(reason("1,99"), PointErrorReason::OffBoard { size: 26 });
        assert_eq!(reason("1,999"), PointErrorReason::Gomocup);
        assert_eq!(
            Point::parse_on("99,99", 15).unwrap_err().to_string(),
            "`99,99` is not a point: it is off the 15x15 board"
        );
        assert_eq!(
            "z99".parse::<Point>().unwrap_err().to_string(),
            "`z99` is not a point: it is off the 15x15 board"
        );
    }
}
