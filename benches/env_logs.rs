//! Criterion bench of tabletop-env's training samples from mjai logs (`mahjong::logs`):
//! decisions per second, each decision's observation and mask written as `MahjongEnv`
//! writes them, over hanchan logs our bots write (Tenhou rules; a claim answered counts
//! once per seat asked, as in the `env` bench).
//!
//! - `logs/mjai/1t`, `logs/mjai/2t`: `LogSamples::from_text` over every log, on 1 thread or
//!   on 2 (rayon, one log per task);
//! - `logs/mjai/replay_only`: the baseline of the same run: mahjong-core's replay alone
//!   (`logged_hands_of_text`: parse, rebuild the walls, play, check every line), one thread.
//!
//! `TABLETOP_LOGS_DUMP=<dir>` writes the logs to `<dir>/hanchan-<k>.jsonl` and exits, for
//! other loaders to read the same logs (see the crate README).
//!
//! `TABLETOP_LOGS_ROUNDS=<n>` reads every log `n` times on 1 thread, then on 2, twice over,
//! untimed by criterion, and prints the decisions and the wall-clock seconds of each (see the
//! crate README).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use mahjong_core::Rules;
use mahjong_core::bot::EfficiencyBot;
use rayon::prelude::*;
use tabletop_env::bots::BotAgent;
use tabletop_env::mahjong::logs::{LogSamples, LogScope, mjai_log};
use tabletop_env::mahjong::{MahjongEnv, Reward};
use tabletop_env::{Agent, Env, RandomAgent};

/// The hanchan logs of the bench.
const LOGS: u64 = 16;

/// Hanchan `seed` played by two efficiency bots and two random seats, as a full mjai log.
fn hanchan(seed: u64) -> String {
    let mut env = MahjongEnv::game(Rules::tenhou(), Reward::default()).expect("Tenhou rules");
    env.reset(seed);
    let mut efficiency = BotAgent::new("efficiency", EfficiencyBot);
    let mut random = RandomAgent::new(seed);
    let mut ids = Vec::new();
    while let Some(seat) = env.to_move() {
        let id = match seat % 2 {
            0 => efficiency.act(&env, seat),
            _ => Agent::<MahjongEnv>::act(&mut random, &env, seat),
        };
        ids.push(id);
        env.step(id).expect("a legal id");
    }
    mjai_log(&mut env, seed, &ids).expect("the ids just played")
}

fn samples(text: &str) -> usize {
    let reward = Reward::default();
    LogSamples::from_text(Rules::tenhou(), reward, text, LogScope::Match)
        .expect("a log of ours")
        .len()
}

fn logs(c: &mut Criterion) {
    let logs: Vec<String> = (0..LOGS).map(hanchan).collect();
    if let Ok(dir) = std::env::var("TABLETOP_LOGS_DUMP") {
        for (k, log) in logs.iter().enumerate() {
            std::fs::write(format!("{dir}/hanchan-{k:02}.jsonl"), log).expect("a writable dir");
        }
        std::process::exit(0);
    }
    let decisions: usize = logs.iter().map(|l| samples(l)).sum();
    if let Some(rounds) = std::env::var("TABLETOP_LOGS_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        for threads in [1, 2, 1, 2] {
            rounds_on_threads(&logs, rounds, threads);
        }
        std::process::exit(0);
    }
    let lines: usize = logs.iter().map(|l| l.lines().count()).sum();
    eprintln!("{LOGS} hanchan logs: {decisions} decisions, {lines} lines");
    let mut group = c.benchmark_group("logs/mjai");
    group.throughput(Throughput::Elements(decisions as u64));
    group.bench_function("1t", |b| {
        b.iter(|| black_box(logs.iter().map(|l| samples(l)).sum::<usize>()))
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("two threads");
    group.bench_function("2t", |b| {
        b.iter(|| pool.install(|| black_box(logs.par_iter().map(|l| samples(l)).sum::<usize>())))
    });
    group.bench_function("replay_only", |b| {
        b.iter(|| {
            let replay = |l: &String| {
                let hands = mahjong_core::mjai::logged_hands_of_text(Rules::tenhou(), l, true);
                hands.expect("a log of ours").len()
            };
            black_box(logs.iter().map(replay).sum::<usize>())
        })
    });
    group.finish();
}

/// Reads every log `rounds` times on `threads` threads and prints the decisions and seconds.
fn rounds_on_threads(logs: &[String], rounds: usize, threads: usize) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("threads");
    let start = std::time::Instant::now();
    let decisions: usize = pool.install(|| {
        (0..rounds * logs.len())
            .into_par_iter()
            .map(|k| samples(&logs[k % logs.len()]))
            .sum()
    });
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{decisions} decisions in {seconds:.3} s on {threads} thread(s): {:.0} decisions/s (wall clock)",
        decisions as f64 / seconds
    );
}

criterion_group!(benches, logs);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
