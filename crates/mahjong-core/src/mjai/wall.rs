//! The wall of a logged hand, rebuilt from its lines: the dealt tiles, the draws in order,
//! the replacement tiles after kans, the dora and ura-dora indicators, and the tiles the
//! log never shows filled in index order (they are never drawn, so any order replays the
//! same hand).

use crate::game::kyoku::wall::{SANMA_WALL_TILES, indicator_index, rinshan_index};
use crate::game::kyoku::{MAX_INDICATORS, RINSHAN_TILES, TileWall};
use crate::game::rules::Rules;
use crate::game::seat::MAX_SEATS;
use crate::game::wall::{DEAD_WALL_TILES, WALL_TILES};
use crate::hand::score::TileCopy;
use crate::hand::tile::{KINDS, Tile};
use crate::mjai::error::{MjaiError, line_of_type};
use crate::mjai::event::{MjaiEvent, shows_tiles, three_dealt};
use crate::mjai::parse::Line;
use crate::mjai::tile::MjaiTile;
use crate::mjai::write::dealt_indices;

/// The wall being rebuilt: the slots the log fills and the tiles left to place.
struct Builder {
    slots: [Option<TileCopy>; WALL_TILES],
    /// The tiles in play: 136, or 108 at a three-player table.
    len: usize,
    /// Copies left per kind: `[plain, red]`.
    left: [[u8; 2]; KINDS],
    red_fives: bool,
    line: usize,
}

impl Builder {
    /// The empty wall of a hand of `rules`: 136 tiles, or 108 (no 2m-8m) at three seats.
    fn new(rules: &Rules) -> Builder {
        let sanma = rules.seats == 3;
        let mut left = [[0, 0]; KINDS];
        for copy in TileWall::copies(sanma, rules.red_fives) {
            left[copy.tile.index() as usize][usize::from(copy.red)] += 1;
        }
        Builder {
            slots: [None; WALL_TILES],
            len: if sanma { SANMA_WALL_TILES } else { WALL_TILES },
            left,
            red_fives: rules.red_fives,
            line: 0,
        }
    }

    /// The live tiles: those dealt and drawn, before any replacement draw.
    fn live_len(&self) -> usize {
        self.len - DEAD_WALL_TILES
    }

    /// The wall index of dora indicator `index` (ura-dora indicators follow the five).
    fn indicator_at(&self, index: usize) -> usize {
        indicator_index(self.live_len(), index)
    }

    /// The wall index of replacement draw `draws`.
    fn rinshan_at(&self, draws: usize) -> usize {
        rinshan_index(self.live_len(), draws)
    }

    fn impossible(&self, reason: String) -> MjaiError {
        MjaiError::ImpossibleWall {
            line: self.line,
            reason,
        }
    }

    /// Places the dealt tiles `tehais` (by seat) of a hand dealt by `dealer` at a table of
    /// `seats`; a three-player log leaves the fourth seat's tiles empty or hidden (`?`).
    fn deal(
        &mut self,
        dealer: usize,
        tehais: &[Vec<MjaiTile>; MAX_SEATS],
        seats: usize,
    ) -> Result<(), MjaiError> {
        if dealer >= seats {
            return Err(self.impossible(format!("seat {dealer} deals at a table of {seats}")));
        }
        if seats == MAX_SEATS && three_dealt(tehais) {
            return Err(MjaiError::ThreePlayerLog { line: self.line });
        }
        if let Some(seat) = (seats..MAX_SEATS).find(|&seat| shows_tiles(&tehais[seat])) {
            return Err(self.impossible(format!(
                "tiles dealt to seat {seat}, not at a table of {seats}"
            )));
        }
        for offset in 0..seats {
            let hand = &tehais[(dealer + offset) % seats];
            for (at, &tile) in dealt_indices(offset, seats).zip(hand) {
                self.place(at, tile, "tehais")?;
            }
        }
        Ok(())
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
    fn finish(self) -> Result<TileWall, MjaiError> {
        let mut rest = Tile::ALL.iter().flat_map(|&tile| {
            let [plain, red] = self.left[tile.index() as usize];
            let red = std::iter::repeat_n(TileCopy { tile, red: true }, red as usize);
            red.chain(std::iter::repeat_n(TileCopy::plain(tile), plain as usize))
        });
        let tiles: Vec<TileCopy> = self.slots[..self.len]
            .iter()
            .filter_map(|slot| slot.or_else(|| rest.next()))
            .collect();
        TileWall::from_tiles(&tiles, self.red_fives).map_err(|e| MjaiError::ImpossibleWall {
            line: self.line,
            reason: e.to_string(),
        })
    }
}

/// The wall of the hand whose lines are `lines` (from its `start_kyoku` on; lines of later
/// hands are not read), for a hand of `rules`: 136 tiles, or at a three-player table 108
/// (no 2m-8m), dealt to three seats, with `nukidora` (kita) lines followed by their
/// replacement draws.
///
/// # Errors
/// [`MjaiError::ThreePlayerLog`] for a hand dealt to three seats under four-player rules;
/// [`MjaiError::Hidden`] for a `?` tile, [`MjaiError::ImpossibleWall`] for a tile more
/// often than the wall holds it (a 2m in a three-player log), more draws, replacement tiles
/// or indicators than the wall has, a dealer or dealt tiles of a seat not at the table;
/// [`MjaiError::Unexpected`] unless the first line is `start_kyoku`.
pub(super) fn rebuild(lines: &[Line], rules: &Rules) -> Result<TileWall, MjaiError> {
    let mut wall = Builder::new(rules);
    let Some((first, rest)) = lines.split_first() else {
        return Err(MjaiError::Truncated {
            line: 0,
            expected: line_of_type("start_kyoku"),
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
    wall.deal(usize::from(*oya), tehais, rules.seats)?;
    wall.place(wall.indicator_at(0), *dora_marker, "dora_marker")?;
    let first_draw = 13 * rules.seats;
    let (mut live, mut rinshan, mut dora, mut ura) = (first_draw, 0, 1, false);
    let mut after_kan = false;
    for line in rest {
        wall.line = line.number;
        match &line.event {
            MjaiEvent::StartKyoku { .. } | MjaiEvent::EndGame { .. } => break,
            MjaiEvent::Tsumo { pai, .. } if after_kan => {
                if rules.seats == 4 && rinshan == RINSHAN_TILES {
                    return Err(wall.impossible("a fifth replacement tile".to_string()));
                }
                if live + rinshan >= wall.live_len() {
                    return Err(wall.impossible("a replacement draw from an empty wall".into()));
                }
                wall.place(wall.rinshan_at(rinshan), *pai, "pai")?;
                rinshan += 1;
            }
            MjaiEvent::Tsumo { pai, .. } => {
                if live + rinshan >= wall.live_len() {
                    return Err(wall.impossible("a draw from an empty live wall".to_string()));
                }
                wall.place(live, *pai, "pai")?;
                live += 1;
            }
            MjaiEvent::Dora { dora_marker } => {
                if dora == MAX_INDICATORS {
                    return Err(wall.impossible("a sixth dora indicator".to_string()));
                }
                wall.place(wall.indicator_at(dora), *dora_marker, "dora_marker")?;
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
                    let at = wall.indicator_at(MAX_INDICATORS + i);
                    wall.place(at, marker, "uradora_markers")?;
                }
                ura = true;
            }
            _ => {}
        }
        after_kan = match line.event {
            MjaiEvent::Ankan { .. }
            | MjaiEvent::Kakan { .. }
            | MjaiEvent::Daiminkan { .. }
            | MjaiEvent::Nukidora { .. } => true,
            MjaiEvent::Dora { .. } | MjaiEvent::ReachAccepted { .. } => after_kan,
            _ => false,
        };
    }
    wall.finish()
}
