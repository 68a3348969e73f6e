//! The batch half of the callgrind benches (`env_*_callgrind`), included by each with
//! `#[path]`: random legal play of a `VecEnv` on one thread, its masks and observations
//! written at every step.

use tabletop_env::seed::SplitMix64;
use tabletop_env::{Env, OwnedBatchBuffers, VecEnv, random_legal_id};

/// Slots of the batch.
pub const SLOTS: usize = 512;

/// Decisions of `steps` batch steps of `SLOTS` copies of `env` on one thread (step 0 only
/// makes the batch and writes its first observations).
pub fn play_batch<E: Env>(env: &E, steps: u64) -> u64 {
    let Ok(mut batch) = VecEnv::new(env, SLOTS, 0, 1) else {
        return 0;
    };
    let Ok(mut out) = OwnedBatchBuffers::for_env(env, SLOTS) else {
        return 0;
    };
    let actions = env.num_actions();
    let mut ids = vec![0u32; SLOTS];
    let mut rng = SplitMix64::new(7);
    for step in 0..=steps {
        let _ = if step == 0 {
            batch.observe(out.view())
        } else {
            batch.step(&ids, out.view())
        };
        for (id, mask) in ids.iter_mut().zip(out.masks.chunks_exact(actions)) {
            *id = random_legal_id(mask, &mut rng);
        }
    }
    steps * SLOTS as u64
}
