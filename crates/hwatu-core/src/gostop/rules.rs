//! The house rules of Go-Stop among three (rules section 12): the turn's rules as
//! [`Rules`], and the settlement's options that only a table of three has.

use crate::rules::{BonusCards, Rules};

/// Who pays when a player who called go is overtaken by another's stop (section 12.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dokbak {
    /// The go-caller pays both losers' shares, each with its own baks; the other loser pays
    /// nothing (the common rule, Hangame-style).
    PaysForAll,
    /// The same, and the go-caller's total is doubled (the gobak of Matgo on top).
    PaysForAllDoubled,
    /// Each loser pays its own share; the go-caller's is doubled, as Matgo's gobak.
    Gobak,
}

/// How yeol (animals) double the result among three (section 12.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Meong {
    /// Meongtta: the winner holds 7 or more yeol, and both losers pay double (the online
    /// services).
    Meongtta,
    /// Meongbak: the winner holds 7 or more yeol, and a loser holding no yeol pays double
    /// (a table rule).
    Meongbak,
}

/// Who pays a forced seller for its gwang at a table of four or five (section 12.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SalePayers {
    /// The two seats that play, the dealer excepted (civilian7/gostop).
    NonDealers,
    /// All three seats that play (ZeroFriends/GoStopCalculator).
    Players,
}

/// What a forced seller is paid for its gwang at a table of four or five (section 12.12):
/// `price` points per gwang in its hand, by each of the `payers`, before the hand is
/// played, whatever its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GwangSale {
    /// Points per gwang (1).
    pub price: u32,
    /// Who pays.
    pub payers: SalePayers,
    /// Whether a bonus card in the sold hand counts as a gwang (civilian7; off).
    pub bonus_as_gwang: bool,
    /// Whether three cards of a month in the sold hand double the price (civilian7; off).
    pub shake_doubles: bool,
}

/// The rules of a Go-Stop table: the turn's rules, which the hand plays by, how the hand is
/// settled, and at a table of four or five how a seller is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GoStopRules {
    /// The rules of the turn, go and stop, and the base scores: go at 3, pibak at 5 pi or
    /// fewer, early ppuk 3 points from each opponent, three ppuk 3, chongtong 5.
    pub rules: Rules,
    /// Who pays when a go-caller is overtaken.
    pub dokbak: Dokbak,
    /// Meongtta or meongbak.
    pub meong: Meong,
    /// The price of a forced seller's gwang at a table of four or five.
    pub gwang_sale: GwangSale,
}

impl GoStopRules {
    /// The common rules of three-player Go-Stop (section 12): Hangame's published
    /// three-player rules where they are given, the common table rules elsewhere.
    pub const fn standard() -> GoStopRules {
        GoStopRules {
            rules: Rules {
                bonus_cards: BonusCards::TwoAndThree,
                go_threshold: 3,
                pibak_threshold: 5,
                chongtong_points: 5,
                three_ppuk_points: 3,
                early_ppuk_points: 3,
                first_ttadak_points: 3,
                nagari_cap: Some(2),
                ..Rules::standard()
            },
            dokbak: Dokbak::PaysForAll,
            meong: Meong::Meongtta,
            gwang_sale: GwangSale {
                price: 1,
                payers: SalePayers::NonDealers,
                bonus_as_gwang: false,
                shake_doubles: false,
            },
        }
    }
}

impl Default for GoStopRules {
    fn default() -> GoStopRules {
        GoStopRules::standard()
    }
}
