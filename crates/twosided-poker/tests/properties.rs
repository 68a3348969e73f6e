//! Invariants over thousands of random matches: chips are conserved, every legal action is
//! accepted and every other refused with the match unchanged, matches end, and a view never
//! shows the opponent's back.

use crate::common;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use twosided_poker::bot::{Counting, Random, play_out};
use twosided_poker::{Action, Card, Deck, DeckKind, Event, Match, Rules, Seat, Side};

fn rules() -> impl Strategy<Value = Rules> {
    (
        1u32..=60,
        0u32..=3,
        0u32..=15,
        prop_oneof![Just(0), Just(Rules::BOTH_PENALTY), 0u32..=15],
        any::<bool>(),
        any::<bool>(),
        1u32..=60,
    )
        .prop_map(|(chips, ante, bonus, penalty, grand, second, max)| Rules {
            starting_chips: chips,
            ante,
            both_bonus: bonus,
            both_penalty: penalty,
            deck: if grand {
                DeckKind::GrandFinal
            } else {
                DeckKind::Standard
            },
            first_player: if second { Seat::Two } else { Seat::One },
            max_hands: Some(max),
        })
}

/// Any action, legal or not, with levels around the chips in play.
fn any_action(rng: &mut StdRng) -> Action {
    let amount = rng.random_range(0..=130);
    match rng.random_range(0..5) {
        0 => Action::Fold,
        1 => Action::Call,
        2 => Action::Raise(amount),
        _ => Action::Bet {
            side: Side::ALL[rng.random_range(0..3)],
            amount,
        },
    }
}

/// A random legal action: any of them, or when `cautious` one of the first four listed (a
/// fold, a call or the lowest levels), which makes long matches with ties and carry-overs.
fn pick(game: &Match, rng: &mut StdRng, cautious: bool) -> Action {
    let legal = game.legal();
    let len = if cautious {
        legal.len().min(4)
    } else {
        legal.len()
    };
    legal.get(rng.random_range(0..len)).unwrap()
}

fn total(game: &Match) -> u32 {
    game.chips(Seat::One) + game.chips(Seat::Two) + game.pot() + game.carry_over()
}

proptest! {
    #![proptest_config(common::config(1000))]

    /// Plays a random match to its end, checking at every step: chips conserved, the legal
    /// list consistent and accepted, other actions refused with the match unchanged.
    #[test]
    fn random_matches_keep_every_invariant(
        rules in rules(),
        seed in any::<u64>(),
        cautious in any::<bool>(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Match::new(rules, &mut rng).unwrap();
        // Each hand ends within one action per level of the chips in play, plus a few.
        let bound = rules.max_hands.unwrap() as usize * (2 * rules.starting_chips as usize + 4);
        for _ in 0..bound {
            prop_assert_eq!(total(&game), 2 * rules.starting_chips);
            if game.is_over() {
                break;
            }
            let legal = game.legal();
            let listed = game.legal_actions();
            prop_assert!(!listed.is_empty());
            prop_assert_eq!(listed.len(), legal.len());
            for (i, &action) in listed.iter().enumerate() {
                prop_assert_eq!(legal.get(i), Some(action));
                prop_assert_eq!(game.check(action), Ok(()), "{} is listed", action);
            }
            for _ in 0..8 {
                let action = any_action(&mut rng);
                let before = game.clone();
                match game.after(action) {
                    Ok(next) => {
                        prop_assert!(legal.contains(action), "{} accepted, not listed", action);
                        prop_assert_eq!(total(&next), 2 * rules.starting_chips);
                    }
                    Err(_) => {
                        prop_assert!(!legal.contains(action), "{} listed, refused", action);
                        let mut copy = game.clone();
                        prop_assert!(copy.apply(action).is_err());
                        prop_assert_eq!(&copy, &before);
                    }
                }
            }
            let action = pick(&game, &mut rng, cautious);
            prop_assert!(game.apply(action).is_ok());
        }
        prop_assert!(game.is_over(), "the match did not end within {} actions", bound);
        prop_assert!(game.legal_actions().is_empty());
        let outcome = game.outcome().unwrap();
        prop_assert!(outcome.hands <= rules.max_hands.unwrap());
        prop_assert_eq!(outcome.chips[0] + outcome.chips[1], 2 * rules.starting_chips);
    }

    /// Two matches that differ only in the back of one player's card in hand `target` give
    /// the other player identical views (and the same events) until that back is shown.
    #[test]
    fn views_never_show_the_opponents_back(
        seed in any::<u64>(),
        target in 1u32..=12,
        viewer_two in any::<bool>(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let deck = Deck::shuffled(DeckKind::Standard, &mut rng);
        let viewer = if viewer_two { Seat::Two } else { Seat::One };
        let hidden = 2 * (target as usize - 1) + viewer.opponent().index();
        let Some(twin) = twin_deck(&deck, hidden) else { return Ok(()); };
        let rules = Rules::default();
        let mut a = Match::from_decks(rules, vec![deck]).unwrap();
        let mut b = Match::from_decks(rules, vec![twin]).unwrap();
        while !a.is_over() && a.hand_number() <= target {
            if a.hand_number() == target {
                prop_assert_eq!(a.view(viewer), b.view(viewer));
                prop_assert_ne!(a.view(viewer.opponent()), b.view(viewer.opponent()));
            }
            let action = pick(&a, &mut rng, true);
            let (ea, eb) = (a.apply(action).unwrap(), b.apply(action).unwrap());
            if ea.iter().any(|e| matches!(e, Event::Showdown { .. })) {
                break; // the showdown may show the back
            }
            prop_assert_eq!(ea, eb);
        }
    }
}

proptest! {
    #![proptest_config(common::config(300))]

    /// Under any rules, the bots only ever choose legal actions, and a match replays the
    /// same from the same seed.
    #[test]
    fn bots_play_legally_and_matches_replay(rules in rules(), seed in any::<u64>()) {
        let play = |counting_first: bool| {
            let mut game = Match::new(rules, &mut StdRng::seed_from_u64(seed)).unwrap();
            let mut random = Random::new(StdRng::seed_from_u64(seed ^ 1));
            let mut counting = Counting::new();
            let outcome = if counting_first {
                play_out(&mut game, [&mut counting, &mut random])
            } else {
                play_out(&mut game, [&mut Counting::new(), &mut counting])
            };
            (outcome, game)
        };
        for counting_first in [true, false] {
            let (outcome, game) = play(counting_first);
            prop_assert!(outcome.is_ok(), "{:?}", outcome);
            prop_assert_eq!(play(counting_first), (outcome, game));
        }
    }
}

/// `deck` with the card at `position` swapped for a card dealt after its hand with the same
/// front and another back, or `None` if there is none.
fn twin_deck(deck: &Deck, position: usize) -> Option<Deck> {
    let mut cards: Vec<Card> = deck.cards().to_vec();
    let card = cards[position];
    let other = ((position | 1) + 1..cards.len())
        .find(|&i| cards[i].front() == card.front() && cards[i].back() != card.back())?;
    cards.swap(position, other);
    Deck::from_cards(DeckKind::Standard, cards).ok()
}
