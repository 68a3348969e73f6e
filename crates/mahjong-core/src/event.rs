//! What happened, in order, as [`crate::Game::apply`] reports it (rules section 3).
//!
//! Events tell the whole truth, drawn tiles included: a program that shows them to one seat
//! shows another seat's [`Event::Draw`] without its tile.

use std::fmt;

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

impl fmt::Display for Event {
    /// One line in MPSZ: `seat 1 draws 5m`, `seat 1 declares riichi, waiting on 25p`,
    /// `seat 1 discards 9s`, `seat 2 tsumo on 5s: 123m456m789m123p55s`,
    /// `seat 0 ron on 5s from seat 3: ...`, `ryuukyoku, tenpai: seats 1 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Draw { seat, tile } => write!(f, "seat {seat} draws {tile}"),
            Event::Riichi { seat, waits } => {
                write!(f, "seat {seat} declares riichi, waiting on {waits}")
            }
            Event::Discard { seat, tile } => write!(f, "seat {seat} discards {tile}"),
            Event::Tsumo {
                seat, tile, hand, ..
            } => {
                write!(f, "seat {seat} tsumo on {tile}: {hand}")
            }
            Event::Ron {
                seat,
                from,
                tile,
                hand,
                ..
            } => write!(f, "seat {seat} ron on {tile} from seat {from}: {hand}"),
            Event::Ryuukyoku { tenpai } => {
                let outcome = crate::outcome::Outcome::Ryuukyoku {
                    tenpai: tenpai.clone(),
                };
                write!(f, "{outcome}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_as_lines() {
        let tile: Tile = "5s".parse().unwrap();
        let hand: Hand = "123m456m789m123p55s".parse().unwrap();
        let waits: TileSet = "25p".parse().unwrap();
        let lines = [
            (Event::Draw { seat: 1, tile }, "seat 1 draws 5s"),
            (
                Event::Riichi { seat: 1, waits },
                "seat 1 declares riichi, waiting on 25p",
            ),
            (Event::Discard { seat: 1, tile }, "seat 1 discards 5s"),
            (
                Event::Tsumo {
                    seat: 2,
                    tile,
                    hand,
                    waits,
                },
                "seat 2 tsumo on 5s: 123456789m123p55s",
            ),
            (
                Event::Ron {
                    seat: 0,
                    from: 3,
                    tile,
                    hand,
                    waits,
                },
                "seat 0 ron on 5s from seat 3: 123456789m123p55s",
            ),
            (
                Event::Ryuukyoku { tenpai: vec![2] },
                "ryuukyoku, tenpai: seats 2",
            ),
        ];
        for (event, line) in lines {
            assert_eq!(event.to_string(), line);
        }
    }
}
