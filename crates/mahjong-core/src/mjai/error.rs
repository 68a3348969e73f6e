//! Why a log cannot be read or replayed: each error names the line (1-based, counting
//! blank lines) and what was wrong there.

use thiserror::Error;

use crate::game::kyoku::{KyokuAction, Refusal};
use crate::game::rules::RulesError;

/// Why [`parse_log`](crate::mjai::parse_log) or [`replay_hands`](crate::mjai::replay_hands) refused a
/// log. Lines are numbered from 1; text quoted from the log is cut to its first 20
/// characters and `…`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MjaiError {
    /// The line is not one JSON object.
    #[error("line {line}: not a JSON object: {message}")]
    Json {
        /// The line number.
        line: usize,
        /// What the JSON reader said.
        message: String,
    },
    /// The line's `type` is missing or not an mjai line type.
    #[error(
        "line {line}: `{found}` is not an mjai line type (start_game, start_kyoku, tsumo, \
         dahai, chi, pon, daiminkan, kakan, ankan, nukidora, dora, reach, reach_accepted, \
         hora, ryukyoku, end_kyoku, end_game)"
    )]
    UnknownType {
        /// The line number.
        line: usize,
        /// The `type` given (empty when missing or not a string).
        found: String,
    },
    /// A tile field holds text that is not an mjai tile.
    #[error("line {line}: `{field}` holds `{text}`, not an mjai tile (1m..9s, 5mr, E..C, ?)")]
    BadTile {
        /// The line number.
        line: usize,
        /// The field.
        field: String,
        /// The text found.
        text: String,
    },
    /// A field is missing, of the wrong kind or out of range (a seat above 3, a hand of 12
    /// tiles, a `bakaze` that is not a wind...).
    #[error("line {line}: the `{kind}` line is malformed: {message}")]
    Malformed {
        /// The line number.
        line: usize,
        /// The line's `type`.
        kind: String,
        /// What is wrong.
        message: String,
    },
    /// The log is one seat's view (`start_game` names the seat in `id`, and the log shows
    /// the other seats' tiles as `?`): only a full log replays. A log that shows every tile
    /// replays whatever its `id`.
    #[error(
        "line {line}: the log is seat {seat}'s view (`start_game` has `id` {seat}), with the \
         other seats' tiles shown as `?`: only a full log can be replayed"
    )]
    SeatView {
        /// The line number of `start_game`.
        line: usize,
        /// The seat whose view the log is (the `id`), 0 to 3 in a well-formed log.
        seat: u8,
    },
    /// The log shows `?` where a replay needs the tile: only a full log replays, not a
    /// seat's view.
    #[error("line {line}: `{field}` hides a tile (`?`): only a full log can be replayed")]
    Hidden {
        /// The line number.
        line: usize,
        /// The field.
        field: String,
    },
    /// A four-player replay met the log of a three-player game (sanma): seat 3 is dealt no
    /// tiles (its `tehais` empty or all `?`) while the other three are dealt theirs.
    #[error(
        "line {line}: seat 3 is dealt no tiles: the log of a three-player game (sanma); \
         replay it under three-player rules (`Rules::tenhou_sanma()`, \
         `Rules::mahjong_soul_sanma()`)"
    )]
    ThreePlayerLog {
        /// The line number of the `start_kyoku`.
        line: usize,
    },
    /// The hand's tiles cannot come from one wall: a tile more often than the wall holds
    /// it, more draws, replacement tiles or indicators than there are.
    #[error("line {line}: impossible wall: {reason}")]
    ImpossibleWall {
        /// The line number.
        line: usize,
        /// What cannot be.
        reason: String,
    },
    /// The log's next line is not what the game allows at this point (another seat acts, a
    /// line of the wrong type, a line after `end_game`).
    #[error("line {line}: a `{found}` line where the game needs {expected}")]
    Unexpected {
        /// The line number.
        line: usize,
        /// The line's `type`.
        found: String,
        /// What the game needs.
        expected: String,
    },
    /// The log's action is refused by the rules.
    #[error("line {line}: {action} is not allowed: {reason}")]
    NotAllowed {
        /// The line number.
        line: usize,
        /// The action the line asks for.
        action: KyokuAction,
        /// Why the rules refuse it.
        reason: Refusal,
    },
    /// The log and the game disagree on a field of a line (an event or a score).
    #[error("line {line}: `{kind}` {field}: the log has {log}, the game gives {game}")]
    Disagrees {
        /// The line number.
        line: usize,
        /// The line's `type` in the log.
        kind: String,
        /// The field that differs (`type` when the game writes another line here).
        field: String,
        /// The log's value, as JSON.
        log: String,
        /// The game's value, as JSON (`nothing` when the game has no such field).
        game: String,
    },
    /// The log ends while the game goes on.
    #[error("the log ends after line {line}, but the game goes on with {expected}")]
    Truncated {
        /// The last line number.
        line: usize,
        /// What the game needs next, in words: ``a line of type `end_kyoku` `` or `an
        /// action of a seat` (a discard, call, kan, win or draw).
        expected: String,
    },
    /// The rules cannot play a hand of the full game.
    #[error("{0}")]
    Rules(#[from] RulesError),
}

impl MjaiError {
    /// The log's line the error is about (1-based, counting blank lines; for
    /// [`MjaiError::Truncated`] the last line), or `None` for [`MjaiError::Rules`], which
    /// is about the rules rather than a line. A converter from another format uses it to
    /// name the hand or tag the line came from.
    pub fn line(&self) -> Option<usize> {
        match self {
            MjaiError::Json { line, .. }
            | MjaiError::UnknownType { line, .. }
            | MjaiError::BadTile { line, .. }
            | MjaiError::Malformed { line, .. }
            | MjaiError::SeatView { line, .. }
            | MjaiError::Hidden { line, .. }
            | MjaiError::ThreePlayerLog { line, .. }
            | MjaiError::ImpossibleWall { line, .. }
            | MjaiError::Unexpected { line, .. }
            | MjaiError::NotAllowed { line, .. }
            | MjaiError::Disagrees { line, .. }
            | MjaiError::Truncated { line, .. } => Some(*line),
            MjaiError::Rules(_) => None,
        }
    }
}

/// The words for a line of type `kind` (an mjai `type`, e.g. `dahai`), as
/// [`MjaiError::Truncated`] gives what the game needs next: ``a line of type `dahai` ``.
pub(super) fn line_of_type(kind: &str) -> String {
    format!("a line of type `{kind}`")
}
