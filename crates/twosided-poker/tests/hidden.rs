//! Hidden information (rules 2.2, 2.10): a seat's per-seat events and views are the same
//! for two matches that differ only in backs that seat never sees.

use crate::common;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use twosided_poker::{Action, Card, Deck, DeckKind, Event, Match, Rules, Seat, Side};

/// `deck` with the backs of the opponent's cards changed where possible: each of
/// `opponent`'s positions swaps with a later position of `opponent` holding a card with the
/// same front. The seat that is not `opponent` is dealt the same cards, and every front is
/// where it was.
fn hidden_twin(deck: &Deck, opponent: Seat, rng: &mut StdRng) -> Deck {
    let mut cards: Vec<Card> = deck.cards().to_vec();
    let theirs: Vec<usize> = (opponent.index()..cards.len()).step_by(2).collect();
    for (n, &i) in theirs.iter().enumerate() {
        let same_front: Vec<usize> = theirs[n + 1..]
            .iter()
            .copied()
            .filter(|&j| cards[j].front() == cards[i].front() && cards[j] != cards[i])
            .collect();
        if !same_front.is_empty() && rng.random_bool(0.8) {
            let j = same_front[rng.random_range(0..same_front.len())];
            cards.swap(i, j);
        }
    }
    Deck::from_cards(deck.kind(), cards).expect("a permutation of a full deck")
}

/// A legal action that never shows `hider`'s back when `hider` is to move: it folds or
/// stakes its front (both sides and the back are left out); the other seat plays any legal
/// action.
fn pick(game: &Match, hider: Seat, rng: &mut StdRng) -> Action {
    let legal: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|action| {
            game.to_move() != Some(hider)
                || !matches!(
                    action,
                    Action::Bet {
                        side: Side::Back | Side::Both,
                        ..
                    }
                )
        })
        .collect();
    // The hider has a front bet or a fold, or raises and calls once declared front.
    legal[rng.random_range(0..legal.len())]
}

proptest! {
    #![proptest_config(common::config(200))]

    /// Whole matches: the viewer sees the same per-seat events and the same views in two
    /// matches whose decks differ only in the backs of its opponent's cards, when the
    /// opponent never stakes its back; and the twin decks really differ.
    #[test]
    fn a_seats_events_do_not_depend_on_backs_it_cannot_see(
        seed in any::<u64>(),
        viewer_two in any::<bool>(),
        grand in any::<bool>(),
        penalty in any::<bool>(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let rules = Rules {
            max_hands: Some(40),
            both_penalty: if penalty { Rules::BOTH_PENALTY } else { 0 },
            ..if grand { Rules::grand_final() } else { Rules::default() }
        };
        let viewer = if viewer_two { Seat::Two } else { Seat::One };
        let deck = Deck::shuffled(rules.deck, &mut rng);
        let twin = hidden_twin(&deck, viewer.opponent(), &mut rng);
        // The first hand whose card differs between the twins.
        let first_twin = deck.cards().iter().zip(twin.cards()).position(|(x, y)| x != y);
        prop_assume!(first_twin.is_some());
        let first_twin = first_twin.unwrap_or(0) as u32 / 2 + 1;
        let mut a = Match::from_decks(rules, vec![deck]).unwrap();
        let mut b = Match::from_decks(rules, vec![twin]).unwrap();
        let mut differed = false;
        while !a.is_over() {
            prop_assert_eq!(a.view(viewer), b.view(viewer));
            differed |= a.card(viewer.opponent()) != b.card(viewer.opponent());
            let action = pick(&a, viewer.opponent(), &mut rng);
            let seen = |events: Vec<Event>| -> Vec<Event> {
                events.into_iter().map(|e| e.seen_by(viewer)).collect()
            };
            let (ea, eb) = (a.apply(action).unwrap(), b.apply(action).unwrap());
            prop_assert_eq!(seen(ea), seen(eb));
        }
        prop_assert!(b.is_over());
        let reached = a.hands_played() >= first_twin;
        prop_assert_eq!(differed, reached, "the twins differ from hand {}", first_twin);
    }
}

#[test]
fn the_deck_kinds_have_twins() {
    // The twin of a shuffled deck changes the opponent's backs in both kinds of deck.
    let mut rng = StdRng::seed_from_u64(9);
    for kind in [DeckKind::Standard, DeckKind::GrandFinal] {
        let deck = Deck::shuffled(kind, &mut rng);
        let twin = hidden_twin(&deck, Seat::Two, &mut rng);
        let ones = |d: &Deck| d.cards().iter().step_by(2).copied().collect::<Vec<_>>();
        assert_eq!(ones(&deck), ones(&twin));
        assert_ne!(deck, twin);
        let fronts = |d: &Deck| d.cards().iter().map(|c| c.front()).collect::<Vec<_>>();
        assert_eq!(fronts(&deck), fronts(&twin));
    }
}
