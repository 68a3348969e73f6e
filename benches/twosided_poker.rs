//! Criterion benches of twosided-poker: whole hands played by random bots (the hot path of
//! a simulation or a learning environment), the card-counting bot's decision, and the
//! equilibrium bot's first decision of a hand (a CFR+ solve of the hand), with the
//! counting bot's decision as the baseline measured in the same run.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use twosided_poker::bot::{Bot, Counting, Equilibrium, Random};
use twosided_poker::{Match, Rules};

/// Plays `hands` hands with a random bot on both seats, starting a new match whenever one
/// ends; returns the time taken.
fn random_hands(hands: u64) -> Duration {
    let mut deck_rng = SmallRng::seed_from_u64(1);
    let mut bot = Random::new(SmallRng::seed_from_u64(2));
    let mut events = Vec::with_capacity(16);
    let rules = Rules::default();
    let start = Instant::now();
    let mut game = Match::new(rules, &mut deck_rng).expect("default rules are valid");
    let mut played = 0;
    while played < hands {
        let Some(seat) = game.to_move() else {
            played += u64::from(game.hands_played());
            game = Match::new(rules, &mut deck_rng).expect("default rules are valid");
            continue;
        };
        let action = bot.choose(&game.view(seat)).expect("the bot's turn");
        events.clear();
        game.apply_into(action, &mut events)
            .expect("a legal action");
    }
    black_box(&game);
    start.elapsed()
}

fn hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("twosided_poker");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random bots, per hand", |b| b.iter_custom(random_hands));
    group.finish();
}

fn counting(c: &mut Criterion) {
    let mut rng = SmallRng::seed_from_u64(3);
    // A position some hands into a match, so that the count has revealed faces to read.
    let mut game = Match::new(Rules::default(), &mut rng).expect("default rules are valid");
    let mut bot = Counting::new();
    while game.hand_number() < 8 && !game.is_over() {
        let seat = game.to_move().expect("not over");
        let action = bot.choose(&game.view(seat)).expect("its turn");
        game.apply(action).expect("a legal action");
    }
    let seat = game.to_move().expect("the match goes on");
    c.bench_function("twosided_poker/counting bot decision", |b| {
        b.iter(|| bot.choose(black_box(&game.view(seat))))
    });
    // A fresh bot each time: its first decision of the hand solves the hand.
    let mut group = c.benchmark_group("twosided_poker/equilibrium bot");
    group.sample_size(20);
    group.bench_function("first decision of a hand (a solve)", |b| {
        b.iter(|| Equilibrium::new(SmallRng::seed_from_u64(4)).choose(black_box(&game.view(seat))))
    });
    // The thresholded bot also measures what thresholding costs (a best response per rung).
    group.bench_function("first decision of a hand, thresholded", |b| {
        b.iter(|| {
            Equilibrium::thresholded(SmallRng::seed_from_u64(4)).choose(black_box(&game.view(seat)))
        })
    });
    group.finish();
}

criterion_group!(benches, hands, counting);
criterion_main!(benches);
