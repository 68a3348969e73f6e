//! Decks: the 90-card deck of the show's 16-rule death match and the 200-card deck of the
//! grand final (rules section 1), and explicit deck orders.

use std::fmt;

use rand::Rng;
use rand::seq::SliceRandom;
use thiserror::Error;

use crate::card::{Card, MAX_FACE, MIN_FACE};

/// Which cards make up a full deck (rules section 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DeckKind {
    /// Every ordered pair (front, back) of different numbers from 1 to 10, once: 90 cards
    /// (rule 1 of the show's 16 rules).
    #[default]
    Standard,
    /// The broadcast's grand-final deck: every ordered pair whose numbers have different
    /// parity (one odd, one even), 4 copies each: 50 kinds, 200 cards.
    GrandFinal,
}

impl DeckKind {
    /// How many copies of `card` a full deck holds: 1 or 0 for [`DeckKind::Standard`], 4 or
    /// 0 for [`DeckKind::GrandFinal`].
    pub const fn copies(self, card: Card) -> u8 {
        match self {
            DeckKind::Standard => 1,
            DeckKind::GrandFinal if (card.front() + card.back()) % 2 == 1 => 4,
            DeckKind::GrandFinal => 0,
        }
    }

    /// The number of cards in a full deck: 90 or 200.
    pub const fn size(self) -> usize {
        match self {
            DeckKind::Standard => 90,
            DeckKind::GrandFinal => 200,
        }
    }

    /// Every card of a full deck in order: by front, then by back, copies together.
    pub const fn cards(self) -> &'static [Card] {
        match self {
            DeckKind::Standard => &STANDARD,
            DeckKind::GrandFinal => &GRAND_FINAL,
        }
    }
}

/// The 90-card deck, in order.
static STANDARD: [Card; 90] = full_deck(DeckKind::Standard);
/// The 200-card deck, in order.
static GRAND_FINAL: [Card; 200] = full_deck(DeckKind::GrandFinal);

/// The `N` cards of a full deck of `kind`, by front, then by back, copies together.
const fn full_deck<const N: usize>(kind: DeckKind) -> [Card; N] {
    let mut cards = [Card::FILLER; N];
    let mut n = 0;
    let mut front = MIN_FACE;
    while front <= MAX_FACE {
        let mut back = MIN_FACE;
        while back <= MAX_FACE {
            if let Ok(card) = Card::new(front, back) {
                let mut copy = 0;
                while copy < kind.copies(card) {
                    cards[n] = card;
                    n += 1;
                    copy += 1;
                }
            }
            back += 1;
        }
        front += 1;
    }
    cards
}

impl fmt::Display for DeckKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeckKind::Standard => "the 90-card deck",
            DeckKind::GrandFinal => "the 200-card grand-final deck",
        })
    }
}

/// Every card that can exist (front != back, both 1 to 10), by front then back.
pub(crate) fn all_cards() -> impl Iterator<Item = Card> {
    (MIN_FACE..=MAX_FACE)
        .flat_map(|front| (MIN_FACE..=MAX_FACE).filter_map(move |back| Card::new(front, back).ok()))
}

/// An order of a full deck, the top card first: the cards of a match are dealt from the top,
/// first player first.
///
/// ```
/// use twosided_poker::{Card, Deck, DeckKind};
///
/// let top: [Card; 2] = ["9/2".parse()?, "4/8".parse()?];
/// let deck = Deck::stacked(DeckKind::Standard, &top)?;
/// assert_eq!(deck.cards().len(), 90);
/// assert_eq!(&deck.cards()[..2], &top[..]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::serde_checked::RawDeck"))]
pub struct Deck {
    kind: DeckKind,
    cards: Vec<Card>,
}

impl Deck {
    /// A full deck in the order of [`DeckKind::cards`].
    pub fn new(kind: DeckKind) -> Deck {
        Deck {
            kind,
            cards: kind.cards().to_vec(),
        }
    }

    /// A full deck shuffled with `rng`.
    pub fn shuffled<R: Rng + ?Sized>(kind: DeckKind, rng: &mut R) -> Deck {
        let mut deck = Deck::new(kind);
        deck.cards.shuffle(rng);
        deck
    }

    /// Shuffles the deck in place by the Fisher-Yates algorithm in Durstenfeld's form, with
    /// the random numbers drawn by `pick`: for `i` from `len - 1` down to 1, the card at `i`
    /// is swapped with the card at `pick(i + 1)`, which should be uniform in `0..i + 1` (a
    /// larger pick counts as `i`). The deck stays a full deck whatever `pick` returns, so no
    /// check follows; a caller with its own random source gets the same order as
    /// shuffling [`Deck::cards`] itself by that algorithm, without building the deck again
    /// from the shuffled list.
    ///
    /// ```
    /// use twosided_poker::{Deck, DeckKind};
    ///
    /// // Always picking the first card moves the top card to the bottom, the others up one.
    /// let (mut deck, order) = (Deck::new(DeckKind::Standard), DeckKind::Standard.cards());
    /// deck.shuffle_with(|_| 0);
    /// assert_eq!((deck.cards()[0], deck.cards()[89]), (order[1], order[0]));
    /// // Picking the card itself leaves the order as it was.
    /// let mut same = Deck::new(DeckKind::Standard);
    /// same.shuffle_with(|n| n - 1);
    /// assert_eq!(same, Deck::new(DeckKind::Standard));
    /// ```
    pub fn shuffle_with(&mut self, mut pick: impl FnMut(usize) -> usize) {
        for i in (1..self.cards.len()).rev() {
            let j = pick(i + 1).min(i);
            self.cards.swap(i, j);
        }
    }

    /// The deck in the order of `cards`, the top card first.
    ///
    /// # Errors
    /// [`DeckError`] unless `cards` holds exactly the cards of a full deck of `kind`:
    /// [`DeckError::WrongSize`], [`DeckError::NotInDeck`] or [`DeckError::TooMany`].
    pub fn from_cards(kind: DeckKind, cards: Vec<Card>) -> Result<Deck, DeckError> {
        if cards.len() != kind.size() {
            return Err(DeckError::WrongSize {
                kind,
                expected: kind.size(),
                found: cards.len(),
            });
        }
        let mut counts = [0u8; 100];
        for &card in &cards {
            let copies = kind.copies(card);
            if copies == 0 {
                return Err(DeckError::NotInDeck { card, kind });
            }
            let count = &mut counts[card.index()];
            *count += 1;
            if *count > copies {
                return Err(DeckError::TooMany { card, copies });
            }
        }
        Ok(Deck { kind, cards })
    }

    /// A full deck with `top` on top, in that order, and the rest of the deck under it in the
    /// order of [`DeckKind::cards`]: the way tests and puzzles set up hands.
    ///
    /// # Errors
    /// [`DeckError::NotInDeck`] or [`DeckError::TooMany`] when `top` holds a card the deck
    /// has not, or more copies of a card than the deck has.
    pub fn stacked(kind: DeckKind, top: &[Card]) -> Result<Deck, DeckError> {
        let mut rest: Vec<Card> = kind.cards().to_vec();
        for &card in top {
            let copies = kind.copies(card);
            if copies == 0 {
                return Err(DeckError::NotInDeck { card, kind });
            }
            let at = rest
                .iter()
                .position(|&c| c == card)
                .ok_or(DeckError::TooMany { card, copies })?;
            rest.remove(at);
        }
        let mut cards = top.to_vec();
        cards.extend(rest);
        Ok(Deck { kind, cards })
    }

    /// Which full deck this is an order of.
    pub fn kind(&self) -> DeckKind {
        self.kind
    }

    /// The cards, the top card first.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
}

/// Cards that are not an order of a full deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DeckError {
    /// Too few or too many cards.
    #[error("{kind} has {expected} cards, not {found}")]
    WrongSize {
        /// The deck asked for.
        kind: DeckKind,
        /// Its size.
        expected: usize,
        /// The number of cards given.
        found: usize,
    },
    /// A card the deck does not hold.
    #[error("{kind} has no {card}")]
    NotInDeck {
        /// The card.
        card: Card,
        /// The deck asked for.
        kind: DeckKind,
    },
    /// More copies of a card than the deck holds.
    #[error("the deck holds {copies} of {card}, and more were given")]
    TooMany {
        /// The card.
        card: Card,
        /// How many copies the deck holds.
        copies: u8,
    },
    /// A deck order of another kind than the rules ask for.
    #[error("the rules deal from {expected}, but an order of {found} was given")]
    KindMismatch {
        /// The kind the rules name.
        expected: DeckKind,
        /// The kind given.
        found: DeckKind,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_deck_is_every_ordered_pair() {
        let deck = Deck::new(DeckKind::Standard);
        assert_eq!(deck.cards().len(), 90);
        assert!(deck.cards().iter().all(|c| c.front() != c.back()));
        let mut sorted = deck.cards().to_vec();
        sorted.dedup();
        assert_eq!(sorted.len(), 90);
    }

    #[test]
    fn grand_final_deck_is_parity_split() {
        let deck = Deck::new(DeckKind::GrandFinal);
        assert_eq!(deck.cards().len(), 200);
        assert!(
            deck.cards()
                .iter()
                .all(|c| (c.front() % 2) != (c.back() % 2))
        );
        let mut kinds = deck.cards().to_vec();
        kinds.dedup();
        assert_eq!(kinds.len(), 50);
    }

    #[test]
    fn orders_are_validated() {
        let kind = DeckKind::Standard;
        let mut cards: Vec<Card> = kind.cards().to_vec();
        assert!(Deck::from_cards(kind, cards.clone()).is_ok());
        cards[1] = cards[0];
        assert_eq!(
            Deck::from_cards(kind, cards.clone()),
            Err(DeckError::TooMany {
                card: cards[0],
                copies: 1
            })
        );
        cards.pop();
        assert!(matches!(
            Deck::from_cards(kind, cards),
            Err(DeckError::WrongSize { found: 89, .. })
        ));
        let even_even = Card::new(2, 4).unwrap();
        assert_eq!(
            Deck::stacked(DeckKind::GrandFinal, &[even_even]),
            Err(DeckError::NotInDeck {
                card: even_even,
                kind: DeckKind::GrandFinal
            })
        );
        let twice = [Card::new(1, 2).unwrap(); 2];
        assert!(matches!(
            Deck::stacked(kind, &twice),
            Err(DeckError::TooMany { copies: 1, .. })
        ));
    }

    /// `shuffle_with` is Durstenfeld's shuffle of the cards with the picks given (checked
    /// against the algorithm written out on the list), and any pick, even out of range,
    /// leaves a full deck.
    #[test]
    fn shuffle_with_is_the_fisher_yates_shuffle_of_its_picks() {
        for kind in [DeckKind::Standard, DeckKind::GrandFinal] {
            let mut state = 7u64;
            let mut next = move || {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                (state >> 33) as usize
            };
            let picks: Vec<usize> = (0..kind.size()).map(|_| next()).collect();
            let mut deck = Deck::new(kind);
            let mut used = picks.iter();
            deck.shuffle_with(|n| used.next().map_or(0, |p| p % n));
            let mut cards = kind.cards().to_vec();
            let mut used = picks.iter();
            for i in (1..cards.len()).rev() {
                let j = used.next().map_or(0, |p| p % (i + 1));
                cards.swap(i, j);
            }
            assert_eq!(deck.cards(), &cards[..]);
            assert_ne!(deck, Deck::new(kind));
            let mut wild = Deck::new(kind);
            wild.shuffle_with(|_| next());
            assert!(Deck::from_cards(kind, wild.cards().to_vec()).is_ok());
        }
    }

    #[test]
    fn shuffled_is_a_permutation() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let deck = Deck::shuffled(DeckKind::GrandFinal, &mut rng);
        assert_ne!(deck, Deck::new(DeckKind::GrandFinal));
        assert!(Deck::from_cards(DeckKind::GrandFinal, deck.cards().to_vec()).is_ok());
    }
}
