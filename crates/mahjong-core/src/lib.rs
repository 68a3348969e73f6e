#![doc = include_str!("../README.md")]

/// The rules this crate implements, as the workspace's rules spec states them: the sections
/// that docs cite as "spec section N".
#[doc = include_str!("../RULES.md")]
pub mod spec {}

mod action;
mod analysis;
pub mod bot;
mod decompose;
mod event;
mod excerpt;
mod game;
mod hand;
mod lanes;
mod outcome;
mod riichi;
mod rules;
pub mod score;
mod seat;
mod special;
mod tables;
mod tile;
mod tile_set;
mod view;
mod wall;

pub use action::{Action, ActionError, ParseActionError};
pub use decompose::{Meld, Shape};
pub use event::Event;
pub use excerpt::{MAX_QUOTED_CHARS, excerpt};
pub use game::Game;
pub use hand::{Hand, HandError, MAX_COPIES, MAX_TILES, ParseHandError};
pub use outcome::{Agari, Outcome, Win};
pub use riichi::RiichiDiscards;
pub use rules::{Rules, RulesError};
pub use seat::{MAX_SEATS, Seat, SeatError};
pub use tile::{KINDS, ParseTileError, Suit, Tile, TileErrorReason};
pub use tile_set::{TileSet, TileSetIter};
pub use view::View;
pub use wall::{DEAD_WALL_TILES, LIVE_TILES, WALL_TILES, Wall, WallError};

/// Builds the hand-analysis and scoring lookup tables now instead of on first use (tens of
/// milliseconds, once per process); benches call it so that the build stays out of their
/// timings.
pub fn warm_up() {
    let _ = tables::tables();
    score::warm_up();
}
