//! The card-counting bot (rules section 4).

use super::Bot;
use super::odds::{Chances, Odds};
use crate::action::{Action, Side};
use crate::view::View;

/// A bot that counts cards. From its [`View`] only, it:
/// 1. estimates the opponent's back from the unseen cards ([`Odds`]);
/// 2. declares the single side (front or back) with the better chance, or both sides when
///    both its faces win with a chance of at least [`Counting::BOTH_CHANCE`];
/// 3. bets by its edge `e = 2 * equity - 1` (equity: the chance to win plus half the
///    chance to tie): it aims at the share `e * e` of the most it may bet, so small edges
///    bet little and near-certain hands go all in; it opens unless its equity is below
///    0.35, and when facing a bet it calls (or raises to its aim) only if its equity is at
///    least both the pot odds and `0.45 + 0.45 * r`, `r` the share of its chips the call
///    puts at risk; otherwise it folds.
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
    /// The equity below which the bot folds rather than open.
    const OPEN_EQUITY: f64 = 0.35;

    /// The action the bot prefers; [`Bot::choose`] falls back on the first legal action if
    /// this one is not legal.
    fn decide(view: &View<'_>) -> Action {
        let odds = Odds::new(view);
        let (side, chances) = match view.my_side() {
            Some(side) => (side, odds.chances(view.card, side, view.opponent_side())),
            None => Counting::pick_side(view, &odds),
        };
        if view.legal.bet_range(side) == Some(0..=0) {
            return Action::Bet { side, amount: 0 };
        }
        let equity = chances.equity();
        let facing = view.levels[view.opponent().index()];
        let stays = if facing == 0 {
            equity >= Counting::OPEN_EQUITY
        } else {
            equity >= Counting::needed(view, side, facing)
        };
        if !stays {
            return Action::Fold;
        }
        let aim = Counting::aim(view, side, equity).max(facing).max(1);
        let action = Counting::reach(view, side, aim);
        if view.legal.contains(action) {
            action
        } else {
            Counting::reach(view, side, facing)
        }
    }

    /// The equity needed to put in what it takes to match `facing` on `side`: the pot odds,
    /// and more the more of the bot's chips it risks.
    fn needed(view: &View<'_>, side: Side, facing: u32) -> f64 {
        let mine = view.levels[view.seat.index()];
        let cost = f64::from(facing.saturating_sub(mine) * side.multiplier());
        let pot = f64::from(view.pot + view.carry_over);
        let risk = (cost / f64::from(view.my_chips().max(1))).min(1.0);
        (cost / (pot + cost)).max(0.45 + 0.45 * risk)
    }

    /// The level the bot aims at on `side`: the share `e * e` of the most it may bet, `e`
    /// its edge.
    fn aim(view: &View<'_>, side: Side, equity: f64) -> u32 {
        let legal = view.legal;
        let most = match view.my_side() {
            None => legal.bet_range(side).map(|r| *r.end()),
            Some(_) => legal.raise_range().map(|r| *r.end()),
        };
        let edge = (2.0 * equity - 1.0).max(0.0);
        // At most `most`, a `u32`.
        (edge * edge * f64::from(most.unwrap_or(0))).round() as u32
    }

    /// The action that brings the bot to `level` on `side`: its declaring bet, or a raise
    /// or a call once declared.
    fn reach(view: &View<'_>, side: Side, level: u32) -> Action {
        let facing = view.levels[view.opponent().index()];
        match view.my_side() {
            None => Action::Bet {
                side,
                amount: level,
            },
            Some(_) if level > facing => Action::Raise(level),
            Some(_) => Action::Call,
        }
    }
}
