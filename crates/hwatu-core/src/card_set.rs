//! Sets of cards as a 64-bit mask: hands, the floor, capture piles.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, Dan, GukjinUse, KINDS, Kind, ParseCardError};

/// A set of cards, one bit per canonical card number (see [`Card::index`]).
///
/// Iteration is in canonical order. `Display` writes the cards separated by spaces (`-` for
/// the empty set), and `FromStr` reads the same: cards separated by spaces or commas, each
/// at most once; `-` alone, or nothing, is the empty set. `Debug` writes `CardSet[1G 3P1]`.
///
/// ```
/// use hwatu_core::{CardSet, ParseCardSetError};
///
/// let hand: CardSet = "1G 1T 9Y B3".parse()?;
/// assert_eq!(hand.len(), 4);
/// assert_eq!(hand.of_month(1).to_string(), "1G 1T");
/// assert_eq!((hand & CardSet::GWANG).len(), 1);
/// assert_eq!(format!("{hand:?}"), "CardSet[1G 1T 9Y B3]");
/// assert!(matches!("1G 1G".parse::<CardSet>(), Err(ParseCardSetError::Duplicate { .. })));
/// # Ok::<(), hwatu_core::ParseCardSetError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CardSet(u64);

/// The set of every card of `kind`.
const fn kind_mask(kind: Kind) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < Card::COUNT {
        if KINDS[i] as u8 == kind as u8 {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// The set of the cards with these canonical numbers.
const fn mask_of(indices: &[u8]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < indices.len() {
        mask |= 1 << indices[i];
        i += 1;
    }
    mask
}

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 48 month cards.
    pub const MONTHS: CardSet = CardSet((1 << 48) - 1);
    /// The five gwang.
    pub const GWANG: CardSet = CardSet(kind_mask(Kind::Gwang));
    /// The nine yeol (the gukjin included).
    pub const YEOL: CardSet = CardSet(kind_mask(Kind::Yeol));
    /// The ten tti.
    pub const TTI: CardSet = CardSet(kind_mask(Kind::Tti));
    /// The 22 plain pi.
    pub const PI: CardSet = CardSet(kind_mask(Kind::Pi));
    /// The two ssangpi, 11S and 12S.
    pub const SSANGPI: CardSet = CardSet(kind_mask(Kind::Ssangpi));
    /// The two bonus cards.
    pub const BONUS: CardSet = CardSet(kind_mask(Kind::Bonus));
    /// The three godori birds: 2Y, 4Y, 8Y.
    pub const GODORI: CardSet = CardSet(mask_of(&[4, 12, 29]));
    /// The hongdan ribbons: 1T, 2T, 3T.
    pub const HONGDAN: CardSet = CardSet(mask_of(&[1, 5, 9]));
    /// The cheongdan ribbons: 6T, 9T, 10T.
    pub const CHEONGDAN: CardSet = CardSet(mask_of(&[21, 33, 37]));
    /// The chodan ribbons: 4T, 5T, 7T.
    pub const CHODAN: CardSet = CardSet(mask_of(&[13, 17, 25]));

    /// The set holding just `card`.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The four cards of `month` (1 to 12); empty for another number.
    pub const fn month(month: u8) -> CardSet {
        if month >= 1 && month <= 12 {
            CardSet(0xF << ((month - 1) * 4))
        } else {
            CardSet(0)
        }
    }

    /// The three cards of a ribbon set.
    pub const fn dan(dan: Dan) -> CardSet {
        match dan {
            Dan::Hongdan => CardSet::HONGDAN,
            Dan::Cheongdan => CardSet::CHEONGDAN,
            Dan::Chodan => CardSet::CHODAN,
        }
    }

    /// The cards of this set that are of `month`.
    pub const fn of_month(self, month: u8) -> CardSet {
        CardSet(self.0 & CardSet::month(month).0)
    }

    /// The cards of this set of the same month as `card` (empty for a bonus card).
    pub fn same_month(self, card: Card) -> CardSet {
        card.month().map_or(CardSet::EMPTY, |m| self.of_month(m))
    }

    /// The number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set as bits: bit `i` is set when the card of index `i` ([`Card::index`]) is in
    /// the set (bits 50..64 are always clear). For writing a set as a 0/1 row at once.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of the cards whose index bits are set in `bits` (bits 50..64 ignored): the
    /// inverse of [`CardSet::bits`].
    pub(crate) const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1 << Card::COUNT) - 1))
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Whether every card of `other` is in this set.
    pub const fn contains_all(self, other: CardSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// Adds `card`; returns whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= 1 << card.index();
        new
    }

    /// Removes `card`; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.index());
        had
    }

    /// The first card in canonical order, if any.
    pub fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The cards in canonical order.
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// The months (1 to 12) with at least one card of this set, in order.
    pub fn months(self) -> impl Iterator<Item = u8> {
        (1..=12).filter(move |&m| !self.of_month(m).is_empty())
    }

    /// The months of [`CardSet::months`] as a mask: bit `m - 1` for month `m`.
    pub(crate) fn month_mask(self) -> u16 {
        self.months().fold(0, |mask, m| mask | 1 << (m - 1))
    }

    /// Every card of the months of [`CardSet::months`].
    pub(crate) fn whole_months(self) -> CardSet {
        self.months()
            .fold(CardSet::EMPTY, |set, m| set | CardSet::month(m))
    }

    /// The number of cards of each month packed in nibbles: bits `4 (m - 1)` to `4 m - 1`
    /// hold the count (0 to 4) of month `m`. Read one with [`CardSet::count_in`].
    pub const fn month_counts(self) -> u64 {
        const ODD: u64 = 0x5555_5555_5555;
        const PAIRS: u64 = 0x3333_3333_3333;
        let x = self.0 & CardSet::MONTHS.0;
        let x = x - ((x >> 1) & ODD);
        (x & PAIRS) + ((x >> 2) & PAIRS)
    }

    /// The count of `month` (1 to 12) in counts from [`CardSet::month_counts`].
    pub const fn count_in(counts: u64, month: u8) -> u8 {
        if month >= 1 && month <= 12 {
            ((counts >> ((month - 1) * 4)) & 0xF) as u8
        } else {
            0
        }
    }

    /// The months (1 to 12) with exactly `count` cards in the set.
    pub fn months_with(self, count: u8) -> impl Iterator<Item = u8> {
        let counts = self.month_counts();
        (1..=12).filter(move |&m| CardSet::count_in(counts, m) == count)
    }

    /// The total pi value of the set (plain pi 1, ssangpi 2, bonus cards 2 or 3, the gukjin
    /// 2 when `gukjin` is [`GukjinUse::Ssangpi`]).
    pub const fn pi_value(self, gukjin: GukjinUse) -> u32 {
        let plain = (self.0 & CardSet::PI.0).count_ones();
        let double = (self.0 & (CardSet::SSANGPI.0 | (1 << 48))).count_ones();
        let triple = (self.0 >> 49) as u32 & 1;
        let cup = match gukjin {
            GukjinUse::Ssangpi => (self.0 >> 32) as u32 & 1,
            GukjinUse::Yeol => 0,
        };
        plain + 2 * (double + cup) + 3 * triple
    }

    /// The number of yeol cards, the gukjin counted only when used as yeol.
    pub const fn yeol_count(self, gukjin: GukjinUse) -> u32 {
        let all = (self.0 & CardSet::YEOL.0).count_ones();
        match gukjin {
            GukjinUse::Ssangpi => all - ((self.0 >> 32) as u32 & 1),
            GukjinUse::Yeol => all,
        }
    }

    /// The pi cards of the set, the ones that can be stolen: plain pi, ssangpi, bonus cards,
    /// and the gukjin when used as ssangpi.
    pub const fn pi_cards(self, gukjin: GukjinUse) -> CardSet {
        let mut mask = CardSet::PI.0 | CardSet::SSANGPI.0 | CardSet::BONUS.0;
        if let GukjinUse::Ssangpi = gukjin {
            mask |= 1 << 32;
        }
        CardSet(self.0 & mask)
    }
}

impl std::ops::BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for CardSet {
    fn bitor_assign(&mut self, other: CardSet) {
        self.0 |= other.0;
    }
}

impl std::ops::BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
}

impl std::ops::Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` not in `other`.
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl std::ops::SubAssign for CardSet {
    fn sub_assign(&mut self, other: CardSet) {
        self.0 &= !other.0;
    }
}

impl std::ops::BitOr<Card> for CardSet {
    type Output = CardSet;
    fn bitor(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }
}

impl std::ops::BitOr for Card {
    type Output = CardSet;
    /// The set of both cards.
    fn bitor(self, other: Card) -> CardSet {
        CardSet::single(self) | other
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// The cards of a [`CardSet`] in canonical order. `Debug` writes the cards left:
/// `Iter[1G 3P1]`.
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Iter(u64);

impl fmt::Debug for Iter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_cards(f, "Iter", CardSet(self.0))
    }
}

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Card::from_index(index as u8)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl fmt::Display for CardSet {
    /// The cards separated by spaces, in canonical order; `-` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    /// `CardSet[1G 3P1]`, the cards in notation; `CardSet[]` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_cards(f, "CardSet", *self)
    }
}

/// `name[1G 3P1]`: the cards of `set` in notation, for `Debug`.
fn debug_cards(f: &mut fmt::Formatter<'_>, name: &str, set: CardSet) -> fmt::Result {
    write!(f, "{name}[")?;
    if !set.is_empty() {
        write!(f, "{set}")?;
    }
    f.write_str("]")
}

/// Text that is not a set of cards.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ParseCardSetError {
    /// A token is not a card (`-` among cards included: it means the empty set only alone).
    #[error(transparent)]
    Card(#[from] ParseCardError),
    /// A card is written twice.
    #[error("{card} is written twice: a set holds each card once")]
    Duplicate {
        /// The card.
        card: Card,
    },
}

impl FromStr for CardSet {
    type Err = ParseCardSetError;

    /// Cards in notation separated by spaces or commas, each at most once; `-` alone, or
    /// nothing, is the empty set.
    ///
    /// # Errors
    /// [`ParseCardSetError::Card`] naming the first token that is not a card,
    /// [`ParseCardSetError::Duplicate`] naming the first card written twice.
    fn from_str(text: &str) -> Result<CardSet, ParseCardSetError> {
        if text.trim() == "-" {
            return Ok(CardSet::EMPTY);
        }
        let mut set = CardSet::EMPTY;
        for token in text.split(|c: char| c.is_whitespace() || c == ',') {
            if token.is_empty() {
                continue;
            }
            let card: Card = token.parse()?;
            if !set.insert(card) {
                return Err(ParseCardSetError::Duplicate { card });
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_match_the_card_queries() {
        for card in Card::all() {
            assert_eq!(CardSet::GWANG.contains(card), card.is_gwang(), "{card}");
            assert_eq!(CardSet::YEOL.contains(card), card.is_yeol(), "{card}");
            assert_eq!(CardSet::TTI.contains(card), card.is_tti(), "{card}");
            assert_eq!(CardSet::GODORI.contains(card), card.is_godori(), "{card}");
            for dan in Dan::ALL {
                assert_eq!(CardSet::dan(dan).contains(card), card.dan() == Some(dan));
            }
            for gukjin in [GukjinUse::Yeol, GukjinUse::Ssangpi] {
                let value = CardSet::single(card).pi_value(gukjin);
                assert_eq!(value, u32::from(card.pi_value(gukjin)), "{card}");
            }
        }
        let all: CardSet = Card::all().collect();
        assert_eq!(all.pi_value(GukjinUse::Yeol), 22 + 4 + 5);
        assert_eq!(all.pi_value(GukjinUse::Ssangpi), 22 + 4 + 5 + 2);
        assert_eq!(all.yeol_count(GukjinUse::Ssangpi), 8);
    }

    #[test]
    fn display_and_parse_round_trip() {
        let set: CardSet = "12S, 1g 8Y b2".parse().unwrap();
        assert_eq!(set.to_string(), "1G 8Y 12S B2");
        assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
        assert_eq!("-".parse::<CardSet>(), Ok(CardSet::EMPTY));
        assert_eq!(CardSet::EMPTY.to_string(), "-");
        assert_eq!(" - ".parse::<CardSet>(), Ok(CardSet::EMPTY));
        assert_eq!("".parse::<CardSet>(), Ok(CardSet::EMPTY));
        assert_eq!(set.months().collect::<Vec<_>>(), [1, 8, 12]);
        let hand: CardSet = "1G 1T 1P1 1P2 3G 3T 3P1 12S".parse().unwrap();
        let counts = hand.month_counts();
        let per_month: Vec<u8> = (1..=12).map(|m| CardSet::count_in(counts, m)).collect();
        assert_eq!(per_month, [4, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(hand.months_with(3).collect::<Vec<_>>(), [3]);
        assert_eq!(CardSet::count_in(counts, 13), 0);
    }

    #[test]
    fn parsing_refuses_unknown_tokens_and_duplicates_naming_them() {
        let error = |text: &str| text.parse::<CardSet>().unwrap_err();
        let card = |text: &str| text.parse::<Card>().unwrap();
        for (text, token) in [
            ("1G 1Q", "1Q"),
            ("1G - 2Y", "-"),
            ("-, -", "-"),
            ("1G,x", "x"),
        ] {
            let not_a_card = ParseCardError { text: token.into() };
            assert_eq!(error(text), ParseCardSetError::Card(not_a_card), "{text}");
            assert!(error(text).to_string().contains(&format!("'{token}'")));
        }
        let twice = ParseCardSetError::Duplicate { card: card("1G") };
        assert_eq!(error("1G 2Y 1g"), twice);
        assert_eq!(
            twice.to_string(),
            "1G is written twice: a set holds each card once"
        );
    }

    #[test]
    fn debug_writes_the_cards() {
        assert_eq!(format!("{:?}", CardSet::EMPTY), "CardSet[]");
        assert_eq!(format!("{:?}", CardSet::HONGDAN), "CardSet[1T 2T 3T]");
        let mut cards = CardSet::HONGDAN.iter();
        cards.next();
        assert_eq!(format!("{cards:?}"), "Iter[2T 3T]");
    }
}
