//! Duplicate evaluation with the game crates' bots as agents.

use tabletop_env::bots::BotAgent;
use tabletop_env::eval::{duplicate, mean_ci95};
use tabletop_env::matgo::MatgoEnv;
use tabletop_env::omok::OmokEnv;
use tabletop_env::poker::PokerEnv;
use tabletop_env::{Agent, Env, EnvError, RandomAgent};

#[test]
fn mean_and_interval_by_hand() {
    assert_eq!(mean_ci95(&[]), (0.0, 0.0));
    assert_eq!(mean_ci95(&[3.0]), (3.0, 0.0));
    // mean 2, sample variance 1, n 3: 1.96 * sqrt(1/3).
    let (mean, ci) = mean_ci95(&[1.0, 2.0, 3.0]);
    assert_eq!(mean, 2.0);
    assert!((ci - 1.96 * (1.0f64 / 3.0).sqrt()).abs() < 1e-12);
}

#[test]
fn omok_threat_bot_beats_random_from_both_seats() {
    let env = OmokEnv::new(omok_core::Rule::Omok, 15).unwrap();
    let mut threat = BotAgent::new("threat", omok_core::bot::ThreatBot::new());
    let mut random = RandomAgent::new(1);
    let result = duplicate(&env, &mut [&mut threat, &mut random], &[0, 1], 6, 5).unwrap();
    let [t, r] = &result.agents[..] else {
        panic!("two agents")
    };
    assert_eq!((t.games, r.games), (12, 12));
    assert_eq!(t.name, "threat");
    // A win is +1: the threat bot wins every game against random play, from either seat.
    assert_eq!((t.mean, r.mean), (1.0, -1.0));
    assert_eq!(t.ci95, 0.0);
}

#[test]
fn zero_sum_means_and_reproducible() {
    let env = MatgoEnv::new(hwatu_core::Rules::standard()).unwrap();
    let run = || {
        let mut tutorial = BotAgent::new("tutorial", hwatu_core::bot::TutorialBot::new());
        let mut random = RandomAgent::new(2);
        duplicate(&env, &mut [&mut tutorial, &mut random], &[0, 1], 40, 11).unwrap()
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b, "same seed, same evaluation");
    let sum = a.agents[0].mean + a.agents[1].mean;
    assert!(
        sum.abs() < 1e-9,
        "two-seat duplicate of a zero-sum game: {a:?}"
    );
    assert!(a.agents[0].ci95 > 0.0);
}

#[test]
fn poker_counting_bot_plays_as_an_agent() {
    let rules = twosided_poker::Rules {
        max_hands: Some(20),
        ..Default::default()
    };
    let env = PokerEnv::new(rules).unwrap();
    let mut counting = BotAgent::new("counting", twosided_poker::bot::Counting::new());
    let mut random = RandomAgent::new(3);
    let result = duplicate(&env, &mut [&mut counting, &mut random], &[0, 1], 20, 4).unwrap();
    assert_eq!(result.agents[0].games, 40);
    assert!((result.agents[0].mean + result.agents[1].mean).abs() < 1e-9);
}

/// Plays id 0 whatever the mask says.
struct Stubborn;

impl<E: Env> Agent<E> for Stubborn {
    fn name(&self) -> String {
        "stubborn".to_string()
    }

    fn act(&mut self, _env: &E, _seat: usize) -> u32 {
        0
    }
}

#[test]
fn an_illegal_choice_is_an_error_naming_the_agent() {
    let env = OmokEnv::new(omok_core::Rule::Freestyle, 15).unwrap();
    let mut random = RandomAgent::new(1);
    let err = duplicate(&env, &mut [&mut random, &mut Stubborn], &[0, 1], 1, 0).unwrap_err();
    assert!(
        matches!(
            err,
            EnvError::AgentError {
                agent: 1,
                id: 0,
                ..
            }
        ),
        "{err}"
    );
    let bad = duplicate(&env, &mut [&mut random], &[0, 1], 1, 0).unwrap_err();
    assert!(matches!(bad, EnvError::Config { .. }));
}

/// Go-Stop among three: hwatu-core's bots (choosing from their seat's view) against two
/// seats of uniformly random ids, the seats rotated; the same seed gives the same result,
/// the money sums to zero over the three seats, and the tutorial's bot wins money.
#[test]
fn gostop_bots_play_three_seats_in_duplicate() {
    use rand::SeedableRng;
    use tabletop_env::gostop::GoStopEnv;
    let env = GoStopEnv::new(hwatu_core::GoStopRules::standard()).unwrap();
    let run = |tutorial: bool| {
        let rng = rand::rngs::StdRng::seed_from_u64(4);
        let mut random_bot = BotAgent::new("random bot", hwatu_core::bot::RandomBot::new(rng));
        let mut tutorial_bot = BotAgent::new("tutorial", hwatu_core::bot::TutorialBot::new());
        let bot: &mut dyn Agent<GoStopEnv> = match tutorial {
            true => &mut tutorial_bot,
            false => &mut random_bot,
        };
        let mut random = RandomAgent::new(5);
        duplicate(&env, &mut [bot, &mut random], &[0, 1, 1], 40, 12).unwrap()
    };
    for tutorial in [false, true] {
        let (a, b) = (run(tutorial), run(tutorial));
        assert_eq!(a, b, "same seed, same evaluation");
        assert_eq!((a.agents[0].games, a.agents[1].games), (120, 240));
        // Agent 0 holds one seat of each rotation, agent 1 two: their totals cancel.
        let sum = a.agents[0].mean + 2.0 * a.agents[1].mean;
        assert!(sum.abs() < 1e-9, "{a:?}");
        assert!(a.agents[0].ci95 > 0.0);
        if tutorial {
            assert!(a.agents[0].mean - a.agents[0].ci95 > 0.0, "{a:?}");
        }
    }
}
