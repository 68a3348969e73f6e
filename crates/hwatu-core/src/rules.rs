//! House rules as data, with the three presets of rules section 7.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card_set::CardSet;

/// Which bonus cards are in the deck (rules sections 1, 10 and 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BonusCards {
    /// No bonus card: the 48 month cards only (classic).
    None,
    /// The 2-pi card `B2` only: one bonus card.
    Two,
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
            BonusCards::Two => CardSet::single(crate::Card::B2),
            BonusCards::Three => CardSet::single(crate::Card::B3),
            BonusCards::TwoAndThree => CardSet::BONUS,
        }
    }
}

/// How the go bonus grows with the number of goes (rules sections 5 and 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GoBonus {
    /// n goes add n points; from the third go the sum is also multiplied by 2^(n-2)
    /// (3 go: (score + 3) x 2, 4 go: (score + 4) x 4). Standard.
    AddThenDouble,
    /// 1 and 2 go add 1 and 2; from the third go the score is multiplied by 2^(n-2) with
    /// nothing added (the tutorial's scoring code).
    DoubleInsteadOfAdding,
    /// n goes add n points and nothing doubles (a house rule of friendly games that keeps
    /// long go streaks cheap).
    AddOnly,
}

/// How a pi is stolen from the opponent (rules sections 3 and 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PiSteal {
    /// The opponent's cheapest pi card, whole; nothing if it has none. Standard.
    Cheapest,
    /// The tutorial's rule: a plain pi; if the opponent has none but a ssangpi and the taker
    /// has a plain pi, they swap (the taker gives a plain pi as change); likewise a 3-pi for
    /// a ssangpi; otherwise nothing.
    SwapWithChange,
}

/// What four cards of one month dealt to the floor do (rules sections 2 and 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FloorFour {
    /// The deal is redone (standard): [`crate::Game::new`] shuffles again and
    /// [`crate::Game::from_deal`] refuses the deal.
    Redeal,
    /// The game is a nagari at once: no one pays and the next game counts double.
    Nagari,
    /// The first player wins at once with the chongtong points, as if dealt the four.
    FirstPlayerWins,
}

/// What happens when both players are dealt all four cards of a month (sections 10, 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BothChongtong {
    /// The first player's chongtong wins (standard).
    FirstPlayerWins,
    /// Neither wins: the game is a nagari at once.
    Nagari,
}

/// Whether the owner of the gukjin chooses how it counts (sections 3, 10 and 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GukjinChoice {
    /// The owner is asked in the turn of the capture (standard).
    Ask,
    /// The reading that gives the owner the higher base score at the capture is taken at
    /// once (ssangpi on a tie), as several online services do.
    Automatic,
}

/// Whether two cards of a month may be played at once onto the other two on the floor
/// (sections 3 and 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TwoCardBomb {
    /// Not allowed (standard): only three cards bomb.
    Off,
    /// Allowed: the four are captured, a pi is stolen and one flip-only turn earned, but the
    /// score is not doubled.
    NoMultiplier,
    /// Allowed, and it doubles the score like a three-card bomb.
    Double,
}

/// What the instant payments (an early ppuk, the first ttadak) are counted in (sections 3
/// and 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum InstantPayout {
    /// Fixed points, paid at the stake and never multiplied, not even by the nagari
    /// multiplier (standard).
    Points,
    /// Multiples of the game's base stake: the amounts count the game's multipliers that do
    /// not come from its play, as its result does (the nagari multiplier, and in a
    /// [`crate::Match`] a jackpot game and a push), as at tables where the stake of the game
    /// after a nagari is doubled, early payments included.
    BaseMultiple,
}

/// Every house rule of the Matgo implemented here (rules sections 7 and 11). `Default` is
/// [`Rules::standard`]. Points are base points (before any multiplier) as `u32`.
///
/// ```
/// use hwatu_core::Rules;
///
/// assert_eq!(Rules::default(), Rules::standard());
/// assert_eq!(Rules::tutorial().chongtong_points, 7);
/// assert!(Rules::classic().bonus_cards.cards().is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The bonus cards dealt with the 48 month cards (sections 1, 10 and 11).
    pub bonus_cards: BonusCards,
    /// Whether capturing a bonus card also steals a pi from the opponent (section 11; off in
    /// every preset, on in some houses that play with three bonus cards).
    pub bonus_steal: bool,
    /// The base score at which a player may go or stop: 7 in Matgo (section 5).
    pub go_threshold: u32,
    /// How goes raise the score (sections 5 and 11).
    pub go_bonus: GoBonus,
    /// Points of a chongtong win (all four of a month dealt to one hand): 10 standard, 7 in
    /// the tutorial (section 2). Paid without multipliers but the nagari multiplier.
    pub chongtong_points: u32,
    /// Four cards of a month dealt to the floor (sections 2 and 11): redeal standard.
    pub floor_four: FloorFour,
    /// Both players dealt four of a month (sections 10 and 11): the first player wins.
    pub both_chongtong: BothChongtong,
    /// Whether a player dealt a chongtong may play on instead of winning at the deal
    /// (section 11): then it may declare it ([`crate::Action::Chongtong`]) at any decision
    /// before its first turn, or play a card and give it up. Off in every preset: a
    /// chongtong ends the game at the deal.
    pub chongtong_play_on: bool,
    /// Points of a three-ppuk win (sections 3 and 11): 7 standard; 10 in some houses.
    pub three_ppuk_points: u32,
    /// The instant payment for a ppuk on the player's own first turn; a second ppuk on its
    /// second turn pays twice this more, a third on its third three times (section 3:
    /// 7, 14 and 21 standard). 0 turns the payments off (tutorial and classic).
    pub early_ppuk_points: u32,
    /// The instant payment for a ttadak on the player's own first turn (section 3: 7
    /// standard); 0 for none (tutorial and classic).
    pub first_ttadak_points: u32,
    /// What the early-ppuk and first-ttadak payments count in (section 11): fixed points
    /// (standard) or multiples of the game's base stake.
    pub instant_payout: InstantPayout,
    /// Whether taking the three cards of a month dealt to the floor with the fourth steals a
    /// pi, as taking a ppuk pile does (sections 10 and 11: yes in every preset).
    pub dealt_pile_steal: bool,
    /// Whether the gukjin's owner chooses how it counts (sections 10 and 11): asked.
    pub gukjin: GukjinChoice,
    /// Whether two cards of a month may bomb the floor pair (section 11): off.
    pub two_card_bomb: TwoCardBomb,
    /// How a pi is stolen (section 3, section 10).
    pub pi_steal: PiSteal,
    /// Pibak applies when the loser's pi value is at most this (section 6: 7; some houses
    /// say 5 or 6).
    pub pibak_threshold: u32,
    /// Whether a loser with no pi at all escapes pibak (section 6; section 10): standard and
    /// classic yes, tutorial no.
    pub pibak_exempts_zero_pi: bool,
    /// Gwangbak applies when the loser holds at most this many gwang (section 6: 0, "no
    /// gwang"; some houses say 1).
    pub gwangbak_threshold: u32,
    /// In a [`crate::Match`], every `jackpot_every`-th game (the 5th, 10th… for 5) is a
    /// jackpot game whose result counts double (section 11: a house rule of some tables and
    /// online rooms); instant payments too only when they count in base stakes
    /// ([`InstantPayout::BaseMultiple`]). 0, in every preset, for none.
    pub jackpot_every: u64,
    /// Whether, in a [`crate::Match`], a payer pays at most the money it has, never going
    /// below 0 (section 11: as online, where a player cannot owe more than its balance);
    /// off in every preset, where money may go negative.
    pub balance_cap: bool,
    /// How many games in a row may be pushed in a [`crate::Match`] ([`crate::Match::push`],
    /// section 11): the winner of a game won by stopping may forfeit its result to double
    /// the next game's. 0, in every preset, turns push off; 2 at the tables that play it. A nagari
    /// between pushed games does not end the run ([`crate::Match::pushes`]).
    pub push_limit: u8,
    /// The largest nagari multiplier; `None` for no cap (sections 5 and 11; no preset has a
    /// cap). A cap below 1 counts as 1.
    pub nagari_cap: Option<u64>,
}

impl Rules {
    /// The standard rules of the big Korean Matgo services (section 7): `B2` and `B3`,
    /// chongtong 10, instant payments, go bonus added then doubled from the third go,
    /// cheapest-pi stealing, pibak at 7 pi or less and not at 0.
    pub const fn standard() -> Rules {
        Rules {
            bonus_cards: BonusCards::TwoAndThree,
            bonus_steal: false,
            go_threshold: 7,
            go_bonus: GoBonus::AddThenDouble,
            chongtong_points: 10,
            floor_four: FloorFour::Redeal,
            both_chongtong: BothChongtong::FirstPlayerWins,
            chongtong_play_on: false,
            three_ppuk_points: 7,
            early_ppuk_points: 7,
            first_ttadak_points: 7,
            instant_payout: InstantPayout::Points,
            dealt_pile_steal: true,
            gukjin: GukjinChoice::Ask,
            two_card_bomb: TwoCardBomb::Off,
            pi_steal: PiSteal::Cheapest,
            pibak_threshold: 7,
            pibak_exempts_zero_pi: true,
            gwangbak_threshold: 0,
            jackpot_every: 0,
            balance_cap: false,
            push_limit: 0,
            nagari_cap: None,
        }
    }

    /// The house rules of the Matgo programming tutorial, with its bugs fixed (sections 7
    /// and 9): a `B3` card, chongtong 7, no instant payments, the tutorial's go bonus and pi
    /// stealing, no pibak exemption.
    pub const fn tutorial() -> Rules {
        Rules {
            bonus_cards: BonusCards::Three,
            go_bonus: GoBonus::DoubleInsteadOfAdding,
            chongtong_points: 7,
            early_ppuk_points: 0,
            first_ttadak_points: 0,
            pi_steal: PiSteal::SwapWithChange,
            pibak_exempts_zero_pi: false,
            ..Rules::standard()
        }
    }

    /// Standard rules without bonus cards and without instant payments (section 7).
    pub const fn classic() -> Rules {
        Rules {
            bonus_cards: BonusCards::None,
            early_ppuk_points: 0,
            first_ttadak_points: 0,
            ..Rules::standard()
        }
    }

    /// The three presets with their names: `standard`, `tutorial`, `classic`.
    pub const PRESETS: [(&'static str, Rules); 3] = [
        ("standard", Rules::standard()),
        ("tutorial", Rules::tutorial()),
        ("classic", Rules::classic()),
    ];

    /// Whether two cards of a month may bomb ([`TwoCardBomb`] other than `Off`).
    pub const fn allows_two_card_bombs(&self) -> bool {
        !matches!(self.two_card_bomb, TwoCardBomb::Off)
    }

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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
