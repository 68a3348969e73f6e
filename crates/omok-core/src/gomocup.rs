//! The Gomocup engine protocol ([spec](crate::spec) section 5), as a pure state machine:
//! feed it each line the manager sends, print each line it answers. The `omok-engine`
//! program of the workspace is this plus standard input and output.
//!
//! Commands: `START n`, `RECTSTART w,h` (square only), `BEGIN`, `TURN x,y`,
//! `BOARD` … `x,y,who` … `DONE`, `INFO key value` (`timeout_turn`, `timeout_match`,
//! `time_left` in milliseconds, `max_memory` in bytes, `rule` bits: 1 exactly five, 4
//! renju; 8, caro, is answered with `ERROR`), `TAKEBACK x,y`, `RESTART`, `ABOUT`, `END`.
//! Answers: `OK`, a move `x,y`, `ERROR message`, `UNKNOWN message`, and `MESSAGE text`
//! for information. Points are `x,y`, 0-based from the top-left corner. A line the engine
//! cannot use is answered with `ERROR` or `UNKNOWN` and changes nothing; so is an `INFO
//! rule` the game so far does not replay under (the answer says which move, and the engine
//! keeps its rule).
//!
//! The stones of a `BOARD` become the game's moves when they come in an order that replays
//! as a game (black first, colours alternating, every move legal), as managers send them;
//! otherwise they are a position without history, whose stones `TAKEBACK` cannot take back.

use std::time::Duration;

use crate::board::{Board, MAX_SIZE, MIN_SIZE};
use crate::game::{Game, MoveError, Outcome, RecordError, SetupError};
use crate::point::Point;
use crate::rule::Rule;
use crate::search::{self, Limits, Reason};
use crate::stone::Stone;

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
pub const ABOUT: &str = r#"name="tabletop-rules omok", version="0.1.0", author="tabletop-rules developers", country="KR""#;

const NO_GAME: &str = "no game: send START first";

/// The `INFO rule` bit of caro (five that is not blocked at both ends), which Gomocup
/// managers may send and this crate does not implement.
const CARO: u64 = 8;

/// The most time the engine takes for a move, whatever the manager allows: searching longer
/// gains little.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(30);

/// A refused move in the protocol's `x,y` terms.
fn describe_error(error: &MoveError) -> String {
    match error {
        MoveError::OffBoard { point, size } => {
            format!("{},{} is off the {size}x{size} board", point.x, point.y)
        }
        MoveError::Occupied { point, .. } => format!("{},{} is already taken", point.x, point.y),
        MoveError::Forbidden { point, foul, .. } => {
            format!("{},{} is forbidden: {foul}", point.x, point.y)
        }
        other => other.to_string(),
    }
}

/// How the game ended, the winning line in `x,y` terms.
fn describe_outcome(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Win { winner, line } => {
            let points: Vec<String> = line.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
            format!("{winner} wins with {}", points.join(" "))
        }
        Outcome::Draw => "draw".to_string(),
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

/// A Gomocup engine: the game, the rule and the clock it was given.
#[derive(Clone, Debug)]
pub struct Engine {
    game: Option<Game>,
    rule: Rule,
    /// Time for one move.
    timeout_turn: Duration,
    /// Time left for the whole match, if the manager said.
    time_left: Option<Duration>,
    /// Stones of a `BOARD` command being read: the point and whose (1 own, 2 opponent's).
    board: Option<Vec<(Point, u8)>>,
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
            rule: Rule::Freestyle,
            timeout_turn: Duration::from_secs(5),
            time_left: None,
            board: None,
        }
    }

    /// The game being played, once started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Handles one line from the manager and says what to answer.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if self.board.is_some() && !line.eq_ignore_ascii_case("END") {
            return self.board_line(line);
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
            "BOARD" if self.game.is_some() => {
                self.board = Some(Vec::new());
                Reply::none()
            }
            "BOARD" => Reply::error(NO_GAME),
            "TAKEBACK" => self.take_back(rest),
            "INFO" => self.info(rest),
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
        match Game::with_size(self.rule, u8::try_from(size).unwrap_or(u8::MAX)) {
            Ok(game) => {
                self.game = Some(game);
                Reply::one("OK")
            }
            Err(_) => Reply::error(format!(
                "a board is from {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, not {size}x{size}"
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
            Ok(Some(outcome)) => Reply::one(format!("MESSAGE {}", describe_outcome(&outcome))),
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
                Reply::error(format!("{},{} is not the last move", point.x, point.y))
            }
            _ => match game.undo() {
                Ok(_) => Reply::one("OK"),
                Err(error) => {
                    Reply::error(format!("cannot take back {},{}: {error}", point.x, point.y))
                }
            },
        }
    }

    fn board_line(&mut self, line: &str) -> Reply {
        if line.eq_ignore_ascii_case("DONE") {
            let stones = self.board.take().unwrap_or_default();
            return self.set_up(&stones);
        }
        let not_a_stone = || {
            Reply::error(format!(
                "`{line}` is not x,y,who inside BOARD (DONE ends it)"
            ))
        };
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let &[x, y, who] = fields.as_slice() else {
            return not_a_stone();
        };
        let point = match self.point(&format!("{x},{y}")) {
            Ok(point) => point,
            Err(message) => return Reply::error(message),
        };
        let Ok(who @ 1..=3) = who.parse::<u8>() else {
            return not_a_stone();
        };
        let stones = self.board.get_or_insert_with(Vec::new);
        if stones.iter().any(|&(p, _)| p == point) {
            return Reply::error(format!("{},{} is given twice", point.x, point.y));
        }
        stones.push((point, who));
        Reply::none()
    }

    /// Sets up the position of a `BOARD` command and moves. Own stones are `1`, the
    /// opponent's `2` (and `3`, a winning line in continuous games, counts as the
    /// opponent's); the engine is the colour to move.
    fn set_up(&mut self, stones: &[(Point, u8)]) -> Reply {
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
        let mut board = Board::new(size).unwrap_or_default();
        for &(point, who) in stones {
            let _ = board.set(point, Some(stone(who)));
        }
        if let Some(game) = self.as_record(size, stones, stone).filter(|g| !g.is_over()) {
            self.game = Some(game);
            return self.think();
        }
        match Game::from_board(self.rule, &board) {
            Ok(game) => {
                self.game = Some(game);
                self.think()
            }
            Err(SetupError::AlreadyWon { stone, point, .. }) => {
                let whose = if stone == me { "I" } else { "the opponent" };
                Reply::error(format!(
                    "{whose} already won, through {},{}",
                    point.x, point.y
                ))
            }
            Err(error) => Reply::error(error),
        }
    }

    /// The stones of a `BOARD` command as a game record, when they came in an order that
    /// replays as one (black first, the colours alternating, every move legal), as managers
    /// send them: then `TAKEBACK` can take them back. `None` otherwise, and the position has
    /// no history.
    fn as_record(
        &self,
        size: u8,
        stones: &[(Point, u8)],
        stone: impl Fn(u8) -> Stone,
    ) -> Option<Game> {
        let mut game = Game::with_size(self.rule, size).ok()?;
        for &(point, who) in stones {
            if game.to_move() != Some(stone(who)) {
                return None;
            }
            game.play(point).ok()?;
        }
        Some(game)
    }

    fn info(&mut self, rest: &str) -> Reply {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let number = value.trim().parse::<u64>();
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Ok(ms)) => self.timeout_turn = Duration::from_millis(ms),
            ("time_left", Ok(ms)) => self.time_left = Some(Duration::from_millis(ms)),
            ("rule", Ok(bits)) => return self.set_rule(bits),
            // Known keys the engine has no use for, and keys of newer managers.
            _ => {}
        }
        Reply::none()
    }

    /// Switches to the rule of `bits`, replaying the game so far under it. If the game does
    /// not replay (a move is a foul under the new rule, or a line already wins), answers
    /// `ERROR` with the reason and keeps the old rule and game. Caro (bit 8), which this
    /// crate does not implement, is answered with `ERROR` that says which rule is played
    /// instead (that of the other bits).
    fn set_rule(&mut self, bits: u64) -> Reply {
        let rule = if bits & 4 != 0 {
            Rule::Renju
        } else if bits & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        };
        if let Some(game) = &self.game {
            match replay(game, rule) {
                Ok(replayed) => self.game = Some(replayed),
                Err(reason) => {
                    return Reply::error(format!(
                        "the game does not replay under {rule} ({reason}): still {}",
                        self.rule
                    ));
                }
            }
        }
        self.rule = rule;
        if bits & CARO != 0 {
            return Reply::error(format!(
                "caro (rule bit {CARO}) is not supported: playing {rule}"
            ));
        }
        Reply::none()
    }

    /// The time for this move: most of `timeout_turn` (0 means as fast as possible), no more
    /// than a twentieth of the match time left, and at most [`MAX_MOVE_TIME`].
    fn move_time(&self) -> Duration {
        let turn = self.timeout_turn.mul_f64(0.7);
        let match_share = self.time_left.map_or(turn, |left| left / 20);
        turn.min(match_share)
            .clamp(Duration::from_millis(10), MAX_MOVE_TIME)
    }

    /// Searches, plays and answers the engine's move.
    fn think(&mut self) -> Reply {
        let limits = Limits::time(self.move_time());
        let Some(game) = self.game.as_mut() else {
            return Reply::error(NO_GAME);
        };
        let Some(decision) = search::decide(game, limits) else {
            return Reply::error("the game is over");
        };
        let point = decision.point;
        if let Err(error) = game.play(point) {
            return Reply::error(format!("the search chose an illegal move: {error}"));
        }
        let why = match decision.reason {
            Reason::Five => "five".to_string(),
            Reason::Block => "blocks a five".to_string(),
            Reason::Vcf => "forced win by fours".to_string(),
            Reason::StopVcf => "stops a forced win by fours".to_string(),
            Reason::Vct => "forced win by threats".to_string(),
            Reason::AlphaBeta { depth, score } => format!("depth {depth}, score {score}"),
            Reason::Only => "opening".to_string(),
        };
        Reply::lines(vec![
            format!("MESSAGE {} nodes, {why}", decision.nodes),
            format!("{},{}", point.x, point.y),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sends each line and returns the answers of the last, `MESSAGE`s left out.
    fn send(engine: &mut Engine, lines: &[&str]) -> Vec<String> {
        let mut last = Vec::new();
        for line in lines {
            last = engine.handle(line).lines;
        }
        last.retain(|answer| !answer.starts_with("MESSAGE"));
        last
    }

    /// A freestyle game in which black's ninth move, 7,7, is a double-three (a foul under
    /// renju), set up by a `BOARD` in the order played; the engine is white and answers it.
    fn freestyle_game_with_a_double_three() -> Engine {
        let mut engine = Engine::new();
        send(&mut engine, &["INFO timeout_turn 20", "START 15", "BOARD"]);
        let stones = [
            "8,7,2", "0,0,1", "9,7,2", "0,2,1", "7,8,2", "0,4,1", "7,9,2", "0,6,1", "7,7,2",
        ];
        send(&mut engine, &stones);
        let answer = send(&mut engine, &["DONE"]);
        assert_eq!(answer.len(), 1, "{answer:?}");
        engine
    }

    /// Issue 10.4: a game that does not replay under a new rule is answered with `ERROR` and
    /// the reason, and the engine keeps its rule and game.
    #[test]
    fn a_rule_the_game_does_not_replay_under_is_refused() {
        let mut engine = freestyle_game_with_a_double_three();
        let before = engine.game().cloned().unwrap();
        assert_eq!(before.moves().len(), 10);
        let answer = send(&mut engine, &["INFO rule 4"]);
        assert_eq!(
            answer,
            [
                "ERROR the game does not replay under renju (move 9: 7,7 is forbidden: \
                 double-three): still freestyle"
            ]
        );
        assert_eq!(engine.game(), Some(&before));
        // A rule it does replay under is taken, with the whole game.
        assert!(send(&mut engine, &["INFO rule 1"]).is_empty());
        let game = engine.game().unwrap();
        assert_eq!(game.rule(), Rule::Standard);
        assert_eq!(game.moves(), before.moves());
    }

    /// Caro is not played silently as another rule: the engine says which rule it plays.
    #[test]
    fn caro_is_answered_with_the_rule_played_instead() {
        let mut engine = Engine::new();
        send(&mut engine, &["INFO timeout_turn 20", "START 15"]);
        assert_eq!(
            send(&mut engine, &["INFO rule 8"]),
            ["ERROR caro (rule bit 8) is not supported: playing freestyle"]
        );
        assert_eq!(
            send(&mut engine, &["INFO rule 9"]),
            ["ERROR caro (rule bit 8) is not supported: playing standard"]
        );
        assert_eq!(engine.game().unwrap().rule(), Rule::Standard);
        assert!(send(&mut engine, &["INFO rule 1"]).is_empty());
        assert!(send(&mut engine, &["INFO rule 4"]).is_empty());
        assert_eq!(engine.game().unwrap().rule(), Rule::Renju);
    }

    /// A coordinate too large for the board is off the board, however large; text that is
    /// not two whole numbers is not x,y.
    #[test]
    fn large_coordinates_are_off_the_board() {
        let mut engine = Engine::new();
        send(&mut engine, &["INFO timeout_turn 20", "START 15"]);
        for (turn, answer) in [
            ("TURN 15,0", "ERROR 15,0 is off the 15x15 board"),
            ("TURN 300,2", "ERROR 300,2 is off the 15x15 board"),
            (
                "TURN 2,99999999999999999999",
                "ERROR `2,99999999999999999999` is not x,y",
            ),
            ("TURN -1,2", "ERROR `-1,2` is not x,y"),
            ("TAKEBACK 256,256", "ERROR 256,256 is off the 15x15 board"),
        ] {
            assert_eq!(send(&mut engine, &[turn]), [answer], "{turn}");
        }
        send(&mut engine, &["BOARD"]);
        assert_eq!(
            send(&mut engine, &["1000,3,1"]),
            ["ERROR 1000,3 is off the 15x15 board"]
        );
        assert_eq!(engine.game().unwrap().board().stone_count(), 0);
    }

    /// Issue 10.4: stones that come in no playable order are a position without history:
    /// the engine's own moves can be taken back, the set-up stones cannot.
    #[test]
    fn a_board_in_no_playable_order_has_no_history() {
        let mut engine = Engine::new();
        send(&mut engine, &["INFO timeout_turn 20", "START 15", "BOARD"]);
        send(&mut engine, &["3,3,2", "7,7,1"]);
        let reply = send(&mut engine, &["DONE"]);
        let game = engine.game().unwrap();
        assert_eq!(game.moves().len(), 1, "only the engine's move");
        assert_eq!(game.board().stone_count(), 3);
        assert_eq!(
            send(&mut engine, &[&format!("TAKEBACK {}", reply[0])]),
            ["OK"]
        );
        assert_eq!(
            send(&mut engine, &["TAKEBACK 7,7"]),
            [
                "ERROR cannot take back 7,7: the game was set up from a board of 2 stones, \
              whose order is not known"
            ]
        );
        assert_eq!(engine.game().unwrap().board().stone_count(), 2);
        assert!(send(&mut engine, &["BEGIN"])[0].starts_with("ERROR BEGIN is for an empty board"));
        // In the order played, the same stones are the game's moves.
        send(&mut engine, &["BOARD", "7,7,1", "3,3,2"]);
        let reply = send(&mut engine, &["DONE"]);
        assert_eq!(engine.game().unwrap().moves().len(), 3);
        for point in [reply[0].as_str(), "3,3", "7,7"] {
            assert_eq!(send(&mut engine, &[&format!("TAKEBACK {point}")]), ["OK"]);
        }
        assert!(send(&mut engine, &["TAKEBACK 7,7"])[0].contains("no move has been played"));
    }
}
