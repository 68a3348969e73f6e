//! The tabletop-rules games for JavaScript: the WebAssembly module behind the npm package
//! `tabletop-rules` (web/pkg), built with wasm-bindgen.
//!
//! Thin bindings over the four crates: each game is a JS class (a new game from a seed or an
//! explicit deal, legal actions, apply, a seat's view, the events, the outcome, snapshots),
//! each bot is a function of a game and a seat, and the analysis is a handful of functions.
//! No rule is written here: every value is the crates' own, in their serde forms.
//!
//! Errors cross to JavaScript as thrown `Error`s with a stable `code` property ([`Code`]) and
//! the crate's message. No input can panic the module: every argument is checked by the
//! crates' fallible constructors before it is used.

mod error;
mod js;
mod mahjong;
mod matgo;
mod omok;
mod poker;
mod seed;

pub use error::Code;
