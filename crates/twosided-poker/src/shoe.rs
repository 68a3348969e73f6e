//! The cards left to deal, and where the next deck order comes from (rules 2.1).

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::card::Card;
use crate::deck::{Deck, DeckKind};

/// Where fresh deck orders come from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Source {
    /// Each deck is a fresh shuffle by a generator seeded once, from the caller's `Rng`, when
    /// the match was made: the match stays a plain value that replays the same way. The
    /// shuffle is a Fisher-Yates shuffle done one card at a time as cards are dealt, so a
    /// short match does not pay for shuffling a whole deck.
    Shuffled(Xoshiro256PlusPlus),
    /// Explicit orders, used in turn and again from the first once all are used: the
    /// `k`-th deck (from 0) is `decks[k % decks.len()]`, `next` counting the decks taken
    /// (so that an order added later is dealt in its turn).
    Orders { decks: Vec<Deck>, next: usize },
}

/// The deck being dealt from and its source of decks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawShoe"))]
pub(crate) struct Shoe {
    kind: DeckKind,
    cards: Vec<Card>,
    next: usize,
    /// The number of the deck being dealt, from 1.
    number: u32,
    source: Source,
}

/// A shoe's fields as written (feature `serde`).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawShoe {
    kind: DeckKind,
    cards: Vec<Card>,
    next: usize,
    number: u32,
    source: Source,
}

#[cfg(feature = "serde")]
impl TryFrom<RawShoe> for Shoe {
    type Error = String;

    /// The shoe when its cards are a deck of its kind, `next` is within them and explicit
    /// orders are of its kind, at least one.
    fn try_from(raw: RawShoe) -> Result<Shoe, String> {
        let RawShoe {
            kind,
            cards,
            next,
            number,
            source,
        } = raw;
        let cards = Deck::from_cards(kind, cards)
            .map_err(|e| format!("the shoe's deck: {e}"))?
            .cards()
            .to_vec();
        if next > cards.len() {
            return Err(format!(
                "the shoe's next card {next} is past its {} cards",
                cards.len()
            ));
        }
        if let Source::Orders { decks, .. } = &source
            && (decks.is_empty() || decks.iter().any(|d| d.kind() != kind))
        {
            return Err(format!(
                "the shoe's orders are not one or more {kind:?} decks"
            ));
        }
        Ok(Shoe {
            kind,
            cards,
            next,
            number,
            source,
        })
    }
}

impl Shoe {
    /// A shoe of shuffled decks, seeded with `seed`, holding its first deck.
    pub fn shuffled(kind: DeckKind, seed: u64) -> Shoe {
        Shoe::with(
            kind,
            Source::Shuffled(Xoshiro256PlusPlus::seed_from_u64(seed)),
        )
    }

    /// A shoe dealing `decks` in turn (at least one, all of `kind`), holding the first.
    pub fn orders(kind: DeckKind, decks: Vec<Deck>) -> Shoe {
        Shoe::with(kind, Source::Orders { decks, next: 0 })
    }

    fn with(kind: DeckKind, source: Source) -> Shoe {
        let mut shoe = Shoe {
            kind,
            cards: Vec::with_capacity(kind.size()),
            next: 0,
            number: 0,
            source,
        };
        shoe.refill();
        shoe
    }

    /// Deals `decks` in turn from now on, as [`Shoe::orders`] does, keeping the memory of
    /// the deck being dealt.
    pub fn restart(&mut self, decks: Vec<Deck>) {
        self.source = Source::Orders { decks, next: 0 };
        self.number = 0;
        self.refill();
    }

    /// The number of explicit orders the shoe holds (0 for shuffled decks).
    pub fn order_count(&self) -> usize {
        match &self.source {
            Source::Orders { decks, .. } => decks.len(),
            Source::Shuffled(_) => 0,
        }
    }

    /// Appends `deck` to the orders of a shoe of orders (see [`Source::Orders`]); says
    /// whether it did (a shoe of shuffled decks takes none).
    pub fn add_order(&mut self, deck: Deck) -> bool {
        match &mut self.source {
            Source::Orders { decks, .. } => {
                decks.push(deck);
                true
            }
            Source::Shuffled(_) => false,
        }
    }

    /// The number of the deck being dealt, from 1.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The cards not yet dealt from this deck.
    pub fn left(&self) -> usize {
        self.cards.len() - self.next
    }

    /// Replaces the deck with the next order from the source.
    fn refill(&mut self) {
        self.cards.clear();
        match &mut self.source {
            Source::Shuffled(_) => self.cards.extend_from_slice(self.kind.cards()),
            Source::Orders { decks, next } => {
                if let Some(deck) = decks.get(*next % decks.len().max(1)) {
                    self.cards.extend_from_slice(deck.cards());
                }
                *next = next.saturating_add(1);
            }
        }
        self.next = 0;
        self.number += 1;
    }

    /// Deals the top two cards, the first to seat one and the second to seat two, after
    /// taking a fresh deck if fewer than 2 were left (rules 2.1); says whether it did.
    pub fn deal(&mut self) -> ([Card; 2], bool) {
        let refilled = self.left() < 2;
        if refilled {
            self.refill();
        }
        // A shuffled deck first swaps a card drawn uniformly from those left into each
        // dealing position in turn: two steps of a Fisher-Yates shuffle.
        if let Source::Shuffled(rng) = &mut self.source {
            for at in [self.next, self.next + 1] {
                let pick = rng.random_range(at..self.cards.len());
                self.cards.swap(at, pick);
            }
        }
        // Every deck order holds a full deck of 90 or 200 cards, and the refill above
        // leaves at least 2.
        let cards = [self.cards[self.next], self.cards[self.next + 1]];
        self.next += 2;
        (cards, refilled)
    }
}
