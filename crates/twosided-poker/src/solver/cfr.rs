//! CFR+ over the abstract tree of one hand, vectorised over the backs, and the best
//! response that measures how far a strategy is from an equilibrium.

use super::THRESHOLD_COST;
use super::tree::{Node, Payoff, Spread, TYPES, Tree};
use crate::action::Action;

/// The chance of each pair of backs: rows seat one's back, columns seat two's, indexes
/// `back - 1`; the entries sum to 1.
pub(crate) type Chance = [Spread; TYPES];

/// CFR+ (regret matching+, alternating updates, an average strategy weighted by each
/// player's reach and the square of the iteration) on one
/// tree.
pub(crate) struct Cfr {
    pub tree: Tree,
    /// The chance of each pair of backs.
    pub chance: Chance,
    /// Each leaf's payoffs times the chance of the backs, for each seat (rows its back,
    /// columns the other's), by node; `None` at decisions.
    leaves: Vec<Option<Box<[Table; 2]>>>,
    regrets: Vec<f64>,
    /// The strategies played so far, each weighted by the square of its iteration and the
    /// player's reach (squared weights forget the first iterations faster than linear ones:
    /// on the first hand, 100 iterations reach about half the linear average's
    /// exploitability).
    sums: Vec<f64>,
    iterations: u32,
}

impl std::fmt::Debug for Cfr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cfr")
            .field("nodes", &self.tree.nodes.len())
            .field("iterations", &self.iterations)
            .finish_non_exhaustive()
    }
}

/// Each seat's reach by back.
pub(crate) type Reach = [Spread; 2];

impl Cfr {
    /// A solver for `tree` under `chance`.
    pub fn new(tree: Tree, chance: Chance) -> Cfr {
        let slots = tree.slots;
        let leaves = tree
            .nodes
            .iter()
            .map(|node| match node {
                Node::Leaf(payoff) => Some(Box::new(weighted(payoff, &chance))),
                Node::Decision { .. } => None,
            })
            .collect();
        Cfr {
            tree,
            chance,
            leaves,
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
        let mut scratch = Vec::with_capacity(16 * MAX_ACTIONS);
        for _ in 0..n {
            self.iterations += 1;
            for seat in 0..2 {
                let mut state = State {
                    regrets: &mut self.regrets,
                    sums: &mut self.sums,
                    weight: f64::from(self.iterations).powi(2),
                    scratch: &mut scratch,
                };
                walk(
                    &self.tree,
                    &self.leaves,
                    &mut state,
                    0,
                    seat,
                    [[1.0; TYPES]; 2],
                );
            }
        }
    }

    /// Each seat's reach by back (the chance that its average strategy plays `path` from
    /// the root, for each of its backs), or `None` if the tree does not hold `path`.
    pub fn reach(&self, path: &[Action]) -> Option<Reach> {
        let mut reach = [[1.0; TYPES]; 2];
        let mut node = 0;
        for &action in path {
            let Some(Node::Decision {
                seat,
                slot,
                actions,
                children,
            }) = self.tree.nodes.get(node)
            else {
                return None;
            };
            let a = actions.iter().position(|&x| x == action)?;
            let strategy = self.averages(*slot, children.len(), 0.0);
            for (r, p) in reach[*seat].iter_mut().zip(&strategy[a]) {
                *r *= p;
            }
            node = *children.get(a)?;
        }
        Some(reach)
    }

    /// What each back of seat index `responder` is worth at decision `node` (reached by
    /// `path` from the root) with a best response to the other seat's average strategy:
    /// its expected chips given its back and the node reached. `None` if the tree does not
    /// hold `path`.
    pub fn values_at(&self, path: &[Action], responder: usize) -> Option<Spread> {
        let reach = self.reach(path)?;
        let node = self.follow(path).ok()?;
        let values = self.best_response(node, responder, 0.0, reach);
        let other = &reach[1 - responder];
        let mut out = [0.0; TYPES];
        for (r, value) in out.iter_mut().enumerate() {
            let weight: f64 = (0..TYPES)
                .map(|o| {
                    let (b0, b1) = if responder == 0 { (r, o) } else { (o, r) };
                    self.chance[b0][b1] * other[o]
                })
                .sum();
            if weight > 0.0 {
                *value = values[r] / weight;
            }
        }
        Some(out)
    }

    /// The node `path` leads to from the root, or, if the tree does not hold it, how many
    /// of its actions it holds.
    pub fn follow(&self, path: &[Action]) -> Result<usize, usize> {
        let mut node = 0;
        for (matched, &action) in path.iter().enumerate() {
            let Some(Node::Decision {
                actions, children, ..
            }) = self.tree.nodes.get(node)
            else {
                return Err(matched);
            };
            let child = actions.iter().position(|&a| a == action);
            node = *child.and_then(|i| children.get(i)).ok_or(matched)?;
        }
        Ok(node)
    }

    /// The average strategy at decision `node` for back index `back`: a probability per
    /// action, in the node's order. Uniform where the player never reached the node.
    #[cfg(test)]
    pub fn average(&self, node: usize, back: usize) -> Vec<f64> {
        self.thresholded(node, back, 0.0)
    }

    /// The average strategy at decision `node` for back index `back`, thresholded: actions
    /// played with a probability below `threshold` are dropped and the rest scaled up
    /// (unless that drops every action).
    pub fn thresholded(&self, node: usize, back: usize, threshold: f64) -> Vec<f64> {
        let Some(Node::Decision { slot, actions, .. }) = self.tree.nodes.get(node) else {
            return Vec::new();
        };
        let n = actions.len().min(MAX_ACTIONS);
        let strategy = self.averages(*slot, n, threshold);
        strategy[..n]
            .iter()
            .map(|row| row[back.min(TYPES - 1)])
            .collect()
    }

    /// The average strategy at a decision of `n` actions at `slot`, by action then back,
    /// thresholded at `threshold` (see [`Cfr::thresholded`]).
    fn averages(&self, slot: usize, n: usize, threshold: f64) -> Strategy {
        let mut average = [[0.0; TYPES]; MAX_ACTIONS];
        matching(&self.sums[slot..slot + n * TYPES], &mut average[..n]);
        let mut kept = [[0.0; TYPES]; MAX_ACTIONS];
        for (row, average) in kept.iter_mut().zip(&average).take(n) {
            for (k, &p) in row.iter_mut().zip(average) {
                *k = if p < threshold { 0.0 } else { p };
            }
        }
        let flat: Vec<f64> = kept[..n].iter().flatten().copied().collect();
        matching(&flat, &mut kept[..n]);
        // A back whose every action fell below the threshold keeps its average.
        for t in 0..TYPES {
            if (0..n).all(|a| flat[a * TYPES + t] == 0.0) {
                (0..n).for_each(|a| kept[a][t] = average[a][t]);
            }
        }
        kept
    }

    /// The exploitability of the average strategy thresholded at `threshold` (0: the
    /// average itself; see [`Cfr::thresholded`]): what a best response gains against it,
    /// averaged over the two seats, in chips per hand (0 at an equilibrium).
    #[cfg(test)]
    pub fn exploitability(&self, threshold: f64) -> f64 {
        let value = |seat| self.best_response_value(seat, threshold);
        (value(0) + value(1)) / 2.0
    }

    /// The highest threshold, among `wanted` and the lower rungs of a ladder (two thirds
    /// and a third of it, then 0), at which the strategy of seat index `seat` loses at most
    /// [`THRESHOLD_COST`] chips a hand more to a best response than its average strategy
    /// does: dropping rare actions must never leave a strategy that a best response
    /// punishes (issue 20; the README measures both).
    pub fn allowed_threshold(&self, seat: usize, wanted: f64) -> f64 {
        if wanted <= 0.0 {
            return 0.0;
        }
        let opponent = 1 - seat;
        let average = self.best_response_value(opponent, 0.0);
        [1.0, 2.0 / 3.0, 1.0 / 3.0]
            .map(|share| wanted * share)
            .into_iter()
            .find(|&t| self.best_response_value(opponent, t) - average <= THRESHOLD_COST)
            .unwrap_or(0.0)
    }

    /// The exploitability of the strategies a bot thresholding at `wanted` plays in each
    /// seat (each at its [`Cfr::allowed_threshold`]), as [`Cfr::exploitability`].
    #[cfg(test)]
    pub fn played_exploitability(&self, wanted: f64) -> f64 {
        let threshold = |seat| self.allowed_threshold(seat, wanted);
        (self.best_response_value(0, threshold(1)) + self.best_response_value(1, threshold(0)))
            / 2.0
    }

    /// What seat index `responder` wins per hand with a best response to the other seat's
    /// average strategy thresholded at `threshold`, in chips.
    pub fn best_response_value(&self, responder: usize, threshold: f64) -> f64 {
        let values = self.best_response(0, responder, threshold, [[1.0; TYPES]; 2]);
        values.iter().sum()
    }

    /// The values of `responder`'s backs below `node` when it plays a best response to the
    /// other seat's average strategy thresholded at `threshold`, that seat's reach being
    /// `reach`.
    fn best_response(&self, node: usize, responder: usize, threshold: f64, reach: Reach) -> Spread {
        let (seat, slot, children) = match &self.tree.nodes[node] {
            Node::Leaf(_) => return leaf_values(&self.leaves[node], responder, &reach),
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
                let values = self.best_response(child, responder, threshold, reach);
                for (b, v) in best.iter_mut().zip(values) {
                    *b = b.max(v);
                }
            }
            return best;
        }
        let strategy = self.averages(slot, children.len(), threshold);
        let mut values = [0.0; TYPES];
        for (a, &child) in children.iter().enumerate() {
            let mut next = reach;
            for (t, r) in next[seat].iter_mut().enumerate() {
                *r *= strategy[a][t];
            }
            add(
                &mut values,
                &self.best_response(child, responder, threshold, next),
            );
        }
        values
    }
}

/// The most actions a decision of the tree has (the tree keeps far fewer).
pub(crate) const MAX_ACTIONS: usize = 24;

/// A strategy at one decision: by action, then back.
type Strategy = [Spread; MAX_ACTIONS];

/// What an iteration updates.
struct State<'a> {
    regrets: &'a mut [f64],
    sums: &'a mut [f64],
    /// The weight of this iteration in the average strategy: its number squared.
    weight: f64,
    /// Room for the strategies and values of the decisions being walked, used as a stack.
    scratch: &'a mut Vec<Spread>,
}

/// The values of `traverser`'s backs (weighted by their chance) below `node`, each seat's
/// reach being `reach` (the other seat's weighs the values, the traverser's own its
/// average strategy); updates `traverser`'s regrets and average strategy.
fn walk(
    tree: &Tree,
    leaves: &[Option<Box<[Table; 2]>>],
    state: &mut State<'_>,
    node: usize,
    traverser: usize,
    reach: Reach,
) -> Spread {
    let (seat, slot, children) = match &tree.nodes[node] {
        Node::Leaf(_) => return leaf_values(&leaves[node], traverser, &reach),
        Node::Decision {
            seat,
            slot,
            children,
            ..
        } => (*seat, *slot, children.as_slice()),
    };
    let n = children.len().min(MAX_ACTIONS);
    // The strategy at `base..base + n`, then the children's values at `base + n..`.
    let base = state.scratch.len();
    state.scratch.resize(base + 2 * n, [0.0; TYPES]);
    matching(
        &state.regrets[slot..slot + n * TYPES],
        &mut state.scratch[base..base + n],
    );
    let mut values = [0.0; TYPES];
    if seat != traverser {
        for (a, &child) in children.iter().take(n).enumerate() {
            let mut next = reach;
            for (r, p) in next[seat].iter_mut().zip(&state.scratch[base + a]) {
                *r *= p;
            }
            if next[seat].iter().any(|&r| r > 0.0) {
                add(
                    &mut values,
                    &walk(tree, leaves, state, child, traverser, next),
                );
            }
        }
        state.scratch.truncate(base);
        return values;
    }
    for (a, &child) in children.iter().take(n).enumerate() {
        // The traverser's own reach weighs its average strategy below (not its values).
        let mut next = reach;
        for (r, p) in next[seat].iter_mut().zip(&state.scratch[base + a]) {
            *r *= p;
        }
        let child_values = walk(tree, leaves, state, child, traverser, next);
        let strategy = &state.scratch[base + a];
        for t in 0..TYPES {
            values[t] += strategy[t] * child_values[t];
        }
        state.scratch[base + n + a] = child_values;
    }
    for a in 0..n {
        let (strategy, child_values) = (state.scratch[base + a], state.scratch[base + n + a]);
        for t in 0..TYPES {
            let i = slot + a * TYPES + t;
            state.regrets[i] = (state.regrets[i] + child_values[t] - values[t]).max(0.0);
            state.sums[i] += state.weight * reach[seat][t] * strategy[t];
        }
    }
    state.scratch.truncate(base);
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

/// A value for each pair of backs: rows one seat's, columns the other's.
type Table = [Spread; TYPES];

/// `payoff` times `chance` for each seat: rows the seat's back, columns the other's; seat
/// two's table is transposed and negated.
fn weighted(payoff: &Payoff, chance: &Chance) -> [Table; 2] {
    let mut tables = [[[0.0; TYPES]; TYPES]; 2];
    for b0 in 0..TYPES {
        for b1 in 0..TYPES {
            let pays_one = match payoff {
                Payoff::Fixed(v) => *v,
                Payoff::Showdown(table) => table[b0][b1],
            };
            tables[0][b0][b1] = chance[b0][b1] * pays_one;
            tables[1][b1][b0] = -chance[b0][b1] * pays_one;
        }
    }
    tables
}

/// The values of `seat`'s backs at a leaf of weighted tables `leaf`, the other seat
/// reaching it with `reach`.
fn leaf_values(leaf: &Option<Box<[Table; 2]>>, seat: usize, reach: &Reach) -> Spread {
    let mut values = [0.0; TYPES];
    let Some(tables) = leaf else {
        return values;
    };
    let other = &reach[1 - seat];
    for (value, row) in values.iter_mut().zip(&tables[seat]) {
        *value = row.iter().zip(other).map(|(p, r)| p * r).sum();
    }
    values
}

fn add(sum: &mut Spread, values: &Spread) {
    for (s, v) in sum.iter_mut().zip(values) {
        *s += v;
    }
}
