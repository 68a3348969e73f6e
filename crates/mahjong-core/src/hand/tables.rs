//! The lookup tables of the hand analysis ([spec](crate::spec) section 2), built once per process,
//! on first use, behind a `LazyLock` (45 ms on the 2-core benchmark machine; [`crate::warm_up`]
//! builds them ahead). About 1.1 MB stay in memory, of which the hot path reads the 810 KB used of
//! the entry table and a few small ones (which fits the 1 MB L2 cache of the benchmark machine).
//!
//! # Suits as ranks
//! A number suit of a hand is the vector of its nine counts `c0..c8` (`c0` = the one), each
//! `0..=4`, at most 14 in all: 405,350 vectors. Each has a *rank* `0..405,350`, its place in
//! the order of the base-5 numbers `a = c0 + 5 c1 + .. + 625 c4` and then
//! `b = c5 + 5 c6 + 25 c7 + 125 c8`:
//! `rank = OFFSET[a] + SUB[c0 + .. + c4][b]`, two loads from tables of 16 KB and 32 KB.
//! Taking a tile away lowers the rank, which the build relies on. A [`crate::Hand`] keeps
//! the rank of each of its suits up to date as tiles come and go, so asking a hand costs no
//! rank arithmetic.
//!
//! # How the tables are built
//! Every target shape of a suit (`m` melds, with or without a pair, no count above 4) is
//! marked by enumerating meld multisets (under 5,000). A vector that some target of a shape
//! contains needs `size - tiles` more tiles for it; any other vector needs as many as its
//! best sub-vector one tile smaller, because a tile the best target doesn't use can go. So two
//! sweeps over the ranks (down for "contained", up for the best overlap) give every suit's
//! ten replacement numbers, with no search.
//!
//! # What a rank holds: one `u16`, 810 KB in all
//! - bits 0..=8, the suit's **waits**: for a suit of `3m+1` tiles the kinds that make it
//!   `m` melds and a pair, for `3m+2` tiles the kinds that make it `m+1` melds (never a kind
//!   it holds four of);
//! - bits 9..=15, the suit's **class** (one of 126): its replacement numbers, below.
//!
//! # Classes: shanten as replacement numbers
//! For a group of kinds (a suit, or the honors) and a target of `m` melds (`0..=4`) with or
//! without a pair, the *replacement number* is the fewest tiles the group must gain to hold
//! such a target, as `Σ max(0, target - counts)` over the group's kinds, with every target
//! count at most 4 (so a held quad never lends a fifth copy). The ten numbers of a suit are
//! its class: only 126 distinct classes occur among suits and 55 among honor groups. The
//! replacement number of a whole hand of `3n+1` or `3n+2` tiles for `n` melds and a pair is
//! the min-plus convolution of its four groups' classes, and the classes are closed under it
//! (180 classes in all), so that convolution is a table of 180 x 180 class ids. The shanten
//! of the standard form is that number minus one.
//!
//! # Honors
//! The honors have no sequences, so their class depends only on how many kinds they hold
//! once, twice, three and four times: [`Tables::honor_class`] is indexed by those counts.

use std::collections::BTreeMap;
use std::sync::LazyLock;

/// Kinds per number suit.
pub(crate) const SUIT: usize = 9;
/// The most tiles of a suit in a hand.
const MAX_SUIT_TILES: usize = 14;
/// Values of `a`, the base-5 number of the suit's first five counts.
const A_VALUES: usize = 5 * 5 * 5 * 5 * 5;
/// Values of `b`, the base-5 number of its last four counts.
const B_VALUES: usize = 5 * 5 * 5 * 5;
/// The number of suit vectors (ranks).
pub(crate) const SUIT_VECTORS: usize = 405_350;
/// Where a rank's class starts in its entry.
pub(crate) const CLASS_SHIFT: u32 = 9;
/// The wait bits of an entry.
pub(crate) const WAIT_BITS: u16 = (1 << CLASS_SHIFT) - 1;

/// The replacement numbers of a group: index `m` for `m` melds (`0..=4`), `5 + m` for `m`
/// melds and a pair.
type Dist = [u8; 10];

/// Index of the replacement number for `melds` melds with (`pair`) or without a pair.
const fn slot(melds: usize, pair: bool) -> usize {
    melds + if pair { 5 } else { 0 }
}

/// The bit of a class's `complete` mask that says whether a group of `tiles` tiles is
/// complete (melds, or melds and one pair); 15, a bit never set, for `3m+1` tiles.
pub(crate) const COMPLETE_BIT: [u8; 16] = {
    let mut bits = [15u8; 16];
    let mut tiles = 0;
    while tiles < 15 {
        bits[tiles] = match tiles % 3 {
            0 => slot(tiles / 3, false) as u8,
            2 => slot(tiles / 3, true) as u8,
            _ => 15,
        };
        tiles += 1;
    }
    bits
};

/// The tables are padded to powers of two and indexed through masks, so that no lookup needs
/// a bounds check: an index from a valid hand is always below the unpadded size.
const A_SLOTS: usize = 1 << 12;
const B_SLOTS: usize = 1 << 10;
const FIRST_SLOTS: usize = 1 << 4;
const RANK_SLOTS: usize = 1 << 19;
const CLASS_SLOTS: usize = 1 << 8;
const CENSUS_SLOTS: usize = 1 << 12;

/// All the tables; see the module docs.
pub(crate) struct Tables {
    /// `offset[a]`: the number of suit vectors before those starting with `a`.
    offset: Box<[u32; A_SLOTS]>,
    /// `sub[s][b]`: the number of `b' < b` whose counts add up to at most `14 - s`.
    sub: Box<[[u16; B_SLOTS]; FIRST_SLOTS]>,
    /// Per rank: wait bits and class, see the module docs.
    entry: Box<[u16; RANK_SLOTS]>,
    /// `combine[x][y]`: the class of the min-plus convolution of classes x and y.
    combine: Box<[[u8; CLASS_SLOTS]; CLASS_SLOTS]>,
    /// Per class, the replacement number for `n` melds and a pair, `n = 0..=4`.
    with_pair: Box<[[u8; 8]; CLASS_SLOTS]>,
    /// Per class, bit `slot(m, pair)` set when that replacement number is 0: a group of
    /// `3m (+2)` tiles of this class is complete.
    complete: Box<[u16; CLASS_SLOTS]>,
    /// Per honor census `ones | twos << 3 | threes << 6 | fours << 9`, the class.
    honor_class: Box<[u8; CENSUS_SLOTS]>,
    /// The number of classes.
    classes: usize,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The tables, built on first use.
#[inline(always)]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

/// A boxed array of `N` items: the given ones, then `fill`.
fn boxed<T: Copy, const N: usize>(items: impl IntoIterator<Item = T>, fill: T) -> Box<[T; N]> {
    let mut all: Vec<T> = items.into_iter().take(N).collect();
    all.resize(N, fill);
    match all.into_boxed_slice().try_into() {
        Ok(array) => array,
        Err(_) => unreachable!("resized to {N}"),
    }
}

impl Tables {
    /// The rank of a suit's counts (each `0..=4`, at most 14 in all).
    #[inline(always)]
    pub(crate) fn rank(&self, c: &[u8; SUIT]) -> usize {
        self.rank_of(RankParts::of(c))
    }

    /// The rank of a suit from the parts of its rank.
    #[inline(always)]
    pub(crate) fn rank_of(&self, parts: RankParts) -> usize {
        let RankParts { a, b, first } = parts;
        self.offset[a % A_SLOTS] as usize + self.sub[first % FIRST_SLOTS][b % B_SLOTS] as usize
    }

    /// The entry (wait bits and class) of a suit's rank.
    #[inline(always)]
    pub(crate) fn entry_at(&self, rank: usize) -> u16 {
        self.entry[rank % RANK_SLOTS]
    }

    /// Whether a group of `tiles` tiles of class `class` is complete: melds, or melds and
    /// one pair.
    #[inline(always)]
    pub(crate) fn is_complete(&self, class: u8, tiles: usize) -> bool {
        self.complete[class as usize] >> COMPLETE_BIT[tiles % 16] & 1 == 1
    }

    /// The class of the min-plus convolution of two classes: the replacement numbers of two
    /// groups taken together.
    #[inline(always)]
    pub(crate) fn combine(&self, x: u8, y: u8) -> u8 {
        self.combine[x as usize][y as usize]
    }

    /// The replacement number of class `class` for `melds` melds and a pair.
    #[inline(always)]
    pub(crate) fn with_pair(&self, class: u8, melds: usize) -> u8 {
        self.with_pair[class as usize][melds % 8]
    }

    /// The class of an honor group from its census (see the field).
    #[inline(always)]
    pub(crate) fn honor_class(&self, census: usize) -> u8 {
        self.honor_class[census % CENSUS_SLOTS]
    }

    fn build() -> Tables {
        let (offset, sub, vectors) = rank_tables();
        let mut tables = Tables {
            offset: boxed(offset, 0),
            sub: boxed(sub, [0; B_SLOTS]),
            entry: boxed([], 0),
            combine: boxed([], [0; CLASS_SLOTS]),
            with_pair: boxed([], [0; 8]),
            complete: boxed([], 0),
            honor_class: boxed([], 0),
            classes: 0,
        };
        let targets = tables.targets();
        let dists = tables.suit_dists(&vectors, &targets);

        let mut classes = Classes::default();
        let suit_classes: Vec<u8> = dists.iter().map(|d| classes.id(*d)).collect();
        tables.honor_class = boxed((0..CENSUS_SLOTS).map(|c| classes.id(honor_dist(c))), 0);
        classes.close();

        let entries = vectors.iter().zip(&suit_classes);
        tables.entry = boxed(
            entries.map(|(v, &class)| tables.waits(v, &targets) | u16::from(class) << CLASS_SHIFT),
            0,
        );
        tables.classes = classes.dists.len();
        tables.combine = boxed(classes.combine_rows(), [0; CLASS_SLOTS]);
        let dists = &classes.dists;
        tables.with_pair = boxed(
            dists
                .iter()
                .map(|d| [d[5], d[6], d[7], d[8], d[9], 0, 0, 0]),
            [0; 8],
        );
        tables.complete = boxed(
            dists.iter().map(|d| {
                (0..10)
                    .filter(|&s| d[s] == 0)
                    .fold(0, |bits, s| bits | 1 << s)
            }),
            0,
        );
        tables
    }

    /// Per rank, bit `slot(m, pair)` set when the suit is exactly `m` melds (and a pair).
    fn targets(&self) -> Vec<u16> {
        let mut targets = vec![0u16; SUIT_VECTORS];
        self.place_melds(&mut [0; SUIT], 0, 0, &mut targets);
        targets
    }

    /// Marks `counts` as a target of `melds` melds, with each pair that fits, then adds
    /// melds of kind `from` or later (sequences 0..7, then triplets 7..16).
    fn place_melds(&self, counts: &mut [u8; SUIT], from: usize, melds: usize, targets: &mut [u16]) {
        targets[self.rank(counts)] |= 1 << slot(melds, false);
        for k in 0..SUIT {
            if counts[k] <= 2 {
                counts[k] += 2;
                targets[self.rank(counts)] |= 1 << slot(melds, true);
                counts[k] -= 2;
            }
        }
        if melds == 4 {
            return;
        }
        for meld in from..16 {
            let kinds: &[usize] = &match meld {
                0..7 => [meld, meld + 1, meld + 2],
                _ => [meld - 7; 3],
            };
            for &k in kinds {
                counts[k] += 1;
            }
            if kinds.iter().all(|&k| counts[k] <= 4) {
                self.place_melds(counts, meld, melds + 1, targets);
            }
            for &k in kinds {
                counts[k] -= 1;
            }
        }
    }

    /// The replacement numbers of every suit vector, in rank order.
    ///
    /// A vector is *partial* for a target shape when some target of that shape holds it;
    /// then it needs `size - tiles` more tiles. Otherwise dropping a tile the best target
    /// doesn't use changes nothing, so its best overlap with a target is the best among the
    /// vectors one tile smaller.
    fn suit_dists(&self, vectors: &[Vector], targets: &[u16]) -> Vec<Dist> {
        let mut partial = targets.to_vec();
        for (r, v) in vectors.iter().enumerate().rev() {
            if (v.tiles as usize) < MAX_SUIT_TILES {
                for k in (0..SUIT).filter(|&k| v.counts[k] < 4) {
                    partial[r] |= partial[self.rank_after(v, k, 1)];
                }
            }
        }
        let mut overlap = vec![[0u8; 10]; vectors.len()];
        for (r, v) in vectors.iter().enumerate() {
            let mut best = [0u8; 10];
            for k in (0..SUIT).filter(|&k| v.counts[k] > 0) {
                let smaller = overlap[self.rank_after(v, k, -1)];
                for (best, smaller) in best.iter_mut().zip(smaller) {
                    *best = (*best).max(smaller);
                }
            }
            for (s, best) in best.iter_mut().enumerate() {
                if partial[r] >> s & 1 == 1 {
                    *best = v.tiles;
                }
            }
            overlap[r] = best;
        }
        overlap
            .iter()
            .map(|o| std::array::from_fn(|s| target_size(s) - o[s]))
            .collect()
    }

    /// The wait bits of a suit vector (see the module docs).
    fn waits(&self, v: &Vector, targets: &[u16]) -> u16 {
        let n = v.tiles as usize;
        let goal = match n % 3 {
            1 => slot((n - 1) / 3, true),
            2 if n < MAX_SUIT_TILES => slot(n.div_ceil(3), false),
            _ => return 0,
        };
        (0..SUIT)
            .filter(|&k| v.counts[k] < 4 && targets[self.rank_after(v, k, 1)] >> goal & 1 == 1)
            .fold(0, |bits, k| bits | 1 << k)
    }

    /// The rank of `v` with `delta` (1 or -1) more copies of kind `k`, which must stay
    /// within `0..=4`.
    fn rank_after(&self, v: &Vector, k: usize, delta: isize) -> usize {
        let parts = RankParts {
            a: v.a as usize,
            b: v.b as usize,
            first: v.first as usize,
        };
        self.rank_of(parts.after(k, delta))
    }
}

/// The parts of a suit's rank: the base-5 numbers `a` of its first five counts and `b` of
/// its last four, and `first`, the tiles among the first five.
#[derive(Clone, Copy)]
pub(crate) struct RankParts {
    a: usize,
    b: usize,
    first: usize,
}

impl RankParts {
    /// The parts of a suit's counts.
    #[inline(always)]
    pub(crate) fn of(c: &[u8; SUIT]) -> RankParts {
        let digit = |k: usize| c[k] as usize;
        RankParts {
            a: digit(0) + 5 * digit(1) + 25 * digit(2) + 125 * digit(3) + 625 * digit(4),
            b: digit(5) + 5 * digit(6) + 25 * digit(7) + 125 * digit(8),
            first: digit(0) + digit(1) + digit(2) + digit(3) + digit(4),
        }
    }

    /// The parts after `delta` (1 or -1) more copies of kind `k` (`0..9`), which must stay
    /// within `0..=4`.
    #[inline(always)]
    pub(crate) fn after(self, k: usize, delta: isize) -> RankParts {
        const POWERS: [isize; SUIT] = [1, 5, 25, 125, 625, 1, 5, 25, 125];
        let step = delta * POWERS[k % SUIT];
        if k < 5 {
            RankParts {
                a: self.a.wrapping_add_signed(step),
                first: self.first.wrapping_add_signed(delta),
                ..self
            }
        } else {
            RankParts {
                b: self.b.wrapping_add_signed(step),
                ..self
            }
        }
    }
}

/// A suit vector while the tables are built: its counts, and the parts of its rank (see the
/// module docs).
#[derive(Clone, Copy)]
struct Vector {
    counts: [u8; SUIT],
    a: u16,
    b: u16,
    first: u8,
    tiles: u8,
}

/// The rank tables, and every suit vector in rank order.
fn rank_tables() -> (Vec<u32>, Vec<[u16; B_SLOTS]>, Vec<Vector>) {
    let first =
        |a: usize| -> [u8; 5] { std::array::from_fn(|i| (a / 5usize.pow(i as u32) % 5) as u8) };
    let last =
        |b: usize| -> [u8; 4] { std::array::from_fn(|i| (b / 5usize.pow(i as u32) % 5) as u8) };
    let sum = |digits: &[u8]| digits.iter().map(|&d| d as usize).sum::<usize>();
    let mut sub = vec![[0u16; B_SLOTS]; MAX_SUIT_TILES + 1];
    for (s, row) in sub.iter_mut().enumerate() {
        let mut below = 0;
        for (b, cell) in row[..B_VALUES].iter_mut().enumerate() {
            *cell = below;
            below += u16::from(s + sum(&last(b)) <= MAX_SUIT_TILES);
        }
    }
    let tails: Vec<([u8; 4], usize)> = (0..B_VALUES).map(|b| (last(b), sum(&last(b)))).collect();
    let mut offset = vec![0u32; A_VALUES];
    let mut vectors = Vec::with_capacity(SUIT_VECTORS);
    for (a, cell) in offset.iter_mut().enumerate() {
        *cell = vectors.len() as u32;
        let head = first(a);
        let head_tiles = sum(&head);
        for (b, &(tail, tail_tiles)) in tails.iter().enumerate() {
            if head_tiles + tail_tiles <= MAX_SUIT_TILES {
                let mut counts = [0u8; SUIT];
                counts[..5].copy_from_slice(&head);
                counts[5..].copy_from_slice(&tail);
                vectors.push(Vector {
                    counts,
                    a: a as u16,
                    b: b as u16,
                    first: head_tiles as u8,
                    tiles: (head_tiles + tail_tiles) as u8,
                });
            }
        }
    }
    (offset, sub, vectors)
}

/// The number of tiles of the target shape at `slot`.
const fn target_size(s: usize) -> u8 {
    (3 * (s % 5) + 2 * (s / 5)) as u8
}

/// The replacement numbers of an honor group with the given census
/// (`ones | twos << 3 | threes << 6 | fours << 9`). Honor melds are triplets of distinct
/// kinds and the pair is a kind of its own (a fifth copy doesn't exist), so the best target
/// takes the cheapest triplets, and the pair from the rest. A census of more than 7 kinds or
/// 14 tiles never occurs; it gets the empty group's numbers.
fn honor_dist(census: usize) -> Dist {
    let held = [
        census & 7,
        census >> 3 & 7,
        census >> 6 & 7,
        census >> 9 & 7,
    ];
    let kinds: usize = held.iter().sum();
    let tiles: usize = held.iter().enumerate().map(|(i, n)| (i + 1) * n).sum();
    let mut counts = Vec::new();
    if kinds <= 7 && tiles <= MAX_SUIT_TILES {
        for (i, &n) in held.iter().enumerate() {
            counts.extend(std::iter::repeat_n(i + 1, n));
        }
    }
    counts.resize(7, 0);
    let cheapest = |skip: Option<usize>, melds: usize| -> u8 {
        let mut costs: Vec<u8> = (0..7)
            .filter(|&k| Some(k) != skip)
            .map(|k| 3 - counts[k].min(3) as u8)
            .collect();
        costs.sort_unstable();
        costs[..melds].iter().sum()
    };
    std::array::from_fn(|s| {
        let melds = s % 5;
        if s < 5 {
            cheapest(None, melds)
        } else {
            (0..7)
                .map(|k| 2 - counts[k].min(2) as u8 + cheapest(Some(k), melds))
                .min()
                .unwrap_or(0)
        }
    })
}

/// The min-plus convolution of two groups' replacement numbers: the best split of the
/// melds, with the pair in either group.
fn convolve(x: &Dist, y: &Dist) -> Dist {
    let mut out = [u8::MAX; 10];
    for m in 0..5 {
        for i in 0..=m {
            let j = m - i;
            out[m] = out[m].min(x[i] + y[j]);
            out[5 + m] = out[5 + m].min(x[5 + i] + y[j]).min(x[i] + y[5 + j]);
        }
    }
    out
}

/// The distinct classes, by id.
#[derive(Default)]
struct Classes {
    dists: Vec<Dist>,
    ids: BTreeMap<Dist, u8>,
}

impl Classes {
    /// The id of a class, new or not. There are 180, so an id fits a byte; the tests check
    /// that count.
    fn id(&mut self, dist: Dist) -> u8 {
        *self.ids.entry(dist).or_insert_with(|| {
            self.dists.push(dist);
            (self.dists.len() - 1) as u8
        })
    }

    /// Adds the convolutions of every two classes until none is new.
    fn close(&mut self) {
        let mut x = 0;
        while x < self.dists.len() {
            for y in 0..=x {
                self.id(convolve(&self.dists[x], &self.dists[y]));
            }
            x += 1;
        }
    }

    /// Row `x` of the combine table: the class of the convolution of x and each y.
    fn combine_rows(&self) -> impl Iterator<Item = [u8; CLASS_SLOTS]> + '_ {
        self.dists.iter().map(|x| {
            let mut row = [0; CLASS_SLOTS];
            for (cell, y) in row.iter_mut().zip(&self.dists) {
                *cell = self.ids[&convolve(x, y)];
            }
            row
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_suit_vector_has_its_own_rank() {
        let (_, _, vectors) = rank_tables();
        assert_eq!(vectors.len(), SUIT_VECTORS);
        let t = tables();
        for (r, v) in vectors.iter().enumerate() {
            assert_eq!(t.rank(&v.counts), r);
        }
    }

    #[test]
    fn classes_fit_their_fields() {
        let t = tables();
        assert_eq!(t.classes, 180);
        assert!(t.entry.iter().all(|e| e >> CLASS_SHIFT < 126));
    }

    #[test]
    fn replacement_numbers_of_known_suits() {
        let t = tables();
        let dist = |v: [u8; 9]| -> Dist {
            let class = (t.entry_at(t.rank(&v)) >> CLASS_SHIFT) as u8;
            let mut d = [0; 10];
            for m in 0..5 {
                d[5 + m] = t.with_pair(class, m);
            }
            d
        };
        // The empty suit needs every tile.
        assert_eq!(dist([0; 9])[5..], [2, 5, 8, 11, 14]);
        // 1111: a pair and a triplet would need a fifth copy, so one meld and a pair needs
        // two tiles (11 123, or 111 and a new pair); 11 123 123 needs 2233.
        assert_eq!(dist([4, 0, 0, 0, 0, 0, 0, 0, 0])[5..], [0, 2, 4, 7, 10]);
        // 123 456 789 11: complete as three melds and a pair.
        assert_eq!(dist([3, 1, 1, 1, 1, 1, 1, 1, 1])[8], 0);
    }

    #[test]
    fn honor_groups_count_triplets_and_one_pair() {
        // East x3, South x2: a triplet and a pair, or two triplets with one more South.
        let census = 1 << 3 | 1 << 6;
        assert_eq!(honor_dist(census), [0, 0, 1, 4, 7, 0, 0, 3, 6, 9]);
        // A quad of East: its pair and its triplet cannot both be East.
        assert_eq!(honor_dist(1 << 9), [0, 0, 3, 6, 9, 0, 2, 5, 8, 11]);
    }
}
