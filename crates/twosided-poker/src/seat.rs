//! The two players.

use std::fmt;

/// One of the two players of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seat {
    /// The first player: acts first in the first hand under the default rules.
    One,
    /// The second player.
    Two,
}

impl Seat {
    /// Both seats, `One` first.
    pub const BOTH: [Seat; 2] = [Seat::One, Seat::Two];

    /// The other player.
    pub const fn opponent(self) -> Seat {
        match self {
            Seat::One => Seat::Two,
            Seat::Two => Seat::One,
        }
    }

    /// 0 for `One`, 1 for `Two`: the index of the seat in the `[_; 2]` arrays of this crate.
    pub const fn index(self) -> usize {
        match self {
            Seat::One => 0,
            Seat::Two => 1,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::One => "player one",
            Seat::Two => "player two",
        })
    }
}
