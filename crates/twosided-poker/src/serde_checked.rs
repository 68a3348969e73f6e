//! Deserialize for the values whose constructors check an invariant (feature `serde`): a
//! [`Card`] through [`Card::new`] (faces 1 to 10, different), a [`Deck`] through
//! [`Deck::from_cards`] (exactly a deck of its kind), a match's [`Rules`] through
//! [`Rules::validate`] (and the shoe in `shoe.rs`: its deck, its next card within it). A
//! snapshot that breaks one is refused with an error instead of building a value a later
//! call would index out of range.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use crate::{Card, Deck, DeckKind, Rules};

/// A card's fields as written.
#[derive(Deserialize)]
pub(crate) struct RawCard {
    front: u8,
    back: u8,
}

impl TryFrom<RawCard> for Card {
    type Error = crate::CardError;

    fn try_from(raw: RawCard) -> Result<Card, crate::CardError> {
        Card::new(raw.front, raw.back)
    }
}

/// A deck's fields as written.
#[derive(Deserialize)]
pub(crate) struct RawDeck {
    kind: DeckKind,
    cards: Vec<Card>,
}

impl TryFrom<RawDeck> for Deck {
    type Error = crate::DeckError;

    fn try_from(raw: RawDeck) -> Result<Deck, crate::DeckError> {
        Deck::from_cards(raw.kind, raw.cards)
    }
}

/// A match's rules read back: [`Rules::validate`]'s errors are errors here.
pub(crate) fn rules<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
    let rules = Rules::deserialize(deserializer)?;
    rules.validate().map_err(D::Error::custom)?;
    Ok(rules)
}
