//! The end of a match ([spec](crate::spec) section 4, "The match"): why it ended, the final
//! points with the leftover riichi sticks, the ranking and the score with uma and oka.

use std::fmt;

use crate::game::hanchan::rules::{MatchRules, Ties};
use crate::game::seat::{MAX_SEATS, Seat};

/// Why a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// raw score), the points. Seats tied on points (before the leftover sticks) share the
    /// uma and oka of their places under [`Ties::Split`](crate::Ties::Split).
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
        let tied = points;
        points[first] = points[first].saturating_add(leftover);
        let share = i64::from(rules.oka) / seats as i64;
        let mut bonus = rules.uma.map(i64::from);
        bonus[0] += seats as i64 * share;
        let places = ranking.map(|seat| tied[seat.index()]);
        let bonuses = place_bonuses(bonus, places, seats, rules.ties);
        let mut scores = [0; MAX_SEATS];
        for (seat, bonus) in ranking.iter().zip(bonuses).take(seats) {
            scores[seat.index()] = i64::from(points[seat.index()]) - share + bonus;
        }
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

/// What each of the first `seats` places adds to its seat's score: `bonus` (uma, and the
/// oka for first place) by place, shared equally among places of equal `points` under
/// [`Ties::Split`], the remainder to the first of them. The places past `seats` (the seat
/// not at a three-player table) add nothing.
fn place_bonuses(
    bonus: [i64; MAX_SEATS],
    points: [i32; MAX_SEATS],
    seats: usize,
    ties: Ties,
) -> [i64; MAX_SEATS] {
    if ties == Ties::SeatOrder {
        return bonus;
    }
    let mut shared = bonus;
    let mut start = 0;
    while start < seats {
        let end = (start..seats)
            .find(|&place| points[place] != points[start])
            .unwrap_or(seats);
        let total: i64 = bonus[start..end].iter().sum();
        let count = (end - start) as i64;
        for (i, share) in shared[start..end].iter_mut().enumerate() {
            *share = total.div_euclid(count) + i64::from(i == 0) * total.rem_euclid(count);
        }
        start = end;
    }
    shared
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
    fn split_ties_share_the_uma_and_oka_of_their_places() {
        // WRC's uma: seats 1 and 2 tie for second and share +5 and -5.
        let wrc = MatchRules::wrc();
        let points = [40_000, 30_000, 30_000, 20_000];
        let result = MatchResult::new(&wrc, 4, MatchEnd::LastHand, 8, points, 0);
        assert_eq!(result.scores, [55_000, 30_000, 30_000, 5_000]);
        let seat_order = MatchRules {
            ties: Ties::SeatOrder,
            ..wrc
        };
        let result = MatchResult::new(&seat_order, 4, MatchEnd::LastHand, 8, points, 0);
        assert_eq!(result.scores, [55_000, 35_000, 25_000, 5_000]);
        // M-League's: three tied for first share 50 + 10 - 10 thousand, 16,666 each and
        // the 2 left to seat 0, less the 5,000 each gave to the oka.
        let m_league = MatchRules::m_league();
        let points = [30_000, 30_000, 30_000, 10_000];
        let result = MatchResult::new(&m_league, 4, MatchEnd::LastHand, 8, points, 0);
        assert_eq!(result.scores, [41_668, 41_666, 41_666, -25_000]);
        assert_eq!(result.scores.iter().sum::<i64>(), 100_000);
    }

    #[test]
    fn split_ties_at_three_seats_share_among_the_seats_at_the_table() {
        // Sanma: uma +15 / 0 / -15 thousand, and an oka of 15,000 taken a third from each.
        let rules = MatchRules {
            uma: [15_000, 0, -15_000, 0],
            oka: 15_000,
            ties: Ties::Split,
            ..MatchRules::tenhou_sanma()
        };
        // Seats 0 and 1 tie for first and share 30,000; seat 2, on 0 points like the empty
        // seat 3, keeps the -15,000 of third place alone.
        let points = [52_500, 52_500, 0, 0];
        let result = MatchResult::new(&rules, 3, MatchEnd::LastHand, 6, points, 0);
        assert_eq!(result.scores, [62_500, 62_500, -20_000, 0]);
        // All three tied: each gets back its third of the oka and a third of the uma (0).
        let points = [35_000, 35_000, 35_000, 0];
        let result = MatchResult::new(&rules, 3, MatchEnd::LastHand, 6, points, 0);
        assert_eq!(result.scores, [35_000, 35_000, 35_000, 0]);
    }

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
