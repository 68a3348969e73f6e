//! Duplicate evaluation of the mahjong bots as agents, one against three as Mortal
//! evaluates (`seating [0, 1, 1, 1]`, rotated so the one sits at every seat of each deal).
//!
//! `MAHJONG_EVAL_DEALS` sets the deals (default 4). The figures of the crate README come
//! from `MAHJONG_EVAL_DEALS=400 cargo test --release -p tabletop-env --test tests mahjong_eval:: --
//! --nocapture`.

use mahjong_core::Rules;
use mahjong_core::bot::{ClassroomBot, EfficiencyBot, RandomBot};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_env::bots::BotAgent;
use tabletop_env::eval::duplicate;
use tabletop_env::mahjong::{ClassroomEnv, MahjongEnv, Reward};

fn deals() -> usize {
    std::env::var("MAHJONG_EVAL_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4)
}

#[test]
fn efficiency_bot_one_against_three_random_bots_in_single_hands() {
    let env = MahjongEnv::hand(Rules::tenhou(), Reward::default()).unwrap();
    let mut efficiency = BotAgent::new("efficiency", EfficiencyBot::new());
    let mut random = BotAgent::new("random", RandomBot::new(StdRng::seed_from_u64(3)));
    let run = |efficiency: &mut BotAgent<EfficiencyBot>, random: &mut BotAgent<_>| {
        duplicate(&env, &mut [efficiency, random], &[0, 1, 1, 1], deals(), 31).unwrap()
    };
    let result = run(&mut efficiency, &mut random);
    let [one, three] = &result.agents[..] else {
        panic!("two agents")
    };
    eprintln!("one hand, rank points: {result:?}");
    assert_eq!(one.games, 4 * deals());
    assert_eq!(three.games, 12 * deals());
    // Rank points are zero-sum at every table: the one seat's mean and three times the
    // others' mean cancel.
    assert!((one.mean + 3.0 * three.mean).abs() < 1e-6, "{result:?}");
}

#[test]
fn efficiency_bot_one_against_three_classroom_bots_in_hanchan() {
    let env = MahjongEnv::game(Rules::tenhou(), Reward::default()).unwrap();
    let mut efficiency = BotAgent::new("efficiency", EfficiencyBot::new());
    let mut classroom = BotAgent::new("classroom", ClassroomBot::new());
    let deals = deals().div_ceil(4);
    let result = duplicate(
        &env,
        &mut [&mut efficiency, &mut classroom],
        &[0, 1, 1, 1],
        deals,
        32,
    )
    .unwrap();
    eprintln!("hanchan, rank points: {result:?}");
    let [one, three] = &result.agents[..] else {
        panic!("two agents")
    };
    assert_eq!(one.games, 4 * deals);
    assert!((one.mean + 3.0 * three.mean).abs() < 1e-6, "{result:?}");
}

#[test]
fn classroom_game_agents() {
    let env = ClassroomEnv::new(Rules::classroom()).unwrap();
    let mut classroom = BotAgent::new("classroom", ClassroomBot::new());
    let mut random = BotAgent::new("random", RandomBot::new(StdRng::seed_from_u64(4)));
    let result = duplicate(
        &env,
        &mut [&mut classroom, &mut random],
        &[0, 1, 1, 1],
        deals() * 4,
        33,
    )
    .unwrap();
    eprintln!("classroom: {result:?}");
    let [one, three] = &result.agents[..] else {
        panic!("two agents")
    };
    assert!((one.mean + 3.0 * three.mean).abs() < 1e-6, "{result:?}");
}
