//! One seat's private state in a hand: concealed tiles with their red fives, melds,
//! discards, riichi and furiten.

use crate::game::kyoku::event::{DiscardedTile, TableMeld};
use crate::hand::concealed::Hand;
use crate::hand::score::{MeldKind, TileCopy};
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// The number suit of a five (`0` man, `1` pin, `2` sou), the suits that have a red copy.
pub(crate) fn red_slot(tile: Tile) -> Option<usize> {
    (tile.number() == 5 && !tile.is_honor()).then_some(tile.index() as usize / 9)
}

/// A riichi declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
pub(crate) struct Concealed {
    pub hand: Hand,
    pub red: [bool; 3],
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Player {
    pub tiles: Concealed,
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
}

impl Concealed {
    /// Whether the concealed tiles hold this copy.
    pub fn has(&self, copy: TileCopy) -> bool {
        let count = self.hand.count(copy.tile);
        match red_slot(copy.tile) {
            Some(slot) if copy.red => self.red[slot],
            Some(slot) => count > u8::from(self.red[slot]),
            None => !copy.red && count > 0,
        }
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

    /// The distinct copies the hand holds, in index order (a red five before a plain one).
    pub fn copies(&self) -> impl Iterator<Item = TileCopy> + '_ {
        self.hand.kinds().iter().flat_map(move |tile| {
            let red = TileCopy { tile, red: true };
            let plain = TileCopy::plain(tile);
            [red, plain].into_iter().filter(|&c| self.has(c))
        })
    }

    /// The red fives among the concealed tiles, per suit.
    pub fn red_counts(&self) -> [u8; 3] {
        self.red.map(u8::from)
    }

    /// The concealed tiles without `copy` (unchanged when it is not there).
    pub fn without(mut self, copy: TileCopy) -> Concealed {
        if self.has(copy) {
            self.remove(copy);
        }
        self
    }
}

impl Player {
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
    }
}
