//! The solver converges: exploitability falls with iterations, towards 0.

use super::measure::{all_fronts, first_hand, first_hand_exploitability};
use super::tree::Tree;
use crate::rules::Rules;

/// Prints a table of exploitability against iterations and returns it.
fn table(rules: &Rules, checkpoints: &[u32], fronts: &[[u8; 2]]) -> Vec<f64> {
    let values = first_hand_exploitability(rules, checkpoints, fronts);
    println!("| iterations | exploitability (chips per hand) |");
    println!("|---:|---:|");
    for (at, value) in checkpoints.iter().zip(&values) {
        println!("| {at} | {value:.4} |");
    }
    values
}

#[test]
fn exploitability_falls_on_a_small_hand() {
    let rules = Rules {
        starting_chips: 6,
        ..Rules::default()
    };
    let checkpoints = [1, 10, 100, 400];
    let values = table(&rules, &checkpoints, &[[5, 6], [3, 9]]);
    // A uniform first strategy is far from an equilibrium: a best response wins chips.
    assert!(values[0] > 0.5, "{values:?}");
    for pair in values.windows(2) {
        assert!(pair[1] < pair[0], "exploitability must fall: {values:?}");
    }
    assert!(values[3] < 0.05 * values[0], "{values:?}");
}

/// The full table: the first hand of a match under the default rules, every pair of
/// fronts. `TWOSIDED_POKER_EXPLOITABILITY=1 cargo test --release -p twosided-poker
/// exploitability_of_the_first_hand -- --nocapture` (a few minutes); by default one pair
/// of fronts and few iterations.
#[test]
fn exploitability_of_the_first_hand() {
    let full = std::env::var_os("TWOSIDED_POKER_EXPLOITABILITY").is_some();
    let (checkpoints, fronts): (&[u32], Vec<[u8; 2]>) = if full {
        (&[1, 10, 30, 100, 300, 1000], all_fronts())
    } else {
        (&[1, 10, 30], vec![[6, 6]])
    };
    for rules in [
        Rules::default(),
        Rules {
            both_penalty: Rules::BOTH_PENALTY,
            ..Rules::default()
        },
        Rules::grand_final(),
    ] {
        println!("\n{rules:?}");
        let start = std::time::Instant::now();
        let root = first_hand(&rules, fronts[0]).map(|(root, _, _)| Tree::build(&root).nodes.len());
        let values = table(&rules, checkpoints, &fronts);
        println!("tree of {root:?} nodes; {:?}", start.elapsed());
        for pair in values.windows(2) {
            assert!(pair[1] < pair[0], "exploitability must fall: {values:?}");
        }
    }
}
