#![doc = include_str!("../README.md")]

mod action;
pub mod bot;
mod card;
mod deck;
mod error;
mod event;
mod game;
mod hand;
mod legal;
mod notation;
mod position;
mod rules;
mod seat;
#[cfg(feature = "serde")]
mod serde_checked;
mod shoe;
mod showdown;
mod solver;
mod view;

/// The rules this crate implements: a copy of the workspace's rule spec for two-sided poker,
/// cited section by section in these docs.
#[doc = include_str!("../RULES.md")]
pub mod spec {}

pub use action::{Action, ActionErrorReason, ParseActionError, Side};
pub use card::{Card, CardError, CardErrorReason, Face, MAX_FACE, MIN_FACE, ParseCardError};
pub use deck::{Deck, DeckError, DeckKind};
pub use error::ActionError;
pub use event::{EndReason, Event, Outcome, ShowdownReason, Shown};
pub use game::{Match, MatchError};
pub use legal::LegalActions;
pub use position::Position;
pub use rules::{MAX_STARTING_CHIPS, Rules, RulesError};
pub use seat::Seat;
pub use view::{Dealt, Reveal, View};
