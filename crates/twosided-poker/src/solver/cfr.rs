//! CFR+ over the abstract tree of one hand, vectorised over the backs, and the best
//! response that measures how far a strategy is from an equilibrium.

use super::tree::{Node, Payoff, Spread, TYPES, Tree};

/// The chance of each pair of backs: rows seat one's back, columns seat two's, indexes
/// `back - 1`; the entries sum to 1.
pub(crate) type Chance = [Spread; TYPES];

/// CFR+ (regret matching+, alternating updates, linearly weighted average strategy) on one
/// tree.
pub(crate) struct Cfr {
    pub tree: Tree,
    pub chance: Chance,
    regrets: Vec<f64>,
    /// The strategies played so far, each weighted by its iteration and the player's reach.
    sums: Vec<f64>,
    iterations: u32,
}

/// Each seat's reach by back.
type Reach = [Spread; 2];

impl Cfr {
    /// A solver for `tree` under `chance`.
    pub fn new(tree: Tree, chance: Chance) -> Cfr {
        let slots = tree.slots;
        Cfr {
            tree,
            chance,
            regrets: vec![0.0; slots],
            sums: vec![0.0; slots],
            iterations: 0,
        }
    }

    /// The iterations run so far.
    #[cfg(test)]
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Runs `n` more iterations, each updating seat one then seat two.
    pub fn run(&mut self, n: u32) {
        for _ in 0..n {
            self.iterations += 1;
            for seat in 0..2 {
                let mut state = State {
                    regrets: &mut self.regrets,
                    sums: &mut self.sums,
                    weight: f64::from(self.iterations),
                };
                walk(
                    &self.tree,
                    &self.chance,
                    &mut state,
                    0,
                    seat,
                    [[1.0; TYPES]; 2],
                );
            }
        }
    }

    /// The average strategy at decision `node` for back index `back`: a probability per
    /// action, in the node's order. Uniform where the player never reached the node.
    pub fn average(&self, node: usize, back: usize) -> Vec<f64> {
        let Some(Node::Decision { slot, actions, .. }) = self.tree.nodes.get(node) else {
            return Vec::new();
        };
        let n = actions.len().min(MAX_ACTIONS);
        let strategy = self.averages(*slot, n);
        strategy[..n]
            .iter()
            .map(|row| row[back.min(TYPES - 1)])
            .collect()
    }

    /// The average strategy at a decision of `n` actions at `slot`, by action then back.
    fn averages(&self, slot: usize, n: usize) -> Strategy {
        let mut strategy = [[0.0; TYPES]; MAX_ACTIONS];
        matching(&self.sums[slot..slot + n * TYPES], &mut strategy[..n]);
        strategy
    }

    /// The exploitability of the average strategy: what a best response gains against it,
    /// averaged over the two seats, in chips per hand (0 at an equilibrium).
    #[cfg(test)]
    pub fn exploitability(&self) -> f64 {
        (self.best_response_value(0) + self.best_response_value(1)) / 2.0
    }

    /// What seat index `responder` wins per hand with a best response to the other seat's
    /// average strategy, in chips.
    #[cfg(test)]
    pub fn best_response_value(&self, responder: usize) -> f64 {
        let values = self.best_response(0, responder, [[1.0; TYPES]; 2]);
        values.iter().sum()
    }

    /// The values of `responder`'s backs below `node` when it plays a best response to the
    /// other seat's average strategy, that seat's reach being `reach`.
    #[cfg(test)]
    fn best_response(&self, node: usize, responder: usize, reach: Reach) -> Spread {
        let (seat, slot, children) = match &self.tree.nodes[node] {
            Node::Leaf(payoff) => return leaf_values(payoff, &self.chance, responder, &reach),
            Node::Decision {
                seat,
                slot,
                children,
                ..
            } => (*seat, *slot, children),
        };
        if seat == responder {
            let mut best = [f64::NEG_INFINITY; TYPES];
            for &child in children {
                let values = self.best_response(child, responder, reach);
                for t in 0..TYPES {
                    best[t] = best[t].max(values[t]);
                }
            }
            return best;
        }
        let strategy = self.averages(slot, children.len());
        let mut values = [0.0; TYPES];
        for (a, &child) in children.iter().enumerate() {
            let mut next = reach;
            for (t, r) in next[seat].iter_mut().enumerate() {
                *r *= strategy[a][t];
            }
            add(&mut values, &self.best_response(child, responder, next));
        }
        values
    }
}

/// The most actions a decision of the tree has (the tree keeps far fewer).
pub(crate) const MAX_ACTIONS: usize = 32;

/// A strategy at one decision: by action, then back.
type Strategy = [Spread; MAX_ACTIONS];

/// What an iteration updates.
struct State<'a> {
    regrets: &'a mut [f64],
    sums: &'a mut [f64],
    /// The weight of this iteration in the average strategy: its number.
    weight: f64,
}

/// The values of `traverser`'s backs (weighted by their chance) below `node`, the other
/// seat's reach being `reach`; updates `traverser`'s regrets and average strategy.
fn walk(
    tree: &Tree,
    chance: &Chance,
    state: &mut State<'_>,
    node: usize,
    traverser: usize,
    reach: Reach,
) -> Spread {
    let (seat, slot, children) = match &tree.nodes[node] {
        Node::Leaf(payoff) => return leaf_values(payoff, chance, traverser, &reach),
        Node::Decision {
            seat,
            slot,
            children,
            ..
        } => (*seat, *slot, children.as_slice()),
    };
    let n = children.len().min(MAX_ACTIONS);
    let mut strategy = [[0.0; TYPES]; MAX_ACTIONS];
    matching(&state.regrets[slot..slot + n * TYPES], &mut strategy[..n]);
    let mut values = [0.0; TYPES];
    if seat != traverser {
        for (a, &child) in children.iter().take(n).enumerate() {
            let mut next = reach;
            for t in 0..TYPES {
                next[seat][t] *= strategy[a][t];
            }
            if next[seat].iter().any(|&r| r > 0.0) {
                add(
                    &mut values,
                    &walk(tree, chance, state, child, traverser, next),
                );
            }
        }
        return values;
    }
    let mut child_values = [[0.0; TYPES]; MAX_ACTIONS];
    for (a, &child) in children.iter().take(n).enumerate() {
        child_values[a] = walk(tree, chance, state, child, traverser, reach);
        for t in 0..TYPES {
            values[t] += strategy[a][t] * child_values[a][t];
        }
    }
    for a in 0..n {
        for t in 0..TYPES {
            let i = slot + a * TYPES + t;
            state.regrets[i] = (state.regrets[i] + child_values[a][t] - values[t]).max(0.0);
            state.sums[i] += state.weight * reach[seat][t] * strategy[a][t];
        }
    }
    values
}

/// Regret matching: for each back, `weights` (by action, then back) scaled to sum to 1
/// into `strategy`, uniform where they sum to 0.
fn matching(weights: &[f64], strategy: &mut [Spread]) {
    let n = strategy.len();
    for t in 0..TYPES {
        let total: f64 = (0..n).map(|a| weights[a * TYPES + t]).sum();
        for (a, row) in strategy.iter_mut().enumerate() {
            row[t] = if total > 0.0 {
                weights[a * TYPES + t] / total
            } else {
                1.0 / n as f64
            };
        }
    }
}

/// The values of `seat`'s backs at a leaf, the other seat reaching it with `reach`.
fn leaf_values(payoff: &Payoff, chance: &Chance, seat: usize, reach: &Reach) -> Spread {
    let other = &reach[1 - seat];
    let sign = if seat == 0 { 1.0 } else { -1.0 };
    // `weight(t, o)`: the chance of backs `t` (this seat) and `o`, times the other's reach.
    let weight = |t: usize, o: usize| {
        let p = if seat == 0 {
            chance[t][o]
        } else {
            chance[o][t]
        };
        p * other[o]
    };
    let mut values = [0.0; TYPES];
    match payoff {
        Payoff::Fixed(pays_one) => {
            for (t, value) in values.iter_mut().enumerate() {
                let reached: f64 = (0..TYPES).map(|o| weight(t, o)).sum();
                *value = sign * pays_one * reached;
            }
        }
        Payoff::Showdown(table) => {
            for (t, value) in values.iter_mut().enumerate() {
                let mut sum = 0.0;
                for o in 0..TYPES {
                    let pays_one = if seat == 0 { table[t][o] } else { table[o][t] };
                    sum += weight(t, o) * pays_one;
                }
                *value = sign * sum;
            }
        }
    }
    values
}

fn add(sum: &mut Spread, values: &Spread) {
    for (s, v) in sum.iter_mut().zip(values) {
        *s += v;
    }
}
