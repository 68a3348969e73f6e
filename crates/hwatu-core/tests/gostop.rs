//! Go-Stop among three (rules section 12): the deal, the turn order, every steal and early
//! payment taken from each opponent, go at 3, the settlement with each loser's share;
//! random hands keep every card and every point; illegal actions change nothing.

use hwatu_core::{
    Action, ActionError, CardSet, Deal, DealError, Event, GoStop, GoStopRules, InstantReason,
    Outcome, Seat,
};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

use crate::common::{c, s};

/// A hand of Go-Stop from an explicit deal: hands of A, B and C, the floor, the stock.
fn hand(hands: [&str; 3], floor: &str, stock: &str) -> GoStop {
    let deal = Deal {
        hands: hands.map(s),
        floor: s(floor),
        stock: stock.split_whitespace().map(c).collect(),
        first: Seat::A,
    };
    GoStop::from_deal(GoStopRules::standard().rules, deal).expect("a valid deal")
}

fn play(hand: &mut GoStop, card: &str) -> Vec<Event<Seat>> {
    let action = Action::Play {
        card: c(card),
        shake: false,
    };
    hand.apply(action).expect("a legal play")
}

#[test]
fn a_shuffled_hand_deals_seven_cards_a_hand_and_six_to_the_floor() {
    let mut rng = StdRng::seed_from_u64(3);
    for round in 0..200 {
        let first = Seat::first(3).nth(round % 3).expect("a seat");
        let game = GoStop::new(GoStopRules::standard().rules, first, &mut rng);
        assert_eq!(game.first(), first);
        let deck = CardSet::MONTHS | CardSet::BONUS;
        assert_eq!(game.all_cards(), deck);
        let floor_bonus = game.captured(first).len();
        for seat in Seat::first(3) {
            assert_eq!(game.hand(seat).len(), 7, "{seat}");
        }
        assert_eq!(game.floor().len(), 6);
        assert_eq!(game.stock().len(), 50 - 27 - floor_bonus);
    }
    let deal = Deal::three_from_deck(&CardSet::MONTHS.iter().collect::<Vec<_>>(), Seat::B)
        .expect("a deal");
    assert_eq!(deal.hands[1], CardSet::MONTHS.iter().take(7).collect());
    assert_eq!(
        deal.hands[0],
        CardSet::MONTHS.iter().skip(14).take(7).collect()
    );
    assert_eq!(
        Deal::three_from_deck(
            &CardSet::MONTHS.iter().take(26).collect::<Vec<_>>(),
            Seat::A
        ),
        Err(DealError::DeckSize { cards: 26 })
    );
}

/// A jjok takes a pi from each opponent, one event each; the turn passes A, B, C, A.
#[test]
fn a_jjok_steals_a_pi_from_each_opponent() {
    let mut game = hand(
        ["1G 2Y 5Y", "3P2 9T", "4P2 9P1"],
        "3P1 4P1 5P1 6P1",
        "7P1 8P1 10P1 1P1 11P1 12T 12Y",
    );
    play(&mut game, "2Y");
    assert_eq!(game.to_move(), Some(Seat::B));
    play(&mut game, "3P2");
    assert_eq!(game.to_move(), Some(Seat::C));
    play(&mut game, "4P2");
    assert_eq!(game.to_move(), Some(Seat::A));
    let events = play(&mut game, "1G");
    let stolen = |from, card| Event::PiStolen {
        player: Seat::A,
        from,
        card: c(card),
        change: None,
    };
    let expected = [
        Event::Played {
            player: Seat::A,
            card: c("1G"),
        },
        Event::Flipped {
            player: Seat::A,
            card: c("1P1"),
        },
        Event::Captured {
            player: Seat::A,
            cards: s("1G 1P1"),
        },
        Event::Jjok {
            player: Seat::A,
            month: 1,
        },
        stolen(Seat::B, "3P1"),
        stolen(Seat::C, "4P1"),
        Event::TurnEnded {
            player: Seat::A,
            turn: 4,
        },
    ];
    assert_eq!(events, expected);
    assert_eq!(game.captured(Seat::A), s("1G 1P1 3P1 4P1"));
    assert_eq!(game.captured(Seat::B), s("3P2"));
    assert_eq!(game.captured(Seat::C), s("4P2"));
}

/// A ppuk on the first turn is paid at once by each opponent (3 points each, section 12.7).
#[test]
fn an_early_ppuk_is_paid_by_each_opponent() {
    let mut game = hand(
        ["1G 2Y", "3G 9T", "4Y 9P1"],
        "1P1",
        "1P2 5P1 6P1 7P1 8P1 10P1",
    );
    let events = play(&mut game, "1G");
    let payment = |from| Event::InstantPayment {
        from,
        to: Seat::A,
        points: 3,
        reason: InstantReason::Ppuk { turns: 1 },
    };
    assert!(events.contains(&Event::Ppuk {
        player: Seat::A,
        month: 1,
        count: 1
    }));
    let payments: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::InstantPayment { .. }))
        .copied()
        .collect();
    assert_eq!(payments, [payment(Seat::B), payment(Seat::C)]);
    assert_eq!(game.tally(Seat::A).instant_points, 6);
}

/// Go is asked from 3 points (section 12.3); a stop ends the hand, and each loser pays its
/// share with its own baks (section 12.5): here gwangbak against both.
#[test]
fn go_or_stop_is_asked_at_three_points_and_each_loser_pays() {
    let mut game = hand(
        ["1G 3G 8G 2P1", "5P1 6P1 2T", "9P1 10P1 11P1"],
        "1P1 3P1 8P1",
        "4P1 7P1 4P2 7P2 4Y 7Y 4T 7T 5P2 6P2 9P2",
    );
    for card in ["1G", "5P1", "9P1", "3G", "6P1", "10P1"] {
        play(&mut game, card);
    }
    assert_eq!(game.captured(Seat::C), s("4P1 4P2"));
    let events = play(&mut game, "8G");
    assert!(events.contains(&Event::ScoreChanged {
        player: Seat::A,
        score: 3
    }));
    assert_eq!(game.to_move(), Some(Seat::A));
    assert_eq!(
        game.decision(),
        Some(hwatu_core::Decision::GoStop { score: 3 })
    );
    let events = game.apply(Action::Stop).expect("stop");
    assert_eq!(
        events[0],
        Event::Stop {
            player: Seat::A,
            automatic: false
        }
    );
    assert_eq!(game.outcome(), Some(Outcome::Stop { winner: Seat::A }));
    let settlement = game.settle(&GoStopRules::standard(), 1).expect("over");
    assert_eq!(settlement.points, 3);
    let shares: Vec<_> = settlement
        .shares
        .iter()
        .map(|x| (x.loser, x.gwangbak, x.pibak, x.points))
        .collect();
    assert_eq!(
        shares,
        [(Seat::B, true, false, 6), (Seat::C, true, false, 6)]
    );
    assert_eq!(settlement.transfers(100), [1200, -600, -600]);
    assert_eq!(settlement.dokbak, None);
}

/// Every refused action leaves the hand exactly as it was, with a typed error; a seat not
/// at the table reads as empty, never a panic.
#[test]
fn illegal_actions_change_nothing() {
    let mut rng = StdRng::seed_from_u64(11);
    let actions = [
        Action::Go,
        Action::Stop,
        Action::FlipOnly,
        Action::Chongtong,
        Action::Bomb { month: 13 },
        Action::Choose { card: c("B3") },
        Action::Play {
            card: c("12G"),
            shake: true,
        },
    ];
    for seed in 0..200u64 {
        let mut game = GoStop::new(GoStopRules::standard().rules, Seat::A, &mut rng);
        let mut moves = StdRng::seed_from_u64(seed);
        while game.to_move().is_some() {
            for action in actions {
                if !game.legal_actions().contains(&action) {
                    let before = game.clone();
                    assert!(game.apply(action).is_err(), "{action:?} refused");
                    assert_eq!(game, before);
                }
            }
            let legal = game.legal_actions();
            let action = *legal.choose(&mut moves).expect("an action while not over");
            game.apply(action).expect("legal");
        }
        assert_eq!(game.apply(Action::Stop), Err(ActionError::GameOver));
        assert_eq!(game.hand(Seat::E), CardSet::EMPTY);
        assert_eq!(game.base_score(Seat::D), 0);
    }
}

/// Random hands: every card stays in the game, the turn goes round A, B, C (skipping a
/// seat that cannot move), the scores are the piles' scores, and the settlement's money
/// sums to zero with the winner receiving what the payers pay.
#[test]
fn random_hands_keep_cards_turn_order_and_money() {
    let rules = GoStopRules::standard();
    let mut endings = std::collections::HashMap::new();
    let mut turns_passed = 0;
    for seed in 0..1500u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let first = Seat::first(3).nth(rng.random_range(0..3)).expect("a seat");
        let mut game = GoStop::new(rules.rules, first, &mut rng);
        let deck = game.all_cards();
        while game.to_move().is_some() {
            let legal = game.legal_actions();
            let action = *legal.choose(&mut rng).expect("an action");
            let events = game.apply(action).expect("legal");
            let ended = events.iter().find_map(|event| match *event {
                Event::TurnEnded { player, .. } => Some(player),
                _ => None,
            });
            if let (Some(ender), Some(next)) = (ended, game.to_move()) {
                // The turn passes to the next seat that holds a card or a flip-only turn.
                let can_move = |s: Seat| !game.hand(s).is_empty() || game.tally(s).flip_credits > 0;
                let order = [ender.next(3), ender.next(3).next(3), ender];
                assert_eq!(Some(next), order.into_iter().find(|&s| can_move(s)));
                turns_passed += usize::from(next != ender);
            }
            assert_eq!(game.all_cards(), deck);
            for s in Seat::first(3) {
                assert_eq!(game.base_score(s), game.score(s).total());
            }
        }
        let settlement = game.settle(&rules, 2).expect("over");
        let transfers = settlement.transfers(10);
        assert_eq!(transfers.iter().sum::<i64>(), 0, "{settlement}");
        if let Some(winner) = settlement.winner() {
            let paid: u64 = Seat::first(3).map(|s| settlement.points_paid_by(s)).sum();
            assert_eq!(paid, settlement.received());
            assert_eq!(settlement.points_paid_by(winner), 0);
            assert_eq!(settlement.shares.len(), 2);
        }
        let kind = match game.outcome().expect("over") {
            Outcome::Stop { .. } => "stop",
            Outcome::Nagari => "nagari",
            Outcome::Chongtong { .. } => "chongtong",
            Outcome::ThreePpuk { .. } => "three ppuk",
        };
        *endings.entry(kind).or_insert(0) += 1;
    }
    assert!(
        turns_passed > 20_000,
        "the turn went round {turns_passed} times"
    );
    assert!(
        endings["stop"] > 700 && endings["nagari"] > 5,
        "{endings:?}"
    );
}

/// Plays A 5Y, B 3P2 (taking 3P1) and C 4P2 (taking 4P1), flips 7P1, 8P1 and 10P1
/// matching nothing: B and C each hold two pi when A's second turn begins.
fn pi_for_b_and_c(a: &str, floor: &str, stock: &str) -> GoStop {
    let mut game = hand(
        [a, "3P2 10T", "4P2 12T"],
        &format!("3P1 4P1 {floor}"),
        &format!("7P1 8P1 10P1 {stock}"),
    );
    for card in ["5Y", "3P2", "4P2"] {
        play(&mut game, card);
    }
    assert_eq!(
        (game.captured(Seat::B), game.captured(Seat::C)),
        (s("3P1 3P2"), s("4P1 4P2"))
    );
    game
}

fn stolen(player: Seat, from: Seat, card: &str) -> Event<Seat> {
    Event::PiStolen {
        player,
        from,
        card: c(card),
        change: None,
    }
}

/// A ttadak takes a pi from each opponent (section 12.8).
#[test]
fn a_ttadak_steals_from_each_opponent() {
    let mut game = pi_for_b_and_c("5Y 1G 6Y", "1P1 1P2", "1T 11P1 12Y");
    let events = play(&mut game, "1G");
    let expected = [
        Event::Played {
            player: Seat::A,
            card: c("1G"),
        },
        Event::Flipped {
            player: Seat::A,
            card: c("1T"),
        },
        Event::Captured {
            player: Seat::A,
            cards: s("1G 1T 1P1 1P2"),
        },
        Event::Ttadak {
            player: Seat::A,
            month: 1,
        },
        stolen(Seat::A, Seat::B, "3P1"),
        stolen(Seat::A, Seat::C, "4P1"),
        Event::TurnEnded {
            player: Seat::A,
            turn: 4,
        },
    ];
    assert_eq!(events, expected);
}

/// A bomb takes a pi from each opponent and earns two flip-only turns (section 12.7).
#[test]
fn a_bomb_steals_from_each_opponent() {
    let mut game = pi_for_b_and_c("5Y 1G 1T 1P1 6Y", "1P2", "11P1 12Y 12S");
    let events = game.apply(Action::Bomb { month: 1 }).expect("a bomb");
    assert_eq!(
        events[..5],
        [
            Event::Bombed {
                player: Seat::A,
                cards: s("1G 1T 1P1")
            },
            Event::Captured {
                player: Seat::A,
                cards: s("1G 1T 1P1 1P2")
            },
            stolen(Seat::A, Seat::B, "3P1"),
            stolen(Seat::A, Seat::C, "4P1"),
            Event::Flipped {
                player: Seat::A,
                card: c("11P1")
            },
        ]
    );
    assert_eq!(
        (game.tally(Seat::A).bombs, game.tally(Seat::A).flip_credits),
        (1, 2)
    );
}

/// A sweep takes a pi from each opponent, in turn order from the sweeper (section 12.8).
#[test]
fn a_sweep_steals_from_each_opponent() {
    let mut game = hand(
        ["5Y 9T", "3P2 10T", "4P2 12T"],
        "3P1 4P1",
        "5P1 6P1 6P2 7P1 8P1 9P1",
    );
    play(&mut game, "5Y");
    play(&mut game, "3P2");
    let events = play(&mut game, "4P2");
    let expected = [
        Event::Played {
            player: Seat::C,
            card: c("4P2"),
        },
        Event::Flipped {
            player: Seat::C,
            card: c("6P2"),
        },
        Event::Captured {
            player: Seat::C,
            cards: s("4P1 4P2"),
        },
        Event::Captured {
            player: Seat::C,
            cards: s("6P1 6P2"),
        },
        Event::Sweep { player: Seat::C },
        stolen(Seat::C, Seat::A, "5P1"),
        stolen(Seat::C, Seat::B, "3P1"),
        Event::TurnEnded {
            player: Seat::C,
            turn: 3,
        },
    ];
    assert_eq!(events, expected);
    assert!(game.floor().is_empty());
}

/// Ja-ppuk takes two pi from each opponent; another seat taking a ppuk pile takes one from
/// each (section 12.7).
#[test]
fn ppuk_piles_taken_steal_from_each_opponent() {
    let mut game = hand(
        ["1G 5Y 1T", "3P2 10T", "4P2 12T"],
        "1P1 3P1 4P1",
        "1P2 7P1 8P1 10P1 11P1 12Y",
    );
    play(&mut game, "1G");
    assert_eq!(
        game.tally(Seat::A).instant_points,
        6,
        "an early ppuk, 3 from each"
    );
    play(&mut game, "3P2");
    play(&mut game, "4P2");
    let events = play(&mut game, "1T");
    let expected = [
        Event::Played {
            player: Seat::A,
            card: c("1T"),
        },
        Event::Flipped {
            player: Seat::A,
            card: c("10P1"),
        },
        Event::Captured {
            player: Seat::A,
            cards: s("1G 1T 1P1 1P2"),
        },
        Event::JaPpuk {
            player: Seat::A,
            month: 1,
        },
        stolen(Seat::A, Seat::B, "3P1"),
        stolen(Seat::A, Seat::C, "4P1"),
        stolen(Seat::A, Seat::B, "3P2"),
        stolen(Seat::A, Seat::C, "4P2"),
    ];
    assert_eq!(events[..8], expected);
    // C takes B's pile: one pi from each opponent, the maker included.
    let mut game = hand(
        ["5Y 12T 11S", "9P1 3G 10Y", "10T 3P2 2T"],
        "3P1 5P1 9P2",
        "7P1 8P1 6P1 4P1 3T 1P1 2P1 2P2",
    );
    for card in ["5Y", "9P1", "10T", "12T", "3G"] {
        play(&mut game, card);
    }
    assert_eq!(game.ppuk_piles(Seat::B), s("3G 3T 3P1"));
    let events = play(&mut game, "3P2");
    let expected = [
        Event::Played {
            player: Seat::C,
            card: c("3P2"),
        },
        Event::Flipped {
            player: Seat::C,
            card: c("1P1"),
        },
        Event::Captured {
            player: Seat::C,
            cards: s("3G 3T 3P1 3P2"),
        },
        Event::PileTaken {
            player: Seat::C,
            month: 3,
            maker: Some(Seat::B),
        },
        stolen(Seat::C, Seat::A, "5P1"),
        stolen(Seat::C, Seat::B, "9P1"),
    ];
    assert_eq!(events[..6], expected);
}

/// Chongtong among three: the first holder in turn order from the first seat wins at the
/// deal, 5 points from each loser (section 12.9).
#[test]
fn chongtong_wins_at_the_deal_and_each_loser_pays() {
    let game = hand(
        ["5Y 9T", "2Y 2T 2P1 2P2 10T", "4Y 4T 4P1 4P2 12T"],
        "3P1 6P1",
        "7P1 8P1 10P1 11P1",
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Chongtong {
            winner: Seat::B,
            month: 2,
            on_floor: false
        })
    );
    assert_eq!(
        game.deal_events(),
        [Event::Chongtong {
            player: Seat::B,
            month: 2,
            on_floor: false
        }]
    );
    let settlement = game.settle(&GoStopRules::standard(), 2).expect("over");
    assert_eq!(settlement.transfers(1), [-10, 20, -10]);
}
