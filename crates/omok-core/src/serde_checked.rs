//! Deserialize for the [`Board`] and the [`Game`], read back checked (feature `serde`): a
//! board's size is 5 to 26, its cells empty, black or white on the board and edge off it,
//! its stone count theirs; a game's moves are on its board, each holding the stone of its
//! turn, and the game replays: its start position set up, its moves played by the rules,
//! ending with its outcome. A snapshot that breaks one is refused with an error instead of
//! building a value a later call would index out of range or a position no game reaches.

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
        let written = Game::from_parts(raw.rule, raw.board, raw.first, raw.moves, raw.outcome);
        replayed(&written)
    }
}

/// The game `written` replayed: set up on its start position ([`Game::from_board`]: stone
/// counts, no line already won), then its moves played one by one, each checked by the
/// rules; it must end as written (the first player, the outcome). So a snapshot cannot
/// hold a position no game reaches, such as a full board with fives and no outcome.
///
/// # Errors
/// Naming the set-up, the move or the field that does not replay.
fn replayed(written: &Game) -> Result<Game, String> {
    let size = written.size();
    let mut game = Game::from_board(written.rule(), &written.start_position())
        .map_err(|e| format!("the start position: {e}"))?;
    for (i, &p) in written.moves().iter().enumerate() {
        game.play(p)
            .map_err(|e| format!("move {i} ({}): {e}", p.notation(size)))?;
    }
    if game.outcome() != written.outcome() || game.first() != written.first() {
        return Err(format!(
            "the outcome written ({:?}) and its first player ({:?}) are not the moves' ({:?}, {:?})",
            written.outcome(),
            written.first(),
            game.outcome(),
            game.first()
        ));
    }
    Ok(game)
}
