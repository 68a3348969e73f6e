//! The walls of the mahjong environments, from seeds ([`crate::seed`]).
//!
//! A hand's wall is the 136 tiles in kind order (`1m 1m 1m 1m 2m ... 7z`; with red fives the
//! first copy of 5m, 5p and 5s is the red one), at three seats (sanma) the 108 of them that
//! are not 2m-8m in the same order (`1m 1m 1m 1m 9m ... 7z`, the red 5p and 5s first of
//! their kinds), shuffled by [`shuffle`] with
//! [`SplitMix64`]`::new(`[`hand_seed`]`(seed, hand, honba))`, where `hand` counts the hands
//! dealt in the episode from 0 (a renchan or a draw deals a new hand number) and `honba`
//! is the table's counter. The classroom game's wall is the 136 kinds in the same order,
//! shuffled from `SplitMix64::new(seed)`.

use mahjong_core::classroom::Wall;
use mahjong_core::score::TileCopy;
use mahjong_core::{Rules, Tile, TileWall, WALL_TILES, WallError};

use crate::seed::{SplitMix64, hand_seed, shuffle};

/// Whether a kind is in the three-player wall: every kind but 2m-8m.
fn in_sanma(tile: Tile) -> bool {
    !(1..8).contains(&tile.index())
}

/// The tiles of a full-game wall in kind order before the shuffle, in the first `len` of
/// the array: 136, or 108 for `sanma`.
fn ordered(sanma: bool, red_fives: bool) -> ([TileCopy; WALL_TILES], usize) {
    let mut tiles = [TileCopy::plain(Tile::ALL[0]); WALL_TILES];
    let kinds = Tile::ALL.into_iter().filter(|&t| !sanma || in_sanma(t));
    let copies = kinds.flat_map(|tile| {
        let five = tile.number() == 5 && !tile.is_honor();
        (0..4).map(move |copy| TileCopy {
            tile,
            red: red_fives && five && copy == 0,
        })
    });
    let mut len = 0;
    for (slot, copy) in tiles.iter_mut().zip(copies) {
        *slot = copy;
        len += 1;
    }
    (tiles, len)
}

/// The four-player wall of hand `hand` (0 for the first of the episode) at `honba` of an
/// episode of `seed`: [`wall_for_rules`] of a four-player game.
///
/// # Errors
/// None in fact, as for [`wall_for_rules`].
pub fn full_game_wall(
    seed: u64,
    hand: u32,
    honba: u32,
    red_fives: bool,
) -> Result<TileWall, WallError> {
    shuffled(seed, hand, honba, false, red_fives)
}

/// The wall of hand `hand` (0 for the first of the episode) at `honba` of an episode of
/// `seed` in a game of `rules`: 108 tiles at three seats, else 136; red fives as
/// `rules.red_fives` says.
///
/// # Errors
/// None in fact: the tiles are always a permutation of a valid wall, which
/// [`TileWall::from_tiles`] accepts; its error is passed on rather than unwrapped.
pub fn wall_for_rules(
    seed: u64,
    hand: u32,
    honba: u32,
    rules: &Rules,
) -> Result<TileWall, WallError> {
    shuffled(seed, hand, honba, rules.seats == 3, rules.red_fives)
}

fn shuffled(
    seed: u64,
    hand: u32,
    honba: u32,
    sanma: bool,
    red_fives: bool,
) -> Result<TileWall, WallError> {
    let (mut tiles, len) = ordered(sanma, red_fives);
    let tiles = &mut tiles[..len];
    shuffle(tiles, &mut SplitMix64::new(hand_seed(seed, hand, honba)));
    TileWall::from_tiles(tiles, red_fives)
}

/// The classroom game's wall of an episode of `seed`.
///
/// # Errors
/// None in fact, as for [`full_game_wall`].
pub fn classroom_wall(seed: u64) -> Result<Wall, WallError> {
    let mut tiles: [Tile; WALL_TILES] = std::array::from_fn(|i| Tile::ALL[i / 4]);
    shuffle(&mut tiles, &mut SplitMix64::new(seed));
    Wall::from_tiles(&tiles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_are_fixed_by_seed_hand_and_honba() {
        let wall = |hand, honba| full_game_wall(7, hand, honba, true).unwrap();
        assert_eq!(wall(0, 0), wall(0, 0));
        assert_ne!(wall(0, 0), wall(1, 0));
        assert_ne!(wall(1, 0), wall(1, 1));
        assert_eq!(wall(0, 0).tiles().iter().filter(|t| t.red).count(), 3);
        assert_eq!(classroom_wall(3).unwrap(), classroom_wall(3).unwrap());
        let sanma = wall_for_rules(7, 0, 0, &Rules::tenhou_sanma()).unwrap();
        assert_eq!(sanma.tiles().len(), 108);
        assert!(sanma.is_sanma());
        let reds: Vec<String> = sanma
            .tiles()
            .iter()
            .filter(|t| t.red)
            .map(|t| t.to_string())
            .collect();
        assert_eq!(reds.len(), 2, "{reds:?}");
        assert_eq!(
            wall_for_rules(7, 0, 0, &Rules::tenhou()).unwrap(),
            wall(0, 0)
        );
    }
}
