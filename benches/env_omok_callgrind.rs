//! The omok environment of `tabletop-env` (15x15) played, not timed, for instruction counts
//! under callgrind (the timed figures are `cargo bench --bench env`, groups `env/omok15_*`).
//! Random legal play from the mask, with the mask and the mover's observation written at
//! every decision:
//!
//! ```text
//! cargo bench --bench env_omok_callgrind --no-run      # names the binary
//! valgrind --tool=callgrind --toggle-collect='*OmokEnv*' target/release/deps/env_omok_callgrind-<hash> single omok 20000
//! valgrind --tool=callgrind --toggle-collect='*VecEnv*' target/release/deps/env_omok_callgrind-<hash> batch omok 40
//! ```
//!
//! `single RULE N` makes N decisions in one environment (resetting at each episode's end);
//! `batch RULE N` makes N batch steps of a `VecEnv` of 512 on one thread. `RULE` is a rule
//! name (`omok`, `renju`, `freestyle`, `standard`). It prints the decisions made. With the
//! toggles above only the environment's own methods (single: `step`, `reset`, the mask and
//! the observation; batch: `VecEnv::step` with its legality checks and rows) are counted,
//! not the random pick of an id.

use omok_core::Rule;
use tabletop_env::omok::OmokEnv;
use tabletop_env::seed::SplitMix64;
use tabletop_env::{Env, random_legal_id};

#[path = "callgrind_batch.rs"]
mod callgrind_batch;

use callgrind_batch::play_batch;
/// `decisions` decisions of one environment.
fn play_single(env: &mut OmokEnv, decisions: u64) -> u64 {
    let mut mask = vec![0u8; env.num_actions()];
    let mut obs = vec![0u8; env.observation_len()];
    let mut rng = SplitMix64::new(99);
    let mut seed = 0;
    for _ in 0..decisions {
        let _ = env.write_action_mask(&mut mask);
        let step = env.step(random_legal_id(&mask, &mut rng));
        if step.is_ok_and(|s| s.terminated) {
            seed += 1;
            env.reset(seed);
        }
        let _ = env.write_observation(env.to_move().unwrap_or(0), &mut obs);
    }
    decisions
}

fn main() {
    omok_core::warm_up();
    let mut args = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"));
    let batch = args.next().is_some_and(|mode| mode == "batch");
    let rule: Rule = args
        .next()
        .and_then(|r| r.parse().ok())
        .unwrap_or(Rule::Omok);
    let count: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let Ok(mut env) = OmokEnv::new(rule, 15) else {
        return;
    };
    let decisions = if batch {
        play_batch(&env, count)
    } else {
        play_single(&mut env, count)
    };
    println!("{decisions} decisions");
}
