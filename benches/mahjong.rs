//! Criterion benches of mahjong-core's hand analysis, each beside the naive reference (the class
//! assignment's recursive decomposition, `crates/mahjong-core/tests/reference`) on the same fixed,
//! seeded hand sets of 1,000 hands. Times are per set: divide by 1,000 for a hand. Then whole games
//! of the classroom rules played by four bots of one kind (`game/*`), 20 fixed walls per iteration:
//! divide by 20 for a game. Then hand scoring (`score/*`) over the 3,000 wins of the shared test
//! data, built beforehand, beside `is_agari` of the same concealed hands as a baseline: divide by
//! 3,000 for a win. Then whole hands of the full game (`kyoku/random_bots`): four random legal
//! bots on 20 fixed walls per iteration, beside the same walls' classroom games played by random
//! bots as a baseline: divide by 20 for a hand. Then whole hanchan (`match/*`) of four bots of
//! one kind (random legal, tsumogiri-and-pass, efficiency, classroom): 4 matches per iteration
//! on walls shuffled from fixed seeds, divide by 4 for a hanchan; the random and tsumogiri
//! matches played twice, by `play_out_match` (every seat chooses from its view) and by a loop
//! that chooses the same actions from `Kyoku::legal` without views (`*_legal`).
//!
//! `cargo bench --bench mahjong -- --warm-up-time 1 --measurement-time 3`

#[path = "../crates/mahjong-core/tests/families/mod.rs"]
mod families;
#[path = "../crates/mahjong-core/tests/legal_hanchan/mod.rs"]
mod legal_hanchan;
#[path = "../crates/mahjong-core/tests/reference/mod.rs"]
mod reference;
#[path = "../crates/mahjong-core/tests/scoring_cases/mod.rs"]
mod scoring_cases;

use std::hint::black_box;
use std::time::Instant;

use criterion::{BenchmarkGroup, Criterion, Throughput, measurement::WallTime};
use families::Family;
use legal_hanchan::tsumogiri;
use mahjong_core::bot::{
    Bot, ClassroomBot, EfficiencyBot, KyokuBot, RandomBot, play_out, play_out_kyoku, play_out_match,
};
use mahjong_core::classroom::Game;
use mahjong_core::score::{ScoringRules, WinningHand};
use mahjong_core::{
    Hand, Kyoku, KyokuAction, KyokuStart, KyokuView, LegalActions, Match, MatchEvent, MatchResult,
    Rules, Seat, TileWall,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Hands per set.
const HANDS: usize = 1_000;

/// A fixed set of hands of one family (the seed depends on the family only).
fn hands(family: Family) -> Vec<Hand> {
    let mut rng = StdRng::seed_from_u64(0xbe4c_0000 + family as u64);
    (0..HANDS).map(|_| family.hand(&mut rng)).collect()
}

/// Benches `fast` and `naive` over the same set, as `<set>/fast` and `<set>/naive`.
fn pair<F, N, A, B>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    set: &str,
    hands: &[Hand],
    fast: F,
    naive: N,
) where
    F: Fn(&Hand) -> A,
    N: Fn(&[u8; 34]) -> B,
{
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function(format!("{set}/fast"), |b| {
        b.iter(|| {
            for hand in hands {
                black_box(fast(black_box(hand)));
            }
        })
    });
    group.bench_function(format!("{set}/naive"), |b| {
        b.iter(|| {
            for hand in hands {
                black_box(naive(black_box(hand.counts())));
            }
        })
    });
}

fn is_agari(c: &mut Criterion) {
    let mut group = c.benchmark_group("is_agari");
    group.sample_size(20);
    for (set, family) in [("random14", Family::Random14), ("agari14", Family::Agari14)] {
        pair(
            &mut group,
            set,
            &hands(family),
            Hand::is_agari,
            reference::is_agari,
        );
    }
    group.finish();
}

fn shanten(c: &mut Criterion) {
    let mut group = c.benchmark_group("shanten");
    group.sample_size(20);
    for (set, family) in [
        ("random13", Family::Random13),
        ("random14", Family::Random14),
    ] {
        pair(
            &mut group,
            set,
            &hands(family),
            Hand::shanten,
            reference::shanten,
        );
    }
    group.finish();
}

fn waits(c: &mut Criterion) {
    let mut group = c.benchmark_group("waits");
    group.sample_size(20);
    for (set, family) in [
        ("random13", Family::Random13),
        ("tenpai13", Family::Tenpai13),
    ] {
        pair(
            &mut group,
            set,
            &hands(family),
            Hand::waits,
            reference::waits,
        );
    }
    group.finish();
}

fn riichi_discards(c: &mut Criterion) {
    let mut group = c.benchmark_group("riichi_discards");
    group.sample_size(10);
    let hands = hands(Family::NearTenpai14);
    pair(
        &mut group,
        "near_tenpai14",
        &hands,
        Hand::riichi_discards,
        reference::riichi_discards,
    );
    group.finish();
}

/// Games per iteration of the game benches.
const GAMES: u64 = 20;

/// Full games of the classroom rules, four bots made by `bot` at the table, on `GAMES` fixed
/// walls: throughput in games.
fn bot_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("game");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    let walls: Vec<Game> = (0..GAMES)
        .map(|seed| Game::new(Rules::classroom(), &mut StdRng::seed_from_u64(seed)).unwrap())
        .collect();
    let mut bench = |name: &str, bot: &dyn Fn(u64) -> Box<dyn Bot>| {
        group.bench_function(name, |b| {
            b.iter(|| {
                for (seed, game) in (0..).zip(&walls) {
                    let mut game = game.clone();
                    let mut bots: Vec<Box<dyn Bot>> =
                        (0..4).map(|seat| bot(seed * 4 + seat)).collect();
                    let mut seats: Vec<&mut dyn Bot> =
                        bots.iter_mut().map(|b| &mut **b as &mut dyn Bot).collect();
                    black_box(play_out(&mut game, &mut seats));
                }
            })
        });
    };
    bench("classroom_bots", &|_| Box::new(ClassroomBot));
    bench("efficiency_bots", &|_| Box::new(EfficiencyBot));
    bench("random_bots", &|seed| {
        Box::new(RandomBot::new(StdRng::seed_from_u64(seed)))
    });
    group.finish();
}

/// Scoring the 3,000 wins of the shared test data (the 340 without yaku included), input
/// built beforehand; `is_agari` of the same concealed hands as a baseline, and scoring from
/// the text form (parsing included) for scale.
fn score(c: &mut Criterion) {
    let mut group = c.benchmark_group("score");
    group.sample_size(20);
    let wins: Vec<WinningHand> = scoring_cases::cases()
        .into_iter()
        .map(|(_, win, _)| win)
        .collect();
    let texts: Vec<String> = wins.iter().map(ToString::to_string).collect();
    let rules = ScoringRules::tenhou();
    group.throughput(Throughput::Elements(wins.len() as u64));
    group.bench_function("testdata/score", |b| {
        b.iter(|| {
            for win in &wins {
                let _ = black_box(black_box(win).score(&rules));
            }
        })
    });
    group.bench_function("testdata/is_agari", |b| {
        b.iter(|| {
            for win in &wins {
                black_box(black_box(&win.concealed).is_agari());
            }
        })
    });
    group.bench_function("testdata/parse_and_score", |b| {
        b.iter(|| {
            for text in &texts {
                let win: Result<WinningHand, _> = black_box(text).parse();
                let _ = black_box(win.map(|win| win.score(&rules)));
            }
        })
    });
    group.finish();
}

/// Whole hands of the full game (`Rules::tenhou()`) with four random legal bots on `GAMES`
/// fixed walls, beside the classroom game with random bots on walls of the same seeds.
fn kyoku_hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("kyoku");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    let hands: Vec<Kyoku> = (0..GAMES)
        .map(|seed| {
            let rng = &mut StdRng::seed_from_u64(seed);
            Kyoku::new(Rules::tenhou(), KyokuStart::default(), rng).unwrap()
        })
        .collect();
    group.bench_function("random_bots", |b| {
        b.iter(|| {
            for (seed, hand) in (0..).zip(&hands) {
                let mut hand = hand.clone();
                let mut bots: Vec<RandomBot<StdRng>> = (0..4)
                    .map(|seat| RandomBot::new(StdRng::seed_from_u64(seed * 4 + seat)))
                    .collect();
                let mut seats: Vec<&mut dyn KyokuBot> =
                    bots.iter_mut().map(|b| b as &mut dyn KyokuBot).collect();
                black_box(play_out_kyoku(&mut hand, &mut seats));
            }
        })
    });
    let games: Vec<Game> = (0..GAMES)
        .map(|seed| Game::new(Rules::classroom(), &mut StdRng::seed_from_u64(seed)).unwrap())
        .collect();
    group.bench_function("classroom_random_bots", |b| {
        b.iter(|| {
            for (seed, game) in (0..).zip(&games) {
                let mut game = game.clone();
                let mut bots: Vec<RandomBot<StdRng>> = (0..4)
                    .map(|seat| RandomBot::new(StdRng::seed_from_u64(seed * 4 + seat)))
                    .collect();
                let mut seats: Vec<&mut dyn Bot> =
                    bots.iter_mut().map(|b| b as &mut dyn Bot).collect();
                black_box(play_out(&mut game, &mut seats));
            }
        })
    });
    group.finish();
}

/// Matches per iteration of the match benches.
const MATCHES: u64 = 4;

/// Discards every tile it draws and passes every claim: the cheapest legal player.
struct TsumogiriBot;

impl KyokuBot for TsumogiriBot {
    fn choose(&mut self, view: &KyokuView) -> Option<KyokuAction> {
        tsumogiri(&view.legal)
    }
}

/// The random bot of each seat of match `seed`.
fn random_rngs(seed: u64) -> [StdRng; 4] {
    std::array::from_fn(|seat| StdRng::seed_from_u64(seed * 4 + seat as u64))
}

/// Match `seed` of `Rules::tenhou()` played to its end by `play_out_match` with four bots
/// made by `bot`.
fn with_views(seed: u64, bot: &dyn Fn(u64) -> Box<dyn KyokuBot>) -> Option<MatchResult> {
    match_of(Rules::tenhou(), seed, bot)
}

/// Match `seed` of `rules` (four seats, or three in sanma) played to its end by
/// `play_out_match` with a bot made by `bot` at each seat.
fn match_of(
    rules: Rules,
    seed: u64,
    bot: &dyn Fn(u64) -> Box<dyn KyokuBot>,
) -> Option<MatchResult> {
    let mut game = Match::new(rules).unwrap();
    let mut shuffle = StdRng::seed_from_u64(seed);
    let mut walls = || TileWall::for_rules(&rules, &mut shuffle);
    let seats = rules.seats as u64;
    let mut bots: Vec<Box<dyn KyokuBot>> = (0..seats).map(|seat| bot(seed * 4 + seat)).collect();
    let mut seats: Vec<&mut dyn KyokuBot> = bots
        .iter_mut()
        .map(|b| &mut **b as &mut dyn KyokuBot)
        .collect();
    play_out_match(&mut game, &mut seats, &mut walls).map(|(_, result)| result)
}

/// Match `seed` on the same walls, each seat choosing with `choose` from `Kyoku::legal`
/// without a view ([`legal_hanchan::play_hanchan`]).
fn without_views(
    seed: u64,
    choose: &mut dyn FnMut(Seat, &LegalActions) -> Option<KyokuAction>,
    events: &mut Vec<MatchEvent>,
) -> Option<MatchResult> {
    legal_hanchan::play_hanchan(seed, choose, events).map(|(result, _)| result)
}

/// Match `seed` without views, each seat choosing as its random bot would.
fn random_without_views(seed: u64, events: &mut Vec<MatchEvent>) -> Option<MatchResult> {
    let mut rngs = random_rngs(seed);
    let mut choose = |seat: Seat, legal: &LegalActions| {
        let rng = &mut rngs[seat.index()];
        legal.get(rng.random_range(0..legal.len())).copied()
    };
    without_views(seed, &mut choose, events)
}

/// Whole hanchan (`Rules::tenhou()`, `Match`) with four bots of one kind (random legal,
/// tsumogiri, the efficiency bot, the classroom heuristic), `MATCHES` per iteration, the
/// walls shuffled from fixed seeds as the match asks for them: throughput in hanchan. The
/// random and tsumogiri matches are played again without views (`*_legal`), the same games
/// (checked here), to show what the views cost. `sanma_*`: the same bots in three-player
/// hanchan (`Rules::tenhou_sanma()`).
fn hanchan(c: &mut Criterion) {
    let mut group = c.benchmark_group("match");
    group.sample_size(10);
    group.throughput(Throughput::Elements(MATCHES));
    let mut bench = |name: &str, bot: &dyn Fn(u64) -> Box<dyn KyokuBot>| {
        group.bench_function(name, |b| {
            b.iter(|| {
                for seed in 0..MATCHES {
                    black_box(with_views(seed, bot));
                }
            })
        });
    };
    let random = |seed| Box::new(RandomBot::new(StdRng::seed_from_u64(seed))) as Box<dyn KyokuBot>;
    let cheap = |_| Box::new(TsumogiriBot) as Box<dyn KyokuBot>;
    bench("random_bots", &random);
    bench("tsumogiri_bots", &cheap);
    bench("efficiency_bots", &|_| Box::new(EfficiencyBot));
    bench("classroom_bots", &|_| Box::new(ClassroomBot));
    let mut sanma = |name: &str, bot: &dyn Fn(u64) -> Box<dyn KyokuBot>| {
        group.bench_function(name, |b| {
            b.iter(|| {
                for seed in 0..MATCHES {
                    black_box(match_of(Rules::tenhou_sanma(), seed, bot));
                }
            })
        });
    };
    sanma("sanma_random_bots", &random);
    sanma("sanma_tsumogiri_bots", &cheap);
    let mut events = Vec::new();
    let mut tsumogiri_choice = |_: Seat, legal: &LegalActions| tsumogiri(legal);
    for seed in 0..MATCHES {
        let random_result = random_without_views(seed, &mut events);
        assert_eq!(random_result, with_views(seed, &random), "match {seed}");
        let cheap_result = without_views(seed, &mut tsumogiri_choice, &mut events);
        assert_eq!(cheap_result, with_views(seed, &cheap), "match {seed}");
    }
    group.bench_function("random_legal", |b| {
        b.iter(|| {
            for seed in 0..MATCHES {
                black_box(random_without_views(seed, &mut events));
            }
        })
    });
    group.bench_function("tsumogiri_legal", |b| {
        b.iter(|| {
            for seed in 0..MATCHES {
                black_box(without_views(seed, &mut tsumogiri_choice, &mut events));
            }
        })
    });
    group.finish();
}

fn main() {
    // The tables are built once per process, on first use: this is that start-up cost.
    let start = Instant::now();
    mahjong_core::warm_up();
    println!(
        "mahjong-core tables built in {:.1} ms",
        start.elapsed().as_secs_f64() * 1e3
    );

    let mut criterion = Criterion::default().configure_from_args();
    is_agari(&mut criterion);
    shanten(&mut criterion);
    waits(&mut criterion);
    riichi_discards(&mut criterion);
    bot_games(&mut criterion);
    score(&mut criterion);
    kyoku_hands(&mut criterion);
    hanchan(&mut criterion);
    criterion.final_summary();
}
