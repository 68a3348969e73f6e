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
use tabletop_env::{Env, random_legal_id};

#[path = "callgrind_batch.rs"]
mod callgrind_batch;

use callgrind_batch::play_batch;
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
