//! The walls of the mahjong environments, from seeds ([`crate::seed`]).
//!
//! A hand's wall is the 136 tiles in kind order (`1m 1m 1m 1m 2m ... 7z`; with red fives the
//! first copy of 5m, 5p and 5s is the red one), shuffled by [`shuffle`] with
//! [`SplitMix64`]`::new(`[`hand_seed`]`(seed, hand, honba))`, where `hand` counts the hands
//! dealt in the episode from 0 (a renchan or a draw deals a new hand number) and `honba`
//! is the table's counter. The classroom game's wall is the 136 kinds in the same order,
//! shuffled from `SplitMix64::new(seed)`.

use mahjong_core::classroom::Wall;
use mahjong_core::score::TileCopy;
use mahjong_core::{Tile, TileWall, WALL_TILES, WallError};

use crate::seed::{SplitMix64, hand_seed, shuffle};

/// The tiles of a full-game wall in kind order before the shuffle.
fn ordered(red_fives: bool) -> [TileCopy; WALL_TILES] {
    std::array::from_fn(|i| {
        let tile = Tile::ALL[i / 4];
        let five = tile.number() == 5 && !tile.is_honor();
        TileCopy {
            tile,
            red: red_fives && five && i % 4 == 0,
        }
    })
}

/// The wall of hand `hand` (0 for the first of the episode) at `honba` of an episode of
/// `seed`.
///
/// # Errors
/// None in fact: the tiles are always a permutation of a valid wall, which
/// [`TileWall::from_tiles`] accepts; its error is passed on rather than unwrapped.
pub fn full_game_wall(
    seed: u64,
    hand: u32,
    honba: u32,
    red_fives: bool,
) -> Result<TileWall, WallError> {
    let mut tiles = ordered(red_fives);
    shuffle(
        &mut tiles,
        &mut SplitMix64::new(hand_seed(seed, hand, honba)),
    );
    TileWall::from_tiles(&tiles, red_fives)
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
    }
}
