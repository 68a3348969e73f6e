//! House rules as data, with the three presets of rules section 7.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card_set::CardSet;

/// Which bonus cards are in the deck (rules sections 1 and 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BonusCards {
    /// No bonus card: the 48 month cards only (classic).
    None,
    /// The 3-pi card `B3` only (the tutorial's deck, which has a 3-pi card type).
    Three,
    /// `B2` and `B3` (standard).
    TwoAndThree,
}

impl BonusCards {
    /// The bonus cards of the deck.
    pub const fn cards(self) -> CardSet {
        match self {
            BonusCards::None => CardSet::EMPTY,
            BonusCards::Three => CardSet::single(crate::Card::B3),
            BonusCards::TwoAndThree => CardSet::BONUS,
        }
    }
}

/// How the go bonus grows with the number of goes (rules section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoBonus {
    /// n goes add n points; from the third go the sum is also multiplied by 2^(n-2)
    /// (3 go: (score + 3) x 2, 4 go: (score + 4) x 4). Standard.
    AddThenDouble,
    /// 1 and 2 go add 1 and 2; from the third go the score is multiplied by 2^(n-2) with
    /// nothing added (the tutorial's scoring code).
    DoubleInsteadOfAdding,
}

/// How a pi is stolen from the opponent (rules sections 3 and 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PiSteal {
    /// The opponent's cheapest pi card, whole; nothing if it has none. Standard.
    Cheapest,
    /// The tutorial's rule: a plain pi; if the opponent has none but a ssangpi and the taker has a
    /// plain pi, they swap (the taker gives a plain pi as change); likewise a 3-pi for a
    /// ssangpi; otherwise nothing.
    SwapWithChange,
}

/// Every house rule of the Matgo implemented here (rules section 7). `Default` is
/// [`Rules::standard`].
///
/// ```
/// use hwatu_core::Rules;
///
/// assert_eq!(Rules::default(), Rules::standard());
/// assert_eq!(Rules::tutorial().chongtong_points, 7);
/// assert!(Rules::classic().bonus_cards.cards().is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The bonus cards dealt with the 48 month cards (section 1; section 10, the tutorial's deck).
    pub bonus_cards: BonusCards,
    /// The base score at which a player may go or stop: 7 in Matgo (section 5).
    pub go_threshold: u32,
    /// How goes raise the score (section 5).
    pub go_bonus: GoBonus,
    /// Points of a chongtong win (all four of a month dealt to one hand): 10 standard, 7 in the tutorial
    /// (section 2). Paid without multipliers but the nagari multiplier.
    pub chongtong_points: u64,
    /// Points of a three-ppuk win (section 3): 7.
    pub three_ppuk_points: u64,
    /// Whether the instant payments of section 3 are made: 7 for a ppuk on the player's own
    /// first turn, 14 more for a second on its second, 21 more for a third on its third, 7 for
    /// a ttadak on its first turn. Standard yes; tutorial and classic no.
    pub instant_payments: bool,
    /// How a pi is stolen (section 3, section 10).
    pub pi_steal: PiSteal,
    /// Whether a loser with no pi at all escapes pibak (section 6; section 10): standard and
    /// classic yes, tutorial no.
    pub pibak_exempts_zero_pi: bool,
    /// The largest nagari multiplier; `None` for no cap (section 5; no preset has a cap).
    pub nagari_cap: Option<u64>,
}

impl Rules {
    /// The standard rules of the big Korean Matgo services (section 7): `B2` and `B3`,
    /// chongtong 10, instant payments, go bonus added then doubled from the third go,
    /// cheapest-pi stealing, pibak exempts a loser with no pi.
    pub const fn standard() -> Rules {
        Rules {
            bonus_cards: BonusCards::TwoAndThree,
            go_threshold: 7,
            go_bonus: GoBonus::AddThenDouble,
            chongtong_points: 10,
            three_ppuk_points: 7,
            instant_payments: true,
            pi_steal: PiSteal::Cheapest,
            pibak_exempts_zero_pi: true,
            nagari_cap: None,
        }
    }

    /// The tutorial's house rules with its bugs fixed (sections 7 and 9): a `B3` card,
    /// chongtong 7, no instant payments, the tutorial's go bonus and pi stealing, no pibak
    /// exemption.
    pub const fn tutorial() -> Rules {
        Rules {
            bonus_cards: BonusCards::Three,
            go_bonus: GoBonus::DoubleInsteadOfAdding,
            chongtong_points: 7,
            instant_payments: false,
            pi_steal: PiSteal::SwapWithChange,
            pibak_exempts_zero_pi: false,
            ..Rules::standard()
        }
    }

    /// Standard rules without bonus cards and without instant payments (section 7).
    pub const fn classic() -> Rules {
        Rules {
            bonus_cards: BonusCards::None,
            instant_payments: false,
            ..Rules::standard()
        }
    }

    /// The three presets with their names: `standard`, `tutorial`, `classic`.
    pub const PRESETS: [(&'static str, Rules); 3] = [
        ("standard", Rules::standard()),
        ("tutorial", Rules::tutorial()),
        ("classic", Rules::classic()),
    ];

    /// The number of cards in the deck: 48 plus the bonus cards.
    pub const fn deck_size(&self) -> usize {
        48 + self.bonus_cards.cards().len()
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::standard()
    }
}

impl fmt::Display for Rules {
    /// The preset's name, or `custom` for rules that match no preset.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Rules::PRESETS
            .iter()
            .find(|(_, rules)| rules == self)
            .map_or("custom", |(name, _)| name);
        f.write_str(name)
    }
}

/// A preset name that [`Rules::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown rules '{text}': choose standard, tutorial or classic")]
pub struct ParseRulesError {
    /// The text given.
    pub text: String,
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// A preset by name, case-insensitive: `standard`, `tutorial` or `classic`.
    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        let wanted = text.trim().to_ascii_lowercase();
        Rules::PRESETS
            .iter()
            .find(|(name, _)| *name == wanted)
            .map(|(_, rules)| *rules)
            .ok_or_else(|| ParseRulesError {
                text: text.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_parse_and_print_by_name() {
        for (name, rules) in Rules::PRESETS {
            assert_eq!(name.parse::<Rules>(), Ok(rules));
            assert_eq!(rules.to_string(), name);
        }
        assert!("house".parse::<Rules>().is_err());
        assert_eq!(Rules::standard().deck_size(), 50);
        assert_eq!(Rules::tutorial().deck_size(), 49);
        assert_eq!(Rules::classic().deck_size(), 48);
    }
}
