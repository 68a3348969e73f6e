//! The card-counting bot (rules section 4).

use super::Bot;
use super::odds::{Chances, Odds};
use crate::action::{Action, Side};
use crate::view::View;

/// A bot that counts cards. From its [`View`] only, it:
/// 1. estimates the opponent's back from the unseen cards ([`Odds`]);
/// 2. declares the single side (front or back) with the better chance, or both sides when
///    both its faces win with a chance of at least [`Counting::BOTH_CHANCE`];
/// 3. bets in proportion to its edge: it aims at a level that is the share
///    `2 * equity - 1` of the most it may bet, calls when the pot pays for the risk, and
///    folds otherwise. The more of its chips a call puts at risk, the surer it wants to be.
///
/// It is deterministic.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counting;

impl Counting {
    /// The chance of winning with both faces from which the bot declares both sides.
    pub const BOTH_CHANCE: f64 = 0.85;

    /// The card-counting bot.
    pub fn new() -> Counting {
        Counting
    }

    /// The side to declare and its chances.
    fn pick_side(view: &View<'_>, odds: &Odds) -> (Side, Chances) {
        let theirs = view.opponent_side();
        let chances = |side| odds.chances(view.card, side, theirs);
        let single = [Side::Front, Side::Back]
            .map(|side| (side, chances(side)))
            .into_iter()
            .max_by(|a, b| a.1.equity().total_cmp(&b.1.equity()));
        let both = (Side::Both, chances(Side::Both));
        let both_open = view.legal.bet_range(Side::Both).is_some();
        match single {
            Some(best) if !(both_open && both.1.win >= Counting::BOTH_CHANCE) => best,
            _ => both,
        }
    }
}

impl Bot for Counting {
    fn choose(&mut self, view: &View<'_>) -> Option<Action> {
        if !view.is_my_turn() {
            return None;
        }
        let action = Counting::decide(view);
        if view.legal.contains(action) {
            Some(action)
        } else {
            view.legal.get(0)
        }
    }
}

impl Counting {
    /// The action the bot prefers; [`Bot::choose`] falls back on the first legal action if
    /// this one is not legal.
    fn decide(view: &View<'_>) -> Action {
        let odds = Odds::new(view);
        let (side, chances) = match view.my_side() {
            Some(side) => (side, odds.chances(view.card, side, view.opponent_side())),
            None => Counting::pick_side(view, &odds),
        };
        let equity = chances.equity();
        let legal = view.legal;
        if legal.bet_range(side) == Some(0..=0) {
            return Action::Bet { side, amount: 0 };
        }
        let facing = view.levels[view.opponent().index()];
        let mine = view.levels[view.seat.index()];
        let mult = side.multiplier();
        let cost = (facing.saturating_sub(mine)) * mult;
        let pot = view.pot + view.carry_over;
        let stack = view.my_chips().max(1);
        let risk = f64::from(cost) / f64::from(stack);
        let needed = (f64::from(cost) / f64::from(pot + cost)).max(0.45 + 0.45 * risk.min(1.0));
        let max = match (view.my_side(), legal.bet_range(side), legal.raise_range()) {
            (None, Some(range), _) => *range.end(),
            (Some(_), _, Some(range)) => *range.end(),
            _ => facing,
        };
        let edge = (2.0 * equity - 1.0).max(0.0);
        let target = (edge * edge * f64::from(max)).round() as u32;
        let opening = facing == 0;
        let act = |level: u32| match view.my_side() {
            None => Action::Bet {
                side,
                amount: level,
            },
            Some(_) if level > facing => Action::Raise(level),
            Some(_) => Action::Call,
        };
        if opening {
            if equity < 0.35 {
                return Action::Fold;
            }
            return act(target.clamp(1, max.max(1)));
        }
        if equity < needed {
            return Action::Fold;
        }
        let level = if target > facing {
            target.min(max)
        } else {
            facing
        };
        let action = act(level);
        if legal.contains(action) {
            action
        } else {
            act(facing)
        }
    }
}
