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
use crate::game::{Phase, Tally, Turn};
use crate::match_play::Ticket;
use crate::{Card, CardSet, Game, GukjinUse, Iter, Player, Rules};

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

/// A game's fields as written.
#[derive(Deserialize)]
pub(crate) struct RawGame {
    rules: Rules,
    first: Player,
    hands: [CardSet; 2],
    floor: CardSet,
    captured: [CardSet; 2],
    stock: Stock,
    piles: [u16; 2],
    revealed: [CardSet; 2],
    passed_over: [CardSet; 2],
    discarded: [CardSet; 2],
    tallies: [Tally; 2],
    gukjin: GukjinUse,
    base_scores: [u32; 2],
    phase: Phase<Player>,
    turn: Turn<2>,
    outcome: Option<Outcome>,
    dealt_bonus: CardSet,
    deal_end: Option<Event>,
    ticket: Option<Ticket>,
}

impl<'de> Deserialize<'de> for Game {
    /// The fields as written, read back only when no card is in two places.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        Game::try_from(RawGame::deserialize(deserializer)?).map_err(D::Error::custom)
    }
}

impl TryFrom<RawGame> for Game {
    type Error = String;

    /// The game of the fields when no card is in two places ([`Game::all_cards`]'s parts).
    fn try_from(raw: RawGame) -> Result<Game, String> {
        let game = Game {
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
            last_go: None,
        };
        if game.cards_are_distinct() {
            Ok(game)
        } else {
            Err(
                "a card is in two places (hands, floor, capture piles, stock, a choice)"
                    .to_string(),
            )
        }
    }
}
