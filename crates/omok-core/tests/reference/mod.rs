//! A slow reference for wins and fouls, written straight from the rules spec (sections 2 and
//! 3) with none of the crate's machinery: no line-shape table, no cell array, only
//! `Board::get` and `Board::set`, whole lines walked point by point, the whole board scanned
//! for wins, and the recursive three checked by trying every point of the line.
//!
//! Shared by the test files that compare the crate against it (`mod reference;`).

#![allow(dead_code)]

use omok_core::{Board, Foul, Point, Rule, Stone};

/// The four directions as `(dx, dy)` steps: across, down, and the two diagonals.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The point `k` steps from `p` along `d`, if it is on the board.
fn offset(board: &Board, p: Point, (dx, dy): (i32, i32), k: i32) -> Option<Point> {
    let size = i32::from(board.size());
    let (x, y) = (i32::from(p.x) + k * dx, i32::from(p.y) + k * dy);
    ((0..size).contains(&x) && (0..size).contains(&y)).then(|| Point::new(x as u8, y as u8))
}

fn holds(board: &Board, p: Point, d: (i32, i32), k: i32, stone: Stone) -> bool {
    offset(board, p, d, k).is_some_and(|q| board.get(q) == Some(stone))
}

fn is_empty(board: &Board, p: Point, d: (i32, i32), k: i32) -> bool {
    offset(board, p, d, k).is_some_and(|q| board.get(q).is_none())
}

/// The first and last step (`lo <= 0 <= hi`) of the run of `stone` through `p` along `d`,
/// `p` counted as holding `stone`.
fn run(board: &Board, p: Point, d: (i32, i32), stone: Stone) -> (i32, i32) {
    let lo = -((1..).take_while(|&k| holds(board, p, d, -k, stone)).count() as i32);
    let hi = (1..).take_while(|&k| holds(board, p, d, k, stone)).count() as i32;
    (lo, hi)
}

fn run_len(board: &Board, p: Point, d: (i32, i32), stone: Stone) -> i32 {
    let (lo, hi) = run(board, p, d, stone);
    hi - lo + 1
}

fn with(board: &Board, p: Point, stone: Stone) -> Board {
    let mut after = board.clone();
    after.set(p, Some(stone)).expect("a point of the board");
    after
}

/// Whether `stone` played on the empty point `p` wins under `rule`, the way the source
/// tutorial checked wins: put the stone down, scan every line of the whole board for runs,
/// and see whether a run through `p` has a winning length (exactly five, or five or more
/// where the rule lets an overline win). `false` off the board or on a stone.
pub fn is_win(board: &Board, p: Point, stone: Stone, rule: Rule) -> bool {
    if !board.contains(p) || board.get(p).is_some() {
        return false;
    }
    let after = with(board, p, stone);
    let size = i32::from(board.size());
    let at = |x: i32, y: i32| {
        (0..size).contains(&x)
            && (0..size).contains(&y)
            && after.get(Point::new(x as u8, y as u8)) == Some(stone)
    };
    for (dx, dy) in DIRECTIONS {
        for y in 0..size {
            for x in 0..size {
                if !at(x, y) || at(x - dx, y - dy) {
                    continue; // not the start of a run
                }
                let len = (0..).take_while(|&k| at(x + k * dx, y + k * dy)).count() as i32;
                let holds_p =
                    (0..len).any(|k| (x + k * dx, y + k * dy) == (i32::from(p.x), i32::from(p.y)));
                let wins = if rule.exact_five(stone) {
                    len == 5
                } else {
                    len >= 5
                };
                if holds_p && wins {
                    return true;
                }
            }
        }
    }
    false
}

/// The foul `stone` commits on the empty point `p` under `rule` (spec section 3), or `None`.
pub fn foul(board: &Board, p: Point, stone: Stone, rule: Rule) -> Option<Foul> {
    if !rule.has_fouls(stone) || !board.contains(p) || board.get(p).is_some() {
        return None;
    }
    let after = with(board, p, stone);
    let lens = DIRECTIONS.map(|d| run_len(&after, p, d, stone));
    // A move that makes an exact five wins, even if it would also be a foul.
    if lens.contains(&5) {
        return None;
    }
    let renju = rule == Rule::Renju;
    let fours: usize = DIRECTIONS.iter().map(|&d| fours(&after, p, d, stone)).sum();
    if renju && fours >= 2 {
        return Some(Foul::DoubleFour);
    }
    let threes = DIRECTIONS
        .iter()
        .filter(|&&d| is_three(&after, p, d, stone, rule))
        .count();
    if threes >= 2 {
        return Some(Foul::DoubleThree);
    }
    if renju && lens.iter().any(|&len| len >= 6) {
        return Some(Foul::Overline);
    }
    None
}

/// Every forbidden empty point with its foul, row by row from the top.
pub fn fouls(board: &Board, stone: Stone, rule: Rule) -> Vec<(Point, Foul)> {
    board
        .empty_points()
        .filter_map(|p| foul(board, p, stone, rule).map(|f| (p, f)))
        .collect()
}

/// The steps along `d` from `p` (holding `stone`) of the empty points that, with a stone,
/// join the run through `p` into exactly five.
fn exact_five_points(after: &Board, p: Point, d: (i32, i32), stone: Stone) -> Vec<i32> {
    let size = i32::from(after.size());
    (-size..=size)
        .filter(|&k| is_empty(after, p, d, k))
        .filter(|&k| {
            let q = offset(after, p, d, k).expect("on the board");
            let joined = with(after, q, stone);
            let (lo, hi) = run(&joined, p, d, stone);
            (lo..=hi).contains(&k) && hi - lo + 1 == 5
        })
        .collect()
}

/// The fours through `p` along `d` (spec section 3): the points completing an exact five,
/// where the two ends of an unbroken four are one four (a straight four), and two points
/// that complete different stones are two fours.
fn fours(after: &Board, p: Point, d: (i32, i32), stone: Stone) -> usize {
    let points = exact_five_points(after, p, d, stone);
    let (lo, hi) = run(after, p, d, stone);
    let straight = hi - lo == 3 && points.contains(&(lo - 1)) && points.contains(&(hi + 1));
    points.len() - usize::from(straight)
}

/// Whether the run through `p` along `d` is a straight four: exactly four, and each end an
/// empty point that completes an exact five.
fn is_straight_four(after: &Board, p: Point, d: (i32, i32), stone: Stone) -> bool {
    let (lo, hi) = run(after, p, d, stone);
    let points = exact_five_points(after, p, d, stone);
    hi - lo == 3 && points.contains(&(lo - 1)) && points.contains(&(hi + 1))
}

/// Whether the line through `p` along `d` is a three (spec sections 2 and 3): some empty
/// point of the line, joining the run through `p`, makes a straight four, and that point is
/// itself legal (under renju: no foul and no five; under omok: no double-three).
fn is_three(after: &Board, p: Point, d: (i32, i32), stone: Stone, rule: Rule) -> bool {
    let size = i32::from(after.size());
    (-size..=size)
        .filter(|&k| is_empty(after, p, d, k))
        .any(|k| {
            let q = offset(after, p, d, k).expect("on the board");
            let four = with(after, q, stone);
            let (lo, hi) = run(&four, p, d, stone);
            (lo..=hi).contains(&k)
                && is_straight_four(&four, p, d, stone)
                && counts_for_a_three(after, q, stone, rule)
        })
}

fn counts_for_a_three(after: &Board, q: Point, stone: Stone, rule: Rule) -> bool {
    let foul = foul(after, q, stone, rule);
    match rule {
        Rule::Renju => foul.is_none() && !makes_exact_five(after, q, stone),
        _ => foul != Some(Foul::DoubleThree),
    }
}

fn makes_exact_five(board: &Board, q: Point, stone: Stone) -> bool {
    let after = with(board, q, stone);
    DIRECTIONS
        .iter()
        .any(|&d| run_len(&after, q, d, stone) == 5)
}
