//! One seat's private state in a hand: concealed tiles with their red fives, melds,
//! discards, riichi and furiten.

use crate::game::kyoku::event::{DiscardedTile, TableMeld};
use crate::hand::concealed::{Hand, MAX_COPIES, MAX_TILES};
use crate::hand::score::{MeldKind, TileCopy};
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// The number suit of a five (`0` man, `1` pin, `2` sou), the suits that have a red copy.
pub(crate) fn red_slot(tile: Tile) -> Option<usize> {
    match tile.index() {
        4 => Some(0),
        13 => Some(1),
        22 => Some(2),
        _ => None,
    }
}

/// A riichi declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct RiichiState {
    /// The index of the riichi discard in the seat's pile.
    pub at: usize,
    /// Declared on the first uninterrupted turn.
    pub double: bool,
    /// The waits of the riichi hand.
    pub waits: TileSet,
}

/// Concealed tiles: the kinds, and whether the red five of each number suit is among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Concealed {
    pub hand: Hand,
    pub red: [bool; 3],
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Player {
    pub tiles: Concealed,
    /// The waits of `tiles` ([`crate::Hand::waits`]: empty unless it holds `3n+1` tiles),
    /// kept up to date by [`Player::refresh`] after every change of `tiles`.
    pub waits: TileSet,
    /// The shanten of `tiles` when they last held `3n+2` (on this seat's turn): above 0,
    /// no discard leaves the hand tenpai.
    pub shanten: i8,
    pub melds: Vec<TableMeld>,
    pub discards: Vec<DiscardedTile>,
    /// Every kind this seat ever discarded (called ones included): permanent furiten.
    pub discarded: TileSet,
    pub riichi: Option<RiichiState>,
    pub ippatsu: bool,
    /// A winning tile passed since the seat's last discard. As on Tenhou, a tile that
    /// completes the hand's shape counts even when it gives no yaku and no ron was offered:
    /// furiten looks at the waits only (mjx, checked against Tenhou logs: `State::CanRon`
    /// tests the waits against every tile passed since the seat's last draw; the riichi.wiki
    /// page "Furiten": "The furiten rule does not consider yaku").
    pub temporary_furiten: bool,
    /// A winning tile passed since the seat's riichi.
    pub riichi_furiten: bool,
    /// North tiles declared aside (kita, three-player riichi).
    pub kita: u8,
}

impl Concealed {
    /// How many of this copy the concealed tiles hold: the red five once or not; the plain
    /// copies of a kind, its count less its red five.
    pub fn held(&self, copy: TileCopy) -> u8 {
        let count = self.hand.count(copy.tile);
        match red_slot(copy.tile) {
            Some(slot) if copy.red => u8::from(self.red[slot]),
            Some(slot) => count.saturating_sub(u8::from(self.red[slot])),
            None if copy.red => 0,
            None => count,
        }
    }

    /// Whether the concealed tiles hold this copy.
    pub fn has(&self, copy: TileCopy) -> bool {
        self.held(copy) > 0
    }

    /// Adds a copy (the caller keeps the hand at 14 tiles or fewer).
    pub fn add(&mut self, copy: TileCopy) {
        let _ = self.hand.add(copy.tile);
        if let (Some(slot), true) = (red_slot(copy.tile), copy.red) {
            self.red[slot] = true;
        }
    }

    /// Removes a copy the hand holds.
    pub fn remove(&mut self, copy: TileCopy) {
        let _ = self.hand.remove(copy.tile);
        if let (Some(slot), true) = (red_slot(copy.tile), copy.red) {
            self.red[slot] = false;
        }
    }

    /// The red fives held, as kind bits (`1 << index`).
    fn red_bits(&self) -> u64 {
        u64::from(self.red[0]) << 4 | u64::from(self.red[1]) << 13 | u64::from(self.red[2]) << 22
    }

    /// Calls `f` with each distinct copy held of the kinds `among`, in index order (a red
    /// five before a plain one), once `besides` (when given) is set aside: a copy held only
    /// once is then skipped.
    pub fn for_each_copy_besides(
        &self,
        besides: Option<TileCopy>,
        among: TileSet,
        mut f: impl FnMut(TileCopy),
    ) {
        let reds = self.red_bits();
        let skip = besides.filter(|&copy| self.held(copy) == 1);
        let mut kinds = self.hand.kinds().bits() & among.bits();
        // The only copy of a kind without a red five, set aside: the kind is skipped (a
        // kind with a red five is sorted out below).
        if let Some(copy) = skip
            && reds >> copy.tile.index() & 1 == 0
        {
            kinds &= !(1 << copy.tile.index());
        }
        for tile in TileSet::from_bits(kinds) {
            let plain = TileCopy::plain(tile);
            if reds >> tile.index() & 1 == 0 {
                f(plain);
                continue;
            }
            let red = TileCopy { tile, red: true };
            if skip != Some(red) {
                f(red);
            }
            if self.hand.count(tile) > 1 && skip != Some(plain) {
                f(plain);
            }
        }
    }

    /// The distinct copies the hand holds, in index order (a red five before a plain one).
    #[cfg(test)]
    pub fn copies(&self) -> impl Iterator<Item = TileCopy> + '_ {
        self.hand.kinds().iter().flat_map(move |tile| {
            let red = TileCopy { tile, red: true };
            let plain = TileCopy::plain(tile);
            [red, plain].into_iter().filter(|&c| self.has(c))
        })
    }

    /// Makes `out` every tile held, as physical copies in index order (a red five first).
    pub fn copies_into(&self, out: &mut Vec<TileCopy>) {
        // Each kind writes four copies (the red five first) and keeps as many as it holds.
        let mut copies = [TileCopy::plain(Tile::ALL[0]); MAX_TILES + MAX_COPIES as usize];
        let mut len = 0;
        let reds = self.red_bits();
        for tile in self.hand.kinds() {
            let Some(slots) = copies.get_mut(len..len + MAX_COPIES as usize) else {
                break;
            };
            let plain = TileCopy::plain(tile);
            let first = TileCopy {
                tile,
                red: reds >> tile.index() & 1 == 1,
            };
            if let Ok(slots) = <&mut [TileCopy; 4]>::try_from(slots) {
                *slots = [first, plain, plain, plain];
            }
            len += usize::from(self.hand.count(tile));
        }
        out.clear();
        out.extend_from_slice(&copies[..len.min(MAX_TILES)]);
    }

    /// The red fives among the concealed tiles, per suit.
    pub fn red_counts(&self) -> [u8; 3] {
        self.red.map(u8::from)
    }

    /// The concealed tiles without `copy` (unchanged when it is not there).
    #[cfg(test)]
    pub fn without(mut self, copy: TileCopy) -> Concealed {
        if self.has(copy) {
            self.remove(copy);
        }
        self
    }
}

/// Room for a whole hand's discards: 18 turns and more, one per kan.
const DISCARDS_ROOM: usize = 32;

impl Player {
    /// A seat with nothing yet, its discard pile allocated once for the whole hand.
    pub fn with_room() -> Player {
        Player {
            discards: Vec::with_capacity(DISCARDS_ROOM),
            ..Player::default()
        }
    }

    /// Brings `waits` (and, with `3n+2` tiles, `shanten`) up to date after a change of the
    /// concealed tiles.
    pub fn refresh(&mut self) {
        let hand = &self.tiles.hand;
        if hand.len() % 3 == 2 {
            self.shanten = hand.shanten();
            self.waits = TileSet::EMPTY;
        } else {
            self.waits = hand.waits();
        }
    }

    /// Brings `waits` up to date after a discard: none when the hand it came from was not
    /// tenpai or complete (its shanten above 0), without asking the tables.
    pub fn refresh_after_discard(&mut self) {
        self.waits = if self.shanten > 0 {
            TileSet::EMPTY
        } else {
            self.tiles.hand.waits()
        };
    }

    /// Whether every meld is a closed kan.
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| m.meld.kind() == MeldKind::Ankan)
    }

    /// The number of kans.
    pub fn kans(&self) -> usize {
        self.melds.iter().filter(|m| m.meld.kind().is_kan()).count()
    }

    /// Whether a wait is among the own discards, or a winning tile passed (furiten).
    pub fn is_furiten(&self, waits: TileSet) -> bool {
        waits.bits() & self.discarded.bits() != 0 || self.temporary_furiten || self.riichi_furiten
    }

    /// Whether every discard is a terminal or honor and none was called (nagashi mangan).
    pub fn is_nagashi(&self) -> bool {
        self.discards
            .iter()
            .all(|d| d.tile.tile.is_terminal_or_honor() && !d.called)
    }

    /// Every physical tile held: concealed and in melds (called tiles included).
    #[cfg(test)]
    pub fn tile_count(&self) -> usize {
        self.tiles.hand.len()
            + self
                .melds
                .iter()
                .map(|m| m.meld.kind().tiles())
                .sum::<usize>()
            + usize::from(self.kita)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_red_slots_are_the_fives_of_the_number_suits() {
        for tile in Tile::ALL {
            let five = tile.number() == 5 && !tile.is_honor();
            assert_eq!(red_slot(tile), five.then_some(tile.index() as usize / 9));
        }
    }
}
