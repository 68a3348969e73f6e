//! The near-equilibrium bot: CFR+ on the hand being played (issue 16).

use rand::{Rng, RngExt};

use super::Bot;
use super::odds::Odds;
use crate::action::Action;
use crate::card::{Card, Face, MAX_FACE, MIN_FACE};
use crate::hand::Hand;
use crate::seat::Seat;
use crate::solver::cfr::{Cfr, Chance};
use crate::solver::tree::{Node, Root, Spread, TYPES};
use crate::solver::{placeholder, solve};
use crate::view::View;

/// A bot that plays a near-equilibrium strategy of the hand in hand, computed from its
/// [`View`] only with counterfactual regret minimisation (CFR+).
///
/// At the first decision of each hand it solves the abstract game of the hand (the crate's
/// `solver` module: the real betting rules with bet sizes cut to the least level, half the
/// pot, the pot and all in, at most two raises; payoffs in chips, a tie worth half the pot
/// to each) from the hand's start, with [`Equilibrium::ITERATIONS`] iterations: a few
/// milliseconds. Chance deals the backs: the opponent's from the cards this bot has not
/// seen ([`Odds`], card counting), its own from the cards whose backs were never shown
/// (what the opponent can count). It then plays the average strategy for its back,
/// drawing the action with `rng`. Its later decisions in the hand follow the opponent's
/// actions down the same tree; when the opponent bets a level the tree does not hold, it
/// solves again from the hand as it stands, each player's backs weighed by how likely
/// its actions so far made them.
///
/// Strength and exploitability: see the crate's README.
#[derive(Clone, Debug)]
pub struct Equilibrium<R> {
    rng: R,
    /// The solution of the current hand: which hand, and the solver.
    solved: Option<(HandKey, Solved)>,
}

/// A hand of a match as a view tells it apart: hand and deck numbers, the seat.
type HandKey = (u32, u32, Seat);

/// A solved hand: its root state and chances, and the solver after its iterations.
#[derive(Clone)]
struct Solved {
    root: Root,
    chance: Chance,
    cfr: std::sync::Arc<Cfr>,
}

impl std::fmt::Debug for Solved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Solved { .. }")
    }
}

impl<R: Rng> Equilibrium<R> {
    /// CFR+ iterations per solve.
    pub const ITERATIONS: u32 = 100;

    /// The bot, drawing its mixed actions from `rng`.
    pub fn new(rng: R) -> Equilibrium<R> {
        Equilibrium { rng, solved: None }
    }

    /// The solution of the hand of `view` from its start, solved now unless it is the one
    /// already held.
    fn hand_solution(&mut self, view: &View<'_>) -> Solved {
        let key = (view.hand, view.deck, view.seat);
        match &self.solved {
            Some((held, solved)) if *held == key => solved.clone(),
            _ => {
                let root = start_of_hand(view);
                let chance = chance(view);
                let cfr = std::sync::Arc::new(solve(&root, chance, Self::ITERATIONS));
                let solved = Solved { root, chance, cfr };
                self.solved = Some((key, solved.clone()));
                solved
            }
        }
    }

    /// Draws an action at decision `node` of `cfr` for back index `back`.
    fn draw(&mut self, cfr: &Cfr, node: usize, back: usize) -> Option<Action> {
        let Some(Node::Decision { actions, .. }) = cfr.tree.nodes.get(node) else {
            return None;
        };
        let strategy = cfr.average(node, back);
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
        let solved = self.hand_solution(view);
        let back = usize::from(view.card.back() - 1);
        let (node, reach, exact) = follow(&solved.cfr, view.actions);
        let action = if exact {
            self.draw(&solved.cfr, node, back)
        } else {
            let chance = weighed(&solved.chance, &reach);
            let cfr = solve(&current(view, &solved.root), chance, Self::ITERATIONS);
            self.draw(&cfr, 0, back)
        };
        let legal = view.legal;
        match action {
            Some(action) if legal.contains(action) => Some(action),
            _ if legal.can_call() => Some(Action::Call),
            _ => legal.get(0),
        }
    }
}

/// Follows `actions` down the tree of `cfr` from its root: the node reached, each seat's
/// reach by back (the chance its average strategy took those actions), and whether every
/// action was one of the tree's. An action the tree does not hold is followed by the
/// nearest one of the same kind (same side, nearest level).
fn follow(cfr: &Cfr, actions: &[(Seat, Action)]) -> (usize, [Spread; 2], bool) {
    let mut node = 0;
    let mut reach = [[1.0; TYPES]; 2];
    let mut exact = true;
    for &(_, action) in actions {
        let Some(Node::Decision {
            seat,
            actions: options,
            children,
            ..
        }) = cfr.tree.nodes.get(node)
        else {
            return (node, reach, false);
        };
        let Some(i) = nearest(options, action) else {
            return (node, reach, false);
        };
        exact &= options[i] == action;
        for (t, r) in reach[*seat].iter_mut().enumerate() {
            *r *= cfr.average(node, t)[i];
        }
        node = children[i];
    }
    (node, reach, exact)
}

/// The index of the action of `options` nearest to `action`: the same action, or the same
/// kind (and side) at the nearest level.
fn nearest(options: &[Action], action: Action) -> Option<usize> {
    let level = |a: Action| match a {
        Action::Bet { amount, .. } | Action::Raise(amount) => Some(amount),
        Action::Call | Action::Fold => None,
    };
    let same_kind = |a: Action| match (a, action) {
        (Action::Bet { side: x, .. }, Action::Bet { side: y, .. }) => x == y,
        (a, b) => std::mem::discriminant(&a) == std::mem::discriminant(&b),
    };
    options
        .iter()
        .enumerate()
        .filter(|(_, a)| same_kind(**a))
        .min_by_key(|(_, a)| level(**a).unwrap_or(0).abs_diff(level(action).unwrap_or(0)))
        .map(|(i, _)| i)
}

/// `chance` with each seat's backs weighed by `reach`, scaled to sum to 1 (unchanged if
/// nothing is left).
fn weighed(chance: &Chance, reach: &[Spread; 2]) -> Chance {
    let mut out = *chance;
    for (b0, row) in out.iter_mut().enumerate() {
        for (b1, p) in row.iter_mut().enumerate() {
            *p *= reach[0][b0] * reach[1][b1];
        }
    }
    let total: f64 = out.iter().flatten().sum();
    if total > 0.0 {
        out.iter_mut().flatten().for_each(|p| *p /= total);
        out
    } else {
        *chance
    }
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

/// The hand of `view` as it stands, from the root of its start.
fn current(view: &View<'_>, start: &Root) -> Root {
    let hand = Hand {
        put: view.bets,
        level: view.levels,
        side: view.sides,
        to_move: view.seat,
        ..start.hand.clone()
    };
    Root {
        hand,
        chips: view.chips,
        raises: raises(view.actions),
        ..start.clone()
    }
}

/// The raises among `actions`: every raise, and a bet above an opponent's level.
fn raises(actions: &[(Seat, Action)]) -> u32 {
    let mut levels = [0; 2];
    let mut raises = 0;
    for &(seat, action) in actions {
        let facing = levels[seat.opponent().index()];
        let level = match action {
            Action::Bet { amount, .. } | Action::Raise(amount) => amount,
            Action::Call | Action::Fold => continue,
        };
        raises += u32::from(facing > 0 && level > facing);
        levels[seat.index()] = level;
    }
    raises
}

/// The chance of each pair of backs as the player of `view` sees it (rows seat one):
/// the opponent's back from the cards it has not seen ([`Odds`]), its own from the cards
/// of its front whose backs were never shown in this deck.
fn chance(view: &View<'_>) -> Chance {
    let odds = Odds::new(view);
    let mine = public_backs(view);
    let mut chance = [[0.0; TYPES]; TYPES];
    for (m, pm) in mine.iter().enumerate() {
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
