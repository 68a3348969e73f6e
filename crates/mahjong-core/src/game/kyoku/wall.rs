//! The physical wall of the full game ([spec](crate::spec) section 4): 136 tiles, three of
//! them red fives, the last 14 the dead wall with the replacement tiles and the indicators.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::game::wall::{LIVE_TILES, WALL_TILES, WallError};
use crate::hand::score::TileCopy;
use crate::hand::tile::{KINDS, Tile};

/// The replacement (rinshan) tiles: the first 4 of the dead wall, drawn in order.
pub const RINSHAN_TILES: usize = 4;
/// The most dora indicators: the first, and one per kan.
pub const MAX_INDICATORS: usize = 5;

/// The 136 physical tiles of a full-game hand in the order they are dealt and drawn.
///
/// Layout of the dead wall, `tiles[122..136]`: `[122..126]` the four replacement tiles,
/// drawn in that order after each kan; `[126..131]` the dora indicators (the first is shown
/// at the start, one more after each kan); `[131..136]` the ura-dora indicators, each under
/// the dora indicator of the same position.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TileWall {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    tiles: [TileCopy; WALL_TILES],
}

impl TileWall {
    /// A wall shuffled by `rng`, with the three red fives when `red_fives`.
    pub fn shuffled<R: Rng + ?Sized>(red_fives: bool, rng: &mut R) -> TileWall {
        let mut tiles = [TileCopy::plain(Tile::ALL[0]); WALL_TILES];
        for (slot, index) in tiles.iter_mut().zip(0..) {
            let tile = Tile::ALL[index / 4];
            // The first copy of each number suit's five is the red one.
            let red = red_fives && index % 4 == 0 && tile.number() == 5 && !tile.is_honor();
            *slot = TileCopy { tile, red };
        }
        tiles.shuffle(rng);
        TileWall { tiles }
    }

    /// A wall of 136 plain 1m, for a hand whose tiles are learnt as they show (a seat's
    /// reconstruction from what it is told); not a wall a hand is dealt from.
    #[cfg(feature = "mjai")]
    pub(super) fn blank() -> TileWall {
        TileWall {
            tiles: [TileCopy::plain(Tile::ALL[0]); WALL_TILES],
        }
    }

    /// The wall of an explicit order: `tiles[0]` is dealt first, `tiles[122..]` is the
    /// dead wall (see [`TileWall`] for its layout).
    ///
    /// # Errors
    /// [`WallError::Length`] unless there are 136 tiles, [`WallError::Copies`] when a
    /// kind is not there exactly 4 times, [`WallError::Red`] when a tile other than a
    /// five is red or the red fives are not one per number suit (with `red_fives`) or none.
    pub fn from_tiles(tiles: &[TileCopy], red_fives: bool) -> Result<TileWall, WallError> {
        let tiles: [TileCopy; WALL_TILES] = tiles
            .try_into()
            .map_err(|_| WallError::Length { len: tiles.len() })?;
        let mut counts = [0usize; KINDS];
        let mut reds = [0usize; KINDS];
        for copy in tiles {
            counts[copy.tile.index() as usize] += 1;
            reds[copy.tile.index() as usize] += usize::from(copy.red);
        }
        if let Some(&tile) = Tile::ALL.iter().find(|t| counts[t.index() as usize] != 4) {
            let count = counts[tile.index() as usize];
            return Err(WallError::Copies { tile, count });
        }
        for tile in Tile::ALL {
            let five = tile.number() == 5 && !tile.is_honor();
            let expected = usize::from(five && red_fives);
            let count = reds[tile.index() as usize];
            if count != expected {
                return Err(WallError::Red { tile, count });
            }
        }
        Ok(TileWall { tiles })
    }

    /// The 136 tiles in drawing order.
    pub fn tiles(&self) -> &[TileCopy; WALL_TILES] {
        &self.tiles
    }

    /// The live tile of index `taken` (`0..122`), clamped to the last.
    pub(crate) fn live(&self, taken: usize) -> TileCopy {
        self.tiles[taken.min(LIVE_TILES - 1)]
    }

    /// The replacement tile of index `kans` (`0..4`), clamped to the last.
    pub(crate) fn rinshan(&self, kans: usize) -> TileCopy {
        self.tiles[LIVE_TILES + kans.min(RINSHAN_TILES - 1)]
    }

    /// The first `count` dora indicators (at most 5).
    pub fn dora_indicators(&self, count: usize) -> &[TileCopy] {
        let start = LIVE_TILES + RINSHAN_TILES;
        &self.tiles[start..start + count.min(MAX_INDICATORS)]
    }

    /// Puts `tile` at dora indicator position `index` (`0..5`; later ones are ignored): a
    /// seat's reconstruction of a hand learns the indicators as they are turned.
    #[cfg(feature = "mjai")]
    pub(super) fn set_dora_indicator(&mut self, index: usize, tile: TileCopy) {
        if let Some(slot) = self.tiles.get_mut(LIVE_TILES + RINSHAN_TILES + index)
            && index < MAX_INDICATORS
        {
            *slot = tile;
        }
    }

    /// The first `count` ura-dora indicators (at most 5).
    pub fn ura_indicators(&self, count: usize) -> &[TileCopy] {
        let start = LIVE_TILES + RINSHAN_TILES + MAX_INDICATORS;
        &self.tiles[start..start + count.min(MAX_INDICATORS)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn shuffled_walls_hold_three_red_fives() {
        let wall = TileWall::shuffled(true, &mut StdRng::seed_from_u64(3));
        assert_eq!(wall.tiles().iter().filter(|t| t.red).count(), 3);
        assert_eq!(TileWall::from_tiles(wall.tiles(), true), Ok(wall.clone()));
        let error = TileWall::from_tiles(wall.tiles(), false).unwrap_err();
        assert!(matches!(error, WallError::Red { count: 1, .. }), "{error}");
        let plain = TileWall::shuffled(false, &mut StdRng::seed_from_u64(3));
        assert!(plain.tiles().iter().all(|t| !t.red));
        assert_eq!(wall.dora_indicators(9).len(), 5);
        assert_eq!(wall.ura_indicators(1)[0], wall.tiles()[131]);
    }
}
