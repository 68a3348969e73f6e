//! What an app driving the games from outside reads: turn ends (a bonus card played from the
//! hand inside the turn it precedes), steals right after their causes, and the settlement
//! record. (The deal's events, the cards waiting for a choice and a match resumed after
//! nagari games are in the events and settlement tests.)

use crate::common;

use common::*;
use hwatu_core::bot::{Bot, RandomBot, TutorialBot};
use hwatu_core::{Event, Game, Player, Rules};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn a_bonus_card_from_the_hand_is_part_of_the_turn_it_precedes() {
    let mut game = game(
        Rules::standard(),
        A,
        "B2 1G 9P1",
        "5P1 6P1",
        "1P1 12T",
        "10P1 8P1 7P1",
    );
    let bonus = act(&mut game, "play B2");
    assert!(!bonus.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    assert_eq!(game.tally(A).turns, 0, "no turn begun yet");
    let events = act(&mut game, "play 1G");
    assert_eq!(events.last(), Some(&turn_ended(A, 1)));
    let events = act(&mut game, "play 5P1");
    assert_eq!(events.last(), Some(&turn_ended(B, 2)));
}

#[test]
fn the_cards_a_player_discarded_and_the_floor_it_passed_over_are_public() {
    let mut game = game(
        Rules::classic(),
        A,
        "1G 9P1 10P1",
        "5P1 6P1 7P1",
        "1P1 3P1 12T",
        "2P1 4P1 8P1 11P1",
    );
    act(&mut game, "play 9P1"); // matches nothing on 1P1 3P1 12T; flips 2P1
    act(&mut game, "play 5P1"); // matches nothing on 1P1 3P1 12T 9P1 2P1; flips 4P1
    act(&mut game, "play 1G"); // captures: nothing passed over
    let passed = [s("1P1 3P1 12T"), s("1P1 3P1 12T 9P1 2P1")];
    for player in Player::BOTH {
        assert_eq!(game.view(player).passed_over, passed);
        assert_eq!(game.view(player).discarded, [s("9P1"), s("5P1")]);
    }
}

/// Plays a random game under `rules` (random or tutorial bots), returning the deal's events
/// then every action's events, and the finished game.
fn random_game(rules: Rules, seed: u64, tutorial: bool) -> (Vec<Event>, Game) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules, Player::BOTH[(seed % 2) as usize], &mut rng);
    let mut random = RandomBot::new(rng);
    let mut events = game.deal_events();
    while let Some(player) = game.to_move() {
        let view = game.view(player);
        let action = if tutorial {
            TutorialBot.choose(&view)
        } else {
            random.choose(&view)
        };
        events.extend(game.apply(action.expect("an action")).expect("legal"));
    }
    (events, game)
}

/// Whether `event` causes a steal right after it (with `bonus_steal`, a captured bonus card
/// too).
fn causes_steal(event: &Event, bonus_steal: bool) -> bool {
    match event {
        Event::Jjok { .. }
        | Event::Ttadak { .. }
        | Event::JaPpuk { .. }
        | Event::PileTaken { .. }
        | Event::Sweep { .. } => true,
        Event::Captured { cards, .. } => {
            bonus_steal && !(*cards & hwatu_core::CardSet::BONUS).is_empty()
        }
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Turn ends count the turns from 1, one per turn; every turn has exactly one card play,
    /// bomb or flip-only turn, by the player whose turn ends; steals come right after their
    /// cause (a bomb's capture included); the settlement records both players' scores and
    /// tallies as the game has them.
    #[test]
    fn events_mark_turns_and_steals_follow_their_causes(
        seed in any::<u64>(), preset in 0usize..3, tutorial in any::<bool>(), bonus_steal in any::<bool>(),
    ) {
        let rules = Rules { bonus_steal, ..Rules::PRESETS[preset].1 };
        let (events, game) = random_game(rules, seed, tutorial);
        let mut turn = 0u8;
        let mut starts = Vec::new();
        for (i, event) in events.iter().enumerate() {
            match *event {
                Event::Played { player, .. } | Event::Bombed { player, .. } | Event::FlipOnly { player } => {
                    starts.push(player);
                }
                Event::TurnEnded { player, turn: number } => {
                    turn += 1;
                    prop_assert_eq!(number, turn);
                    prop_assert_eq!(std::mem::take(&mut starts), vec![player], "one play per turn");
                }
                Event::PiStolen { .. } => {
                    let cause = events[..i]
                        .iter()
                        .rev()
                        .find(|e| !matches!(e, Event::PiStolen { .. }))
                        .expect("a cause");
                    let bomb = matches!(cause, Event::Captured { .. })
                        && matches!(events[..i].iter().rev().nth(1), Some(Event::Bombed { .. }));
                    prop_assert!(causes_steal(cause, bonus_steal) || bomb, "{:?} after {:?}", event, cause);
                }
                _ => {}
            }
        }
        let settlement = game.settle(1).expect("over");
        for player in Player::BOTH {
            let summary = settlement.players[player.index()];
            prop_assert_eq!(summary.score, game.score(player));
            prop_assert_eq!(summary.tally, game.tally(player));
            prop_assert_eq!(summary.pi_value, game.captured(player).pi_value(game.gukjin()));
        }
    }
}
