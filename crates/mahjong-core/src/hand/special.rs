//! Chiitoitsu and kokushi ([spec](crate::spec) section 2): the two forms that exist only for 13 or
//! 14 concealed tiles, read from byte-parallel counts of the whole hand.

use crate::hand::lanes::{Lanes, gather, lanes};
use crate::hand::tile::KINDS;

/// The 13 kinds of kokushi: the terminals and the honors.
const KOKUSHI: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// The counts of a whole hand that chiitoitsu and kokushi need.
#[derive(Clone, Copy)]
pub(crate) struct Census {
    /// Kinds held at least once.
    pub(crate) kinds: usize,
    /// Kinds held at least twice (a quad is one pair).
    pub(crate) pairs: usize,
    /// Kokushi kinds held.
    pub(crate) kokushi_kinds: usize,
    /// Whether a kokushi kind is held at least twice.
    pub(crate) kokushi_pair: bool,
}

impl Census {
    #[inline(always)]
    pub(crate) fn of(counts: &[u8; KINDS]) -> Census {
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
    pub(crate) fn chiitoitsu_shanten(self) -> i8 {
        6 - self.pairs as i8 + 7i8.saturating_sub(self.kinds as i8).max(0)
    }

    /// The shanten of kokushi: thirteen, less the kokushi kinds held, less one if one of
    /// them is held twice or more.
    #[inline(always)]
    pub(crate) fn kokushi_shanten(self) -> i8 {
        13 - self.kokushi_kinds as i8 - i8::from(self.kokushi_pair)
    }
}

/// Which kinds a hand holds exactly once, twice, three and four times, as kind bits: what
/// chiitoitsu needs.
#[derive(Clone, Copy)]
pub(crate) struct Exact {
    ones: u64,
    twos: u64,
    threes: u64,
    fours: u64,
}

impl Exact {
    pub(crate) fn of(counts: &[u8; KINDS]) -> Exact {
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
    pub(crate) fn chiitoitsu_waits(self) -> u64 {
        if self.twos.count_ones() == 6 && self.ones.count_ones() == 1 {
            self.ones
        } else {
            0
        }
    }

    /// The chiitoitsu wait of 14 tiles once a copy of kind `discard` (held) is discarded.
    pub(crate) fn chiitoitsu_waits_after(self, discard: usize) -> u64 {
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
pub(crate) fn kokushi_waits(counts: &[u8; KINDS]) -> u64 {
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
pub(crate) struct SpecialDiscards<'a> {
    counts: &'a [u8; KINDS],
    /// The kinds held once to four times, when chiitoitsu can be tenpai after a discard
    /// (five pairs or more).
    chiitoitsu: Option<Exact>,
    /// Whether kokushi can be tenpai after a discard (twelve kokushi kinds or more).
    kokushi: bool,
}

impl SpecialDiscards<'_> {
    pub(crate) fn of(counts: &[u8; KINDS], census: Census) -> SpecialDiscards<'_> {
        SpecialDiscards {
            counts,
            chiitoitsu: (census.pairs >= 5).then(|| Exact::of(counts)),
            kokushi: census.kokushi_kinds >= 12,
        }
    }

    pub(crate) fn any(self) -> bool {
        self.chiitoitsu.is_some() || self.kokushi
    }

    pub(crate) fn waits_after(self, discard: usize) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Hand;

    fn exact(text: &str) -> Exact {
        Exact::of(text.parse::<Hand>().unwrap().counts())
    }

    fn kinds(text: &str) -> u64 {
        text.parse::<crate::TileSet>().unwrap().bits()
    }

    #[test]
    fn chiitoitsu_discards_follow_the_counts() {
        // Seven pairs: any pair kind can go, waiting on itself.
        let seven = exact("113355m2244p6688s");
        assert_eq!(seven.chiitoitsu_waits_after(0), kinds("1m"));
        assert_eq!(seven.chiitoitsu_waits_after(10), kinds("2p"));
        // Six pairs and two singles: either single goes, waiting on the other.
        let two_singles = exact("113355m2244p66s12z");
        assert_eq!(two_singles.chiitoitsu_waits_after(27), kinds("2z"));
        assert_eq!(two_singles.chiitoitsu_waits_after(28), kinds("1z"));
        assert_eq!(two_singles.chiitoitsu_waits_after(0), 0);
        // A triplet must go, leaving its pair.
        let triplet = exact("1113355m2244p66s1z");
        assert_eq!(triplet.chiitoitsu_waits_after(0), kinds("1z"));
        assert_eq!(triplet.chiitoitsu_waits_after(27), 0);
        // A quad is never two pairs.
        assert_eq!(exact("1111m3355m2244p66z").chiitoitsu_waits_after(32), 0);
    }
}
