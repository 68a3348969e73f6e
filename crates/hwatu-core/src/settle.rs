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
use crate::rules::{GoBonus, Rules};
use crate::score::Score;
use crate::words::count;

/// A doubling of the winner's points (section 6), with what caused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bak {
    /// Meongtta: the winner holds 7 or more yeol.
    Meongtta {
        /// The winner's yeol count (the gukjin counted while it is yeol).
        winner_yeol: u32,
    },
    /// Pibak: the winner scored pi and the loser's pi value is 1 to 7 (0 to 7 without the
    /// exemption).
    Pibak {
        /// The loser's pi value.
        loser_pi: u32,
    },
    /// Gwangbak: the winner scored gwang and the loser holds none.
    Gwangbak {
        /// The winner's gwang count.
        winner_gwang: u32,
    },
    /// Gobak: the loser had called go.
    Gobak {
        /// The loser's goes.
        loser_goes: u8,
    },
}

impl fmt::Display for Bak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bak::Meongtta { winner_yeol } => {
                write!(
                    f,
                    "meongtta: the winner holds {winner_yeol} yeol (7 or more)"
                )
            }
            Bak::Pibak { loser_pi } => write!(
                f,
                "pibak: the winner scored pi and the loser has only {loser_pi} pi (7 or less)"
            ),
            Bak::Gwangbak { winner_gwang } => write!(
                f,
                "gwangbak: the winner scored {winner_gwang} gwang and the loser has none"
            ),
            Bak::Gobak { loser_goes } => {
                write!(
                    f,
                    "gobak: the loser called go {} and lost",
                    count(*loser_goes, "time")
                )
            }
        }
    }
}

/// The settlement of a finished game: every factor of section 6 and the final points.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Settlement {
    /// How the game ended.
    pub outcome: Outcome,
    /// The winner's base points by category (empty for instant wins and nagari).
    pub score: Score,
    /// The base points: the score's total, or the fixed points of an instant win.
    pub base: u64,
    /// The winner's goes.
    pub goes: u8,
    /// Points the goes add.
    pub go_bonus: u64,
    /// The goes' multiplier: 2^(goes - 2) from the third go, else 1.
    pub go_multiplier: u64,
    /// The winner's shakes.
    pub shakes: u8,
    /// The winner's bombs.
    pub bombs: u8,
    /// 2^(shakes + bombs).
    pub shake_multiplier: u64,
    /// The baks that apply, each doubling the points.
    pub baks: Vec<Bak>,
    /// The nagari multiplier carried into this game.
    pub nagari_multiplier: u64,
    /// The final points the loser pays (0 in nagari).
    pub points: u64,
    /// Points each player received in instant payments during the game (never multiplied),
    /// indexed by [`Player::index`].
    pub instant_points: [u64; 2],
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

    /// The explanation, one line per factor.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        match self.outcome {
            Outcome::Nagari => {
                lines.push("nagari: no one pays; the next game's result is doubled".into());
                return lines;
            }
            Outcome::Chongtong { month, .. } => {
                lines.push(format!(
                    "chongtong of month {month}: {}",
                    count(self.base, "point")
                ));
            }
            Outcome::ThreePpuk { .. } => {
                lines.push(format!("three ppuk: {}", count(self.base, "point")))
            }
            Outcome::Stop { .. } => {
                lines.push(format!("base score {}", self.score));
                if self.goes > 0 {
                    lines.push(format!(
                        "{} go: +{}",
                        self.goes,
                        count(self.go_bonus, "point")
                    ));
                }
                if self.go_multiplier > 1 {
                    lines.push(format!("{} go: x{}", self.goes, self.go_multiplier));
                }
                if self.shake_multiplier > 1 {
                    let counted = [(self.shakes, "shake"), (self.bombs, "bomb")];
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
                lines.extend(self.baks.iter().map(|bak| format!("{bak}: x2")));
            }
        }
        if self.nagari_multiplier > 1 {
            lines.push(format!("after nagari: x{}", self.nagari_multiplier));
        }
        lines.push(format!("final: {}", count(self.points, "point")));
        lines
    }
}

impl fmt::Display for Settlement {
    /// [`Settlement::lines`], one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("\n"))
    }
}

/// 2^n, saturating.
fn power_of_two(n: u32) -> u64 {
    1u64.checked_shl(n).unwrap_or(u64::MAX)
}

/// The go bonus and multiplier after `goes` goes (section 5).
pub fn go_factors(rules: &Rules, goes: u8) -> (u64, u64) {
    let n = u64::from(goes);
    let multiplier = if goes >= 3 {
        power_of_two(u32::from(goes) - 2)
    } else {
        1
    };
    let bonus = match rules.go_bonus {
        GoBonus::AddThenDouble => n,
        GoBonus::DoubleInsteadOfAdding if goes <= 2 => n,
        GoBonus::DoubleInsteadOfAdding => 0,
    };
    (bonus, multiplier)
}

/// The baks of a win by stopping (section 6).
pub fn baks(
    rules: &Rules,
    winner: Player,
    captured: [CardSet; 2],
    gukjin: GukjinUse,
    tallies: [Tally; 2],
) -> Vec<Bak> {
    let (won, lost) = (captured[winner.index()], captured[winner.other().index()]);
    let score = Score::of(won, gukjin);
    let mut baks = Vec::new();
    let winner_yeol = won.yeol_count(gukjin);
    if winner_yeol >= 7 {
        baks.push(Bak::Meongtta { winner_yeol });
    }
    let loser_pi = lost.pi_value(gukjin);
    let lowest = u32::from(rules.pibak_exempts_zero_pi);
    if score.pi > 0 && (lowest..=7).contains(&loser_pi) {
        baks.push(Bak::Pibak { loser_pi });
    }
    if score.gwang > 0 && (lost & CardSet::GWANG).is_empty() {
        let winner_gwang = (won & CardSet::GWANG).len() as u32;
        baks.push(Bak::Gwangbak { winner_gwang });
    }
    let loser_goes = tallies[winner.other().index()].goes;
    if loser_goes > 0 {
        baks.push(Bak::Gobak { loser_goes });
    }
    baks
}

/// Settles a finished game, a pure function of its end: the outcome, both capture piles,
/// how the gukjin counts, both tallies and the nagari multiplier carried into the game
/// (1 when none).
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
/// // pibak (loser has 1 pi) x gobak
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
        score: Score::default(),
        base: 0,
        goes: 0,
        go_bonus: 0,
        go_multiplier: 1,
        shakes: 0,
        bombs: 0,
        shake_multiplier: 1,
        baks: Vec::new(),
        nagari_multiplier,
        points: 0,
        instant_points: tallies.map(|t| t.instant_points),
    };
    let winner = match outcome {
        Outcome::Nagari => return settlement,
        Outcome::Chongtong { .. } | Outcome::ThreePpuk { .. } => {
            settlement.base = match outcome {
                Outcome::Chongtong { .. } => rules.chongtong_points,
                _ => rules.three_ppuk_points,
            };
            settlement.points = settlement.base.saturating_mul(nagari_multiplier);
            return settlement;
        }
        Outcome::Stop { winner } => winner,
    };
    let tally = tallies[winner.index()];
    settlement.score = Score::of(captured[winner.index()], gukjin);
    settlement.base = u64::from(settlement.score.total());
    settlement.goes = tally.goes;
    (settlement.go_bonus, settlement.go_multiplier) = go_factors(rules, tally.goes);
    settlement.shakes = tally.shakes;
    settlement.bombs = tally.bombs;
    settlement.shake_multiplier = power_of_two(u32::from(tally.shakes) + u32::from(tally.bombs));
    settlement.baks = baks(rules, winner, captured, gukjin, tallies);
    let bak_multiplier = power_of_two(settlement.baks.len() as u32);
    settlement.points = [
        settlement.go_multiplier,
        settlement.shake_multiplier,
        bak_multiplier,
        nagari_multiplier,
    ]
    .into_iter()
    .fold(settlement.base + settlement.go_bonus, u64::saturating_mul);
    settlement
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_count_in_the_singular_and_the_plural() {
        let once = Bak::Gobak { loser_goes: 1 };
        assert_eq!(
            once.to_string(),
            "gobak: the loser called go 1 time and lost"
        );
        let twice = Bak::Gobak { loser_goes: 2 };
        assert_eq!(
            twice.to_string(),
            "gobak: the loser called go 2 times and lost"
        );
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
