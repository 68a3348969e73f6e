//! Sets of tile kinds, such as the waits of a hand.

use std::fmt;
use std::str::FromStr;

use crate::hand::concealed::{ParseHandError, parse_tiles};
use crate::hand::tile::{KINDS, Suit, Tile};

/// A set of tile kinds (not of tiles: each kind is in or out), as one bit per kind index.
/// Copying it is free and nothing in it allocates.
///
/// `iter()` yields the kinds in index order; `Display` writes them in compact MPSZ notation
/// (`69m1z`; the empty set as `-`, so that a set with nothing in it still shows), and
/// `FromStr` reads that notation (a kind written twice is in the set once; `-` or nothing is
/// the empty set).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TileSet(u64);

/// How the empty set is written.
const EMPTY_TEXT: &str = "-";

/// The bits of all 34 kinds.
const ALL_BITS: u64 = (1 << KINDS) - 1;

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);

    /// The set of the kinds whose bit `1 << index` is set in `bits`; bits above 33 are ignored.
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & ALL_BITS)
    }

    /// One bit per kind, `1 << index`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether `tile`'s kind is in the set.
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 >> tile.index() & 1 == 1
    }

    /// The number of kinds in the set, `0..=34`.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no kind is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Puts `tile`'s kind in the set.
    pub fn insert(&mut self, tile: Tile) {
        self.0 |= 1 << tile.index();
    }

    /// Takes `tile`'s kind out of the set.
    pub fn remove(&mut self, tile: Tile) {
        self.0 &= !(1 << tile.index());
    }

    /// The kinds in either set.
    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    /// The kinds in index order.
    pub fn iter(self) -> TileSetIter {
        TileSetIter(self.0)
    }
}

/// The kinds of a [`TileSet`] in index order; made by [`TileSet::iter`].
#[derive(Clone, Debug)]
pub struct TileSetIter(u64);

impl Iterator for TileSetIter {
    type Item = Tile;

    fn next(&mut self) -> Option<Tile> {
        let index = self.0.trailing_zeros();
        self.0 &= self.0.wrapping_sub(1);
        Tile::from_index(index as u8)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for TileSetIter {}

impl IntoIterator for TileSet {
    type Item = Tile;
    type IntoIter = TileSetIter;

    fn into_iter(self) -> TileSetIter {
        self.iter()
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(tiles: I) -> TileSet {
        let mut set = TileSet::EMPTY;
        for tile in tiles {
            set.insert(tile);
        }
        set
    }
}

impl fmt::Display for TileSet {
    /// Compact MPSZ notation in index order (`69m1z`); the empty set writes `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str(EMPTY_TEXT);
        }
        write_mpsz(f, self.iter().map(|tile| (tile, 1)))
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TileSet({self})")
    }
}

impl FromStr for TileSet {
    type Err = ParseHandError;

    /// Reads kinds in MPSZ notation or the per-tile codes (`1M 2M`), as [`crate::Hand`] does;
    /// a kind written more than once is in the set once; `-` (what `Display` writes for the
    /// empty set) or nothing is the empty set.
    fn from_str(text: &str) -> Result<TileSet, ParseHandError> {
        let mut set = TileSet::EMPTY;
        if text.trim() == EMPTY_TEXT {
            return Ok(set);
        }
        parse_tiles(text, |tile| {
            set.insert(tile);
            Ok(())
        })?;
        Ok(set)
    }
}

/// Writes `(tile, copies)` pairs given in index order in compact MPSZ notation: each suit's
/// digits (a digit once per copy), then the suit letter.
pub(crate) fn write_mpsz(
    f: &mut fmt::Formatter<'_>,
    tiles: impl Iterator<Item = (Tile, u8)>,
) -> fmt::Result {
    let mut open: Option<Suit> = None;
    for (tile, copies) in tiles {
        if let Some(suit) = open.filter(|&suit| suit != tile.suit()) {
            write!(f, "{}", suit.letter())?;
        }
        open = Some(tile.suit());
        for _ in 0..copies {
            write!(f, "{}", tile.number())?;
        }
    }
    match open {
        Some(suit) => write!(f, "{}", suit.letter()),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(text: &str) -> Tile {
        text.parse().unwrap()
    }

    #[test]
    fn sets_hold_kinds_in_index_order() {
        let set: TileSet = [tile("1z"), tile("6m"), tile("9m"), tile("6m")]
            .into_iter()
            .collect();
        assert_eq!(set.len(), 3);
        assert!(set.contains(tile("9m")) && !set.contains(tile("9p")));
        assert_eq!(
            set.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
            ["6m", "9m", "1z"]
        );
        assert_eq!(set.to_string(), "69m1z");
        assert_eq!("9m6m1z".parse::<TileSet>().unwrap(), set);
        assert_eq!(TileSet::EMPTY.to_string(), "-");
        assert_eq!("-".parse(), Ok(TileSet::EMPTY));
        assert_eq!(" - ".parse(), Ok(TileSet::EMPTY));
        assert_eq!("".parse(), Ok(TileSet::EMPTY));
        assert!(TileSet::EMPTY.is_empty());
    }

    #[test]
    fn bits_above_the_kinds_are_ignored() {
        let set = TileSet::from_bits(u64::MAX);
        assert_eq!(set.len(), 34);
        assert_eq!(set.iter().last(), Some(tile("7z")));
        assert_eq!(set.to_string(), "123456789m123456789p123456789s1234567z");
    }
}
