//! Deserialize for the [`Board`] and the [`Game`], read back checked (feature `serde`): a
//! board's size is 5 to 26, its cells empty, black or white on the board and edge off it,
//! its stone count theirs; a game's moves are on its board, each holding the stone of its
//! turn. A snapshot that breaks one is refused with an error instead of building a value a
//! later call would index out of range.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use crate::board::{CELLS, checked_board};
use crate::game::Outcome;
use crate::{Board, Game, Point, Rule, Stone};

/// A board's fields as written.
#[derive(Deserialize)]
struct RawBoard {
    size: u8,
    stones: u16,
    #[serde(with = "crate::serde_array")]
    cells: [u8; CELLS],
}

impl<'de> Deserialize<'de> for Board {
    /// The fields of a board, checked as the module says.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let raw = RawBoard::deserialize(deserializer)?;
        checked_board(raw.size, raw.stones, &raw.cells).map_err(D::Error::custom)
    }
}

/// A game's fields as written.
#[derive(Deserialize)]
pub(crate) struct RawGame {
    rule: Rule,
    board: Board,
    first: Stone,
    moves: Vec<Point>,
    outcome: Option<Outcome>,
}

impl TryFrom<RawGame> for Game {
    type Error = String;

    /// The game of the fields when every move is on the board with the stone of its turn
    /// (the first player's, then alternating), each point once.
    fn try_from(raw: RawGame) -> Result<Game, String> {
        let size = raw.board.size();
        let mut stone = raw.first;
        for (i, &p) in raw.moves.iter().enumerate() {
            if raw.moves[..i].contains(&p) {
                return Err(format!("move {i} ({}) is played twice", p.notation(size)));
            }
            if raw.board.get(p) != Some(stone) {
                return Err(format!(
                    "move {i} ({}) does not hold a {stone:?} stone on the {size}x{size} board",
                    p.notation(size)
                ));
            }
            stone = stone.opponent();
        }
        Ok(Game::from_parts(
            raw.rule,
            raw.board,
            raw.first,
            raw.moves,
            raw.outcome,
        ))
    }
}
