//! The classroom game: the simplified four-player riichi game of a class assignment
//! ([spec](crate::spec) section 3), kept apart from the full game at the crate root
//! ([`Kyoku`](crate::Kyoku), [`Match`](crate::Match)).
//!
//! 136 tiles without red fives, the last 14 never drawn; draw and discard, riichi, tsumo, and
//! ron only for a seat in riichi, with furiten; no calls, dora or points. The game ends at the
//! first win or at the exhaustive draw. [`Game`] is the state, played with [`Action`]s that
//! report [`Event`]s; a seat sees it through its [`View`]; it ends in an [`Outcome`]. It takes
//! the crate's [`Rules`](crate::Rules) (the preset [`Rules::classroom`](crate::Rules::classroom),
//! or [`Rules::solo`](crate::Rules::solo)) and [`Seat`](crate::Seat)s; the bots of
//! [`crate::bot`] play it through [`crate::bot::Bot`] and [`crate::bot::play_out`].
//!
//! ```
//! use mahjong_core::classroom::{Action, Game};
//! use mahjong_core::{Rules, Seat};
//! use rand::SeedableRng;
//!
//! let mut game = Game::new(Rules::classroom(), &mut rand::rngs::StdRng::seed_from_u64(1))?;
//! let drawn = game.drawn(Seat::ALL[0]).expect("seat 0 draws first");
//! game.apply(Action::Discard(drawn))?;
//! assert_eq!(game.to_move(), Some(Seat::ALL[1]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod action;
pub(crate) mod event;
pub(crate) mod game;
pub(crate) mod outcome;
pub(crate) mod view;
pub(crate) mod wall;

pub use action::{Action, ActionError, ParseActionError};
pub use event::Event;
pub use game::Game;
pub use outcome::{Agari, Outcome, Win};
pub use view::View;
pub use wall::Wall;
