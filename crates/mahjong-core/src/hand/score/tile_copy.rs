//! One physical tile: its kind and whether it is the red five (spec section 4: one red five
//! each of 5m, 5p and 5s).

use std::fmt;
use std::str::FromStr;

use crate::hand::concealed::{ParseHandError, parse_tiles};
use crate::hand::tile::{ParseTileError, Suit, Tile};

/// One copy of a tile: its kind, and whether it is the red five of its suit. `Display` and
/// `FromStr` use MPSZ notation with `0` for the red five (`0p`, `5p`, `7z`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TileCopy {
    /// The kind.
    pub tile: Tile,
    /// Whether this copy is the red five (only meaningful for a five of a number suit:
    /// scoring refuses a red flag on any other tile).
    pub red: bool,
}

impl TileCopy {
    /// A plain (not red) copy of `tile`.
    pub const fn plain(tile: Tile) -> TileCopy {
        TileCopy { tile, red: false }
    }

    /// Whether the red flag sits on a five of a number suit, the only tiles that have a red
    /// copy.
    pub const fn is_possible(self) -> bool {
        !self.red || (self.tile.number() == 5 && !self.tile.is_honor())
    }
}

impl From<Tile> for TileCopy {
    fn from(tile: Tile) -> TileCopy {
        TileCopy::plain(tile)
    }
}

impl fmt::Display for TileCopy {
    /// `5p`, or `0p` for the red five.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.red {
            write!(f, "0{}", self.tile.suit().letter())
        } else {
            self.tile.fmt(f)
        }
    }
}

impl FromStr for TileCopy {
    type Err = ParseTileError;

    /// One tile in MPSZ notation; `0m`, `0p`, `0s` are the red fives.
    ///
    /// # Errors
    /// As [`Tile::from_str`].
    fn from_str(text: &str) -> Result<TileCopy, ParseTileError> {
        let tile: Tile = text.parse()?;
        Ok(TileCopy {
            tile,
            red: text.trim().starts_with('0'),
        })
    }
}

/// Reads tiles in compact MPSZ notation (or per-tile codes), keeping the red fives (`0`):
/// each copy in the order written.
pub(crate) fn parse_copies(text: &str) -> Result<Vec<TileCopy>, ParseHandError> {
    let mut kinds = Vec::new();
    parse_tiles(text, |tile| {
        kinds.push(tile);
        Ok(())
    })?;
    // `parse_tiles` gives one tile per digit, in order: the digit `0` is a red five.
    let digits = text.bytes().filter(u8::is_ascii_digit);
    Ok(kinds
        .into_iter()
        .zip(digits)
        .map(|(tile, digit)| TileCopy {
            tile,
            red: digit == b'0',
        })
        .collect())
}

/// Writes copies given in index order (red five before the plain fives of its suit) in
/// compact MPSZ notation.
pub(crate) fn write_copies(
    f: &mut impl fmt::Write,
    copies: impl IntoIterator<Item = TileCopy>,
) -> fmt::Result {
    let mut open: Option<Suit> = None;
    for copy in copies {
        let suit = copy.tile.suit();
        if let Some(previous) = open.filter(|&previous| previous != suit) {
            write!(f, "{}", previous.letter())?;
        }
        open = Some(suit);
        let digit = if copy.red { 0 } else { copy.tile.number() };
        write!(f, "{digit}")?;
    }
    match open {
        Some(suit) => write!(f, "{}", suit.letter()),
        None => Ok(()),
    }
}

/// Copies given in index order as compact MPSZ text.
pub(crate) fn copies_text(copies: impl IntoIterator<Item = TileCopy>) -> String {
    let mut text = String::new();
    // Writing to a String cannot fail.
    let _ = write_copies(&mut text, copies);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_fives_read_and_write_as_zero() {
        let red: TileCopy = "0p".parse().unwrap();
        assert_eq!(red.tile.to_string(), "5p");
        assert!(red.red && red.is_possible());
        assert_eq!(red.to_string(), "0p");
        let plain: TileCopy = "5p".parse().unwrap();
        assert!(!plain.red);
        assert!(
            !TileCopy {
                red: true,
                ..TileCopy::plain("1z".parse().unwrap())
            }
            .is_possible()
        );
        let copies = parse_copies("340m 55p").unwrap();
        let text: Vec<String> = copies.iter().map(ToString::to_string).collect();
        assert_eq!(text, ["3m", "4m", "0m", "5p", "5p"]);
    }
}
