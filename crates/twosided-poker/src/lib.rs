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
mod rules;
mod seat;
mod shoe;
mod showdown;
mod view;

pub use action::{Action, ActionErrorReason, ParseActionError, Side};
pub use card::{Card, CardError, CardErrorReason, Face, MAX_FACE, MIN_FACE, ParseCardError};
pub use deck::{Deck, DeckError, DeckKind};
pub use error::ActionError;
pub use event::{EndReason, Event, Outcome, Shown};
pub use game::{Match, MatchError};
pub use legal::LegalActions;
pub use rules::{MAX_STARTING_CHIPS, Rules, RulesError};
pub use seat::Seat;
pub use view::{Dealt, Reveal, View};
