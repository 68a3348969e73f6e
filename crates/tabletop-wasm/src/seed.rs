//! The seeded randomness of the bindings: the only chance in a game is the shuffle, and
//! the bindings draw it (and a random bot's choices) from a seed the caller gives.

use rand::SeedableRng;
use rand::rngs::StdRng;

/// The generator of `seed` (ChaCha12, the same sequence on every platform).
///
/// JavaScript numbers are doubles: a seed is taken as an integer of at most 2^53, which
/// JS passes exactly (fractions are cut, negative numbers and NaN read as 0).
pub(crate) fn rng(seed: f64) -> StdRng {
    StdRng::seed_from_u64(seed as u64)
}
