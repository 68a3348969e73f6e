//! Base points by category (rules section 4).

use std::fmt;

use crate::card::{Card, Dan, GukjinUse};
use crate::card_set::CardSet;

/// A player's base points by category, from its capture pile (rules section 4).
///
/// ```
/// use hwatu_core::{CardSet, GukjinUse, Score};
///
/// let pile: CardSet = "1G 3G 8G 2Y 4Y 8Y 1T 2T 3T".parse()?;
/// let score = Score::of(pile, GukjinUse::Yeol);
/// assert_eq!((score.gwang, score.godori, score.hongdan), (3, 5, 3));
/// assert_eq!(score.total(), 11);
/// # Ok::<(), hwatu_core::ParseCardSetError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// Gwang: 3 without bi-gwang 3, 3 with bi-gwang 2, 4 gwang 4, 5 gwang 15.
    pub gwang: u32,
    /// Yeol: 5 cards 1, +1 per card more (the gukjin counts while used as yeol).
    pub yeol: u32,
    /// Godori, the three birds: 5.
    pub godori: u32,
    /// Tti: 5 cards 1, +1 per card more.
    pub tti: u32,
    /// Hongdan: 3.
    pub hongdan: u32,
    /// Cheongdan: 3.
    pub cheongdan: u32,
    /// Chodan: 3.
    pub chodan: u32,
    /// Pi: 10 pi value 1, +1 per value more.
    pub pi: u32,
}

impl Score {
    /// The score of a capture pile, the gukjin counting as `gukjin`.
    pub fn of(pile: CardSet, gukjin: GukjinUse) -> Score {
        let dan = |d: Dan| {
            if pile.contains_all(CardSet::dan(d)) {
                3
            } else {
                0
            }
        };
        Score {
            gwang: gwang_points(pile),
            yeol: above_four(pile.yeol_count(gukjin)),
            godori: if pile.contains_all(CardSet::GODORI) {
                5
            } else {
                0
            },
            tti: above_four((pile & CardSet::TTI).len() as u32),
            hongdan: dan(Dan::Hongdan),
            cheongdan: dan(Dan::Cheongdan),
            chodan: dan(Dan::Chodan),
            pi: pile.pi_value(gukjin).saturating_sub(9),
        }
    }

    /// The base score: the sum of the categories.
    pub fn total(&self) -> u32 {
        self.gwang
            + self.yeol
            + self.godori
            + self.tti
            + self.hongdan
            + self.cheongdan
            + self.chodan
            + self.pi
    }

    /// The categories with points, as `(name, points)` in the order of the fields.
    pub fn categories(&self) -> impl Iterator<Item = (&'static str, u32)> {
        [
            ("gwang", self.gwang),
            ("yeol", self.yeol),
            ("godori", self.godori),
            ("tti", self.tti),
            ("hongdan", self.hongdan),
            ("cheongdan", self.cheongdan),
            ("chodan", self.chodan),
            ("pi", self.pi),
        ]
        .into_iter()
        .filter(|&(_, points)| points > 0)
    }
}

impl fmt::Display for Score {
    /// `"7 (gwang 3, pi 4)"`, or `"0"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.total())?;
        let parts: Vec<String> = self
            .categories()
            .map(|(name, points)| format!("{name} {points}"))
            .collect();
        if !parts.is_empty() {
            write!(f, " ({})", parts.join(", "))?;
        }
        Ok(())
    }
}

/// Points for n cards where five score 1 and each more 1 more.
fn above_four(count: u32) -> u32 {
    count.saturating_sub(4)
}

fn gwang_points(pile: CardSet) -> u32 {
    let gwang = pile & CardSet::GWANG;
    match gwang.len() {
        5 => 15,
        4 => 4,
        3 if gwang.contains(Card::BI_GWANG) => 2,
        3 => 3,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(pile: &str) -> Score {
        Score::of(pile.parse().unwrap(), GukjinUse::Yeol)
    }

    #[test]
    fn gwang_table() {
        assert_eq!(score("1G 3G").gwang, 0);
        assert_eq!(score("1G 3G 8G").gwang, 3);
        assert_eq!(score("1G 3G 12G").gwang, 2);
        assert_eq!(score("1G 3G 8G 12G").gwang, 4);
        assert_eq!(score("1G 3G 8G 11G 12G").gwang, 15);
    }

    #[test]
    fn yeol_tti_and_pi_counts() {
        assert_eq!(score("2Y 4Y 5Y 6Y").yeol, 0);
        assert_eq!(score("5Y 6Y 7Y 10Y 12Y").yeol, 1);
        assert_eq!(score("2Y 4Y 8Y 5Y 6Y 7Y").yeol, 2);
        assert_eq!(score("2Y 4Y 8Y 5Y 6Y 7Y").godori, 5);
        assert_eq!(score("4T 5T 7T 12T 9T 10T").tti, 2);
        assert_eq!(score("4T 5T 7T 12T 9T 10T").chodan, 3);
        assert_eq!(score("4T 5T 7T 12T 9T 10T").cheongdan, 0);
        let ten = "1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 11S";
        assert_eq!(score(ten).pi, 1);
        let with_cup: CardSet = format!("{ten} 9Y").parse().unwrap();
        assert_eq!(Score::of(with_cup, GukjinUse::Ssangpi).pi, 3);
        assert_eq!(Score::of(with_cup, GukjinUse::Yeol).pi, 1);
        assert_eq!(score("").total(), 0);
        assert_eq!(score("1G 3G 8G 11P1").to_string(), "3 (gwang 3)");
    }
}
