//! Bots: a random one, a card-counting one (rules section 4), and a near-equilibrium one
//! computed with CFR+ ([`Equilibrium`]).
//!
//! A bot sees only a [`View`]: what its player may know. It answers with one of the view's
//! legal actions.

#[cfg(test)]
mod best_response;
mod counting;
mod equilibrium;
mod odds;
mod random;

pub use counting::Counting;
pub use equilibrium::Equilibrium;
pub use odds::{Chances, Odds};
pub use random::Random;

use thiserror::Error;

use crate::action::Action;
use crate::error::ActionError;
use crate::event::Outcome;
use crate::game::Match;
use crate::seat::Seat;
use crate::view::View;

/// Something that picks actions.
pub trait Bot {
    /// A legal action for the player of `view`, or `None` when it is not that player's turn
    /// (or the match is over).
    fn choose(&mut self, view: &View<'_>) -> Option<Action>;
}

/// A bot that failed to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BotError {
    /// The bot chose nothing on its turn.
    #[error("the bot of {seat} chose no action on its turn")]
    NoAction {
        /// Whose bot.
        seat: Seat,
    },
    /// The match refused the bot's action.
    #[error("the bot of {seat} chose {action}, which the match refused: {error}")]
    Illegal {
        /// Whose bot.
        seat: Seat,
        /// What it chose.
        action: Action,
        /// Why it was refused.
        error: ActionError,
    },
}

/// Plays `game` to its end, `bots[0]` acting for [`Seat::One`] and `bots[1]` for
/// [`Seat::Two`], each from its own view; returns the outcome. A match without a hand limit
/// can last long between bots that rarely fold: set [`Rules::max_hands`](crate::Rules).
///
/// # Errors
/// [`BotError`] for the first bot that chose nothing or an action the match refused; the
/// match stays where it was then.
pub fn play_out(game: &mut Match, bots: [&mut dyn Bot; 2]) -> Result<Outcome, BotError> {
    let [one, two] = bots;
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(outcome);
        }
        let Some(seat) = game.to_move() else {
            continue;
        };
        let bot: &mut dyn Bot = if seat == Seat::One {
            &mut *one
        } else {
            &mut *two
        };
        let action = bot
            .choose(&game.view(seat))
            .ok_or(BotError::NoAction { seat })?;
        game.apply(action).map_err(|error| BotError::Illegal {
            seat,
            action,
            error,
        })?;
    }
}
