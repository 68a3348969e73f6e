//! The hwatu cards, their kinds and their notation (rules sections 1 and 10).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// What a card is worth in scoring (rules section 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// A bright (`G`): 1, 3, 8, 11 and 12 (12G is the bi-gwang, the rain man).
    Gwang,
    /// An animal, yeolkkeut (`Y`); 9Y is the gukjin, which its owner may count as ssangpi.
    Yeol,
    /// A ribbon (`T`).
    Tti,
    /// A plain pi (`P1`, `P2`), worth 1 pi.
    Pi,
    /// A double pi (`S`), worth 2 pi: 11S and 12S.
    Ssangpi,
    /// A bonus card (`B2`, `B3`), worth 2 or 3 pi.
    Bonus,
}

/// The three ribbon sets, each worth 3 points when complete (rules section 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dan {
    /// The red poem ribbons of months 1, 2 and 3.
    Hongdan,
    /// The blue ribbons of months 6, 9 and 10.
    Cheongdan,
    /// The plain red ribbons of months 4, 5 and 7.
    Chodan,
}

impl Dan {
    /// The three sets, in the order hongdan, cheongdan, chodan.
    pub const ALL: [Dan; 3] = [Dan::Hongdan, Dan::Cheongdan, Dan::Chodan];

    /// The set's romanized name: `hongdan`, `cheongdan` or `chodan`.
    pub const fn name(self) -> &'static str {
        match self {
            Dan::Hongdan => "hongdan",
            Dan::Cheongdan => "cheongdan",
            Dan::Chodan => "chodan",
        }
    }

    /// The months of the set's three ribbons.
    pub const fn months(self) -> [u8; 3] {
        match self {
            Dan::Hongdan => [1, 2, 3],
            Dan::Cheongdan => [6, 9, 10],
            Dan::Chodan => [4, 5, 7],
        }
    }
}

impl fmt::Display for Dan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the gukjin (9Y, the September sake cup) counts for its owner (rules sections 3 and 10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GukjinUse {
    /// As a yeol (an animal card): counts for yeol points and meongtta.
    #[default]
    Yeol,
    /// As a ssangpi, worth 2 pi: counts for pi points and pibak, and can be stolen.
    Ssangpi,
}

impl fmt::Display for GukjinUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GukjinUse::Yeol => "yeol",
            GukjinUse::Ssangpi => "ssangpi",
        })
    }
}

/// One card: the 48 month cards and the two bonus cards.
///
/// Cards are numbered in the canonical order of rules section 10: months 1 to 12, within a
/// month `G`, `Y`, `T`, `P1`, `P2`, `S` (four cards per month), then `B2` and `B3`; the
/// number is [`Card::index`], 0 to 49.
///
/// ```
/// use hwatu_core::{Card, Kind};
///
/// let crane: Card = "1g".parse()?;
/// assert_eq!(crane.to_string(), "1G");
/// assert_eq!((crane.month(), crane.kind()), (Some(1), Kind::Gwang));
/// assert!("12G".parse::<Card>()?.is_bi_gwang());
/// assert!("13G".parse::<Card>().is_err());
/// # Ok::<(), hwatu_core::ParseCardError>(())
/// ```
///
/// `Debug` writes the notation too (`3P1`), so that events and errors read as cards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Card(u8);

/// The notation suffix of the four cards of each month, in canonical order.
const SUFFIXES: [[&str; 4]; 12] = [
    ["G", "T", "P1", "P2"],
    ["Y", "T", "P1", "P2"],
    ["G", "T", "P1", "P2"],
    ["Y", "T", "P1", "P2"],
    ["Y", "T", "P1", "P2"],
    ["Y", "T", "P1", "P2"],
    ["Y", "T", "P1", "P2"],
    ["G", "Y", "P1", "P2"],
    ["Y", "T", "P1", "P2"],
    ["Y", "T", "P1", "P2"],
    ["G", "P1", "P2", "S"],
    ["G", "Y", "T", "S"],
];

/// The kind of every card, by canonical number (from [`SUFFIXES`]).
pub(crate) const KINDS: [Kind; Card::COUNT] = {
    let mut kinds = [Kind::Bonus; Card::COUNT];
    let mut i = 0;
    while i < 48 {
        kinds[i] = match SUFFIXES[i / 4][i % 4].as_bytes()[0] {
            b'G' => Kind::Gwang,
            b'Y' => Kind::Yeol,
            b'T' => Kind::Tti,
            b'P' => Kind::Pi,
            _ => Kind::Ssangpi,
        };
        i += 1;
    }
    kinds
};

impl Card {
    /// The number of cards with the bonus cards: 50.
    pub const COUNT: usize = 50;
    /// The 2-pi bonus card.
    pub const B2: Card = Card(48);
    /// The 3-pi bonus card.
    pub const B3: Card = Card(49);
    /// The gukjin, 9Y.
    pub const GUKJIN: Card = Card(32);
    /// The bi-gwang, 12G.
    pub const BI_GWANG: Card = Card(44);

    /// The card with canonical number `index` (0 to 49), if any.
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < Card::COUNT {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The card's canonical number, 0 to 49.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Every card, 48 month cards then `B2` and `B3`, in canonical order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::COUNT as u8).map(Card)
    }

    /// The four cards of `month` (1 to 12) in canonical order; `None` for another number.
    pub fn of_month(month: u8) -> Option<[Card; 4]> {
        if !(1..=12).contains(&month) {
            return None;
        }
        let first = (month - 1) * 4;
        Some([
            Card(first),
            Card(first + 1),
            Card(first + 2),
            Card(first + 3),
        ])
    }

    /// The month, 1 to 12, or `None` for a bonus card.
    pub const fn month(self) -> Option<u8> {
        if self.is_bonus() {
            None
        } else {
            Some(self.0 / 4 + 1)
        }
    }

    /// The notation suffix: `G`, `Y`, `T`, `P1`, `P2`, `S`, or `B2` / `B3` for bonus cards.
    fn suffix(self) -> &'static str {
        match self.0 {
            48 => "B2",
            49 => "B3",
            i => SUFFIXES[usize::from(i / 4)][usize::from(i % 4)],
        }
    }

    /// The card's kind (rules section 1).
    pub const fn kind(self) -> Kind {
        KINDS[self.0 as usize]
    }

    /// Whether this is a bonus card (`B2` or `B3`).
    pub const fn is_bonus(self) -> bool {
        self.0 >= 48
    }

    /// Whether this is a gwang (bi-gwang included).
    pub fn is_gwang(self) -> bool {
        self.kind() == Kind::Gwang
    }

    /// Whether this is the bi-gwang, 12G.
    pub fn is_bi_gwang(self) -> bool {
        self == Card::BI_GWANG
    }

    /// Whether this is a yeol card (the gukjin included, whatever its owner chose).
    pub fn is_yeol(self) -> bool {
        self.kind() == Kind::Yeol
    }

    /// Whether this is one of the three godori birds: 2Y, 4Y, 8Y.
    pub fn is_godori(self) -> bool {
        matches!(self.0, 4 | 12 | 29)
    }

    /// Whether this is the gukjin, 9Y.
    pub fn is_gukjin(self) -> bool {
        self == Card::GUKJIN
    }

    /// Whether this is a tti (ribbon) card.
    pub fn is_tti(self) -> bool {
        self.kind() == Kind::Tti
    }

    /// The ribbon set this tti belongs to; `None` for other cards and for 12T (no set).
    pub fn dan(self) -> Option<Dan> {
        if !self.is_tti() {
            return None;
        }
        let month = self.month()?;
        Dan::ALL.into_iter().find(|d| d.months().contains(&month))
    }

    /// The card's pi value: plain pi 1, ssangpi 2, `B2` 2, `B3` 3, the gukjin 2 when used as
    /// ssangpi, other cards 0.
    pub fn pi_value(self, gukjin: GukjinUse) -> u8 {
        match (self.kind(), self.0) {
            (Kind::Pi, _) => 1,
            (Kind::Ssangpi, _) => 2,
            (Kind::Bonus, 48) => 2,
            (Kind::Bonus, _) => 3,
            (Kind::Yeol, _) if self.is_gukjin() && gukjin == GukjinUse::Ssangpi => 2,
            _ => 0,
        }
    }
}

impl fmt::Display for Card {
    /// The notation of rules section 1: `1G`, `9Y`, `11S`, `3P2`, `B3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.month() {
            Some(month) => write!(f, "{month}{}", self.suffix()),
            None => f.write_str(self.suffix()),
        }
    }
}

impl fmt::Debug for Card {
    /// The notation, as `Display` writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card's notation that does not parse. Its message names the cards of the month when
/// the text starts with one (`'2S' is not a card: month 2 has 2Y 2T 2P1 2P2`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParseCardError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a card: ", self.text)?;
        let digits: String = self
            .text
            .trim()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let month = digits.parse::<u8>().ok().and_then(Card::of_month);
        match month {
            Some([a, b, c, d]) => write!(
                f,
                "month {} has {a} {b} {c} {d}",
                digits.trim_start_matches('0')
            ),
            None => {
                f.write_str("write the month then the kind, like 1G, 9Y, 4T, 3P1, 11S, or B2 / B3")
            }
        }
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses the notation of rules section 1, case-insensitive (`1g`, `12G`, `b3`).
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let wanted = text.trim().to_ascii_uppercase();
        Card::all()
            .find(|card| card.to_string() == wanted)
            .ok_or_else(|| ParseCardError {
                text: text.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(kind: Kind) -> usize {
        Card::all().filter(|c| c.kind() == kind).count()
    }

    #[test]
    fn the_deck_has_the_totals_of_section_1() {
        assert_eq!(count(Kind::Gwang), 5);
        assert_eq!(count(Kind::Yeol), 9);
        assert_eq!(count(Kind::Tti), 10);
        assert_eq!(count(Kind::Pi), 22);
        assert_eq!(count(Kind::Ssangpi), 2);
        assert_eq!(count(Kind::Bonus), 2);
        let godori: Vec<String> = Card::all()
            .filter(|c| c.is_godori())
            .map(|c| c.to_string())
            .collect();
        assert_eq!(godori, ["2Y", "4Y", "8Y"]);
    }

    #[test]
    fn a_wrong_kind_of_a_month_is_told_the_cards_of_that_month() {
        let message = |text: &str| text.parse::<Card>().unwrap_err().to_string();
        assert_eq!(
            message("2S"),
            "'2S' is not a card: month 2 has 2Y 2T 2P1 2P2"
        );
        assert_eq!(
            message(" 11x"),
            "' 11x' is not a card: month 11 has 11G 11P1 11P2 11S"
        );
        assert_eq!(
            message("09G"),
            "'09G' is not a card: month 9 has 9Y 9T 9P1 9P2"
        );
        let generic = "write the month then the kind, like 1G, 9Y, 4T, 3P1, 11S, or B2 / B3";
        for text in ["13G", "0G", "G1", "", "99999999999999999999", "B4", "٣G"] {
            assert_eq!(message(text), format!("'{text}' is not a card: {generic}"));
        }
    }

    #[test]
    fn notation_round_trips_and_names_unknown_cards() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
        }
        assert_eq!("9Y".parse::<Card>(), Ok(Card::GUKJIN));
        assert_eq!("12g".parse::<Card>(), Ok(Card::BI_GWANG));
        let error = "2G".parse::<Card>().unwrap_err();
        assert!(error.to_string().contains("'2G'"), "{error}");
    }

    #[test]
    fn sets_and_pi_values() {
        let card = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(card("1T").dan(), Some(Dan::Hongdan));
        assert_eq!(card("9T").dan(), Some(Dan::Cheongdan));
        assert_eq!(card("7T").dan(), Some(Dan::Chodan));
        assert_eq!(card("12T").dan(), None);
        assert!(!card("12Y").is_godori());
        assert_eq!(card("3P1").pi_value(GukjinUse::Yeol), 1);
        assert_eq!(card("11S").pi_value(GukjinUse::Yeol), 2);
        assert_eq!(Card::B2.pi_value(GukjinUse::Yeol), 2);
        assert_eq!(Card::B3.pi_value(GukjinUse::Yeol), 3);
        assert_eq!(Card::GUKJIN.pi_value(GukjinUse::Yeol), 0);
        assert_eq!(Card::GUKJIN.pi_value(GukjinUse::Ssangpi), 2);
        assert_eq!(Card::of_month(13), None);
    }

    #[test]
    fn debug_is_the_notation() {
        assert_eq!(format!("{:?}", Card::GUKJIN), "9Y");
        assert_eq!(format!("{:?}", Some(Card::B3)), "Some(B3)");
    }
}
