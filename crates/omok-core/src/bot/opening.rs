//! A bot for the decisions of a competition opening: stones, swaps, declarations, offers
//! and choices, judged by the search.

use crate::game::Game;
use crate::opening::symmetry::equivalent;
use crate::opening::{Opening, OpeningAction, Seat, Step};
use crate::point::Point;
use crate::search::{self, Decision, Limits, Reason};

/// A score (for the player to move) beyond which one side is judged better: a bot swaps to
/// the better side, and otherwise stays.
pub(crate) const MARGIN: i32 = 400;

/// The search's best moves considered for a stone or an offer.
const CANDIDATES: usize = 24;

/// Takes the decisions of an opening with searches of `limits` each: stones the search
/// likes best (inside the rule's square), a swap when the other colour is better by more
/// than a margin, the most fifth moves it may declare as white, the best distinct fifth
/// moves as black, and the offered fifth move best for white. Deterministic with a node
/// budget.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpeningBot {
    /// The budget of each search.
    pub limits: Limits,
}

/// A decision's value for the player to move: forced wins count as wins, a forced defence
/// as worse by twice the margin, the opening move as even, the alpha-beta's score as it is.
pub(crate) fn value(decision: &Decision) -> i32 {
    match decision.reason {
        Reason::Five | Reason::Vcf | Reason::Vct => 1_000_000,
        Reason::AlphaBeta { score, .. } => score,
        Reason::Block | Reason::StopVcf => -2 * MARGIN,
        Reason::Only => 0,
    }
}

impl OpeningBot {
    /// An opening bot with `limits` per search.
    pub fn new(limits: Limits) -> OpeningBot {
        OpeningBot { limits }
    }

    /// The decision for `seat` in `opening`, or `None` when `seat` does not decide now.
    /// The decision is always one [`Opening::apply`] accepts.
    pub fn decide(&self, opening: &Opening, seat: Seat) -> Option<OpeningAction> {
        if opening.to_decide() != Some(seat) {
            return None;
        }
        let game = opening.game();
        let action = match opening.step() {
            Step::Place { within, .. } => OpeningAction::Place(self.stone(game, within)?),
            Step::PlaceOrOffer { within, .. } => {
                OpeningAction::Place(self.stone(game, Some(within))?)
            }
            Step::SwapOrStay { .. } => self.swap_or_stay(opening, seat),
            Step::Declare { max, .. } => OpeningAction::Declare(max),
            Step::Offer { count, .. } => OpeningAction::Offer(self.offer(game, count)?),
            Step::Choose { offers, .. } => OpeningAction::Choose(self.choose(game, &offers)?),
            Step::Done => return None,
        };
        // A decision the opening refuses is never returned.
        opening.after(seat, action.clone()).ok().map(|_| action)
    }

    /// The search's best moves for the player to move in `game`.
    fn ranked(&self, game: &Game, n: usize) -> Vec<Decision> {
        search::ranked(game, self.limits, n, None, None)
    }

    /// The best legal point within the central `within` square (anywhere when `None`): the
    /// search's best such move, else the legal point of the square nearest the centre.
    fn stone(&self, game: &Game, within: Option<u8>) -> Option<Point> {
        let centre = game.size() / 2;
        let reach = within.map_or(u8::MAX, |side| side / 2);
        let inside = |p: &Point| p.x.abs_diff(centre) <= reach && p.y.abs_diff(centre) <= reach;
        let searched = self
            .ranked(game, CANDIDATES)
            .into_iter()
            .map(|d| d.point)
            .find(|p| inside(p));
        searched.or_else(|| {
            game.legal_actions()
                .into_iter()
                .filter(inside)
                .min_by_key(|p| p.x.abs_diff(centre).max(p.y.abs_diff(centre)))
        })
    }

    /// Swaps when the colour `seat` does not hold is better by more than the margin.
    fn swap_or_stay(&self, opening: &Opening, seat: Seat) -> OpeningAction {
        let game = opening.game();
        let to_move = game.turn();
        let for_to_move = self.ranked(game, 1).first().map_or(0, value);
        let for_me = if opening.colour_of(seat) == to_move {
            for_to_move
        } else {
            -for_to_move
        };
        if for_me < -MARGIN {
            OpeningAction::Swap
        } else {
            OpeningAction::Stay
        }
    }

    /// `count` fifth moves, the search's best, no two the same by symmetry.
    fn offer(&self, game: &Game, count: u8) -> Option<Vec<Point>> {
        let mut offers: Vec<Point> = Vec::new();
        let ranked = self.ranked(game, CANDIDATES).into_iter().map(|d| d.point);
        let rest = game.legal_actions().into_iter();
        for p in ranked.chain(rest) {
            if offers.len() == usize::from(count) {
                break;
            }
            if game.is_legal(p) && !offers.iter().any(|&q| equivalent(game.board(), p, q)) {
                offers.push(p);
            }
        }
        (offers.len() == usize::from(count)).then_some(offers)
    }

    /// The offered fifth move after which white, to move, stands best.
    fn choose(&self, game: &Game, offers: &[Point]) -> Option<Point> {
        offers.iter().copied().max_by_key(|&p| {
            game.after(p)
                .ok()
                .and_then(|after| self.ranked(&after, 1).first().map(value))
                .unwrap_or(i32::MIN)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opening::{OpeningEvent, OpeningRule};
    use crate::rule::Rule;

    /// Two opening bots play every opening rule to its end with decisions the opening takes.
    #[test]
    fn opening_bots_finish_every_opening_rule() {
        let bot = OpeningBot::new(Limits::nodes(3_000));
        for rule in OpeningRule::ALL {
            let mut opening = Opening::new(rule, Rule::Renju, 15).unwrap();
            let mut decisions = 0;
            while let Some(seat) = opening.to_decide() {
                let action = bot.decide(&opening, seat).expect("a decision");
                assert_eq!(bot.decide(&opening, seat.other()), None);
                let events = opening.apply(seat, action).unwrap();
                decisions += 1;
                assert!(decisions < 20, "{rule}: the opening ends");
                if opening.is_done() {
                    assert!(matches!(events.last(), Some(OpeningEvent::Finished { .. })));
                }
            }
            assert!(opening.game().moves().len() >= 3, "{rule}");
            assert!(!opening.game().is_over());
        }
    }
}
