//! The batch half of the callgrind benches (`env_*_callgrind`), included by each with
//! `#[path]`: random legal play of a `VecEnv` on one thread, its masks and observations
//! written at every step.

use tabletop_env::seed::SplitMix64;
use tabletop_env::{BatchBuffers, Env, VecEnv, random_legal_id};

/// Slots of the batch.
pub const SLOTS: usize = 512;

/// Decisions of `steps` batch steps of `SLOTS` copies of `env` on one thread (step 0 only
/// makes the batch and writes its first observations).
pub fn play_batch<E: Env + 'static>(env: &E, steps: u64) -> u64 {
    let Ok(mut batch) = VecEnv::new(env, SLOTS, 0, 1) else {
        return 0;
    };
    let (obs, actions) = (env.observation_len(), env.num_actions());
    let mut ids = vec![0u32; SLOTS];
    let mut observations = vec![0u8; SLOTS * obs];
    let mut masks = vec![0u8; SLOTS * actions];
    let mut rewards = vec![0f32; SLOTS * env.num_players()];
    let (mut terminated, mut to_move) = (vec![0u8; SLOTS], vec![0u8; SLOTS]);
    let mut rng = SplitMix64::new(7);
    for step in 0..=steps {
        let out = BatchBuffers {
            observations: &mut observations,
            masks: &mut masks,
            rewards: &mut rewards,
            terminated: &mut terminated,
            to_move: &mut to_move,
        };
        let _ = if step == 0 {
            batch.observe(out)
        } else {
            batch.step(&ids, out)
        };
        for (id, mask) in ids.iter_mut().zip(masks.chunks_exact(actions)) {
            *id = random_legal_id(mask, &mut rng);
        }
    }
    steps * SLOTS as u64
}
