//! Bots: [`RandomBot`] (any legal point), [`ThreatBot`] (one move deep, by threats) and
//! [`SearchBot`] (forced wins and alpha-beta, see [`crate::search`]).
//!
//! A bot reads the [`Game`] (omok hides nothing) and answers with one of its legal points.
//! [`OpeningBot`] takes the decisions of a competition opening ([`crate::opening`]).

mod opening;

pub use opening::OpeningBot;
pub(crate) use opening::{MARGIN, value};

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::board::{Board, index};
use crate::eval::score;
use crate::game::Game;
use crate::point::Point;
use crate::search::{self, Limits};

/// Something that picks moves.
pub trait Bot {
    /// A legal point for the player to move in `game`, or `None` once the game is over.
    fn choose(&mut self, game: &Game) -> Option<Point>;
}

/// Plays a uniformly random legal point.
#[derive(Clone, Debug)]
pub struct RandomBot<R> {
    rng: R,
}

impl<R: Rng> RandomBot<R> {
    /// A random bot drawing from `rng`.
    pub fn new(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }
}

impl<R: Rng> Bot for RandomBot<R> {
    fn choose(&mut self, game: &Game) -> Option<Point> {
        game.legal_actions().choose(&mut self.rng).copied()
    }
}

/// A one-move-deep bot that knows threats. In order, it:
/// 1. wins if it can;
/// 2. blocks the opponent's five;
/// 3. otherwise plays the best-scored legal point within two points of a stone, where a
///    point scores by the lines it makes for itself (an open four or double four first, then
///    a four-three, a double-three, fours, threes, room to grow) and, a little less, by the
///    lines it takes from the opponent (so that it blocks an open four in the making before
///    it builds a three of its own).
///
/// It never plays a foul, and it is deterministic: ties go to the point nearest the centre,
/// then the first in row order.
#[derive(Clone, Copy, Debug, Default)]
pub struct ThreatBot;

impl ThreatBot {
    /// The threat-aware bot.
    pub fn new() -> ThreatBot {
        ThreatBot
    }
}

impl Bot for ThreatBot {
    fn choose(&mut self, game: &Game) -> Option<Point> {
        let me = game.to_move()?;
        let board = game.board();
        let rule = game.rule();
        if board.stone_count() == 0 {
            let centre = board.size() / 2;
            return Some(Point::new(centre, centre));
        }
        let candidates: Vec<Point> = near_stones(board).filter(|&p| game.is_legal(p)).collect();
        if let Some(&win) = candidates.iter().find(|&&p| board.is_win(p, me, rule)) {
            return Some(win);
        }
        let opponent = me.opponent();
        if let Some(&block) = candidates
            .iter()
            .find(|&&p| board.is_win(p, opponent, rule))
        {
            return Some(block);
        }
        let centre = f32::from(board.size() - 1) / 2.0;
        let distance = |p: Point| (f32::from(p.x) - centre).abs() + (f32::from(p.y) - centre).abs();
        let best = candidates.into_iter().max_by(|&a, &b| {
            let key = |p: Point| (score(board, index(p), me, rule), -distance(p));
            let (sa, da) = key(a);
            let (sb, db) = key(b);
            sa.cmp(&sb).then(da.total_cmp(&db)).then(b.cmp(&a))
        });
        best.or_else(|| game.legal_actions().first().copied())
    }
}

/// Empty points within two points (in both directions) of some stone, row by row.
fn near_stones(board: &Board) -> impl Iterator<Item = Point> + '_ {
    let size = i16::from(board.size());
    board.empty_points().filter(move |p| {
        (-2..=2i16).any(|dy| {
            (-2..=2i16).any(|dx| {
                let (x, y) = (i16::from(p.x) + dx, i16::from(p.y) + dy);
                (0..size).contains(&x)
                    && (0..size).contains(&y)
                    && board.get(Point::new(x as u8, y as u8)).is_some()
            })
        })
    })
}

/// The searching bot: forced wins by fours (VCF) and by fours and threes (VCT) for itself,
/// the opponent's forced wins by fours stopped, and otherwise an alpha-beta search with a
/// pattern evaluation, deepened while its [`Limits`] last (see [`crate::search`]).
///
/// With a node budget alone (the default) it is deterministic. It never plays a foul, and as
/// white under renju its forced wins count the points black may not take.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchBot {
    /// The budget of each move's search.
    pub limits: Limits,
}

impl SearchBot {
    /// A searching bot with `limits` per move.
    pub fn new(limits: Limits) -> SearchBot {
        SearchBot { limits }
    }
}

impl Bot for SearchBot {
    fn choose(&mut self, game: &Game) -> Option<Point> {
        search::decide(game, self.limits).map(|decision| decision.point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::Rule;

    fn game(rule: Rule, record: &str) -> Game {
        Game::from_record(rule, 15, record).unwrap()
    }

    fn choice(game: &Game) -> String {
        ThreatBot.choose(game).unwrap().to_string()
    }

    #[test]
    fn opens_in_the_centre() {
        assert_eq!(choice(&Game::new(Rule::Renju)), "h8");
        assert_eq!(
            ThreatBot.choose(&Game::with_size(Rule::Renju, 6).unwrap()),
            Some(Point::new(3, 3))
        );
    }

    #[test]
    fn wins_when_it_can() {
        // Black h8 i8 j8 k8, white to block too late: black to move wins at g8 or l8.
        let g = game(Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 b5");
        assert!(["g8", "l8"].contains(&choice(&g).as_str()));
    }

    #[test]
    fn blocks_a_five() {
        // White has a1 a2 a3 a4; black must block a5.
        let g = game(Rule::Freestyle, "h8 a1 h10 a2 m3 a3 c13 a4");
        assert_eq!(choice(&g), "a5");
    }

    #[test]
    fn blocks_an_open_three_before_it_becomes_an_open_four() {
        // White e5 f5 g5 is an open three; black has nothing better.
        let g = game(Rule::Freestyle, "h8 e5 m12 f5 b14 g5");
        assert!(
            ["d5", "h5"].contains(&choice(&g).as_str()),
            "{}",
            choice(&g)
        );
    }

    #[test]
    fn makes_an_open_four() {
        // Black h8 i8 j8 open; black to move makes an open four rather than anything else.
        let g = game(Rule::Freestyle, "h8 a1 i8 a3 j8 a5");
        assert!(["g8", "k8"].contains(&choice(&g).as_str()));
    }

    /// Issue 10.2: a time budget too long for the clock is no time limit, not a panic.
    #[test]
    fn the_search_bot_takes_any_time_budget() {
        use std::time::Duration;
        let mut bot = SearchBot::new(Limits::time(Duration::MAX));
        assert_eq!(
            bot.choose(&Game::new(Rule::Renju)),
            Some("h8".parse().unwrap())
        );
        let g = game(Rule::Freestyle, "h8 a1 i8 a3 j8 a5 k8 a7");
        assert!(["g8", "l8"].contains(&bot.choose(&g).unwrap().to_string().as_str()));
    }

    #[test]
    fn never_plays_a_foul() {
        // h8 is a double-three for black under renju, and the best point by shape.
        let g = game(Rule::Renju, "f8 a1 g8 a3 h10 a5 h9 a7");
        let p = ThreatBot.choose(&g).unwrap();
        assert!(g.is_legal(p));
        assert_ne!(p.to_string(), "h8");
    }
}
