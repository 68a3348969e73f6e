//! The riichi discards of a hand, as a list that needs no allocation.

use std::fmt;

use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// The riichi discards of a hand, in index order: each kind whose discard leaves the hand
/// tenpai, with its waits. At most 14; made by [`crate::Hand::riichi_discards`] without allocating.
/// Iterate it, or read it as a slice.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RiichiDiscards {
    entries: [(Tile, TileSet); 14],
    len: u8,
}

impl Default for RiichiDiscards {
    fn default() -> RiichiDiscards {
        RiichiDiscards {
            entries: [(Tile::ALL[0], TileSet::EMPTY); 14],
            len: 0,
        }
    }
}

impl RiichiDiscards {
    pub(crate) fn push(&mut self, tile: Tile, waits: TileSet) {
        if let Some(entry) = self.entries.get_mut(self.len as usize) {
            *entry = (tile, waits);
            self.len += 1;
        }
    }

    /// The discards and their waits, in index order of the discard.
    pub fn as_slice(&self) -> &[(Tile, TileSet)] {
        &self.entries[..self.len as usize]
    }

    /// The number of discards.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no discard leaves the hand tenpai.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The discards and their waits, in index order of the discard.
    pub fn iter(&self) -> std::iter::Copied<std::slice::Iter<'_, (Tile, TileSet)>> {
        self.as_slice().iter().copied()
    }

    /// The waits after discarding `tile`, if that discard leaves the hand tenpai.
    pub fn waits_after(&self, tile: Tile) -> Option<TileSet> {
        self.iter()
            .find(|&(discard, _)| discard == tile)
            .map(|(_, waits)| waits)
    }
}

impl<'a> IntoIterator for &'a RiichiDiscards {
    type Item = (Tile, TileSet);
    type IntoIter = std::iter::Copied<std::slice::Iter<'a, (Tile, TileSet)>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for RiichiDiscards {
    type Item = (Tile, TileSet);
    type IntoIter = std::iter::Take<std::array::IntoIter<(Tile, TileSet), 14>>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter().take(self.len as usize)
    }
}

impl fmt::Display for RiichiDiscards {
    /// `discard:waits` pairs joined by `;` (`3m:3m;6m:69m`), or `-` when there are none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, (tile, waits)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{tile}:{waits}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for RiichiDiscards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RiichiDiscards({self})")
    }
}
