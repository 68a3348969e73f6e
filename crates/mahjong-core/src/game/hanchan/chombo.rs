//! A hand thrown out on a seat's chombo, as the mjai.app tournament does when a bot fails
//! (a late, malformed or illegal answer): a mangan penalty, then the match goes on.

use crate::game::hanchan::result::ranking;
use crate::game::hanchan::table::Table;
use crate::game::hanchan::{Match, MatchEnd, MatchError, MatchEvent};
use crate::game::seat::{MAX_SEATS, Seat};

/// The point changes of a chombo by `seat` while `dealer` deals: a mangan paid as if each
/// other seat had won it by tsumo (8,000 points: 4,000 to the dealer and 2,000 to each
/// other seat; a dealer pays 12,000, 4,000 to each), as mjai.app's simulator pays it.
pub fn chombo_deltas(seat: Seat, dealer: Seat) -> [i32; MAX_SEATS] {
    chombo_deltas_at(seat, dealer, MAX_SEATS)
}

/// [`chombo_deltas`] at a table of `seats` (3 or 4): each other seat at the table is paid.
pub(crate) fn chombo_deltas_at(seat: Seat, dealer: Seat, seats: usize) -> [i32; MAX_SEATS] {
    let mut deltas = [0; MAX_SEATS];
    for other in Seat::first(seats).filter(|&s| s != seat) {
        let paid = if seat == dealer || other == dealer {
            4_000
        } else {
            2_000
        };
        deltas[other.index()] = paid;
        deltas[seat.index()] -= paid;
    }
    deltas
}

impl Match {
    /// Throws out the hand in play on `seat`'s chombo: [`chombo_deltas`] are paid from the
    /// points of the moment (riichi sticks already paid stay on the table), and the match
    /// goes on as mjai.app's simulator resumes it: it ends on tobi, and in the last hand
    /// (South 4 and later; East 4 in tonpuusen) unless the dealer was paid and is not first;
    /// else the dealer keeps the deal with one more honba when it was paid (another seat's
    /// chombo), or the deal passes with no honba (the dealer's chombo). Returns the
    /// [`MatchEvent::MatchEnded`] when the match ends, else nothing: the next hand needs its
    /// wall.
    ///
    /// # Errors
    /// [`MatchError::Over`] once the match has ended; [`MatchError::NeedsWall`] when no hand
    /// is being played. The match is then unchanged.
    pub fn chombo(&mut self, seat: Seat) -> Result<Vec<MatchEvent>, MatchError> {
        if self.result.is_some() {
            return Err(MatchError::Over);
        }
        let kyoku = match self.kyoku.take() {
            Some(kyoku) if !kyoku.is_over() => kyoku,
            other => {
                self.kyoku = other;
                return Err(MatchError::NeedsWall);
            }
        };
        let dealer = self.table.dealer();
        let seats = usize::from(self.table.seats);
        let deltas = chombo_deltas_at(seat, dealer, seats);
        let before = kyoku.points();
        self.table.points = std::array::from_fn(|s| before[s].saturating_add(deltas[s]));
        self.table.sticks = kyoku.riichi_sticks();
        let rules = &self.rules.match_rules;
        let points = self.table.points;
        let paid = deltas[dealer.index()] > 0;
        let last = self.table.round + 1 >= rules.length.rounds() && self.table.last_of_round()
            || self.table.round >= rules.length.rounds();
        let end = if rules.tobi && points.iter().any(|&p| p < 0) {
            Some(MatchEnd::Tobi)
        } else if last && (!paid || ranking(points, seats)[0] == dealer) {
            Some(MatchEnd::LastHand)
        } else {
            None
        };
        if let Some(end) = end {
            return Ok(vec![self.end(end)]);
        }
        self.table = if paid {
            Table {
                honba: self.table.honba.saturating_add(1),
                ..self.table
            }
        } else {
            Table {
                honba: 0,
                ..self.table.pass_deal()
            }
        };
        Ok(Vec::new())
    }
}
