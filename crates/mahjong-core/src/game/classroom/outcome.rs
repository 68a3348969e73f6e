//! How a game ended: who won, how, and with what; or who was tenpai at the exhaustive draw
//! ([spec](crate::spec) section 3).

use std::fmt;

use crate::game::seat::Seat;
use crate::game::write_ryuukyoku;
use crate::hand::concealed::Hand;
use crate::hand::decompose::Shape;
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

impl fmt::Display for Win {
    /// `tsumo` or `ron from seat 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Win::Tsumo => f.write_str("tsumo"),
            Win::Ron { from } => write!(f, "ron from {from}"),
        }
    }
}

impl fmt::Display for Outcome {
    /// `seat 0 wins by tsumo on 5s, riichi: 123m 456m 789m 123p 55s`, or
    /// `ryuukyoku, tenpai: seats 1 3` (`tenpai: seat 1` for one seat, `no one tenpai`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Agari(agari) => {
                let riichi = if agari.riichi { ", riichi" } else { "" };
                write!(
                    f,
                    "{} wins by {} on {}{riichi}: {}",
                    agari.winner, agari.win, agari.tile, agari.shape
                )
            }
            Outcome::Ryuukyoku { tenpai } => {
                let seats: Vec<usize> = tenpai.iter().map(|seat| seat.index()).collect();
                write_ryuukyoku(f, &seats)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_read_as_sentences() {
        let hand: Hand = "123m456m789m123p55s".parse().unwrap();
        let agari = Agari {
            winner: Seat::ALL[0],
            win: Win::Ron { from: Seat::ALL[3] },
            tile: "5s".parse().unwrap(),
            hand,
            waits: "5s".parse().unwrap(),
            riichi: true,
            shape: hand.decompose().unwrap(),
        };
        assert_eq!(
            Outcome::Agari(agari).to_string(),
            "seat 0 wins by ron from seat 3 on 5s, riichi: 123m 456m 789m 123p 55s"
        );
        let draw = Outcome::Ryuukyoku {
            tenpai: vec![Seat::ALL[1], Seat::ALL[3]],
        };
        assert_eq!(draw.to_string(), "ryuukyoku, tenpai: seats 1 3");
        let draw = Outcome::Ryuukyoku {
            tenpai: vec![Seat::ALL[1]],
        };
        assert_eq!(draw.to_string(), "ryuukyoku, tenpai: seat 1");
        let draw = Outcome::Ryuukyoku { tenpai: vec![] };
        assert_eq!(draw.to_string(), "ryuukyoku, no one tenpai");
    }
}
