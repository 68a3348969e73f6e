//! The sizes of the wall (136 tiles in drawing order, the last 14 of them the dead wall:
//! [spec](crate::spec) sections 3 and 4) and why a tile order is not a wall.

use thiserror::Error;

use crate::hand::tile::Tile;

/// The number of tiles in the wall: 34 kinds, 4 copies each.
pub const WALL_TILES: usize = 136;
/// The number of tiles of the dead wall, the last of the wall: the dora indicators and the
/// replacement draws after a kan in the full game, never drawn in the classroom game.
pub const DEAD_WALL_TILES: usize = 14;
/// The number of live tiles: those dealt and drawn.
pub const LIVE_TILES: usize = WALL_TILES - DEAD_WALL_TILES;

/// A tile order that is not a wall.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WallError {
    /// Not 136 tiles.
    #[error("a wall has 136 tiles, not {len}")]
    Length {
        /// How many tiles were given.
        len: usize,
    },
    /// A kind not present exactly 4 times.
    #[error("a wall holds 4 copies of each kind, not {count} of {tile}")]
    Copies {
        /// The first kind (in index order) with the wrong count.
        tile: Tile,
        /// How many copies were given.
        count: usize,
    },
    /// Red copies where the rules have none, or not exactly one red five per number suit
    /// (the full game's wall, [`crate::TileWall`]).
    #[error(
        "{count} red copies of {tile}: the wall has one red 5m, 5p and 5s with red fives, else none"
    )]
    Red {
        /// The first kind (in index order) with the wrong number of red copies.
        tile: Tile,
        /// How many red copies were given.
        count: usize,
    },
}
