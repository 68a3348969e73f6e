//! Settlement: final points and payment of a finished game (rules section 6).
//!
//! `final = (base + go bonus) x go multiplier x 2^(shakes + bombs) x meongtta x pibak x
//! gwangbak x gobak x nagari multiplier`; instant wins (chongtong, three ppuk) pay their
//! fixed points times the nagari multiplier only.

use std::fmt;

use crate::card::GukjinUse;
use crate::card_set::CardSet;
use crate::event::Outcome;
use crate::game::Tally;
use crate::player::Player;
use crate::rules::{GoBonus, InstantPayout, Rules, TwoCardBomb};
use crate::score::Score;
use crate::words::count;

/// The four baks of section 6, each doubling the winner's points when it applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Baks {
    /// Meongtta: the winner holds 7 or more yeol (the gukjin counted while it is yeol).
    pub meongtta: bool,
    /// Pibak: the winner scored pi and the loser's pi value is at most the rules'
    /// threshold (7), and not 0 when the rules exempt a loser with no pi.
    pub pibak: bool,
    /// Gwangbak: the winner scored gwang and the loser holds at most the rules' threshold
    /// of gwang (none, standard).
    pub gwangbak: bool,
    /// Gobak: the loser had called go.
    pub gobak: bool,
}

impl Baks {
    /// The baks of a win by stopping (section 6), from both capture piles, the gukjin's use
    /// and both tallies.
    pub fn of(
        rules: &Rules,
        winner: Player,
        captured: [CardSet; 2],
        gukjin: GukjinUse,
        tallies: [Tally; 2],
    ) -> Baks {
        let (won, lost) = (captured[winner.index()], captured[winner.other().index()]);
        let score = Score::of(won, gukjin);
        Baks {
            meongtta: is_meongtta(won, gukjin),
            pibak: is_pibak(rules, score, lost, gukjin),
            gwangbak: is_gwangbak(rules, score, lost),
            gobak: tallies[winner.other().index()].goes > 0,
        }
    }

    /// How many apply, 0 to 4.
    pub fn count(&self) -> u32 {
        [self.meongtta, self.pibak, self.gwangbak, self.gobak]
            .into_iter()
            .filter(|&bak| bak)
            .count() as u32
    }

    /// 2 to the power of [`Baks::count`].
    pub fn multiplier(&self) -> u64 {
        power_of_two(self.count())
    }
}

/// One player's side of a finished game: its base score by category, the counts the baks
/// read, and its tally (goes, shakes, bombs, ppuk, instant points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerSummary {
    /// The base score by category (section 4).
    pub score: Score,
    /// The pi value of the capture pile (the gukjin counted while it is ssangpi).
    pub pi_value: u32,
    /// The gwang captured.
    pub gwang: u32,
    /// The yeol captured (the gukjin counted while it is yeol).
    pub yeol: u32,
    /// What the player did in the game.
    pub tally: Tally,
}

impl PlayerSummary {
    /// The summary of a capture pile and a tally, the gukjin counting as `gukjin`.
    pub fn of(pile: CardSet, gukjin: GukjinUse, tally: Tally) -> PlayerSummary {
        PlayerSummary {
            score: Score::of(pile, gukjin),
            pi_value: pile.pi_value(gukjin),
            gwang: (pile & CardSet::GWANG).len() as u32,
            yeol: pile.yeol_count(gukjin),
            tally,
        }
    }
}

/// The settlement of a finished game (section 6): both players' sides, every factor, and the
/// final points. Base values (scores, points of an instant win, the go bonus) are `u32`;
/// multipliers and the final points are `u64`, saturating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settlement {
    /// How the game ended.
    pub outcome: Outcome,
    /// Both players' sides, indexed by [`Player::index`].
    pub players: [PlayerSummary; 2],
    /// The winner's base points: its score's total, or the fixed points of an instant win
    /// (chongtong, three ppuk); 0 in nagari.
    pub base: u32,
    /// Points the winner's goes add (section 5).
    pub go_bonus: u32,
    /// The goes' multiplier: 2^(goes - 2) from the third go under the standard go bonus,
    /// else 1.
    pub go_multiplier: u64,
    /// The winner's shakes and bombs that double its points (two-card bombs only under
    /// [`crate::TwoCardBomb::Double`]).
    pub doublings: u32,
    /// 2^doublings.
    pub shake_multiplier: u64,
    /// The baks that apply (none for instant wins and nagari).
    pub baks: Baks,
    /// The nagari multiplier carried into this game (1 when none).
    pub nagari_multiplier: u64,
    /// 2 for a jackpot game of a match ([`Rules::jackpot_every`], set by
    /// [`crate::Match::record`]), else 1.
    pub jackpot_multiplier: u64,
    /// 2^n (saturating) after n games pushed in a row in a match ([`Rules::push_limit`],
    /// section 11; set by [`crate::Match::record`] and [`crate::Match::push`]), else 1.
    pub push_multiplier: u64,
    /// What the instant payments are multiplied by (section 11): 1 under
    /// [`InstantPayout::Points`]; under [`InstantPayout::BaseMultiple`] the product of the
    /// nagari, jackpot and push multipliers (saturating).
    pub instant_multiplier: u64,
    /// The final points the loser pays (0 in nagari): `(base + go_bonus) x go_multiplier x
    /// shake_multiplier x baks x nagari_multiplier x jackpot_multiplier x push_multiplier`,
    /// or `base x nagari_multiplier x jackpot_multiplier x push_multiplier` for an instant
    /// win.
    pub points: u64,
}

impl Settlement {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Player> {
        self.outcome.winner()
    }

    /// The loser, if any.
    pub fn loser(&self) -> Option<Player> {
        self.winner().map(Player::other)
    }

    /// What the loser pays the winner at `stake` per point (saturating).
    pub fn payment(&self, stake: u64) -> u64 {
        self.points.saturating_mul(stake)
    }

    /// Points each player received in instant payments during the game (paid besides
    /// [`Settlement::points`]), indexed by [`Player::index`]: the tallies' points times
    /// [`Settlement::instant_multiplier`] (saturating).
    pub fn instant_points(&self) -> [u64; 2] {
        self.players.map(|p| {
            p.tally
                .instant_points
                .saturating_mul(self.instant_multiplier)
        })
    }

    /// Multiplies the result by a match's `factor` (jackpot, push), and the instant
    /// payments too when `rules` count them in base stakes.
    pub(crate) fn multiply(&mut self, factor: u64, rules: &Rules) {
        self.points = self.points.saturating_mul(factor);
        if rules.instant_payout == InstantPayout::BaseMultiple {
            self.instant_multiplier = self.instant_multiplier.saturating_mul(factor);
        }
    }

    /// The explanation, one line per factor.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let winner = match self.outcome {
            Outcome::Nagari => {
                lines.push("nagari: no one pays; the next game's result is doubled".into());
                return lines;
            }
            Outcome::Chongtong { month, .. } => {
                lines.push(format!(
                    "chongtong of month {month}: {}",
                    count(self.base, "point")
                ));
                None
            }
            Outcome::ThreePpuk { .. } => {
                lines.push(format!("three ppuk: {}", count(self.base, "point")));
                None
            }
            Outcome::Stop { winner } => Some(winner),
        };
        if let Some(winner) = winner {
            self.stop_lines(winner, &mut lines);
        }
        if self.nagari_multiplier > 1 {
            lines.push(format!("after nagari: x{}", self.nagari_multiplier));
        }
        if self.jackpot_multiplier > 1 {
            lines.push(format!("jackpot game: x{}", self.jackpot_multiplier));
        }
        if self.push_multiplier > 1 {
            lines.push(format!("after push: x{}", self.push_multiplier));
        }
        lines.push(format!("final: {}", count(self.points, "point")));
        lines
    }

    /// The lines of a win by stopping: base score, goes, shakes and bombs, baks.
    fn stop_lines(&self, winner: Player, lines: &mut Vec<String>) {
        let won = self.players[winner.index()];
        let lost = self.players[winner.other().index()];
        let tally = won.tally;
        lines.push(format!("base score {}", won.score));
        if tally.goes > 0 {
            lines.push(format!(
                "{} go: +{}",
                tally.goes,
                count(self.go_bonus, "point")
            ));
        }
        if self.go_multiplier > 1 {
            lines.push(format!("{} go: x{}", tally.goes, self.go_multiplier));
        }
        if self.shake_multiplier > 1 {
            let plain = u32::from(tally.shakes) + u32::from(tally.bombs);
            let two_card = if self.doublings > plain {
                tally.two_card_bombs
            } else {
                0
            };
            let counted = [
                (tally.shakes, "shake"),
                (tally.bombs, "bomb"),
                (two_card, "two-card bomb"),
            ];
            let parts: Vec<String> = counted
                .iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, what)| count(*n, what))
                .collect();
            lines.push(format!(
                "{}: x{}",
                parts.join(" and "),
                self.shake_multiplier
            ));
        }
        let baks = [
            (
                self.baks.meongtta,
                format!("meongtta: the winner holds {} yeol (7 or more)", won.yeol),
            ),
            (
                self.baks.pibak,
                format!(
                    "pibak: the winner scored pi and the loser has only {} pi",
                    lost.pi_value
                ),
            ),
            (
                self.baks.gwangbak,
                format!(
                    "gwangbak: the winner scored {} gwang and the loser has {}",
                    won.gwang,
                    if lost.gwang == 0 {
                        "none".to_string()
                    } else {
                        lost.gwang.to_string()
                    }
                ),
            ),
            (
                self.baks.gobak,
                format!(
                    "gobak: the loser called go {} and lost",
                    count(lost.tally.goes, "time")
                ),
            ),
        ];
        lines.extend(
            baks.into_iter()
                .filter(|(applies, _)| *applies)
                .map(|(_, text)| format!("{text}: x2")),
        );
    }
}

impl fmt::Display for Settlement {
    /// [`Settlement::lines`], one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("\n"))
    }
}

/// Meongtta: the winner's pile holds 7 or more yeol (the gukjin counted while it is yeol).
pub(crate) fn is_meongtta(won: CardSet, gukjin: GukjinUse) -> bool {
    won.yeol_count(gukjin) >= 7
}

/// Pibak against one loser: the winner (of base score `won`) scored pi and the loser's pi
/// value is at most the rules' threshold, and not 0 when the rules exempt a loser with none.
pub(crate) fn is_pibak(rules: &Rules, won: Score, lost: CardSet, gukjin: GukjinUse) -> bool {
    let lowest = u32::from(rules.pibak_exempts_zero_pi);
    won.pi > 0 && (lowest..=rules.pibak_threshold).contains(&lost.pi_value(gukjin))
}

/// Gwangbak against one loser: the winner scored gwang and the loser holds at most the
/// rules' threshold of gwang.
pub(crate) fn is_gwangbak(rules: &Rules, won: Score, lost: CardSet) -> bool {
    won.gwang > 0 && (lost & CardSet::GWANG).len() as u32 <= rules.gwangbak_threshold
}

/// The factors of a win by stopping that come from the winner's play alone (section 5 and
/// 6): base score, go bonus and multiplier, shakes and bombs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WinFactors {
    pub(crate) base: u32,
    pub(crate) go_bonus: u32,
    pub(crate) go_multiplier: u64,
    pub(crate) doublings: u32,
    pub(crate) shake_multiplier: u64,
}

impl WinFactors {
    /// The factors of the winner of base score `base` and tally `tally`.
    pub(crate) fn of(rules: &Rules, base: u32, tally: Tally) -> WinFactors {
        let (go_bonus, go_multiplier) = go_factors(rules, tally.goes);
        let two_card = match rules.two_card_bomb {
            TwoCardBomb::Double => tally.two_card_bombs,
            TwoCardBomb::Off | TwoCardBomb::NoMultiplier => 0,
        };
        let doublings = [tally.shakes, tally.bombs, two_card]
            .into_iter()
            .map(u32::from)
            .sum();
        WinFactors {
            base,
            go_bonus,
            go_multiplier,
            doublings,
            shake_multiplier: power_of_two(doublings),
        }
    }

    /// `(base + go bonus) x go multiplier x shakes and bombs`.
    pub(crate) fn points(&self) -> u64 {
        let base = u64::from(self.base) + u64::from(self.go_bonus);
        base.saturating_mul(self.go_multiplier)
            .saturating_mul(self.shake_multiplier)
    }
}

/// 2^n, saturating.
pub(crate) fn power_of_two(n: u32) -> u64 {
    1u64.checked_shl(n).unwrap_or(u64::MAX)
}

/// The go bonus (points added) and multiplier after `goes` goes (sections 5 and 11).
pub fn go_factors(rules: &Rules, goes: u8) -> (u32, u64) {
    let n = u32::from(goes);
    let doubled = if goes >= 3 { power_of_two(n - 2) } else { 1 };
    match rules.go_bonus {
        GoBonus::AddThenDouble => (n, doubled),
        GoBonus::DoubleInsteadOfAdding if goes <= 2 => (n, 1),
        GoBonus::DoubleInsteadOfAdding => (0, doubled),
        GoBonus::AddOnly => (n, 1),
    }
}

/// Settles a finished game, a pure function of its end: the outcome, both capture piles,
/// how the gukjin counts, both tallies and the nagari multiplier carried into the game
/// (1 when none; 0 counts as 1).
///
/// ```
/// use hwatu_core::{settle, CardSet, GukjinUse, Outcome, Player, Rules, Tally};
///
/// let winner: CardSet = "1G 3G 8G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 6P1".parse()?;
/// let loser: CardSet = "12G 5P2".parse()?;
/// let mut tallies = [Tally::default(); 2];
/// tallies[1].goes = 1; // the loser had called go: gobak
/// let settlement = settle::settle(&Rules::standard(), Outcome::Stop { winner: Player::A },
///     [winner, loser], GukjinUse::Yeol, tallies, 1);
/// assert_eq!(settlement.base, 3 + 1);
/// assert_eq!(settlement.players[1].pi_value, 1);
/// // pibak (loser has 1 pi) x gobak
/// assert!(settlement.baks.pibak && settlement.baks.gobak && !settlement.baks.gwangbak);
/// assert_eq!(settlement.points, 4 * 2 * 2);
/// assert_eq!(settlement.payment(100), 1600);
/// # Ok::<(), hwatu_core::ParseCardSetError>(())
/// ```
pub fn settle(
    rules: &Rules,
    outcome: Outcome,
    captured: [CardSet; 2],
    gukjin: GukjinUse,
    tallies: [Tally; 2],
    nagari_multiplier: u64,
) -> Settlement {
    let nagari_multiplier = nagari_multiplier.max(1);
    let mut settlement = Settlement {
        outcome,
        players: [0, 1].map(|i| PlayerSummary::of(captured[i], gukjin, tallies[i])),
        base: 0,
        go_bonus: 0,
        go_multiplier: 1,
        doublings: 0,
        shake_multiplier: 1,
        baks: Baks::default(),
        nagari_multiplier,
        jackpot_multiplier: 1,
        push_multiplier: 1,
        instant_multiplier: match rules.instant_payout {
            InstantPayout::Points => 1,
            InstantPayout::BaseMultiple => nagari_multiplier,
        },
        points: 0,
    };
    let winner = match outcome {
        Outcome::Nagari => return settlement,
        Outcome::Chongtong { .. } | Outcome::ThreePpuk { .. } => {
            settlement.base = match outcome {
                Outcome::Chongtong { .. } => rules.chongtong_points,
                _ => rules.three_ppuk_points,
            };
            settlement.points = u64::from(settlement.base).saturating_mul(nagari_multiplier);
            return settlement;
        }
        Outcome::Stop { winner } => winner,
    };
    let base = settlement.players[winner.index()].score.total();
    let factors = WinFactors::of(rules, base, tallies[winner.index()]);
    settlement.base = factors.base;
    settlement.go_bonus = factors.go_bonus;
    settlement.go_multiplier = factors.go_multiplier;
    settlement.doublings = factors.doublings;
    settlement.shake_multiplier = factors.shake_multiplier;
    settlement.baks = Baks::of(rules, winner, captured, gukjin, tallies);
    settlement.points = [settlement.baks.multiplier(), nagari_multiplier]
        .into_iter()
        .fold(factors.points(), u64::saturating_mul);
    settlement
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_count_in_the_singular_and_the_plural() {
        let gobak = |goes: u8| {
            let mut tallies = [Tally::default(); 2];
            tallies[1].goes = goes;
            let winner = "1G 3G 8G".parse().expect("cards");
            let outcome = Outcome::Stop { winner: Player::A };
            let settlement = settle(
                &Rules::classic(),
                outcome,
                [winner, CardSet::EMPTY],
                GukjinUse::Yeol,
                tallies,
                1,
            );
            settlement.lines()
        };
        assert!(gobak(1).contains(&"gobak: the loser called go 1 time and lost: x2".to_string()));
        assert!(gobak(2).contains(&"gobak: the loser called go 2 times and lost: x2".to_string()));
    }

    #[test]
    fn go_factors_follow_section_5() {
        let standard = Rules::standard();
        let tutorial = Rules::tutorial();
        let table = [
            (0, 0, 1),
            (1, 1, 1),
            (2, 2, 1),
            (3, 3, 2),
            (4, 4, 4),
            (5, 5, 8),
        ];
        for (goes, bonus, multiplier) in table {
            assert_eq!(
                go_factors(&standard, goes),
                (bonus, multiplier),
                "{goes} go"
            );
        }
        assert_eq!(go_factors(&tutorial, 2), (2, 1));
        assert_eq!(go_factors(&tutorial, 3), (0, 2));
        assert_eq!(go_factors(&tutorial, 5), (0, 8));
        assert_eq!(go_factors(&standard, 200).1, u64::MAX, "no overflow");
    }
}
