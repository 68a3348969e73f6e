//! Criterion benches of tabletop-env: decisions per second with the legal-action mask and the
//! observation written at every decision, for omok 15x15, Matgo, Go-Stop among three,
//! two-sided poker and the mahjong hanchan (Tenhou rules; a claim answered counts once per
//! seat asked).
//!
//! - `env/<game>/single`: one environment; each decision writes the mask, picks a legal id,
//!   steps, and writes the next mover's observation (resetting at the end of an episode).
//! - `env/<game>/batch/<t>t`: a `VecEnv` of 512 environments on `t` threads; one batch step
//!   is 512 decisions, with every slot's mask and observation written.
//!   `TABLETOP_ENV_BATCH=<n>` sets another size (here and in the untimed modes below).
//! - `env/<game>/game_only`: the baseline in the same run: the game crate alone, playing the
//!   same random games through its own API (no ids, mask or observation).
//!
//! The legal id is picked by a cheap scan from a random start (not uniform, but the same
//! work for every variant), so the figures are the environment's cost.
//!
//! **Instruction counts.** With `TABLETOP_ENV_CALLGRIND="<game> <mode> <decisions>"` set the
//! binary plays once, untimed, for `valgrind --tool=callgrind` (instructions do not depend on
//! the machine's load): `<game>` is `matgo`, `gostop` or `poker`, `<mode>` `single` (as the bench
//! above), `batch` / `batch2` (a `VecEnv` of 512 on one thread / two threads) or
//! `game_only`; it prints the decisions made (and, on stderr, the in-place sizes of the
//! environments and their games). `TABLETOP_ENV_BATCH=<n>` sets the batch modes'
//! size (512 when unset), to find where a batch stops fitting the caches. Instructions per
//! decision are the difference of two counts over the difference of their decisions (which
//! takes out the setup):
//!
//! ```text
//! cargo bench -p tabletop-benches --bench env --no-run      # names the binary
//! TABLETOP_ENV_CALLGRIND="matgo single 200000" valgrind --tool=callgrind target/release/deps/env-<hash>
//! ```

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use hwatu_core::{SeatIndex, Table};
use tabletop_env::gostop::GoStopEnv;
use tabletop_env::matgo::MatgoEnv;
use tabletop_env::omok::OmokEnv;
use tabletop_env::poker::PokerEnv;
use tabletop_env::seed::SplitMix64;
use tabletop_env::{Env, OwnedBatchBuffers, VecEnv};

const BATCH: usize = 512;
const DECISIONS: u64 = 4096;

/// A legal id: the first 1 of the mask at or after a random start, wrapping (the mask read
/// eight entries at a time, as one little-endian `u64`).
fn pick(mask: &[u8], rng: &mut SplitMix64) -> u32 {
    let start = rng.below(mask.len() as u64) as usize;
    let found = first_set(&mask[start..]).map(|i| start + i);
    found.or_else(|| first_set(&mask[..start])).unwrap_or(0) as u32
}

/// The index of the first non-zero entry of `part`.
fn first_set(part: &[u8]) -> Option<usize> {
    let mut words = part.chunks_exact(8);
    for (k, word) in words.by_ref().enumerate() {
        let word = <[u8; 8]>::try_from(word).map_or(0, u64::from_le_bytes);
        if word != 0 {
            return Some(8 * k + word.trailing_zeros() as usize / 8);
        }
    }
    let rest = words.remainder();
    let from = part.len() - rest.len();
    rest.iter().position(|&m| m != 0).map(|i| from + i)
}

/// `DECISIONS` decisions of one environment, with mask and observation each time.
fn single<E: Env>(
    env: &mut E,
    rng: &mut SplitMix64,
    mask: &mut [u8],
    obs: &mut [u8],
    seed: &mut u64,
) {
    for _ in 0..DECISIONS {
        let _ = env.write_action_mask(mask);
        let step = env.step(pick(mask, rng));
        if step.is_ok_and(|s| s.terminated) {
            *seed += 1;
            env.reset(*seed);
        }
        let _ = env.write_observation(env.to_move().unwrap_or(0), obs);
        black_box(&obs);
    }
}

fn bench_env<E: Env>(
    c: &mut Criterion,
    name: &str,
    env: &E,
    baseline: impl Fn(&mut SplitMix64) -> u64,
) {
    let mut group = c.benchmark_group(format!("env/{name}"));
    group.throughput(Throughput::Elements(DECISIONS));
    group.bench_function("single", |b| {
        let mut env = env.clone();
        let (mut mask, mut obs) = (vec![0; env.num_actions()], vec![0; env.observation_len()]);
        let (mut rng, mut seed) = (SplitMix64::new(1), 0);
        b.iter(|| single(&mut env, &mut rng, &mut mask, &mut obs, &mut seed));
    });
    group.bench_function("game_only", |b| {
        let mut rng = SplitMix64::new(1);
        b.iter(|| {
            let mut done = 0;
            while done < DECISIONS {
                done += baseline(&mut rng);
            }
        });
    });
    let size: usize = std::env::var("TABLETOP_ENV_BATCH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(BATCH);
    group.throughput(Throughput::Elements(size as u64));
    for threads in [1, 2] {
        group.bench_function(BenchmarkId::new("batch", format!("{threads}t")), |b| {
            let mut batch = VecEnv::new(env, size, 7, threads).unwrap_or_else(|e| panic!("{e}"));
            let mut buf = OwnedBatchBuffers::for_env(env, size).unwrap_or_else(|e| panic!("{e}"));
            let mut ids = vec![0; size];
            let mut rng = SplitMix64::new(2);
            let _ = batch.observe(buf.view());
            let actions = env.num_actions();
            b.iter(|| {
                for (id, mask) in ids.iter_mut().zip(buf.masks.chunks_exact(actions)) {
                    *id = pick(mask, &mut rng);
                }
                let _ = batch.step(&ids, buf.view());
            });
        });
    }
    group.finish();
}

/// Plays random legal actions until `over`: `legal` lists them, `apply` plays one; returns
/// the decisions made (the game crate alone, the baseline).
fn play_out<G, A: Copy, L: std::ops::Deref<Target = [A]>>(
    mut game: G,
    rng: &mut SplitMix64,
    over: fn(&G) -> bool,
    legal: fn(&G) -> L,
    apply: fn(&mut G, A),
) -> u64 {
    let mut moves = 0;
    while !over(&game) {
        let list = legal(&game);
        let list = &*list;
        apply(&mut game, list[rng.below(list.len() as u64) as usize]);
        moves += 1;
    }
    moves
}

/// Random omok games under `rule` on 15x15 through omok-core alone.
fn omok_games(rule: omok_core::Rule) -> impl Fn(&mut SplitMix64) -> u64 {
    move |rng| {
        let game = omok_core::Game::new(rule);
        play_out(
            game,
            rng,
            omok_core::Game::is_over,
            omok_core::Game::legal_actions,
            |g, p| {
                let _ = g.play(p);
            },
        )
    }
}

/// Random hwatu games (Matgo or Go-Stop) through hwatu-core alone, dealt as `template`
/// deals them from a random seed (`table` reads the environment's game).
fn hwatu_games<E: Env, S: SeatIndex, const N: usize>(
    template: &E,
    table: fn(&E) -> &Table<S, N>,
) -> impl Fn(&mut SplitMix64) -> u64 + use<E, S, N> {
    let template = template.clone();
    move |rng| {
        let mut env = template.clone();
        env.reset(rng.next_u64());
        hwatu_game(table(&env).clone(), rng)
    }
}

/// One random hwatu game through hwatu-core alone.
fn hwatu_game<S: SeatIndex, const N: usize>(game: Table<S, N>, rng: &mut SplitMix64) -> u64 {
    play_out(game, rng, Table::is_over, Table::legal_actions, |g, a| {
        let _ = g.apply(a);
    })
}

/// One random poker match of 100 hands through twosided-poker alone.
fn poker_game(rng: &mut SplitMix64) -> u64 {
    let rules = twosided_poker::Rules {
        max_hands: Some(100),
        ..Default::default()
    };
    let decks = vec![twosided_poker::Deck::new(rules.deck)];
    let Ok(mut game) = twosided_poker::Match::from_decks(rules, decks) else {
        return 1;
    };
    let mut moves = 0;
    while !game.is_over() {
        let legal = game.legal();
        if let Some(a) = legal.get(rng.below(legal.len() as u64) as usize) {
            let _ = game.apply(a);
        }
        moves += 1;
    }
    moves
}

/// One random Tenhou hanchan through mahjong-core alone (walls as the environment deals
/// them, each seat choosing from `Kyoku::legal`); returns its decisions.
fn mahjong_game(rng: &mut SplitMix64) -> u64 {
    let Ok(mut game) = mahjong_core::Match::new(mahjong_core::Rules::tenhou()) else {
        return 1;
    };
    let seed = rng.next_u64();
    let mut events = Vec::new();
    let mut moves = 0;
    while !game.is_over() {
        if game.needs_wall() {
            let (hand, honba) = (game.hands(), game.honba());
            match tabletop_env::mahjong::wall::full_game_wall(seed, hand, honba, true) {
                Ok(wall) => drop(game.deal(wall)),
                Err(_) => return moves.max(1),
            }
            continue;
        }
        let Some(legal) = game.kyoku().map(|k| *k.legal()) else {
            return moves.max(1);
        };
        events.clear();
        let _ = game.apply_into(legal[rng.below(legal.len() as u64) as usize], &mut events);
        moves += 1;
    }
    moves
}

fn benches(c: &mut Criterion) {
    let omok = OmokEnv::new(omok_core::Rule::Omok, 15).unwrap_or_else(|e| panic!("{e}"));
    bench_env(c, "omok15_omok", &omok, omok_games(omok_core::Rule::Omok));
    let freestyle = OmokEnv::new(omok_core::Rule::Freestyle, 15).unwrap_or_else(|e| panic!("{e}"));
    bench_env(
        c,
        "omok15_freestyle",
        &freestyle,
        omok_games(omok_core::Rule::Freestyle),
    );
    let matgo = MatgoEnv::new(hwatu_core::Rules::standard()).unwrap_or_else(|e| panic!("{e}"));
    bench_env(
        c,
        "matgo_standard",
        &matgo,
        hwatu_games(&matgo, MatgoEnv::game),
    );
    let gostop =
        GoStopEnv::new(hwatu_core::GoStopRules::standard()).unwrap_or_else(|e| panic!("{e}"));
    bench_env(
        c,
        "gostop_standard",
        &gostop,
        hwatu_games(&gostop, GoStopEnv::game),
    );
    let poker = PokerEnv::new(twosided_poker::Rules::default()).unwrap_or_else(|e| panic!("{e}"));
    bench_env(c, "poker_standard", &poker, poker_game);
    mahjong_core::warm_up();
    let mahjong = tabletop_env::mahjong::MahjongEnv::game(
        mahjong_core::Rules::tenhou(),
        tabletop_env::mahjong::Reward::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    bench_env(c, "mahjong_hanchan", &mahjong, mahjong_game);
}

criterion_group! {
    name = env;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
/// Plays `spec` ("<game> <mode> <decisions>") once, untimed, and prints the decisions made.
fn callgrind(spec: &str) {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let &[game, mode, decisions] = words.as_slice() else {
        panic!("TABLETOP_ENV_CALLGRIND is \"<game> <mode> <decisions>\", not {spec:?}");
    };
    let decisions: u64 = decisions
        .parse()
        .unwrap_or_else(|e| panic!("{decisions}: {e}"));
    let done = match game {
        "matgo" => {
            let env =
                MatgoEnv::new(hwatu_core::Rules::standard()).unwrap_or_else(|e| panic!("{e}"));
            play_mode(&env, mode, decisions, hwatu_games(&env, MatgoEnv::game))
        }
        "gostop" => {
            let env = GoStopEnv::new(hwatu_core::GoStopRules::standard())
                .unwrap_or_else(|e| panic!("{e}"));
            play_mode(&env, mode, decisions, hwatu_games(&env, GoStopEnv::game))
        }
        "poker" => {
            let env =
                PokerEnv::new(twosided_poker::Rules::default()).unwrap_or_else(|e| panic!("{e}"));
            play_mode(&env, mode, decisions, poker_game)
        }
        _ => panic!("unknown game {game:?}: matgo, gostop or poker"),
    };
    println!("{done} decisions");
    eprintln!(
        "size_of: PokerEnv {}, poker Match {}, MatgoEnv {}, hwatu Game {}",
        size_of::<PokerEnv>(),
        size_of::<twosided_poker::Match>(),
        size_of::<MatgoEnv>(),
        size_of::<hwatu_core::Game>()
    );
}

/// At least `decisions` decisions of `env` in `mode` (`single`, `batch`, `batch2`,
/// `game_only`).
fn play_mode<E: Env>(
    env: &E,
    mode: &str,
    decisions: u64,
    baseline: impl Fn(&mut SplitMix64) -> u64,
) -> u64 {
    let mut rng = SplitMix64::new(1);
    let mut done = 0;
    match mode {
        "single" => {
            let mut env = env.clone();
            let (mut mask, mut obs) = (vec![0; env.num_actions()], vec![0; env.observation_len()]);
            let mut seed = 0;
            while done < decisions {
                single(&mut env, &mut rng, &mut mask, &mut obs, &mut seed);
                done += DECISIONS;
            }
        }
        "batch" | "batch2" => {
            let threads = if mode == "batch" { 1 } else { 2 };
            let size = std::env::var("TABLETOP_ENV_BATCH")
                .map_or(BATCH, |n| n.parse().unwrap_or_else(|e| panic!("{n}: {e}")));
            let mut batch = VecEnv::new(env, size, 7, threads).unwrap_or_else(|e| panic!("{e}"));
            let mut buf = OwnedBatchBuffers::for_env(env, size).unwrap_or_else(|e| panic!("{e}"));
            let mut ids = vec![0; size];
            let _ = batch.observe(buf.view());
            while done < decisions {
                for (id, mask) in ids
                    .iter_mut()
                    .zip(buf.masks.chunks_exact(env.num_actions()))
                {
                    *id = pick(mask, &mut rng);
                }
                let _ = batch.step(&ids, buf.view());
                done += size as u64;
            }
        }
        "game_only" => {
            while done < decisions {
                done += baseline(&mut rng);
            }
        }
        _ => panic!("unknown mode {mode:?}: single, batch, batch2 or game_only"),
    }
    done
}

fn main() {
    if let Ok(spec) = std::env::var("TABLETOP_ENV_CALLGRIND") {
        callgrind(&spec);
        return;
    }
    env();
    Criterion::default().configure_from_args().final_summary();
}
