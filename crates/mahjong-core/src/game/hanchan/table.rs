//! The table between hands ([spec](crate::spec) section 4, "The match"): round, dealer,
//! honba, riichi sticks and points, and what follows a hand: renchan or the next dealer,
//! or the end of the match.

use crate::game::hanchan::result::{MatchEnd, ranking};
use crate::game::hanchan::rules::MatchRules;
use crate::game::kyoku::{KyokuEnd, KyokuOutcome, KyokuStart};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::score::Wind;

/// Where the match stands before a hand: the hand's place and the table it starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Table {
    /// The round: 0 East, 1 South, 2 West.
    pub round: usize,
    /// The hand of the round, 0 to 3: seat `number` deals (seat 0 deals first).
    pub number: usize,
    pub honba: u32,
    pub sticks: u32,
    pub points: [i32; MAX_SEATS],
}

/// What follows a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// Another hand, from this table.
    Hand(Table),
    /// The match is over.
    End(MatchEnd),
}

impl Table {
    /// East 1, no honba, no sticks, everyone at the start points.
    pub fn first(rules: &MatchRules) -> Table {
        Table {
            round: 0,
            number: 0,
            honba: 0,
            sticks: 0,
            points: [rules.start_points; MAX_SEATS],
        }
    }

    /// The dealer of the hand.
    pub fn dealer(&self) -> Seat {
        Seat::ALL[self.number % MAX_SEATS]
    }

    /// The round wind.
    pub fn round_wind(&self) -> Wind {
        Wind::ALL[self.round % Wind::ALL.len()]
    }

    /// What the hand starts from.
    pub fn start(&self) -> KyokuStart {
        KyokuStart {
            dealer: self.dealer(),
            round_wind: self.round_wind(),
            points: self.points,
            honba: self.honba,
            riichi_sticks: self.sticks,
        }
    }

    /// What follows the hand played from this table that ended with `outcome`.
    pub fn after(&self, rules: &MatchRules, outcome: &KyokuOutcome) -> Next {
        let dealer = self.dealer();
        let points = outcome.points;
        let dealer_won =
            matches!(&outcome.end, KyokuEnd::Win { winners } if winners.contains(&dealer));
        let renchan = match &outcome.end {
            KyokuEnd::Win { .. } => dealer_won,
            KyokuEnd::Ryuukyoku { tenpai, .. } => tenpai[dealer.index()],
            KyokuEnd::Abort(_) => true,
        };
        let non_dealer_win = matches!(outcome.end, KyokuEnd::Win { .. }) && !dealer_won;
        if rules.tobi && points.iter().any(|&p| p < 0) {
            return Next::End(MatchEnd::Tobi);
        }
        let regular = rules.length.rounds();
        let extra = self.round >= regular;
        let last_stretch = extra || (self.round + 1 == regular && self.number + 1 == MAX_SEATS);
        let reached = points.iter().any(|&p| p >= rules.target_points);
        let may_end = !rules.sudden_death || reached;
        if extra && reached {
            return Next::End(MatchEnd::SuddenDeath);
        }
        if last_stretch && renchan {
            let first = ranking(points)[0] == dealer;
            if dealer_won && rules.agari_yame && may_end && first {
                return Next::End(MatchEnd::AgariYame);
            }
        } else if last_stretch && (may_end || self.number + 1 == MAX_SEATS && extra) {
            return Next::End(MatchEnd::LastHand);
        }
        let mut next = Table {
            honba: if non_dealer_win {
                0
            } else {
                self.honba.saturating_add(1)
            },
            sticks: outcome.riichi_sticks,
            points,
            ..*self
        };
        if !renchan {
            next.number = (self.number + 1) % MAX_SEATS;
            next.round += usize::from(next.number == 0);
        }
        Next::Hand(next)
    }
}
