#![doc = include_str!("../README.md")]

mod analysis;
mod hand;
mod lanes;
mod riichi;
mod special;
mod tables;
mod tile;
mod tile_set;

pub use hand::{Hand, HandError, MAX_COPIES, MAX_TILES, ParseHandError};
pub use riichi::RiichiDiscards;
pub use tile::{KINDS, ParseTileError, Suit, Tile, TileErrorReason};
pub use tile_set::{TileSet, TileSetIter};

/// Builds the hand-analysis lookup tables now instead of on first use (tens of
/// milliseconds, once per process); benches call it so that the build stays out of their
/// timings.
pub fn warm_up() {
    let _ = tables::tables();
}
