//! Deserialize for the card types whose values have a range: a [`Card`] is an index
//! `0..50`, a [`CardSet`] (and its [`Iter`]) holds bits `0..50` only. Each is written as its
//! plain number and read back checked, so that a snapshot naming a 61st card is refused with
//! an error instead of building a value a later call would shift or index out of range.
//! Only behind the `serde` feature.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use crate::{Card, CardSet, Iter};

impl<'de> Deserialize<'de> for Card {
    /// An index `0..50` ([`Card::from_index`]); any other number is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let index = u8::deserialize(deserializer)?;
        Card::from_index(index).ok_or_else(|| {
            D::Error::custom(format!("card index {index} is not below {}", Card::COUNT))
        })
    }
}

/// Set bits read back: bits `0..50` only.
fn card_bits<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    let bits = u64::deserialize(deserializer)?;
    if bits >> Card::COUNT == 0 {
        Ok(bits)
    } else {
        Err(D::Error::custom(format!(
            "card set bits {bits:#x} name a card past the {}th",
            Card::COUNT
        )))
    }
}

impl<'de> Deserialize<'de> for CardSet {
    /// The bits, `1 << index` per card, below `1 << 50`; a higher bit is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        card_bits(deserializer).map(CardSet::from_bits)
    }
}

impl<'de> Deserialize<'de> for Iter {
    /// The bits of the cards left, as for [`CardSet`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Iter, D::Error> {
        card_bits(deserializer).map(|bits| CardSet::from_bits(bits).iter())
    }
}
