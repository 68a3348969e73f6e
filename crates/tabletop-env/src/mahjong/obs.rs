//! The per-seat observation of the full game: [`PLANES`] planes of 34 columns (one per tile
//! kind, `1m..9m 1p..9p 1s..9s E S W N white green red`), `u8`, in the plane style of
//! Mortal and RiichiEnv. The plane table is in the crate README.
//!
//! The public part of the table (melds, discards, riichi, dora) is kept in a [`Tracker`]
//! updated from each event as it happens, so that writing an observation is a memset and
//! a few 34-byte copies, not a rebuild from a [`mahjong_core::KyokuView`]. The observer's own
//! tiles, waits and furiten come from [`Kyoku`]'s accessors of that seat alone.

use mahjong_core::score::{MeldKind, Wind};
use mahjong_core::{KINDS, Kyoku, KyokuEvent, MAX_SEATS, Seat, Tile, TileSet};

/// Planes of an observation.
pub const PLANES: usize = 56;
/// Bytes of an observation: `PLANES * 34`.
pub const OBS_LEN: usize = PLANES * KINDS;
/// The most recent discards of each seat given one plane each.
pub const RECENT: usize = 6;

/// Plane: the observer's concealed copies of each kind (0 to 4).
pub const HAND: usize = 0;
/// Plane: 1 at 5m, 5p, 5s for each red five among the observer's concealed tiles.
pub const RED: usize = 1;
/// Plane: 1 at the kind the observer just drew, while it acts on it.
pub const DRAWN: usize = 2;
/// Plane: 1 at the kind offered to the observer for a claim, while it is asked.
pub const OFFERED: usize = 3;
/// Plane: with `3n+1` concealed tiles, 1 at each wait; on a turn (`3n+2`), 1 at each kind
/// whose discard leaves the hand tenpai.
pub const WAITS: usize = 4;
/// Plane: all 1 while the observer is furiten.
pub const FURITEN: usize = 5;
/// Planes `MELDS + r`: copies of each kind in the melds of the seat `r` places after the
/// observer (0 itself, 1 the next seat, 2 across, 3 the previous seat). At three seats
/// (sanma) `r` runs over the three (2 is the previous seat) and every plane and column of
/// `r = 3` is 0.
pub const MELDS: usize = 6;
/// Planes `DISCARDS + r`: discards of each kind by seat `r` (called ones included).
pub const DISCARDS: usize = MELDS + MAX_SEATS;
/// Planes `TEDASHI + r`: discards of each kind by seat `r` from the hand (not tsumogiri).
pub const TEDASHI: usize = DISCARDS + MAX_SEATS;
/// Planes `RECENT_DISCARDS + RECENT * r + k`: 1 at the kind of seat `r`'s `k`-th most
/// recent discard (`k = 0` the latest).
pub const RECENT_DISCARDS: usize = TEDASHI + MAX_SEATS;
/// Planes `RIICHI + r`: all 1 once seat `r` has declared riichi.
pub const RIICHI: usize = RECENT_DISCARDS + RECENT * MAX_SEATS;
/// Planes `RIICHI_TILE + r`: 1 at the kind of seat `r`'s riichi discard.
pub const RIICHI_TILE: usize = RIICHI + MAX_SEATS;
/// Plane: dora indicators shown of each kind.
pub const DORA_INDICATORS: usize = RIICHI_TILE + MAX_SEATS;
/// Plane: dora of each kind the indicators make (red fives and kita not counted; at three
/// seats a 1m indicator makes 9m the dora).
pub const DORA: usize = DORA_INDICATORS + 1;
/// Plane: copies of each kind the observer sees: its concealed tiles, every meld, every
/// discard not called, the dora indicators (0 to 4).
pub const VISIBLE: usize = DORA + 1;
/// Plane: 1 at the round wind's column (E S W N).
pub const ROUND_WIND: usize = VISIBLE + 1;
/// Plane: 1 at the observer's seat wind's column.
pub const SEAT_WIND: usize = ROUND_WIND + 1;
/// Plane of numbers, one per column: see the `COL_*` constants.
pub const SCALARS: usize = SEAT_WIND + 1;

/// Scalar column: live tiles left to draw (0 to 70).
pub const COL_LIVE: usize = 0;
/// Scalar column: honba (clamped to 255).
pub const COL_HONBA: usize = 1;
/// Scalar column: riichi sticks on the table (clamped to 255).
pub const COL_STICKS: usize = 2;
/// Scalar columns `COL_POINTS + r`: seat `r`'s points in thousands, clamped to 0..=255.
pub const COL_POINTS: usize = 3;
/// Scalar columns `COL_PLACE + r`: seat `r`'s place by points now (0 first to 3 last; ties
/// by seat order from seat 0).
pub const COL_PLACE: usize = COL_POINTS + MAX_SEATS;
/// Scalar column: the dealer, as `r` from the observer.
pub const COL_DEALER: usize = COL_PLACE + MAX_SEATS;
/// Scalar column: kans declared in the hand.
pub const COL_KANS: usize = COL_DEALER + 1;
/// Scalar column: what the observer decides: 0 its turn after a draw, 1 its turn after a
/// chi or pon, 2 a claim on a discard, 3 a claim on an added kan (chankan), 4 a claim on a
/// closed kan (kokushi only), 5 nothing (not to act), 6 a claim (ron) on a kita.
pub const COL_PHASE: usize = COL_KANS + 1;
/// Scalar column: the observer's discards so far (its turn count).
pub const COL_TURN: usize = COL_PHASE + 1;
/// Scalar column: hands played before this one in the match (0 for a single hand; clamped).
pub const COL_HAND_INDEX: usize = COL_TURN + 1;
/// Scalar columns `COL_KITA + r`: the North tiles seat `r` has set aside (kita, 0 to 4;
/// always 0 at four seats). They count in [`VISIBLE`] too.
pub const COL_KITA: usize = COL_HAND_INDEX + 1;

/// What a claim is on, as [`COL_PHASE`] numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Offer {
    Discard = 2,
    AddedKan = 3,
    ClosedKan = 4,
    Kita = 6,
}

/// One seat's public pile: melds, discards and riichi.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Pile {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    melds: [u8; KINDS],
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    discards: [u8; KINDS],
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    tedashi: [u8; KINDS],
    /// Kinds of the latest discards, the latest first.
    recent: [u8; RECENT],
    count: u8,
    /// Snapshots from before three-player games have none.
    #[cfg_attr(feature = "serde", serde(default))]
    kita: u8,
    riichi: bool,
    riichi_tile: Option<u8>,
}

impl Default for Pile {
    fn default() -> Pile {
        Pile {
            melds: [0; KINDS],
            discards: [0; KINDS],
            tedashi: [0; KINDS],
            recent: [0; RECENT],
            count: 0,
            kita: 0,
            riichi: false,
            riichi_tile: None,
        }
    }
}

/// The public table of one hand, kept up to date from its events, and each seat's drawn
/// tile (read only for that seat).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tracker {
    piles: [Pile; MAX_SEATS],
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    indicators: [u8; KINDS],
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    dora: [u8; KINDS],
    /// Copies seen by every seat (melds, discards not called, indicators).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    public: [u8; KINDS],
    /// The tile each seat drew and acts on: private to that seat.
    drawn: [Option<Tile>; MAX_SEATS],
    /// The tile on offer and what it is offered on, while claims are asked.
    offer: Option<(Tile, Offer)>,
    kans: u8,
    hand_index: u8,
    /// The seats of the game: 4, or 3 in sanma (4 in a snapshot from before sanma).
    #[cfg_attr(feature = "serde", serde(default = "four_seats"))]
    seats: u8,
}

/// The seats of a snapshot written before three-player games.
#[cfg(feature = "serde")]
fn four_seats() -> u8 {
    MAX_SEATS as u8
}

impl Default for Tracker {
    /// The empty table, before any deal.
    fn default() -> Tracker {
        Tracker {
            piles: Default::default(),
            indicators: [0; KINDS],
            dora: [0; KINDS],
            public: [0; KINDS],
            drawn: [None; MAX_SEATS],
            offer: None,
            kans: 0,
            hand_index: 0,
            seats: MAX_SEATS as u8,
        }
    }
}

impl Tracker {
    /// The kind offered for a claim while claims are asked (public).
    pub fn offered(&self) -> Option<Tile> {
        self.offer.map(|(tile, _)| tile)
    }

    /// The table at the deal of `kyoku` (the `hand_index`-th hand of its match): the first
    /// dora indicator shown, the dealer's 14th tile drawn.
    pub fn new(kyoku: &Kyoku, hand_index: u32) -> Tracker {
        let mut tracker = Tracker {
            hand_index: u8::try_from(hand_index).unwrap_or(u8::MAX),
            seats: u8::try_from(kyoku.rules().seats).unwrap_or(MAX_SEATS as u8),
            ..Tracker::default()
        };
        for copy in kyoku.dora_indicators() {
            tracker.show_indicator(copy.tile);
        }
        let dealer = kyoku.start().dealer;
        tracker.drawn[dealer.index()] = kyoku.view(dealer).drawn.map(|copy| copy.tile);
        tracker
    }

    fn show_indicator(&mut self, tile: Tile) {
        let i = usize::from(tile.index());
        self.indicators[i] += 1;
        self.public[i] += 1;
        let dora = match tile.index() {
            // At a table of three 2m-8m do not exist: 1m points to 9m (as mahjong-core
            // scores it).
            0 if self.seats == 3 => Tile::ALL[8],
            _ => dora_of(tile),
        };
        self.dora[usize::from(dora.index())] += 1;
    }

    /// Takes in one event of the hand.
    pub fn update(&mut self, event: &KyokuEvent) {
        match event {
            KyokuEvent::Draw { seat, tile, .. } => {
                self.drawn[seat.index()] = tile.map(|copy| copy.tile);
                self.offer = None;
            }
            KyokuEvent::Discard { seat, tile } => {
                let kind = tile.tile.tile;
                let i = usize::from(kind.index());
                let pile = &mut self.piles[seat.index()];
                pile.discards[i] += 1;
                if !tile.tsumogiri {
                    pile.tedashi[i] += 1;
                }
                pile.recent.copy_within(0..RECENT - 1, 1);
                pile.recent[0] = kind.index();
                pile.count = pile.count.saturating_add(1);
                if tile.riichi {
                    pile.riichi_tile = Some(kind.index());
                }
                self.public[i] += 1;
                self.drawn[seat.index()] = None;
                self.offer = Some((kind, Offer::Discard));
            }
            KyokuEvent::Riichi { seat, .. } => self.piles[seat.index()].riichi = true,
            KyokuEvent::Meld { seat, meld } => self.meld(*seat, meld.meld),
            KyokuEvent::DoraIndicator { tile } => self.show_indicator(tile.tile),
            KyokuEvent::Kita { seat } => self.kita(*seat),
            _ => {}
        }
    }

    /// Takes in a kita: the North set aside is public and offered for a ron until the
    /// replacement draw.
    fn kita(&mut self, seat: Seat) {
        let north = Tile::ALL[30];
        let pile = &mut self.piles[seat.index()];
        pile.kita = pile.kita.saturating_add(1);
        self.public[usize::from(north.index())] += 1;
        self.drawn[seat.index()] = None;
        self.offer = Some((north, Offer::Kita));
    }

    /// Takes in a meld: the copies it shows that were not public before.
    fn meld(&mut self, seat: Seat, meld: mahjong_core::score::Meld) {
        let tile = meld.tile();
        let kind = meld.kind();
        let pile = &mut self.piles[seat.index()];
        let mut show = |i: usize| {
            pile.melds[i] += 1;
            self.public[i] += 1;
        };
        if kind == MeldKind::Kakan {
            show(usize::from(tile.index()));
        } else {
            meld.copies()
                .for_each(|copy| show(usize::from(copy.tile.index())));
        }
        // A called discard was public already: it now lies in the meld, counted once.
        if let Some((called, Offer::Discard)) = self.offer
            && kind.is_open()
            && kind != MeldKind::Kakan
        {
            let i = usize::from(called.index());
            self.public[i] = self.public[i].saturating_sub(1);
        }
        self.offer = match kind {
            MeldKind::Kakan => Some((tile, Offer::AddedKan)),
            MeldKind::Ankan => Some((tile, Offer::ClosedKan)),
            _ => None,
        };
        if kind.is_kan() {
            self.kans += 1;
        }
        self.drawn[seat.index()] = None;
    }

    /// Writes `seat`'s observation of `kyoku` into `out`, which should hold [`OBS_LEN`]
    /// bytes: a longer buffer's bytes past [`OBS_LEN`] are set to 0, a shorter one receives
    /// the observation's first `out.len()` bytes.
    pub fn write(&self, kyoku: &Kyoku, seat: Seat, out: &mut [u8]) {
        match out.split_first_chunk_mut::<OBS_LEN>() {
            Some((full, rest)) => {
                rest.fill(0);
                self.write_full(kyoku, seat, full);
            }
            None => {
                let mut full = [0; OBS_LEN];
                self.write_full(kyoku, seat, &mut full);
                out.copy_from_slice(&full[..out.len()]);
            }
        }
    }

    /// Writes the whole observation into `out`, whatever it held.
    fn write_full(&self, kyoku: &Kyoku, seat: Seat, out: &mut [u8; OBS_LEN]) {
        out.fill(0);
        let (out, _) = out.as_chunks_mut::<KINDS>();
        let to_move = kyoku.to_move() == Some(seat);
        let me = seat.index();
        let hand = kyoku.hand(seat);
        plane(out, HAND).copy_from_slice(hand.counts());
        for (suit, red) in kyoku.red_fives(seat).into_iter().enumerate() {
            plane(out, RED)[suit * 9 + 4] = u8::from(red);
        }
        let drawn = self.drawn[me].filter(|_| to_move);
        let offer = self.offer.filter(|_| to_move && drawn.is_none());
        if let Some(tile) = drawn {
            plane(out, DRAWN)[usize::from(tile.index())] = 1;
        }
        if let Some((tile, _)) = offer {
            plane(out, OFFERED)[usize::from(tile.index())] = 1;
        }
        let waits = if hand.len() % 3 == 2 {
            tenpai_discards(hand)
        } else {
            kyoku.waits(seat)
        };
        set_bits(plane(out, WAITS), waits);
        if kyoku.is_furiten(seat) {
            plane(out, FURITEN).fill(1);
        }
        let seats = usize::from(self.seats).clamp(1, MAX_SEATS);
        for r in 0..seats {
            let pile = &self.piles[(me + r) % seats];
            plane(out, MELDS + r).copy_from_slice(&pile.melds);
            plane(out, DISCARDS + r).copy_from_slice(&pile.discards);
            plane(out, TEDASHI + r).copy_from_slice(&pile.tedashi);
            for (k, &kind) in pile.recent.iter().take(usize::from(pile.count)).enumerate() {
                plane(out, RECENT_DISCARDS + RECENT * r + k)[usize::from(kind)] = 1;
            }
            if pile.riichi {
                plane(out, RIICHI + r).fill(1);
            }
            if let Some(kind) = pile.riichi_tile {
                plane(out, RIICHI_TILE + r)[usize::from(kind)] = 1;
            }
        }
        plane(out, DORA_INDICATORS).copy_from_slice(&self.indicators);
        plane(out, DORA).copy_from_slice(&self.dora);
        let visible = plane(out, VISIBLE);
        for (i, v) in visible.iter_mut().enumerate() {
            *v = self.public[i] + hand.counts()[i];
        }
        let start = kyoku.start();
        plane(out, ROUND_WIND)[wind_column(start.round_wind)] = 1;
        plane(out, SEAT_WIND)[wind_column(kyoku.seat_wind(seat))] = 1;
        let scalars = plane(out, SCALARS);
        scalars[COL_LIVE] = clamp(kyoku.live_tiles() as i64);
        scalars[COL_HONBA] = clamp(i64::from(start.honba));
        scalars[COL_STICKS] = clamp(i64::from(kyoku.riichi_sticks()));
        let points = kyoku.points();
        let places = crate::mahjong::reward::places(points, seats);
        for r in 0..seats {
            let s = (me + r) % seats;
            scalars[COL_POINTS + r] = clamp(i64::from(points[s]) / 1000);
            scalars[COL_PLACE + r] = places[s] as u8;
            scalars[COL_KITA + r] = self.piles[s].kita;
        }
        scalars[COL_DEALER] = ((start.dealer.index() + seats - me % seats) % seats) as u8;
        scalars[COL_KANS] = self.kans;
        scalars[COL_PHASE] = match (to_move, drawn, offer) {
            (false, ..) => 5,
            (true, Some(_), _) => 0,
            (true, None, Some((_, on))) => on as u8,
            (true, None, None) => 1,
        };
        scalars[COL_TURN] = self.piles[me].count;
        scalars[COL_HAND_INDEX] = self.hand_index;
    }
}

/// Plane `index` of an observation.
fn plane(out: &mut [[u8; KINDS]], index: usize) -> &mut [u8; KINDS] {
    &mut out[index]
}

/// The kinds whose discard from a `3n+2` hand leaves it tenpai: none unless the hand's
/// shanten is 0 or -1 (a discard leaves `3n+1` tiles one tile from agari exactly when the
/// `3n+2` tiles are at most one exchange from it), which a table lookup tells before any
/// discard is tried.
fn tenpai_discards(hand: &mahjong_core::Hand) -> TileSet {
    if hand.shanten() > 0 {
        return TileSet::EMPTY;
    }
    if hand.len() == 14 {
        return hand
            .riichi_discards()
            .iter()
            .map(|(tile, _)| tile)
            .collect();
    }
    let tenpai = |&tile: &Tile| {
        let mut rest = *hand;
        rest.remove(tile).is_ok() && !rest.waits().is_empty()
    };
    hand.kinds().iter().filter(tenpai).collect()
}

/// Sets 1 at the column of each kind of `set`.
fn set_bits(plane: &mut [u8], set: TileSet) {
    for tile in set {
        plane[usize::from(tile.index())] = 1;
    }
}

/// The dora a dora indicator shows: the next kind in its suit, winds and dragons cycling.
pub fn dora_of(indicator: Tile) -> Tile {
    let i = indicator.index();
    let next = match i {
        0..=26 => i / 9 * 9 + (i % 9 + 1) % 9,
        27..=30 => 27 + (i - 27 + 1) % 4,
        _ => 31 + (i - 31 + 1) % 3,
    };
    Tile::from_index(next).unwrap_or(indicator)
}

/// The column of a wind tile.
fn wind_column(wind: Wind) -> usize {
    27 + Wind::ALL.iter().position(|&w| w == wind).unwrap_or(0)
}

/// A number clamped into a byte.
fn clamp(value: i64) -> u8 {
    value.clamp(0, 255) as u8
}
