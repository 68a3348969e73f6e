//! The searching bot against the threat-aware bot under renju, 200 games from balanced
//! openings with each colour.

use omok_core::bot::{Bot, SearchBot, ThreatBot};
use omok_core::search::Limits;
use omok_core::{Game, Point, Rule, Stone};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

/// A balanced opening: three stones on random legal points within two of the centre.
fn opening(rule: Rule, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rule);
    while game.moves().len() < 3 {
        let near: Vec<Point> = game
            .legal_actions()
            .into_iter()
            .filter(|p| p.x.abs_diff(7) <= 2 && p.y.abs_diff(7) <= 2)
            .collect();
        game.play(*near.choose(&mut rng).unwrap()).unwrap();
    }
    game
}

/// Games the searching bot (20,000 nodes a move, so deterministic) wins with `colour`, of
/// `games`.
fn wins(rule: Rule, colour: Stone, games: u64) -> u64 {
    let mut search = SearchBot::new(Limits::nodes(20_000));
    (0..games)
        .filter(|&seed| {
            let mut game = opening(rule, seed);
            while let Some(stone) = game.to_move() {
                let p = if stone == colour {
                    search.choose(&game)
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

#[test]
fn search_bot_as_black_beats_the_threat_bot() {
    let won = wins(Rule::Renju, Stone::Black, 200);
    println!("renju, searching bot as black: {won} wins of 200");
    assert!(won >= 180, "{won} wins of 200");
}

#[test]
fn search_bot_as_white_beats_the_threat_bot() {
    let won = wins(Rule::Renju, Stone::White, 200);
    println!("renju, searching bot as white: {won} wins of 200");
    assert!(won >= 180, "{won} wins of 200");
}
