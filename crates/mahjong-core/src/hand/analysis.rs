//! Hand analysis: agari, shanten, waits and riichi discards ([spec](crate::spec) section 2), the
//! hot path.
//!
//! A hand is four groups: the three number suits, each looked up in the suit tables by its
//! rank (see [`crate::hand::tables`]), and the honors, read straight from their counts (honors make
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
//! - Chiitoitsu and kokushi (13 or 14 tiles only): see [`crate::hand::special`].

use crate::hand::concealed::{Hand, suit_counts};
use crate::hand::lanes::{Lanes, gather, lanes};
use crate::hand::riichi::RiichiDiscards;
use crate::hand::special::{Census, Exact, SpecialDiscards, kokushi_waits};
use crate::hand::tables::{CLASS_SHIFT, RankParts, SUIT, Tables, WAIT_BITS, tables};
use crate::hand::tile::{KINDS, Tile};
use crate::hand::tile_set::TileSet;

/// The index of each group's first kind: man, pin, sou, honors.
const GROUP_START: [usize; 4] = [0, 9, 18, 27];

/// What the analysis needs of one group.
#[derive(Clone, Copy)]
struct Group {
    /// Its tiles.
    tiles: usize,
    /// Whether it is complete: melds, or melds and one pair.
    complete: bool,
    /// Its wait bits, one per kind of the group (see [`crate::hand::tables`]).
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

impl Hand {
    /// Whether the hand is complete (agari, spec section 2): `3n+2` tiles that are `n`
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

    /// The shanten number (spec section 2): how many tiles the hand must exchange to be
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

    /// The waits of a hand of `3n+1` tiles (spec section 2): the kinds whose addition makes
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

    /// The ukeire of a hand of `3n+1` tiles (spec section 2): the kinds whose draw lowers its
    /// [`Hand::shanten`], in index order, without the kinds it holds all four of (at tenpai,
    /// its [`Hand::waits`]). Each kind is worth the copies the hand does not hold, `4 -
    /// count`. Empty for any other number of tiles.
    pub fn ukeire(&self) -> TileSet {
        if self.len() % 3 != 1 {
            return TileSet::EMPTY;
        }
        let shanten = self.shanten();
        Tile::ALL
            .into_iter()
            .filter(|&tile| {
                let mut next = *self;
                next.add(tile).is_ok() && next.shanten() < shanten
            })
            .collect()
    }

    /// The riichi discards of a hand of 14 tiles (spec section 2): each kind it holds whose
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
