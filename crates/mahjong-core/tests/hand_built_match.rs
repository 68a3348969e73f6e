//! No public function of the full game panics on values a caller builds by hand: match
//! rules and hand starts at the extremes of their types (points of `i32::MIN` and
//! `i32::MAX`, uma and oka anywhere, `u32::MAX` honba and riichi sticks), with illegal
//! actions tried at every step. Each call answers, or refuses with a typed error and the
//! state untouched. (Found by the QA pass of the mahjong example: nothing panicked; this
//! keeps it so.)

use crate::kyoku_strategies;

use kyoku_strategies::any_action;
use mahjong_core::bot::{EfficiencyBot, KyokuBot, RandomBot};
use mahjong_core::score::Wind;
use mahjong_core::{
    Kyoku, KyokuAction, KyokuStart, Match, MatchLength, MatchRules, Rules, Seat, Ties, TileWall,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Any `i32`, the edges and the game's usual values more often than chance gives them.
fn points() -> impl Strategy<Value = i32> {
    prop_oneof![
        Just(i32::MIN),
        Just(i32::MAX),
        Just(0),
        Just(-1),
        Just(25_000),
        any::<i32>(),
    ]
}

fn count() -> impl Strategy<Value = u32> {
    prop_oneof![Just(u32::MAX), Just(0u32), 0u32..10, any::<u32>()]
}

fn match_rules() -> impl Strategy<Value = MatchRules> {
    (
        (points(), points(), points()),
        [points(), points(), points(), points()],
        any::<[bool; 6]>(),
    )
        .prop_map(|((start, target, oka), uma, flags)| MatchRules {
            length: if flags[0] {
                MatchLength::Tonpuusen
            } else {
                MatchLength::Hanchan
            },
            start_points: start,
            target_points: target,
            tobi: flags[1],
            sudden_death: flags[2],
            agari_yame: flags[3],
            tenpai_yame: flags[4],
            uma,
            oka,
            ties: if flags[5] {
                Ties::Split
            } else {
                Ties::SeatOrder
            },
        })
}

/// The action of the seat to move: its bot's (efficiency at even seats, random at odd).
fn bot_action(game: &Match, seat: Seat, random: &mut RandomBot<StdRng>) -> KyokuAction {
    let view = game.view(seat).expect("a hand is being played");
    let action = if seat.index().is_multiple_of(2) {
        EfficiencyBot.choose(&view)
    } else {
        random.choose(&view)
    };
    action.expect("a bot answers every view it is asked")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A match under any match rules plays to its end (or a bound on its hands) with
    /// illegal actions refused and nothing changed, and its result and its points are
    /// shown without a panic.
    #[test]
    fn a_match_under_any_match_rules_never_panics(
        rules in match_rules(),
        tries in proptest::collection::vec(any_action(), 64),
        seed in any::<u64>(),
    ) {
        let rules = Rules { match_rules: rules, ..Rules::tenhou() };
        let Ok(mut game) = Match::new(rules) else { return Ok(()) };
        let mut walls = StdRng::seed_from_u64(seed);
        let mut random = RandomBot::new(StdRng::seed_from_u64(seed));
        let mut steps = 0usize;
        while !game.is_over() && game.hands() < 40 {
            if game.needs_wall() {
                game.deal(TileWall::shuffled(true, &mut walls)).unwrap();
                continue;
            }
            let tried = tries[steps % tries.len()];
            steps += 1;
            let before = game.clone();
            if game.apply(tried).is_err() {
                prop_assert_eq!(&game, &before, "refused {} changed the match", tried);
            } else {
                continue;
            }
            let seat = game.to_move().expect("a seat to move");
            let action = bot_action(&game, seat, &mut random);
            game.apply(action).unwrap();
        }
        prop_assert!(game.hands() >= 1);
        if let Some(result) = game.result() {
            prop_assert!(!result.to_string().is_empty());
        }
    }

    /// A hand from any start (points, honba and riichi sticks at their extremes, any
    /// dealer and round wind, either choice of the double-ron honba and of kokushi robbing a
    /// closed kan) plays out with every illegal action refused.
    #[test]
    fn a_hand_from_any_start_never_panics(
        points in [points(), points(), points(), points()],
        (honba, riichi_sticks) in (count(), count()),
        (dealer, wind) in (0usize..4, 0usize..4),
        tries in proptest::collection::vec(any_action(), 32),
        (honba_to_each_winner, kokushi_robs_closed_kan) in (any::<bool>(), any::<bool>()),
        seed in any::<u64>(),
    ) {
        let start = KyokuStart {
            dealer: Seat::ALL[dealer],
            round_wind: [Wind::East, Wind::South, Wind::West, Wind::North][wind],
            points,
            honba,
            riichi_sticks,
        };
        let mut rng = StdRng::seed_from_u64(seed);
        let rules = Rules { honba_to_each_winner, kokushi_robs_closed_kan, ..Rules::tenhou() };
        let mut kyoku = Kyoku::new(rules, start, &mut rng).unwrap();
        let mut random = RandomBot::new(StdRng::seed_from_u64(seed));
        let mut events = Vec::new();
        let mut steps = 0usize;
        while !kyoku.is_over() {
            let tried = tries[steps % tries.len()];
            steps += 1;
            let before = kyoku.clone();
            if kyoku.apply_into(tried, &mut events).is_err() {
                prop_assert_eq!(&kyoku, &before, "refused {} changed the hand", tried);
            }
            if let Some(seat) = kyoku.to_move() {
                let action = random.choose(&kyoku.view(seat)).expect("an action");
                kyoku.apply_into(action, &mut events).unwrap();
            }
        }
        prop_assert!(kyoku.outcome().is_some());
    }
}
