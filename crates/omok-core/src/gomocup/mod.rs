//! The Gomocup engine protocol ([spec](crate::spec) section 5) with the Yixin-Board and
//! Rapfi extensions that GUIs send, as a pure state machine: feed it each line the manager
//! sends, print each line it answers. The `omok-engine` program of the workspace is this
//! plus standard input and output (and a reader thread that raises the stop flag on
//! `YXSTOP`).
//!
//! | command | answer |
//! |---|---|
//! | `START n`, `RECTSTART w,h` (square only), `RESTART` | `OK` |
//! | `BEGIN`, `TURN x,y` | the engine's move `x,y` |
//! | `BOARD` … `x,y,who` … `DONE` (who: 1 own, 2 opponent's, 3 a winning line's) | the engine's move |
//! | `YXBOARD` … `DONE` | nothing: the position is set, the engine does not think |
//! | `SWAP2BOARD` … `x,y` … `DONE` (0, 3 or 5 stones in move order) | three stones; `SWAP`, a 4th move, or the 4th and 5th; `SWAP` or a 6th move |
//! | `YXSHOWFORBID` | `FORBID xxyy…` then `.`: the points forbidden to the player to move, two digits per coordinate |
//! | `YXNBEST n` | `MESSAGE` lines of the n best moves with their scores, then the best move, played |
//! | `YXSTOP`, `STOP` | nothing when idle; while thinking, the move found so far |
//! | `YXHASHCLEAR` | nothing: the transposition table, kept from move to move, is cleared |
//! | `INFO key value` | nothing (or `ERROR`): see [`Settings::info`] for the keys |
//! | `TAKEBACK x,y` | `OK` |
//! | `ABOUT` | [`ABOUT`] |
//! | `END` | nothing; the engine exits |
//!
//! Points are `x,y`, 0-based from the top-left corner. A command the engine does not know is
//! answered with `UNKNOWN` and the command; a malformed one with `ERROR` and the reason, and
//! changes nothing. So is an `INFO rule` the game so far does not replay under (the answer
//! says which move, and the engine keeps its rule).
//!
//! The stones of a `BOARD` become the game's moves when they come in an order that replays
//! as a game (black first, colours alternating, every move legal), as managers send them;
//! otherwise they are a position without history, whose stones `TAKEBACK` cannot take back.

mod position;
mod settings;
mod swap2;

use crate::game::{Game, MoveError, Outcome, RecordError};
use crate::point::Point;
use crate::rule::Rule;
use crate::search::{self, Decision, Reason, StopFlag, TranspositionTable};
use std::sync::Arc;

use position::{Block, BlockKind};
pub use settings::{Change, MAX_MOVE_TIME, Settings, SwapRule};

/// What the caller should do after a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The lines to send back, in order (often one, sometimes none).
    pub lines: Vec<String>,
    /// Whether the manager said `END`: the engine should exit.
    pub quit: bool,
}

impl Reply {
    fn lines(lines: Vec<String>) -> Reply {
        Reply { lines, quit: false }
    }

    fn one(line: impl Into<String>) -> Reply {
        Reply::lines(vec![line.into()])
    }

    fn none() -> Reply {
        Reply::lines(Vec::new())
    }

    fn error(message: impl std::fmt::Display) -> Reply {
        Reply::one(format!("ERROR {message}"))
    }
}

/// The engine's name, version, author and country, as `ABOUT` answers them.
pub const ABOUT: &str = r#"name="tabletop-rules omok", version="0.2.0", author="tabletop-rules developers", country="KR""#;

const NO_GAME: &str = "no game: send START first";

/// The transposition table's size until `INFO hash_size` or `max_memory` says otherwise.
const DEFAULT_TABLE: usize = 64 << 20;

/// A point in the protocol's `x,y`.
fn xy(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

/// A refused move in the protocol's `x,y` terms.
fn describe_error(error: &MoveError) -> String {
    match error {
        MoveError::OffBoard { point, size } => {
            format!("{} is off the {size}x{size} board", xy(*point))
        }
        MoveError::Occupied { point, .. } => format!("{} is already taken", xy(*point)),
        MoveError::Forbidden { point, foul, .. } => {
            format!("{} is forbidden: {foul}", xy(*point))
        }
        other => other.to_string(),
    }
}

/// How `game` ended: the winning line in `x,y` terms, or why it is drawn (the board is
/// full, spec section 1; or, as [`Game`] scores it, the player to move has no legal point).
fn describe_outcome(game: &Game) -> String {
    match game.outcome() {
        Some(Outcome::Win { winner, line }) => {
            let points: Vec<String> = line.iter().map(|&p| xy(p)).collect();
            format!("{winner} wins with {}", points.join(" "))
        }
        Some(Outcome::Draw) if game.board().is_full() => "draw: the board is full".to_string(),
        Some(Outcome::Draw) => format!(
            "draw: {} has no legal point (every empty point is forbidden)",
            game.turn()
        ),
        None => "no result yet".to_string(),
    }
}

/// Why the search chose a move, for a `MESSAGE`.
fn describe_reason(reason: Reason) -> String {
    match reason {
        Reason::Five => "five".to_string(),
        Reason::Block => "blocks a five".to_string(),
        Reason::Vcf => "forced win by fours".to_string(),
        Reason::StopVcf => "stops a forced win by fours".to_string(),
        Reason::Vct => "forced win by threats".to_string(),
        Reason::AlphaBeta { depth, score } => format!("depth {depth}, score {score}"),
        Reason::Only => "opening".to_string(),
    }
}

/// `game` replayed under `rule`, from its start position; or why it does not replay.
fn replay(game: &Game, rule: Rule) -> Result<Game, String> {
    let mut replayed = Game::from_board(rule, &game.start_position()).map_err(|e| e.to_string())?;
    replayed
        .play_record(&game.record())
        .map_err(|error| match error {
            RecordError::Illegal { number, error } => {
                format!("move {number}: {}", describe_error(&error))
            }
            other => other.to_string(),
        })?;
    Ok(replayed)
}

/// A Gomocup engine: the game, the settings the manager gave, and a position block
/// (`BOARD`, `YXBOARD`, `SWAP2BOARD`) being read.
#[derive(Clone, Debug)]
pub struct Engine {
    game: Option<Game>,
    settings: Settings,
    block: Option<Block>,
    stop: StopFlag,
    /// The search's transposition table, kept from move to move.
    table: Arc<TranspositionTable>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine before `START`: freestyle, 5 seconds a move until `INFO` says otherwise.
    pub fn new() -> Engine {
        Engine {
            game: None,
            settings: Settings::default(),
            block: None,
            stop: StopFlag::default(),
            table: Arc::new(TranspositionTable::new(DEFAULT_TABLE)),
        }
    }

    /// The game being played, once started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The settings the `INFO` lines left.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The flag that stops the engine's search (a GUI's `YXSTOP`): a thread reading the
    /// input while [`Engine::handle`] thinks raises it, and the engine answers at once with
    /// the best move found so far. The engine lowers it before each search.
    pub fn stop_flag(&self) -> StopFlag {
        self.stop.clone()
    }

    /// Handles one line from the manager and says what to answer.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if self.block.is_some() && !line.eq_ignore_ascii_case("END") {
            return self.block_line(line);
        }
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command.to_ascii_uppercase().as_str() {
            "" => Reply::none(),
            "START" => self.start(rest),
            "RECTSTART" => self.rect_start(rest),
            "RESTART" => self.restart(),
            "BEGIN" => self.begin(),
            "TURN" => self.turn(rest),
            "BOARD" => self.open_block(BlockKind::Board),
            "YXBOARD" => self.open_block(BlockKind::YxBoard),
            "SWAP2BOARD" => self.open_block(BlockKind::Swap2),
            "TAKEBACK" => self.take_back(rest),
            "INFO" => self.info(rest),
            "YXSHOWFORBID" => self.show_forbid(),
            "YXNBEST" => self.nbest(rest),
            // The search runs inside `handle`: a stop that reaches here finds it idle.
            "YXSTOP" | "STOP" => Reply::none(),
            "YXHASHCLEAR" => {
                self.table.clear();
                Reply::none()
            }
            "ABOUT" => Reply::one(ABOUT),
            "END" => Reply {
                lines: Vec::new(),
                quit: true,
            },
            _ => Reply::one(format!("UNKNOWN command `{command}`")),
        }
    }

    fn start(&mut self, rest: &str) -> Reply {
        let Ok(size) = rest.parse::<u32>() else {
            return Reply::error(format!("START needs a board size, not `{rest}`"));
        };
        match Game::with_size(self.settings.rule, u8::try_from(size).unwrap_or(u8::MAX)) {
            Ok(game) => {
                self.game = Some(game);
                // The tables are built now, not on the clock of the first move.
                crate::warm_up();
                Reply::one("OK")
            }
            Err(_) => Reply::error(format!(
                "a board is from {min}x{min} to {max}x{max}, not {size}x{size}",
                min = crate::MIN_SIZE,
                max = crate::MAX_SIZE
            )),
        }
    }

    fn begin(&mut self) -> Reply {
        match &self.game {
            Some(game) if game.board().stone_count() == 0 => self.think(),
            Some(_) => Reply::error("BEGIN is for an empty board: the game has begun"),
            None => Reply::error(NO_GAME),
        }
    }

    fn rect_start(&mut self, rest: &str) -> Reply {
        match rest.split_once(',').map(|(w, h)| (w.trim(), h.trim())) {
            Some((w, h)) if w == h => self.start(w),
            Some(_) => Reply::error("only square boards are supported"),
            None => Reply::error(format!("RECTSTART needs width,height, not `{rest}`")),
        }
    }

    fn restart(&mut self) -> Reply {
        match &self.game {
            Some(game) => self.start(&game.size().to_string()),
            None => Reply::error(NO_GAME),
        }
    }

    /// Parses `x,y` on the current board.
    fn point(&self, text: &str) -> Result<Point, String> {
        let size = self.game.as_ref().map_or(15, Game::size);
        let (x, y) = text
            .split_once(',')
            .ok_or_else(|| format!("`{text}` is not x,y"))?;
        // Any whole number is a coordinate, so that `300,2` is off the board, not garbage.
        let coordinate = |c: &str| {
            c.trim()
                .parse::<u64>()
                .map_err(|_| format!("`{text}` is not x,y"))
        };
        let (x, y) = (coordinate(x)?, coordinate(y)?);
        match (u8::try_from(x), u8::try_from(y)) {
            (Ok(px), Ok(py)) if Point::new(px, py).is_on(size) => Ok(Point::new(px, py)),
            _ => Err(format!("{x},{y} is off the {size}x{size} board")),
        }
    }

    fn turn(&mut self, rest: &str) -> Reply {
        let point = match self.point(rest) {
            Ok(point) => point,
            Err(message) => return Reply::error(message),
        };
        let Some(game) = self.game.as_mut() else {
            return Reply::error(NO_GAME);
        };
        match game.play(point) {
            Ok(Some(_)) => Reply::one(format!("MESSAGE {}", describe_outcome(game))),
            Ok(None) => self.think(),
            Err(error) => Reply::error(describe_error(&error)),
        }
    }

    fn take_back(&mut self, rest: &str) -> Reply {
        let point = match self.point(rest) {
            Ok(point) => point,
            Err(message) => return Reply::error(message),
        };
        let Some(game) = self.game.as_mut() else {
            return Reply::error(NO_GAME);
        };
        match game.last_move() {
            Some(last) if last != point => {
                Reply::error(format!("{} is not the last move", xy(point)))
            }
            _ => match game.undo() {
                Ok(_) => Reply::one("OK"),
                Err(error) => Reply::error(format!("cannot take back {}: {error}", xy(point))),
            },
        }
    }

    fn info(&mut self, rest: &str) -> Reply {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match self.settings.info(key, value) {
            Ok(Change::Done) => {
                self.resize_table();
                Reply::none()
            }
            Ok(Change::Rule { rule, swap, caro }) => self.set_rule(rule, swap, caro),
            Err(reason) => Reply::error(reason),
        }
    }

    /// A new transposition table when `hash_size` (KiB) or `max_memory` (a quarter of it)
    /// asks for another size; the old one is kept otherwise.
    fn resize_table(&mut self) {
        let settings = &self.settings;
        let wanted = match (settings.hash_size, settings.max_memory) {
            (Some(kib), _) => usize::try_from(kib.saturating_mul(1024)).unwrap_or(usize::MAX),
            (None, Some(bytes)) => usize::try_from(bytes / 4).unwrap_or(usize::MAX),
            (None, None) => DEFAULT_TABLE,
        }
        .min(1 << 30);
        if TranspositionTable::bytes_for(wanted) != self.table.bytes() {
            self.table = Arc::new(TranspositionTable::new(wanted));
        }
    }

    /// Switches to `rule`, replaying the game so far under it. If the game does not replay
    /// (a move is a foul under the new rule, or a line already wins), answers `ERROR` with
    /// the reason and keeps the old rule and game. Caro, which this crate does not
    /// implement, is answered with `ERROR` that says which rule is played instead.
    fn set_rule(&mut self, rule: Rule, swap: SwapRule, caro: bool) -> Reply {
        if let Some(game) = &self.game {
            match replay(game, rule) {
                Ok(replayed) => self.game = Some(replayed),
                Err(reason) => {
                    return Reply::error(format!(
                        "the game does not replay under {rule} ({reason}): still {}",
                        self.settings.rule
                    ));
                }
            }
        }
        self.settings.rule = rule;
        self.settings.swap = swap;
        if caro {
            return Reply::error(format!(
                "caro (rule bit 8) is not supported: playing {rule}"
            ));
        }
        Reply::none()
    }

    /// `FORBID` and the points forbidden to the player to move, each as two digits of `x`
    /// and two of `y`, then `.`.
    fn show_forbid(&self) -> Reply {
        let Some(game) = &self.game else {
            return Reply::error(NO_GAME);
        };
        let points: String = game
            .board()
            .fouls(game.turn(), game.rule())
            .into_iter()
            .map(|(p, _)| format!("{:02}{:02}", p.x, p.y))
            .collect();
        Reply::one(format!("FORBID {points}."))
    }

    /// Searches with the settings' limits and the stop flag lowered: the `n` best moves.
    fn search(&self, game: &Game, n: usize) -> Vec<Decision> {
        self.search_with(game, self.settings.limits(), n)
    }

    /// Searches with `limits` and the stop flag lowered: the `n` best moves.
    fn search_with(&self, game: &Game, limits: search::Limits, n: usize) -> Vec<Decision> {
        self.stop.store(false, std::sync::atomic::Ordering::Relaxed);
        search::ranked(game, limits, n, Some(&self.stop), Some(&self.table))
    }

    /// Searches, plays and answers the engine's move.
    fn think(&mut self) -> Reply {
        self.answer_nbest(1)
    }

    fn nbest(&mut self, rest: &str) -> Reply {
        match rest.parse::<usize>() {
            Ok(n @ 1..) => self.answer_nbest(n),
            _ => Reply::error(format!(
                "YXNBEST needs a number of moves from 1, not `{rest}`"
            )),
        }
    }

    /// Searches for the `n` best moves, reports them (when `n` is more than 1) and plays the
    /// best.
    fn answer_nbest(&mut self, n: usize) -> Reply {
        let Some(game) = self.game.as_ref() else {
            return Reply::error(NO_GAME);
        };
        let ranked = self.search(game, n);
        let Some(best) = ranked.first().copied() else {
            return Reply::error(format!("the game is over, {}", describe_outcome(game)));
        };
        let mut lines = vec![format!(
            "MESSAGE {} nodes, {}",
            best.nodes,
            describe_reason(best.reason)
        )];
        if n > 1 {
            lines.extend(ranked.iter().enumerate().map(|(k, d)| {
                format!(
                    "MESSAGE NBEST {} {} {}",
                    k + 1,
                    xy(d.point),
                    describe_reason(d.reason)
                )
            }));
        }
        match self.game.as_mut().map(|g| g.play(best.point)) {
            Some(Ok(_)) => {
                lines.push(xy(best.point));
                Reply::lines(lines)
            }
            Some(Err(error)) => Reply::error(format!("the search chose an illegal move: {error}")),
            None => Reply::error(NO_GAME),
        }
    }
}

#[cfg(test)]
mod tests;
