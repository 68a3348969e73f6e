//! The depth and node rate of the omok search on fixed positions: ten quiet early positions
//! (a random three-stone opening, then the threat-aware bot to twelve stones, as the `omok`
//! bench), each searched for OMOK_DEPTH_MS milliseconds (default 1000) with
//! OMOK_DEPTH_THREADS threads (default 1), or, when OMOK_DEPTH_NODES is set, for that many
//! nodes (then the depths do not depend on the machine's load). Prints one line a position
//! and the medians over the positions the alpha-beta search decided.
//!
//! ```sh
//! cargo bench --bench omok_depth
//! ```

#[path = "omok_positions.rs"]
mod omok_positions;

use omok_core::search::{self, Limits, Reason};
use omok_positions::early_positions;
use std::time::{Duration, Instant};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read.
    omok_core::warm_up();
    let time = Duration::from_millis(env("OMOK_DEPTH_MS", 1000));
    let threads = env("OMOK_DEPTH_THREADS", 1);
    let mut limits = match std::env::var("OMOK_DEPTH_NODES") {
        Ok(_) => Limits::nodes(env("OMOK_DEPTH_NODES", 0)),
        Err(_) => Limits::time(time),
    };
    limits.threads = usize::try_from(threads).unwrap_or(1);
    let (mut depths, mut rates) = (Vec::new(), Vec::new());
    println!(
        "omok search, {} a position, {threads} thread(s)",
        match limits.time {
            Some(t) => format!("{} ms", t.as_millis()),
            None => format!("{} nodes", limits.nodes),
        }
    );
    for (k, game) in early_positions(10).iter().enumerate() {
        let started = Instant::now();
        let Some(decision) = search::decide(game, limits) else {
            continue;
        };
        let seconds = started.elapsed().as_secs_f64();
        let rate = decision.nodes as f64 / seconds;
        let depth = match decision.reason {
            Reason::AlphaBeta { depth, .. } => f64::from(depth),
            _ => f64::NAN,
        };
        println!(
            "position {k}: {:?}, {} nodes, {rate:.0} nodes/s",
            decision.reason, decision.nodes
        );
        // Positions a threat search decides at once say nothing of the alpha-beta.
        if !depth.is_nan() {
            depths.push(depth);
            rates.push(rate);
        }
    }
    println!(
        "median depth {}, median {:.0} nodes/s",
        median(depths),
        median(rates)
    );
}
