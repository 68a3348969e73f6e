//! The near-equilibrium bot: CFR+ on the hand being played (issue 16).

use std::sync::Arc;

use rand::{Rng, RngExt};

use super::Bot;
use super::odds::Odds;
use crate::action::Action;
use crate::card::{Card, Face, MAX_FACE, MIN_FACE};
use crate::hand::Hand;
use crate::seat::Seat;
use crate::solver::cfr::{Cfr, Chance};
use crate::solver::tree::{Node, Root, Spread, TYPES, Tree};
use crate::solver::{THRESHOLD, THRESHOLD_COST, placeholder};
use crate::view::View;

/// A bot that plays a near-equilibrium strategy of the hand in hand, computed from its
/// [`View`] only with counterfactual regret minimisation (CFR+).
///
/// At the first decision of each hand it solves the abstract game of the hand (the crate's
/// `solver` module: the real betting rules with bet sizes cut to the least level, half the
/// pot, the pot and all in, at most two raises; payoffs in chips, a tie worth half the pot
/// to each) from the hand's start, with [`Equilibrium::ITERATIONS`] iterations: well under
/// a second (the bench `twosided_poker/equilibrium bot` measures it). Chance deals the
/// backs as the deck deals them: its own from the cards of its front whose backs were
/// never shown (what the opponent can count), and the opponent's, given that own back,
/// from the cards this bot has not seen ([`Odds`], card counting). It then plays the
/// average strategy for its back (or, built with [`Equilibrium::thresholded`], that
/// strategy without its rare actions), drawing the action with `rng`.
///
/// Its later decisions in the hand follow the actions down the same tree. When the
/// opponent bets a level the tree does not hold, it solves the rest of the hand again from
/// that decision, the level added: each player's backs weighed by how likely its play so
/// far was, and the opponent free to take instead what its back was worth there against
/// the strategy solved before (safe re-solving), so that a level of the opponent's own
/// choosing wins it no more than the levels the bot had answered.
///
/// Strength and exploitability: see the crate's README.
#[derive(Clone, Debug)]
pub struct Equilibrium<R> {
    rng: R,
    /// Actions of the average strategy below this probability are dropped.
    threshold: f64,
    /// The latest solutions, the most recently used last.
    solved: Vec<Solved>,
}

/// A hand of a match as a view tells it apart: hand and deck numbers, the seat.
type HandKey = (u32, u32, Seat);

/// A solution of a hand, and what it was solved for.
#[derive(Clone, Debug)]
struct Solved {
    hand: HandKey,
    /// The actions from the start of the hand to the solution's root, then the action it
    /// was solved through (none for the solution from the start).
    through: Vec<Action>,
    chance: Chance,
    cfr: Arc<Cfr>,
    /// The thresholds this solution allows, each with the one asked for (see
    /// [`Cfr::allowed_threshold`]).
    thresholds: Vec<(f64, f64)>,
}

impl Solved {
    /// The threshold to play at when `wanted` is asked for, `seat` (its index) playing.
    fn threshold(&mut self, wanted: f64, seat: usize) -> f64 {
        if let Some(&(_, allowed)) = self.thresholds.iter().find(|&&(w, _)| w == wanted) {
            return allowed;
        }
        let allowed = self.cfr.allowed_threshold(seat, wanted);
        self.thresholds.push((wanted, allowed));
        allowed
    }
}

/// How many solutions a bot keeps: the hand's first one and the latest, with room to spare.
const HELD: usize = 4;

impl<R: Rng> Equilibrium<R> {
    /// CFR+ iterations per solve.
    pub const ITERATIONS: u32 = 100;

    /// The probability below which [`Equilibrium::thresholded`] drops an action of the
    /// average strategy, scaling up the others.
    pub const THRESHOLD: f64 = THRESHOLD;

    /// The most chips a hand that thresholding may add to what a best response in the
    /// abstract game wins from the bot (see [`Equilibrium::thresholded`]).
    pub const THRESHOLD_COST: f64 = THRESHOLD_COST;

    /// The bot, drawing its mixed actions from `rng`.
    pub fn new(rng: R) -> Equilibrium<R> {
        Equilibrium {
            rng,
            threshold: 0.0,
            solved: Vec::with_capacity(HELD + 1),
        }
    }

    /// The bot playing the average strategy thresholded at [`Equilibrium::THRESHOLD`]:
    /// actions it would play with a lower probability are dropped and the others scaled up
    /// (purification by thresholding), as far as that costs little: at each solve the
    /// threshold steps down (to two thirds, a third, then 0) until a best response in the
    /// abstract game wins at most [`Equilibrium::THRESHOLD_COST`] chips a hand more from
    /// the thresholded strategy than from the average one, so that no pure action a best
    /// response punishes is left. The README gives its exploitability and strength.
    pub fn thresholded(rng: R) -> Equilibrium<R> {
        Equilibrium {
            threshold: Self::THRESHOLD,
            ..Equilibrium::new(rng)
        }
    }

    /// The solution the player of `view` plays from, the node of its tree where the hand
    /// stands, and the threshold to play at.
    ///
    /// The hand is solved from its start. When the opponent takes an action that tree
    /// leaves out (a level of its own choosing), the rest of the hand is solved again from
    /// the decision where it took it ([`Tree::gadget`]): each player's backs weighed by how
    /// likely its play so far was under the solution held (the bot's earlier play stays
    /// what it was), and the opponent free to take instead what each of its backs was
    /// worth there against that solution (so the new level wins it no more than the levels
    /// answered before). Solutions are held and used again for the same hand, chances and
    /// line.
    fn solution(&mut self, view: &View<'_>) -> (Arc<Cfr>, usize, f64) {
        let hand = (view.hand, view.deck, view.seat);
        let path: Vec<Action> = view.actions.iter().map(|&(_, action)| action).collect();
        let mut root = start_of_hand(view);
        let mut chance = chance(view);
        // The solution's root is `path[..depth]`; it was solved through `path[depth..line]`.
        let (mut depth, mut line) = (0, 0);
        let mut gadget = [0.0; TYPES];
        loop {
            let (cfr, threshold) = self.solved(hand, &path[..line], &root, chance, &gadget, depth);
            let matched = match cfr.follow(&path[depth..]) {
                Ok(node) => return (cfr, node, threshold),
                Err(matched) => matched,
            };
            let next = root.after(&path[depth..depth + matched]);
            let (Some(next), true) = (next, line < depth + matched + 1) else {
                return (cfr, 0, threshold);
            };
            let held = &path[depth..depth + matched];
            let opponent = view.seat.opponent().index();
            let (Some(reach), Some(outside)) = (cfr.reach(held), cfr.values_at(held, opponent))
            else {
                return (cfr, 0, threshold);
            };
            chance = reweighed(&chance, &reach);
            root = next;
            gadget = outside;
            depth += matched;
            line = depth + 1;
        }
    }

    /// The solution held for `hand` solved through `line` (the path to its root, then the
    /// action it was solved through) with `chance`, or a new one solved from `root`, and
    /// the threshold to play it at.
    fn solved(
        &mut self,
        hand: HandKey,
        line: &[Action],
        root: &Root,
        chance: Chance,
        outside: &Spread,
        depth: usize,
    ) -> (Arc<Cfr>, f64) {
        let held = self
            .solved
            .iter()
            .position(|s| s.hand == hand && s.through == line && s.chance == chance);
        let mut solved = match held {
            Some(i) => self.solved.remove(i),
            None => {
                let tree = match line.get(depth) {
                    Some(&action) => Tree::gadget(root, action, outside),
                    None => Some(Tree::through(root, &[])),
                };
                let tree = tree.unwrap_or_else(|| Tree::through(root, &line[depth..]));
                let mut cfr = Cfr::new(tree, chance);
                cfr.run(Self::ITERATIONS);
                Solved {
                    hand,
                    through: line.to_vec(),
                    chance,
                    cfr: Arc::new(cfr),
                    thresholds: Vec::new(),
                }
            }
        };
        let threshold = solved.threshold(self.threshold, hand.2.index());
        let cfr = Arc::clone(&solved.cfr);
        self.solved.push(solved);
        if self.solved.len() > HELD {
            self.solved.remove(0);
        }
        (cfr, threshold)
    }

    /// The mixed action of the player of `view`: each action with its probability (in the
    /// tree's order; they sum to 1), what [`Bot::choose`] draws from. Empty when it is not
    /// that player's turn.
    pub(crate) fn policy(&mut self, view: &View<'_>) -> Vec<(Action, f64)> {
        if !view.is_my_turn() {
            return Vec::new();
        }
        let legal = view.legal;
        let fallback = if legal.can_call() {
            Some(Action::Call)
        } else {
            legal.get(0)
        };
        let (cfr, node, threshold) = self.solution(view);
        let back = usize::from(view.card.back() - 1);
        let mut policy = Vec::new();
        if let Some(Node::Decision { actions, .. }) = cfr.tree.nodes.get(node) {
            let strategy = cfr.thresholded(node, back, threshold);
            for (&action, p) in actions.iter().zip(strategy) {
                let action = if legal.contains(action) {
                    Some(action)
                } else {
                    fallback
                };
                policy.extend(action.map(|a| (a, p)));
            }
        }
        if policy.is_empty() {
            policy.extend(fallback.map(|a| (a, 1.0)));
        }
        policy
    }

    /// The actions of the abstract game where the hand of `view` stands, whoever is to
    /// move: those an opponent of the bot is offered after its first decision in the
    /// best response of the tests.
    #[cfg(test)]
    pub(crate) fn abstract_actions(&mut self, view: &View<'_>) -> Vec<Action> {
        let (cfr, node, _) = self.solution(view);
        match cfr.tree.nodes.get(node) {
            Some(Node::Decision { actions, .. }) => actions.clone(),
            _ => Vec::new(),
        }
    }

    /// Sets the threshold below which actions are dropped (0: the average strategy).
    #[cfg(test)]
    pub(crate) fn set_threshold(&mut self, threshold: f64) {
        self.threshold = threshold;
    }
}

impl<R: Rng> Bot for Equilibrium<R> {
    fn choose(&mut self, view: &View<'_>) -> Option<Action> {
        let policy = self.policy(view);
        let mut pick = self.rng.random::<f64>();
        for &(action, p) in &policy {
            if pick < p {
                return Some(action);
            }
            pick -= p;
        }
        policy.last().map(|&(action, _)| action)
    }
}

/// `chance` with each pair of backs weighed by each seat's reach, scaled to sum to 1;
/// `chance` itself when no pair is reached.
fn reweighed(chance: &Chance, reach: &[Spread; 2]) -> Chance {
    let mut weighed = *chance;
    for (b0, row) in weighed.iter_mut().enumerate() {
        for (b1, p) in row.iter_mut().enumerate() {
            *p *= reach[0][b0] * reach[1][b1];
        }
    }
    let total: f64 = weighed.iter().flatten().sum();
    if total <= 0.0 {
        return *chance;
    }
    weighed.iter_mut().flatten().for_each(|p| *p /= total);
    weighed
}

/// The hand of `view` at its start: before any bet, with the chips each seat then had.
fn start_of_hand(view: &View<'_>) -> Root {
    let mut cards = [placeholder(view.opponent_front); 2];
    cards[view.seat.index()] = view.card;
    let chips = [0, 1].map(|i| view.chips[i] + view.bets[i]);
    let hand = Hand {
        number: view.hand,
        deck: view.deck,
        first: view.first,
        cards,
        ante: view.ante,
        put: [0; 2],
        level: [0; 2],
        side: [None; 2],
        to_move: view.first,
        betting: chips.iter().all(|&c| c > 0),
    };
    Root {
        rules: view.rules,
        hand,
        chips,
        carry: view.carry_over,
        raises: 0,
    }
}

/// The chance of each pair of backs as the player of `view` sees it (rows seat one): its
/// own back from the cards of its front whose backs were never shown in this deck (what
/// the opponent can count), and the opponent's back, given that own back, from the cards
/// it has not seen less the card with that back ([`Odds`], card counting). With a full
/// deck this is the deal's own distribution; in particular, with equal fronts the two
/// backs differ (one copy of each card in the 90-card deck).
fn chance(view: &View<'_>) -> Chance {
    let front = view.card.front();
    let mine = public_backs(view);
    let mut chance = [[0.0; TYPES]; TYPES];
    for (m, &pm) in mine.iter().enumerate() {
        if pm == 0.0 {
            continue;
        }
        let Ok(card) = Card::new(front, m as u8 + 1) else {
            continue;
        };
        let odds = Odds::holding(view, card);
        for (o, po) in (MIN_FACE..=MAX_FACE)
            .map(|b| odds.opponent_back(b))
            .enumerate()
        {
            let (b0, b1) = if view.seat == Seat::One {
                (m, o)
            } else {
                (o, m)
            };
            chance[b0][b1] = pm * po;
        }
    }
    chance
}

/// The chance of each back of this player's card as its opponent can count it: the cards
/// with its front, less those whose two faces were shown in this deck.
fn public_backs(view: &View<'_>) -> Spread {
    let front = view.card.front();
    let kind = view.rules.deck;
    let mut counts = [0.0; TYPES];
    for back in MIN_FACE..=MAX_FACE {
        if let Ok(card) = Card::new(front, back) {
            counts[usize::from(back - 1)] = f64::from(kind.copies(card));
        }
    }
    let in_deck = view.revealed.iter().filter(|r| r.deck == view.deck);
    for back in in_deck.clone().filter(|r| r.face == Face::Back) {
        let shown_front = in_deck.clone().any(|r| {
            r.hand == back.hand && r.seat == back.seat && r.face == Face::Front && r.value == front
        });
        if shown_front && (MIN_FACE..=MAX_FACE).contains(&back.value) {
            let count = &mut counts[usize::from(back.value - 1)];
            *count = (*count - 1.0_f64).max(0.0);
        }
    }
    let total: f64 = counts.iter().sum();
    if total > 0.0 {
        counts.iter_mut().for_each(|c| *c /= total);
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{Deck, DeckKind};
    use crate::game::Match;
    use crate::rules::Rules;

    /// The chance of each pair of backs of the first hand with fronts `fronts`, by
    /// enumerating every ordered pair of distinct cards of a full deck of `kind`.
    fn enumerated(kind: DeckKind, fronts: [u8; 2]) -> Chance {
        let cards = kind.cards();
        let mut chance = [[0.0; TYPES]; TYPES];
        for (i, one) in cards.iter().enumerate() {
            for (j, two) in cards.iter().enumerate() {
                if i != j && [one.front(), two.front()] == fronts {
                    chance[usize::from(one.back() - 1)][usize::from(two.back() - 1)] += 1.0;
                }
            }
        }
        let total: f64 = chance.iter().flatten().sum();
        chance.iter_mut().flatten().for_each(|p| *p /= total);
        chance
    }

    #[test]
    fn the_chance_of_the_backs_is_the_deal_of_the_deck() {
        for rules in [Rules::default(), Rules::grand_final()] {
            let kind = rules.deck;
            for one in kind.cards().iter().step_by(kind.size() / 25) {
                for &two in kind.cards() {
                    let Ok(deck) = Deck::stacked(kind, &[*one, two]) else {
                        continue; // the same card twice in the 90-card deck
                    };
                    let game = Match::from_decks(rules, vec![deck]).unwrap();
                    let exact = enumerated(kind, [one.front(), two.front()]);
                    for seat in [Seat::One, Seat::Two] {
                        let model = chance(&game.view(seat));
                        for (row, exact_row) in model.iter().zip(&exact) {
                            for (p, q) in row.iter().zip(exact_row) {
                                assert!(
                                    (p - q).abs() < 1e-12,
                                    "{one} and {two}, {seat}: {model:?} against {exact:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
