//! Hand analysis: agari, shanten, waits and riichi discards (rules section 2), the hot path.
//!
//! A hand is four groups: the three number suits, each looked up in the suit tables by its
//! rank (see [`crate::tables`]), and the honors, read straight from their counts (honors make
//! no sequences). Nothing here allocates or recurses.
//!
//! - **Agari** of the standard form: every group is complete (melds, or melds and a pair) and
//!   exactly one group holds a pair, which is when the groups' tile counts mod 3 add up to 2.
//! - **Waits** of the standard form: when all groups but one are complete, the waits are that
//!   group's wait bits; when all are complete, each group's. The tile counts mod 3 must add up
//!   to 1 (the waiting group is `3m+1` and takes the pair) or 4 (it is `3m+2`, another group
//!   holds the pair).
//! - **Shanten**: the min-plus convolution of the groups' classes: three loads from the
//!   180 x 180 table of classes, and one for the number of the hand's melds.
//! - Chiitoitsu and kokushi (13 or 14 tiles only) are read from the counts.

use std::fmt;

use crate::hand::{Hand, suit_counts};
use crate::tables::{CLASS_SHIFT, RankParts, SUIT, Tables, WAIT_BITS, tables};
use crate::tile::{KINDS, Tile};
use crate::tile_set::TileSet;

/// The index of each group's first kind: man, pin, sou, honors.
const GROUP_START: [usize; 4] = [0, 9, 18, 27];
/// The low bit of each byte.
const LANES: u64 = 0x0101_0101_0101_0101;
/// The 13 kinds of kokushi: the terminals and the honors.
const KOKUSHI: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Bytes of counts (each `0..=4`) as lanes of a word: which are at least 1, at least 2,
/// exactly 1, 2, 3, 4, as one bit per byte.
#[derive(Clone, Copy)]
struct Lanes(u64);

impl Lanes {
    /// Up to eight counts, little-endian.
    #[inline(always)]
    fn of(counts: &[u8]) -> Lanes {
        let mut bytes = [0u8; 8];
        bytes[..counts.len()].copy_from_slice(counts);
        Lanes(u64::from_le_bytes(bytes))
    }
    #[inline(always)]
    fn held(self) -> u64 {
        (self.0 | self.0 >> 1 | self.0 >> 2) & LANES
    }
    #[inline(always)]
    fn pairs(self) -> u64 {
        (self.0 >> 1 | self.0 >> 2) & LANES
    }
    #[inline(always)]
    fn exactly(self, count: u8) -> u64 {
        let (b0, b1, b2) = (self.0 & LANES, self.0 >> 1 & LANES, self.0 >> 2 & LANES);
        match count {
            1 => b0 & !b1,
            2 => b1 & !b0,
            3 => b0 & b1,
            _ => b2,
        }
    }
    /// The sum of the bytes (at most 255).
    #[inline(always)]
    fn sum(self) -> usize {
        (self.0.wrapping_mul(LANES) >> 56) as usize
    }
}

/// The number of lanes set (one bit per byte), without a `popcnt` instruction.
#[inline(always)]
fn lanes(bits: u64) -> usize {
    Lanes(bits).sum()
}

/// The low bit of each byte, as bits 0..8.
#[inline(always)]
fn gather(bits: u64) -> u64 {
    bits.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// What the analysis needs of one group.
#[derive(Clone, Copy)]
struct Group {
    /// Its tiles.
    tiles: usize,
    /// Whether it is complete: melds, or melds and one pair.
    complete: bool,
    /// Its wait bits, one per kind of the group (see [`crate::tables`]).
    waits: u64,
}

/// The tiles of a suit.
#[inline(always)]
fn suit_tiles(c: &[u8; SUIT]) -> usize {
    Lanes::of(&c[..8]).sum() + c[8] as usize
}

/// A number suit, by its table entry and its number of tiles.
#[inline(always)]
fn suit_group(t: &Tables, entry: u16, tiles: usize) -> Group {
    Group {
        tiles,
        complete: t.is_complete((entry >> CLASS_SHIFT) as u8, tiles),
        waits: u64::from(entry & WAIT_BITS),
    }
}

/// The class of number suit `g` of a hand.
#[inline(always)]
fn suit_class(t: &Tables, hand: &Hand, g: usize) -> u8 {
    (t.entry_at(hand.rank(g)) >> CLASS_SHIFT) as u8
}

/// The honors as lanes, and which kinds are held once, twice, three and four times.
#[derive(Clone, Copy)]
struct Honors {
    lanes: Lanes,
    ones: u64,
    twos: u64,
    threes: u64,
    fours: u64,
}

impl Honors {
    #[inline(always)]
    fn of(counts: &[u8; KINDS]) -> Honors {
        Honors::from_lanes(Lanes::of(&counts[27..]))
    }

    #[inline(always)]
    fn from_lanes(lanes: Lanes) -> Honors {
        Honors {
            lanes,
            ones: lanes.exactly(1),
            twos: lanes.exactly(2),
            threes: lanes.exactly(3),
            fours: lanes.exactly(4),
        }
    }

    /// The honors with one copy fewer of honor `k` (`0..7`), which must be held.
    #[inline(always)]
    fn without(self, k: usize) -> Honors {
        Honors::from_lanes(Lanes(self.lanes.0.wrapping_sub(1 << (8 * (k % 8)))))
    }

    /// The census that indexes [`Tables::honor_class`].
    #[inline(always)]
    fn census(self) -> usize {
        lanes(self.ones) | lanes(self.twos) << 3 | lanes(self.threes) << 6 | lanes(self.fours) << 9
    }

    /// Complete: triplets, and at most one pair.
    #[inline(always)]
    fn complete(self) -> bool {
        self.ones | self.fours == 0 && lanes(self.twos) <= 1
    }

    #[inline(always)]
    fn group(self) -> Group {
        let (ones, twos) = (lanes(self.ones), lanes(self.twos));
        let waits = if self.fours != 0 {
            0
        } else if twos == 0 && ones == 1 {
            self.ones
        } else if ones == 0 && (twos == 1 || twos == 2) {
            self.twos
        } else {
            0
        };
        Group {
            tiles: self.lanes.sum(),
            complete: self.complete(),
            waits: gather(waits),
        }
    }
}

/// The four groups of a hand.
#[inline(always)]
fn groups(t: &Tables, hand: &Hand) -> [Group; 4] {
    let suit = |g| {
        let tiles = suit_tiles(suit_counts(hand.counts(), g));
        suit_group(t, t.entry_at(hand.rank(g)), tiles)
    };
    [suit(0), suit(1), suit(2), Honors::of(hand.counts()).group()]
}

/// The standard-form waits of a hand of `3n+1` tiles from its groups, as kind bits.
#[inline(always)]
fn standard_waits(groups: &[Group; 4]) -> u64 {
    let residues: usize = groups.iter().map(|g| g.tiles % 3).sum();
    if residues != 1 && residues != 4 {
        return 0;
    }
    let complete = groups
        .iter()
        .enumerate()
        .fold(0, |bits, (i, g)| bits | usize::from(g.complete) << i);
    let mut waits = 0;
    for (i, group) in groups.iter().enumerate() {
        if complete | 1 << i == 0b1111 {
            waits |= group.waits << GROUP_START[i];
        }
    }
    waits
}

/// The counts of a whole hand that chiitoitsu and kokushi need.
#[derive(Clone, Copy)]
struct Census {
    /// Kinds held at least once.
    kinds: usize,
    /// Kinds held at least twice (a quad is one pair).
    pairs: usize,
    /// Kokushi kinds held.
    kokushi_kinds: usize,
    /// Whether a kokushi kind is held at least twice.
    kokushi_pair: bool,
}

impl Census {
    #[inline(always)]
    fn of(counts: &[u8; KINDS]) -> Census {
        // The lanes of the kokushi kinds in each word of eight kinds: 1m; 9m 1p; 9p 1s;
        // 9s and East to white; green and red.
        const KOKUSHI_MASKS: [u64; 5] = [
            0x0000_0000_0000_0001,
            0x0000_0000_0000_0101,
            0x0000_0000_0001_0100,
            0x0101_0101_0101_0000,
            0x0000_0000_0000_0101,
        ];
        let words = [
            Lanes::of(&counts[0..8]),
            Lanes::of(&counts[8..16]),
            Lanes::of(&counts[16..24]),
            Lanes::of(&counts[24..32]),
            Lanes::of(&counts[32..34]),
        ];
        let mut held = 0;
        let mut pairs = 0;
        let mut kokushi_held = 0;
        let mut kokushi_pairs = 0;
        for (word, mask) in words.iter().zip(KOKUSHI_MASKS) {
            held += word.held();
            pairs += word.pairs();
            kokushi_held += word.held() & mask;
            kokushi_pairs |= word.pairs() & mask;
        }
        Census {
            kinds: lanes(held),
            pairs: lanes(pairs),
            kokushi_kinds: lanes(kokushi_held),
            kokushi_pair: kokushi_pairs != 0,
        }
    }

    /// The shanten of chiitoitsu: six, less the kinds held twice or more, plus the kinds
    /// missing from seven.
    #[inline(always)]
    fn chiitoitsu_shanten(self) -> i8 {
        6 - self.pairs as i8 + 7i8.saturating_sub(self.kinds as i8).max(0)
    }

    /// The shanten of kokushi: thirteen, less the kokushi kinds held, less one if one of
    /// them is held twice or more.
    #[inline(always)]
    fn kokushi_shanten(self) -> i8 {
        13 - self.kokushi_kinds as i8 - i8::from(self.kokushi_pair)
    }
}

/// Which kinds a hand holds exactly once, twice, three and four times, as kind bits: what
/// chiitoitsu needs.
#[derive(Clone, Copy)]
struct Exact {
    ones: u64,
    twos: u64,
    threes: u64,
    fours: u64,
}

impl Exact {
    fn of(counts: &[u8; KINDS]) -> Exact {
        let mut exact = Exact {
            ones: 0,
            twos: 0,
            threes: 0,
            fours: 0,
        };
        for (word, chunk) in counts.chunks(8).enumerate() {
            let lanes = Lanes::of(chunk);
            let at = |count| gather(lanes.exactly(count)) << (8 * word);
            exact.ones |= at(1);
            exact.twos |= at(2);
            exact.threes |= at(3);
            exact.fours |= at(4);
        }
        exact
    }

    /// The chiitoitsu wait of 13 tiles: six pairs and a single wait on the single.
    fn chiitoitsu_waits(self) -> u64 {
        if self.twos.count_ones() == 6 && self.ones.count_ones() == 1 {
            self.ones
        } else {
            0
        }
    }

    /// The chiitoitsu wait of 14 tiles once a copy of kind `discard` (held) is discarded.
    fn chiitoitsu_waits_after(self, discard: usize) -> u64 {
        let bit = 1u64 << discard;
        let (ones, twos) = (self.ones.count_ones(), self.twos.count_ones());
        if self.fours != 0 || self.threes & !bit != 0 {
            // A quad or another triplet stays in the hand.
            0
        } else if self.threes == bit {
            // The triplet becomes a pair.
            if twos == 5 && ones == 1 { self.ones } else { 0 }
        } else if self.twos & bit != 0 {
            // A pair becomes the single.
            if twos == 7 { bit } else { 0 }
        } else if twos == 6 && ones == 2 {
            // One of two singles goes.
            self.ones & !bit
        } else {
            0
        }
    }
}

/// The kokushi waits of 13 tiles: all thirteen kinds once, or twelve and a pair.
fn kokushi_waits(counts: &[u8; KINDS]) -> u64 {
    if KOKUSHI.iter().map(|&k| counts[k] as usize).sum::<usize>() != 13 {
        return 0;
    }
    let missing = KOKUSHI
        .iter()
        .filter(|&&k| counts[k] == 0)
        .fold(0u64, |bits, &k| bits | 1 << k);
    match missing.count_ones() {
        0 => KOKUSHI.iter().fold(0, |bits, &k| bits | 1 << k),
        1 => missing,
        _ => 0,
    }
}

/// The chiitoitsu and kokushi waits of a hand of 14 tiles after discarding a copy of kind
/// `discard`, as kind bits; worked out only when the census allows them.
#[derive(Clone, Copy)]
struct SpecialDiscards<'a> {
    counts: &'a [u8; KINDS],
    /// The kinds held once to four times, when chiitoitsu can be tenpai after a discard
    /// (five pairs or more).
    chiitoitsu: Option<Exact>,
    /// Whether kokushi can be tenpai after a discard (twelve kokushi kinds or more).
    kokushi: bool,
}

impl SpecialDiscards<'_> {
    fn of(counts: &[u8; KINDS], census: Census) -> SpecialDiscards<'_> {
        SpecialDiscards {
            counts,
            chiitoitsu: (census.pairs >= 5).then(|| Exact::of(counts)),
            kokushi: census.kokushi_kinds >= 12,
        }
    }

    fn any(self) -> bool {
        self.chiitoitsu.is_some() || self.kokushi
    }

    fn waits_after(self, discard: usize) -> u64 {
        let mut waits = 0;
        if let Some(exact) = self.chiitoitsu {
            waits |= exact.chiitoitsu_waits_after(discard);
        }
        if self.kokushi {
            let mut less = *self.counts;
            less[discard] -= 1;
            waits |= kokushi_waits(&less);
        }
        waits
    }
}

impl Hand {
    /// Whether the hand is complete (agari, rules section 2): `3n+2` tiles that are `n`
    /// melds and a pair, or, with 14 tiles, chiitoitsu (seven different pairs) or kokushi.
    /// `false` for any other number of tiles.
    pub fn is_agari(&self) -> bool {
        if self.len() % 3 != 2 {
            return false;
        }
        let counts = self.counts();
        let tiles = [
            suit_tiles(suit_counts(counts, 0)),
            suit_tiles(suit_counts(counts, 1)),
            suit_tiles(suit_counts(counts, 2)),
        ];
        let honors = Honors::of(counts);
        let residues = tiles.iter().map(|n| n % 3).sum::<usize>() + honors.lanes.sum() % 3;
        // Every group complete, so none is 3m+1, and only one holds the pair.
        if residues == 2 && tiles.iter().all(|n| n % 3 != 1) && honors.complete() {
            let t = tables();
            let complete = |g: usize| {
                let class = suit_class(t, self, g);
                t.is_complete(class, tiles[g])
            };
            if complete(0) && complete(1) && complete(2) {
                return true;
            }
        }
        self.len() == 14 && (self.is_chiitoitsu() || self.is_kokushi(honors))
    }

    /// Seven different pairs: every kind held is held twice.
    #[inline(always)]
    fn is_chiitoitsu(&self) -> bool {
        let counts = self.counts();
        let words = [
            &counts[0..8],
            &counts[8..16],
            &counts[16..24],
            &counts[24..32],
            &counts[32..],
        ];
        words.iter().all(|w| {
            let lanes = Lanes::of(w);
            lanes.held() == lanes.exactly(2)
        })
    }

    /// Thirteen orphans and one more.
    #[inline(always)]
    fn is_kokushi(&self, honors: Honors) -> bool {
        honors.lanes.held() == 0x0001_0101_0101_0101
            && Census::of(self.counts()).kokushi_shanten() == -1
    }

    /// The shanten number (rules section 2): how many tiles the hand must exchange to be
    /// tenpai; `0` = tenpai, `-1` = agari.
    ///
    /// Precisely, one less than the fewest tiles the hand must gain (`Σ max(0, target -
    /// counts)`) to hold a complete hand of `n` melds and a pair, `n = len / 3`, where no
    /// kind of the target is held more than 4 times; the minimum of that over the standard
    /// form and, for 13 or 14 tiles, chiitoitsu and kokushi. So for `3n+1` tiles it is `0`
    /// exactly when [`Hand::waits`] is not empty. Any tile count has an answer: a hand of
    /// `3n` tiles counts as needing two more (the empty hand: `1`).
    pub fn shanten(&self) -> i8 {
        let t = tables();
        let counts = self.counts();
        let honors = t.honor_class(Honors::of(counts).census());
        let low = t.combine(suit_class(t, self, 0), suit_class(t, self, 1));
        let high = t.combine(suit_class(t, self, 2), honors);
        let standard = t.with_pair(t.combine(low, high), self.len() / 3) as i8 - 1;
        if self.len() < 13 {
            return standard;
        }
        let census = Census::of(counts);
        standard
            .min(census.chiitoitsu_shanten())
            .min(census.kokushi_shanten())
    }

    /// The waits of a hand of `3n+1` tiles (rules section 2): the kinds whose addition makes
    /// it agari, without the kinds it holds all four of. Empty for any other number of tiles.
    pub fn waits(&self) -> TileSet {
        if self.len() % 3 != 1 {
            return TileSet::EMPTY;
        }
        let counts = self.counts();
        let mut waits = standard_waits(&groups(tables(), self));
        if self.len() == 13 {
            let census = Census::of(counts);
            if census.pairs >= 6 {
                waits |= Exact::of(counts).chiitoitsu_waits();
            }
            if census.kokushi_kinds >= 12 {
                waits |= kokushi_waits(counts);
            }
        }
        TileSet::from_bits(waits)
    }

    /// The riichi discards of a hand of 14 tiles (rules section 2): each kind it holds whose
    /// discard leaves the other 13 tenpai, in index order, with the waits after that
    /// discard. Empty for any other number of tiles.
    pub fn riichi_discards(&self) -> RiichiDiscards {
        let mut discards = RiichiDiscards::default();
        if self.len() != 14 {
            return discards;
        }
        let t = tables();
        let counts = self.counts();
        let groups = groups(t, self);
        let census = Census::of(counts);
        let special = SpecialDiscards::of(counts, census);
        let residues: usize = groups.iter().map(|g| g.tiles % 3).sum();
        let incomplete = groups.iter().filter(|g| !g.complete).count();
        let complete = |y: usize, skip: [usize; 2]| skip.contains(&y) || groups[y].complete;
        for (x, group) in groups.iter().enumerate() {
            // Discarding from group x turns its residue r into r - 1 mod 3.
            let after = residues - group.tiles % 3 + (group.tiles + 2) % 3;
            let standard = matches!(after, 1 | 4) && incomplete - usize::from(!group.complete) <= 1;
            if !standard && !special.any() {
                continue;
            }
            // Group x waits when every other group is complete; another group y waits when
            // x (after the discard) and all but y are complete.
            let others_complete = (0..4).all(|y| complete(y, [x, x]));
            let others_waits = (0..4)
                .filter(|&y| y != x && (0..4).all(|z| complete(z, [x, y])))
                .fold(0, |waits, y| waits | groups[y].waits << GROUP_START[y]);
            let parts = RankParts::of(suit_counts(counts, x));
            let size = if x == 3 { 7 } else { SUIT };
            for k in (0..size).filter(|&k| counts[GROUP_START[x] + k] > 0) {
                let mut waits = 0;
                if standard {
                    let after = if x == 3 {
                        Honors::of(counts).without(k).group()
                    } else {
                        let entry = t.entry_at(t.rank_of(parts.after(k, -1)));
                        suit_group(t, entry, group.tiles - 1)
                    };
                    if others_complete {
                        waits |= after.waits << GROUP_START[x];
                    }
                    if after.complete {
                        waits |= others_waits;
                    }
                }
                let kind = GROUP_START[x] + k;
                if special.any() {
                    waits |= special.waits_after(kind);
                }
                let tile = Tile::ALL[kind];
                if waits != 0 {
                    discards.push(tile, TileSet::from_bits(waits));
                }
            }
        }
        discards
    }
}

/// The riichi discards of a hand, in index order: each kind whose discard leaves the hand
/// tenpai, with its waits. At most 14; made by [`Hand::riichi_discards`] without allocating.
/// Iterate it, or read it as a slice.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RiichiDiscards {
    entries: [(Tile, TileSet); 14],
    len: u8,
}

impl Default for RiichiDiscards {
    fn default() -> RiichiDiscards {
        RiichiDiscards {
            entries: [(Tile::ALL[0], TileSet::EMPTY); 14],
            len: 0,
        }
    }
}

impl RiichiDiscards {
    fn push(&mut self, tile: Tile, waits: TileSet) {
        if let Some(entry) = self.entries.get_mut(self.len as usize) {
            *entry = (tile, waits);
            self.len += 1;
        }
    }

    /// The discards and their waits, in index order of the discard.
    pub fn as_slice(&self) -> &[(Tile, TileSet)] {
        &self.entries[..self.len as usize]
    }

    /// The number of discards.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no discard leaves the hand tenpai.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The discards and their waits, in index order of the discard.
    pub fn iter(&self) -> std::iter::Copied<std::slice::Iter<'_, (Tile, TileSet)>> {
        self.as_slice().iter().copied()
    }

    /// The waits after discarding `tile`, if that discard leaves the hand tenpai.
    pub fn waits_after(&self, tile: Tile) -> Option<TileSet> {
        self.iter()
            .find(|&(discard, _)| discard == tile)
            .map(|(_, waits)| waits)
    }
}

impl<'a> IntoIterator for &'a RiichiDiscards {
    type Item = (Tile, TileSet);
    type IntoIter = std::iter::Copied<std::slice::Iter<'a, (Tile, TileSet)>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for RiichiDiscards {
    type Item = (Tile, TileSet);
    type IntoIter = std::iter::Take<std::array::IntoIter<(Tile, TileSet), 14>>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter().take(self.len as usize)
    }
}

impl fmt::Display for RiichiDiscards {
    /// `discard:waits` pairs joined by `;` (`3m:3m;6m:69m`), or `-` when there are none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, (tile, waits)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{tile}:{waits}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for RiichiDiscards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RiichiDiscards({self})")
    }
}
