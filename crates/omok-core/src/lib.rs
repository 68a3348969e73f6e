#![doc = include_str!("../README.md")]

/// The rules this crate implements, section by section: the spec that the docs cite as
/// "spec section N".
#[doc = include_str!("../RULES.md")]
pub mod spec {}

#[cfg(feature = "serde")]
mod serde_array;
#[cfg(feature = "serde")]
mod serde_checked;

mod board;
pub mod bot;
mod eval;
mod foul;
mod foul_map;
mod game;
pub mod gomocup;
mod line;
pub mod opening;
mod point;
mod rule;
pub mod search;
mod stone;

pub use board::{Board, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, SizeError};
pub use foul_map::FoulMap;
pub use game::{Game, MoveError, Outcome, RecordError, SetupError, UndoError};
pub use point::{Notation, ParsePointError, Point, PointErrorReason};
pub use rule::{Foul, ParseRuleError, Rule};
pub use stone::Stone;

/// Builds the line-shape table now instead of on first use (it takes about 20 ms);
/// benches call it so that the one-off build stays out of their timings.
pub fn warm_up() {
    line::warm_up();
    search::warm_up();
}
