//! One scenario per event of a turn (rules section 3), each from an explicit deal, checking
//! the events, the piles and the points.

use crate::common;

use common::*;
use hwatu_core::{
    Action, ActionError, Card, DealError, Decision, Event, Game, GukjinUse, InstantReason, Outcome,
    Rules,
};

#[test]
fn a_ppuk_pile_stays_on_the_floor_and_its_taker_steals_a_pi() {
    let mut game = game(
        Rules::classic(),
        A,
        "1P1 3G 9P1",
        "7P1 3P2 10P1",
        "1P2 3P1 12T",
        "4P1 8P1 3T 5P1 6P1 2P1",
    );
    acts(&mut game, &["play 1P1", "play 7P1"]);
    let events = act(&mut game, "play 3G");
    let ppuk = Event::Ppuk {
        player: A,
        month: 3,
        count: 1,
    };
    assert_eq!(
        events,
        [played(A, "3G"), flipped(A, "3T"), ppuk, turn_ended(A, 3)]
    );
    assert_eq!(game.floor(), s("3G 3T 3P1 4P1 7P1 8P1 12T"));
    assert_eq!(game.view(B).piles, [s("3G 3T 3P1"), s("")]);
    assert_eq!(game.tally(A).ppuks, 1);

    let events = act(&mut game, "play 3P2");
    let taken = Event::PileTaken {
        player: B,
        month: 3,
        maker: Some(A),
    };
    assert_eq!(
        events,
        [
            played(B, "3P2"),
            flipped(B, "5P1"),
            captured(B, "3G 3T 3P1 3P2"),
            taken,
            stolen(B, "1P1"),
            turn_ended(B, 4),
        ]
    );
    assert_eq!(game.captured(A), s("1P2"));
    assert_eq!(game.captured(B), s("3G 3T 3P1 3P2 1P1"));
    assert_eq!(game.floor(), s("4P1 5P1 7P1 8P1 12T"));
}

#[test]
fn ja_ppuk_takes_back_its_own_pile_and_steals_two_pi() {
    let mut game = game(
        Rules::classic(),
        A,
        "3G 3P2 9P1",
        "2P2 5P1 10P1",
        "2P1 5P2 3P1 12T",
        "3T 4P1 6P1 7P1 8P1 11P1",
    );
    acts(&mut game, &["play 3G", "play 2P2", "play 9P1", "play 5P1"]);
    assert_eq!(game.captured(B), s("2P1 2P2 5P1 5P2"));
    let events = act(&mut game, "play 3P2");
    assert_eq!(
        events,
        [
            played(A, "3P2"),
            flipped(A, "8P1"),
            captured(A, "3G 3T 3P1 3P2"),
            Event::JaPpuk {
                player: A,
                month: 3
            },
            stolen(A, "2P1"),
            stolen(A, "2P2"),
            turn_ended(A, 5),
        ]
    );
    assert_eq!(game.captured(A), s("3G 3T 3P1 3P2 2P1 2P2"));
    assert_eq!(game.captured(B), s("5P1 5P2"));
    let events = act(&mut game, "play 10P1");
    assert_eq!(body(&events).last(), Some(&Event::Nagari));
    assert_eq!(game.outcome(), Some(Outcome::Nagari));
}

#[test]
fn ja_ppuk_counts_when_the_flip_takes_the_pile_too() {
    let mut game = game(
        Rules::classic(),
        A,
        "3G 9P1 10P1",
        "2P2 5P1 7P1",
        "2P1 3P1 12T",
        "3T 4P1 3P2 8P1",
    );
    acts(&mut game, &["play 3G", "play 2P2"]);
    let events = act(&mut game, "play 9P1");
    assert_eq!(
        events,
        [
            played(A, "9P1"),
            flipped(A, "3P2"),
            captured(A, "3G 3T 3P1 3P2"),
            Event::JaPpuk {
                player: A,
                month: 3
            },
            stolen(A, "2P1"),
            stolen(A, "2P2"),
            turn_ended(A, 3),
        ]
    );
    assert_eq!(game.floor(), s("4P1 9P1 12T"));
}

#[test]
fn a_pile_dealt_to_the_floor_has_no_maker() {
    let mut game = game(
        Rules::classic(),
        A,
        "2P1 7P1",
        "5Y 9P1",
        "2P2 7Y 7T 7P2 12T",
        "4P1 8P1 10P1",
    );
    acts(&mut game, &["play 2P1", "play 5Y"]);
    let events = act(&mut game, "play 7P1");
    assert!(events.contains(&Event::PileTaken {
        player: A,
        month: 7,
        maker: None
    }));
    assert!(events.contains(&captured(A, "7Y 7T 7P1 7P2")));
}

#[test]
fn three_ppuk_wins_at_once_and_standard_rules_pay_each_early_ppuk() {
    let mut game = game(
        Rules::standard(),
        A,
        "1G 2Y 3G 9P1",
        "5P1 6P1 7P1 10P1",
        "1P1 2P1 3P1 12T",
        "1P2 8P1 2P2 8P2 3P2 4P1",
    );
    let pay = |points, turns| Event::InstantPayment {
        from: B,
        to: A,
        points,
        reason: InstantReason::Ppuk { turns },
    };
    let events = act(&mut game, "play 1G");
    assert_eq!(events[3], pay(7, 1));
    act(&mut game, "play 5P1");
    let events = act(&mut game, "play 2Y");
    assert_eq!(events[3], pay(14, 2));
    act(&mut game, "play 6P1");
    let events = act(&mut game, "play 3G");
    let ppuk = Event::Ppuk {
        player: A,
        month: 3,
        count: 3,
    };
    assert_eq!(
        events,
        [
            played(A, "3G"),
            flipped(A, "3P2"),
            ppuk,
            pay(21, 3),
            Event::ThreePpuk { player: A },
            turn_ended(A, 5),
        ]
    );
    assert_eq!(game.outcome(), Some(Outcome::ThreePpuk { winner: A }));
    assert_eq!(game.tally(A).instant_points, 42);
    let settlement = game.settle(1).expect("over");
    assert_eq!(
        (settlement.points, settlement.instant_points()),
        (7, [42, 0])
    );
    assert_eq!(
        game.settle(2).expect("over").points,
        14,
        "nagari doubles it"
    );
}

#[test]
fn no_instant_payment_without_the_rule_or_after_a_turn_without_ppuk() {
    let mut game = game(
        Rules::classic(),
        A,
        "1G 9P1",
        "5P1 6P1",
        "1P1 12T",
        "1P2 8P1",
    );
    let events = act(&mut game, "play 1G");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::InstantPayment { .. }))
    );
    // Standard rules: a ppuk on the second turn after none on the first pays nothing.
    let mut game = common::game(
        Rules::standard(),
        A,
        "9P1 1G 10P1",
        "5P1 6P1 7P1",
        "1P1 12T",
        "4P1 8P1 1P2 8P2",
    );
    acts(&mut game, &["play 9P1", "play 5P1"]);
    let events = act(&mut game, "play 1G");
    assert!(events.contains(&Event::Ppuk {
        player: A,
        month: 1,
        count: 1
    }));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::InstantPayment { .. }))
    );
}

#[test]
fn jjok_captures_both_and_steals_a_pi() {
    let mut game = game(
        Rules::classic(),
        B,
        "5Y 9P1",
        "2P1 7P1",
        "2P2 12T",
        "4P1 5P1 8P1 10P1",
    );
    act(&mut game, "play 2P1");
    let events = act(&mut game, "play 5Y");
    let jjok = Event::Jjok {
        player: A,
        month: 5,
    };
    assert_eq!(
        events,
        [
            played(A, "5Y"),
            flipped(A, "5P1"),
            captured(A, "5Y 5P1"),
            jjok,
            stolen(A, "2P1"),
            turn_ended(A, 2),
        ]
    );
    assert_eq!(game.captured(A), s("5Y 5P1 2P1"));
    assert_eq!(game.captured(B), s("2P2"));
}

#[test]
fn ttadak_captures_four_steals_and_pays_on_the_first_turn() {
    let mut game = game(
        Rules::standard(),
        B,
        "6Y 9P1",
        "2P1 7P1",
        "2P2 6P1 6P2 12T",
        "4P1 6T 8P1 10P1",
    );
    act(&mut game, "play 2P1");
    let events = act(&mut game, "play 6Y");
    assert_eq!(
        events,
        [
            played(A, "6Y"),
            flipped(A, "6T"),
            captured(A, "6Y 6T 6P1 6P2"),
            Event::Ttadak {
                player: A,
                month: 6
            },
            stolen(A, "2P1"),
            Event::InstantPayment {
                from: B,
                to: A,
                points: 7,
                reason: InstantReason::Ttadak
            },
            turn_ended(A, 2),
        ]
    );
    assert_eq!(game.floor(), s("4P1 12T"));
}

#[test]
fn a_sweep_clears_the_floor_and_steals_a_pi() {
    let mut game = game(
        Rules::classic(),
        B,
        "4P2 9P1",
        "2P1 7P1",
        "2P2 4P1",
        "8P1 8P2 10P1 11P1",
    );
    act(&mut game, "play 2P1");
    let events = act(&mut game, "play 4P2");
    assert_eq!(
        events,
        [
            played(A, "4P2"),
            flipped(A, "8P2"),
            captured(A, "4P1 4P2"),
            captured(A, "8P1 8P2"),
            Event::Sweep { player: A },
            stolen(A, "2P1"),
            turn_ended(A, 2),
        ]
    );
    assert!(game.floor().is_empty());
}

#[test]
fn the_last_card_makes_no_jjok_no_ppuk_and_the_last_turn_no_sweep() {
    // A would-be jjok on the last hand card: both cards captured, nothing stolen.
    let mut game = game(Rules::classic(), B, "5Y", "2P1", "2P2 12T", "4P1 5P1");
    act(&mut game, "play 2P1");
    let events = act(&mut game, "play 5Y");
    assert_eq!(
        events,
        [
            played(A, "5Y"),
            flipped(A, "5P1"),
            captured(A, "5Y 5P1"),
            Event::Nagari,
            turn_ended(A, 2),
        ]
    );
    // A would-be ppuk on the last hand card: all three captured, no ppuk.
    let mut game = common::game(Rules::classic(), B, "5Y", "2P1", "5P2 12T", "4P1 5P1");
    act(&mut game, "play 2P1");
    let events = act(&mut game, "play 5Y");
    assert_eq!(events[2], captured(A, "5Y 5P1 5P2"));
    assert_eq!(game.tally(A).ppuks, 0);
    // Clearing the floor on the game's last turn is no sweep.
    let mut game = common::game(Rules::classic(), B, "4P2", "2P1", "2P2 4P1", "8P1 8P2");
    act(&mut game, "play 2P1");
    let events = act(&mut game, "play 4P2");
    assert!(game.floor().is_empty());
    assert!(!events.iter().any(|e| matches!(e, Event::Sweep { .. })));
    assert_eq!(body(&events).last(), Some(&Event::Nagari));
}

#[test]
fn standard_stealing_takes_a_ssangpi_whole_when_there_is_no_plain_pi() {
    let mut game = game(
        Rules::standard(),
        B,
        "5Y 9P1",
        "11G 7P1",
        "11S 12T",
        "4P1 5P1 8P1 10P1",
    );
    act(&mut game, "play 11G");
    let events = act(&mut game, "play 5Y");
    assert_eq!(body(&events).last(), Some(&stolen(A, "11S")));
    assert_eq!(game.captured(A), s("5Y 5P1 11S"));
    assert_eq!(game.captured(B), s("11G"));
}

#[test]
fn tutorial_stealing_swaps_a_ssangpi_for_a_plain_pi_as_change() {
    let mut game = game(
        Rules::tutorial(),
        B,
        "5Y 9P1",
        "11G 7P1",
        "11S 12T",
        "4P1 5P1 8P1 10P1",
    );
    act(&mut game, "play 11G");
    let events = act(&mut game, "play 5Y");
    let swap = Event::PiStolen {
        player: A,
        from: B,
        card: c("11S"),
        change: Some(c("5P1")),
    };
    assert!(events.contains(&swap), "{events:?}");
    assert_eq!(game.captured(A), s("5Y 11S"));
    assert_eq!(game.captured(B), s("11G 5P1"));
}

#[test]
fn a_shake_shows_the_month_and_counts_for_the_winner() {
    let mut game = game(
        Rules::classic(),
        A,
        "1G 1T 1P1 9P1",
        "5P1 6P1",
        "4P1 12T",
        "8P1 10P1",
    );
    let refused = game.apply(Action::Play {
        card: c("9P1"),
        shake: true,
    });
    assert_eq!(refused, Err(ActionError::CannotShake { card: c("9P1") }));
    let events = act(&mut game, "shake 1G");
    assert_eq!(
        &events[..2],
        [
            played(A, "1G"),
            Event::Shook {
                player: A,
                cards: s("1G 1T 1P1")
            }
        ]
    );
    assert_eq!(game.tally(A).shakes, 1);
    assert_eq!(game.view(B).opponent_shown, s("1T 1P1"));
    assert_eq!(game.floor(), s("1G 4P1 8P1 12T"));
}

#[test]
fn a_bomb_takes_four_steals_and_earns_two_flip_only_turns() {
    let mut game = game(
        Rules::classic(),
        B,
        "3G 3T 3P1 9P1",
        "2P1 5P1 6P1 7P1",
        "2P2 3P2 12T",
        "4P1 8P1 10P1 11P1 10P2 11P2 4P2 8P2",
    );
    act(&mut game, "play 2P1");
    assert!(game.legal_actions().contains(&Action::Bomb { month: 3 }));
    let events = act(&mut game, "bomb 3");
    assert_eq!(
        events,
        [
            Event::Bombed {
                player: A,
                cards: s("3G 3T 3P1")
            },
            captured(A, "3G 3T 3P1 3P2"),
            stolen(A, "2P1"),
            flipped(A, "8P1"),
            turn_ended(A, 2),
        ]
    );
    assert_eq!((game.tally(A).bombs, game.tally(A).flip_credits), (1, 2));
    assert_eq!(game.hand(A), s("9P1"));
    act(&mut game, "play 5P1");
    assert!(game.legal_actions().contains(&Action::FlipOnly));
    let events = act(&mut game, "flip");
    assert_eq!(
        events[..2],
        [Event::FlipOnly { player: A }, flipped(A, "11P1")]
    );
    acts(&mut game, &["play 6P1", "play 9P1", "play 7P1"]);
    assert_eq!(
        game.legal_actions(),
        [Action::FlipOnly],
        "an empty hand must flip"
    );
    let events = act(&mut game, "flip");
    assert_eq!(
        events,
        [
            Event::FlipOnly { player: A },
            flipped(A, "8P2"),
            captured(A, "8P1 8P2"),
            Event::Nagari,
            turn_ended(A, 8),
        ]
    );
    assert_eq!(game.tally(A).flip_credits, 0);
    let refused = game.apply(Action::FlipOnly);
    assert_eq!(refused, Err(ActionError::GameOver));
}

#[test]
fn a_bonus_card_from_the_hand_is_replaced_and_a_flipped_one_flips_again() {
    let mut game = game(
        Rules::standard(),
        A,
        "B2 1G 9P1",
        "5P1 6P1",
        "1P1 12T",
        "10P1 B3 8P1 7P1",
    );
    let events = act(&mut game, "play B2");
    assert_eq!(
        events,
        [
            Event::BonusPlayed {
                player: A,
                card: c("B2")
            },
            captured(A, "B2"),
            Event::Drew {
                player: A,
                card: c("10P1")
            }
        ]
    );
    assert_eq!(game.to_move(), Some(A), "A plays again");
    assert_eq!(game.hand(A), s("1G 9P1 10P1"));
    let events = act(&mut game, "play 1G");
    assert_eq!(
        events,
        [
            played(A, "1G"),
            flipped(A, "B3"),
            captured(A, "B3"),
            flipped(A, "8P1"),
            captured(A, "1G 1P1"),
            turn_ended(A, 1),
        ]
    );
    assert_eq!(game.captured(A).pi_value(GukjinUse::Yeol), 2 + 3 + 1);
    assert_eq!(game.to_move(), Some(B));
}

#[test]
fn a_flipped_bonus_card_stays_captured_when_a_ppuk_follows() {
    let mut game = game(
        Rules::standard(),
        A,
        "1G 9P1",
        "5P1 6P1",
        "1P1 12T",
        "B3 1P2 8P1",
    );
    let events = act(&mut game, "play 1G");
    assert_eq!(
        events[..4],
        [
            played(A, "1G"),
            flipped(A, "B3"),
            captured(A, "B3"),
            flipped(A, "1P2"),
        ]
    );
    assert!(events.contains(&Event::Ppuk {
        player: A,
        month: 1,
        count: 1
    }));
    assert_eq!(game.captured(A), s("B3"));
}

#[test]
fn a_bonus_card_dealt_to_the_floor_goes_to_the_first_player() {
    let game = game(Rules::standard(), B, "9P1", "5P1", "B2 12T", "3P1 4P1");
    assert_eq!(game.captured(B), s("B2"));
    assert_eq!(game.floor(), s("3P1 12T"));
    assert_eq!(game.stock(), [c("4P1")]);
}

#[test]
fn the_gukjin_counts_as_its_owner_chooses() {
    for (choice, yeol, pi) in [(GukjinUse::Yeol, 1, 1), (GukjinUse::Ssangpi, 0, 3)] {
        let mut game = game(
            Rules::classic(),
            A,
            "9T 5P1",
            "6P1 7P1",
            "9Y 12T",
            "3P1 8P1",
        );
        act(&mut game, "play 9T");
        assert_eq!(game.decision(), Some(Decision::Gukjin));
        assert_eq!(game.legal_actions().len(), 2);
        game.apply(Action::Gukjin(choice)).expect("legal");
        assert_eq!(game.gukjin(), choice);
        let pile = game.captured(A);
        assert_eq!(pile, s("9Y 9T"));
        assert_eq!(pile.yeol_count(choice), yeol);
        assert_eq!(pile.pi_value(choice) + 1, pi);
        assert_eq!(game.to_move(), Some(B));
    }
}

#[test]
fn a_stolen_gukjin_stays_ssangpi() {
    let mut game = game(
        Rules::classic(),
        A,
        "9T 9P1",
        "5Y 7P1",
        "9Y 12T",
        "3P1 5P1 8P1 10P1",
    );
    acts(&mut game, &["play 9T", "gukjin ssangpi"]);
    let events = act(&mut game, "play 5Y");
    assert!(events.contains(&Event::Jjok {
        player: B,
        month: 5
    }));
    assert_eq!(body(&events).last(), Some(&stolen(B, "9Y")));
    assert_eq!(game.gukjin(), GukjinUse::Ssangpi);
    assert_eq!(game.score(B).pi, 0);
    assert_eq!(game.captured(B).pi_value(game.gukjin()), 3);
}

#[test]
fn the_hand_cards_choice_comes_before_the_flips() {
    let mut game = game(
        Rules::classic(),
        A,
        "1G 9P1",
        "6P1 7P1",
        "1P1 1T 5P1 5P2 12T",
        "5Y 8P1",
    );
    let events = act(&mut game, "play 1G");
    assert_eq!(events, [played(A, "1G"), flipped(A, "5Y")]);
    // Both wait, face up, in neither hand, floor nor pile.
    assert_eq!(game.awaiting_choice(), s("1G 5Y"));
    for viewer in [A, B] {
        assert_eq!(game.view(viewer).awaiting_choice, s("1G 5Y"));
    }
    assert_eq!(
        game.decision(),
        Some(Decision::Choose {
            card: c("1G"),
            options: s("1T 1P1")
        })
    );
    let refused = game.apply(Action::Choose { card: c("5P1") });
    assert_eq!(
        refused,
        Err(ActionError::NotAnOption {
            card: c("5P1"),
            options: s("1T 1P1")
        })
    );
    let events = act(&mut game, "take 1T");
    assert_eq!(events, [captured(A, "1G 1T")]);
    assert_eq!(game.awaiting_choice(), s("5Y"));
    assert_eq!(
        game.decision(),
        Some(Decision::Choose {
            card: c("5Y"),
            options: s("5P1 5P2")
        })
    );
    let events = act(&mut game, "take 5P2");
    assert_eq!(events, [captured(A, "5Y 5P2"), turn_ended(A, 1)]);
    assert!(game.awaiting_choice().is_empty());
    assert_eq!(game.floor(), s("1P1 5P1 12T"));
    assert_eq!(game.to_move(), Some(B));
}

#[test]
fn chongtong_ends_the_game_at_the_deal_with_its_points() {
    for (rules, points) in [(Rules::standard(), 10), (Rules::tutorial(), 7)] {
        let mut game = game(rules, A, "9P1 10P1", "4Y 4T 4P1 4P2 5P1", "12T", "3P1");
        assert!(game.is_over());
        assert_eq!((game.to_move(), game.decision()), (None, None));
        assert!(game.legal_actions().is_empty());
        let won = Outcome::Chongtong {
            winner: B,
            month: 4,
            on_floor: false,
        };
        assert_eq!(game.outcome(), Some(won));
        let chongtong = Event::Chongtong {
            player: B,
            month: 4,
            on_floor: false,
        };
        assert_eq!(game.deal_events(), [chongtong]);
        assert_eq!(
            game.apply("play 9P1".parse().expect("an action")),
            Err(ActionError::GameOver)
        );
        let settlement = game.settle(2).expect("over");
        assert_eq!(settlement.points, 2 * points);
        assert_eq!(settlement.winner(), Some(B));
    }
    // Both dealt a chongtong: the first player's counts.
    let game = game(
        Rules::standard(),
        B,
        "1G 1T 1P1 1P2",
        "4Y 4T 4P1 4P2",
        "12T",
        "3P1",
    );
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(B));
    assert_eq!(
        game.deal_events(),
        [Event::Chongtong {
            player: B,
            month: 4,
            on_floor: false
        }]
    );
}

#[test]
fn four_cards_of_a_month_on_the_floor_is_a_misdeal() {
    let deal = hwatu_core::Deal {
        hands: [s("9P1"), s("5P1")],
        floor: s("2Y 2T 2P1 2P2"),
        stock: vec![c("3P1")],
        first: A,
    };
    assert_eq!(
        Game::from_deal(Rules::standard(), deal.clone()),
        Err(DealError::FourOnFloor { month: 2 })
    );
    let duplicate = hwatu_core::Deal {
        stock: vec![c("9P1")],
        ..deal.clone()
    };
    assert_eq!(
        Game::from_deal(Rules::standard(), duplicate).map(|_| ()),
        Err(DealError::Duplicate { card: c("9P1") })
    );
    let bonus = hwatu_core::Deal {
        floor: s("B2"),
        ..deal
    };
    assert_eq!(
        Game::from_deal(Rules::classic(), bonus).map(|_| ()),
        Err(DealError::NotInDeck { card: Card::B2 })
    );
}

#[test]
fn a_hand_made_deal_with_empty_hands_still_has_a_player_to_move_or_is_over() {
    let game = game(Rules::classic(), A, "", "5P1", "12T", "3P1");
    assert_eq!(game.to_move(), Some(B));
    let game = common::game(Rules::classic(), A, "", "", "12T", "3P1");
    assert_eq!(game.outcome(), Some(Outcome::Nagari));
    assert!(game.legal_actions().is_empty());
}

#[test]
fn refused_actions_say_why_and_change_nothing() {
    let mut game = game(Rules::classic(), A, "1G 9P1", "6P1", "12T", "3P1 8P1");
    let before = game.clone();
    let cases = [
        (
            Action::Play {
                card: c("6P1"),
                shake: false,
            },
            ActionError::NotInHand { card: c("6P1") },
        ),
        (
            Action::Bomb { month: 1 },
            ActionError::CannotBomb { month: 1 },
        ),
        (Action::FlipOnly, ActionError::NoFlipOnlyTurn),
        (
            Action::Go,
            ActionError::NotNow {
                action: Action::Go,
                expected: Decision::Play,
            },
        ),
    ];
    for (action, error) in cases {
        assert_eq!(game.apply(action), Err(error.clone()));
        assert!(!error.to_string().is_empty());
        assert_eq!(game, before);
    }
    assert_eq!(
        ActionError::NotInHand { card: c("6P1") }.to_string(),
        "6P1 is not in your hand"
    );
}
