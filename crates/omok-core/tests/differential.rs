//! The fast foul and win code against the slow reference of `reference/mod.rs`, written from
//! the spec, over random positions full of runs of four, five, six and more in all four
//! directions and against the edges (issue 10.1): for every rule and both colours, at every
//! empty point, `Board::foul`, `Board::fouls` and `Board::is_win`, and the same answers
//! through `Game::legal_actions` and `Game::play`.
//!
//! 100 positions by default (a few seconds); more with
//! `OMOK_DIFFERENTIAL_POSITIONS=20000 cargo test -p omok-core --release --test tests differential::`.

use crate::reference;

use omok_core::{Board, Game, MoveError, Outcome, Point, Rule, Stone};
use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};

/// The number of positions: `OMOK_DIFFERENTIAL_POSITIONS`, or 100.
fn positions() -> u64 {
    std::env::var("OMOK_DIFFERENTIAL_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100)
}

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

fn random_stone(rng: &mut impl Rng) -> Stone {
    if rng.random_bool(0.5) {
        Stone::Black
    } else {
        Stone::White
    }
}

/// A random position whose player to move is `to_move`: scattered stones, then two to six
/// planted runs of 3 to 8 stones (most of them 4 to 6), in random directions, a third of them
/// starting on an edge and some along one, some with one gap, some cut by the far edge; then stones of the side that is short, so that
/// black has as many stones as white (black to move) or one more (white to move).
fn position(rng: &mut StdRng, to_move: Stone) -> Board {
    let size = [6u8, 9, 15, 15, 15, 19][rng.random_range(0..6)];
    let mut board = Board::new(size).unwrap();
    let points: Vec<Point> = board.points().collect();
    let density = rng.random_range(0.05..0.3);
    for &p in &points {
        if rng.random_bool(density) {
            board.set(p, Some(random_stone(rng))).unwrap();
        }
    }
    for _ in 0..rng.random_range(2..=6) {
        plant_run(&mut board, rng);
    }
    balance(&mut board, rng, to_move);
    board
}

fn plant_run(board: &mut Board, rng: &mut StdRng) {
    let size = i32::from(board.size());
    let (dx, dy) = DIRECTIONS[rng.random_range(0..4)];
    let len = [3, 4, 4, 5, 5, 5, 6, 6, 7, 8][rng.random_range(0..10)];
    let (mut x, mut y) = (rng.random_range(0..size), rng.random_range(0..size));
    if rng.random_bool(1.0 / 3.0) {
        // Start on an edge the run leaves from: the left column, or the top row going down,
        // or the bottom row going up.
        let row_edge = if dy > 0 { 0 } else { size - 1 };
        match (dx, dy) {
            (0, _) => y = row_edge,
            (_, 0) => x = 0,
            _ if rng.random_bool(0.5) => x = 0,
            _ => y = row_edge,
        }
    } else if rng.random_bool(0.2) {
        // Along an edge.
        let edge = if rng.random_bool(0.5) { 0 } else { size - 1 };
        match (dx, dy) {
            (0, _) => x = edge,
            (_, 0) => y = edge,
            _ => {}
        }
    }
    let stone = random_stone(rng);
    let gap = rng.random_bool(0.4).then(|| rng.random_range(1..len));
    for k in 0..len {
        let (px, py) = (x + k * dx, y + k * dy);
        if !(0..size).contains(&px) || !(0..size).contains(&py) {
            break;
        }
        let cell = (Some(k) != gap).then_some(stone);
        board.set(Point::new(px as u8, py as u8), cell).unwrap();
    }
}

fn count(board: &Board, stone: Stone) -> usize {
    board
        .points()
        .filter(|&p| board.get(p) == Some(stone))
        .count()
}

fn balance(board: &mut Board, rng: &mut StdRng, to_move: Stone) {
    let extra = usize::from(to_move == Stone::White);
    loop {
        let (black, white) = (count(board, Stone::Black), count(board, Stone::White));
        let short = match (black + 1).cmp(&(white + 1 + extra)) {
            std::cmp::Ordering::Less => Stone::Black,
            std::cmp::Ordering::Greater => Stone::White,
            std::cmp::Ordering::Equal => return,
        };
        let empty: Vec<Point> = board.empty_points().collect();
        if empty.len() < 2 {
            // Nearly full: take a stone off the long side instead.
            let long = board
                .points()
                .find(|&p| board.get(p) == Some(short.opponent()));
            board.set(long.unwrap(), None).unwrap();
        } else {
            let p = empty[rng.random_range(0..empty.len())];
            board.set(p, Some(short)).unwrap();
        }
    }
}

/// Every question about `board`, for every rule and both colours, at every empty point.
fn compare_board(board: &Board) {
    for rule in Rule::ALL {
        for stone in [Stone::Black, Stone::White] {
            let expected = reference::fouls(board, stone, rule);
            assert_eq!(
                board.fouls(stone, rule),
                expected,
                "{rule} {stone}\n{board}"
            );
            for p in board.empty_points() {
                let foul = expected.iter().find(|&&(q, _)| q == p).map(|&(_, f)| f);
                assert_eq!(
                    board.foul(p, stone, rule),
                    foul,
                    "{rule} {stone} {p}\n{board}"
                );
                assert_eq!(
                    board.is_win(p, stone, rule),
                    reference::is_win(board, p, stone, rule),
                    "{rule} {stone} {p}\n{board}"
                );
            }
        }
    }
}

/// The same answers through a game set up on `board`, for every rule under which the
/// position can be a game (no colour has already won).
fn compare_game(board: &Board) {
    for rule in Rule::ALL {
        let Ok(game) = Game::from_board(rule, board) else {
            continue;
        };
        let Some(stone) = game.to_move() else {
            continue;
        };
        let mut legal = Vec::new();
        for p in board.empty_points() {
            let foul = reference::foul(board, p, stone, rule);
            let wins = reference::is_win(board, p, stone, rule);
            match (game.after(p), foul) {
                (Err(MoveError::Forbidden { foul: got, .. }), Some(want)) => {
                    assert_eq!(got, want, "{rule} {stone} {p}\n{board}")
                }
                (Ok(after), None) => {
                    legal.push(p);
                    let winner = after.outcome().and_then(Outcome::winner);
                    assert_eq!(winner == Some(stone), wins, "{rule} {stone} {p}\n{board}");
                }
                (got, want) => panic!("{rule} {stone} {p}: {got:?}, expected {want:?}\n{board}"),
            }
        }
        if !game.is_over() {
            assert_eq!(game.legal_actions(), legal, "{rule} {stone}\n{board}");
        }
    }
}

#[test]
fn fouls_and_wins_agree_with_the_reference_on_positions_full_of_long_runs() {
    let mut rng = StdRng::seed_from_u64(101);
    let (mut games, mut long_runs) = (0, 0);
    for n in 0..positions() {
        let to_move = if n % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        let board = position(&mut rng, to_move);
        compare_board(&board);
        compare_game(&board);
        games += Rule::ALL
            .iter()
            .filter(|&&rule| Game::from_board(rule, &board).is_ok())
            .count();
        long_runs += usize::from(has_run_of_five_or_more(&board));
    }
    // The positions do what they are for: most hold a five or longer, and most can be games.
    let n = positions() as usize;
    assert!(
        long_runs * 2 > n,
        "{long_runs} of {n} positions with a run of five or more"
    );
    assert!(games > n, "{games} games of {n} positions");
}

fn has_run_of_five_or_more(board: &Board) -> bool {
    board.points().any(|p| {
        board.get(p).is_some_and(|stone| {
            let mut without = board.clone();
            without.set(p, None).unwrap();
            Rule::ALL
                .iter()
                .any(|&rule| !rule.exact_five(stone) && without.is_win(p, stone, rule))
        })
    })
}

/// The two records of issue 10.1, whole: every point, every rule, both colours.
#[test]
fn the_records_of_the_issue_agree_with_the_reference() {
    for record in [
        "h2 a1 h3 a3 h4 a5 h5 a7 h7 a9 h6 a11 i8 a13 j8 o1",
        "b7 m1 b8 m3 b9 m5 b10 m7 b12 m9 b11 m11 c6 m13 d6 o2",
    ] {
        let game = Game::from_record(Rule::Omok, 15, record).unwrap();
        let mut board = game.board().clone();
        compare_board(&board);
        compare_game(&board);
        // And with the move of the issue played.
        let p: Point = if record.starts_with("h2") { "h8" } else { "b6" }
            .parse()
            .unwrap();
        board.set(p, Some(Stone::Black)).unwrap();
        compare_board(&board);
    }
}
