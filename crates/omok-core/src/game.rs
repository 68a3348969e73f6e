//! A game: turns, legality, outcome, undo and the move record ([spec](crate::spec) sections
//! 1 and 3).

use std::fmt;

use thiserror::Error;

use crate::board::{Board, DEFAULT_SIZE, SizeError};
use crate::point::{ParsePointError, Point};
use crate::rule::{Foul, Rule};
use crate::stone::Stone;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// `winner` made a winning line; `line` holds its stones in line order (five, or more
    /// under a rule where an overline wins).
    Win {
        /// Who won.
        winner: Stone,
        /// The stones of the winning line.
        line: Vec<Point>,
    },
    /// The board is full, or the player to move has no legal point, with no winner.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Stone> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw => None,
        }
    }
}

impl Outcome {
    /// The outcome in words, the winning line in renju notation for a `size` x `size` board:
    /// `black wins with h8 i9 j10 k11 l12`, or `draw`.
    pub fn notation(&self, size: u8) -> impl fmt::Display + '_ {
        OutcomeNotation {
            outcome: self,
            size,
        }
    }
}

impl fmt::Display for Outcome {
    /// The outcome in words, points in renju notation for a 15x15 board; see
    /// [`Outcome::notation`] for other sizes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notation(DEFAULT_SIZE).fmt(f)
    }
}

struct OutcomeNotation<'a> {
    outcome: &'a Outcome,
    size: u8,
}

impl fmt::Display for OutcomeNotation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Outcome::Win { winner, line } => {
                write!(f, "{winner} wins with")?;
                line.iter()
                    .try_for_each(|p| write!(f, " {}", p.notation(self.size)))
            }
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// A move that [`Game::play`] refuses. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MoveError {
    /// The point is not on the board.
    #[error("{} is off the {size}x{size} board", point.notation(*size))]
    OffBoard {
        /// The point asked for.
        point: Point,
        /// The board's side length.
        size: u8,
    },
    /// A stone is already there.
    #[error("{} is already taken by {stone}", point.notation(*size))]
    Occupied {
        /// The point asked for.
        point: Point,
        /// The stone on it.
        stone: Stone,
        /// The board's side length, for the notation.
        size: u8,
    },
    /// The point is forbidden to the player to move.
    #[error("{} is forbidden to {stone}: {foul}", point.notation(*size))]
    Forbidden {
        /// The point asked for.
        point: Point,
        /// The player to move.
        stone: Stone,
        /// Why it is forbidden.
        foul: Foul,
        /// The board's side length, for the notation.
        size: u8,
    },
    /// The game has ended; no more moves.
    #[error("the game is over")]
    GameOver,
}

/// A game record that does not replay: which move, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum RecordError {
    /// The board size is not from 5 to 26.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A move is not a point.
    #[error("move {number}: {error}")]
    Parse {
        /// The move's number, from 1.
        number: usize,
        /// Why it is not a point.
        error: ParsePointError,
    },
    /// A move is not legal where it stands.
    #[error("move {number}: {error}")]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// Why it is refused.
        error: MoveError,
    },
}

/// A board that cannot be a position of a game, for [`Game::from_board`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SetupError {
    /// Black moves first, so black has as many stones as white, or one more.
    #[error("black has {black} stones and white {white}: black must have as many, or one more")]
    StoneCounts {
        /// Black stones on the board.
        black: usize,
        /// White stones on the board.
        white: usize,
    },
    /// A colour already has a winning line.
    #[error("{stone} already has a winning line through {}", point.notation(*size))]
    AlreadyWon {
        /// The colour with the line.
        stone: Stone,
        /// A stone of the line.
        point: Point,
        /// The board's side length, for the notation.
        size: u8,
    },
}

/// A move that [`Game::undo`] cannot take back. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum UndoError {
    /// The game is at its start, an empty board: no move has been played.
    #[error("no move has been played")]
    NoMoves,
    /// The game was set up from a board ([`Game::from_board`]), and every move played
    /// since has been taken back: the order of the set-up stones is not known.
    #[error("the game was set up from a board of {stones} stones, whose order is not known")]
    SetUp {
        /// Stones on the set-up board.
        stones: usize,
    },
}

/// A game of omok, gomoku or renju under one [`Rule`]: black moves first, the players
/// alternate, each move validated before it changes anything.
///
/// ```
/// use omok_core::{Game, Rule, Stone};
///
/// let mut game = Game::new(Rule::Freestyle);
/// for text in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4"] {
///     assert_eq!(game.play(text.parse()?)?, None);
/// }
/// let outcome = game.play("l8".parse()?)?.expect("five in a row");
/// assert_eq!(outcome.winner(), Some(Stone::Black));
/// assert!(game.play("b1".parse()?).is_err(), "the game is over");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::serde_checked::RawGame"))]
pub struct Game {
    rule: Rule,
    board: Board,
    /// The colour to move at the start position: black on an empty board.
    first: Stone,
    /// The moves played from the start position.
    moves: Vec<Point>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game of these fields, as a checked snapshot gives them (`serde_checked`).
    #[cfg(feature = "serde")]
    pub(crate) fn from_parts(
        rule: Rule,
        board: Board,
        first: Stone,
        moves: Vec<Point>,
        outcome: Option<Outcome>,
    ) -> Game {
        Game {
            rule,
            board,
            first,
            moves,
            outcome,
        }
    }

    /// The colour that moved first (white on a start position with one black stone more).
    pub(crate) fn first(&self) -> Stone {
        self.first
    }

    /// A new game on the default 15x15 board.
    pub fn new(rule: Rule) -> Game {
        Game::on(rule, Board::default())
    }

    /// A new game on a `size` x `size` board.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is from 5 to 26.
    pub fn with_size(rule: Rule, size: u8) -> Result<Game, SizeError> {
        Ok(Game::on(rule, Board::new(size)?))
    }

    fn on(rule: Rule, board: Board) -> Game {
        let points = usize::from(board.size()).pow(2);
        Game {
            rule,
            board,
            first: Stone::Black,
            moves: Vec::with_capacity(points),
            outcome: None,
        }
    }

    /// A game at a position set up on `board`, with the player to move found from the stone
    /// counts (black when they are equal). The stones are the start position, not moves:
    /// the order they were played in is not known, so [`Game::moves`] and [`Game::record`]
    /// start empty and [`Game::undo`] takes back only the moves played after this (it then
    /// answers [`UndoError::SetUp`]). With a record, use [`Game::from_record`] instead.
    ///
    /// # Errors
    /// [`SetupError::StoneCounts`] unless black has as many stones as white or one more, and
    /// [`SetupError::AlreadyWon`] if a colour already has a winning line under `rule`.
    pub fn from_board(rule: Rule, board: &Board) -> Result<Game, SetupError> {
        let stones = |stone| board.points().filter(move |&p| board.get(p) == Some(stone));
        let (black, white) = (stones(Stone::Black).count(), stones(Stone::White).count());
        if black != white && black != white + 1 {
            return Err(SetupError::StoneCounts { black, white });
        }
        for p in stones(Stone::Black).chain(stones(Stone::White)) {
            let mut without = board.clone();
            let stone = without.set(p, None).ok().flatten();
            if let Some(stone) = stone.filter(|&s| without.is_win(p, s, rule)) {
                return Err(SetupError::AlreadyWon {
                    stone,
                    point: p,
                    size: board.size(),
                });
            }
        }
        let mut game = Game::on(rule, board.clone());
        if black > white {
            game.first = Stone::White;
        }
        if game.next_player_is_stuck() {
            game.outcome = Some(Outcome::Draw);
        }
        Ok(game)
    }

    /// The position the game started from: an empty board, or the board a game was set up
    /// on with [`Game::from_board`]. `Game::from_board` of it, then [`Game::play_record`] of
    /// [`Game::record`], replays the game.
    pub fn start_position(&self) -> Board {
        let mut start = self.board.clone();
        for &p in &self.moves {
            let _ = start.set(p, None);
        }
        start
    }

    /// Replays a game record on a new `size` x `size` board: moves in renju notation for
    /// that size, separated by spaces or commas, as [`Game::record`] writes them.
    ///
    /// # Errors
    /// [`RecordError::Size`] for a bad size, [`RecordError::Parse`] for a move that is not a
    /// point and [`RecordError::Illegal`] for a move the game refuses, each with the move's
    /// number.
    pub fn from_record(rule: Rule, size: u8, record: &str) -> Result<Game, RecordError> {
        let mut game = Game::with_size(rule, size)?;
        game.play_record(record)?;
        Ok(game)
    }

    /// Plays the moves of a record (see [`Game::from_record`]) after the moves already made.
    ///
    /// # Errors
    /// [`RecordError`] for the first move that does not parse or is refused; the moves before
    /// it stay played, and none after it is tried.
    pub fn play_record(&mut self, record: &str) -> Result<(), RecordError> {
        let tokens = record.split(|c: char| c.is_whitespace() || c == ',');
        for (number, token) in (self.moves.len() + 1..).zip(tokens.filter(|t| !t.is_empty())) {
            let point = Point::parse_on(token, self.size())
                .map_err(|error| RecordError::Parse { number, error })?;
            self.play(point)
                .map_err(|error| RecordError::Illegal { number, error })?;
        }
        Ok(())
    }

    /// The moves so far in renju notation for this board size, separated by spaces
    /// (`"h8 i9 j10"`): for a game set up with [`Game::from_board`], the moves played after
    /// the set-up (see [`Game::start_position`]).
    pub fn record(&self) -> String {
        let size = self.size();
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|p| p.notation(size).to_string())
            .collect();
        moves.join(" ")
    }

    /// The rule set.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The board's side length.
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves so far, in order: for a game set up with [`Game::from_board`], those played
    /// after the set-up (the set-up stones are not moves).
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    /// The colour whose turn it is, whether or not the game is over.
    pub fn turn(&self) -> Stone {
        if self.moves.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.opponent()
        }
    }

    /// The colour to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Stone> {
        self.outcome.is_none().then(|| self.turn())
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the player to move may play `p` now.
    pub fn is_legal(&self, p: Point) -> bool {
        self.check(p).is_ok()
    }

    /// Every point the player to move may play, row by row from the top; empty once the
    /// game is over, and never empty before.
    pub fn legal_actions(&self) -> Vec<Point> {
        if self.is_over() {
            return Vec::new();
        }
        self.board
            .empty_points()
            .filter(|&p| self.is_legal(p))
            .collect()
    }

    /// Checks a move of the player to move without playing it.
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn check(&self, p: Point) -> Result<(), MoveError> {
        let size = self.size();
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.board.contains(p) {
            return Err(MoveError::OffBoard { point: p, size });
        }
        if let Some(stone) = self.board.get(p) {
            return Err(MoveError::Occupied {
                point: p,
                stone,
                size,
            });
        }
        let stone = self.turn();
        match self.board.foul(p, stone, self.rule) {
            Some(foul) => Err(MoveError::Forbidden {
                point: p,
                stone,
                foul,
                size,
            }),
            None => Ok(()),
        }
    }

    /// Plays `p` for the player to move; returns the outcome if the move ended the game
    /// (a win, or a draw on a full board or when the next player has no legal point).
    ///
    /// # Errors
    /// - [`MoveError::GameOver`] once the game has ended;
    /// - [`MoveError::OffBoard`] for a point off the board;
    /// - [`MoveError::Occupied`] for a point that holds a stone;
    /// - [`MoveError::Forbidden`] for a foul of the player to move (a move that wins is never
    ///   one).
    ///
    /// On error the game is unchanged.
    pub fn play(&mut self, p: Point) -> Result<Option<Outcome>, MoveError> {
        self.check(p)?;
        let stone = self.turn();
        let line = self.board.winning_line(p, stone, self.rule);
        // `check` proved the point empty and on the board.
        let _ = self.board.set(p, Some(stone));
        self.moves.push(p);
        self.outcome = match line {
            Some(line) => Some(Outcome::Win {
                winner: stone,
                line,
            }),
            None if self.next_player_is_stuck() => Some(Outcome::Draw),
            None => None,
        };
        Ok(self.outcome.clone())
    }

    /// The same as [`Game::play`], under the name every crate of the workspace uses.
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn apply(&mut self, p: Point) -> Result<Option<Outcome>, MoveError> {
        self.play(p)
    }

    /// The game after `p`, leaving this one as it is.
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn after(&self, p: Point) -> Result<Game, MoveError> {
        let mut next = self.clone();
        next.play(p)?;
        Ok(next)
    }

    /// Takes back the last move, and with it the outcome; returns its point.
    ///
    /// # Errors
    /// At the start position, with the game unchanged: [`UndoError::NoMoves`] on an empty
    /// board, [`UndoError::SetUp`] for a game set up with [`Game::from_board`] (whose stones
    /// have no known order).
    pub fn undo(&mut self) -> Result<Point, UndoError> {
        let Some(p) = self.moves.pop() else {
            return Err(match self.board.stone_count() {
                0 => UndoError::NoMoves,
                stones => UndoError::SetUp { stones },
            });
        };
        let _ = self.board.set(p, None);
        self.outcome = None;
        Ok(p)
    }

    /// Whether the player to move now has nowhere to play: the board is full, or (under a
    /// rule with fouls) every empty point is forbidden. The search stops at the first legal
    /// point, which is almost always among the first few.
    fn next_player_is_stuck(&self) -> bool {
        let (stone, rule) = (self.turn(), self.rule);
        self.board.is_full()
            || rule.has_fouls(stone)
                && self
                    .board
                    .empty_points()
                    .all(|p| self.board.foul(p, stone, rule).is_some())
    }
}

impl Default for Game {
    /// A new game under the default rule ([`Rule::Omok`]) on a 15x15 board.
    fn default() -> Game {
        Game::new(Rule::default())
    }
}

impl fmt::Display for Game {
    /// The board with the last move between brackets: `X` black, `O` white, `.` empty,
    /// column letters above and below, row numbers (from the bottom) left and right.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board.draw(f, self.last_move(), &[])
    }
}

impl Game {
    /// The board as [`Game`]'s `Display` draws it, with every empty point forbidden to
    /// `stone` under the game's rule drawn as `!` ([spec](crate::spec) section 3): black's
    /// fouls under renju, either colour's double-threes under omok, none otherwise.
    ///
    /// ```
    /// use omok_core::{Game, Rule, Stone};
    ///
    /// let game = Game::from_record(Rule::Renju, 15, "h8 a1 i8 a2 g9 a3 g7 a4")?;
    /// let board = game.display_with_fouls(Stone::Black).to_string();
    /// assert!(board.lines().nth(8).unwrap().starts_with(" 8  . . . . . . ! X X"));
    /// # Ok::<(), omok_core::RecordError>(())
    /// ```
    pub fn display_with_fouls(&self, stone: Stone) -> impl fmt::Display + '_ {
        WithFouls {
            game: self,
            forbidden: self
                .board
                .fouls(stone, self.rule)
                .into_iter()
                .map(|(p, _)| p)
                .collect(),
        }
    }
}

/// A game drawn with the points forbidden to one colour.
struct WithFouls<'a> {
    game: &'a Game,
    forbidden: Vec<Point>,
}

impl fmt::Display for WithFouls<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game
            .board
            .draw(f, self.game.last_move(), &self.forbidden)
    }
}
