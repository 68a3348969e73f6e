//! Exploitability on the first hand of a match, for the tests and the full-table command.

use super::cfr::{Cfr, Chance};
use super::tree::{Root, TYPES, Tree};
use super::{THRESHOLD, placeholder};
use crate::card::{Card, MAX_FACE, MIN_FACE};
use crate::deck::DeckKind;
use crate::hand::Hand;
use crate::rules::Rules;
use crate::seat::Seat;

/// The first hand of a match under `rules` with fronts `fronts` (by seat index), seat one
/// first, and the chance of each pair of backs dealt from a full deck; `None` when the deck
/// holds no such pair of cards.
pub(crate) fn first_hand(rules: &Rules, fronts: [u8; 2]) -> Option<(Root, Chance, f64)> {
    let mut chips = [rules.starting_chips; 2];
    let cards = fronts.map(placeholder);
    let hand = Hand::deal(1, 1, Seat::One, cards, &mut chips, rules.ante);
    let (chance, weight) = deal_chance(rules.deck, fronts)?;
    let root = Root {
        rules: *rules,
        hand,
        chips,
        carry: 0,
        raises: 0,
    };
    Some((root, chance, weight))
}

/// The chance of each pair of backs for two cards dealt from a full deck of `kind` with
/// fronts `fronts`, and the number of such pairs of cards (the weight of the fronts);
/// `None` when there is none.
pub(crate) fn deal_chance(kind: DeckKind, fronts: [u8; 2]) -> Option<(Chance, f64)> {
    let mut chance = [[0.0; TYPES]; TYPES];
    let copies = |front, back| Card::new(front, back).map_or(0, |card| kind.copies(card));
    for b0 in MIN_FACE..=MAX_FACE {
        for b1 in MIN_FACE..=MAX_FACE {
            let (c0, c1) = (copies(fronts[0], b0), copies(fronts[1], b1));
            let same = u8::from((fronts[0], b0) == (fronts[1], b1));
            chance[usize::from(b0 - 1)][usize::from(b1 - 1)] =
                f64::from(c0) * f64::from(c1.saturating_sub(same));
        }
    }
    let total: f64 = chance.iter().flatten().sum();
    (total > 0.0).then(|| {
        chance.iter_mut().flatten().for_each(|p| *p /= total);
        (chance, total)
    })
}

/// The exploitability of CFR+ on the first hand of a match under `rules`, averaged over
/// every pair of fronts (weighted by its chance), after each of `checkpoints` iterations
/// (rising): one pair per checkpoint, in chips per hand: the average strategy's, and the
/// strategy the thresholded bot plays (thresholded at [`THRESHOLD`] as far as
/// [`Cfr::allowed_threshold`] allows).
pub(crate) fn first_hand_exploitability(
    rules: &Rules,
    checkpoints: &[u32],
    fronts: &[[u8; 2]],
) -> Vec<[f64; 2]> {
    let mut sums = vec![[0.0; 2]; checkpoints.len()];
    let mut total = 0.0;
    for &pair in fronts {
        let Some((root, chance, weight)) = first_hand(rules, pair) else {
            continue;
        };
        let mut cfr = Cfr::new(Tree::build(&root), chance);
        for (sum, &at) in sums.iter_mut().zip(checkpoints) {
            cfr.run(at.saturating_sub(cfr.iterations()));
            sum[0] += weight * cfr.exploitability(0.0);
            sum[1] += weight * cfr.played_exploitability(THRESHOLD);
        }
        total += weight;
    }
    let mean = |s: f64| if total > 0.0 { s / total } else { 0.0 };
    sums.into_iter().map(|s| s.map(mean)).collect()
}

/// Every pair of fronts.
pub(crate) fn all_fronts() -> Vec<[u8; 2]> {
    (MIN_FACE..=MAX_FACE)
        .flat_map(|a| (MIN_FACE..=MAX_FACE).map(move |b| [a, b]))
        .collect()
}
