#![doc = include_str!("../README.md")]

/// The rules this crate implements, as the workspace's rules spec states them: the sections
/// that docs cite as "spec section N".
#[doc = include_str!("../RULES.md")]
pub mod spec {}

pub mod bot;
mod excerpt;
mod game;
mod hand;
#[cfg(feature = "mjai")]
pub mod mjai;
#[cfg(feature = "serde")]
mod serde_array;
#[cfg(feature = "serde")]
mod serde_checked;

pub use excerpt::{MAX_QUOTED_CHARS, excerpt};
pub use game::classroom;
pub use game::hanchan::{
    Match, MatchEnd, MatchError, MatchEvent, MatchLength, MatchResult, MatchRules, Ties,
    chombo_deltas,
};
pub use game::kyoku::{
    AbortiveDraw, DiscardedTile, Kyoku, KyokuAction, KyokuEnd, KyokuError, KyokuEvent,
    KyokuOutcome, KyokuStart, KyokuView, LegalActions, MAX_INDICATORS, MAX_LEGAL_ACTIONS,
    ParseKyokuActionError, PaymentReason, RINSHAN_TILES, Refusal, TableMeld, TileWall,
};
pub use game::rules::{Pao, Rules, RulesError, TripleRon};
pub use game::seat::{MAX_SEATS, Seat, SeatError};
pub use game::wall::{DEAD_WALL_TILES, LIVE_TILES, WALL_TILES, WallError};
pub use hand::concealed::{Hand, HandError, MAX_COPIES, MAX_TILES, ParseHandError};
pub use hand::decompose::{Meld, Shape};
pub use hand::riichi::RiichiDiscards;
pub use hand::score;
pub use hand::tile::{KINDS, ParseTileError, Suit, Tile, TileErrorReason};
pub use hand::tile_set::{TileSet, TileSetIter};

/// Builds the hand-analysis and scoring lookup tables now instead of on first use (tens of
/// milliseconds, once per process); benches call it so that the build stays out of their
/// timings.
pub fn warm_up() {
    let _ = hand::tables::tables();
    score::warm_up();
}
