//! The seats of a table: Matgo's two [`Player`]s, or the [`Seat`]s of a Go-Stop table of
//! three to five (rules section 12).

use std::fmt;
use std::hash::Hash;

use thiserror::Error;

use crate::player::Player;

/// A seat of a table: Matgo's [`Player`] or Go-Stop's [`Seat`]. The game, its events and
/// outcomes are written once for both ([`crate::Table`]); this trait gives a seat's index
/// into per-seat arrays. It is sealed: no other type is a seat.
pub trait SeatIndex:
    Copy + Eq + Ord + Hash + fmt::Debug + fmt::Display + sealed::Sealed + 'static
{
    /// The index into per-seat arrays: 0 for the first seat.
    fn index(self) -> usize;

    /// The seat of `index`, `None` past the last seat a table of this kind can have.
    fn from_index(index: usize) -> Option<Self>;

    /// Cards dealt to each hand at this kind of table: 10 in Matgo, 7 in Go-Stop (rules
    /// sections 2 and 12).
    const HAND_SIZE: usize;
    /// Cards dealt face up to the floor: 8 in Matgo, 6 in Go-Stop.
    const FLOOR_SIZE: usize;
    /// Hands dealt: 2 in Matgo, 3 in Go-Stop (at a table of four or five, the others sell).
    const HANDS: usize;

    /// Cards dealt to the hands and the floor: 28 in Matgo, 27 in Go-Stop.
    fn dealt() -> usize {
        Self::HANDS * Self::HAND_SIZE + Self::FLOOR_SIZE
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Player {}
    impl Sealed for super::Seat {}
}

impl SeatIndex for Player {
    const HAND_SIZE: usize = 10;
    const FLOOR_SIZE: usize = 8;
    const HANDS: usize = 2;

    fn index(self) -> usize {
        Player::index(self)
    }

    fn from_index(index: usize) -> Option<Player> {
        Player::try_from(index).ok()
    }
}

/// A seat at a Go-Stop table: `A` to `E`, in turn order (the play passes from each seat to
/// the next, and from the last back to `A`). Seats are 0-based: `Seat::new(0)` is `A`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Seat(u8);

/// A number that is not a seat: a table has at most [`Seat::MAX`] seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{index} is not a seat: seats are numbered 0 to 4 (A to E)")]
pub struct SeatError {
    /// The number given.
    pub index: usize,
}

impl Seat {
    /// The most seats at a table (five: three play, two sell their gwang).
    pub const MAX: usize = 5;
    /// Seat A, the first.
    pub const A: Seat = Seat(0);
    /// Seat B.
    pub const B: Seat = Seat(1);
    /// Seat C.
    pub const C: Seat = Seat(2);
    /// Seat D (only at a table of four or five).
    pub const D: Seat = Seat(3);
    /// Seat E (only at a table of five).
    pub const E: Seat = Seat(4);

    /// The seat of `index` (0 for `A`).
    ///
    /// # Errors
    /// [`SeatError`] for an index of [`Seat::MAX`] or more.
    pub const fn new(index: usize) -> Result<Seat, SeatError> {
        if index < Seat::MAX {
            Ok(Seat(index as u8))
        } else {
            Err(SeatError { index })
        }
    }

    /// 0 for `A`, 1 for `B`...: the index into per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The first `n` seats, in turn order (at most [`Seat::MAX`]).
    pub fn first(n: usize) -> impl Iterator<Item = Seat> {
        (0..n.min(Seat::MAX)).map(|i| Seat(i as u8))
    }

    /// The seat after this one at a table of `seats`, in turn order.
    pub fn next(self, seats: usize) -> Seat {
        Seat(((self.index() + 1) % seats.clamp(1, Seat::MAX)) as u8)
    }

    /// The seat's letter: `A` to `E`.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

impl SeatIndex for Seat {
    const HAND_SIZE: usize = 7;
    const FLOOR_SIZE: usize = 6;
    const HANDS: usize = 3;

    fn index(self) -> usize {
        Seat::index(self)
    }

    fn from_index(index: usize) -> Option<Seat> {
        Seat::new(index).ok()
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl TryFrom<usize> for Seat {
    type Error = SeatError;

    /// As [`Seat::new`].
    ///
    /// # Errors
    /// [`SeatError`] for an index of [`Seat::MAX`] or more.
    fn try_from(index: usize) -> Result<Seat, SeatError> {
        Seat::new(index)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Seat {
    /// The seat's index, `0..5`; any other number is an error.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Seat, D::Error> {
        let index = u8::deserialize(deserializer)?;
        Seat::new(usize::from(index)).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_go_round_the_table() {
        assert_eq!(
            Seat::first(3).collect::<Vec<_>>(),
            [Seat::A, Seat::B, Seat::C]
        );
        assert_eq!(Seat::C.next(3), Seat::A);
        assert_eq!(Seat::C.next(4), Seat::D);
        assert_eq!(Seat::new(5), Err(SeatError { index: 5 }));
        assert_eq!(Seat::E.to_string(), "E");
        assert_eq!(<Player as SeatIndex>::from_index(1), Some(Player::B));
        assert_eq!(<Player as SeatIndex>::from_index(2), None);
    }
}
