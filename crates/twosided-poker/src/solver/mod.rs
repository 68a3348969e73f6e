//! A near-equilibrium strategy for one hand: counterfactual regret minimisation (CFR+) over
//! an abstract game of the hand, and its exploitability.
//!
//! **The abstract game.** One hand from a public state (both fronts, chips, pot,
//! carry-over, the bets so far), with the real betting rules (rules 2.5-2.8) and bet sizes
//! cut down to a few levels ([`tree::Abstraction`]: the least, half the pot, the pot, and all
//! in; at most two raises). Chance deals the backs: seat one's and seat two's, with the
//! chances given as a table ([`cfr::Chance`]). A leaf pays in chips: the winner takes the
//! loser's stake, the both-sides bonus or penalty, and half the carry-over (which either
//! player would otherwise win half the time); a tie leaves the pot to be won later, half
//! each in expectation. The match around the hand is not modelled.
//!
//! **Exploitability** is what a best response to the average strategy gains, averaged over
//! the two seats, in chips per hand: 0 at an equilibrium of the abstract game.

pub(crate) mod cfr;
#[cfg(test)]
pub(crate) mod measure;
pub(crate) mod tree;

#[cfg(test)]
mod tests;

use crate::card::{Card, MIN_FACE};

/// The threshold below which the equilibrium bot drops an action of the average strategy
/// (purification by thresholding: it plays better against opponents that are far from an
/// equilibrium, at a small cost in exploitability, which the tests measure).
pub(crate) const THRESHOLD: f64 = 0.15;

/// The most chips a hand that thresholding may add to what a best response in the
/// abstract game wins from a seat's strategy ([`cfr::Cfr::allowed_threshold`]).
pub(crate) const THRESHOLD_COST: f64 = 0.03;

/// A card with `front` and some other back: the tree only reads fronts.
pub(crate) fn placeholder(front: u8) -> Card {
    let back = if front == MIN_FACE {
        MIN_FACE + 1
    } else {
        MIN_FACE
    };
    Card::new(front, back).unwrap_or(Card::FILLER)
}
