//! The record of the hand being played that a determinization needs: the actions, and which
//! seat took each wall position (dealt or drawn).
//!
//! [`HandRecord::redeal`] builds a wall that one seat cannot tell from the real one: the
//! positions it has seen keep their tiles (its own deal and draws, the dora indicators shown,
//! every tile another seat showed by a discard, a meld or a kita), and the tiles of every
//! other position (other seats' concealed tiles, the rest of the wall, the ura indicators)
//! are shuffled among those positions. Replaying the actions on it gives the state.
//!
//! Which position a shown tile came from is fixed when it is shown: a tsumogiri shows the
//! position just drawn; a discard from the hand, a meld's tiles from the hand and a kita
//! show a position of that copy the seat holds then (one other than its fresh draw for a
//! discard from the hand). So a seat dealt 5m that discards it and later draws another 5m
//! shows the dealt position and conceals the drawn one, and the replay finds the 5m in
//! the hand when the discard is replayed.

use mahjong_core::score::{MeldKind, TileCopy};
use mahjong_core::{
    DEAD_WALL_TILES, Kyoku, KyokuAction, KyokuEvent, MAX_SEATS, RINSHAN_TILES, Seat, TableMeld,
    Tile, TileWall, WALL_TILES, WallError,
};

use crate::seed::{SplitMix64, shuffle};

/// No seat took this position.
const NOBODY: u8 = u8::MAX;

/// The North wind (4z), set aside by a kita.
const NORTH: Tile = Tile::ALL[30];

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
    /// Positions whose tile the seat that took it has shown (discarded, melded from the
    /// hand, set aside as kita).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    shown: [bool; WALL_TILES],
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
            shown: [false; WALL_TILES],
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

    /// Records the position a draw took, and the positions a discard, a meld or a kita
    /// showed; `tiles` is the hand's wall ([`TileWall::tiles`]).
    pub fn update(&mut self, event: &KyokuEvent, tiles: &[TileCopy]) {
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
                if let Some(shown) = self.shown.get_mut(self.last_draw[seat.index()]) {
                    *shown = true;
                }
            }
            KyokuEvent::Discard { seat, tile } => self.show(*seat, tiles, |c| c == tile.tile),
            KyokuEvent::Meld { seat, meld } => self.show_meld(*seat, meld, tiles),
            KyokuEvent::Kita { seat } => {
                self.show(*seat, tiles, |c| c == TileCopy::plain(NORTH));
            }
            _ => {}
        }
    }

    /// Records the tiles of `meld` that came from `seat`'s hand as shown: all but the called
    /// tile, four copies of an ankan, the one copy added by a kakan.
    fn show_meld(&mut self, seat: Seat, meld: &TableMeld, tiles: &[TileCopy]) {
        let kind = meld.meld.tile();
        match meld.meld.kind() {
            MeldKind::Ankan => {
                for _ in 0..4 {
                    self.show(seat, tiles, |c| c.tile == kind);
                }
            }
            MeldKind::Kakan => self.show(seat, tiles, |c| c.tile == kind),
            MeldKind::Chi | MeldKind::Pon | MeldKind::Kan => {
                let mut called = meld.called;
                for copy in meld.meld.copies() {
                    if called == Some(copy) {
                        called = None;
                    } else {
                        self.show(seat, tiles, |c| c == copy);
                    }
                }
            }
        }
    }

    /// Records as shown one position `seat` took and holds whose tile is `wanted`: one other
    /// than its last draw when there is one (a discard from the hand is not the tile just
    /// drawn), else the last draw.
    fn show(&mut self, seat: Seat, tiles: &[TileCopy], wanted: impl Fn(TileCopy) -> bool) {
        let last = self.last_draw[seat.index()];
        let held = |at: &usize| {
            usize::from(self.drawer[*at]) == seat.index()
                && !self.shown[*at]
                && tiles.get(*at).is_some_and(|&c| wanted(c))
        };
        let at = (0..tiles.len().min(WALL_TILES))
            .filter(held)
            .min_by_key(|&at| at == last);
        if let Some(at) = at {
            self.shown[at] = true;
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
        let indicators = self.live_len + RINSHAN_TILES;
        let shown = indicators + kyoku.dora_indicators().len();
        // Untaken positions but the indicators turned over; other seats' positions they
        // have not shown.
        let hidden = |at: &usize| match self.drawer[*at] {
            NOBODY => !(indicators..shown).contains(at),
            taker => usize::from(taker) != seat.index() && !self.shown[*at],
        };
        (0..kyoku.wall().tiles().len().min(WALL_TILES))
            .filter(hidden)
            .collect()
    }
}
