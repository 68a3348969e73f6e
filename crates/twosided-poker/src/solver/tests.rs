//! The solver converges: exploitability falls with iterations, towards 0.

use super::cfr::Cfr;
use super::measure::{all_fronts, first_hand, first_hand_exploitability};
use super::tree::{Node, Payoff, TYPES, Tree};
use super::{THRESHOLD, THRESHOLD_COST};
use crate::rules::Rules;

/// Prints a table of exploitability against iterations and returns it.
/// The first column, the average strategy's exploitability, is returned.
fn table(rules: &Rules, checkpoints: &[u32], fronts: &[[u8; 2]]) -> Vec<f64> {
    let values = first_hand_exploitability(rules, checkpoints, fronts);
    println!("| iterations | average strategy | as the bot plays it (thresholded) |");
    println!("|---:|---:|---:|");
    for (at, [average, played]) in checkpoints.iter().zip(&values) {
        println!("| {at} | {average:.4} | {played:.4} |");
    }
    values.iter().map(|v| v[0]).collect()
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
        let nodes =
            first_hand(&rules, fronts[0]).map(|(root, _, _)| Tree::build(&root).nodes.len());
        let values = table(&rules, checkpoints, &fronts);
        println!("the tree of the first pair of fronts has {nodes:?} nodes");
        for pair in values.windows(2) {
            assert!(pair[1] < pair[0], "exploitability must fall: {values:?}");
        }
    }
}

/// The best response the slow way: one back of the responder at a time, the other seat's
/// backs as a list of weights, straight from the definition.
fn slow_best_response(
    cfr: &Cfr,
    node: usize,
    responder: usize,
    back: usize,
    weights: Vec<f64>,
) -> f64 {
    match &cfr.tree.nodes[node] {
        Node::Leaf(payoff) => (0..TYPES)
            .map(|other| {
                let (b0, b1) = if responder == 0 {
                    (back, other)
                } else {
                    (other, back)
                };
                let pays_one = match payoff {
                    Payoff::Fixed(v) => *v,
                    Payoff::Showdown(table) => table[b0][b1],
                };
                let pays = if responder == 0 { pays_one } else { -pays_one };
                cfr.chance[b0][b1] * weights[other] * pays
            })
            .sum(),
        Node::Decision { seat, children, .. } if *seat == responder => children
            .iter()
            .map(|&child| slow_best_response(cfr, child, responder, back, weights.clone()))
            .fold(f64::NEG_INFINITY, f64::max),
        Node::Decision { children, .. } => children
            .iter()
            .enumerate()
            .map(|(a, &child)| {
                let next = (0..TYPES)
                    .map(|other| weights[other] * cfr.average(node, other)[a])
                    .collect();
                slow_best_response(cfr, child, responder, back, next)
            })
            .sum(),
    }
}

#[test]
fn best_response_agrees_with_a_slow_reference() {
    for (chips, fronts, iterations) in [(4, [5, 6], 0), (5, [2, 9], 7), (7, [8, 8], 40)] {
        let rules = Rules {
            starting_chips: chips,
            both_penalty: Rules::BOTH_PENALTY,
            ..Rules::default()
        };
        let (root, chance, _) = first_hand(&rules, fronts).unwrap();
        let mut cfr = Cfr::new(Tree::build(&root), chance);
        cfr.run(iterations);
        for responder in 0..2 {
            let slow: f64 = (0..TYPES)
                .map(|back| slow_best_response(&cfr, 0, responder, back, vec![1.0; TYPES]))
                .sum();
            let fast = cfr.best_response_value(responder, 0.0);
            assert!((slow - fast).abs() < 1e-9, "{slow} against {fast}");
        }
        // Each seat's best response is worth at least the game's value to it: their sum is
        // never below 0.
        assert!(cfr.exploitability(0.0) >= -1e-12);
    }
}

#[test]
fn the_tree_follows_the_betting_rules() {
    // Every action of the tree is legal where it stands, every leaf is a fold or a showdown,
    // and a 30-chip hand keeps few enough levels to solve in milliseconds.
    let (root, _, _) = first_hand(&Rules::default(), [4, 7]).unwrap();
    let tree = Tree::build(&root);
    assert!(
        (100..2000).contains(&tree.nodes.len()),
        "{}",
        tree.nodes.len()
    );
    let Node::Decision { actions, .. } = &tree.nodes[0] else {
        panic!("the root is a decision");
    };
    let legal = root.hand.legal(root.chips);
    assert!(actions.iter().all(|&a| legal.contains(a)), "{actions:?}");
    // The first player may fold, and bet each side at the least level and all in.
    use crate::action::{Action, Side};
    for side in Side::ALL {
        let most = *legal.bet_range(side).unwrap().end();
        assert!(actions.contains(&Action::Bet { side, amount: 1 }));
        assert!(actions.contains(&Action::Bet { side, amount: most }));
    }
    assert!(actions.contains(&Action::Fold));
}

#[test]
fn thresholding_costs_at_most_its_bound() {
    // At equal fronts 6/6 the plain threshold leaves strategies a best response wins
    // chips a hand from; the allowed threshold stays within THRESHOLD_COST of the average.
    let (root, chance, _) = first_hand(&Rules::default(), [6, 6]).unwrap();
    let mut cfr = Cfr::new(Tree::build(&root), chance);
    cfr.run(100);
    let mut unbounded = 0.0_f64;
    for seat in 0..2 {
        let opponent = 1 - seat;
        let average = cfr.best_response_value(opponent, 0.0);
        let allowed = cfr.allowed_threshold(seat, THRESHOLD);
        let cost = cfr.best_response_value(opponent, allowed) - average;
        assert!(cost <= THRESHOLD_COST, "seat {seat}: {cost} at {allowed}");
        unbounded = unbounded.max(cfr.best_response_value(opponent, THRESHOLD) - average);
    }
    assert!(unbounded > 1.0, "{unbounded}");
}
