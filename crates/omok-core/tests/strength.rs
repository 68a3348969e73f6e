//! The claim: under renju, the searching bot (20,000 nodes a move) beats the threat-aware
//! bot, winning at least 80% of its games with each colour. Games are duplicated: each random
//! three-stone opening is played once with the searching bot as black and once as white.
//!
//! By default 6 openings (12 games, a few seconds), where the claim needs 5 wins of 6 with
//! each colour; a bot that plays at random or always the first legal point falls short, and
//! [`broken_bots_miss_the_threshold`] checks that. The full count, with each result's 95%
//! confidence interval:
//!
//! ```sh
//! OMOK_STRENGTH_GAMES=200 cargo test -p omok-core --release --test tests strength:: -- --nocapture
//! ```

use omok_core::bot::{Bot, RandomBot, SearchBot, ThreatBot};
use omok_core::opening::random_opening;
use omok_core::search::Limits;
use omok_core::{Game, Point, Rule, Stone};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Openings per colour: `OMOK_STRENGTH_GAMES`, or 6.
fn openings() -> u64 {
    std::env::var("OMOK_STRENGTH_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(6)
}

/// The least number of wins of `games` that meets the claim: 80%, rounded up.
fn threshold(games: u64) -> u64 {
    (games * 4).div_ceil(5)
}

/// Games `bot` wins with `colour` against the threat-aware bot, from the openings of seeds
/// `0..games`.
fn wins(bot: &mut dyn Bot, colour: Stone, games: u64) -> u64 {
    (0..games)
        .filter(|&seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = random_opening(Rule::Renju, 15, &mut rng).expect("15x15");
            while let Some(stone) = game.to_move() {
                let p = if stone == colour {
                    bot.choose(&game)
                } else {
                    ThreatBot.choose(&game)
                };
                game.play(p.expect("a move while the game goes on"))
                    .expect("a legal move");
            }
            game.outcome().and_then(|o| o.winner()) == Some(colour)
        })
        .count() as u64
}

/// The 95% Wilson score interval of a win rate, in percent.
fn interval(wins: u64, games: u64) -> (f64, f64) {
    let (n, z) = (games as f64, 1.96);
    let p = wins as f64 / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (100.0 * (centre - half), 100.0 * (centre + half))
}

/// Checks the claim for `colour` (one test per colour, so that they run side by side).
fn search_bot_beats_the_threat_bot_as(colour: Stone) {
    let games = openings();
    let won = wins(&mut SearchBot::new(Limits::nodes(20_000)), colour, games);
    let (low, high) = interval(won, games);
    println!(
        "renju, searching bot as {colour}: {won} wins of {games} (95% CI {low:.1}% to {high:.1}%)"
    );
    assert!(won >= threshold(games), "{colour}: {won} wins of {games}");
}

#[test]
fn search_bot_beats_the_threat_bot_as_black() {
    search_bot_beats_the_threat_bot_as(Stone::Black);
}

#[test]
fn search_bot_beats_the_threat_bot_as_white() {
    search_bot_beats_the_threat_bot_as(Stone::White);
}

/// Plays the first legal point, as a search that returned without searching would.
struct FirstLegal;

impl Bot for FirstLegal {
    fn choose(&mut self, game: &Game) -> Option<Point> {
        game.legal_actions().first().copied()
    }
}

#[test]
fn broken_bots_miss_the_threshold() {
    let games = openings();
    let mut random = RandomBot::new(StdRng::seed_from_u64(1));
    for colour in [Stone::Black, Stone::White] {
        for (name, bot) in [
            ("random", &mut random as &mut dyn Bot),
            ("first legal", &mut FirstLegal),
        ] {
            let won = wins(bot, colour, games);
            assert!(
                won < threshold(games),
                "{name} as {colour}: {won} of {games}"
            );
        }
    }
}
