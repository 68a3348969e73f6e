//! Criterion benches of hwatu-core: whole Matgo games per second, shuffle, deal, every turn
//! and the settlement included, between two random bots and between two of the tutorial's heuristic bots.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hwatu_core::bot::{Bot, RandomBot, TutorialBot};
use hwatu_core::{Game, Player, Rules};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Shuffles, plays a whole game with `bots` choosing from their views, and settles it;
/// returns the final points.
fn play_game(rules: Rules, rng: &mut SmallRng, bots: &mut [&mut dyn Bot; 2]) -> u64 {
    let mut game = Game::new(rules, Player::A, rng);
    while let Some(player) = game.to_move() {
        let Some(action) = bots[player.index()].choose(&game.view(player)) else {
            break;
        };
        if game.apply(action).is_err() {
            break;
        }
    }
    game.settle(1).map_or(0, |s| s.points)
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("matgo");
    group.throughput(Throughput::Elements(1));
    for (name, rules) in Rules::PRESETS {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut a = RandomBot::new(SmallRng::seed_from_u64(2));
        let mut b = RandomBot::new(SmallRng::seed_from_u64(3));
        group.bench_function(format!("random bot game, {name} rules"), |bench| {
            bench.iter(|| black_box(play_game(rules, &mut rng, &mut [&mut a, &mut b])))
        });
    }
    let mut rng = SmallRng::seed_from_u64(4);
    let (mut a, mut b) = (TutorialBot, TutorialBot);
    group.bench_function("tutorial bot game, standard rules", |bench| {
        bench.iter(|| {
            black_box(play_game(
                Rules::standard(),
                &mut rng,
                &mut [&mut a, &mut b],
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
