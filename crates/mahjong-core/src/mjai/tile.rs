//! Tiles as mjai writes them: `1m`..`9m`, `1p`..`9p`, `1s`..`9s`, the red fives `5mr`,
//! `5pr`, `5sr`, the winds `E S W N`, the dragons `P F C` (white, green, red), and `?` for a
//! tile the reader may not see.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;
use crate::hand::score::TileCopy;
use crate::hand::tile::{Suit, Tile};

/// The honor letters of mjai in index order: East, South, West, North, then the white
/// (`P`, "pai-pan"), green (`F`, "fa") and red (`C`, "chun") dragons.
const HONORS: [char; 7] = ['E', 'S', 'W', 'N', 'P', 'F', 'C'];

/// One tile of an mjai line: a physical copy, or `?` for a tile hidden from the seat the
/// log is written for. `Display` and `FromStr` use the mjai names (`5mr`, `E`, `C`, `?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MjaiTile {
    /// A tile and whether it is the red five.
    Known(TileCopy),
    /// `?`: a tile the log's reader may not see (another seat's hand or draw).
    Hidden,
}

impl MjaiTile {
    /// The copy, or `None` for `?`.
    pub fn copy(self) -> Option<TileCopy> {
        match self {
            MjaiTile::Known(copy) => Some(copy),
            MjaiTile::Hidden => None,
        }
    }
}

impl From<TileCopy> for MjaiTile {
    fn from(copy: TileCopy) -> MjaiTile {
        MjaiTile::Known(copy)
    }
}

impl fmt::Display for MjaiTile {
    /// `1m`, `5mr` (the red five), `E`, `P` (white dragon), `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let copy = match self {
            MjaiTile::Hidden => return f.write_str("?"),
            MjaiTile::Known(copy) => copy,
        };
        let tile = copy.tile;
        if tile.is_honor() {
            let letter = HONORS.get(tile.number() as usize - 1).unwrap_or(&'?');
            return write!(f, "{letter}");
        }
        let red = if copy.red { "r" } else { "" };
        write!(f, "{}{}{red}", tile.number(), tile.suit().letter())
    }
}

/// Text that is not an mjai tile name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "`{text}` is not an mjai tile: write 1m..9m, 1p..9p, 1s..9s, 5mr/5pr/5sr for the red \
     fives, E S W N P F C for the honors, or ? for a hidden tile"
)]
#[non_exhaustive]
pub struct ParseMjaiTileError {
    /// The text (its first 20 characters and `…` when longer).
    pub text: String,
}

impl FromStr for MjaiTile {
    type Err = ParseMjaiTileError;

    /// Reads one mjai tile name, exactly as mjai writes it (case matters: `5mr`, `E`).
    ///
    /// # Errors
    /// [`ParseMjaiTileError`] for any other text (`0m`, `5zr`, `e`, `10m`).
    fn from_str(text: &str) -> Result<MjaiTile, ParseMjaiTileError> {
        let error = || ParseMjaiTileError {
            text: excerpt(text),
        };
        if text == "?" {
            return Ok(MjaiTile::Hidden);
        }
        if let Some(at) = HONORS
            .iter()
            .position(|&c| text.len() == 1 && text.starts_with(c))
        {
            let tile = Tile::new(Suit::Honor, at as u8 + 1).ok_or_else(error)?;
            return Ok(MjaiTile::Known(TileCopy::plain(tile)));
        }
        let bytes = text.as_bytes();
        let (digit, letter, red) = match bytes {
            [digit, letter] => (*digit, *letter, false),
            [b'5', letter, b'r'] => (b'5', *letter, true),
            _ => return Err(error()),
        };
        let suit = match letter {
            b'm' | b'p' | b's' => Suit::from_letter(letter as char),
            _ => None,
        };
        let tile = suit
            .filter(|_| digit.is_ascii_digit() && digit != b'0')
            .and_then(|suit| Tile::new(suit, digit - b'0'))
            .ok_or_else(error)?;
        Ok(MjaiTile::Known(TileCopy { tile, red }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_copy_reads_back_what_it_writes() {
        let mut names = Vec::new();
        for tile in Tile::ALL {
            for red in [false, true] {
                let copy = TileCopy { tile, red };
                if !copy.is_possible() {
                    continue;
                }
                let name = MjaiTile::Known(copy).to_string();
                assert_eq!(name.parse(), Ok(MjaiTile::Known(copy)), "{name}");
                names.push(name);
            }
        }
        assert_eq!(names.len(), 37);
        assert_eq!(names[4..6], ["5m", "5mr"]);
        assert_eq!(names[30..], ["E", "S", "W", "N", "P", "F", "C"]);
        assert_eq!("?".parse(), Ok(MjaiTile::Hidden));
    }

    #[test]
    fn other_text_is_refused_by_name() {
        for text in [
            "0m", "5zr", "1z", "e", "10m", "", "4mr", "5r", "m5", "PP", "é",
        ] {
            let error = text.parse::<MjaiTile>().unwrap_err();
            assert!(error.to_string().contains(&format!("`{text}`")), "{error}");
        }
    }
}
