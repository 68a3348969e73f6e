//! The two players of a Matgo game.

use std::fmt;

use thiserror::Error;

/// One of the two players. Which one leads a game is given to the deal ([`crate::Deal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// A number that is not a player's index: only 0 (A) and 1 (B) are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{index} is not a player: use 0 for A or 1 for B")]
pub struct PlayerIndexError {
    /// The number given.
    pub index: usize,
}

impl TryFrom<usize> for Player {
    type Error = PlayerIndexError;

    /// The player of index 0 (A) or 1 (B), the inverse of [`Player::index`].
    ///
    /// # Errors
    /// [`PlayerIndexError`] for any other number.
    fn try_from(index: usize) -> Result<Player, PlayerIndexError> {
        match index {
            0 => Ok(Player::A),
            1 => Ok(Player::B),
            _ => Err(PlayerIndexError { index }),
        }
    }
}

impl TryFrom<u8> for Player {
    type Error = PlayerIndexError;

    /// As `Player::try_from(usize)`.
    ///
    /// # Errors
    /// [`PlayerIndexError`] for a number other than 0 or 1.
    fn try_from(index: u8) -> Result<Player, PlayerIndexError> {
        Player::try_from(usize::from(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_built_from_their_index_and_nothing_else() {
        for player in Player::BOTH {
            assert_eq!(Player::try_from(player.index()), Ok(player));
            assert_eq!(Player::try_from(player.index() as u8), Ok(player));
        }
        assert_eq!(Player::try_from(2usize), Err(PlayerIndexError { index: 2 }));
        assert_eq!(
            Player::try_from(u8::MAX).unwrap_err().to_string(),
            "255 is not a player: use 0 for A or 1 for B"
        );
        assert!(Player::try_from(usize::MAX).is_err());
    }
}
