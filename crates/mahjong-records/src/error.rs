//! Why a record cannot be read or written.

use mahjong_core::mjai::MjaiError;
use thiserror::Error;

use crate::mjlog::MjlogError;
use crate::platform::Platform;
use crate::tenhou6::TenhouError;

/// Why a record cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is none of the formats ([`Format::detect`](crate::Format::detect)).
    #[error("not a game record: neither mjai lines, Tenhou's XML nor tenhou.net/6 JSON")]
    UnknownFormat,
    /// An mjai line cannot be read.
    #[error(transparent)]
    Mjai(#[from] MjaiError),
    /// A Tenhou XML record cannot be read or written.
    #[error(transparent)]
    Xml(#[from] MjlogError),
    /// A tenhou.net/6 JSON log cannot be read or written.
    #[error(transparent)]
    Json(#[from] TenhouError),
    /// The record holds no hand (no `start_kyoku`, no `INIT`, an empty `log`).
    #[error("the record holds no hand")]
    NoHands,
    /// An mjai log's seats are a game the platform does not play.
    #[error("a {seats}-player log, and {platform} has no {seats}-player rules")]
    NoRules {
        /// The platform named.
        platform: Platform,
        /// The log's seats.
        seats: usize,
    },
}
