//! Dealing: hands, floor and stock from a deck order or a shuffle (rules section 2).

use rand::Rng;
use rand::seq::SliceRandom;
use thiserror::Error;

use crate::card::Card;
use crate::card_set::CardSet;
use crate::player::Player;
use crate::rules::Rules;
use crate::seat::{Seat, SeatIndex};

/// Cards per hand in a dealt game of Matgo (Go-Stop deals 7: [`SeatIndex::HAND_SIZE`]).
pub const HAND_SIZE: usize = <Player as SeatIndex>::HAND_SIZE;
/// Cards face up on the floor in a dealt game of Matgo (Go-Stop deals 6).
pub const FLOOR_SIZE: usize = <Player as SeatIndex>::FLOOR_SIZE;

/// A deal: every hand, the floor, the stock from the top, and who plays first. `Deal` is a
/// deal of Matgo (two [`Player`]s); `Deal<Seat, 3>` of Go-Stop ([`crate::Seat`]).
///
/// A deal from a deck order ([`Deal::from_deck`]) gives the first ten cards to the first
/// player, the next ten to the other, the next eight to the floor and the rest to the stock,
/// top first; in Go-Stop, seven cards to each hand in turn order from the first player, then
/// six to the floor. Tests may build any deal by hand (smaller hands and stocks included);
/// [`crate::Game::from_deal`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Deal<S = Player, const N: usize = 2> {
    /// The hands, indexed by [`SeatIndex::index`].
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    pub hands: [CardSet; N],
    /// The face-up floor cards.
    pub floor: CardSet,
    /// The face-down stock, `stock[0]` on top (flipped first).
    pub stock: Vec<Card>,
    /// Who plays first.
    pub first: S,
}

impl Deal {
    /// Deals a deck in the documented order (see [`Deal`]).
    ///
    /// # Errors
    /// [`DealError::DeckSize`] unless the deck has at least 28 cards.
    pub fn from_deck(deck: &[Card], first: Player) -> Result<Deal, DealError> {
        Deal::split(deck, first)
    }

    /// Shuffles the deck of `rules` with `rng` and deals it.
    pub fn shuffled<R: Rng + ?Sized>(rules: &Rules, first: Player, rng: &mut R) -> Deal {
        Deal::shuffle(rules, first, rng)
    }
}

impl Deal<Seat, 3> {
    /// Deals a deck to three Go-Stop hands in the documented order (see [`Deal`]).
    ///
    /// # Errors
    /// [`DealError::DeckSize`] unless the deck has at least 27 cards.
    pub fn three_from_deck(deck: &[Card], first: Seat) -> Result<Deal<Seat, 3>, DealError<Seat>> {
        Deal::split(deck, first)
    }

    /// Shuffles the deck of `rules` with `rng` and deals it to three Go-Stop hands.
    pub fn three_shuffled<R: Rng + ?Sized>(
        rules: &Rules,
        first: Seat,
        rng: &mut R,
    ) -> Deal<Seat, 3> {
        Deal::shuffle(rules, first, rng)
    }
}

impl<S: SeatIndex, const N: usize> Deal<S, N> {
    pub(crate) fn split(deck: &[Card], first: S) -> Result<Deal<S, N>, DealError<S>> {
        let (hands, floor, stock) = split_deck(deck, first)?;
        Ok(Deal {
            hands,
            floor,
            stock: stock.to_vec(),
            first,
        })
    }

    fn shuffle<R: Rng + ?Sized>(rules: &Rules, first: S, rng: &mut R) -> Deal<S, N> {
        let mut deck = Deck::of(rules);
        deck.cards_mut().shuffle(rng);
        // A deck of 48 cards or more always deals.
        Deal::split(deck.cards(), first).unwrap_or(Deal {
            hands: [CardSet::EMPTY; N],
            floor: CardSet::EMPTY,
            stock: Vec::new(),
            first,
        })
    }

    /// Every card of the deal.
    pub fn cards(&self) -> CardSet {
        let hands = self
            .hands
            .iter()
            .fold(CardSet::EMPTY, |all, &hand| all | hand);
        hands | self.floor | self.stock.iter().copied().collect::<CardSet>()
    }
}

/// A deck split: every hand, the floor, the stock from the top.
type Split<'a, const N: usize> = ([CardSet; N], CardSet, &'a [Card]);

/// Splits a deck in the documented order: every hand in turn order from `first`, the floor,
/// the stock from the top.
pub(crate) fn split_deck<S: SeatIndex, const N: usize>(
    deck: &[Card],
    first: S,
) -> Result<Split<'_, N>, DealError<S>> {
    if first.index() >= N {
        return Err(DealError::NotSeated { player: first });
    }
    let hand = S::HAND_SIZE;
    let dealt = N * hand + S::FLOOR_SIZE;
    if deck.len() < dealt {
        return Err(DealError::DeckSize { cards: deck.len() });
    }
    let part = |range: std::ops::Range<usize>| deck[range].iter().copied().collect();
    let mut hands = [CardSet::EMPTY; N];
    for k in 0..N {
        hands[(first.index() + k) % N] = part(k * hand..(k + 1) * hand);
    }
    Ok((hands, part(N * hand..dealt), &deck[dealt..]))
}

/// The deck of a rule set in a fixed array, to shuffle without allocating: the 48 month
/// cards and the rules' bonus cards (48 to 51 cards), in [`CardSet`] order until reordered.
/// [`crate::Game::from_deck`] deals an order of it.
#[derive(Clone, Debug)]
pub struct Deck {
    cards: [Card; Card::COUNT],
    len: usize,
}

impl Deck {
    /// The 48 month cards and the rules' bonus cards, in canonical order.
    #[must_use]
    pub fn of(rules: &Rules) -> Deck {
        let set = CardSet::MONTHS | rules.bonus_cards.cards();
        let mut cards = [Card::B2; Card::COUNT];
        for (slot, card) in cards.iter_mut().zip(set) {
            *slot = card;
        }
        Deck {
            cards,
            len: set.len(),
        }
    }

    /// The cards in their current order.
    #[must_use]
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    /// The cards, to reorder (a shuffle); what a caller writes is checked when the order is
    /// dealt.
    pub fn cards_mut(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len]
    }
}

/// A deal that [`crate::Game::from_deal`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DealError<P: SeatIndex = Player> {
    /// A deck too small to deal.
    #[error("a deck of {cards} cards is too small: dealing takes {}", P::dealt())]
    DeckSize {
        /// The cards in the deck.
        cards: usize,
    },
    /// A card appears twice.
    #[error("{card} is dealt twice")]
    Duplicate {
        /// The card.
        card: Card,
    },
    /// A bonus card these rules do not use.
    #[error("{card} is not in the deck of these rules")]
    NotInDeck {
        /// The card.
        card: Card,
    },
    /// All four cards of a month on the floor: the deal must be redone (section 2).
    #[error("all four cards of month {month} are on the floor: the deal must be redone")]
    FourOnFloor {
        /// The month.
        month: u8,
    },
    /// More cards than a hand holds.
    #[error("player {player} is dealt {cards} cards, more than {}", P::HAND_SIZE)]
    HandSize {
        /// The player.
        player: P,
        /// Its cards.
        cards: usize,
    },
    /// The first player is not seated at the table: Go-Stop's `D` or `E` at a table of
    /// three.
    #[error("player {player} is not seated at this table")]
    NotSeated {
        /// The player.
        player: P,
    },
}

/// The stock as a fixed array: drawing from it never allocates. `Debug` lists the cards
/// left, top first.
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawStock"))]
pub(crate) struct Stock {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    cards: [Card; Card::COUNT],
    top: u8,
    len: u8,
}

/// A stock's fields as written (feature `serde`).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawStock {
    #[serde(with = "crate::serde_array")]
    cards: [Card; Card::COUNT],
    top: u8,
    len: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<RawStock> for Stock {
    type Error = String;

    /// The stock when its top is within its length and its length within the array, and
    /// no card is in it twice.
    fn try_from(raw: RawStock) -> Result<Stock, String> {
        let RawStock { cards, top, len } = raw;
        if top > len || usize::from(len) > Card::COUNT {
            return Err(format!(
                "a stock's top {top} and length {len} are not within 0 <= top <= length <= {}",
                Card::COUNT
            ));
        }
        let stock = Stock { cards, top, len };
        let distinct: CardSet = stock.remaining().iter().copied().collect();
        if distinct.len() != stock.remaining().len() {
            return Err("a card is in the stock twice".to_string());
        }
        Ok(stock)
    }
}

impl Stock {
    /// The stock of `cards`, top first (at most 50: the caller has checked for duplicates).
    pub(crate) fn new(cards: &[Card]) -> Stock {
        let mut stock = Stock {
            cards: [Card::B2; Card::COUNT],
            top: 0,
            len: 0,
        };
        for (slot, &card) in stock.cards.iter_mut().zip(cards) {
            *slot = card;
            stock.len += 1;
        }
        stock
    }

    /// Takes the top card.
    pub(crate) fn draw(&mut self) -> Option<Card> {
        let card = self.remaining().first().copied()?;
        self.top += 1;
        Some(card)
    }

    /// The cards left, top first.
    pub(crate) fn remaining(&self) -> &[Card] {
        &self.cards[usize::from(self.top)..usize::from(self.len)]
    }

    /// The cards left, top first, to change in tests of hidden information.
    #[cfg(test)]
    pub(crate) fn remaining_mut(&mut self) -> &mut [Card] {
        &mut self.cards[usize::from(self.top)..usize::from(self.len)]
    }

    /// The number of cards left.
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len - self.top)
    }
}

impl std::fmt::Debug for Stock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.remaining()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn a_shuffled_deal_uses_the_whole_deck_in_the_documented_shape() {
        let mut rng = StdRng::seed_from_u64(1);
        for (_, rules) in Rules::PRESETS {
            let deal = Deal::shuffled(&rules, Player::B, &mut rng);
            assert_eq!(deal.hands.map(CardSet::len), [HAND_SIZE, HAND_SIZE]);
            assert_eq!(deal.floor.len(), FLOOR_SIZE);
            assert_eq!(deal.stock.len(), rules.deck_size() - 28);
            assert_eq!(deal.cards(), CardSet::MONTHS | rules.bonus_cards.cards());
        }
    }

    #[test]
    fn the_deck_order_decides_the_deal() {
        let deck: Vec<Card> = Card::all().collect();
        let deal = Deal::from_deck(&deck, Player::B).unwrap();
        assert_eq!(deal.hands[1].iter().next(), Card::from_index(0));
        assert_eq!(deal.hands[0].first(), Card::from_index(10));
        assert_eq!(deal.floor.first(), Card::from_index(20));
        assert_eq!(deal.stock[0], Card::from_index(28).unwrap());
        assert!(Deal::from_deck(&deck[..27], Player::A).is_err());
        let mut stock = Stock::new(&deal.stock);
        assert_eq!(stock.len(), 22);
        assert_eq!(stock.draw(), Card::from_index(28));
        assert_eq!(stock.len(), 21);
    }
}
