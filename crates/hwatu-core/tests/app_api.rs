//! What an app driving the games from outside reads: the deal's events, turn ends, steals
//! right after their causes, the settlement record, the cards waiting for a choice, and a
//! match that starts after nagari games.

mod common;

use common::*;
use hwatu_core::bot::{Bot, RandomBot, TutorialBot};
use hwatu_core::{Event, Game, Match, Player, Rules};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn the_cards_waiting_for_a_choice_are_named_and_seen_by_both() {
    let mut game = game(
        Rules::classic(),
        A,
        "1G 9P1",
        "6P1 7P1",
        "1P1 1T 5P1 5P2 12T",
        "5Y 8P1",
    );
    act(&mut game, "play 1G");
    assert_eq!(game.awaiting_choice(), s("1G 5Y"));
    for viewer in Player::BOTH {
        assert_eq!(game.view(viewer).awaiting_choice, s("1G 5Y"));
    }
    act(&mut game, "take 1T");
    assert_eq!(game.awaiting_choice(), s("5Y"));
    act(&mut game, "take 5P1");
    assert!(game.awaiting_choice().is_empty());
}

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
fn a_match_can_start_after_nagari_games_with_any_money() {
    let rules = Rules {
        go_threshold: 3,
        ..Rules::classic()
    };
    let mut matgo = Match::new(rules, B, 10, 0)
        .with_money([500, -500])
        .after_nagari(2);
    assert_eq!((matgo.nagari_multiplier(), matgo.next_first()), (4, B));
    let mut won = match_game(&matgo, A, "1G 3G 8G", "4P1 5P1 6P1", "1P1 3P1 8P1 12T", "");
    acts(
        &mut won,
        &["play 1G", "play 4P1", "play 3G", "play 5P1", "play 8G"],
    );
    let settlement = matgo.record(&won).expect("over");
    // 3 gwang, gwangbak x2, after two nagari x4.
    assert_eq!(settlement.points, 3 * 2 * 4);
    assert_eq!(matgo.money(), [500 + 240, -500 - 240]);
    assert_eq!(matgo.nagari_multiplier(), 1);
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
