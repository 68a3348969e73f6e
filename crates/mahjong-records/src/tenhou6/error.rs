//! Why a tenhou.net/6 log cannot be read, replayed or written.

use mahjong_core::mjai::MjaiError;
use thiserror::Error;

/// Why a tenhou.net/6 JSON log cannot be read or replayed, or a record cannot be written in
/// the format. `hand` counts the hands of the log's `log` array (or of the record) from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TenhouError {
    /// The text is not a JSON object with a `log` array.
    #[error("not a tenhou.net/6 log (a JSON object with a `log` array): {0}")]
    NotALog(String),
    /// A top-level field other than `log` is not shaped as the format says (`rule` not an
    /// object, `name` not four strings, `sc` not eight numbers).
    #[error("the log's `{field}` field: {message}")]
    Field {
        /// The field (`rule`, `name`, `sc`).
        field: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A hand's array is not shaped as the format says.
    #[error("hand {hand}: {message}")]
    Malformed {
        /// The hand.
        hand: usize,
        /// What is wrong.
        message: String,
    },
    /// The draws and discards cannot be played in turn: a call of a tile that was not
    /// just discarded, a seat's streams ending out of turn.
    #[error("hand {hand}: the draws and discards do not follow each other: {message}")]
    OutOfTurn {
        /// The hand.
        hand: usize,
        /// What does not follow.
        message: String,
    },
    /// The hand's result array cannot be read: an unknown kind, a win naming no seat, point
    /// changes that are not one number per seat, a points or yaku string of no known form,
    /// han that do not add up to the points string's.
    #[error("hand {hand}: the result: {message}")]
    BadResult {
        /// The hand.
        hand: usize,
        /// What is wrong.
        message: String,
    },
    /// The game refused the log read as mjai (an illegal action, or a result the game
    /// scores otherwise); `hand` is the hand of the refused mjai line (`None` when the
    /// error is about the whole log, such as the rules).
    #[error("{}replaying the log: {source}", hand.map(|h| format!("hand {h}: ")).unwrap_or_default())]
    Replay {
        /// The hand, when the error is about one.
        hand: Option<usize>,
        /// The replay's error: the line is the mjai line [`read`](super::read) writes.
        source: MjaiError,
    },
    /// The record holds what the format cannot: a hidden tile, rules that are neither
    /// Tenhou's nor Mahjong Soul's lobby rules, a line out of place.
    #[error("{}the format cannot hold this: {message}", hand.map(|h| format!("hand {h}: ")).unwrap_or_default())]
    Unwritable {
        /// The hand, when the problem is in one.
        hand: Option<usize>,
        /// What cannot be written.
        message: String,
    },
}
