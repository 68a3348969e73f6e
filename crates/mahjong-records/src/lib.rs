#![doc = include_str!("../README.md")]

mod error;
mod format;
pub mod mjlog;
mod platform;
mod ranking;
mod record;
pub mod tenhou6;

pub use error::RecordError;
pub use format::{Format, UnknownFormat};
pub use platform::{Platform, UnknownPlatform};
pub use record::{Disagreement, GameRecord, RecordHand, hand_of_line};
