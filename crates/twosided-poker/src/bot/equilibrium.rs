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
use crate::solver::{THRESHOLD, placeholder};
use crate::view::View;

/// A bot that plays a near-equilibrium strategy of the hand in hand, computed from its
/// [`View`] only with counterfactual regret minimisation (CFR+).
///
/// At the first decision of each hand it solves the abstract game of the hand (the crate's
/// `solver` module: the real betting rules with bet sizes cut to the least level, half the
/// pot, the pot and all in, at most two raises; payoffs in chips, a tie worth half the pot
/// to each) from the hand's start, with [`Equilibrium::ITERATIONS`] iterations: well under
/// a second (the bench `twosided_poker/equilibrium bot` measures it). Chance deals the
/// backs: the opponent's from the cards this bot has not seen ([`Odds`], card counting),
/// its own from the cards whose backs were never shown
/// (what the opponent can count). It then plays the average strategy for its back (or,
/// built with [`Equilibrium::thresholded`], that strategy without its rare actions),
/// drawing the action with `rng`. Its later decisions in the hand follow the actions down
/// the same tree; when the opponent bets a level the tree does not hold, it solves the hand
/// again from its start with that level added to the tree, so that what the opponent's bet
/// says about its back is read as an equilibrium player would mean it.
///
/// Strength and exploitability: see the crate's README.
#[derive(Clone, Debug)]
pub struct Equilibrium<R> {
    rng: R,
    /// Actions of the average strategy below this probability are dropped.
    threshold: f64,
    /// The solution of the current hand: which hand, and the solver.
    solved: Option<(HandKey, Arc<Cfr>)>,
}

/// A hand of a match as a view tells it apart: hand and deck numbers, the seat.
type HandKey = (u32, u32, Seat);

impl<R: Rng> Equilibrium<R> {
    /// CFR+ iterations per solve.
    pub const ITERATIONS: u32 = 100;

    /// The probability below which [`Equilibrium::thresholded`] drops an action of the
    /// average strategy, scaling up the others.
    pub const THRESHOLD: f64 = THRESHOLD;

    /// The bot, drawing its mixed actions from `rng`.
    pub fn new(rng: R) -> Equilibrium<R> {
        Equilibrium {
            rng,
            threshold: 0.0,
            solved: None,
        }
    }

    /// The bot playing the average strategy thresholded at [`Equilibrium::THRESHOLD`]:
    /// actions it would play with a lower probability are dropped and the others scaled up
    /// (purification by thresholding). It wins more matches against the card-counting bot,
    /// and is further from an equilibrium: the README gives both measures.
    pub fn thresholded(rng: R) -> Equilibrium<R> {
        Equilibrium {
            threshold: Self::THRESHOLD,
            ..Equilibrium::new(rng)
        }
    }

    /// The solution of the hand of `view` from its start, holding the hand's actions so
    /// far, and the node they lead to: the one held if it holds them, else solved now.
    fn solution(&mut self, view: &View<'_>) -> (Arc<Cfr>, usize) {
        let key = (view.hand, view.deck, view.seat);
        let path: Vec<Action> = view.actions.iter().map(|&(_, action)| action).collect();
        if let Some((held, cfr)) = &self.solved
            && *held == key
            && let Some(node) = follow(cfr, &path)
        {
            return (Arc::clone(cfr), node);
        }
        let tree = Tree::through(&start_of_hand(view), &path);
        let mut cfr = Cfr::new(tree, chance(view));
        cfr.run(Self::ITERATIONS);
        let cfr = Arc::new(cfr);
        self.solved = Some((key, Arc::clone(&cfr)));
        // The tree holds the path, so it leads somewhere; the root is a safe fallback.
        let node = follow(&cfr, &path).unwrap_or(0);
        (cfr, node)
    }

    /// Draws an action at decision `node` of `cfr` for back index `back`.
    fn draw(&mut self, cfr: &Cfr, node: usize, back: usize) -> Option<Action> {
        let Some(Node::Decision { actions, .. }) = cfr.tree.nodes.get(node) else {
            return None;
        };
        let strategy = cfr.thresholded(node, back, self.threshold);
        let mut pick = self.rng.random::<f64>();
        for (&action, p) in actions.iter().zip(strategy) {
            if pick < p {
                return Some(action);
            }
            pick -= p;
        }
        actions.last().copied()
    }
}

impl<R: Rng> Bot for Equilibrium<R> {
    fn choose(&mut self, view: &View<'_>) -> Option<Action> {
        if !view.is_my_turn() {
            return None;
        }
        let (cfr, node) = self.solution(view);
        let back = usize::from(view.card.back() - 1);
        let legal = view.legal;
        match self.draw(&cfr, node, back) {
            Some(action) if legal.contains(action) => Some(action),
            _ if legal.can_call() => Some(Action::Call),
            _ => legal.get(0),
        }
    }
}

/// The node of `cfr`'s tree that `path` leads to from the root, or `None` if the tree does
/// not hold it.
fn follow(cfr: &Cfr, path: &[Action]) -> Option<usize> {
    let mut node = 0;
    for &action in path {
        let Some(Node::Decision {
            actions, children, ..
        }) = cfr.tree.nodes.get(node)
        else {
            return None;
        };
        let i = actions.iter().position(|&a| a == action)?;
        node = *children.get(i)?;
    }
    Some(node)
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
