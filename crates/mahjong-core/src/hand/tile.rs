//! Tiles: the 34 kinds, their index order and their notation ([spec](crate::spec) section 1).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;

/// The number of tile kinds: 9 man, 9 pin, 9 sou, 4 winds and 3 dragons.
pub const KINDS: usize = 34;

/// The North wind (4z): the tile of a kita, set aside in three-player riichi.
pub(crate) const NORTH: Tile = Tile::ALL[30];

/// The suit of a tile: the three number suits, and the honors (winds and dragons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Characters, `1m..9m` (index 0..8).
    Man,
    /// Circles, `1p..9p` (index 9..17).
    Pin,
    /// Bamboo, `1s..9s` (index 18..26).
    Sou,
    /// Winds `1z..4z` (East, South, West, North) and dragons `5z..7z` (white, green, red),
    /// index 27..33.
    Honor,
}

impl Suit {
    /// The four suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The suit's letter in MPSZ notation: `m`, `p`, `s` or `z`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit of an MPSZ letter, in either case.
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter.to_ascii_lowercase() {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// How many kinds the suit has: 9 for a number suit, 7 for the honors.
    pub const fn kinds(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// The index of the suit's first kind (`1m`, `1p`, `1s` or `1z`).
    pub const fn first_index(self) -> u8 {
        self as u8 * 9
    }
}

/// One of the 34 tile kinds, by its index `0..34` in the order `1m..9m`, `1p..9p`, `1s..9s`,
/// `1z..7z` (East, South, West, North, white, green, red): the classroom assignment's tile
/// "priority" minus 1, and the display order ([spec](crate::spec) section 1).
///
/// `Display` writes `1m`..`7z`. `FromStr` reads one tile in MPSZ notation, in either case
/// (`5p`, `5P`), and the red five `0m`/`0p`/`0s` as a five: the analysis treats it as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// Every kind in index order.
    pub const ALL: [Tile; KINDS] = {
        let mut all = [Tile(0); KINDS];
        let mut index = 0;
        while index < KINDS {
            all[index] = Tile(index as u8);
            index += 1;
        }
        all
    };

    /// The tile of index `index`, or `None` unless `index < 34`.
    pub const fn from_index(index: u8) -> Option<Tile> {
        if (index as usize) < KINDS {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// The tile `number` of `suit`: `1..=9` for a number suit, `1..=7` for the honors;
    /// `None` outside that range.
    pub const fn new(suit: Suit, number: u8) -> Option<Tile> {
        if number >= 1 && number <= suit.kinds() {
            Some(Tile(suit.first_index() + number - 1))
        } else {
            None
        }
    }

    /// The index, `0..34`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[self.0 as usize / 9]
    }

    /// The number within the suit: `1..=9`, or `1..=7` for the honors (`1z` = East).
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    /// Whether the tile is an honor (a wind or a dragon).
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// Whether the tile is a terminal (a one or a nine) or an honor: the 13 kinds of kokushi.
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || matches!(self.number(), 1 | 9)
    }
}

impl fmt::Display for Tile {
    /// MPSZ notation: the number, then the suit letter (`5p`, `7z`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number(), self.suit().letter())
    }
}

impl FromStr for Tile {
    type Err = ParseTileError;

    /// Reads one tile in MPSZ notation (`1m`, `7Z`, `0p` for the red five of pin).
    fn from_str(text: &str) -> Result<Tile, ParseTileError> {
        let trimmed = text.trim();
        let err = |reason| ParseTileError {
            text: excerpt(trimmed),
            reason,
        };
        let mut chars = trimmed.chars();
        let (Some(digit), Some(letter), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(err(TileErrorReason::Shape));
        };
        let Some(digit) = digit.to_digit(10) else {
            return Err(err(TileErrorReason::Shape));
        };
        let suit = Suit::from_letter(letter).ok_or(err(TileErrorReason::UnknownSuit { letter }))?;
        tile_of_digit(suit, digit as u8).ok_or(err(TileErrorReason::OutOfRange))
    }
}

/// The tile a digit names in a suit: `1..=9` (`0` is the red five) in a number suit,
/// `1..=7` in the honors.
pub(crate) fn tile_of_digit(suit: Suit, digit: u8) -> Option<Tile> {
    match (suit, digit) {
        (Suit::Honor, 0) => None,
        (_, 0) => Tile::new(suit, 5),
        _ => Tile::new(suit, digit),
    }
}

/// Text that is not one tile: what was given and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not a tile: {reason}")]
pub struct ParseTileError {
    /// The text that was given, trimmed (its first 20 characters and `…` when longer).
    pub text: String,
    /// What is wrong with it.
    pub reason: TileErrorReason,
}

/// Why a text is not one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TileErrorReason {
    /// A tile is one digit and one suit letter.
    #[error("a tile is one digit and a suit letter, as in 5p or 7z")]
    Shape,
    /// The letter is not `m`, `p`, `s` or `z`.
    #[error("`{letter}` is not a suit: use m, p, s or z")]
    UnknownSuit {
        /// The letter that was given.
        letter: char,
    },
    /// The digit is outside the suit (`8z`, `0z`).
    #[error("honors go from 1z to 7z, numbers from 1 to 9 (0 is a red five)")]
    OutOfRange,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_order_and_notation_agree() {
        for (index, tile) in Tile::ALL.iter().enumerate() {
            assert_eq!(tile.index() as usize, index);
            assert_eq!(Tile::from_index(index as u8), Some(*tile));
            assert_eq!(tile.to_string().parse::<Tile>(), Ok(*tile));
        }
        assert_eq!(Tile::from_index(34), None);
        assert_eq!(Tile::ALL[0].to_string(), "1m");
        assert_eq!(Tile::ALL[17].to_string(), "9p");
        assert_eq!(Tile::ALL[27].to_string(), "1z");
        assert_eq!(Tile::ALL[33].to_string(), "7z");
    }

    #[test]
    fn per_tile_codes_and_red_fives_parse() {
        assert_eq!("1M".parse::<Tile>().unwrap().index(), 0);
        assert_eq!("7Z".parse::<Tile>().unwrap().index(), 33);
        assert_eq!("0m".parse::<Tile>().unwrap().to_string(), "5m");
        assert_eq!("0S".parse::<Tile>().unwrap().to_string(), "5s");
    }

    #[test]
    fn kokushi_kinds_are_terminals_and_honors() {
        let kinds: Vec<String> = Tile::ALL
            .iter()
            .filter(|t| t.is_terminal_or_honor())
            .map(|t| t.to_string())
            .collect();
        assert_eq!(
            kinds.join(""),
            "1m9m1p9p1s9s1z2z3z4z5z6z7z",
            "the 13 kinds of kokushi"
        );
    }

    #[test]
    fn bad_tiles_say_why() {
        let reason = |t: &str| t.parse::<Tile>().unwrap_err().reason;
        assert_eq!(reason("8z"), TileErrorReason::OutOfRange);
        assert_eq!(reason("0z"), TileErrorReason::OutOfRange);
        assert_eq!(reason("5x"), TileErrorReason::UnknownSuit { letter: 'x' });
        assert_eq!(reason("5"), TileErrorReason::Shape);
        assert_eq!(reason("55m"), TileErrorReason::Shape);
        assert_eq!(reason(""), TileErrorReason::Shape);
        assert_eq!(
            "8z".parse::<Tile>().unwrap_err().to_string(),
            "`8z` is not a tile: honors go from 1z to 7z, numbers from 1 to 9 (0 is a red five)"
        );
        let long = format!("{}m", "1".repeat(1_000_000));
        assert_eq!(
            long.parse::<Tile>().unwrap_err().to_string(),
            "`11111111111111111111…` is not a tile: a tile is one digit and a suit letter, \
             as in 5p or 7z"
        );
    }
}
