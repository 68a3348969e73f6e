//! Seats: the places at the table, `0..4` in turn order ([spec](crate::spec) section 3).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;

/// The most seats a game has.
pub const MAX_SEATS: usize = 4;

/// A seat at the table: one of `0..4`, seat 0 playing first and the others following in
/// turn order (spec section 3). A game of fewer seats uses the first ones (the solo game
/// only seat 0). A `Seat` holds only a valid index: build one with [`Seat::new`],
/// `Seat::try_from(2usize)`, `"2".parse()` or from [`Seat::ALL`].
///
/// `Display` writes `seat 2`; `FromStr` reads `2` or `seat 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// The four seats in turn order.
    pub const ALL: [Seat; MAX_SEATS] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// Seat `index`, or `None` unless `index < 4`.
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The index, `0..4`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The first `count` seats in turn order (all four when `count` is larger): the seats of
    /// a game of `count` seats.
    pub fn first(count: usize) -> impl Iterator<Item = Seat> + Clone {
        Seat::ALL.into_iter().take(count)
    }

    /// The seat after this one in turn order at a table of `seats` seats (taken as 1 to 4).
    pub const fn next(self, seats: usize) -> Seat {
        let seats = if seats == 0 || seats > MAX_SEATS {
            MAX_SEATS
        } else {
            seats
        };
        Seat(((self.0 as usize + 1) % seats) as u8)
    }
}

impl TryFrom<usize> for Seat {
    type Error = SeatError;

    /// Seat `index`.
    ///
    /// # Errors
    /// [`SeatError::OutOfRange`] unless `index < 4`.
    fn try_from(index: usize) -> Result<Seat, SeatError> {
        Seat::new(index).ok_or(SeatError::OutOfRange { index })
    }
}

impl From<Seat> for usize {
    fn from(seat: Seat) -> usize {
        seat.index()
    }
}

impl fmt::Display for Seat {
    /// `seat 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

impl FromStr for Seat {
    type Err = SeatError;

    /// Reads `2` or `seat 2` (in either case, spaces around allowed).
    ///
    /// # Errors
    /// [`SeatError::OutOfRange`] for a number of 4 or more, [`SeatError::Parse`] for text
    /// that is not a number.
    fn from_str(text: &str) -> Result<Seat, SeatError> {
        let trimmed = text.trim();
        let number = match trimmed.get(..4) {
            Some(word) if word.eq_ignore_ascii_case("seat") => trimmed[4..].trim_start(),
            _ => trimmed,
        };
        match number.parse::<usize>() {
            Ok(index) => Seat::try_from(index),
            Err(_) if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => {
                Err(SeatError::OutOfRange { index: usize::MAX })
            }
            Err(_) => Err(SeatError::Parse {
                text: excerpt(trimmed),
            }),
        }
    }
}

/// A number or text that is not a seat.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SeatError {
    /// The index is 4 or more.
    #[error("seats go from 0 to 3, not {index}")]
    OutOfRange {
        /// The index given (`usize::MAX` for a number too large to read).
        index: usize,
    },
    /// The text is not a seat number.
    #[error("`{text}` is not a seat: write a number from 0 to 3")]
    Parse {
        /// The text, trimmed (its first 20 characters and `…` when longer).
        text: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_hold_only_valid_indices() {
        assert_eq!(Seat::try_from(3), Ok(Seat::ALL[3]));
        assert_eq!(Seat::try_from(7), Err(SeatError::OutOfRange { index: 7 }));
        assert_eq!(
            Seat::try_from(7).unwrap_err().to_string(),
            "seats go from 0 to 3, not 7"
        );
        assert_eq!(Seat::new(4), None);
        assert_eq!(Seat::ALL.map(Seat::index), [0, 1, 2, 3]);
        assert_eq!(usize::from(Seat::ALL[2]), 2);
    }

    #[test]
    fn seats_read_back_what_they_write() {
        for seat in Seat::ALL {
            assert_eq!(seat.to_string().parse(), Ok(seat));
            assert_eq!(seat.index().to_string().parse(), Ok(seat));
        }
        assert_eq!(Seat::ALL[1].to_string(), "seat 1");
        assert_eq!(" SEAT  2 ".parse(), Ok(Seat::ALL[2]));
        assert_eq!("4".parse::<Seat>(), Err(SeatError::OutOfRange { index: 4 }));
        assert_eq!(
            "99999999999999999999999".parse::<Seat>(),
            Err(SeatError::OutOfRange { index: usize::MAX })
        );
        assert!(matches!(
            "east".parse::<Seat>(),
            Err(SeatError::Parse { .. })
        ));
        assert!(matches!(
            "seat".parse::<Seat>(),
            Err(SeatError::Parse { .. })
        ));
        assert!(matches!("-1".parse::<Seat>(), Err(SeatError::Parse { .. })));
        // `get(..4)` does not split a character.
        assert!(matches!(
            "만만".parse::<Seat>(),
            Err(SeatError::Parse { .. })
        ));
    }

    #[test]
    fn turn_order_wraps_at_the_table_size() {
        let [s0, s1, _, s3] = Seat::ALL;
        assert_eq!(s0.next(4), s1);
        assert_eq!(s3.next(4), s0);
        assert_eq!(s0.next(1), s0);
        assert_eq!(s1.next(2), s0);
        // Out-of-range table sizes count as four seats.
        assert_eq!(s3.next(0), s0);
        assert_eq!(s1.next(usize::MAX), Seat::ALL[2]);
        assert_eq!(Seat::first(2).collect::<Vec<_>>(), [s0, s1]);
        assert_eq!(Seat::first(usize::MAX).count(), 4);
    }
}
