//! The one error type of every environment call.

use thiserror::Error;

/// Why an environment refused a call. On every error the environment is exactly as before
/// the call: nothing was stepped, reset or written (a buffer may have been partly written
/// only when its length was right, which is never an error).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EnvError {
    /// The id is not below [`Env::num_actions`](crate::Env::num_actions).
    #[error("action id {id} is out of range: this environment has {}", numbered(*num_actions, "id", "ids"))]
    IdOutOfRange {
        /// The id given.
        id: u32,
        /// The size of the action space.
        num_actions: usize,
    },
    /// The id is in range but masked out: it is not a legal action now.
    #[error("action id {id} is not legal now (its mask entry is 0)")]
    IllegalAction {
        /// The id given.
        id: u32,
    },
    /// The seat does not exist in this game.
    #[error("seat {seat} does not exist: this game has {}", numbered(*num_players, "seat", "seats"))]
    NoSuchSeat {
        /// The seat given.
        seat: usize,
        /// The number of seats.
        num_players: usize,
    },
    /// A seat acted that is not the one to move.
    #[error("seat {seat} acted, but it is {}'s decision", match to_move {
        Some(s) => format!("seat {s}"),
        None => "nobody".to_string(),
    })]
    WrongSeat {
        /// The seat that tried to act.
        seat: usize,
        /// The seat whose decision it is, if any.
        to_move: Option<usize>,
    },
    /// A caller-provided buffer has the wrong length.
    #[error("buffer `{buffer}` has length {got}, expected {expected}")]
    BufferLength {
        /// Which buffer (`"observation"`, `"action_mask"`, `"rewards"`, ...).
        buffer: &'static str,
        /// The length it must have.
        expected: usize,
        /// The length it has.
        got: usize,
    },
    /// The episode is over: call `reset` before stepping again.
    #[error("the episode is over: reset the environment before stepping")]
    GameOver,
    /// The game's action has no id in this environment (for example a point outside the
    /// board, or a card that does not exist in this deck).
    #[error("the action {action} has no id in this environment")]
    NoId {
        /// The action, as the game crate displays it.
        action: String,
    },
    /// The game's action has an id but is not legal now.
    #[error("the action {action} is not legal now")]
    NotLegal {
        /// The action, as the game crate displays it.
        action: String,
    },
    /// An agent chose an action id that is not legal (duplicate evaluation stops there).
    #[error("agent {agent} chose action id {id}, which is not legal ({reason})")]
    AgentError {
        /// The index of the agent in the evaluation.
        agent: usize,
        /// The id it chose.
        id: u32,
        /// Why the id was refused.
        reason: Box<EnvError>,
    },
    /// A configuration value is outside what the environment supports.
    #[error("invalid configuration: {reason}")]
    Config {
        /// What was wrong.
        reason: String,
    },
    /// A snapshot (feature `serde`) read back holds a state that play does not reach: the
    /// environment is rebuilt from what it recorded (its deal and its actions) and the
    /// snapshot's `field` is not what the rebuild gives, or cannot be rebuilt.
    #[error("snapshot refused: `{field}` {reason}")]
    Snapshot {
        /// The snapshot's field that is wrong (`game`, `history`, `record`, ...).
        field: &'static str,
        /// What is wrong with it.
        reason: String,
    },
}

impl EnvError {
    /// An [`EnvError::Snapshot`] of `field`.
    #[cfg(feature = "serde")]
    pub(crate) fn snapshot(field: &'static str, reason: impl std::fmt::Display) -> EnvError {
        EnvError::Snapshot {
            field,
            reason: reason.to_string(),
        }
    }
}

/// `n` things counted and their numbers, inclusive (`3 seats, 0 to 2`), so that a reader
/// does not take Rust's exclusive `0..3` for a range holding 3.
fn numbered(n: usize, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {many}"),
        1 => format!("1 {one}, 0"),
        _ => format!("{n} {many}, 0 to {}", n - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_range_messages_name_the_last_seat_and_id() {
        let seat = EnvError::NoSuchSeat {
            seat: 3,
            num_players: 3,
        };
        assert_eq!(
            seat.to_string(),
            "seat 3 does not exist: this game has 3 seats, 0 to 2"
        );
        let id = EnvError::IdOutOfRange {
            id: 157,
            num_actions: 157,
        };
        assert_eq!(
            id.to_string(),
            "action id 157 is out of range: this environment has 157 ids, 0 to 156"
        );
        let solo = EnvError::NoSuchSeat {
            seat: 1,
            num_players: 1,
        };
        assert_eq!(
            solo.to_string(),
            "seat 1 does not exist: this game has 1 seat, 0"
        );
        assert!(!format!("{:?}", numbered(0, "id", "ids")).contains("0 to"));
    }
}
