//! Criterion benches of hwatu-core: whole Matgo games per second, shuffle, deal, every turn
//! and the settlement included, between two random bots and between two of the tutorial's
//! heuristic bots; and the search bot's decisions per second at its default budget. Beside
//! them, random decisions per second at a Matgo table and at a Go-Stop table of three, in
//! the same run.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hwatu_core::bot::{Bot, DEFAULT_ITERATIONS, RandomBot, SearchBot, TutorialBot};
use hwatu_core::{Game, GoStop, GoStopRules, Player, Rules, Seat, SeatIndex, Table, View};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;

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

/// Views of the player to move with two or more legal actions, taken along games between
/// random bots: the search bot's real work (a single legal action needs no search).
fn decisions(rules: Rules, count: usize, rng: &mut SmallRng) -> Vec<View> {
    let mut views = Vec::new();
    let mut bot = RandomBot::new(SmallRng::seed_from_u64(5));
    while views.len() < count {
        let mut game = Game::new(rules, Player::A, rng);
        while let Some(player) = game.to_move() {
            let view = game.view(player);
            if view.legal_actions().len() > 1 {
                views.push(view);
            }
            let Some(action) = bot.choose(&view) else {
                break;
            };
            if game.apply(action).is_err() {
                break;
            }
        }
    }
    views.truncate(count);
    views
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("matgo search bot");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);
    let views = decisions(Rules::standard(), 200, &mut SmallRng::seed_from_u64(6));
    let mut bot = SearchBot::new(SmallRng::seed_from_u64(7));
    let mut next = views.iter().cycle();
    group.bench_function(
        format!("decision, {DEFAULT_ITERATIONS} iterations, standard rules"),
        |bench| bench.iter(|| black_box(next.next().and_then(|view| bot.choose(view)))),
    );
    group.finish();
}

/// One random legal action at `table`, dealing the next hand with `deal` once it is over:
/// one decision, the deal and the settlement amortised over the hands' decisions.
fn random_decision<S: SeatIndex, const N: usize>(
    table: &mut Table<S, N>,
    rng: &mut SmallRng,
    deal: fn(&mut SmallRng) -> Table<S, N>,
) {
    if table.is_over() {
        *table = deal(rng);
    }
    if let Some(&action) = table.legal_actions().choose(rng) {
        let _ = black_box(table.apply(action));
    }
}

/// Random decisions at a Matgo table and a Go-Stop table, standard rules of each.
fn per_decision(c: &mut Criterion) {
    let mut group = c.benchmark_group("random decision");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(8);
    let matgo: fn(&mut SmallRng) -> Game = |rng| Game::new(Rules::standard(), Player::A, rng);
    let mut table = matgo(&mut rng);
    group.bench_function("matgo", |bench| {
        bench.iter(|| random_decision(&mut table, &mut rng, matgo))
    });
    let gostop: fn(&mut SmallRng) -> GoStop =
        |rng| GoStop::new(GoStopRules::standard().rules, Seat::A, rng);
    let mut table = gostop(&mut rng);
    group.bench_function("go-stop, three seats", |bench| {
        bench.iter(|| random_decision(&mut table, &mut rng, gostop))
    });
    group.finish();
}

criterion_group!(benches, games, search, per_decision);
criterion_main!(benches);
