//! What happened, in order, as [`crate::classroom::Game::apply`] reports it ([spec](crate::spec)
//! section 3), and what one seat may know of it ([`Event::seen_by`]).
//!
//! Events tell the whole truth, drawn tiles and riichi waits included; a program that shows
//! them to one seat (a terminal, a server, a learning environment) shows each event's
//! `seen_by(seat)` form instead.

use std::fmt;

use crate::game::seat::Seat;
use crate::game::write_ryuukyoku;
use crate::hand::concealed::Hand;
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Event {
    /// `seat` drew a tile from the live wall.
    Draw {
        /// The seat.
        seat: Seat,
        /// The tile: always there in the events [`crate::classroom::Game::apply`] returns, `None` in
        /// the form another seat sees ([`Event::seen_by`]).
        tile: Option<Tile>,
    },
    /// `seat` declared riichi; the [`Event::Discard`] that follows is its riichi discard.
    Riichi {
        /// The seat.
        seat: Seat,
        /// The waits the riichi hand keeps: always there in the events
        /// [`crate::classroom::Game::apply`] returns, `None` in the form another seat sees
        /// ([`Event::seen_by`]), since riichi does not announce its waits.
        waits: Option<TileSet>,
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

impl Event {
    /// What `seat` may know of this event: the event itself, except that another seat's
    /// [`Event::Draw`] loses its tile and another seat's [`Event::Riichi`] its waits (both
    /// become `None`). Discards, wins (the winning hand is shown to all) and the tenpai seats
    /// of a ryuukyoku are public. Two games that differ only in what `seat` cannot see give
    /// `seat` the same `seen_by` events.
    pub fn seen_by(&self, seat: Seat) -> Event {
        match *self {
            Event::Draw { seat: drawer, .. } if drawer != seat => Event::Draw {
                seat: drawer,
                tile: None,
            },
            Event::Riichi { seat: declarer, .. } if declarer != seat => Event::Riichi {
                seat: declarer,
                waits: None,
            },
            _ => self.clone(),
        }
    }
}

impl fmt::Display for Event {
    /// One line in MPSZ: `seat 1 draws 5m` (`seat 1 draws a tile` when hidden),
    /// `seat 1 declares riichi, waiting on 25p` (`seat 1 declares riichi`),
    /// `seat 1 discards 9s`, `seat 2 tsumo on 5s: 123m456m789m123p55s`,
    /// `seat 0 wins by ron on 5s from seat 3: ...`, `ryuukyoku, tenpai: seat 1` (one seat),
    /// `ryuukyoku, tenpai: seats 1 3`, `ryuukyoku, no one tenpai`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Draw {
                seat,
                tile: Some(tile),
            } => write!(f, "{seat} draws {tile}"),
            Event::Draw { seat, tile: None } => write!(f, "{seat} draws a tile"),
            Event::Riichi {
                seat,
                waits: Some(waits),
            } => write!(f, "{seat} declares riichi, waiting on {waits}"),
            Event::Riichi { seat, waits: None } => write!(f, "{seat} declares riichi"),
            Event::Discard { seat, tile } => write!(f, "{seat} discards {tile}"),
            Event::Tsumo {
                seat, tile, hand, ..
            } => {
                write!(f, "{seat} tsumo on {tile}: {hand}")
            }
            Event::Ron {
                seat,
                from,
                tile,
                hand,
                ..
            } => write!(f, "{seat} wins by ron on {tile} from {from}: {hand}"),
            Event::Ryuukyoku { tenpai } => {
                let seats: Vec<usize> = tenpai.iter().map(|seat| seat.index()).collect();
                write_ryuukyoku(f, &seats)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: [Seat; 4] = Seat::ALL;

    #[test]
    fn events_read_as_lines() {
        let tile: Tile = "5s".parse().unwrap();
        let hand: Hand = "123m456m789m123p55s".parse().unwrap();
        let waits: TileSet = "25p".parse().unwrap();
        let lines = [
            (
                Event::Draw {
                    seat: S[1],
                    tile: Some(tile),
                },
                "seat 1 draws 5s",
            ),
            (
                Event::Draw {
                    seat: S[1],
                    tile: None,
                },
                "seat 1 draws a tile",
            ),
            (
                Event::Riichi {
                    seat: S[1],
                    waits: Some(waits),
                },
                "seat 1 declares riichi, waiting on 25p",
            ),
            (
                Event::Riichi {
                    seat: S[1],
                    waits: None,
                },
                "seat 1 declares riichi",
            ),
            (Event::Discard { seat: S[1], tile }, "seat 1 discards 5s"),
            (
                Event::Tsumo {
                    seat: S[2],
                    tile,
                    hand,
                    waits,
                },
                "seat 2 tsumo on 5s: 123456789m123p55s",
            ),
            (
                Event::Ron {
                    seat: S[0],
                    from: S[3],
                    tile,
                    hand,
                    waits,
                },
                "seat 0 wins by ron on 5s from seat 3: 123456789m123p55s",
            ),
            (
                Event::Ryuukyoku { tenpai: vec![S[2]] },
                "ryuukyoku, tenpai: seat 2",
            ),
            (
                Event::Ryuukyoku {
                    tenpai: vec![S[1], S[3]],
                },
                "ryuukyoku, tenpai: seats 1 3",
            ),
            (
                Event::Ryuukyoku { tenpai: vec![] },
                "ryuukyoku, no one tenpai",
            ),
        ];
        for (event, line) in lines {
            assert_eq!(event.to_string(), line);
        }
    }

    #[test]
    fn other_seats_see_no_drawn_tile_and_no_riichi_waits() {
        let tile: Tile = "5s".parse().unwrap();
        let waits: TileSet = "25p".parse().unwrap();
        let draw = Event::Draw {
            seat: S[1],
            tile: Some(tile),
        };
        let riichi = Event::Riichi {
            seat: S[1],
            waits: Some(waits),
        };
        assert_eq!(draw.seen_by(S[1]), draw);
        assert_eq!(riichi.seen_by(S[1]), riichi);
        for other in [S[0], S[2], S[3]] {
            assert_eq!(
                draw.seen_by(other),
                Event::Draw {
                    seat: S[1],
                    tile: None
                }
            );
            assert_eq!(
                riichi.seen_by(other),
                Event::Riichi {
                    seat: S[1],
                    waits: None
                }
            );
        }
        let public = [
            Event::Discard { seat: S[1], tile },
            Event::Ryuukyoku { tenpai: vec![S[1]] },
        ];
        for event in public {
            assert_eq!(event.seen_by(S[0]), event);
        }
    }
}
