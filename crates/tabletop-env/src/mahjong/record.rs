//! The record of the hand being played that a determinization needs: the actions, and which
//! seat took each wall position (dealt or drawn).
//!
//! [`HandRecord::redeal`] builds a wall that one seat cannot tell from the real one: the
//! positions it has seen keep their tiles (its own deal and draws, the dora indicators shown,
//! every tile another seat showed by a discard or a meld), and the tiles of every other
//! position (other seats' concealed tiles, the rest of the wall, the ura indicators) are
//! shuffled among those positions. Replaying the actions on it gives the state.

use mahjong_core::score::TileCopy;
use mahjong_core::{
    DEAD_WALL_TILES, Kyoku, KyokuAction, KyokuEvent, MAX_SEATS, RINSHAN_TILES, Seat, TileWall,
    WALL_TILES, WallError,
};

use crate::mahjong::ids::{COPIES, copy_index};
use crate::seed::{SplitMix64, shuffle};

/// No seat took this position.
const NOBODY: u8 = u8::MAX;

/// The actions of the hand and the seat that took each wall position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct HandRecord {
    actions: Vec<KyokuAction>,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    drawer: [u8; WALL_TILES],
    /// Live positions taken (the deal included).
    live: usize,
    /// Replacement tiles taken.
    rinshan: usize,
    /// Each seat's last draw.
    last_draw: [usize; MAX_SEATS],
    /// The live tiles of the wall: 122, or 94 at three seats (122 in a snapshot from
    /// before three-player games).
    #[cfg_attr(feature = "serde", serde(default = "four_player_live"))]
    live_len: usize,
    /// Positions discarded by tsumogiri: shown, whatever copies the seat still holds.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    tsumogiri: [bool; WALL_TILES],
}

/// The live tiles of a snapshot written before three-player games.
#[cfg(feature = "serde")]
fn four_player_live() -> usize {
    mahjong_core::LIVE_TILES
}

impl HandRecord {
    /// The record of a hand just dealt by `dealer` at `seats` seats from a wall of
    /// `wall_len` tiles: 4, 4, 4 and 1 tiles to each seat in turn order from the dealer,
    /// then the dealer's draw.
    pub fn deal(dealer: Seat, seats: usize, wall_len: usize) -> HandRecord {
        let seats = seats.clamp(1, MAX_SEATS);
        let dealt = 13 * seats;
        let mut drawer = [NOBODY; WALL_TILES];
        let mut at = 0;
        for take in [4, 4, 4, 1] {
            for offset in 0..seats {
                let seat = ((dealer.index() + offset) % seats) as u8;
                drawer[at..at + take].fill(seat);
                at += take;
            }
        }
        drawer[dealt] = dealer.index() as u8;
        HandRecord {
            actions: Vec::with_capacity(512),
            drawer,
            live: dealt + 1,
            rinshan: 0,
            last_draw: [dealt; MAX_SEATS],
            live_len: wall_len.saturating_sub(DEAD_WALL_TILES),
            tsumogiri: [false; WALL_TILES],
        }
    }

    /// The record of `kyoku` just dealt.
    pub fn of(kyoku: &Kyoku) -> HandRecord {
        let wall_len = kyoku.wall().tiles().len();
        HandRecord::deal(kyoku.start().dealer, kyoku.rules().seats, wall_len)
    }

    /// The actions played in the hand, in order.
    pub fn actions(&self) -> &[KyokuAction] {
        &self.actions
    }

    /// Records an action played.
    pub fn push(&mut self, action: KyokuAction) {
        self.actions.push(action);
    }

    /// Records the position a draw took, and the position a tsumogiri showed.
    pub fn update(&mut self, event: &KyokuEvent) {
        match event {
            KyokuEvent::Draw { seat, rinshan, .. } => {
                let at = if *rinshan {
                    self.rinshan += 1;
                    // The dead wall's four, then (kans and kita past four) the live wall
                    // from its end, as mahjong-core's `TileWall` lays it out.
                    match (self.rinshan - 1).checked_sub(RINSHAN_TILES) {
                        None => self.live_len + self.rinshan - 1,
                        Some(refill) => self.live_len.saturating_sub(1 + refill),
                    }
                } else {
                    self.live += 1;
                    self.live - 1
                };
                if let Some(slot) = self.drawer.get_mut(at) {
                    *slot = seat.index() as u8;
                    self.last_draw[seat.index()] = at;
                }
            }
            KyokuEvent::Discard { seat, tile } if tile.tsumogiri => {
                self.tsumogiri[self.last_draw[seat.index()]] = true;
            }
            _ => {}
        }
    }

    /// A wall of `kyoku`'s hand that `seat` cannot tell from its own, the unseen tiles
    /// shuffled from `seed`.
    ///
    /// # Errors
    /// None in fact: the tiles are a permutation of the real wall's.
    pub fn redeal(&self, kyoku: &Kyoku, seat: Seat, seed: u64) -> Result<TileWall, WallError> {
        let tiles = kyoku.wall().tiles();
        let hidden = self.hidden_positions(kyoku, seat);
        let mut unseen: Vec<TileCopy> = hidden.iter().map(|&at| tiles[at]).collect();
        shuffle(&mut unseen, &mut SplitMix64::new(seed));
        let mut redealt = tiles.to_vec();
        for (&at, tile) in hidden.iter().zip(unseen) {
            redealt[at] = tile;
        }
        TileWall::from_tiles(&redealt, kyoku.rules().red_fives)
    }

    /// The positions whose tiles `seat` has not seen, ascending.
    fn hidden_positions(&self, kyoku: &Kyoku, seat: Seat) -> Vec<usize> {
        let tiles = kyoku.wall().tiles();
        let indicators = self.live_len + RINSHAN_TILES;
        let shown = indicators + kyoku.dora_indicators().len();
        let mut hidden: Vec<usize> = (0..tiles.len())
            .filter(|&at| self.drawer[at] == NOBODY && !(indicators..shown).contains(&at))
            .collect();
        let seats = kyoku.rules().seats.min(MAX_SEATS);
        for other in Seat::ALL[..seats].iter().copied().filter(|&s| s != seat) {
            // Of the positions the other seat took, as many of each copy as it still
            // conceals are hidden; the rest it has shown (a tsumogiri a given position, a
            // discard from the hand or a meld any position of the copy).
            let mut concealed = [0u8; COPIES];
            for copy in kyoku.concealed(other) {
                concealed[usize::from(copy_index(copy))] += 1;
            }
            let taken = |&at: &usize| usize::from(self.drawer[at]) == other.index();
            for at in (0..tiles.len())
                .filter(taken)
                .filter(|&at| !self.tsumogiri[at])
            {
                let left = &mut concealed[usize::from(copy_index(tiles[at]))];
                if *left > 0 {
                    *left -= 1;
                    hidden.push(at);
                }
            }
        }
        hidden.sort_unstable();
        hidden
    }
}
