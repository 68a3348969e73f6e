//! Position blocks: `BOARD`, `YXBOARD` and `SWAP2BOARD`, their lines up to `DONE`, and the
//! game they set up.

use super::{Engine, NO_GAME, Reply, xy};
use crate::board::Board;
use crate::game::{Game, SetupError};
use crate::point::Point;
use crate::stone::Stone;

/// Which command opened a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BlockKind {
    /// `BOARD`: set the position, then move.
    Board,
    /// `YXBOARD`: set the position only.
    YxBoard,
    /// `SWAP2BOARD`: the swap2 opening's stones, in move order, then the engine's choice.
    Swap2,
}

/// A block being read: which command, and the stones so far with whose they are (1 own,
/// 2 the opponent's, 3 a winning line's; in a `SWAP2BOARD` block, by move order).
#[derive(Clone, Debug)]
pub(super) struct Block {
    kind: BlockKind,
    stones: Vec<(Point, u8)>,
}

impl Engine {
    pub(super) fn open_block(&mut self, kind: BlockKind) -> Reply {
        if self.game.is_none() {
            return Reply::error(NO_GAME);
        }
        self.block = Some(Block {
            kind,
            stones: Vec::new(),
        });
        Reply::none()
    }

    /// A line inside a block: a stone, or `DONE`.
    pub(super) fn block_line(&mut self, line: &str) -> Reply {
        let Some(kind) = self.block.as_ref().map(|b| b.kind) else {
            return Reply::none();
        };
        if line.eq_ignore_ascii_case("DONE") {
            let stones = self.block.take().map(|b| b.stones).unwrap_or_default();
            return match kind {
                BlockKind::Board => self.set_up(&stones, true),
                BlockKind::YxBoard => self.set_up(&stones, false),
                BlockKind::Swap2 => self.swap2(&stones),
            };
        }
        let stone = match kind {
            BlockKind::Swap2 => self.swap2_stone(line),
            BlockKind::Board | BlockKind::YxBoard => self.board_stone(line),
        };
        let (point, who) = match stone {
            Ok(stone) => stone,
            Err(message) => return Reply::error(message),
        };
        let Some(block) = self.block.as_mut() else {
            return Reply::none();
        };
        if block.stones.iter().any(|&(p, _)| p == point) {
            return Reply::error(format!("{} is given twice", xy(point)));
        }
        block.stones.push((point, who));
        Reply::none()
    }

    /// `x,y,who` of a `BOARD` or `YXBOARD` block.
    fn board_stone(&self, line: &str) -> Result<(Point, u8), String> {
        let not_a_stone = || format!("`{line}` is not x,y,who inside BOARD (DONE ends it)");
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let &[x, y, who] = fields.as_slice() else {
            return Err(not_a_stone());
        };
        let point = self.point(&format!("{x},{y}"))?;
        match who.parse::<u8>() {
            Ok(who @ 1..=3) => Ok((point, who)),
            _ => Err(not_a_stone()),
        }
    }

    /// `x,y` of a `SWAP2BOARD` block: black's and white's stones alternate, black first.
    /// Whose they are is settled at `DONE`, by their count.
    fn swap2_stone(&self, line: &str) -> Result<(Point, u8), String> {
        let count = self.block.as_ref().map_or(0, |b| b.stones.len());
        let point = self
            .point(line)
            .map_err(|reason| format!("{reason} (SWAP2BOARD takes x,y lines, DONE ends it)"))?;
        Ok((point, if count.is_multiple_of(2) { 1 } else { 2 }))
    }

    /// Sets up the position of a `BOARD` or `YXBOARD` block and, if `think`, moves. Own
    /// stones are `1`, the opponent's `2` (and `3`, a winning line in continuous games,
    /// counts as the opponent's); the engine is the colour to move.
    pub(super) fn set_up(&mut self, stones: &[(Point, u8)], think: bool) -> Reply {
        let size = self.game.as_ref().map_or(15, Game::size);
        let own = stones.iter().filter(|s| s.1 == 1).count();
        let theirs = stones.len() - own;
        // The engine moves next: black with equal counts, white with one stone fewer.
        let me = match theirs.checked_sub(own) {
            Some(0) => Stone::Black,
            Some(1) => Stone::White,
            _ => {
                return Reply::error(format!(
                    "{own} own stones and {theirs} of the opponent's: it cannot be my turn"
                ));
            }
        };
        let stone = |who: u8| if who == 1 { me } else { me.opponent() };
        match self.position(size, stones, stone) {
            Ok(game) => {
                self.game = Some(game);
                if think { self.think() } else { Reply::none() }
            }
            Err(SetupError::AlreadyWon { stone, point, .. }) => {
                let whose = if stone == me { "I" } else { "the opponent" };
                Reply::error(format!("{whose} already won, through {}", xy(point)))
            }
            Err(error) => Reply::error(error),
        }
    }

    /// The game of `stones`: their moves, when they replay as a game in the order given;
    /// a position without history otherwise.
    pub(super) fn position(
        &self,
        size: u8,
        stones: &[(Point, u8)],
        stone: impl Fn(u8) -> Stone,
    ) -> Result<Game, SetupError> {
        if let Some(game) = self
            .as_record(size, stones, &stone)
            .filter(|g| !g.is_over())
        {
            return Ok(game);
        }
        let mut board = Board::new(size).unwrap_or_default();
        for &(point, who) in stones {
            let _ = board.set(point, Some(stone(who)));
        }
        Game::from_board(self.settings.rule, &board)
    }

    /// The stones of a block as a game record, when they came in an order that replays as
    /// one (black first, the colours alternating, every move legal), as managers send them:
    /// then `TAKEBACK` can take them back. `None` otherwise, and the position has no history.
    fn as_record(
        &self,
        size: u8,
        stones: &[(Point, u8)],
        stone: impl Fn(u8) -> Stone,
    ) -> Option<Game> {
        let mut game = Game::with_size(self.settings.rule, size).ok()?;
        for &(point, who) in stones {
            if game.to_move() != Some(stone(who)) {
                return None;
            }
            game.play(point).ok()?;
        }
        Some(game)
    }
}
