//! The rule set of a match: data, with the show's 16 rules of the death match as the
//! default (rules sections 1-3).

use thiserror::Error;

use crate::deck::DeckKind;
use crate::seat::Seat;

/// The most chips a player may start with: it keeps every sum of chips well inside `u32`.
pub const MAX_STARTING_CHIPS: u32 = 1_000_000;

/// The rules of a match. `Rules::default()` is the death match of the show's 16 rules;
/// [`Rules::grand_final`] the broadcast's grand final; [`Rules::both_penalty`] a variant.
///
/// ```
/// use twosided_poker::{DeckKind, Rules};
///
/// let rules = Rules::default();
/// assert_eq!((rules.starting_chips, rules.ante, rules.both_bonus), (30, 1, 10));
/// assert_eq!(Rules::grand_final().deck, DeckKind::GrandFinal);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Chips each player starts with: 30 (rule 2 of the show's 16; rules section 1); 40 in
    /// the grand final. From 1 to [`MAX_STARTING_CHIPS`].
    pub starting_chips: u32,
    /// Chips each player pays into the pot when a hand is dealt: 1 (rule 5 of the show's
    /// 16; rules 2.3). A player with fewer chips pays what it has.
    pub ante: u32,
    /// Extra chips a both-sides winner takes from the opponent, at most what the opponent has
    /// left: 10 (rule 15 of the show's 16; rules 2.9).
    pub both_bonus: u32,
    /// Extra chips a both-sides bettor who loses the hand (at the showdown, or by folding)
    /// pays the winner, at most what it has left: 0 by default, as the spec (rules 2.9)
    /// charges nothing. Some versions of the game charge 10 ([`Rules::BOTH_PENALTY`]); the
    /// spec does not say which, so this is the variant as the project's issue 16 reports it,
    /// not a rule of the spec. It mirrors [`Rules::both_bonus`]: the winner of a hand
    /// against a both-sides bet takes it, so a both-sides bet risks the penalty as it earns
    /// the bonus.
    pub both_penalty: u32,
    /// The deck dealt from and reshuffled when it runs low: the 90-card deck (rule 1 of the
    /// show's 16; rules section 1).
    pub deck: DeckKind,
    /// Who acts first in the first hand; players then alternate every hand, ties included
    /// (rules 2.4). The spec has it "given or drawn": [`Seat::One`] by default, and a caller
    /// that wants it drawn draws it.
    pub first_player: Seat,
    /// The number of hands after which the match ends and the player with more chips wins:
    /// `None` by default, so that only a player's last chip ends the match (rules section 3).
    /// At least 1 when given.
    pub max_hands: Option<u32>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            starting_chips: 30,
            ante: 1,
            both_bonus: 10,
            both_penalty: 0,
            deck: DeckKind::Standard,
            first_player: Seat::One,
            max_hands: None,
        }
    }
}

impl Rules {
    /// The penalty of the versions that charge a losing both-sides bettor: 10 chips (see
    /// [`Rules::both_penalty`]).
    pub const BOTH_PENALTY: u32 = 10;

    /// The broadcast's grand final: the 200-card parity-split deck and 40 chips each (rules
    /// section 1); everything else as the default.
    pub fn grand_final() -> Rules {
        Rules {
            starting_chips: 40,
            deck: DeckKind::GrandFinal,
            ..Rules::default()
        }
    }

    /// Checks the rules.
    ///
    /// # Errors
    /// [`RulesError::NoChips`] when `starting_chips` is 0, [`RulesError::TooManyChips`] when
    /// it is above [`MAX_STARTING_CHIPS`], and [`RulesError::NoHands`] when `max_hands` is
    /// `Some(0)`.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.starting_chips == 0 {
            return Err(RulesError::NoChips);
        }
        if self.max_hands == Some(0) {
            return Err(RulesError::NoHands);
        }
        if self.starting_chips > MAX_STARTING_CHIPS {
            return Err(RulesError::TooManyChips {
                max: MAX_STARTING_CHIPS,
                found: self.starting_chips,
            });
        }
        Ok(())
    }
}

/// Rules that no match can be played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum RulesError {
    /// Players starting with no chips.
    #[error("players must start with at least 1 chip")]
    NoChips,
    /// A hand limit of 0.
    #[error("a hand limit must allow at least 1 hand")]
    NoHands,
    /// Too many starting chips.
    #[error("players may start with at most {max} chips, not {found}")]
    TooManyChips {
        /// The most allowed.
        max: u32,
        /// The number asked for.
        found: u32,
    },
}
