//! The rewards of the full-game environments: paid once, at the end of the episode.

use mahjong_core::{MAX_SEATS, MatchRules, Rules};

use crate::Rewards;

/// Mortal's rank points: 90, 45, 0 and -135 for first to fourth place.
pub const MORTAL_RANK_POINTS: [f32; MAX_SEATS] = [90.0, 45.0, 0.0, -135.0];

/// The three-player default rank points: 90, 0 and -90 for first to third place (the
/// empty seat 3 is paid 0). This crate's choice, not a lobby's: zero-sum like Mortal's
/// table, first place worth what it is there, and symmetric (Mortal has no three-player
/// table; Tenhou's three-player lobby's rank points depend on the player's dan and are not
/// zero-sum). Pass [`Reward::Rank`] with another table to use another.
pub const SANMA_RANK_POINTS: [f32; MAX_SEATS] = [90.0, 0.0, -90.0, 0.0];

/// What a seat is paid at the end of an episode. [`Default`]: Mortal's rank points (of the
/// four-player game; [`Reward::for_rules`] picks the table by the number of seats). At three
/// seats the empty seat 3 is paid 0 whatever the reward and takes no place.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reward {
    /// `points[place]` by the seat's final place (0 first): the places of
    /// [`mahjong_core::MatchResult::ranking`] for a match (riichi sticks left on the
    /// table go to first place; equal points rank by seat order from seat 0); for one hand
    /// the same order of the points after it. Zero-sum when `points` sums to 0 (Mortal's
    /// 90/45/0/-135 does).
    Rank([f32; MAX_SEATS]),
    /// The seat's points at the end minus its points at the start, in game points. For a
    /// match the final points (leftover sticks to first place): zero-sum. For one hand the
    /// hand's `changes`: not zero-sum when riichi sticks stay on the table.
    Points,
    /// The final score with uma and oka of [`MatchRules`] minus the start points
    /// ([`mahjong_core::MatchResult::scores`]); for one hand as [`Reward::Points`].
    /// Zero-sum when the uma sums to 0.
    Score,
}

impl Default for Reward {
    fn default() -> Reward {
        Reward::Rank(MORTAL_RANK_POINTS)
    }
}

impl Reward {
    /// The default rank points of a game of `rules`: [`SANMA_RANK_POINTS`] at three seats,
    /// [`MORTAL_RANK_POINTS`] otherwise.
    pub fn for_rules(rules: &Rules) -> Reward {
        match rules.seats {
            3 => Reward::Rank(SANMA_RANK_POINTS),
            _ => Reward::Rank(MORTAL_RANK_POINTS),
        }
    }

    /// The rewards by seat of an episode that ended with `points` (sticks settled), with
    /// `scores` the final scores with uma and oka when a match ended, `start` the points
    /// each seat started with, at `seats` seats (the seats past them are paid 0).
    pub(crate) fn pay(
        self,
        points: [i32; MAX_SEATS],
        scores: Option<[i64; MAX_SEATS]>,
        start: [i32; MAX_SEATS],
        seats: usize,
    ) -> Rewards {
        let mut rewards = [0.0; crate::MAX_PLAYERS];
        let places = places(points, seats);
        for s in 0..seats.min(MAX_SEATS) {
            let delta = i64::from(points[s]) - i64::from(start[s]);
            rewards[s] = match self {
                Reward::Rank(table) => table[places[s]],
                Reward::Points => delta as f32,
                Reward::Score => scores.map_or(delta, |sc| sc[s] - i64::from(start[s])) as f32,
            };
        }
        rewards
    }

    /// Whether every episode's rewards sum to 0 in a game of these match rules (`hand`: one
    /// hand, where riichi sticks may stay on the table).
    pub(crate) fn is_zero_sum(self, rules: &MatchRules, hand: bool, seats: usize) -> bool {
        match self {
            Reward::Rank(table) => table.iter().take(seats).sum::<f32>() == 0.0,
            Reward::Points => !hand,
            Reward::Score => !hand && rules.uma.iter().sum::<i32>() == 0,
        }
    }
}

/// Each seat's place (0 first) among the first `seats` seats by `points`; equal points rank
/// by seat order from seat 0, as [`mahjong_core::MatchResult::ranking`] does. A seat past
/// `seats` (the empty seat 3 of sanma) has its own index as its place.
pub(crate) fn places(points: [i32; MAX_SEATS], seats: usize) -> [usize; MAX_SEATS] {
    std::array::from_fn(|s| {
        if s >= seats {
            return s;
        }
        (0..seats)
            .filter(|&o| points[o] > points[s] || (points[o] == points[s] && o < s))
            .count()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_points_follow_places_with_ties_to_the_lower_seat() {
        let points = [25_000, 31_000, 25_000, 19_000];
        let start = [25_000; 4];
        let rank = Reward::default().pay(points, None, start, 4);
        assert_eq!(rank, [45.0, 90.0, 0.0, -135.0]);
        assert_eq!(
            Reward::Points.pay(points, None, start, 4),
            [0.0, 6000.0, 0.0, -6000.0]
        );
        let scores = Some([20_000, 51_000, 5_000, -16_000]);
        let score = Reward::Score.pay(points, scores, start, 4);
        assert_eq!(score, [-5000.0, 26000.0, -20000.0, -41000.0]);
    }

    #[test]
    fn three_seats_rank_among_themselves_and_the_empty_seat_is_paid_nothing() {
        // Seat 3 of sanma sits at 0 points: it neither takes third place nor is paid.
        let points = [30_000, 41_000, 34_000, 0];
        let start = [35_000, 35_000, 35_000, 0];
        let reward = Reward::for_rules(&Rules::tenhou_sanma());
        assert_eq!(reward, Reward::Rank(SANMA_RANK_POINTS));
        assert_eq!(reward.pay(points, None, start, 3), [-90.0, 90.0, 0.0, 0.0]);
        assert_eq!(
            Reward::Points.pay(points, None, start, 3),
            [-5000.0, 6000.0, -1000.0, 0.0]
        );
        assert!(reward.is_zero_sum(&MatchRules::tenhou_sanma(), true, 3));
        assert!(!Reward::default().is_zero_sum(&MatchRules::tenhou_sanma(), true, 3));
        assert_eq!(Reward::for_rules(&Rules::wrc()), Reward::default());
    }
}
