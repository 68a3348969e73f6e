//! Deserialize for the card types whose values have a range: a [`Card`] is an index
//! `0..50`, a [`CardSet`] (and its [`Iter`]) holds bits `0..50` only. Each is written as its
//! plain number and read back checked, so that a snapshot naming a 61st card is refused with
//! an error instead of building a value a later call would shift or index out of range. A
//! [`Game`] is read back only when no card is in two places (and its stock, in `deal.rs`,
//! when its top and length are within it). Only behind the `serde` feature.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use crate::deal::Stock;
use crate::event::{Event, Outcome};
use crate::game::{Phase, Table, Tally, Turn};
use crate::match_play::Ticket;
use crate::seat::SeatIndex;
use crate::{Card, CardSet, GukjinUse, Iter, Rules};

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

/// A table's fields as written (a Matgo game's, or a Go-Stop hand's).
#[derive(Deserialize)]
#[serde(bound(deserialize = "S: Deserialize<'de>"))]
pub(crate) struct RawTable<S, const N: usize> {
    rules: Rules,
    first: S,
    #[serde(with = "crate::serde_array")]
    hands: [CardSet; N],
    floor: CardSet,
    #[serde(with = "crate::serde_array")]
    captured: [CardSet; N],
    stock: Stock,
    #[serde(with = "crate::serde_array")]
    piles: [u16; N],
    #[serde(with = "crate::serde_array")]
    revealed: [CardSet; N],
    #[serde(with = "crate::serde_array")]
    passed_over: [CardSet; N],
    #[serde(with = "crate::serde_array")]
    discarded: [CardSet; N],
    #[serde(with = "crate::serde_array")]
    tallies: [Tally; N],
    gukjin: GukjinUse,
    #[serde(with = "crate::serde_array")]
    base_scores: [u32; N],
    phase: Phase<S>,
    turn: Turn<N>,
    outcome: Option<Outcome<S>>,
    dealt_bonus: CardSet,
    deal_end: Option<Event<S>>,
    ticket: Option<Ticket>,
    #[serde(default)]
    last_go: Option<S>,
}

impl<'de, S: SeatIndex + Deserialize<'de>, const N: usize> Deserialize<'de> for Table<S, N> {
    /// The fields as written, read back only when no card is in two places and every seat
    /// named is at the table.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Table<S, N>, D::Error> {
        Table::try_from(RawTable::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

impl<S: SeatIndex, const N: usize> TryFrom<RawTable<S, N>> for Table<S, N> {
    type Error = String;

    /// The table of the fields when no card is in two places ([`Table::all_cards`]'s parts),
    /// every seat it names is one of its `N`, and a game not over has a legal action.
    fn try_from(raw: RawTable<S, N>) -> Result<Table<S, N>, String> {
        let game = Table {
            rules: raw.rules,
            first: raw.first,
            hands: raw.hands,
            floor: raw.floor,
            captured: raw.captured,
            stock: raw.stock,
            piles: raw.piles,
            revealed: raw.revealed,
            passed_over: raw.passed_over,
            discarded: raw.discarded,
            tallies: raw.tallies,
            gukjin: raw.gukjin,
            base_scores: raw.base_scores,
            phase: raw.phase,
            turn: raw.turn,
            outcome: raw.outcome,
            dealt_bonus: raw.dealt_bonus,
            deal_end: raw.deal_end,
            ticket: raw.ticket,
            last_go: raw.last_go,
        };
        if !game.cards_are_distinct() {
            Err(
                "a card is in two places (hands, floor, capture piles, stock, a choice)"
                    .to_string(),
            )
        } else if !game.seats_are_seated() {
            Err(format!("a seat past the table's {N} is named"))
        } else if !game.is_over() && game.legal_actions().is_empty() {
            // Cards missing from every place leave a player with nothing to do.
            Err("the game is not over, yet its player to move has no legal action".to_string())
        } else {
            Ok(game)
        }
    }
}
