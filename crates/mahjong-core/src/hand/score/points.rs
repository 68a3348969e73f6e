//! From han and fu to points: limits and payments (spec section 5).

use std::fmt;

use crate::hand::score::rules::{KazoeLimit, SanmaTsumo, ScoringRules};

/// Basic points of a mangan; the other limits are multiples of it.
const MANGAN: u32 = 2_000;

/// The limit a hand reached, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Limit {
    /// No limit: basic points = fu x 2^(han + 2).
    None,
    /// Mangan, 2,000 basic points: 5 han, or fewer with fu x 2^(han + 2) at least 2,000
    /// (or 1,920 under kiriage mangan).
    Mangan,
    /// Haneman, 3,000: 6-7 han.
    Haneman,
    /// Baiman, 4,000: 8-10 han.
    Baiman,
    /// Sanbaiman, 6,000: 11-12 han (and 13+ under [`KazoeLimit::Sanbaiman`]).
    Sanbaiman,
    /// Kazoe yakuman, 8,000: 13 han or more of regular yaku and dora.
    Kazoe,
    /// One or more real yakuman, 8,000 each: the number of yakuman (2 = double).
    Yakuman(u8),
}

impl Limit {
    /// Its name: `none`, `mangan`, `haneman`, `baiman`, `sanbaiman`, `kazoe` or `yakuman`.
    pub const fn name(self) -> &'static str {
        match self {
            Limit::None => "none",
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Kazoe => "kazoe",
            Limit::Yakuman(_) => "yakuman",
        }
    }
}

impl fmt::Display for Limit {
    /// The name; a stacked yakuman as `double yakuman`, `triple yakuman`, `4x yakuman`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Limit::Yakuman(2) => f.write_str("double yakuman"),
            Limit::Yakuman(3) => f.write_str("triple yakuman"),
            Limit::Yakuman(n) if n > 3 => write!(f, "{n}x yakuman"),
            limit => f.write_str(limit.name()),
        }
    }
}

/// The basic points and the limit of a hand of `han` han and `fu` fu, or of `yakuman`
/// yakuman when `yakuman > 0` (spec section 5).
pub(crate) fn basic_points(han: u32, fu: u32, yakuman: u32, rules: &ScoringRules) -> (u32, Limit) {
    let limit = match (yakuman, han) {
        (1.., _) => {
            let count = u8::try_from(yakuman).unwrap_or(u8::MAX);
            return (MANGAN * 4 * yakuman.min(255), Limit::Yakuman(count));
        }
        (_, 13..) => match rules.kazoe {
            KazoeLimit::Yakuman => Limit::Kazoe,
            KazoeLimit::Sanbaiman => Limit::Sanbaiman,
        },
        (_, 11..) => Limit::Sanbaiman,
        (_, 8..) => Limit::Baiman,
        (_, 6..) => Limit::Haneman,
        (_, 5) => Limit::Mangan,
        _ => {
            let basic = fu.saturating_mul(1 << (han + 2));
            let kiriage = rules.kiriage_mangan && basic == 1_920;
            if basic < MANGAN && !kiriage {
                return (basic, Limit::None);
            }
            Limit::Mangan
        }
    };
    let basic = match limit {
        Limit::Haneman => MANGAN * 3 / 2,
        Limit::Baiman => MANGAN * 2,
        Limit::Sanbaiman => MANGAN * 3,
        Limit::Kazoe => MANGAN * 4,
        _ => MANGAN,
    };
    (basic, limit)
}

/// What the payers pay the winner, honba included (spec section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Payment {
    /// A ron: the discarder pays everything.
    Ron {
        /// What the discarder pays.
        discarder: u32,
    },
    /// A tsumo: everyone else pays.
    Tsumo {
        /// What the dealer pays; 0 when the winner is the dealer.
        dealer: u32,
        /// What each other non-dealer pays (three of them when the winner is the dealer,
        /// two otherwise).
        others: u32,
    },
}

impl Payment {
    /// The payment of a win worth `basic` basic points: a ron pays 6 x basic to a dealer,
    /// 4 x basic to another seat, plus 100 per honba from each seat that would pay a tsumo
    /// (300 at four seats, 200 at three); a tsumo costs the dealer 2 x basic and the others
    /// 1 x basic (2 x basic each when the dealer wins), plus 100 per honba each; each
    /// payment before honba rounded up to 100. At three seats ([`ScoringRules::sanma`]) a
    /// tsumo is paid by two seats: the North share is lost, or split in halves each rounded
    /// up to 100 ([`SanmaTsumo`]).
    pub(crate) fn of(
        basic: u32,
        dealer: bool,
        tsumo: bool,
        honba: u32,
        rules: &ScoringRules,
    ) -> Payment {
        let round = |points: u32| points.div_ceil(100).saturating_mul(100);
        let share = |times: u32| round(basic.saturating_mul(times));
        let payers = rules.seats() as u32 - 1;
        let honba_each = honba.saturating_mul(100);
        // The absent North seat's share, split between the two payers.
        let north_half = |north: u32| match rules.sanma {
            Some(SanmaTsumo::NorthSplit) => round(north / 2),
            _ => 0,
        };
        match (tsumo, dealer) {
            (false, true) => Payment::Ron {
                discarder: share(6).saturating_add(honba_each.saturating_mul(payers)),
            },
            (false, false) => Payment::Ron {
                discarder: share(4).saturating_add(honba_each.saturating_mul(payers)),
            },
            (true, true) => Payment::Tsumo {
                dealer: 0,
                others: (share(2) + north_half(share(2))).saturating_add(honba_each),
            },
            (true, false) => {
                let half = north_half(share(1));
                Payment::Tsumo {
                    dealer: (share(2) + half).saturating_add(honba_each),
                    others: (share(1) + half).saturating_add(honba_each),
                }
            }
        }
    }

    /// Everything the payers pay together at a table of four.
    pub fn sum(self) -> u32 {
        self.sum_at(4)
    }

    /// Everything the payers pay together at a table of `seats` seats (3 or 4; a tsumo is
    /// paid by `seats - 1` seats).
    pub fn sum_at(self, seats: usize) -> u32 {
        let others_paying = |n: usize| u32::try_from(n).unwrap_or(0);
        match self {
            Payment::Ron { discarder } => discarder,
            Payment::Tsumo { dealer: 0, others } => {
                others.saturating_mul(others_paying(seats.saturating_sub(1)))
            }
            Payment::Tsumo { dealer, others } => {
                dealer.saturating_add(others.saturating_mul(others_paying(seats.saturating_sub(2))))
            }
        }
    }
}

impl fmt::Display for Payment {
    /// `ron 7,700`, `tsumo 2,000 / 1,000` (dealer / others), `tsumo 2,000 all`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Payment::Ron { discarder } => write!(f, "ron {}", Points(discarder)),
            Payment::Tsumo { dealer: 0, others } => write!(f, "tsumo {} all", Points(others)),
            Payment::Tsumo { dealer, others } => {
                write!(f, "tsumo {} / {}", Points(dealer), Points(others))
            }
        }
    }
}

/// Points written with thousands separators: `12,000`.
pub(crate) struct Points(pub(crate) u32);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (high, low) = (self.0 / 1_000, self.0 % 1_000);
        if high > 0 {
            write!(f, "{},{low:03}", Points(high))
        } else {
            write!(f, "{low}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ron(han: u32, fu: u32, dealer: bool, rules: &ScoringRules) -> u32 {
        let (basic, _) = basic_points(han, fu, 0, rules);
        Payment::of(basic, dealer, false, 0, &ScoringRules::tenhou()).sum()
    }

    #[test]
    fn limit_boundaries() {
        let tenhou = ScoringRules::tenhou();
        let kiriage = ScoringRules {
            kiriage_mangan: true,
            ..tenhou
        };
        assert_eq!(ron(4, 30, false, &tenhou), 7_700);
        assert_eq!(ron(4, 30, true, &tenhou), 11_600);
        assert_eq!(ron(3, 60, false, &tenhou), 7_700);
        assert_eq!(ron(4, 30, false, &kiriage), 8_000);
        assert_eq!(ron(3, 60, true, &kiriage), 12_000);
        assert_eq!(ron(4, 40, false, &tenhou), 8_000);
        assert_eq!(ron(3, 70, false, &tenhou), 8_000);
        assert_eq!(basic_points(4, 30, 0, &tenhou).1, Limit::None);
        assert_eq!(basic_points(4, 40, 0, &tenhou).1, Limit::Mangan);
        assert_eq!(basic_points(5, 20, 0, &tenhou).1, Limit::Mangan);
        assert_eq!(basic_points(6, 20, 0, &tenhou), (3_000, Limit::Haneman));
        assert_eq!(basic_points(7, 20, 0, &tenhou).1, Limit::Haneman);
        assert_eq!(basic_points(8, 20, 0, &tenhou), (4_000, Limit::Baiman));
        assert_eq!(basic_points(10, 20, 0, &tenhou).1, Limit::Baiman);
        assert_eq!(basic_points(11, 20, 0, &tenhou), (6_000, Limit::Sanbaiman));
        assert_eq!(basic_points(12, 20, 0, &tenhou).1, Limit::Sanbaiman);
        assert_eq!(basic_points(13, 20, 0, &tenhou), (8_000, Limit::Kazoe));
        let capped = ScoringRules {
            kazoe: KazoeLimit::Sanbaiman,
            ..tenhou
        };
        assert_eq!(basic_points(13, 20, 0, &capped), (6_000, Limit::Sanbaiman));
        assert_eq!(basic_points(26, 0, 2, &tenhou), (16_000, Limit::Yakuman(2)));
    }

    #[test]
    fn tsumo_splits_round_up_to_100_and_add_honba() {
        // 1 han 30 fu: 240 basic; 500 from the dealer, 300 from the others.
        assert_eq!(
            Payment::of(240, false, true, 0, &ScoringRules::tenhou()),
            Payment::Tsumo {
                dealer: 500,
                others: 300
            }
        );
        // The dealer: 500 all; 2 honba add 100 each per payer.
        assert_eq!(
            Payment::of(240, true, true, 2, &ScoringRules::tenhou()),
            Payment::Tsumo {
                dealer: 0,
                others: 700
            }
        );
        // 2 han 40 fu ron: 640 x 4 = 2,560 -> 2,600; a honba adds 300.
        assert_eq!(
            Payment::of(640, false, false, 1, &ScoringRules::tenhou()),
            Payment::Ron { discarder: 2_900 }
        );
        assert_eq!(
            Payment::of(640, true, false, 0, &ScoringRules::tenhou()).sum(),
            3_900
        );
        assert_eq!(
            Payment::of(2_000, false, true, 0, &ScoringRules::tenhou()).sum(),
            8_000
        );
        assert_eq!(
            Payment::of(2_000, true, true, 0, &ScoringRules::tenhou()).to_string(),
            "tsumo 4,000 all"
        );
        assert_eq!(
            Payment::of(2_000, false, true, 0, &ScoringRules::tenhou()).to_string(),
            "tsumo 4,000 / 2,000"
        );
    }
}
