//! The efficiency bot against the seed's bot (rules section 3.1) over seeded games: each
//! seed is played with the efficiency bot at seats 0 and 2, and again at seats 1 and 3, so
//! that both meet the same walls from the same seats.
//!
//! `cargo test` plays 1,000 games; `MAHJONG_BOT_GAMES=10000 cargo test -p mahjong-core
//! --release --test bot_strength -- --nocapture` plays the full count and prints the rates.

use mahjong_core::bot::{Bot, EfficiencyBot, SeedBot, play_out};
use mahjong_core::{Game, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn the_efficiency_bot_wins_clearly_more_often_than_the_seed_bot() {
    let games: u64 = std::env::var("MAHJONG_BOT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000);
    let (mut efficiency, mut seed, mut draws) = (0u64, 0u64, 0u64);
    for game_number in 0..games {
        let wall_seed = game_number / 2;
        let efficiency_seats = if game_number % 2 == 0 { 0 } else { 1 };
        let mut game = Game::new(Rules::seed(), &mut StdRng::seed_from_u64(wall_seed)).unwrap();
        let (mut e0, mut e1, mut s0, mut s1) = (EfficiencyBot, EfficiencyBot, SeedBot, SeedBot);
        let mut bots: [&mut dyn Bot; 4] = if efficiency_seats == 0 {
            [&mut e0, &mut s0, &mut e1, &mut s1]
        } else {
            [&mut s0, &mut e0, &mut s1, &mut e1]
        };
        let (_, outcome) = play_out(&mut game, &mut bots).unwrap();
        match outcome.winner() {
            Some(seat) if seat % 2 == efficiency_seats => efficiency += 1,
            Some(_) => seed += 1,
            None => draws += 1,
        }
    }
    let rate = |wins: u64| 100.0 * wins as f64 / games as f64;
    println!(
        "{games} games: efficiency bots won {efficiency} ({:.1}%), seed bots {seed} ({:.1}%), \
         ryuukyoku {draws} ({:.1}%)",
        rate(efficiency),
        rate(seed),
        rate(draws)
    );
    assert_eq!(efficiency + seed + draws, games);
    // Clearly: a tenth more wins at least, and a gap of more than two standard errors
    // (the wins of either side are nearly binomial: the gap's deviation is about the
    // square root of their sum).
    assert!(efficiency * 10 >= seed * 11, "{efficiency} against {seed}");
    let gap = efficiency as f64 - seed as f64;
    assert!(
        gap > 2.0 * ((efficiency + seed) as f64).sqrt(),
        "{efficiency} against {seed}"
    );
}
