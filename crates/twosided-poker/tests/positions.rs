//! Matches started from a position (any chips, carry-over, first player and decks), and
//! public functions fed extreme values: typed errors, never a panic.

use crate::common;

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use twosided_poker::bot::{Bot, Counting, Equilibrium, Odds, Random, play_out};
use twosided_poker::{
    Card, Deck, DeckError, DeckKind, EndReason, Event, MAX_STARTING_CHIPS, Match, MatchError,
    Position, Rules, RulesError, Seat,
};

use Seat::{One, Two};

fn position(chips: [u32; 2], carry_over: [u32; 2], first: Seat) -> Position {
    Position {
        chips,
        carry_over,
        first,
        decks: vec![Deck::new(DeckKind::Standard)],
    }
}

#[test]
fn a_position_starts_with_its_chips_carry_over_and_first_player() {
    // The deck in order deals 1/2 to player one and 1/3 to player two.
    let game = Match::from_position(Rules::default(), position([7, 40], [2, 3], Two)).unwrap();
    assert_eq!(game.to_move(), Some(Two));
    assert_eq!((game.chips(One), game.chips(Two)), (6, 39));
    assert_eq!(
        (game.pot(), game.carry_over(), game.hand_number()),
        (2, 5, 1)
    );
    assert_eq!(game.card(One).to_string(), "1/2");
    let view = game.view(One);
    assert_eq!(
        (view.chips(), view.carry_over(), view.first()),
        ([6, 39], 5, Two)
    );
}

#[test]
fn players_alternate_from_the_positions_first_player() {
    let mut game = Match::from_position(Rules::default(), position([9, 9], [0, 0], Two)).unwrap();
    let mut events = game.apply(twosided_poker::Action::Fold).unwrap();
    assert!(events.contains(&Event::Win {
        seat: One,
        chips: 2
    }));
    assert_eq!(game.to_move(), Some(One));
    events = game.apply(twosided_poker::Action::Fold).unwrap();
    assert!(events.contains(&Event::Win {
        seat: Two,
        chips: 2
    }));
    assert_eq!(game.to_move(), Some(Two));
}

#[test]
fn a_carry_over_keeps_a_player_without_chips_in_the_match() {
    // Player one has nothing but a carry-over is waiting: it pays no ante and only declares.
    let mut game = Match::from_position(Rules::default(), position([0, 10], [3, 3], One)).unwrap();
    assert_eq!(game.pot(), 1);
    assert!(!game.legal().can_fold(), "no betting");
    let front = twosided_poker::Action::Bet {
        side: twosided_poker::Side::Front,
        amount: 0,
    };
    game.apply(front).unwrap();
    let events = game.apply(front).unwrap();
    // 1/2 against 1/3 on fronts: a tie, the carry-over grows to 7.
    assert!(events.contains(&Event::Tie { carry_over: 7 }), "{events:?}");
}

#[test]
fn the_hand_limit_counts_from_the_position_and_returns_the_carry_over() {
    let rules = Rules {
        max_hands: Some(1),
        ..Rules::default()
    };
    let mut game = Match::from_position(rules, position([10, 12], [4, 1], One)).unwrap();
    game.apply(twosided_poker::Action::Fold).unwrap();
    let outcome = game.outcome().unwrap();
    // Player two took the pot (2) and the carry-over (5).
    assert_eq!(
        (outcome.chips, outcome.reason),
        ([9, 18], EndReason::HandLimit)
    );
}

#[test]
fn bad_positions_are_refused_with_their_reason() {
    let rules = Rules::default();
    let refused = |p: Position| Match::from_position(rules, p).unwrap_err();
    assert_eq!(
        refused(position([0, 10], [0, 0], One)),
        MatchError::OutOfChips { seat: One }
    );
    assert_eq!(
        refused(position([5, 0], [0, 0], One)),
        MatchError::OutOfChips { seat: Two }
    );
    let max = 2 * u64::from(MAX_STARTING_CHIPS);
    assert_eq!(
        refused(position([u32::MAX, u32::MAX], [u32::MAX, 1], One)),
        MatchError::TooManyChips {
            max,
            found: 3 * u64::from(u32::MAX) + 1
        }
    );
    assert_eq!(
        refused(position(
            [MAX_STARTING_CHIPS, MAX_STARTING_CHIPS],
            [0, 1],
            One
        )),
        MatchError::TooManyChips {
            max,
            found: max + 1
        }
    );
    assert!(Match::from_position(rules, position([MAX_STARTING_CHIPS; 2], [0, 0], One)).is_ok());
    assert_eq!(
        refused(Position {
            decks: vec![],
            ..position([5, 5], [0, 0], One)
        }),
        MatchError::NoDecks
    );
    assert_eq!(
        refused(Position {
            decks: vec![
                Deck::new(DeckKind::Standard),
                Deck::new(DeckKind::GrandFinal)
            ],
            ..position([5, 5], [0, 0], One)
        }),
        MatchError::Deck {
            number: 2,
            error: DeckError::KindMismatch {
                expected: DeckKind::Standard,
                found: DeckKind::GrandFinal
            }
        }
    );
    let no_hands = Rules {
        max_hands: Some(0),
        ..rules
    };
    assert_eq!(
        Match::from_position(no_hands, position([5, 5], [0, 0], One)),
        Err(MatchError::Rules(RulesError::NoHands))
    );
    let message = refused(position([0, 10], [0, 0], One)).to_string();
    assert!(message.contains("player one has no chips"), "{message}");
}

/// Any chips and carry-over up to the limit, either player first, either deck.
fn any_position() -> impl Strategy<Value = (Rules, Position)> {
    let chips = prop_oneof![0u32..=40, Just(MAX_STARTING_CHIPS), any::<u32>()];
    let carry = prop_oneof![Just(0u32), 0u32..=12, any::<u32>()];
    let extreme = prop_oneof![0u32..=12, Just(u32::MAX)];
    (
        [chips.clone(), chips],
        [carry.clone(), carry],
        any::<bool>(),
        any::<bool>(),
        [extreme.clone(), extreme.clone(), extreme],
        any::<u64>(),
    )
        .prop_map(
            |(chips, carry_over, second, grand, [ante, bonus, penalty], seed)| {
                let base = if grand {
                    Rules::grand_final()
                } else {
                    Rules::default()
                };
                let rules = Rules {
                    ante,
                    both_bonus: bonus,
                    both_penalty: penalty,
                    max_hands: Some(60),
                    ..base
                };
                let deck = Deck::shuffled(rules.deck, &mut StdRng::seed_from_u64(seed));
                let first = if second { Two } else { One };
                let position = Position {
                    chips,
                    carry_over,
                    first,
                    decks: vec![deck],
                };
                (rules, position)
            },
        )
}

fn total(game: &Match) -> u64 {
    [
        game.chips(One),
        game.chips(Two),
        game.pot(),
        game.carry_over(),
    ]
    .iter()
    .map(|&c| u64::from(c))
    .sum()
}

proptest! {
    #![proptest_config(common::config(300))]

    /// From any position, with any ante, bonus and penalty: the match is made or refused
    /// with a typed error, and a made match is played to its end by the bots (every view
    /// answered with a legal action, the odds a distribution) with chips conserved.
    #[test]
    fn any_position_is_refused_or_played_to_the_end((rules, position) in any_position()) {
        let chips = position.chips.iter().chain(&position.carry_over);
        let start: u64 = chips.map(|&c| u64::from(c)).sum();
        let Ok(mut game) = Match::from_position(rules, position) else {
            return Ok(());
        };
        prop_assert_eq!(total(&game), start);
        let mut random = Random::new(StdRng::seed_from_u64(start));
        for seat in [One, Two] {
            let view = game.view(seat);
            let odds = Odds::new(&view);
            let sum: f64 = (0..=u8::MAX).map(|back| odds.opponent_back(back)).sum();
            prop_assert!((sum - 1.0).abs() < 1e-9);
            let chose = Counting::new().choose(&view);
            prop_assert_eq!(chose.is_some(), view.is_my_turn());
            if let Some(action) = chose {
                prop_assert!(game.legal().contains(action));
            }
        }
        let outcome = play_out(&mut game, [&mut Counting::new(), &mut random]);
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
        prop_assert_eq!(total(&game), start);
    }
}

proptest! {
    #![proptest_config(common::config(16))]

    /// The equilibrium bot (its solver included) plays legally from playable positions
    /// (small stacks, and stacks up to the limit) under every preset: the default, the
    /// grand final, and either with the both-sides penalty.
    #[test]
    fn the_equilibrium_bot_plays_any_position_under_every_preset(
        chips in (prop_oneof![1u32..=60, 1u32..=MAX_STARTING_CHIPS], 1u32..=60)
            .prop_map(|(a, b)| [a, b]),
        carry_over in [0u32..=6, 0u32..=6],
        second in any::<bool>(),
        grand in any::<bool>(),
        penalty in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let base = if grand { Rules::grand_final() } else { Rules::default() };
        let rules = Rules {
            both_penalty: if penalty { Rules::BOTH_PENALTY } else { 0 },
            max_hands: Some(12),
            ..base
        };
        let decks = vec![Deck::shuffled(rules.deck, &mut StdRng::seed_from_u64(seed))];
        let first = if second { Two } else { One };
        let position = Position { chips, carry_over, first, decks };
        let mut game = Match::from_position(rules, position).unwrap();
        let start = total(&game);
        let mut bot = Equilibrium::new(StdRng::seed_from_u64(seed));
        let outcome = play_out(&mut game, [&mut bot, &mut Counting::new()]);
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
        prop_assert_eq!(total(&game), start);
        prop_assert!(game.is_over());
    }
}

#[test]
fn bots_answer_the_last_view_of_a_finished_match() {
    let rules = Rules {
        max_hands: Some(1),
        ..Rules::default()
    };
    let mut game = Match::from_position(rules, position([3, 3], [0, 0], One)).unwrap();
    game.apply(twosided_poker::Action::Fold).unwrap();
    assert!(game.is_over());
    for seat in [One, Two] {
        assert_eq!(Counting::new().choose(&game.view(seat)), None);
        let mut equilibrium = Equilibrium::new(StdRng::seed_from_u64(1));
        assert_eq!(equilibrium.choose(&game.view(seat)), None);
        let _ = Odds::new(&game.view(seat));
    }
    let card: Card = "1/2".parse().unwrap();
    assert_eq!(game.view(One).card(), card);
}

fn any_side() -> impl Strategy<Value = twosided_poker::Side> {
    prop_oneof![
        Just(twosided_poker::Side::Front),
        Just(twosided_poker::Side::Back),
        Just(twosided_poker::Side::Both),
    ]
}

fn any_shown() -> impl Strategy<Value = twosided_poker::Shown> {
    (any_side(), any::<u8>(), proptest::option::of(any::<u8>()))
        .prop_map(|(side, front, back)| twosided_poker::Shown { side, front, back })
}

proptest! {
    #![proptest_config(common::config(500))]

    /// Hand-built showdowns, with any numbers (none a match makes), display without
    /// panicking, and the reason names the numbers compared.
    #[test]
    fn hand_built_showdowns_display(
        shown in [any_shown(), any_shown()],
        winner in proptest::option::of(any::<bool>()),
    ) {
        let winner = winner.map(|two| if two { Two } else { One });
        let line = Event::Showdown { shown, winner }.to_string();
        let reason = twosided_poker::ShowdownReason(shown).to_string();
        prop_assert!(line.contains(&reason));
        prop_assert!(reason.contains(&shown[0].value().min(shown[1].value()).to_string()));
    }
}
