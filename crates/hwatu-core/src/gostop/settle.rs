//! The settlement of a hand of Go-Stop among three (rules section 12.5, 12.6 and 12.13):
//! one result for the winner's play, each loser's share with its own baks, the go-caller
//! who was overtaken paying for both (dokbak).

use std::fmt;

use crate::event::Outcome;
use crate::game::at;
use crate::gostop::{Dokbak, GoStop, GoStopRules, Meong};
use crate::names::Names;
use crate::score::Score;
use crate::seat::Seat;
use crate::settle::{PlayerSummary, WinFactors, is_gwangbak, is_meongtta, is_pibak};
use crate::words::count;

/// What one loser owes for the hand's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LoserShare {
    /// The loser.
    pub loser: Seat,
    /// Pibak against this loser: the winner scored pi and this loser's pi value is at most
    /// the rules' threshold (5), and not 0 when the rules exempt a loser with none.
    pub pibak: bool,
    /// Gwangbak against this loser: the winner scored gwang and this loser holds none.
    pub gwangbak: bool,
    /// Meongbak against this loser ([`Meong::Meongbak`]): the winner holds 7 or more yeol
    /// and this loser none.
    pub meongbak: bool,
    /// The share in points: the hand's points, doubled once per bak of this loser.
    pub points: u64,
    /// Who pays it: the loser, or the go-caller who pays for all ([`Dokbak`]).
    pub payer: Seat,
}

/// The settlement of a finished hand of Go-Stop: the winner's factors, each loser's share
/// and who pays it, and the early payments made during the hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GoStopSettlement {
    /// How the hand ended.
    pub outcome: Outcome<Seat>,
    /// Each seat's pile summary, indexed by [`Seat::index`].
    pub seats: [PlayerSummary; 3],
    /// The winner's base score (or the fixed points of an instant win: chongtong, three
    /// ppuk).
    pub base: u32,
    /// The points added for the winner's goes.
    pub go_bonus: u32,
    /// The multiplier of the winner's goes (x2 from 3 go, doubling each go after).
    pub go_multiplier: u64,
    /// The winner's shakes and bombs.
    pub doublings: u32,
    /// `2^doublings`.
    pub shake_multiplier: u64,
    /// Meongtta ([`Meong::Meongtta`]): the winner holds 7 or more yeol, both losers pay
    /// double.
    pub meongtta: bool,
    /// The multiplier carried from nagari hands before this one.
    pub nagari_multiplier: u64,
    /// The hand's points before each loser's baks: `(base + go bonus) x go multiplier x
    /// shakes and bombs x meongtta x nagari`.
    pub points: u64,
    /// The go-caller who was overtaken and pays (section 12.6), if any.
    pub dokbak: Option<Seat>,
    /// Whether the dokbak payer's total is doubled ([`Dokbak::PaysForAllDoubled`]), or the
    /// go-caller's own share is ([`Dokbak::Gobak`]).
    pub gobak_doubled: bool,
    /// The losers' shares in turn order from the winner; empty after a nagari.
    pub shares: Vec<LoserShare>,
    /// The early payments each seat received during the hand ([`crate::Event::InstantPayment`]:
    /// an early ppuk, the first ttadak), in points, from each opponent half.
    pub instant_points: [u64; 3],
}

impl GoStopSettlement {
    /// The winner, `None` after a nagari.
    pub fn winner(&self) -> Option<Seat> {
        self.outcome.winner()
    }

    /// The points `seat` pays for the hand's result (the shares it pays, its own or, as the
    /// dokbak payer, the other loser's too).
    pub fn points_paid_by(&self, seat: Seat) -> u64 {
        let shares = self.shares.iter().filter(|share| share.payer == seat);
        shares.fold(0, |sum, share| sum.saturating_add(share.points))
    }

    /// The points the winner receives: every share.
    pub fn received(&self) -> u64 {
        (self.shares.iter()).fold(0, |sum, share| sum.saturating_add(share.points))
    }

    /// What each seat gains (positive) or pays (negative) at `stake` per point: the
    /// result and the early payments. The three amounts sum to zero, unless one is beyond
    /// what an `i64` holds: it is then cut to the `i64` bound ([`GoStopSettlement::try_transfers`]
    /// refuses such stakes instead).
    pub fn transfers(&self, stake: u64) -> [i64; 3] {
        let clamp = |amount: i128| amount.clamp(i64::MIN.into(), i64::MAX.into()) as i64;
        self.exact_transfers(stake).map(clamp)
    }

    /// [`GoStopSettlement::transfers`], `None` when an amount is beyond what an `i64` holds.
    pub fn try_transfers(&self, stake: u64) -> Option<[i64; 3]> {
        let [a, b, c] = self.exact_transfers(stake).map(i64::try_from);
        Some([a.ok()?, b.ok()?, c.ok()?])
    }

    /// The transfers in `i128`, saturating (an amount beyond an `i64` is cut or refused by
    /// the callers, whatever it was).
    fn exact_transfers(&self, stake: u64) -> [i128; 3] {
        let money = |points: u64| i128::from(points).saturating_mul(i128::from(stake));
        let mut transfers = [0i128; 3];
        let mut add = |seat: usize, amount: i128| {
            transfers[seat] = transfers[seat].saturating_add(amount);
        };
        if let Some(winner) = self.winner() {
            for share in &self.shares {
                add(share.payer.index(), money(share.points).saturating_neg());
                add(winner.index(), money(share.points));
            }
        }
        for (to, &points) in self.instant_points.iter().enumerate() {
            // Each opponent paid half of what the seat received.
            let each = money(points / 2);
            for from in 0..3 {
                add(
                    from,
                    if from == to {
                        each.saturating_mul(2)
                    } else {
                        each.saturating_neg()
                    },
                );
            }
        }
        transfers
    }

    /// The explanation, one line per factor and per share, the seats named `player A` to
    /// `player C`.
    pub fn lines(&self) -> Vec<String> {
        self.describe(&Names::seats(3))
    }

    /// [`GoStopSettlement::lines`] naming the hand's seats with `names` (at a table of four
    /// or five, [`Names::of_hand`] names them after the table seats that play them).
    pub fn describe(&self, names: &Names<Seat>) -> Vec<String> {
        let mut lines = Vec::new();
        match self.outcome {
            Outcome::Nagari => {
                lines.push("nagari: no one pays; the next hand's result is doubled".into());
            }
            Outcome::Chongtong { month, .. } => {
                lines.push(format!(
                    "chongtong of month {month}: {}",
                    count(self.base, "point")
                ));
            }
            Outcome::ThreePpuk { .. } => {
                lines.push(format!("three ppuk: {}", count(self.base, "point")));
            }
            Outcome::Stop { winner } => self.stop_lines(winner, names, &mut lines),
        }
        if self.nagari_multiplier > 1 {
            lines.push(format!("after nagari: x{}", self.nagari_multiplier));
        }
        for share in &self.shares {
            lines.push(share_line(share, names));
        }
        lines
    }

    fn stop_lines(&self, winner: Seat, names: &Names<Seat>, lines: &mut Vec<String>) {
        let won = at(&self.seats, winner);
        let whose = names.possessive(winner);
        lines.push(format!("{whose} base score {}", won.score));
        if won.tally.goes > 0 {
            lines.push(format!(
                "{} go: +{}",
                won.tally.goes,
                count(self.go_bonus, "point")
            ));
        }
        if self.go_multiplier > 1 {
            lines.push(format!("{} go: x{}", won.tally.goes, self.go_multiplier));
        }
        if self.shake_multiplier > 1 {
            lines.push(format!("shakes and bombs: x{}", self.shake_multiplier));
        }
        if self.meongtta {
            lines.push(format!("meongtta: the winner holds {} yeol: x2", won.yeol));
        }
        if let Some(payer) = self.dokbak {
            let name = names.name(payer);
            let line = match (
                self.shares.iter().any(|s| s.payer != s.loser),
                self.gobak_doubled,
            ) {
                (true, false) => format!("{name} pays for all"),
                (true, true) => format!("{name} pays for all, doubled"),
                (false, _) => format!("{} share x2", names.possessive(payer)),
            };
            lines.push(format!(
                "dokbak: {name} called go and was overtaken: {line}"
            ));
        }
    }
}

/// One loser's share in words.
fn share_line(share: &LoserShare, names: &Names<Seat>) -> String {
    let baks = [
        (share.pibak, "pibak"),
        (share.gwangbak, "gwangbak"),
        (share.meongbak, "meongbak"),
    ];
    let named: Vec<&str> = baks.iter().filter(|(on, _)| *on).map(|(_, n)| *n).collect();
    let why = match named.is_empty() {
        true => String::new(),
        false => format!(" ({} x2)", named.join(", ")),
    };
    let payer = match share.payer == share.loser {
        true => String::new(),
        false => format!(", paid by {}", names.name(share.payer)),
    };
    let whose = names.possessive(share.loser);
    format!(
        "{whose} share{why}: {}{payer}",
        count(share.points, "point")
    )
}

impl fmt::Display for GoStopSettlement {
    /// [`GoStopSettlement::lines`], one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("\n"))
    }
}

impl GoStop {
    /// The settlement of the finished hand with the nagari multiplier carried into it;
    /// `None` while the hand is not over (rules section 12). The points, the go bonus and the
    /// baks' thresholds are the hand's own rules ([`crate::Table::rules`]); of `rules` only
    /// the settlement's options are read (`dokbak`, `meong`).
    pub fn settle(&self, rules: &GoStopRules, nagari_multiplier: u64) -> Option<GoStopSettlement> {
        let outcome = self.outcome?;
        let nagari_multiplier = nagari_multiplier.max(1);
        let seats = [Seat::A, Seat::B, Seat::C];
        let mut settlement = GoStopSettlement {
            outcome,
            seats: seats.map(|s| PlayerSummary::of(self.captured(s), self.gukjin, self.tally(s))),
            base: 0,
            go_bonus: 0,
            go_multiplier: 1,
            doublings: 0,
            shake_multiplier: 1,
            meongtta: false,
            nagari_multiplier,
            points: 0,
            dokbak: None,
            gobak_doubled: false,
            shares: Vec::new(),
            instant_points: self.tallies.map(|t| t.instant_points),
        };
        let winner = match outcome {
            Outcome::Nagari => return Some(settlement),
            Outcome::Chongtong { winner, .. } | Outcome::ThreePpuk { winner } => {
                settlement.base = match outcome {
                    Outcome::Chongtong { .. } => self.rules.chongtong_points,
                    _ => self.rules.three_ppuk_points,
                };
                settlement.points = u64::from(settlement.base).saturating_mul(nagari_multiplier);
                let losers = GoStop::opponents(winner);
                settlement.shares = losers
                    .map(|loser| plain_share(loser, settlement.points))
                    .collect();
                return Some(settlement);
            }
            Outcome::Stop { winner } => winner,
        };
        self.settle_stop(rules, winner, &mut settlement);
        Some(settlement)
    }

    /// The settlement of a win by stopping: the winner's factors, each loser's baks, dokbak.
    fn settle_stop(&self, rules: &GoStopRules, winner: Seat, settlement: &mut GoStopSettlement) {
        let won = self.captured(winner);
        let score = Score::of(won, self.gukjin);
        let factors = WinFactors::of(&self.rules, score.total(), self.tally(winner));
        settlement.base = factors.base;
        settlement.go_bonus = factors.go_bonus;
        settlement.go_multiplier = factors.go_multiplier;
        settlement.doublings = factors.doublings;
        settlement.shake_multiplier = factors.shake_multiplier;
        let meong = is_meongtta(won, self.gukjin);
        settlement.meongtta = meong && rules.meong == Meong::Meongtta;
        let common = [
            u64::from(settlement.meongtta) + 1,
            settlement.nagari_multiplier,
        ];
        settlement.points = common
            .into_iter()
            .fold(factors.points(), u64::saturating_mul);
        let losers: Vec<Seat> = GoStop::opponents(winner).collect();
        let payer = self.dokbak_payer(&losers);
        settlement.dokbak = payer;
        let mut shares: Vec<LoserShare> = losers
            .iter()
            .map(|&loser| {
                let lost = self.captured(loser);
                let yeol = lost.yeol_count(self.gukjin);
                let mut share = plain_share(loser, 0);
                share.pibak = is_pibak(&self.rules, score, lost, self.gukjin);
                share.gwangbak = is_gwangbak(&self.rules, score, lost);
                share.meongbak = meong && rules.meong == Meong::Meongbak && yeol == 0;
                let baks = [share.pibak, share.gwangbak, share.meongbak];
                share.points = baks
                    .into_iter()
                    .filter(|&bak| bak)
                    .fold(settlement.points, |points, _| points.saturating_mul(2));
                share
            })
            .collect();
        if let Some(payer) = payer {
            apply_dokbak(rules.dokbak, payer, &mut shares);
            settlement.gobak_doubled = rules.dokbak != Dokbak::PaysForAll;
        }
        settlement.shares = shares;
    }

    /// The loser who called go and was overtaken (section 12.6): the last go-caller among
    /// the losers; when the winner called go after both losers did, the loser with more
    /// goes (the nearer in turn order after the winner on a tie).
    fn dokbak_payer(&self, losers: &[Seat]) -> Option<Seat> {
        let went = |seat: &&Seat| self.tally(**seat).goes > 0;
        if let Some(last) = self.last_go.filter(|seat| losers.contains(seat)) {
            return Some(last);
        }
        let goes = |seat: &&Seat| self.tally(**seat).goes;
        let most = losers.iter().filter(went).map(|s| goes(&s)).max()?;
        losers.iter().find(|s| goes(s) == most).copied()
    }
}

/// A share of `points` with no bak, paid by the loser itself.
fn plain_share(loser: Seat, points: u64) -> LoserShare {
    LoserShare {
        loser,
        pibak: false,
        gwangbak: false,
        meongbak: false,
        points,
        payer: loser,
    }
}

/// Moves the shares onto the dokbak payer as the rule says.
fn apply_dokbak(rule: Dokbak, payer: Seat, shares: &mut [LoserShare]) {
    for share in shares.iter_mut() {
        match rule {
            Dokbak::PaysForAll => share.payer = payer,
            Dokbak::PaysForAllDoubled => {
                share.payer = payer;
                share.points = share.points.saturating_mul(2);
            }
            Dokbak::Gobak if share.loser == payer => share.points = share.points.saturating_mul(2),
            Dokbak::Gobak => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::CardSet;
    use crate::deal::Deal;
    use crate::game::Tally;

    /// A hand over, won by A stopping, with the given piles and goes (A, B, C).
    fn finished(piles: [&str; 3], goes: [u8; 3], last_go: Option<Seat>) -> GoStop {
        let deal = Deal {
            hands: [CardSet::EMPTY; 3],
            floor: CardSet::EMPTY,
            stock: Vec::new(),
            first: Seat::A,
        };
        let mut hand = GoStop::from_deal(GoStopRules::standard().rules, deal).expect("a deal");
        hand.captured = piles.map(|pile| pile.parse().expect("cards"));
        hand.tallies = goes.map(|goes| Tally {
            goes,
            ..Tally::default()
        });
        hand.last_go = last_go;
        hand.outcome = Some(Outcome::Stop { winner: Seat::A });
        hand
    }

    /// A: 3 gwang (3 points) and 10 pi (1 point): base 4. B holds 4 pi and a gwang
    /// (pibak), C 6 pi and no gwang (gwangbak).
    const PILES: [&str; 3] = [
        "1G 3G 8G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2",
        "11G 6P1 6P2 7P1 7P2",
        "9P1 9P2 10P1 10P2 11P1 11P2",
    ];

    fn shares(settlement: &GoStopSettlement) -> Vec<(Seat, u64, Seat)> {
        let shares = settlement.shares.iter();
        shares.map(|s| (s.loser, s.points, s.payer)).collect()
    }

    #[test]
    fn each_loser_pays_its_own_share_with_its_own_baks() {
        let settlement = finished(PILES, [0; 3], None)
            .settle(&GoStopRules::standard(), 1)
            .expect("over");
        assert_eq!((settlement.base, settlement.points), (4, 4));
        let [b, c] = [&settlement.shares[0], &settlement.shares[1]];
        assert!(b.pibak && !b.gwangbak && !c.pibak && c.gwangbak);
        assert_eq!(
            shares(&settlement),
            [(Seat::B, 8, Seat::B), (Seat::C, 8, Seat::C)]
        );
        assert_eq!(settlement.transfers(10), [160, -80, -80]);
        let lines = settlement.lines();
        assert!(
            lines.contains(&"player B's share (pibak x2): 8 points".to_string()),
            "{lines:?}"
        );
    }

    #[test]
    fn pibak_takes_five_pi_or_fewer_and_spares_a_loser_with_none() {
        let pibak = |loser: &str| {
            let hand = finished([PILES[0], loser, "11G"], [0; 3], None);
            let settlement = hand.settle(&GoStopRules::standard(), 1).expect("over");
            settlement.shares[0].pibak
        };
        assert!(pibak("6P1 6P2 7P1 7P2 8P1"), "5 pi");
        assert!(pibak("11S"), "2 pi");
        assert!(!pibak("6P1 6P2 7P1 7P2 8P1 8P2"), "6 pi");
        assert!(!pibak("1T"), "no pi: exempt");
    }

    #[test]
    fn the_go_caller_overtaken_pays_for_both_as_the_rule_says() {
        let hand = finished(PILES, [0, 0, 1], Some(Seat::C));
        let rules = |dokbak| GoStopRules {
            dokbak,
            ..GoStopRules::standard()
        };
        let settle = |dokbak| hand.settle(&rules(dokbak), 1).expect("over");
        let all = settle(Dokbak::PaysForAll);
        assert_eq!(all.dokbak, Some(Seat::C));
        assert_eq!(shares(&all), [(Seat::B, 8, Seat::C), (Seat::C, 8, Seat::C)]);
        assert_eq!(all.transfers(1), [16, 0, -16]);
        let line = "dokbak: player C called go and was overtaken: player C pays for all";
        assert!(all.lines().contains(&line.to_string()), "{:?}", all.lines());
        let names = Names::you_among(Seat::C, 3, "bot");
        assert!(
            all.describe(&names)
                .contains(&"bot B's share (pibak x2): 8 points, paid by you".to_string())
        );
        let doubled = settle(Dokbak::PaysForAllDoubled);
        assert_eq!(
            shares(&doubled),
            [(Seat::B, 16, Seat::C), (Seat::C, 16, Seat::C)]
        );
        let gobak = settle(Dokbak::Gobak);
        assert_eq!(
            shares(&gobak),
            [(Seat::B, 8, Seat::B), (Seat::C, 16, Seat::C)]
        );
        // Both losers called go: the last to call pays.
        let both = finished(PILES, [0, 2, 1], Some(Seat::B)).settle(&rules(Dokbak::PaysForAll), 1);
        assert_eq!(both.expect("over").dokbak, Some(Seat::B));
        // The winner called go last: the loser with more goes.
        let winner_last = finished(PILES, [1, 1, 2], Some(Seat::A));
        let settlement = winner_last
            .settle(&rules(Dokbak::PaysForAll), 1)
            .expect("over");
        assert_eq!(settlement.dokbak, Some(Seat::C));
        // The winner's own go is no dokbak.
        let own = finished(PILES, [1, 0, 0], Some(Seat::A)).settle(&rules(Dokbak::PaysForAll), 1);
        assert_eq!(own.expect("over").dokbak, None);
    }

    #[test]
    fn meongtta_doubles_both_shares_and_meongbak_only_a_loser_without_yeol() {
        let piles = ["2Y 4Y 5Y 6Y 7Y 8Y 10Y", "12Y 1P1", "3P1"];
        let hand = finished(piles, [0; 3], None);
        let meong = |meong| GoStopRules {
            meong,
            ..GoStopRules::standard()
        };
        let tta = hand.settle(&meong(Meong::Meongtta), 1).expect("over");
        // 7 yeol: 3 points, godori 5: base 8; meongtta x2 for both.
        assert_eq!((tta.base, tta.meongtta, tta.points), (8, true, 16));
        assert_eq!(
            shares(&tta),
            [(Seat::B, 16, Seat::B), (Seat::C, 16, Seat::C)]
        );
        let bak = hand.settle(&meong(Meong::Meongbak), 1).expect("over");
        assert!(!bak.meongtta);
        assert_eq!(
            shares(&bak),
            [(Seat::B, 8, Seat::B), (Seat::C, 16, Seat::C)]
        );
    }

    #[test]
    fn instant_wins_pay_fixed_points_from_each_loser_and_nagari_pays_nothing() {
        let mut hand = finished(PILES, [0, 0, 1], Some(Seat::C));
        hand.outcome = Some(Outcome::Chongtong {
            winner: Seat::B,
            month: 4,
            on_floor: false,
        });
        let settlement = hand.settle(&GoStopRules::standard(), 2).expect("over");
        assert_eq!(
            shares(&settlement),
            [(Seat::C, 10, Seat::C), (Seat::A, 10, Seat::A)]
        );
        assert_eq!(settlement.dokbak, None);
        hand.outcome = Some(Outcome::Nagari);
        hand.tallies[1].instant_points = 6;
        let nagari = hand.settle(&GoStopRules::standard(), 1).expect("over");
        assert!(nagari.shares.is_empty());
        assert_eq!(
            nagari.transfers(5),
            [-15, 30, -15],
            "early payments are still paid"
        );
    }
}
