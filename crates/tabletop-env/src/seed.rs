//! Seeded chance: the portable derivation of every deal from a `u64` seed.
//!
//! All randomness of every environment comes from [`SplitMix64`] (Steele, Lea and Flood,
//! "Fast splittable pseudorandom number generators", OOPSLA 2014; the generator of
//! `java.util.SplittableRandom`), a uniform integer below `n` by rejection
//! ([`SplitMix64::below`]) and the Fisher-Yates shuffle ([`shuffle`]) written here. Only
//! wrapping 64-bit integer arithmetic is used, so a seed gives the same deal on every platform,
//! compiler and run; no other random source is ever read.
//!
//! Derivations:
//! - A deal of a game: `shuffle(deck, SplitMix64::new(seed))` from the deck in the game's
//!   documented order (each environment says which order and which extra draws it makes).
//! - One hand of a multi-hand game (mahjong): [`hand_seed`]`(seed, hand_number, honba)`, so
//!   that the same (seed, hand, honba) gives the same wall whatever happened earlier.
//! - Episode `k` of an auto-resetting batch slot `i`: [`episode_seed`]`(base, i, k)`.

/// The SplitMix64 generator: a 64-bit state advanced by the golden-ratio increment and
/// mixed by the finaliser of MurmurHash3's variant 13.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SplitMix64 {
    state: u64,
}

/// The increment of SplitMix64 (2^64 / golden ratio, odd).
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output mix: a bijection of `u64` with good avalanche.
#[must_use]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    /// A generator whose first output is `mix64(seed + GOLDEN_GAMMA)`.
    #[must_use]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 uniform bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject, exact: no modulo bias).
    /// Returns 0 when `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n; // (2^64 - n) mod n
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            // The low half decides rejection, the high half is the value.
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

/// Shuffles `items` in place with the Fisher-Yates algorithm (Durstenfeld's form: for `i`
/// from `len - 1` down to 1, swap `items[i]` with `items[rng.below(i + 1)]`).
pub fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Combines a seed with one more number into a new seed: `mix64(seed ^ mix64(x + GAMMA))`
/// (a keyed mix, so `derive(s, a)` and `derive(s, b)` are unrelated streams for `a != b`).
#[must_use]
pub const fn derive(seed: u64, x: u64) -> u64 {
    mix64(seed ^ mix64(x.wrapping_add(GOLDEN_GAMMA)))
}

/// The seed of one hand of a multi-hand game: `derive(derive(seed, hand_number), honba)`.
///
/// Mahjong: `hand_number` counts hands from 0 at East 1 and each repeated hand (a dealer
/// repeat or a draw) is a new hand number; `honba` is the counter shown on the table. Two
/// tables that reach the same (hand number, honba) from the same seed get the same wall, which
/// is what duplicate play needs.
#[must_use]
pub const fn hand_seed(seed: u64, hand_number: u32, honba: u32) -> u64 {
    derive(derive(seed, hand_number as u64), honba as u64)
}

/// The seed of episode `episode` of batch slot `slot` started from `base`:
/// `derive(derive(base, slot), episode)`. `VecEnv` resets slot `i` with
/// `episode_seed(base, i, 0)`, then `episode_seed(base, i, 1)` at its first auto-reset, and so
/// on, so a slot's sequence does not depend on the other slots or on the thread count.
#[must_use]
pub const fn episode_seed(base: u64, slot: u64, episode: u64) -> u64 {
    derive(derive(base, slot), episode)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference outputs of SplitMix64 from seed 1234567 (from the authors' C code, as
    /// printed in many ports: the first five outputs).
    #[test]
    fn splitmix64_matches_reference_outputs() {
        let mut rng = SplitMix64::new(1_234_567);
        let got: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(
            got,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = SplitMix64::new(7);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = rng.below(7);
            assert!(v < 7);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn shuffle_is_a_permutation_and_fixed_per_seed() {
        let mut a: Vec<u8> = (0..48).collect();
        let mut b = a.clone();
        shuffle(&mut a, &mut SplitMix64::new(99));
        shuffle(&mut b, &mut SplitMix64::new(99));
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..48).collect::<Vec<u8>>());
        assert_ne!(a, (0..48).collect::<Vec<u8>>());
    }

    #[test]
    fn derived_seeds_differ() {
        assert_ne!(hand_seed(1, 0, 0), hand_seed(1, 0, 1));
        assert_ne!(hand_seed(1, 0, 1), hand_seed(1, 1, 0));
        assert_ne!(episode_seed(5, 0, 1), episode_seed(5, 1, 0));
    }
}
