//! The two colours of stones.

use std::fmt;

/// A stone's colour. Black moves first ([spec](crate::spec) section 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Stone {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Stone {
    /// The other colour.
    pub const fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// The one-letter board symbol: `X` for black, `O` for white.
    pub const fn symbol(self) -> char {
        match self {
            Stone::Black => 'X',
            Stone::White => 'O',
        }
    }
}

impl fmt::Display for Stone {
    /// `black` or `white`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "black",
            Stone::White => "white",
        })
    }
}
