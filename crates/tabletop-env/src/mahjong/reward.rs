//! The rewards of the full-game environments: paid once, at the end of the episode.

use mahjong_core::{MAX_SEATS, MatchRules};

use crate::Rewards;

/// Mortal's rank points: 90, 45, 0 and -135 for first to fourth place.
pub const MORTAL_RANK_POINTS: [f32; MAX_SEATS] = [90.0, 45.0, 0.0, -135.0];

/// What a seat is paid at the end of an episode. [`Default`]: Mortal's rank points.
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
    /// The rewards by seat of an episode that ended with `points` (sticks settled), with
    /// `scores` the final scores with uma and oka when a match ended, `start` the points
    /// each seat started with.
    pub(crate) fn pay(
        self,
        points: [i32; MAX_SEATS],
        scores: Option<[i64; MAX_SEATS]>,
        start: [i32; MAX_SEATS],
    ) -> Rewards {
        let mut rewards = [0.0; crate::MAX_PLAYERS];
        let places = places(points);
        for s in 0..MAX_SEATS {
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
    pub(crate) fn is_zero_sum(self, rules: &MatchRules, hand: bool) -> bool {
        match self {
            Reward::Rank(table) => table.iter().sum::<f32>() == 0.0,
            Reward::Points => !hand,
            Reward::Score => !hand && rules.uma.iter().sum::<i32>() == 0,
        }
    }
}

/// Each seat's place (0 first) by `points`; equal points rank by seat order from seat 0,
/// as [`mahjong_core::MatchResult::ranking`] does.
pub(crate) fn places(points: [i32; MAX_SEATS]) -> [usize; MAX_SEATS] {
    std::array::from_fn(|s| {
        (0..MAX_SEATS)
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
        let rank = Reward::default().pay(points, None, start);
        assert_eq!(rank, [45.0, 90.0, 0.0, -135.0]);
        assert_eq!(
            Reward::Points.pay(points, None, start),
            [0.0, 6000.0, 0.0, -6000.0]
        );
        let scores = Some([20_000, 51_000, 5_000, -16_000]);
        let score = Reward::Score.pay(points, scores, start);
        assert_eq!(score, [-5000.0, 26000.0, -20000.0, -41000.0]);
    }
}
