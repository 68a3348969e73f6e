//! Bot strength in duplicate games of the classroom rules (spec section 3; the full game's
//! is `match_bot_strength.rs`): each wall is played twice, one bot at
//! seats 0 and 2 and the other at 1 and 3, then with the seats swapped, so that both meet
//! the same walls from the same seats. The claims, each checked with a 95% confidence
//! interval of the difference in wins per game:
//!
//! - the efficiency bot wins more games than the classroom assignment's bot;
//! - the classroom assignment's bot wins more games than a random bot.
//!
//! `cargo test` plays 300 walls (600 games) a claim; `MAHJONG_BOT_WALLS=5000 cargo test -p
//! mahjong-core --release --test tests bot_strength:: -- --nocapture` plays the full count and
//! prints the rates (the crate README has the latest result).

use mahjong_core::Rules;
use mahjong_core::bot::{Bot, ClassroomBot, EfficiencyBot, RandomBot, play_out};
use mahjong_core::classroom::Game;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A bot for a seat of the game played on wall number `wall`.
type Make = fn(wall: u64, seat: u64) -> Box<dyn Bot>;

/// The walls a claim plays: `MAHJONG_BOT_WALLS`, or 300.
fn walls() -> u64 {
    std::env::var("MAHJONG_BOT_WALLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300)
}

/// What a duplicate match gave: the wins of each side and the 95% confidence interval of
/// their difference per game.
struct Duplicate {
    games: u64,
    first: u64,
    second: u64,
    low: f64,
    high: f64,
}

/// Plays `walls` walls twice, `first` at seats 0 and 2 then at 1 and 3, `second` at the
/// others.
fn duplicate(walls: u64, first: Make, second: Make) -> Duplicate {
    let (mut wins, mut differences) = ([0u64; 2], Vec::new());
    for wall in 0..walls {
        let mut difference = 0i64;
        for swap in 0..2u64 {
            let mut bots: Vec<Box<dyn Bot>> = (0..4u64)
                .map(|seat| match (seat + swap) % 2 {
                    0 => first(wall, seat),
                    _ => second(wall, seat),
                })
                .collect();
            let mut seats: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| b.as_mut() as _).collect();
            let mut game = Game::new(Rules::classroom(), &mut StdRng::seed_from_u64(wall)).unwrap();
            let (_, outcome) = play_out(&mut game, &mut seats).unwrap();
            if let Some(winner) = outcome.winner() {
                let side = (winner.index() as u64 + swap) % 2;
                wins[side as usize] += 1;
                difference += if side == 0 { 1 } else { -1 };
            }
        }
        differences.push(difference as f64 / 2.0);
    }
    let n = differences.len() as f64;
    let mean = differences.iter().sum::<f64>() / n;
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (variance / n).sqrt();
    Duplicate {
        games: 2 * walls,
        first: wins[0],
        second: wins[1],
        low: mean - half,
        high: mean + half,
    }
}

/// Prints the match and checks that `first` wins more: the whole 95% interval above 0.
fn check_stronger(name: (&str, &str), first: Make, second: Make) {
    let result = duplicate(walls(), first, second);
    let rate = |wins: u64| 100.0 * wins as f64 / result.games as f64;
    let line = format!(
        "{} games: {} won {} ({:.1}%), {} {} ({:.1}%); difference per game {:.1} to {:.1} \
         points (95%)",
        result.games,
        name.0,
        result.first,
        rate(result.first),
        name.1,
        result.second,
        rate(result.second),
        100.0 * result.low,
        100.0 * result.high,
    );
    println!("{line}");
    assert!(result.low > 0.0, "{line}");
}

fn efficiency(_: u64, _: u64) -> Box<dyn Bot> {
    Box::new(EfficiencyBot)
}

fn classroom(_: u64, _: u64) -> Box<dyn Bot> {
    Box::new(ClassroomBot)
}

fn random(wall: u64, seat: u64) -> Box<dyn Bot> {
    Box::new(RandomBot::new(StdRng::seed_from_u64(wall * 4 + seat)))
}

#[test]
fn the_efficiency_bot_wins_more_than_the_classroom_bot() {
    check_stronger(("efficiency", "classroom"), efficiency, classroom);
}

#[test]
fn the_classroom_bot_wins_more_than_a_random_bot() {
    check_stronger(("classroom", "random"), classroom, random);
}
