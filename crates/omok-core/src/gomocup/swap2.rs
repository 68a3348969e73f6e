//! The engine's choices in a swap2 opening (`SWAP2BOARD`, the Gomocup swap2 rules): which
//! three stones to propose, and with three or five stones on the board whether to swap,
//! move, or put two more stones.

use super::{Engine, Reply, xy};
use crate::game::Game;
use crate::point::Point;
use crate::search::{Decision, Reason};

/// Three-stone openings (black, white, black) the engine may propose, as offsets from the
/// centre: stones apart from each other, whose balance the search judges.
const PROPOSALS: [[(i8, i8); 3]; 6] = [
    [(0, 0), (1, -1), (3, 1)],
    [(0, 0), (2, 0), (-1, 3)],
    [(0, 0), (-2, 1), (3, 2)],
    [(0, 0), (1, 2), (-3, -1)],
    [(0, 0), (3, 0), (0, 3)],
    [(-2, -2), (0, 0), (2, 2)],
];

/// A score (for the player to move) beyond which a side is judged better: above it white
/// keeps its colour and moves, below its negative the engine swaps.
const MARGIN: i32 = 400;

/// A decision's value for the player to move: forced wins count as wins, a forced defence
/// (the opponent threatens five, or a forced win by fours) as worse by twice the margin,
/// the opening move as even, the alpha-beta's score as it is.
fn value(decision: &Decision) -> i32 {
    match decision.reason {
        Reason::Five | Reason::Vcf | Reason::Vct => 1_000_000,
        Reason::AlphaBeta { score, .. } => score,
        Reason::Block | Reason::StopVcf => -2 * MARGIN,
        Reason::Only => 0,
    }
}

impl Engine {
    /// Answers a `SWAP2BOARD` block of `stones` in move order.
    pub(super) fn swap2(&mut self, stones: &[(Point, u8)]) -> Reply {
        let Some(size) = self.game.as_ref().map(Game::size) else {
            return Reply::error(super::NO_GAME);
        };
        let mut game = match Game::with_size(self.settings.rule, size) {
            Ok(game) => game,
            Err(error) => return Reply::error(error),
        };
        for (number, &(point, _)) in stones.iter().enumerate() {
            if let Err(error) = game.play(point) {
                return Reply::error(format!(
                    "SWAP2BOARD stone {}: {}",
                    number + 1,
                    super::describe_error(&error)
                ));
            }
        }
        let reply = match stones.len() {
            0 => self.propose(&mut game),
            3 => self.after_three(&mut game),
            5 => self.after_five(&mut game),
            n => {
                return Reply::error(format!("SWAP2BOARD takes 0, 3 or 5 stones, not {n}"));
            }
        };
        self.game = Some(game);
        reply
    }

    /// The three stones the search judges the most even (white to move after them).
    fn propose(&self, game: &mut Game) -> Reply {
        let centre = i16::from(game.size() / 2);
        let place = |(dx, dy): (i8, i8)| {
            let (x, y) = (centre + i16::from(dx), centre + i16::from(dy));
            Point::new(u8::try_from(x).unwrap_or(0), u8::try_from(y).unwrap_or(0))
        };
        let mut best: Option<(i32, Game)> = None;
        for proposal in PROPOSALS {
            let mut candidate = game.clone();
            if proposal.iter().any(|&d| candidate.play(place(d)).is_err()) {
                continue;
            }
            let score = self
                .search_share(&candidate, 1, PROPOSALS.len())
                .first()
                .map_or(0, value);
            if best.as_ref().is_none_or(|(b, _)| score.abs() < b.abs()) {
                best = Some((score.abs(), candidate));
            }
        }
        let Some((_, chosen)) = best else {
            return Reply::error("no three-stone opening fits this board");
        };
        let points: Vec<String> = chosen.moves().iter().map(|&p| xy(p)).collect();
        *game = chosen;
        Reply::one(points.join(" "))
    }

    /// With three stones, the engine is white: swap when white is worse, play the 4th move
    /// when white is better, and otherwise put the 4th and 5th stones so that the position
    /// is as even as the search can make it, for the opponent to choose a colour.
    fn after_three(&self, game: &mut Game) -> Reply {
        let ranked = self.search_share(game, 1, 2);
        let Some(best) = ranked.first().copied() else {
            return Reply::error("the game is over");
        };
        let score = value(&best);
        if score < -MARGIN {
            return Reply::one("SWAP");
        }
        let _ = game.play(best.point);
        if score > MARGIN {
            return Reply::one(xy(best.point));
        }
        // Black's 5th: among black's best replies, the one that leaves the most even game.
        let fifth = self
            .search_share(game, 4, 2)
            .into_iter()
            .min_by_key(|d| value(d).abs());
        match fifth {
            Some(fifth) if game.play(fifth.point).is_ok() => {
                Reply::one(format!("{} {}", xy(best.point), xy(fifth.point)))
            }
            _ => Reply::one(xy(best.point)),
        }
    }

    /// With five stones, the engine chooses its colour: black (swap) when white to move is
    /// worse, white and the 6th move otherwise.
    fn after_five(&self, game: &mut Game) -> Reply {
        let Some(best) = self.search_share(game, 1, 1).first().copied() else {
            return Reply::error("the game is over");
        };
        if value(&best) < 0 {
            return Reply::one("SWAP");
        }
        let _ = game.play(best.point);
        Reply::one(xy(best.point))
    }

    /// The `n` best moves of a search with a `1 / parts` share of the move's time.
    fn search_share(&self, game: &Game, n: usize, parts: usize) -> Vec<Decision> {
        let mut limits = self.settings.limits();
        limits.time = limits.time.map(|t| t / u32::try_from(parts).unwrap_or(1));
        self.search_with(game, limits, n)
    }
}
