//! Criterion benches of omok-core: `is_win` per call (against the source tutorial's
//! full-board scan in the same run), every foul of a midgame position, random games per
//! second, the search and VCF solves.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
#[path = "omok_positions.rs"]
mod omok_positions;
use omok_core::{Board, Game, Point, Rule, Stone};
use omok_positions::early_positions;
use rand::rngs::SmallRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};

/// Midgame renju positions: 40 to 80 stones played near each other, as in real games, with
/// no five on the board.
fn midgame_positions(count: usize) -> Vec<Game> {
    let mut rng = SmallRng::seed_from_u64(8);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut game = Game::new(Rule::Renju);
        game.play(Point::new(7, 7)).ok();
        let stones = rng.random_range(40..=80);
        while game.moves().len() < stones {
            let board = game.board();
            let near: Vec<Point> = game
                .legal_actions()
                .into_iter()
                .filter(|&p| {
                    board.points().any(|q| {
                        board.get(q).is_some() && p.x.abs_diff(q.x) <= 2 && p.y.abs_diff(q.y) <= 2
                    })
                })
                .filter(|&p| !board.is_win(p, game.turn(), Rule::Renju))
                .collect();
            let Some(&p) = near.choose(&mut rng) else {
                break;
            };
            game.play(p).ok();
        }
        if game.moves().len() == stones {
            positions.push(game);
        }
    }
    positions
}

/// The source tutorial's win check: scan the whole board for five in a row of `stone`, after
/// playing `p`.
fn tutorial_full_scan(board: &Board, p: Point, stone: Stone) -> bool {
    let mut after = board.clone();
    if after.set(p, Some(stone)).is_err() {
        return false;
    }
    let size = i32::from(board.size());
    let at = |x: i32, y: i32| {
        (0..size).contains(&x)
            && (0..size).contains(&y)
            && after.get(Point::new(x as u8, y as u8)) == Some(stone)
    };
    (0..size).any(|y| {
        (0..size).any(|x| {
            [(1, 0), (0, 1), (1, 1), (1, -1)]
                .iter()
                .any(|&(dx, dy)| (0..5).all(|k| at(x + k * dx, y + k * dy)))
        })
    })
}

fn is_win(c: &mut Criterion) {
    omok_core::warm_up();
    let positions = midgame_positions(20);
    let queries: Vec<(Board, Point, Stone)> = positions
        .iter()
        .flat_map(|game| {
            let stone = game.turn();
            game.board()
                .empty_points()
                .map(move |p| (game.board().clone(), p, stone))
                .take(50)
        })
        .collect();
    let mut group = c.benchmark_group("omok/is_win");
    group.throughput(Throughput::Elements(queries.len() as u64));
    group.bench_function("lines through the point", |b| {
        b.iter(|| {
            queries
                .iter()
                .filter(|(board, p, s)| board.is_win(*p, *s, Rule::Renju))
                .count()
        })
    });
    group.bench_function("tutorial full-board scan (baseline)", |b| {
        b.iter(|| {
            queries
                .iter()
                .filter(|(board, p, s)| tutorial_full_scan(board, *p, *s))
                .count()
        })
    });
    group.finish();
}

fn fouls(c: &mut Criterion) {
    omok_core::warm_up();
    let positions = midgame_positions(50);
    let boards: Vec<&Board> = positions.iter().map(Game::board).collect();
    let mut group = c.benchmark_group("omok/fouls");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function(
        "every empty point of a midgame position, renju black",
        |b| {
            b.iter(|| {
                boards
                    .iter()
                    .map(|board| board.fouls(Stone::Black, Rule::Renju).len())
                    .sum::<usize>()
            })
        },
    );
    group.bench_function("every empty point of a midgame position, omok white", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| board.fouls(Stone::White, Rule::Omok).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn random_games(c: &mut Criterion) {
    omok_core::warm_up();
    let mut rng = SmallRng::seed_from_u64(1);
    let mut order: Vec<Point> = Board::default().points().collect();
    let mut group = c.benchmark_group("omok/random games");
    group.throughput(Throughput::Elements(1));
    for rule in [Rule::Freestyle, Rule::Renju] {
        group.bench_function(format!("{rule}, 15x15, to the end"), |b| {
            b.iter(|| {
                order.shuffle(&mut rng);
                let mut game = Game::new(rule);
                for &p in &order {
                    if let Ok(Some(outcome)) = game.play(p) {
                        return black_box(outcome.winner());
                    }
                }
                None
            })
        });
    }
    group.finish();
}

fn search(c: &mut Criterion) {
    omok_core::warm_up();
    let positions = early_positions(10);
    let limits = omok_core::search::Limits::nodes(20_000);
    let nodes: u64 = positions
        .iter()
        .map(|game| omok_core::search::decide(game, limits).map_or(0, |d| d.nodes))
        .sum();
    let mut group = c.benchmark_group("omok/search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("decide, 20,000 nodes, early positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|game| omok_core::search::decide(game, limits))
                .count()
        })
    });
    group.finish();
}

/// VCF solve times on positions with known forced wins by fours.
fn vcf(c: &mut Criterion) {
    omok_core::warm_up();
    let positions = [
        ("open three", Rule::Freestyle, "k10 a1 k11 a3 k12 a5"),
        (
            "four, then double four",
            Rule::Freestyle,
            "h8 g8 i8 f9 j8 k12 g9 a1 h9 a3 i9 a5 k10 a7 k11 a15",
        ),
        (
            "renju: black may not block",
            Rule::Renju,
            "d8 a1 e8 a3 f8 g10 i8 g11 h8 g12 g13",
        ),
    ];
    let limits = omok_core::search::Limits::nodes(1_000_000);
    let mut group = c.benchmark_group("omok/vcf");
    for (name, rule, record) in positions {
        let game = Game::from_record(rule, 15, record).expect("a valid record");
        assert!(
            omok_core::search::vcf(&game, limits).is_some(),
            "{name}: a VCF"
        );
        group.bench_function(name, |b| b.iter(|| omok_core::search::vcf(&game, limits)));
    }
    group.finish();
}

criterion_group!(benches, is_win, fouls, random_games, search, vcf);
criterion_main!(benches);
