//! The wall of a logged hand, rebuilt from its lines: the dealt tiles, the draws in order,
//! the replacement tiles after kans, the dora and ura-dora indicators, and the tiles the
//! log never shows filled in index order (they are never drawn, so any order replays the
//! same hand).

use crate::game::kyoku::{MAX_INDICATORS, RINSHAN_TILES, TileWall};
use crate::game::seat::MAX_SEATS;
use crate::game::wall::{LIVE_TILES, WALL_TILES};
use crate::hand::score::TileCopy;
use crate::hand::tile::{KINDS, Tile};
use crate::mjai::error::MjaiError;
use crate::mjai::event::MjaiEvent;
use crate::mjai::parse::Line;
use crate::mjai::tile::MjaiTile;
use crate::mjai::write::{FIRST_DRAW, dealt_indices};

/// The first dora indicator and the first ura-dora indicator in the wall.
const DORA_AT: usize = LIVE_TILES + RINSHAN_TILES;
const URA_AT: usize = DORA_AT + MAX_INDICATORS;

/// The wall being rebuilt: the slots the log fills and the tiles left to place.
struct Builder {
    slots: [Option<TileCopy>; WALL_TILES],
    /// Copies left per kind: `[plain, red]`.
    left: [[u8; 2]; KINDS],
    line: usize,
}

impl Builder {
    fn new(red_fives: bool) -> Builder {
        let mut left = [[4, 0]; KINDS];
        for tile in Tile::ALL {
            if red_fives && tile.number() == 5 && !tile.is_honor() {
                left[tile.index() as usize] = [3, 1];
            }
        }
        Builder {
            slots: [None; WALL_TILES],
            left,
            line: 0,
        }
    }

    fn impossible(&self, reason: String) -> MjaiError {
        MjaiError::ImpossibleWall {
            line: self.line,
            reason,
        }
    }

    /// Puts the tile of `field` at wall index `at`.
    fn place(&mut self, at: usize, tile: MjaiTile, field: &str) -> Result<(), MjaiError> {
        let MjaiTile::Known(copy) = tile else {
            return Err(MjaiError::Hidden {
                line: self.line,
                field: field.to_string(),
            });
        };
        let left = &mut self.left[copy.tile.index() as usize][usize::from(copy.red)];
        if *left == 0 {
            return Err(self.impossible(format!("one {tile} more than the wall holds")));
        }
        *left -= 1;
        self.slots[at] = Some(copy);
        Ok(())
    }

    /// The wall: the placed tiles, the rest in index order.
    fn finish(self, red_fives: bool) -> Result<TileWall, MjaiError> {
        let mut rest = Tile::ALL.iter().flat_map(|&tile| {
            let [plain, red] = self.left[tile.index() as usize];
            let red = std::iter::repeat_n(TileCopy { tile, red: true }, red as usize);
            red.chain(std::iter::repeat_n(TileCopy::plain(tile), plain as usize))
        });
        let tiles: Vec<TileCopy> = self
            .slots
            .iter()
            .filter_map(|slot| slot.or_else(|| rest.next()))
            .collect();
        TileWall::from_tiles(&tiles, red_fives).map_err(|e| MjaiError::ImpossibleWall {
            line: self.line,
            reason: e.to_string(),
        })
    }
}

/// The wall of the hand whose lines are `lines` (from its `start_kyoku` on; lines of later
/// hands are not read).
///
/// # Errors
/// [`MjaiError::Hidden`] for a `?` tile, [`MjaiError::ImpossibleWall`] for a tile more
/// often than the wall holds it, or more draws, replacement tiles or indicators than the
/// wall has; [`MjaiError::Unexpected`] unless the first line is `start_kyoku`.
pub(super) fn rebuild(lines: &[Line], red_fives: bool) -> Result<TileWall, MjaiError> {
    let mut wall = Builder::new(red_fives);
    let Some((first, rest)) = lines.split_first() else {
        return Err(MjaiError::Truncated {
            line: 0,
            expected: "start_kyoku".to_string(),
        });
    };
    wall.line = first.number;
    let MjaiEvent::StartKyoku {
        oya,
        dora_marker,
        tehais,
        ..
    } = &first.event
    else {
        return Err(MjaiError::Unexpected {
            line: first.number,
            found: first.event.kind().to_string(),
            expected: "a start_kyoku line".to_string(),
        });
    };
    for offset in 0..MAX_SEATS {
        let hand = &tehais[(usize::from(*oya) + offset) % MAX_SEATS];
        for (at, &tile) in dealt_indices(offset).zip(hand) {
            wall.place(at, tile, "tehais")?;
        }
    }
    wall.place(DORA_AT, *dora_marker, "dora_marker")?;
    let (mut live, mut rinshan, mut dora, mut ura) = (FIRST_DRAW, 0, 1, false);
    let mut after_kan = false;
    for line in rest {
        wall.line = line.number;
        match &line.event {
            MjaiEvent::StartKyoku { .. } | MjaiEvent::EndGame { .. } => break,
            MjaiEvent::Tsumo { pai, .. } if after_kan => {
                if rinshan == RINSHAN_TILES {
                    return Err(wall.impossible("a fifth replacement tile".to_string()));
                }
                wall.place(LIVE_TILES + rinshan, *pai, "pai")?;
                rinshan += 1;
            }
            MjaiEvent::Tsumo { pai, .. } => {
                if live + rinshan >= LIVE_TILES {
                    return Err(wall.impossible("a draw from an empty live wall".to_string()));
                }
                wall.place(live, *pai, "pai")?;
                live += 1;
            }
            MjaiEvent::Dora { dora_marker } => {
                if dora == MAX_INDICATORS {
                    return Err(wall.impossible("a sixth dora indicator".to_string()));
                }
                wall.place(DORA_AT + dora, *dora_marker, "dora_marker")?;
                dora += 1;
            }
            MjaiEvent::Hora {
                uradora_markers: Some(markers),
                ..
            } if !ura && !markers.is_empty() => {
                if markers.len() > MAX_INDICATORS {
                    return Err(wall.impossible("more than 5 ura-dora indicators".to_string()));
                }
                for (i, &marker) in markers.iter().enumerate() {
                    wall.place(URA_AT + i, marker, "uradora_markers")?;
                }
                ura = true;
            }
            _ => {}
        }
        after_kan = match line.event {
            MjaiEvent::Ankan { .. } | MjaiEvent::Kakan { .. } | MjaiEvent::Daiminkan { .. } => true,
            MjaiEvent::Dora { .. } | MjaiEvent::ReachAccepted { .. } => after_kan,
            _ => false,
        };
    }
    wall.finish(red_fives)
}
