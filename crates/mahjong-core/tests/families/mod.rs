//! Seeded random hands of the shapes the analysis must get right: random 13 and 14, full
//! and half flushes, built tenpai, agari and near-tenpai hands, chiitoitsu and kokushi
//! shapes, hands around quads, and small hands (as after calls).

#![allow(dead_code)]

use mahjong_core::Hand;
use rand::{Rng, RngExt};

/// Copies per kind.
type Counts = [u8; 34];

/// A kind of random hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// 13 tiles drawn from the 136.
    Random13,
    /// 14 tiles drawn from the 136.
    Random14,
    /// 13 or 14 tiles of one number suit.
    FullFlush,
    /// 13 or 14 tiles of one number suit and the honors.
    HalfFlush,
    /// An agari hand less one tile: usually tenpai.
    Tenpai13,
    /// Four melds and a pair.
    Agari14,
    /// An agari hand with one or two tiles exchanged: often has riichi discards.
    NearTenpai14,
    /// Pairs, with a few tiles exchanged, 13 or 14 tiles.
    Chiitoitsu,
    /// Terminals and honors, with a few tiles exchanged, 13 or 14 tiles.
    Kokushi,
    /// One or two quads and random tiles, 13 or 14 tiles.
    Quads,
    /// 1 to 12 tiles.
    Small,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 11] = [
        Family::Random13,
        Family::Random14,
        Family::FullFlush,
        Family::HalfFlush,
        Family::Tenpai13,
        Family::Agari14,
        Family::NearTenpai14,
        Family::Chiitoitsu,
        Family::Kokushi,
        Family::Quads,
        Family::Small,
    ];

    /// A random hand of this family.
    pub fn hand(self, rng: &mut impl Rng) -> Hand {
        let mut counts = [0u8; 34];
        let all: Vec<usize> = (0..34).collect();
        match self {
            Family::Random13 => fill(&mut counts, &all, 13, rng),
            Family::Random14 => fill(&mut counts, &all, 14, rng),
            Family::FullFlush => {
                let suit = rng.random_range(0..3) * 9;
                let kinds: Vec<usize> = (suit..suit + 9).collect();
                fill(&mut counts, &kinds, 13 + rng.random_range(0..2), rng);
            }
            Family::HalfFlush => {
                let suit = rng.random_range(0..3) * 9;
                let kinds: Vec<usize> = (suit..suit + 9).chain(27..34).collect();
                fill(&mut counts, &kinds, 13 + rng.random_range(0..2), rng);
            }
            Family::Tenpai13 => {
                counts = agari(rng);
                take(&mut counts, 1, rng);
            }
            Family::Agari14 => counts = agari(rng),
            Family::NearTenpai14 => {
                counts = agari(rng);
                let swaps = 1 + rng.random_range(0..2);
                take(&mut counts, swaps, rng);
                fill(&mut counts, &all, 14, rng);
            }
            Family::Chiitoitsu => {
                for _ in 0..7 {
                    let kind = pick(&counts, &all, 2, rng);
                    counts[kind] += 2;
                }
                exchange(&mut counts, &all, rng);
            }
            Family::Kokushi => {
                const KOKUSHI: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
                for k in KOKUSHI {
                    counts[k] = 1;
                }
                fill(&mut counts, &KOKUSHI, 14, rng);
                exchange(&mut counts, &all, rng);
            }
            Family::Quads => {
                for _ in 0..1 + rng.random_range(0..2) {
                    let kind = pick(&counts, &all, 4, rng);
                    counts[kind] = 4;
                }
                fill(&mut counts, &all, 13 + rng.random_range(0..2), rng);
            }
            Family::Small => fill(&mut counts, &all, 1 + rng.random_range(0..12), rng),
        }
        Hand::from_counts(counts).expect("the families build valid hands")
    }
}

/// A random kind of `kinds` that can take `copies` more copies.
fn pick(counts: &Counts, kinds: &[usize], copies: u8, rng: &mut impl Rng) -> usize {
    loop {
        let kind = kinds[rng.random_range(0..kinds.len())];
        if counts[kind] + copies <= 4 {
            return kind;
        }
    }
}

/// Adds random tiles of `kinds` (as if drawn from what is left of the wall) up to `len`.
fn fill(counts: &mut Counts, kinds: &[usize], len: usize, rng: &mut impl Rng) {
    let mut wall: Vec<usize> = kinds
        .iter()
        .flat_map(|&k| std::iter::repeat_n(k, 4 - counts[k] as usize))
        .collect();
    while counts.iter().map(|&c| c as usize).sum::<usize>() < len && !wall.is_empty() {
        let kind = wall.swap_remove(rng.random_range(0..wall.len()));
        counts[kind] += 1;
    }
}

/// Removes `n` random tiles.
fn take(counts: &mut Counts, n: usize, rng: &mut impl Rng) {
    for _ in 0..n {
        let held: Vec<usize> = (0..34).filter(|&k| counts[k] > 0).collect();
        counts[held[rng.random_range(0..held.len())]] -= 1;
    }
}

/// Removes zero to two random tiles and refills to 13 or 14 tiles.
fn exchange(counts: &mut Counts, all: &[usize], rng: &mut impl Rng) {
    take(counts, rng.random_range(0..3), rng);
    let len = counts.iter().map(|&c| c as usize).sum::<usize>();
    let target = 13 + rng.random_range(0..2);
    if len > target {
        take(counts, len - target, rng);
    }
    fill(counts, all, target, rng);
}

/// Four random melds (sequences or triplets) and a pair, no kind more than four times.
fn agari(rng: &mut impl Rng) -> Counts {
    loop {
        let mut counts = [0u8; 34];
        for _ in 0..4 {
            if rng.random_range(0..3) == 0 {
                counts[rng.random_range(0..34)] += 3;
            } else {
                let start = 9 * rng.random_range(0..3) + rng.random_range(0..7);
                for count in &mut counts[start..start + 3] {
                    *count += 1;
                }
            }
        }
        counts[rng.random_range(0..34)] += 2;
        if counts.iter().all(|&c| c <= 4) {
            return counts;
        }
    }
}
