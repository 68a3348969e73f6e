//! The two players of a Matgo game.

use std::fmt;

/// One of the two players. Which one leads a game is given to the deal ([`crate::Deal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Player A (the person, in the example).
    A,
    /// Player B.
    B,
}

impl Player {
    /// Both players, A then B.
    pub const BOTH: [Player; 2] = [Player::A, Player::B];

    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// 0 for A, 1 for B: the index into per-player arrays.
    pub const fn index(self) -> usize {
        match self {
            Player::A => 0,
            Player::B => 1,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}
