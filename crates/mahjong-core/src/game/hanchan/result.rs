//! The end of a match ([spec](crate::spec) section 4, "The match"): why it ended, the final
//! points with the leftover riichi sticks, the ranking and the score with uma and oka.

use std::fmt;

use crate::game::hanchan::rules::MatchRules;
use crate::game::seat::{MAX_SEATS, Seat};

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchEnd {
    /// The last hand was played: the last regular one (South 4, or East 4 in tonpuusen)
    /// with a seat at the target points or without sudden death, or the fourth hand of
    /// sudden death.
    LastHand,
    /// A hand of sudden death that the dealer did not repeat left a seat at the target
    /// points.
    SuddenDeath,
    /// The dealer won the last hand and was first (agari-yame).
    AgariYame,
    /// The dealer was tenpai at the exhaustive draw of the last hand and was first
    /// (tenpai-yame).
    TenpaiYame,
    /// A seat fell below 0 points (tobi).
    Tobi,
}

impl fmt::Display for MatchEnd {
    /// `the last hand`, `sudden death`, `agari-yame`, `tenpai-yame`, `tobi`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchEnd::LastHand => "the last hand",
            MatchEnd::SuddenDeath => "sudden death",
            MatchEnd::AgariYame => "agari-yame",
            MatchEnd::TenpaiYame => "tenpai-yame",
            MatchEnd::Tobi => "tobi",
        })
    }
}

/// How a match ended: its final points, ranking and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchResult {
    /// Why it ended.
    pub end: MatchEnd,
    /// The hands dealt, renchan and draws included.
    pub hands: u32,
    /// Each seat's final points, by seat index: the riichi sticks left on the table went to
    /// first place.
    pub points: [i32; MAX_SEATS],
    /// The seats from first to last by points; equal points rank by seat order from the
    /// first dealer (seat 0). In three-player riichi the seat not at the table (seat 3)
    /// comes last, with 0 points and score.
    pub ranking: [Seat; MAX_SEATS],
    /// Each seat's final score in points, by seat index: its points, plus the uma of its
    /// place, minus a share of the oka (a quarter, or a third at three seats, rounded
    /// toward 0), plus every share for first place. With `[0; 4]` uma and no oka (Tenhou's
    /// raw score), the points.
    pub scores: [i64; MAX_SEATS],
    /// The seats at the table: 4, or 3 in three-player riichi.
    pub seats: u8,
}

impl MatchResult {
    /// The result of a match of `seats` seats that ended for `end` after `hands` hands
    /// with `points` and `sticks` riichi sticks left on the table.
    pub(crate) fn new(
        rules: &MatchRules,
        seats: usize,
        end: MatchEnd,
        hands: u32,
        mut points: [i32; MAX_SEATS],
        sticks: u32,
    ) -> MatchResult {
        let ranking = ranking(points, seats);
        let first = ranking[0].index();
        let leftover = i32::try_from(sticks.saturating_mul(1_000)).unwrap_or(i32::MAX);
        points[first] = points[first].saturating_add(leftover);
        let share = i64::from(rules.oka) / seats as i64;
        let mut scores = [0; MAX_SEATS];
        for (place, seat) in ranking.iter().enumerate().take(seats) {
            let score = i64::from(points[seat.index()]) - share + i64::from(rules.uma[place]);
            scores[seat.index()] = score;
        }
        scores[first] += seats as i64 * share;
        MatchResult {
            end,
            hands,
            points,
            ranking,
            scores,
            seats: seats as u8,
        }
    }

    /// The place of `seat`: 0 for first to 3 for last.
    pub fn place(&self, seat: Seat) -> usize {
        self.ranking
            .iter()
            .position(|&s| s == seat)
            .unwrap_or(MAX_SEATS - 1)
    }
}

impl fmt::Display for MatchResult {
    /// `the match ends by tobi after 9 hands: 1st seat 2 41000 (41000), 2nd seat 0 ...`
    /// (`after 1 hand` for one):
    /// each place with its points and, in brackets, its final score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hands = if self.hands == 1 { "hand" } else { "hands" };
        let end = format!(
            "the match ends by {} after {} {hands}",
            self.end, self.hands
        );
        // A seat not at the table (three-player riichi) has no place.
        let ranked = &self.ranking[..usize::from(self.seats).min(MAX_SEATS)];
        let places = ["1st", "2nd", "3rd", "4th"].iter().zip(ranked);
        let places: Vec<String> = places
            .map(|(place, seat)| {
                let (points, score) = (self.points[seat.index()], self.scores[seat.index()]);
                format!("{place} {seat} {points} ({score})")
            })
            .collect();
        write!(f, "{end}: {}", places.join(", "))
    }
}

/// The seats of a table of `seats` from first to last by `points`; equal points rank by
/// seat order from seat 0, the first dealer. Seats not at the table come last.
pub(crate) fn ranking(points: [i32; MAX_SEATS], seats: usize) -> [Seat; MAX_SEATS] {
    let mut ranked = Seat::ALL;
    ranked.sort_by_key(|s| (s.index() >= seats, std::cmp::Reverse(points[s.index()])));
    ranked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_of_one_hand_says_hand() {
        let rules = MatchRules::tenhou();
        let points = [33_000, 25_000, 43_000, -1_000];
        let result = MatchResult::new(&rules, 4, MatchEnd::Tobi, 1, points, 0);
        assert_eq!(
            result.to_string(),
            "the match ends by tobi after 1 hand: 1st seat 2 43000 (43000), 2nd seat 0 33000 \
             (33000), 3rd seat 1 25000 (25000), 4th seat 3 -1000 (-1000)"
        );
        let result = MatchResult::new(&rules, 4, MatchEnd::Tobi, 2, points, 0);
        assert!(
            result
                .to_string()
                .starts_with("the match ends by tobi after 2 hands: ")
        );
    }
}
