//! Every way a suit splits into sets and at most one pair, looked up by the suit's rank in
//! the hand tables (see `crate::tables`): the scoring hot path reads a hand's readings
//! without searching.
//!
//! The table is built once per process, on first use (about 48,000 candidate splits, a few
//! milliseconds): every multiset of at most four sets of a suit (7 sequences, 9 triplets),
//! with or without one of 9 pairs, that keeps every count at most 4, keyed by the rank of
//! its counts. 21,743 suits are complete, with 23,533 readings in all: most have one, a few
//! a handful (`111222333m`: three triplets or three sequences). About 300 KB in memory.

use std::sync::LazyLock;

use crate::tables::{SUIT, SUIT_VECTORS, tables};

/// No pair in a [`SuitReading`].
pub(crate) const NO_PAIR: u8 = u8::MAX;
/// The set codes: `0..9` a triplet of number `code + 1`, `9..16` a sequence from number
/// `code - 8`.
const SET_CODES: u8 = 16;
/// The first sequence code.
pub(crate) const SEQUENCE_BASE: u8 = 9;

/// One way to split a suit: its sets (codes, see [`SET_CODES`]) and its pair (a number
/// `0..9`, 0 = the one, or [`NO_PAIR`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SuitReading {
    /// The set codes; the first `len` are used.
    pub(crate) sets: [u8; 4],
    /// How many sets.
    pub(crate) len: u8,
    /// The pair, or [`NO_PAIR`].
    pub(crate) pair: u8,
}

/// The readings of every complete suit, by rank: a rank/select index over the 405,350
/// ranks (one bit per rank, 50 KB, with a running count per 64 ranks) so that a lookup is
/// two loads and a popcount, not a search.
struct Readings {
    /// Bit `r % 64` of word `r / 64` is set when rank `r` has readings.
    bits: Vec<u64>,
    /// Per word of `bits`, how many ranks before it have readings.
    before: Vec<u32>,
    /// Where the readings of the `i`-th rank that has some start in `readings`; one more
    /// entry, the end.
    starts: Vec<u32>,
    /// All readings, grouped by rank.
    readings: Vec<SuitReading>,
}

static READINGS: LazyLock<Readings> = LazyLock::new(Readings::build);

/// The readings of a number suit of the given rank (empty when it is not complete).
#[inline]
pub(crate) fn suit_readings(rank: usize) -> &'static [SuitReading] {
    let table = &*READINGS;
    let (word, bit) = (rank / 64, rank % 64);
    let (Some(&bits), Some(&before)) = (table.bits.get(word), table.before.get(word)) else {
        return &[];
    };
    if bits >> bit & 1 == 0 {
        return &[];
    }
    let at = before as usize + (bits & ((1 << bit) - 1)).count_ones() as usize;
    let (Some(&start), Some(&end)) = (table.starts.get(at), table.starts.get(at + 1)) else {
        return &[];
    };
    table
        .readings
        .get(start as usize..end as usize)
        .unwrap_or(&[])
}

/// Builds the reading table now rather than on first use.
pub(crate) fn warm_up() {
    let _ = &*READINGS;
}

impl Readings {
    fn build() -> Readings {
        let mut keyed: Vec<(u32, SuitReading)> = Vec::new();
        let mut sets = Vec::with_capacity(4);
        collect(&mut sets, 0, &mut keyed);
        keyed.sort_by_key(|&(rank, reading)| (rank, reading.pair, reading.len, reading.sets));
        keyed.dedup();
        let words = SUIT_VECTORS.div_ceil(64);
        let mut table = Readings {
            bits: vec![0; words],
            before: vec![0; words],
            starts: Vec::new(),
            readings: Vec::with_capacity(keyed.len()),
        };
        let mut last = None;
        for (rank, reading) in keyed {
            if last != Some(rank) {
                last = Some(rank);
                table.bits[rank as usize / 64] |= 1 << (rank % 64);
                table.starts.push(table.readings.len() as u32);
            }
            table.readings.push(reading);
        }
        table.starts.push(table.readings.len() as u32);
        let mut count = 0;
        for (before, bits) in table.before.iter_mut().zip(&table.bits) {
            *before = count;
            count += bits.count_ones();
        }
        table
    }
}

/// Adds every multiset of set codes `>= from` extending `sets` (up to four), each with
/// every pair or none, as `(rank, reading)`.
fn collect(sets: &mut Vec<u8>, from: u8, out: &mut Vec<(u32, SuitReading)>) {
    for pair in (0..SUIT as u8).chain([NO_PAIR]) {
        let mut counts = [0u8; SUIT];
        for &code in sets.iter() {
            add_set(&mut counts, code);
        }
        if pair != NO_PAIR {
            counts[pair as usize] += 2;
        }
        if counts.iter().all(|&c| c <= 4) {
            let mut codes = [0; 4];
            codes[..sets.len()].copy_from_slice(sets);
            let reading = SuitReading {
                sets: codes,
                len: sets.len() as u8,
                pair,
            };
            out.push((tables().rank(&counts) as u32, reading));
        }
    }
    if sets.len() == 4 {
        return;
    }
    for code in from..SET_CODES {
        sets.push(code);
        collect(sets, code, out);
        sets.pop();
    }
}

/// Adds the tiles of set `code` to a suit's counts.
fn add_set(counts: &mut [u8; SUIT], code: u8) {
    if code < SEQUENCE_BASE {
        counts[code as usize] += 3;
    } else {
        let low = (code - SEQUENCE_BASE) as usize;
        counts[low..low + 3].iter_mut().for_each(|c| *c += 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Hand;

    fn readings(text: &str) -> Vec<SuitReading> {
        let hand: Hand = text.parse().unwrap();
        suit_readings(hand.rank(0)).to_vec()
    }

    #[test]
    fn complete_suits_have_every_reading_and_others_none() {
        assert_eq!(readings("").len(), 1, "the empty suit reads as nothing");
        assert_eq!(readings("111222333m").len(), 2);
        assert_eq!(readings("11122233344m").len(), 3, "pair 44, 11 or 22... ");
        assert!(readings("1245m").is_empty());
        assert!(readings("1m").is_empty());
        let one = readings("123m55m");
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].pair, 4);
        assert_eq!(one[0].sets[..1], [SEQUENCE_BASE]);
    }
}
