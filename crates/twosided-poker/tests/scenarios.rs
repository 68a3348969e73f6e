//! One scenario per rule of the spec, each from a stacked deck, checking every event and
//! every chip.

use twosided_poker::{
    Action, ActionError, Card, Deck, DeckError, DeckKind, EndReason, Event, Face, Match,
    MatchError, Outcome, Rules, RulesError, Seat, Shown, Side,
};

use Seat::{One, Two};
use Side::{Back, Both, Front};
use rand::SeedableRng;

/// A match under `rules` whose first deck deals `cards` in pairs (player one's card first),
/// the rest of the deck in order after them.
fn stacked(rules: Rules, cards: &[&str]) -> Match {
    let top: Vec<Card> = cards.iter().map(|c| c.parse().unwrap()).collect();
    let deck = Deck::stacked(rules.deck, &top).unwrap();
    Match::from_decks(rules, vec![deck]).unwrap()
}

fn bet(side: Side, amount: u32) -> Action {
    Action::Bet { side, amount }
}

fn chips(game: &Match) -> [u32; 2] {
    [game.chips(One), game.chips(Two)]
}

/// Chips outside the pot, in the pot and carried over always add up to the start.
fn assert_conserved(game: &Match) {
    let total = game.chips(One) + game.chips(Two) + game.pot() + game.carry_over();
    assert_eq!(total, 2 * game.rules().starting_chips);
}

fn shown(side: Side, front: u8, back: Option<u8>) -> Shown {
    Shown { side, front, back }
}

#[test]
fn fold_before_betting_loses_the_ante() {
    let mut game = stacked(Rules::default(), &["9/2", "4/8", "1/3", "5/6"]);
    assert_eq!(
        (game.to_move(), game.pot(), chips(&game)),
        (Some(One), 2, [29, 29])
    );
    let events = game.apply(Action::Fold).unwrap();
    assert_eq!(
        events,
        [
            Event::Fold { seat: One },
            Event::Win {
                seat: Two,
                chips: 2
            },
            Event::Deal {
                hand: 2,
                first: Two,
                fronts: [1, 5]
            },
            Event::Ante { paid: [1, 1] },
        ]
    );
    assert_eq!((chips(&game), game.to_move()), ([28, 30], Some(Two)));
    // A fold shows no back: only the four fronts are public.
    assert!(game.revealed().iter().all(|r| r.face == Face::Front));
    assert_eq!(game.revealed().len(), 4);
    assert_conserved(&game);
}

#[test]
fn raise_and_call_go_to_the_showdown() {
    let mut game = stacked(Rules::default(), &["3/8", "6/2", "1/3", "5/6"]);
    assert_eq!(
        game.apply(bet(Back, 2)).unwrap(),
        [
            Event::Declare {
                seat: One,
                side: Back
            },
            Event::Bet {
                seat: One,
                level: 2,
                paid: 2
            },
        ]
    );
    assert_eq!(
        game.apply(bet(Front, 5)).unwrap(),
        [
            Event::Declare {
                seat: Two,
                side: Front
            },
            Event::Raise {
                seat: Two,
                level: 5,
                paid: 5
            },
        ]
    );
    assert_eq!(
        game.apply(Action::Raise(9)).unwrap(),
        [Event::Raise {
            seat: One,
            level: 9,
            paid: 7
        }]
    );
    assert_eq!((game.pot(), chips(&game)), (16, [20, 24]));
    assert_eq!(
        game.apply(Action::Call).unwrap(),
        [
            Event::Call {
                seat: Two,
                level: 9,
                paid: 4
            },
            Event::Showdown {
                shown: [shown(Back, 3, Some(8)), shown(Front, 6, None)],
                winner: Some(One),
            },
            Event::Win {
                seat: One,
                chips: 20
            },
            Event::Deal {
                hand: 2,
                first: Two,
                fronts: [1, 5]
            },
            Event::Ante { paid: [1, 1] },
        ]
    );
    assert_eq!(chips(&game), [39, 19]);
    // Player one's back is public now; player two's, bet on its front, is not.
    let backs: Vec<_> = game
        .revealed()
        .iter()
        .filter(|r| r.face == Face::Back)
        .collect();
    assert_eq!(backs.len(), 1);
    assert_eq!((backs[0].seat, backs[0].value, backs[0].hand), (One, 8, 1));
    assert_conserved(&game);
}

#[test]
fn both_sides_win_takes_the_bonus() {
    let mut game = stacked(Rules::default(), &["7/9", "5/1", "1/3", "5/6"]);
    assert_eq!(
        game.apply(bet(Both, 2)).unwrap(),
        [
            Event::Declare {
                seat: One,
                side: Both
            },
            Event::Bet {
                seat: One,
                level: 2,
                paid: 4
            },
        ]
    );
    assert_eq!(
        game.apply(bet(Front, 2)).unwrap(),
        [
            Event::Declare {
                seat: Two,
                side: Front
            },
            Event::Call {
                seat: Two,
                level: 2,
                paid: 2
            },
            Event::Showdown {
                shown: [shown(Both, 7, Some(9)), shown(Front, 5, None)],
                winner: Some(One),
            },
            Event::Win {
                seat: One,
                chips: 8
            },
            Event::BothBonus {
                seat: One,
                chips: 10
            },
            Event::Deal {
                hand: 2,
                first: Two,
                fronts: [1, 5]
            },
            Event::Ante { paid: [1, 1] },
        ]
    );
    assert_eq!(chips(&game), [42, 16]);
    assert_conserved(&game);
}

#[test]
fn both_sides_bonus_is_capped_at_the_opponents_chips_and_can_end_the_match() {
    let rules = Rules {
        starting_chips: 8,
        ..Rules::default()
    };
    let mut game = stacked(rules, &["7/9", "5/1"]);
    game.apply(bet(Both, 2)).unwrap();
    let events = game.apply(bet(Front, 2)).unwrap();
    let outcome = Outcome {
        winner: Some(One),
        reason: EndReason::OutOfChips,
        chips: [16, 0],
        hands: 1,
    };
    assert_eq!(
        events[3..],
        [
            Event::Win {
                seat: One,
                chips: 8
            },
            Event::BothBonus {
                seat: One,
                chips: 5
            },
            Event::MatchOver { outcome },
        ]
    );
    assert_eq!(
        (game.outcome(), game.to_move(), game.is_over()),
        (Some(outcome), None, true)
    );
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.apply(Action::Fold), Err(ActionError::MatchOver));
    assert_conserved(&game);
}

#[test]
fn both_sides_bettor_takes_the_bonus_when_the_opponent_folds() {
    let mut game = stacked(Rules::default(), &["2/3", "9/10", "1/3", "5/6"]);
    game.apply(bet(Both, 1)).unwrap();
    assert_eq!(
        game.apply(Action::Fold).unwrap()[..3],
        [
            Event::Fold { seat: Two },
            Event::Win {
                seat: One,
                chips: 4
            },
            Event::BothBonus {
                seat: One,
                chips: 10
            },
        ]
    );
    assert_eq!(chips(&game), [29 - 2 + 4 + 10 - 1, 29 - 10 - 1]);
}

/// Player one bets both sides on 7/5 against player two's front 5: the 5 ties, which loses
/// for a both-sides bettor. The events from the showdown on.
fn both_sides_tie_and_lose(rules: Rules) -> (Match, Vec<Event>) {
    let mut game = stacked(rules, &["7/5", "5/9", "1/3", "5/6"]);
    game.apply(bet(Both, 1)).unwrap();
    let events = game.apply(bet(Front, 1)).unwrap();
    assert_eq!(
        events[2..4],
        [
            Event::Showdown {
                shown: [shown(Both, 7, Some(5)), shown(Front, 5, None)],
                winner: Some(Two),
            },
            Event::Win {
                seat: Two,
                chips: 5
            },
        ]
    );
    (game, events[4..].to_vec())
}

#[test]
fn both_sides_lose_when_one_face_ties() {
    let (game, events) = both_sides_tie_and_lose(Rules::default());
    assert!(!events.iter().any(|e| matches!(e, Event::BothBonus { .. })));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::BothPenalty { .. }))
    );
    assert_eq!(chips(&game), [29 - 2 - 1, 29 - 1 + 5 - 1]);
}

#[test]
fn ties_carry_the_pot_twice_then_the_winner_takes_all() {
    let mut game = stacked(
        Rules::default(),
        &["6/1", "6/2", "4/9", "9/4", "10/1", "2/3", "1/3", "5/6"],
    );
    game.apply(bet(Front, 1)).unwrap();
    assert_eq!(
        game.apply(bet(Front, 1)).unwrap()[2..],
        [
            Event::Showdown {
                shown: [shown(Front, 6, None), shown(Front, 6, None)],
                winner: None,
            },
            Event::Tie { carry_over: 4 },
            Event::Deal {
                hand: 2,
                first: Two,
                fronts: [4, 9]
            },
            Event::Ante { paid: [1, 1] },
        ]
    );
    assert_eq!(
        (chips(&game), game.pot(), game.carry_over()),
        ([27, 27], 2, 4)
    );
    assert_conserved(&game);

    game.apply(bet(Front, 2)).unwrap(); // player two opens the second hand
    assert_eq!(
        game.apply(bet(Back, 2)).unwrap()[2..4],
        [
            Event::Showdown {
                shown: [shown(Back, 4, Some(9)), shown(Front, 9, None)],
                winner: None,
            },
            Event::Tie { carry_over: 10 },
        ]
    );
    assert_eq!((chips(&game), game.carry_over()), ([24, 24], 10));

    game.apply(bet(Front, 1)).unwrap();
    let events = game.apply(bet(Front, 1)).unwrap();
    assert_eq!(
        events[3],
        Event::Win {
            seat: One,
            chips: 4 + 10
        }
    );
    assert_eq!((chips(&game), game.carry_over()), ([36, 22], 0));
    assert_conserved(&game);
}

#[test]
fn amounts_are_limited_by_both_players_chips() {
    let mut game = stacked(
        Rules::default(),
        &["9/1", "2/3", "5/6", "7/8", "1/2", "3/4"],
    );
    game.apply(bet(Front, 5)).unwrap();
    game.apply(bet(Front, 5)).unwrap();
    assert_eq!(chips(&game), [35, 23]);
    assert_eq!(game.to_move(), Some(Two));

    // Player two opens with 23 chips against 35.
    let legal = game.legal();
    assert_eq!(legal.bet_range(Front), Some(1..=23));
    assert_eq!(
        legal.bet_range(Both),
        Some(1..=11),
        "both sides cost double"
    );
    assert_eq!(legal.len(), 1 + 23 + 23 + 11);
    let refusals = [
        (
            bet(Front, 24),
            ActionError::InsufficientChips { need: 24, have: 23 },
        ),
        (
            bet(Both, 12),
            ActionError::InsufficientChips { need: 24, have: 23 },
        ),
        (bet(Front, 0), ActionError::BetTooSmall { min: 1 }),
        (Action::Raise(3), ActionError::SideNotDeclared),
        (Action::Call, ActionError::SideNotDeclared),
    ];
    for (action, error) in refusals {
        assert_eq!(game.apply(action), Err(error), "{action}");
    }
    game.apply(bet(Front, 10)).unwrap();

    // Player one answers: it may call at 10 or raise up to what player two can call.
    let legal = game.legal();
    assert_eq!(legal.bet_range(Back), Some(10..=23));
    assert_eq!(legal.bet_range(Both), Some(10..=17));
    let refusals = [
        (bet(Back, 24), ActionError::OpponentCannotCall { max: 23 }),
        (
            bet(Both, 18),
            ActionError::InsufficientChips { need: 36, have: 35 },
        ),
        (bet(Front, 9), ActionError::BetTooSmall { min: 10 }),
    ];
    for (action, error) in refusals {
        assert_eq!(game.apply(action), Err(error), "{action}");
    }
    assert_eq!(
        game.apply(bet(Both, 17)).unwrap(),
        [
            Event::Declare {
                seat: One,
                side: Both
            },
            Event::Raise {
                seat: One,
                level: 17,
                paid: 34
            },
        ]
    );

    // Player two cannot re-raise: player one has 1 chip left, too few for another level on
    // both sides.
    let legal = game.legal();
    assert_eq!(legal.to_vec(), [Action::Fold, Action::Call]);
    assert_eq!(
        game.apply(Action::Raise(18)),
        Err(ActionError::OpponentCannotCall { max: 17 })
    );
    assert_eq!(
        game.apply(bet(Back, 18)),
        Err(ActionError::SideAlreadyDeclared { side: Front })
    );
    let events = game.apply(Action::Call).unwrap();
    assert_eq!(
        events[0],
        Event::Call {
            seat: Two,
            level: 17,
            paid: 7
        }
    );
    assert_eq!(
        events[2],
        Event::Win {
            seat: Two,
            chips: 2 + 10 + 34 + 7
        }
    );
    assert_conserved(&game);
}

#[test]
fn a_player_without_chips_after_the_ante_only_declares() {
    let rules = Rules {
        starting_chips: 5,
        ..Rules::default()
    };
    let mut game = stacked(
        rules,
        &["9/1", "2/3", "4/6", "4/8", "1/2", "3/4", "5/6", "7/8"],
    );
    game.apply(bet(Front, 3)).unwrap();
    let events = game.apply(bet(Front, 3)).unwrap();
    assert_eq!(events[events.len() - 1], Event::Ante { paid: [1, 1] });
    assert_eq!(chips(&game), [8, 0]);

    // No betting: player two (first this hand) and then player one declare at level 0.
    assert_eq!(game.to_move(), Some(Two));
    assert_eq!(
        game.legal_actions(),
        [bet(Front, 0), bet(Back, 0), bet(Both, 0)]
    );
    for action in [Action::Fold, Action::Raise(1), Action::Call, bet(Front, 1)] {
        assert_eq!(
            game.apply(action),
            Err(ActionError::DeclareOnly),
            "{action}"
        );
    }
    assert_eq!(
        game.apply(bet(Front, 0)).unwrap(),
        [Event::Declare {
            seat: Two,
            side: Front
        }]
    );
    let events = game.apply(bet(Front, 0)).unwrap();
    assert_eq!(
        events,
        [
            Event::Declare {
                seat: One,
                side: Front
            },
            Event::Showdown {
                shown: [shown(Front, 4, None), shown(Front, 4, None)],
                winner: None,
            },
            Event::Tie { carry_over: 2 },
            // Player two has no chips, but a carry-over is still to be won: play goes on.
            Event::Deal {
                hand: 3,
                first: One,
                fronts: [1, 3]
            },
            Event::Ante { paid: [1, 0] },
        ]
    );
    assert!(!game.is_over());

    // Only one player may bet both sides.
    game.apply(bet(Both, 0)).unwrap();
    assert_eq!(game.legal_actions(), [bet(Front, 0), bet(Back, 0)]);
    assert_eq!(game.apply(bet(Both, 0)), Err(ActionError::BothTaken));
    let events = game.apply(bet(Front, 0)).unwrap();
    assert_eq!(
        events[1..3],
        [
            Event::Showdown {
                shown: [shown(Both, 1, Some(2)), shown(Front, 3, None)],
                winner: Some(Two),
            },
            Event::Win {
                seat: Two,
                chips: 1 + 2
            },
        ]
    );
    assert_eq!(chips(&game), [6, 2]); // after the fourth hand's antes
    assert!(
        game.legal()
            .bet_range(Front)
            .is_some_and(|r| *r.start() == 1)
    );
    assert_conserved(&game);
}

#[test]
fn a_fresh_deck_is_shuffled_in_when_the_deck_runs_out() {
    let second = Deck::stacked(DeckKind::Standard, &["10/9".parse().unwrap()]).unwrap();
    let mut game = Match::from_decks(
        Rules::default(),
        vec![Deck::new(DeckKind::Standard), second],
    )
    .unwrap();
    let mut events = Vec::new();
    for hand in 1..=45 {
        assert_eq!((game.hand_number(), game.view(One).deck()), (hand, 1));
        assert_eq!(game.view(One).cards_left(), 90 - 2 * hand as usize);
        events = game.apply(Action::Fold).unwrap();
    }
    assert_eq!(
        events[2..],
        [
            Event::Reshuffle { deck: 2 },
            Event::Deal {
                hand: 46,
                first: Two,
                fronts: [10, 1]
            },
            Event::Ante { paid: [1, 1] },
        ]
    );
    assert_eq!(game.card(One).to_string(), "10/9");
    assert_eq!(game.view(Two).cards_left(), 88);
    // After the last order, the first comes round again.
    for _ in 46..=90 {
        events = game.apply(Action::Fold).unwrap();
    }
    assert_eq!(events[2], Event::Reshuffle { deck: 3 });
    assert_eq!(game.card(One).to_string(), "1/2");
    assert_conserved(&game);
}

#[test]
fn the_hand_limit_ends_the_match_and_returns_the_carry_over() {
    let rules = Rules {
        max_hands: Some(1),
        ..Rules::default()
    };
    let mut game = stacked(rules, &["6/1", "6/2"]);
    game.apply(bet(Front, 3)).unwrap();
    let events = game.apply(bet(Front, 3)).unwrap();
    let outcome = Outcome {
        winner: None,
        reason: EndReason::HandLimit,
        chips: [30, 30],
        hands: 1,
    };
    assert_eq!(
        events[3..],
        [Event::Tie { carry_over: 8 }, Event::MatchOver { outcome }]
    );
    assert_eq!((game.pot(), game.carry_over()), (0, 0));

    // With a winner on chips: player one folds the first hand, and the second after
    // player two's bet.
    let rules = Rules {
        max_hands: Some(2),
        ..Rules::default()
    };
    let mut game = stacked(rules, &["6/1", "7/2", "1/2", "3/4"]);
    game.apply(Action::Fold).unwrap();
    game.apply(bet(Front, 1)).unwrap();
    let events = game.apply(Action::Fold).unwrap();
    let outcome = Outcome {
        winner: Some(Two),
        reason: EndReason::HandLimit,
        chips: [28, 32],
        hands: 2,
    };
    assert_eq!(
        events,
        [
            Event::Fold { seat: One },
            Event::Win {
                seat: Two,
                chips: 3
            },
            Event::MatchOver { outcome },
        ]
    );
}

#[test]
fn matches_refuse_bad_rules_and_decks() {
    let zero = Rules {
        starting_chips: 0,
        ..Rules::default()
    };
    assert_eq!(
        Match::from_decks(zero, vec![Deck::new(DeckKind::Standard)]),
        Err(MatchError::Rules(RulesError::NoChips))
    );
    let rich = Rules {
        starting_chips: u32::MAX,
        ..Rules::default()
    };
    assert!(matches!(
        rich.validate(),
        Err(RulesError::TooManyChips { .. })
    ));
    assert_eq!(
        Rules {
            max_hands: Some(0),
            ..Rules::default()
        }
        .validate(),
        Err(RulesError::NoHands)
    );
    assert_eq!(
        Match::from_decks(Rules::default(), vec![]),
        Err(MatchError::NoDecks)
    );
    assert_eq!(
        MatchError::NoDecks.to_string(),
        "a match needs at least one deck order, and the list of deck orders is empty"
    );
    let grand = Deck::new(DeckKind::GrandFinal);
    assert_eq!(
        Match::from_decks(Rules::default(), vec![Deck::new(DeckKind::Standard), grand]),
        Err(MatchError::Deck {
            number: 2,
            error: DeckError::KindMismatch {
                expected: DeckKind::Standard,
                found: DeckKind::GrandFinal
            }
        })
    );
}

#[test]
fn the_grand_final_deals_parity_split_cards_with_40_chips() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let game = Match::new(Rules::grand_final(), &mut rng).unwrap();
    assert_eq!(chips(&game), [39, 39]);
    assert_eq!(game.view(One).cards_left(), 198);
    for seat in [One, Two] {
        let card = game.card(seat);
        assert_ne!(card.front() % 2, card.back() % 2);
    }
}

/// The default rules with the 10-chip penalty for a losing both-sides bettor.
fn penalty_rules() -> Rules {
    Rules {
        both_penalty: Rules::BOTH_PENALTY,
        ..Rules::default()
    }
}

#[test]
fn a_losing_both_sides_bettor_pays_the_penalty_at_the_showdown() {
    let (game, events) = both_sides_tie_and_lose(penalty_rules());
    assert_eq!(
        events[0],
        Event::BothPenalty {
            seat: One,
            chips: 10
        }
    );
    assert_eq!(chips(&game), [29 - 2 - 10 - 1, 29 - 1 + 5 + 10 - 1]);
    assert_conserved(&game);
}

#[test]
fn a_both_sides_bettor_who_folds_pays_the_penalty() {
    let mut game = stacked(penalty_rules(), &["2/3", "9/10", "1/3", "5/6"]);
    game.apply(bet(Both, 1)).unwrap();
    game.apply(Action::Raise(1)).unwrap_err();
    game.apply(bet(Front, 3)).unwrap();
    let events = game.apply(Action::Fold).unwrap();
    assert_eq!(
        events[..3],
        [
            Event::Fold { seat: One },
            Event::Win {
                seat: Two,
                chips: 7
            },
            Event::BothPenalty {
                seat: One,
                chips: 10
            },
        ]
    );
    assert_eq!(chips(&game), [29 - 2 - 10 - 1, 29 - 3 + 7 + 10 - 1]);
}

#[test]
fn the_penalty_is_capped_at_the_bettors_chips_and_not_charged_by_default() {
    let rules = Rules {
        starting_chips: 6,
        ..penalty_rules()
    };
    let mut game = stacked(rules, &["7/5", "5/9"]);
    game.apply(bet(Both, 2)).unwrap();
    let events = game.apply(bet(Front, 2)).unwrap();
    assert!(events.contains(&Event::BothPenalty {
        seat: One,
        chips: 1
    }));
    assert_eq!(game.outcome().map(|o| o.chips), Some([0, 12]));
    // The same hand under the default rules: no penalty, player one keeps its last chip
    // and pays it as the next ante.
    let mut game = stacked(
        Rules {
            starting_chips: 6,
            ..Rules::default()
        },
        &["7/5", "5/9"],
    );
    game.apply(bet(Both, 2)).unwrap();
    let events = game.apply(bet(Front, 2)).unwrap();
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::BothPenalty { .. }))
    );
    assert_eq!((chips(&game), game.pot()), ([0, 10], 2));
}

#[test]
fn a_winning_both_sides_bettor_pays_no_penalty() {
    let mut game = stacked(penalty_rules(), &["7/9", "5/1", "1/3", "5/6"]);
    game.apply(bet(Both, 2)).unwrap();
    let events = game.apply(bet(Front, 2)).unwrap();
    assert!(events.contains(&Event::BothBonus {
        seat: One,
        chips: 10
    }));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::BothPenalty { .. }))
    );
    assert_eq!(chips(&game), [42, 16]);
}

#[test]
fn showdowns_say_why_in_words() {
    let line = |shown: [Shown; 2], winner| Event::Showdown { shown, winner }.to_string();
    assert_eq!(
        line([shown(Front, 9, None), shown(Back, 4, Some(8))], Some(One)),
        "showdown: player one shows front 9, player two shows back 8; 9 beats 8: player one wins"
    );
    assert_eq!(
        line([shown(Back, 2, Some(5)), shown(Front, 5, None)], None),
        "showdown: player one shows back 5, player two shows front 5; 5 and 5 tie: a tie"
    );
    assert_eq!(
        line([shown(Both, 7, Some(9)), shown(Front, 5, None)], Some(One)),
        "showdown: player one shows both sides 7/9, player two shows front 5; \
         both 7 and 9 beat 5: player one wins"
    );
    assert_eq!(
        line(
            [shown(Back, 1, Some(6)), shown(Both, 7, Some(5))],
            Some(One)
        ),
        "showdown: player one shows back 6, player two shows both sides 7/5; \
         a both-sides bet needs both 7 and 5 to beat 6: player one wins"
    );
    let penalty = Event::BothPenalty {
        seat: Two,
        chips: 1,
    };
    assert_eq!(
        penalty.to_string(),
        "player two pays a both-sides penalty of 1 chip"
    );
}

/// The match's accessors of the deck and the hand's betting say what each seat's view says.
#[test]
fn deck_and_betting_accessors_match_the_views() {
    let mut game = stacked(Rules::default(), &["9/2", "4/8"]);
    assert_eq!((game.deck_number(), game.cards_left()), (1, 88));
    game.apply(bet(Front, 2)).unwrap();
    game.apply(Action::Raise(3)).unwrap_err();
    game.apply(bet(Back, 3)).unwrap();
    assert_eq!(game.actions(), &[(One, bet(Front, 2)), (Two, bet(Back, 3))]);
    for seat in [One, Two] {
        let view = game.view(seat);
        assert_eq!(game.actions(), view.actions());
        assert_eq!(game.cards_left(), view.cards_left());
        assert_eq!(game.deck_number(), view.deck());
    }
}

/// A deck order added while the match deals its last order is the next deck (not the
/// first order again), and the result is the match of the whole list; an order of another
/// kind, or any order for a match that shuffles its own decks, is refused and changes
/// nothing.
#[test]
fn a_deck_order_added_later_is_dealt_in_its_turn() {
    let rules = Rules {
        max_hands: Some(46),
        ..Rules::default()
    };
    let second = Deck::stacked(DeckKind::Standard, &["7/1".parse().unwrap()]).unwrap();
    let mut lazy = stacked(rules, &[]);
    let mut whole =
        Match::from_decks(rules, vec![Deck::new(DeckKind::Standard), second.clone()]).unwrap();
    let grand = Deck::new(DeckKind::GrandFinal);
    assert_eq!(
        lazy.add_deck_order(grand),
        Err(MatchError::Deck {
            number: 2,
            error: DeckError::KindMismatch {
                expected: DeckKind::Standard,
                found: DeckKind::GrandFinal
            }
        })
    );
    for _ in 0..44 {
        lazy.apply(Action::Fold).unwrap();
        whole.apply(Action::Fold).unwrap();
    }
    // Hand 45 takes the last two cards of the first deck: hand 46 needs the next one.
    assert_eq!((lazy.hand_number(), lazy.cards_left()), (45, 0));
    lazy.add_deck_order(second).unwrap();
    lazy.apply(Action::Fold).unwrap();
    whole.apply(Action::Fold).unwrap();
    assert_eq!(
        (lazy.deck_number(), lazy.card(One)),
        (2, "7/1".parse().unwrap())
    );
    assert_eq!(lazy.view(One), whole.view(One));
    assert_eq!(lazy.view(Two), whole.view(Two));

    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut shuffled = Match::new(Rules::default(), &mut rng).unwrap();
    let before = shuffled.clone();
    assert_eq!(
        shuffled.add_deck_order(Deck::new(DeckKind::Standard)),
        Err(MatchError::ShuffledShoe)
    );
    assert_eq!(shuffled, before);
}

/// A match started again is the match made anew from the same orders, whatever was played
/// (a finished match, a match that shuffled its own decks); orders it cannot take are
/// refused and leave it as it was.
#[test]
fn a_restarted_match_is_a_new_match() {
    let rules = Rules {
        max_hands: Some(3),
        ..Rules::default()
    };
    let decks = vec![
        Deck::stacked(
            DeckKind::Standard,
            &["9/2".parse().unwrap(), "4/8".parse().unwrap()],
        )
        .unwrap(),
    ];
    let mut game = stacked(rules, &["1/2", "3/4"]);
    while !game.is_over() {
        game.apply(Action::Fold).unwrap();
    }
    let fresh = Match::from_decks(rules, decks.clone()).unwrap();
    game.restart(decks.clone()).unwrap();
    assert_eq!(game, fresh);

    let mut rng = rand::rngs::StdRng::seed_from_u64(2);
    let mut shuffled = Match::new(rules, &mut rng).unwrap();
    shuffled.apply(bet(Front, 1)).unwrap();
    let before = shuffled.clone();
    assert_eq!(shuffled.restart(Vec::new()), Err(MatchError::NoDecks));
    assert!(matches!(
        shuffled.restart(vec![Deck::new(DeckKind::GrandFinal)]),
        Err(MatchError::Deck { number: 1, .. })
    ));
    assert_eq!(shuffled, before);
    shuffled.restart(decks).unwrap();
    assert_eq!(shuffled, fresh);
}

/// Quiet actions make the same matches as actions that tell their events, and refuse the
/// same actions with the same errors, over random matches of both decks.
#[test]
fn quiet_actions_play_the_same_matches() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    for rules in [Rules::default(), Rules::grand_final()] {
        for _ in 0..20 {
            let mut told = Match::new(rules, &mut rng).unwrap();
            let mut quiet = told.clone();
            while !told.is_over() {
                let legal = told.legal();
                let pick = rand::RngExt::random_range(&mut rng, 0..legal.len());
                let action = legal.get(pick).unwrap();
                let wrong = Action::Raise(rand::RngExt::random_range(&mut rng, 0..90));
                if !legal.contains(wrong) {
                    assert_eq!(quiet.apply_quiet(wrong).err(), told.apply(wrong).err());
                    assert_eq!(quiet, told);
                }
                told.apply(action).unwrap();
                quiet.apply_quiet(action).unwrap();
                assert_eq!(quiet, told);
            }
            assert_eq!(quiet.apply_quiet(Action::Fold), Err(ActionError::MatchOver));
        }
    }
}
