//! Agents: whatever chooses an action id for a seat.

use crate::Env;
use crate::seed::SplitMix64;

/// Something that picks an action id for the seat to move.
///
/// An agent receives the whole environment so that the game crates' bots, which read their
/// game's `View`, can be agents; an agent must read only what `seat` may know (the seat's
/// view or [`Env::write_observation`] and the mask). The evaluation refuses an illegal id
/// with an error; it never panics.
pub trait Agent<E: Env> {
    /// A short name for reports.
    fn name(&self) -> String;

    /// Called at the start of each episode with a seed derived from the episode's seed and
    /// the agent's seat, so that a randomised agent plays the same in the same deal.
    fn reset(&mut self, seed: u64) {
        let _ = seed;
    }

    /// The id this agent plays for `seat`, which is to move in `env`.
    fn act(&mut self, env: &E, seat: usize) -> u32;
}

/// Plays a uniformly random legal id (from the mask), from its own [`SplitMix64`].
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: SplitMix64,
    mask: Vec<u8>,
}

impl RandomAgent {
    /// A random agent whose generator starts from `seed` (re-seeded by [`Agent::reset`]).
    #[must_use]
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: SplitMix64::new(seed),
            mask: Vec::new(),
        }
    }
}

impl<E: Env> Agent<E> for RandomAgent {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn reset(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
    }

    fn act(&mut self, env: &E, _seat: usize) -> u32 {
        self.mask.resize(env.num_actions(), 0);
        if env.write_action_mask(&mut self.mask).is_err() {
            return 0;
        }
        random_legal_id(&self.mask, &mut self.rng)
    }
}

/// A uniformly random id among the mask's 1 entries (0 when none is legal).
pub fn random_legal_id(mask: &[u8], rng: &mut SplitMix64) -> u32 {
    let count = mask.iter().filter(|&&m| m != 0).count() as u64;
    let mut pick = rng.below(count);
    for (id, &m) in (0u32..).zip(mask) {
        if m != 0 {
            if pick == 0 {
                return id;
            }
            pick -= 1;
        }
    }
    0
}
