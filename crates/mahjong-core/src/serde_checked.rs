//! Serde for the small value types whose constructors check an invariant: a [`Tile`] is one
//! of the 34 kinds, a [`Seat`] one of the 4 seats, a [`TileSet`] holds only kind bits and a
//! [`Hand`] at most 4 copies of a kind and 14 tiles. Each is written as its plain number (a
//! hand as its 34 counts) and read back through that constructor, so a snapshot that breaks
//! one is refused with an error instead of building a value that a later call would index
//! out of range. Only behind the `serde` feature.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Hand, KINDS, Seat, Tile, TileSet};

impl Serialize for Tile {
    /// The kind's index, `0..34`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.index().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Tile {
    /// An index `0..34`; any other number is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tile, D::Error> {
        let index = u8::deserialize(deserializer)?;
        Tile::from_index(index)
            .ok_or_else(|| D::Error::custom(format!("tile index {index} is not below 34")))
    }
}

impl Serialize for Seat {
    /// The seat's index, `0..4`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.index() as u8).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Seat {
    /// An index `0..4`; any other number is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seat, D::Error> {
        let index = u8::deserialize(deserializer)?;
        Seat::new(index.into())
            .ok_or_else(|| D::Error::custom(format!("seat index {index} is not below 4")))
    }
}

impl Serialize for TileSet {
    /// The bits, `1 << index` per kind.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.bits().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for TileSet {
    /// Bits below `1 << 34` only; a higher bit is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TileSet, D::Error> {
        let bits = u64::deserialize(deserializer)?;
        let set = TileSet::from_bits(bits);
        if set.bits() == bits {
            Ok(set)
        } else {
            Err(D::Error::custom(format!(
                "tile set bits {bits:#x} name no kind past the 34th"
            )))
        }
    }
}

impl Serialize for Hand {
    /// The 34 counts, in kind order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::serde_array::serialize(self.counts(), serializer)
    }
}

impl<'de> Deserialize<'de> for Hand {
    /// 34 counts, as [`Hand::from_counts`] takes them; its errors are errors here.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Hand, D::Error> {
        let counts: [u8; KINDS] = crate::serde_array::deserialize(deserializer)?;
        Hand::from_counts(counts).map_err(D::Error::custom)
    }
}

/// `Rules::seats` read back: 1 to 4 (the classroom game takes any of them, the full game 3
/// or 4, checked where a hand or match is read); any other count is an error.
pub(crate) fn rules_seats<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    let seats = usize::deserialize(deserializer)?;
    match seats {
        1..=4 => Ok(seats),
        _ => Err(D::Error::custom(format!("{seats} seats is not 1 to 4"))),
    }
}

/// The rules of a hand or match of the full game read back: three or four seats.
pub(crate) fn full_game_rules<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<crate::Rules, D::Error> {
    let rules = crate::Rules::deserialize(deserializer)?;
    crate::game::kyoku::check_seats(&rules).map_err(D::Error::custom)?;
    Ok(rules)
}

/// The tiles in play of a wall, or the seats of a match's table, read back: one of
/// `allowed` (136 or 108 tiles; 4 or 3 seats); anything else is an error.
fn one_of<'de, D: Deserializer<'de>, T>(deserializer: D, allowed: [T; 2]) -> Result<T, D::Error>
where
    T: Deserialize<'de> + PartialEq + std::fmt::Display,
{
    let value = T::deserialize(deserializer)?;
    if allowed.contains(&value) {
        Ok(value)
    } else {
        let [a, b] = allowed;
        Err(D::Error::custom(format!("{value} is not {a} or {b}")))
    }
}

/// A wall's tiles in play read back: 136, or 108 in sanma.
pub(crate) fn wall_len<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    one_of(
        deserializer,
        [
            crate::game::wall::WALL_TILES,
            crate::game::kyoku::wall::SANMA_WALL_TILES,
        ],
    )
}

/// A match table's seats read back: 4, or 3 in sanma.
pub(crate) fn table_seats<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    one_of(deserializer, [4, 3])
}

/// The length of a [`crate::LegalActions`] read back: at most
/// [`MAX_LEGAL_ACTIONS`](crate::MAX_LEGAL_ACTIONS), its capacity.
pub(crate) fn legal_len<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    at_most(
        deserializer,
        crate::MAX_LEGAL_ACTIONS as u8,
        "legal actions in a list",
    )
}

/// A count read back: at most `most` `things`; more is an error.
fn at_most<'de, D, T>(deserializer: D, most: T, things: &str) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + PartialOrd + std::fmt::Display,
{
    let count = T::deserialize(deserializer)?;
    if count <= most {
        Ok(count)
    } else {
        Err(D::Error::custom(format!(
            "{count} {things} is more than the most, {most}"
        )))
    }
}

/// A hand's dora indicators shown: at most [`MAX_INDICATORS`](crate::MAX_INDICATORS).
pub(crate) fn indicators<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    at_most(deserializer, crate::MAX_INDICATORS, "dora indicators")
}

/// A hand's kans declared, or kan dora pending: at most 4.
pub(crate) fn kans<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    at_most(deserializer, 4, "kans")
}

/// A hand's live tiles dealt and drawn: at most a wall's live tiles, 122.
pub(crate) fn taken<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    at_most(
        deserializer,
        crate::game::wall::LIVE_TILES,
        "live tiles taken",
    )
}

/// A hand's replacement tiles drawn: at most 8 (four kans and, in sanma, four kita).
pub(crate) fn rinshan<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    at_most(deserializer, 8, "replacement tiles drawn")
}

/// The most honba or riichi sticks a snapshot's table may hold: as a scored win's.
const MOST_ON_TABLE: u32 = crate::score::WinningHand::MOST_ON_TABLE;

/// The most points (or debt) a snapshot's seat may hold: far past any match, and low enough
/// that no payment overflows.
const MOST_POINTS: i32 = 100_000_000;

/// Honba or riichi sticks read back: at most [`MOST_ON_TABLE`].
pub(crate) fn table_count<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    at_most(deserializer, MOST_ON_TABLE, "honba or riichi sticks")
}

/// Each seat's points read back: within [`MOST_POINTS`] either way.
pub(crate) fn points<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<[i32; crate::MAX_SEATS], D::Error> {
    let points = <[i32; crate::MAX_SEATS]>::deserialize(deserializer)?;
    match points
        .iter()
        .find(|p| p.unsigned_abs() > MOST_POINTS.unsigned_abs())
    {
        Some(p) => Err(D::Error::custom(format!(
            "{p} points is past the most, {MOST_POINTS} either way"
        ))),
        None => Ok(points),
    }
}

/// A match's round read back: 0 East to 3 North.
pub(crate) fn round<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    at_most(deserializer, 3, "as a round (0 East to 3 North)")
}

/// A round's hand read back: 0 to 3 (the dealer's seat).
pub(crate) fn hand_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    at_most(deserializer, 3, "as the hand of a round (0 to 3)")
}
