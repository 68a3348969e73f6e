//! A position to start a match from: any chips, carry-over, first player and decks.

use crate::deck::Deck;
use crate::rules::Rules;
use crate::seat::Seat;

/// Where a match starts, for [`Match::from_position`](crate::Match::from_position): the
/// situations of a match in progress, which a match started with equal chips may never
/// reach, can be set up and played from.
///
/// The chips are whole chips outside the pot before the first hand's antes are paid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Position {
    /// Each seat's chips, indexed by [`Seat::index`].
    pub chips: [u32; 2],
    /// The chips carried over from tied hands, by who put them in (indexed by
    /// [`Seat::index`]): the next hand's winner takes their sum, and at the hand limit each
    /// part goes back to the seat that put it in.
    pub carry_over: [u32; 2],
    /// Who acts first in the first hand; players then alternate (rules 2.4).
    pub first: Seat,
    /// The deck orders to deal from, used as [`Match::from_decks`](crate::Match::from_decks)
    /// uses them.
    pub decks: Vec<Deck>,
}

impl Position {
    /// The start of a match under `rules`, dealt from `decks`: the starting chips each, no
    /// carry-over, [`Rules::first_player`] first.
    pub fn start(rules: &Rules, decks: Vec<Deck>) -> Position {
        Position {
            chips: [rules.starting_chips; 2],
            carry_over: [0; 2],
            first: rules.first_player,
            decks,
        }
    }
}
