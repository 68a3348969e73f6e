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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Table {
    /// The round: 0 East, 1 South, 2 West.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::round")
    )]
    pub round: usize,
    /// The hand of the round, 0 to 3 (0 to 2 in sanma): seat `number` deals (seat 0 deals
    /// first).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::hand_number")
    )]
    pub number: u8,
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::table_count")
    )]
    pub honba: u32,
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::table_count")
    )]
    pub sticks: u32,
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::points")
    )]
    pub points: [i32; MAX_SEATS],
    /// The seats at the table: 4, or 3 in three-player riichi (seat 3 is then empty, at 0
    /// points).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::table_seats")
    )]
    pub seats: u8,
}

/// What follows a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Next {
    /// Another hand, from this table.
    Hand(Table),
    /// The match is over.
    End(MatchEnd),
}

impl Table {
    /// East 1 at a table of `seats`, no honba, no sticks, everyone at the start points.
    pub fn first(rules: &MatchRules, seats: usize) -> Table {
        Table {
            round: 0,
            number: 0,
            honba: 0,
            sticks: 0,
            points: std::array::from_fn(|s| if s < seats { rules.start_points } else { 0 }),
            seats: seats as u8,
        }
    }

    /// The dealer of the hand.
    pub fn dealer(&self) -> Seat {
        Seat::ALL[usize::from(self.number % self.seats)]
    }

    /// Whether this is the last hand of its round (East 4, or East 3 at three seats).
    pub fn last_of_round(&self) -> bool {
        self.number + 1 == self.seats
    }

    /// The table of the next dealer's first hand.
    pub fn pass_deal(mut self) -> Table {
        self.number = (self.number + 1) % self.seats;
        self.round += usize::from(self.number == 0);
        self
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
        let repeat = Repeat::of(&outcome.end, self.dealer());
        if rules.tobi && outcome.points.iter().any(|&p| p < 0) {
            return Next::End(MatchEnd::Tobi);
        }
        if let Some(end) = self.last_hand_end(rules, repeat, outcome.points) {
            return Next::End(end);
        }
        let mut next = Table {
            honba: match repeat {
                Repeat::No if matches!(outcome.end, KyokuEnd::Win { .. }) => 0,
                _ => self.honba.saturating_add(1),
            },
            sticks: outcome.riichi_sticks,
            points: outcome.points,
            ..*self
        };
        if repeat == Repeat::No {
            next = next.pass_deal();
        }
        Next::Hand(next)
    }

    /// Whether this is the last hand (spec section 4, "The match"): the last regular hand
    /// (South 4, East 4 in tonpuusen) or any hand of sudden death.
    fn is_last_hand(&self, rules: &MatchRules) -> bool {
        let regular = rules.length.rounds();
        self.round >= regular || (self.round + 1 == regular && self.last_of_round())
    }

    /// How the match ends after a last hand that left `points`, if it does: when the dealer
    /// repeats, only if it is then first (with the target points under sudden death) and
    /// agari-yame or tenpai-yame lets it stop; else when a seat has the target points (or
    /// always without sudden death), or after the fourth hand of sudden death. After an
    /// abortive draw the dealer's next hand is played.
    fn last_hand_end(
        &self,
        rules: &MatchRules,
        repeat: Repeat,
        points: [i32; MAX_SEATS],
    ) -> Option<MatchEnd> {
        if !self.is_last_hand(rules) {
            return None;
        }
        let reached = points.iter().any(|&p| p >= rules.target_points);
        let may_end = !rules.sudden_death || reached;
        let first = ranking(points, usize::from(self.seats))[0] == self.dealer();
        let extra = self.round >= rules.length.rounds();
        match repeat {
            Repeat::Abort => None,
            Repeat::Win => (rules.agari_yame && first && may_end).then_some(MatchEnd::AgariYame),
            Repeat::Tenpai => {
                (rules.tenpai_yame && first && may_end).then_some(MatchEnd::TenpaiYame)
            }
            Repeat::No if extra && reached => Some(MatchEnd::SuddenDeath),
            Repeat::No if may_end || (extra && self.last_of_round()) => Some(MatchEnd::LastHand),
            Repeat::No => None,
        }
    }
}

/// Whether, and why, the dealer deals again after a hand (renchan).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Repeat {
    /// The deal passes on.
    No,
    /// The dealer won (alone or in a double ron).
    Win,
    /// The dealer was tenpai at the exhaustive draw.
    Tenpai,
    /// An abortive draw.
    Abort,
}

impl Repeat {
    /// The renchan of a hand dealt by `dealer` that ended in `end`.
    fn of(end: &KyokuEnd, dealer: Seat) -> Repeat {
        match end {
            KyokuEnd::Win { winners } if winners.contains(&dealer) => Repeat::Win,
            KyokuEnd::Ryuukyoku { tenpai, .. } if tenpai[dealer.index()] => Repeat::Tenpai,
            KyokuEnd::Abort(_) => Repeat::Abort,
            _ => Repeat::No,
        }
    }
}
