//! The engine's choices in a swap2 opening (`SWAP2BOARD`, the Gomocup swap2 rules): which
//! three stones to propose, and with three or five stones on the board whether to swap,
//! move, or put two more stones.

use super::{Engine, Reply, xy};
use crate::bot::{MARGIN, value};
use crate::game::Game;
use crate::opening::{Opening, OpeningAction, OpeningError, OpeningRule, Seat};
use crate::point::Point;
use crate::search::Decision;

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

/// The engine's answer with three or five stones on the board.
enum Answer {
    /// `SWAP`: take black, and let the opponent move as white.
    Swap,
    /// Play white's next move.
    Move(Point),
    /// Put the 4th (white) and 5th (black) stones, for the opponent to choose a colour.
    Two(Point, Point),
}

impl Engine {
    /// Answers a `SWAP2BOARD` block of `stones` in move order. The stones and the engine's
    /// choice go through the library's swap2 [`Opening`], which validates them: the first
    /// three are the proposer's, the 4th and 5th the other seat's.
    pub(super) fn swap2(&mut self, stones: &[(Point, u8)]) -> Reply {
        let Some(size) = self.game.as_ref().map(Game::size) else {
            return Reply::error(super::NO_GAME);
        };
        if ![0, 3, 5].contains(&stones.len()) {
            return Reply::error(format!(
                "SWAP2BOARD takes 0, 3 or 5 stones, not {}",
                stones.len()
            ));
        }
        let mut opening = match Opening::new(OpeningRule::Swap2, self.settings.rule, size) {
            Ok(opening) => opening,
            Err(error) => return Reply::error(error),
        };
        for (number, &(point, _)) in stones.iter().enumerate() {
            let seat = if number < 3 {
                Seat::First
            } else {
                Seat::Second
            };
            if let Err(error) = opening.apply(seat, OpeningAction::Place(point)) {
                let reason = match error {
                    OpeningError::Move(error) => super::describe_error(&error),
                    other => other.to_string(),
                };
                return Reply::error(format!("SWAP2BOARD stone {}: {reason}", number + 1));
            }
        }
        let mut game = opening.game().clone();
        if stones.is_empty() {
            let reply = self.propose(&mut game);
            self.game = Some(game);
            return reply;
        }
        let answer = if stones.len() == 3 {
            self.after_three(&game)
        } else {
            self.after_five(&game)
        };
        let Some(answer) = answer else {
            return Reply::error("the game is over");
        };
        match self.settle(opening, &answer) {
            Ok(game) => {
                self.game = Some(game);
                Reply::one(match answer {
                    Answer::Swap => "SWAP".to_string(),
                    Answer::Move(p) => xy(p),
                    Answer::Two(fourth, fifth) => format!("{} {}", xy(fourth), xy(fifth)),
                })
            }
            Err(error) => Reply::error(format!("the engine's swap2 choice was refused: {error}")),
        }
    }

    /// The game after the engine's `answer`, applied to the opening: with three stones the
    /// engine is the second seat (white), with five the first (black until it swaps).
    fn settle(&self, mut opening: Opening, answer: &Answer) -> Result<Game, OpeningError> {
        let seat = if opening.game().moves().len() == 3 {
            Seat::Second
        } else {
            Seat::First
        };
        // Gomocup's `SWAP` takes black: the second seat swaps, the first stays.
        let (take_black, keep_white) = match seat {
            Seat::Second => (OpeningAction::Swap, OpeningAction::Stay),
            Seat::First => (OpeningAction::Stay, OpeningAction::Swap),
        };
        match *answer {
            Answer::Swap => {
                opening.apply(seat, take_black)?;
            }
            Answer::Move(p) => {
                opening.apply(seat, keep_white)?;
                let mut game = opening.into_game();
                game.play(p)?;
                return Ok(game);
            }
            Answer::Two(fourth, fifth) => {
                opening.apply(seat, OpeningAction::Place(fourth))?;
                opening.apply(seat, OpeningAction::Place(fifth))?;
            }
        }
        Ok(opening.into_game())
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
    fn after_three(&self, game: &Game) -> Option<Answer> {
        let best = self.search_share(game, 1, 2).first().copied()?;
        let score = value(&best);
        if score < -MARGIN {
            return Some(Answer::Swap);
        }
        if score > MARGIN {
            return Some(Answer::Move(best.point));
        }
        // Black's 5th: among black's best replies, the one that leaves the most even game.
        let after = game.after(best.point).ok()?;
        let fifth = self
            .search_share(&after, 4, 2)
            .into_iter()
            .min_by_key(|d| value(d).abs());
        Some(match fifth {
            Some(fifth) => Answer::Two(best.point, fifth.point),
            None => Answer::Move(best.point),
        })
    }

    /// With five stones, the engine chooses its colour: black (swap) when white to move is
    /// worse, white and the 6th move otherwise.
    fn after_five(&self, game: &Game) -> Option<Answer> {
        let best = self.search_share(game, 1, 1).first().copied()?;
        Some(if value(&best) < 0 {
            Answer::Swap
        } else {
            Answer::Move(best.point)
        })
    }

    /// The `n` best moves of a search with a `1 / parts` share of the move's time and nodes,
    /// so that the whole answer keeps to one move's budget.
    fn search_share(&self, game: &Game, n: usize, parts: usize) -> Vec<Decision> {
        let mut limits = self.settings.limits();
        let parts = u32::try_from(parts.max(1)).unwrap_or(1);
        limits.time = limits.time.map(|t| t / parts);
        limits.nodes /= u64::from(parts);
        self.search_with(game, limits, n)
    }
}
