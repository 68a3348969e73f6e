//! The hanchan of the `match/random_legal` and `match/tsumogiri_legal` benches (seeds 0 to
//! N-1, walls shuffled from the seed, each seat choosing from `Kyoku::legal` without a view),
//! played once each, for instruction counts under callgrind:
//!
//! ```text
//! cargo bench --bench mahjong_callgrind -- random 4     # runs it once, without callgrind
//! valgrind --tool=callgrind --toggle-collect='*play_hanchan*' \
//!     target/release/deps/mahjong_callgrind-<hash> random 4
//! ```
//!
//! (`cargo bench --bench mahjong_callgrind --no-run` names the binary.) It is a bench target,
//! not an example, so that `cargo test` does not build criterion for it.
//!
//! The first argument is `random` (each seat's choices from its own seeded generator, as the
//! bench's) or `tsumogiri` (tsumogiri and pass whenever legal), the second the number of
//! hanchan. Prints the actions played; the collected instructions cover the hanchan only,
//! not the tables' start-up.

#[path = "../crates/mahjong-core/tests/legal_hanchan/mod.rs"]
mod legal_hanchan;

use legal_hanchan::{play_hanchan, tsumogiri};
use mahjong_core::{LegalActions, Seat};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn main() {
    mahjong_core::warm_up();
    // `cargo bench` passes `--bench`: options are skipped.
    let mut args = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"));
    let random = args.next().is_none_or(|mode| mode != "tsumogiri");
    let count: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(4);
    let mut events = Vec::new();
    let mut actions = 0;
    for seed in 0..count {
        let mut rngs: [StdRng; 4] =
            std::array::from_fn(|seat| StdRng::seed_from_u64(seed * 4 + seat as u64));
        let mut choose = |seat: Seat, legal: &LegalActions| {
            if random {
                let rng = &mut rngs[seat.index()];
                return legal.get(rng.random_range(0..legal.len())).copied();
            }
            tsumogiri(legal)
        };
        match play_hanchan(seed, &mut choose, &mut events) {
            Some((_, played)) => actions += played,
            None => eprintln!("hanchan {seed} stopped"),
        }
    }
    println!("{actions} actions in {count} hanchan");
}
