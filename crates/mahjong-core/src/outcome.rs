//! How a game ended: who won, how, and with what; or who was tenpai at the exhaustive draw
//! (rules section 3).

use crate::decompose::Shape;
use crate::game::Seat;
use crate::hand::Hand;
use crate::tile::Tile;
use crate::tile_set::TileSet;

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A seat won.
    Agari(Agari),
    /// The live wall ran out (exhaustive draw).
    Ryuukyoku {
        /// The seats whose hands were tenpai, in seat order.
        tenpai: Vec<Seat>,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Seat> {
        match self {
            Outcome::Agari(agari) => Some(agari.winner),
            Outcome::Ryuukyoku { .. } => None,
        }
    }
}

/// How a seat won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// On its own draw.
    Tsumo,
    /// On the discard of seat `from`.
    Ron {
        /// The discarder.
        from: Seat,
    },
}

/// A win: the seat, how, the winning tile, and the complete hand split into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agari {
    /// The winner.
    pub winner: Seat,
    /// Tsumo, or ron from whom.
    pub win: Win,
    /// The winning tile.
    pub tile: Tile,
    /// The 14 winning tiles.
    pub hand: Hand,
    /// What the hand waited on before the winning tile.
    pub waits: TileSet,
    /// Whether the winner had declared riichi.
    pub riichi: bool,
    /// The hand split into melds and pair, or chiitoitsu, or kokushi.
    pub shape: Shape,
}
