//! The mahjong hanchan environment of `tabletop-env` played once, not timed, for instruction
//! counts under callgrind (the timed figures are `cargo bench --bench env`, group
//! `env/mahjong_hanchan`). Random legal play from the mask, with the mask and the mover's
//! observation written at every decision:
//!
//! ```text
//! cargo bench --bench env_mahjong_callgrind --no-run      # names the binary
//! valgrind --tool=callgrind --toggle-collect='*play*' target/release/deps/env_mahjong_callgrind-<hash> single 4
//! valgrind --tool=callgrind --toggle-collect='*play*' target/release/deps/env_mahjong_callgrind-<hash> batch 2
//! ```
//!
//! `single N` plays N hanchan from seeds 0..N in one environment; `batch N` makes N steps of
//! 32 batch steps of a `VecEnv` of 512 hanchan on one thread. It prints the decisions made.

use mahjong_core::Rules;
use tabletop_env::mahjong::{MahjongEnv, Reward};
use tabletop_env::seed::SplitMix64;
use tabletop_env::{BatchBuffers, Env, VecEnv, random_legal_id};

/// Slots of the batch.
const SLOTS: usize = 512;

/// Decisions of `games` hanchan from seed 0 in one environment.
fn play_single(env: &mut MahjongEnv, games: u64) -> u64 {
    let mut mask = vec![0u8; env.num_actions()];
    let mut obs = vec![0u8; env.observation_len()];
    let mut rng = SplitMix64::new(99);
    let mut decisions = 0;
    for seed in 0..games {
        env.reset(seed);
        while let Some(seat) = env.to_move() {
            let _ = env.write_action_mask(&mut mask);
            let _ = env.write_observation(seat, &mut obs);
            let _ = env.step(random_legal_id(&mask, &mut rng));
            decisions += 1;
        }
    }
    decisions
}

/// Decisions of `steps` batch steps of `SLOTS` hanchan on one thread.
fn play_batch(env: &MahjongEnv, steps: u64) -> u64 {
    let Ok(mut batch) = VecEnv::new(env, SLOTS, 0, 1) else {
        return 0;
    };
    let (obs, actions) = (env.observation_len(), env.num_actions());
    let mut ids = vec![0u32; SLOTS];
    let mut observations = vec![0u8; SLOTS * obs];
    let mut masks = vec![0u8; SLOTS * actions];
    let mut rewards = vec![0f32; SLOTS * 4];
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

fn main() {
    mahjong_core::warm_up();
    let mut args = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"));
    let batch = args.next().is_some_and(|mode| mode == "batch");
    let count: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(2);
    let Ok(mut env) = MahjongEnv::game(Rules::tenhou(), Reward::default()) else {
        return;
    };
    let decisions = if batch {
        play_batch(&env, count)
    } else {
        play_single(&mut env, count)
    };
    println!("{decisions} decisions");
}
