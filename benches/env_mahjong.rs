//! The full-game mahjong environment of `tabletop-env` (a Tenhou hanchan): decisions per
//! second, a decision being one seat choosing one action (each seat asked about a claim
//! counts once), with the legal-action mask and the mover's observation written before
//! each step. Random legal play from the mask, seeds 0, 1, 2, ... Beside it, in the same
//! run, the bare `Match` played the same way from `Kyoku::legal` (no ids, mask or
//! observation): the ratio is the cost of the environment layer.
//!
//! The batch bench steps 512 hanchan slots (auto-reset from the next seed) 32 times per
//! iteration on 1 and on 2 threads, each id drawn at random from the slot's mask row on the
//! calling thread (that draw is timed too).
//!
//! ```text
//! cargo bench --bench env_mahjong
//! ```

use criterion::{Criterion, Throughput, criterion_group};
use mahjong_core::{Match, Rules};
use tabletop_env::mahjong::ids::FULL_GAME_ACTIONS;
use tabletop_env::mahjong::obs::OBS_LEN;
use tabletop_env::mahjong::wall::full_game_wall;
use tabletop_env::mahjong::{MahjongEnv, Reward};
use tabletop_env::seed::SplitMix64;
use tabletop_env::{BatchBuffers, Env, VecEnv};

/// A uniformly random id among the mask's 1 entries (0 when none). The mask is read eight
/// entries at a time (each a 0 or 1 byte), so that the agent's share of a decision stays
/// small beside the environment's.
fn random_legal_id(mask: &[u8], rng: &mut SplitMix64) -> u32 {
    // Eight 0-or-1 bytes as one word: its count of ones is its count of legal ids.
    let words = mask.chunks_exact(8);
    let tail = words.remainder();
    let ones = |chunk: &[u8]| {
        chunk
            .try_into()
            .map_or(0, |w| u64::from_le_bytes(w).count_ones())
    };
    let count =
        words.clone().map(ones).sum::<u32>() + tail.iter().map(|&m| u32::from(m)).sum::<u32>();
    let mut pick = rng.below(u64::from(count)) as u32;
    let mut base = 0;
    for chunk in mask.chunks(8) {
        let n = if chunk.len() == 8 {
            ones(chunk)
        } else {
            chunk.iter().map(|&m| u32::from(m)).sum()
        };
        if pick < n {
            let at = chunk
                .iter()
                .enumerate()
                .filter(|&(_, &m)| m != 0)
                .nth(pick as usize);
            return base + at.map_or(0, |(i, _)| i as u32);
        }
        pick -= n;
        base += 8;
    }
    0
}

/// Decisions of the first `games` hanchan from seed 0, with mask and observation.
fn play_env(env: &mut MahjongEnv, games: u64, mask: &mut [u8], obs: &mut [u8]) -> u64 {
    let mut rng = SplitMix64::new(99);
    let mut decisions = 0;
    for seed in 0..games {
        env.reset(seed);
        while let Some(seat) = env.to_move() {
            let _ = env.write_action_mask(mask);
            let _ = env.write_observation(seat, obs);
            let _ = env.step(random_legal_id(mask, &mut rng));
            decisions += 1;
        }
    }
    decisions
}

/// Decisions of the first `games` hanchan on the same walls, from `Kyoku::legal` alone.
fn play_bare(games: u64) -> u64 {
    let mut rng = SplitMix64::new(99);
    let mut events = Vec::new();
    let mut decisions = 0;
    for seed in 0..games {
        let Ok(mut game) = Match::new(Rules::tenhou()) else {
            return decisions;
        };
        while !game.is_over() {
            if game.needs_wall() {
                let Ok(wall) = full_game_wall(seed, game.hands(), game.honba(), true) else {
                    return decisions;
                };
                let _ = game.deal(wall);
                continue;
            }
            let Some(legal) = game.kyoku().map(|k| *k.legal()) else {
                return decisions;
            };
            let pick = rng.below(legal.len() as u64) as usize;
            events.clear();
            let _ = game.apply_into(legal[pick], &mut events);
            decisions += 1;
        }
    }
    decisions
}

fn hanchan(c: &mut Criterion) {
    mahjong_core::warm_up();
    const GAMES: u64 = 8;
    let Ok(mut env) = MahjongEnv::game(Rules::tenhou(), Reward::default()) else {
        return;
    };
    let mut mask = vec![0u8; env.num_actions()];
    let mut obs = vec![0u8; env.observation_len()];
    let decisions = play_env(&mut env, GAMES, &mut mask, &mut obs);
    let bare = play_bare(GAMES);
    let mut group = c.benchmark_group("env_mahjong");
    group.sample_size(20);
    group.throughput(Throughput::Elements(decisions));
    group.bench_function("hanchan_single_env", |b| {
        b.iter(|| play_env(&mut env, GAMES, &mut mask, &mut obs))
    });
    group.throughput(Throughput::Elements(bare));
    group.bench_function("hanchan_bare_match", |b| b.iter(|| play_bare(GAMES)));
    group.finish();
}

/// Slots of the batch bench.
const SLOTS: usize = 512;
/// Batch steps per iteration.
const STEPS: usize = 32;

/// `STEPS` batch steps of `batch`, each slot's id drawn at random from its mask row.
fn step_batch(batch: &mut VecEnv<MahjongEnv>, buffers: &mut Buffers, rng: &mut SplitMix64) {
    let actions = FULL_GAME_ACTIONS;
    for _ in 0..STEPS {
        for (id, mask) in buffers.ids.iter_mut().zip(buffers.masks.chunks(actions)) {
            *id = random_legal_id(mask, rng);
        }
        let ids = std::mem::take(&mut buffers.ids);
        let _ = batch.step(&ids, buffers.view());
        buffers.ids = ids;
    }
}

/// The caller-owned buffers of the batch bench.
struct Buffers {
    ids: Vec<u32>,
    observations: Vec<u8>,
    masks: Vec<u8>,
    rewards: Vec<f32>,
    terminated: Vec<u8>,
    to_move: Vec<u8>,
}

impl Buffers {
    fn new() -> Buffers {
        Buffers {
            ids: vec![0; SLOTS],
            observations: vec![0; SLOTS * OBS_LEN],
            masks: vec![0; SLOTS * FULL_GAME_ACTIONS],
            rewards: vec![0.0; SLOTS * 4],
            terminated: vec![0; SLOTS],
            to_move: vec![0; SLOTS],
        }
    }

    fn view(&mut self) -> BatchBuffers<'_> {
        BatchBuffers {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            to_move: &mut self.to_move,
        }
    }
}

fn batch(c: &mut Criterion) {
    mahjong_core::warm_up();
    let Ok(template) = MahjongEnv::game(Rules::tenhou(), Reward::default()) else {
        return;
    };
    let mut group = c.benchmark_group("env_mahjong_batch");
    group.sample_size(10);
    group.throughput(Throughput::Elements((SLOTS * STEPS) as u64));
    for threads in [1, 2] {
        let Ok(mut batch) = VecEnv::new(&template, SLOTS, 0, threads) else {
            return;
        };
        let mut buffers = Buffers::new();
        let _ = batch.observe(buffers.view());
        let mut rng = SplitMix64::new(7);
        group.bench_function(format!("hanchan_{SLOTS}_slots_{threads}_threads"), |b| {
            b.iter(|| step_batch(&mut batch, &mut buffers, &mut rng))
        });
    }
    group.finish();
}

criterion_group!(benches, hanchan, batch);

/// With `ENV_MAHJONG_PROFILE=N` set, plays N hanchan once (mask and observation included)
/// and exits, for instruction counts under callgrind:
/// `ENV_MAHJONG_PROFILE=4 valgrind --tool=callgrind target/release/deps/env_mahjong-<hash>`.
fn main() {
    if let Some(games) = std::env::var("ENV_MAHJONG_PROFILE")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        mahjong_core::warm_up();
        let Ok(mut env) = MahjongEnv::game(Rules::tenhou(), Reward::default()) else {
            return;
        };
        let mut mask = vec![0u8; env.num_actions()];
        let mut obs = vec![0u8; env.observation_len()];
        let decisions = play_env(&mut env, games, &mut mask, &mut obs);
        println!("{decisions} decisions");
        return;
    }
    if let Some(steps) = std::env::var("ENV_MAHJONG_PROFILE_BATCH")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        mahjong_core::warm_up();
        let Ok(template) = MahjongEnv::game(Rules::tenhou(), Reward::default()) else {
            return;
        };
        let Ok(mut batch) = VecEnv::new(&template, SLOTS, 0, 1) else {
            return;
        };
        let mut buffers = Buffers::new();
        let _ = batch.observe(buffers.view());
        let mut rng = SplitMix64::new(7);
        for _ in 0..steps {
            step_batch(&mut batch, &mut buffers, &mut rng);
        }
        println!("{} decisions", steps * STEPS * SLOTS);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
