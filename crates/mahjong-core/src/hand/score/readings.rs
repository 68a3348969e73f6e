//! Every way a suit splits into sets and at most one pair, looked up by the suit's rank in
//! the hand tables (see `crate::hand::tables`): the scoring hot path reads a hand's readings
//! without searching.
//!
//! The table is built once per process, on first use (about 48,000 candidate splits, a few
//! milliseconds): every multiset of at most four sets of a suit (7 sequences, 9 triplets),
//! with or without one of 9 pairs, that keeps every count at most 4, keyed by the rank of
//! its counts. 21,743 suits are complete, with 23,533 readings in all: most have one, a few
//! a handful (`111222333m`: three triplets or three sequences). About 690 KB in memory, of
//! which a lookup touches two cache lines (three for a suit read several ways).

use std::sync::LazyLock;

use crate::hand::lanes::count8;
use crate::hand::tables::{SUIT, SUIT_VECTORS, tables};

/// No pair in a [`SuitReading`].
pub(crate) const NO_PAIR: u8 = u8::MAX;
/// The set codes: `0..9` a triplet of number `code + 1`, `9..16` a sequence from number
/// `code - 8`.
const SET_CODES: u8 = 16;
/// The first sequence code.
const SEQUENCE_BASE: u8 = 9;

/// One way to split a suit: its sets as bits per number (what scoring reads) and its pair
/// (a number `0..9`, 0 = the one, or [`NO_PAIR`]). Within one suit's counts, these fields
/// tell the sets apart: given the triplets and the pair, the counts fix the sequences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct SuitReading {
    /// How many sets.
    pub(crate) len: u8,
    /// The pair, or [`NO_PAIR`].
    pub(crate) pair: u8,
    /// Bit `n` set when a sequence starts on number `n + 1` (`0..7`).
    pub(crate) sequences: u8,
    /// Bit `n` set when a triplet of number `n + 1` is among the sets.
    pub(crate) triplets: u16,
    /// Pairs of identical sequences among the sets (1 = iipeikou, 2 = ryanpeikou).
    pub(crate) twins: u8,
    /// How many triplets among the sets.
    pub(crate) triplet_count: u8,
}

impl SuitReading {
    /// The reading of these sets (codes, see [`SET_CODES`]) and pair.
    fn new(sets: &[u8], pair: u8) -> SuitReading {
        let mut reading = SuitReading {
            len: sets.len() as u8,
            pair,
            sequences: 0,
            triplets: 0,
            twins: 0,
            triplet_count: 0,
        };
        for &code in sets {
            match code.checked_sub(SEQUENCE_BASE) {
                Some(low) => {
                    // A sequence that finds its bit set completes a pair of twins.
                    let bit = 1 << low;
                    reading.twins += u8::from(reading.sequences & bit != 0);
                    reading.sequences ^= bit;
                }
                None => {
                    reading.triplets |= 1 << code;
                    reading.triplet_count += 1;
                }
            }
        }
        // Twins flipped their bit off: every sequence's bit back on.
        for &code in sets {
            if let Some(low) = code.checked_sub(SEQUENCE_BASE) {
                reading.sequences |= 1 << low;
            }
        }
        reading
    }
}

/// One word of the rank/select index: the bits of 64 ranks (bit `r % 64` set when rank `r`
/// has readings), how many ranks before them have readings, and how many of its own bits
/// precede each of its bytes (byte `k` of `prefix`), side by side so that a lookup touches
/// one cache line and counts bits in one byte only (no `popcnt` instruction on the
/// baseline x86-64 target).
#[derive(Clone, Copy, Default)]
struct Word {
    bits: u64,
    prefix: u64,
    before: u32,
}

/// The readings of one complete suit: the first inline (most suits have only one), and
/// where all of them are in [`Readings::readings`].
#[derive(Clone, Copy)]
struct RankReadings {
    first: SuitReading,
    len: u8,
    start: u32,
}

/// The readings of every complete suit, by rank: a rank/select index over the 405,350
/// ranks (one bit per rank, with a running count per 64 ranks), so that a lookup is a load,
/// a popcount and a second load, not a search.
struct Readings {
    /// The index, one word per 64 ranks.
    words: Vec<Word>,
    /// Per rank that has readings, in rank order.
    ranks: Vec<RankReadings>,
    /// All readings, grouped by rank.
    readings: Vec<SuitReading>,
}

static READINGS: LazyLock<Readings> = LazyLock::new(Readings::build);

/// The readings of a number suit of the given rank (empty when it is not complete).
#[inline]
pub(crate) fn suit_readings(rank: usize) -> &'static [SuitReading] {
    let table = &*READINGS;
    let Some(word) = table.words.get(rank / 64) else {
        return &[];
    };
    let bit = rank % 64;
    if word.bits >> bit & 1 == 0 {
        return &[];
    }
    let byte = bit / 8;
    let own = word.prefix >> (8 * byte) & 0xff;
    let within = count8(word.bits >> (8 * byte) & ((1 << (bit % 8)) - 1));
    let at = word.before as usize + own as usize + within as usize;
    match table.ranks.get(at) {
        Some(entry) if entry.len == 1 => std::slice::from_ref(&entry.first),
        Some(entry) => {
            let start = entry.start as usize;
            table
                .readings
                .get(start..start + entry.len as usize)
                .unwrap_or(&[])
        }
        None => &[],
    }
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
        keyed.sort_unstable();
        keyed.dedup();
        let mut table = Readings {
            words: vec![Word::default(); SUIT_VECTORS.div_ceil(64)],
            ranks: Vec::new(),
            readings: Vec::with_capacity(keyed.len()),
        };
        let mut last = None;
        for (rank, reading) in keyed {
            if last == Some(rank) {
                if let Some(entry) = table.ranks.last_mut() {
                    entry.len += 1;
                }
            } else {
                last = Some(rank);
                table.words[rank as usize / 64].bits |= 1 << (rank % 64);
                table.ranks.push(RankReadings {
                    first: reading,
                    len: 1,
                    start: table.readings.len() as u32,
                });
            }
            table.readings.push(reading);
        }
        let mut count = 0;
        for word in &mut table.words {
            word.before = count;
            count += word.bits.count_ones();
            word.prefix = (0..8).fold(0, |prefix, byte| {
                let below = word.bits & ((1u128 << (8 * byte)) - 1) as u64;
                prefix | u64::from(below.count_ones()) << (8 * byte)
            });
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
            let reading = SuitReading::new(sets, pair);
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
    use std::collections::BTreeSet;

    use super::*;
    use crate::hand::concealed::Hand;

    /// Every reading of `counts` by the slow, obvious search: take the lowest tile left as
    /// a triplet, the start of a sequence, or (once) the pair.
    fn search(
        counts: &mut [u8; SUIT],
        sets: &mut Vec<u8>,
        pair: u8,
        out: &mut BTreeSet<SuitReading>,
    ) {
        let Some(low) = counts.iter().position(|&c| c > 0) else {
            out.insert(SuitReading::new(sets, pair));
            return;
        };
        if counts[low] >= 3 && sets.len() < 4 {
            counts[low] -= 3;
            sets.push(low as u8);
            search(counts, sets, pair, out);
            sets.pop();
            counts[low] += 3;
        }
        if low + 2 < SUIT && counts[low + 1] > 0 && counts[low + 2] > 0 && sets.len() < 4 {
            counts[low..low + 3].iter_mut().for_each(|c| *c -= 1);
            sets.push(SEQUENCE_BASE + low as u8);
            search(counts, sets, pair, out);
            sets.pop();
            counts[low..low + 3].iter_mut().for_each(|c| *c += 1);
        }
        if counts[low] >= 2 && pair == NO_PAIR {
            counts[low] -= 2;
            search(counts, sets, low as u8, out);
            counts[low] += 2;
        }
    }

    #[test]
    fn the_table_agrees_with_a_search_on_every_suit() {
        let mut complete = 0;
        for code in 0..5usize.pow(SUIT as u32) {
            let mut counts = [0u8; SUIT];
            let mut rest = code;
            for count in &mut counts {
                *count = (rest % 5) as u8;
                rest /= 5;
            }
            if counts.iter().map(|&c| c as usize).sum::<usize>() > 14 {
                continue;
            }
            let mut expected = BTreeSet::new();
            search(&mut counts.clone(), &mut Vec::new(), NO_PAIR, &mut expected);
            let all = suit_readings(tables().rank(&counts));
            let actual: BTreeSet<SuitReading> = all.iter().copied().collect();
            assert_eq!(actual.len(), all.len(), "{counts:?}: no reading twice");
            assert_eq!(actual, expected, "{counts:?}");
            complete += usize::from(!actual.is_empty());
        }
        assert_eq!(complete, 21_743);
    }

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
        assert_eq!(
            (one[0].sequences, one[0].triplets, one[0].twins),
            (0b1, 0, 0)
        );
        let twins = readings("112233m");
        assert_eq!(twins.len(), 1);
        assert_eq!((twins[0].sequences, twins[0].twins), (0b1, 1));
        let four_alike = readings("111122223333m");
        assert!(
            four_alike
                .iter()
                .any(|r| (r.sequences, r.twins) == (0b1, 2))
        );
        let triplets = readings("111999m");
        assert_eq!(
            (triplets[0].triplets, triplets[0].sequences),
            (0b1_0000_0001, 0)
        );
    }
}
