//! The physical wall of the full game ([spec](crate::spec) section 4): 136 tiles, three of
//! them red fives, the last 14 the dead wall with the replacement tiles and the indicators;
//! or the 108 tiles of three-player riichi (sanma: no 2m-8m, a red 5p and 5s).

use rand::Rng;
use rand::seq::SliceRandom;

use crate::game::wall::{DEAD_WALL_TILES, WALL_TILES, WallError};
use crate::hand::score::TileCopy;
use crate::hand::tile::{KINDS, Tile};

/// The replacement (rinshan) tiles: the first 4 of the dead wall, drawn in order.
pub const RINSHAN_TILES: usize = 4;
/// The most dora indicators: the first, and one per kan.
pub const MAX_INDICATORS: usize = 5;

/// The tiles of a three-player (sanma) wall: 2m-8m removed.
pub const SANMA_WALL_TILES: usize = WALL_TILES - 7 * 4;

/// The wall index of replacement draw `draws` in a wall of `live` live tiles: the dead
/// wall's four, then the live wall from its end (see [`TileWall`]), clamped to the first.
pub(crate) fn rinshan_index(live: usize, draws: usize) -> usize {
    match draws.checked_sub(RINSHAN_TILES) {
        None => live + draws,
        Some(refill) => live.saturating_sub(1 + refill),
    }
}

/// The wall index of dora indicator `index` in a wall of `live` live tiles (`0..5`; the
/// ura-dora indicators are `5..10`).
pub(crate) fn indicator_index(live: usize, index: usize) -> usize {
    live + RINSHAN_TILES + index
}

/// Whether a kind is in the sanma wall: every kind but 2m-8m.
fn in_sanma(tile: Tile) -> bool {
    !(1..8).contains(&tile.index())
}

/// The 136 physical tiles of a full-game hand in the order they are dealt and drawn, or
/// the 108 of a three-player hand (sanma: no 2m-8m).
///
/// Layout of the dead wall, the last 14 tiles (`tiles[122..136]`, or `[94..108]` in sanma):
/// the first four are the replacement tiles, drawn in that order after each kan (or kita);
/// then the five dora indicators (the first is shown at the start, one more after each
/// kan); then the five ura-dora indicators, each under the dora indicator of the same
/// position. Past the fourth replacement draw (sanma only: four kans and kitas) the dead
/// wall is refilled from the end of the live wall, as Tenhou keeps it at 14 tiles: the
/// fifth replacement tile is the last live tile, the sixth the one before it, and so on
/// (the live wall shrinks by one for every replacement draw, so these are never drawn
/// live).
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TileWall {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    tiles: [TileCopy; WALL_TILES],
    /// The tiles in play: 136, or 108 in sanma (`tiles[len..]` is unused).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::wall_len")
    )]
    len: usize,
    /// A seat's reconstruction of a hand (`TileWall::blank`): its ura-dora indicators are
    /// unknown, so it has none (a plain 1m in their place could make a winning hand look
    /// like one with a fifth 1m).
    #[cfg_attr(feature = "serde", serde(default))]
    blank: bool,
}

impl TileWall {
    /// A wall of 136 tiles shuffled by `rng`, with the three red fives when `red_fives`.
    pub fn shuffled<R: Rng + ?Sized>(red_fives: bool, rng: &mut R) -> TileWall {
        TileWall::shuffled_of(false, red_fives, rng)
    }

    /// A three-player (sanma) wall of 108 tiles (no 2m-8m) shuffled by `rng`, with a red 5p
    /// and 5s when `red_fives` (Tenhou's three-player lobby: "5p and 5s" only, as 5m is gone).
    pub fn shuffled_sanma<R: Rng + ?Sized>(red_fives: bool, rng: &mut R) -> TileWall {
        TileWall::shuffled_of(true, red_fives, rng)
    }

    /// A wall for a game of `rules` shuffled by `rng`: [`TileWall::shuffled_sanma`] at three
    /// seats, else [`TileWall::shuffled`]; red fives as `rules.red_fives` says.
    pub fn for_rules<R: Rng + ?Sized>(rules: &crate::Rules, rng: &mut R) -> TileWall {
        TileWall::shuffled_of(rules.seats == 3, rules.red_fives, rng)
    }

    /// The copies of a wall in index order (each five's red copy first): 136 tiles, or the
    /// 108 of sanma; red fives as `red_fives` says.
    pub(crate) fn copies(sanma: bool, red_fives: bool) -> impl Iterator<Item = TileCopy> {
        let kinds = Tile::ALL
            .into_iter()
            .filter(move |&t| !sanma || in_sanma(t));
        kinds.flat_map(move |tile| {
            (0..4).map(move |copy| TileCopy {
                tile,
                red: red_fives && copy == 0 && tile.number() == 5 && !tile.is_honor(),
            })
        })
    }

    fn shuffled_of<R: Rng + ?Sized>(sanma: bool, red_fives: bool, rng: &mut R) -> TileWall {
        let mut tiles = [TileCopy::plain(Tile::ALL[0]); WALL_TILES];
        let mut len = 0;
        for (slot, copy) in tiles.iter_mut().zip(TileWall::copies(sanma, red_fives)) {
            *slot = copy;
            len += 1;
        }
        tiles[..len].shuffle(rng);
        TileWall {
            tiles,
            len,
            blank: false,
        }
    }

    /// A wall of plain 1m, 136 tiles (108 when `sanma`), for a hand whose tiles are
    /// learnt as they show (a seat's reconstruction from what it is told); not a wall a
    /// hand is dealt from.
    #[cfg(feature = "mjai")]
    pub(super) fn blank(sanma: bool) -> TileWall {
        TileWall {
            tiles: [TileCopy::plain(Tile::ALL[0]); WALL_TILES],
            len: if sanma { SANMA_WALL_TILES } else { WALL_TILES },
            blank: true,
        }
    }

    /// The wall of an explicit order: `tiles[0]` is dealt first, the last 14 are the dead
    /// wall (see [`TileWall`] for its layout). 136 tiles make a four-player wall, 108 a
    /// three-player one (no 2m-8m).
    ///
    /// # Errors
    /// [`WallError::Length`] unless there are 136 or 108 tiles, [`WallError::Copies`] when
    /// a kind is not there exactly 4 times (0 times for 2m-8m in a wall of 108),
    /// [`WallError::Red`] when a tile other than a five is red or the red fives are not one
    /// per number suit in the wall (with `red_fives`) or none.
    pub fn from_tiles(tiles: &[TileCopy], red_fives: bool) -> Result<TileWall, WallError> {
        let len = tiles.len();
        let sanma = len == SANMA_WALL_TILES;
        if len != WALL_TILES && !sanma {
            return Err(WallError::Length { len });
        }
        let mut counts = [0usize; KINDS];
        let mut reds = [0usize; KINDS];
        for copy in tiles {
            counts[copy.tile.index() as usize] += 1;
            reds[copy.tile.index() as usize] += usize::from(copy.red);
        }
        let expected = |tile: Tile| if sanma && !in_sanma(tile) { 0 } else { 4 };
        if let Some(&tile) = Tile::ALL
            .iter()
            .find(|&&t| counts[t.index() as usize] != expected(t))
        {
            let count = counts[tile.index() as usize];
            return Err(WallError::Copies { tile, count });
        }
        for tile in Tile::ALL {
            let five = tile.number() == 5 && !tile.is_honor() && expected(tile) > 0;
            let expected = usize::from(five && red_fives);
            let count = reds[tile.index() as usize];
            if count != expected {
                return Err(WallError::Red { tile, count });
            }
        }
        let mut wall = [TileCopy::plain(Tile::ALL[0]); WALL_TILES];
        wall[..len].copy_from_slice(tiles);
        Ok(TileWall {
            tiles: wall,
            len,
            blank: false,
        })
    }

    /// The tiles in drawing order: 136, or 108 in a three-player wall.
    pub fn tiles(&self) -> &[TileCopy] {
        &self.tiles[..self.len]
    }

    /// Whether this is a three-player (sanma) wall of 108 tiles.
    pub fn is_sanma(&self) -> bool {
        self.len == SANMA_WALL_TILES
    }

    /// The live tiles: those dealt and drawn, 122 (94 in sanma), less one per replacement
    /// draw.
    pub fn live_len(&self) -> usize {
        self.len - DEAD_WALL_TILES
    }

    /// The live tile of index `taken` (`0..live_len`), clamped to the last.
    pub(crate) fn live(&self, taken: usize) -> TileCopy {
        self.tiles[taken.min(self.live_len() - 1)]
    }

    /// The replacement tile of index `draws` (`0..4`, then from the end of the live wall:
    /// see [`TileWall`]), clamped to the first live tile.
    pub(crate) fn rinshan(&self, draws: usize) -> TileCopy {
        self.tiles[rinshan_index(self.live_len(), draws)]
    }

    /// The first `count` dora indicators (at most 5).
    pub fn dora_indicators(&self, count: usize) -> &[TileCopy] {
        let start = indicator_index(self.live_len(), 0);
        &self.tiles[start..start + count.min(MAX_INDICATORS)]
    }

    /// Puts `tile` at dora indicator position `index` (`0..5`; later ones are ignored): a
    /// seat's reconstruction of a hand learns the indicators as they are turned.
    #[cfg(feature = "mjai")]
    pub(super) fn set_dora_indicator(&mut self, index: usize, tile: TileCopy) {
        let at = indicator_index(self.live_len(), index);
        if let Some(slot) = self.tiles.get_mut(at)
            && index < MAX_INDICATORS
        {
            *slot = tile;
        }
    }

    /// The first `count` ura-dora indicators (at most 5; none in a seat's reconstruction
    /// of a hand, which does not know them).
    pub fn ura_indicators(&self, count: usize) -> &[TileCopy] {
        if self.blank {
            return &[];
        }
        let start = indicator_index(self.live_len(), MAX_INDICATORS);
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

    #[test]
    fn sanma_walls_hold_108_tiles_without_2m_to_8m() {
        let wall = TileWall::shuffled_sanma(true, &mut StdRng::seed_from_u64(3));
        assert_eq!(wall.tiles().len(), 108);
        assert!(wall.is_sanma());
        assert_eq!(wall.live_len(), 94);
        assert!(wall.tiles().iter().all(|t| in_sanma(t.tile)));
        let reds: Vec<_> = wall
            .tiles()
            .iter()
            .filter(|t| t.red)
            .map(|t| t.tile)
            .collect();
        assert_eq!(reds.len(), 2, "a red 5p and 5s: {reds:?}");
        assert_eq!(TileWall::from_tiles(wall.tiles(), true), Ok(wall.clone()));
        assert_eq!(wall.ura_indicators(1)[0], wall.tiles()[103]);
        assert_eq!(wall.dora_indicators(1)[0], wall.tiles()[98]);
        // The replacement tiles: the dead wall's four, then the live wall's end.
        let rinshan: Vec<_> = (0..8).map(|i| wall.rinshan(i)).collect();
        assert_eq!(rinshan[..4], wall.tiles()[94..98]);
        assert_eq!(rinshan[4..], [93, 92, 91, 90].map(|i| wall.tiles()[i]));
        let mut with_2m = wall.tiles().to_vec();
        with_2m[0] = TileCopy::plain(Tile::ALL[1]);
        assert!(matches!(
            TileWall::from_tiles(&with_2m, true),
            Err(WallError::Copies { .. })
        ));
        assert_eq!(
            TileWall::from_tiles(&wall.tiles()[1..], true),
            Err(WallError::Length { len: 107 })
        );
    }
}
