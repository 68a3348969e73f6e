//! Why an action is refused (rules 2.5-2.8).

use thiserror::Error;

use crate::action::Side;
use crate::notation::chips;

/// An action that [`Match::apply`](crate::Match::apply) refuses. The match is unchanged.
///
/// Amounts are levels (chips per staked face, this hand, without the ante), as in
/// [`Action`](crate::Action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ActionError {
    /// The match has ended.
    #[error("the match is over")]
    MatchOver,
    /// A bet from a player whose side is already declared (rules 2.5).
    #[error("your side is already declared ({side}) and cannot change: raise, call or fold")]
    SideAlreadyDeclared {
        /// The side declared.
        side: Side,
    },
    /// A raise or call before the player declared a side (rules 2.5).
    #[error("declare your side first: your first betting action is bet <side> <level>")]
    SideNotDeclared,
    /// Both sides, when the opponent has already declared both sides (rules 2.5).
    #[error("your opponent has bet both sides; only one player per hand may")]
    BothTaken,
    /// A bet below the least allowed level: 1 for the opening bet, the opponent's level (a
    /// call) for the answer to it (rules 2.6).
    #[error("the bet must reach at least level {min}")]
    BetTooSmall {
        /// The least level allowed.
        min: u32,
    },
    /// A raise that does not go at least 1 above the opponent's level (rules 2.6).
    #[error("a raise must reach at least level {min}, one above your opponent's")]
    RaiseTooSmall {
        /// The least level allowed.
        min: u32,
    },
    /// More chips than the player has (rules 2.8).
    #[error("that takes {} and you have only {}", chips(*need), chips(*have))]
    InsufficientChips {
        /// The chips the action would put in (both-sides levels count double).
        need: u64,
        /// The chips the player has left.
        have: u32,
    },
    /// A level the opponent could not call with all its chips: no side pots (rules 2.8).
    #[error("your opponent could not call that; the highest level it can call is {max}")]
    OpponentCannotCall {
        /// The highest level the opponent can call.
        max: u32,
    },
    /// A player has no chips after the ante, so the hand has no betting and each player
    /// only declares a side, with `bet <side> 0` (rules 2.8).
    #[error(
        "a player has no chips after the ante, so this hand has no betting: \
         declare a side with bet <side> 0"
    )]
    DeclareOnly,
}
