//! What happened, in order, as [`crate::Game::apply`] reports it (rules section 3).
//!
//! Events tell the whole truth, drawn tiles included: a program that shows them to one seat
//! shows another seat's [`Event::Draw`] without its tile.

use crate::game::Seat;
use crate::hand::Hand;
use crate::tile::Tile;
use crate::tile_set::TileSet;

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// `seat` drew `tile` from the live wall.
    Draw {
        /// The seat.
        seat: Seat,
        /// The tile (hidden from the other seats).
        tile: Tile,
    },
    /// `seat` declared riichi; the [`Event::Discard`] that follows is its riichi discard.
    Riichi {
        /// The seat.
        seat: Seat,
        /// The waits the riichi hand keeps.
        waits: TileSet,
    },
    /// `seat` discarded `tile`.
    Discard {
        /// The seat.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// `seat` won on its own draw.
    Tsumo {
        /// The seat.
        seat: Seat,
        /// The winning tile.
        tile: Tile,
        /// The 14 winning tiles.
        hand: Hand,
        /// What the 13 tiles before the winning tile waited on.
        waits: TileSet,
    },
    /// `seat` won on the discard of `from`.
    Ron {
        /// The seat.
        seat: Seat,
        /// The discarder.
        from: Seat,
        /// The winning tile.
        tile: Tile,
        /// The 14 winning tiles.
        hand: Hand,
        /// What the 13 tiles before the winning tile waited on.
        waits: TileSet,
    },
    /// The live wall is empty and no one won (exhaustive draw).
    Ryuukyoku {
        /// The seats whose hands were tenpai, in seat order.
        tenpai: Vec<Seat>,
    },
}
