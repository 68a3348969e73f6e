//! Short lists held inline (the melds and the indicators of a win), so that a
//! [`WinningHand`](crate::score::WinningHand) is `Copy`, allocates nothing, and scoring
//! reads it from one place.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use crate::hand::score::meld::Meld;
use crate::hand::score::tile_copy::TileCopy;
use crate::hand::tile::Tile;

/// Up to `N` items held inline, used like a `Vec` (`push`, `clear`, `truncate`, `collect`,
/// and every slice method through `Deref`). Items past `N` are not kept but counted:
/// [`SmallList::offered`] says how many were given, and scoring refuses a list that was
/// given too many (never a panic).
#[derive(Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "T: serde::Serialize",
        deserialize = "T: serde::Deserialize<'de>"
    ))
)]
pub struct SmallList<T: Copy, const N: usize> {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    items: [T; N],
    len: u8,
    offered: usize,
}

/// The melds of a win: at most 4 (see [`SmallList`]).
pub type Melds = SmallList<Meld, 4>;

/// Dora or ura-dora indicators: at most 5 (see [`SmallList`]).
pub type Indicators = SmallList<TileCopy, 5>;

impl<T: Copy, const N: usize> SmallList<T, N> {
    /// The empty list, its unused slots holding `fill`.
    const fn filled(fill: T) -> Self {
        SmallList {
            items: [fill; N],
            len: 0,
            offered: 0,
        }
    }

    /// Adds `item` at the end when there is room (`N` items); counts it in
    /// [`SmallList::offered`] either way.
    pub fn push(&mut self, item: T) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = item;
            self.len += 1;
        }
        self.offered = self.offered.saturating_add(1);
    }

    /// Keeps the first `len` items (all when there are fewer).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len.min(N) as u8);
        self.offered = self.offered.min(len);
    }

    /// Removes every item.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// How many items were given: the items held, and those past `N` that were not kept.
    pub fn offered(&self) -> usize {
        self.offered.max(self.len as usize)
    }

    /// The items held, in order.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..(self.len as usize).min(N)]
    }

    /// What the text form writes: the kept items, then the last kept one again for each
    /// item counted but not kept, so that the text parses back to an equal list (equality
    /// reads the kept items and the count only).
    pub(crate) fn written(&self) -> impl Iterator<Item = T> + '_ {
        let unkept = self.offered() - self.as_slice().len();
        let last = self.as_slice().last().copied();
        let repeats = last
            .into_iter()
            .flat_map(move |item| std::iter::repeat_n(item, unkept));
        self.as_slice().iter().copied().chain(repeats)
    }
}

impl Default for Melds {
    fn default() -> Melds {
        SmallList::filled(Meld::FILLER)
    }
}

impl Default for Indicators {
    fn default() -> Indicators {
        SmallList::filled(TileCopy::plain(Tile::ALL[0]))
    }
}

impl<T: Copy, const N: usize> Deref for SmallList<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy, const N: usize> FromIterator<T> for SmallList<T, N>
where
    SmallList<T, N>: Default,
{
    /// The first `N` items; the others are counted in [`SmallList::offered`].
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = Self::default();
        list.extend(items);
        list
    }
}

impl<T: Copy, const N: usize> Extend<T> for SmallList<T, N> {
    /// Pushes each item (see [`SmallList::push`]).
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        items.into_iter().for_each(|item| self.push(item));
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a SmallList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for SmallList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice() && self.offered() == other.offered()
    }
}

impl<T: Copy + Eq, const N: usize> Eq for SmallList<T, N> {}

impl<T: Copy + Hash, const N: usize> Hash for SmallList<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
        self.offered().hash(state);
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for SmallList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()?;
        match self.offered() - self.len as usize {
            0 => Ok(()),
            more => write!(f, " (+{more} not kept)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_past_the_capacity_are_counted_not_kept() {
        let tile = |t: &str| TileCopy::plain(t.parse().unwrap());
        let mut list: Indicators = ["1m", "2m", "3m", "4m", "5m", "6m"]
            .map(tile)
            .into_iter()
            .collect();
        assert_eq!(list.len(), 5);
        assert_eq!(list.offered(), 6);
        assert_eq!(list.last(), Some(&tile("5m")));
        list.truncate(2);
        assert_eq!((list.len(), list.offered()), (2, 2));
        list.push(tile("9m"));
        assert_eq!(list.as_slice(), [tile("1m"), tile("2m"), tile("9m")]);
        list.clear();
        assert!(list.is_empty());
        assert_eq!(list, Indicators::default());
    }
}
