//! Bots: the seed's computer player and a random one. Both decide from a [`View`] only.

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::action::{Action, Decision};
use crate::card::{Card, GukjinUse, Kind};
use crate::card_set::CardSet;
use crate::view::View;

/// Something that picks actions from what its player sees.
pub trait Bot {
    /// One of `view.legal_actions()`, or `None` when the viewer has nothing to decide.
    fn choose(&mut self, view: &View) -> Option<Action>;
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomBot<R> {
    rng: R,
}

impl<R: Rng> RandomBot<R> {
    /// A random bot drawing from `rng`.
    pub fn new(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }
}

impl<R: Rng> Bot for RandomBot<R> {
    fn choose(&mut self, view: &View) -> Option<Action> {
        view.legal_actions().choose(&mut self.rng).copied()
    }
}

/// The computer player of the seed tutorial (rules section 8), made deterministic: where the
/// seed picks at random, it takes the first card in canonical order.
///
/// - Play: bomb when it can; else a card that captures, preferring a capture with a gwang,
///   then with a card of a set (godori, cheongdan, hongdan, chodan) the opponent has not
///   started, then with a ssangpi or the gukjin (or a bonus card), then with a yeol when
///   meongtta is possible (it holds 5 or more yeol, the opponent 2 or fewer), then with a pi;
///   with no capture, a flip-only turn if it has one, else the least useful card (pi, then
///   tti, yeol, ssangpi, set cards, gwang). It always shakes when it can.
/// - Choosing a floor card: a gwang, then a set card while the opponent holds none of the
///   set (or holds two and the bot none: blocking), then a ssangpi or the gukjin, then a
///   yeol when meongtta is possible, then a pi, else the first.
/// - Gukjin: yeol when meongtta is possible, else ssangpi.
/// - Go or stop: see [`SeedBot::should_stop`].
#[derive(Clone, Copy, Debug, Default)]
pub struct SeedBot;

impl SeedBot {
    /// The seed's bot.
    pub fn new() -> SeedBot {
        SeedBot
    }

    /// Section 8's stop rule: stop if the opponent holds 4 or more gwang and the bot none; or
    /// it holds 2 or more godori birds (the bot none) and has points; or 2 or more cards of a
    /// dan set (the bot none) and 2 or more points; or it has 10 or more pi value and (7 or
    /// more yeol, or 5 yeol and 5 tti, or 5 yeol while the bot holds 2 or fewer and it has 3
    /// or more points, or likewise with tti); or it has 13 or more pi value; or 4 or more
    /// points; or the bot has at most one card left. Otherwise go.
    pub fn should_stop(view: &View) -> bool {
        let me = view.captured_by(view.player);
        let them = view.captured_by(view.opponent());
        let points = view.score_of(view.opponent()).total();
        let count = |set: CardSet, of: CardSet| (set & of).len();
        let threat = |set: CardSet| count(them, set) >= 2 && count(me, set) == 0;
        let yeol = |set: CardSet| set.yeol_count(view.gukjin) as usize;
        let tti = |set: CardSet| count(set, CardSet::TTI);
        let pi = them.pi_value(view.gukjin);
        let dans = [CardSet::HONGDAN, CardSet::CHEONGDAN, CardSet::CHODAN];
        (count(them, CardSet::GWANG) >= 4 && count(me, CardSet::GWANG) == 0)
            || (threat(CardSet::GODORI) && points > 0)
            || (dans.into_iter().any(threat) && points >= 2)
            || (pi >= 10
                && (yeol(them) >= 7
                    || (yeol(them) >= 5 && tti(them) >= 5)
                    || (yeol(them) >= 5 && yeol(me) <= 2 && points >= 3)
                    || (tti(them) >= 5 && tti(me) <= 2 && points >= 3)))
            || pi >= 13
            || points >= 4
            || view.hand.len() <= 1
    }

    /// Whether meongtta is possible: the bot holds 5 or more yeol, the opponent 2 or fewer.
    fn meongtta_possible(view: &View) -> bool {
        view.captured_by(view.player).yeol_count(view.gukjin) >= 5
            && view.captured_by(view.opponent()).yeol_count(view.gukjin) <= 2
    }

    /// The rank of a card to take (lower is better), `blocking` allowing a set the opponent
    /// has started when it holds two of it and the bot none.
    fn rank(view: &View, card: Card, blocking: bool) -> u8 {
        let me = view.captured_by(view.player);
        let them = view.captured_by(view.opponent());
        let wanted_set = set_of(card).is_some_and(|set| {
            let theirs = (them & set).len();
            theirs == 0 || (blocking && theirs == 2 && (me & set).is_empty())
        });
        match card.kind() {
            Kind::Gwang => 0,
            _ if wanted_set => 1,
            Kind::Ssangpi | Kind::Bonus => 2,
            Kind::Yeol if card.is_gukjin() => 2,
            Kind::Yeol if SeedBot::meongtta_possible(view) => 3,
            Kind::Pi => 4,
            _ => 5,
        }
    }

    /// The best card of `cards` by [`SeedBot::rank`], first in canonical order on ties.
    fn best(view: &View, cards: CardSet, blocking: bool) -> Option<(u8, Card)> {
        cards
            .iter()
            .map(|card| (SeedBot::rank(view, card, blocking), card))
            .min()
    }

    fn play(view: &View, actions: &[Action]) -> Option<Action> {
        if let Some(bomb) = actions.iter().find(|a| matches!(a, Action::Bomb { .. })) {
            return Some(*bomb);
        }
        let capture = view
            .hand
            .iter()
            .filter_map(|card| {
                let taken = view.floor.same_month(card);
                let cards = if card.is_bonus() {
                    card.into()
                } else {
                    taken | card
                };
                (card.is_bonus() || !taken.is_empty())
                    .then(|| (SeedBot::best(view, cards, false), card))
            })
            .min()
            .map(|(_, card)| card);
        let card = match capture {
            Some(card) => card,
            None if actions.contains(&Action::FlipOnly) => return Some(Action::FlipOnly),
            None => view.hand.iter().min_by_key(|&card| usefulness(card))?,
        };
        let shake = Action::Play { card, shake: true };
        Some(if actions.contains(&shake) {
            shake
        } else {
            Action::Play { card, shake: false }
        })
    }
}

/// How useful a card is to keep, for discarding the least useful (lower is less useful).
fn usefulness(card: Card) -> u8 {
    match card.kind() {
        _ if set_of(card).is_some() => 4,
        Kind::Pi => 0,
        Kind::Tti => 1,
        Kind::Yeol if !card.is_gukjin() => 2,
        Kind::Yeol | Kind::Ssangpi | Kind::Bonus => 3,
        Kind::Gwang => 5,
    }
}

/// The set (godori or a dan) a card belongs to.
fn set_of(card: Card) -> Option<CardSet> {
    if card.is_godori() {
        Some(CardSet::GODORI)
    } else {
        card.dan().map(CardSet::dan)
    }
}

impl Bot for SeedBot {
    fn choose(&mut self, view: &View) -> Option<Action> {
        let actions = view.legal_actions();
        let action = match view.decision? {
            Decision::Chongtong { .. } => Action::Chongtong,
            Decision::Play => SeedBot::play(view, &actions)?,
            Decision::Choose { options, .. } => Action::Choose {
                card: SeedBot::best(view, options, true)?.1,
            },
            Decision::Gukjin if SeedBot::meongtta_possible(view) => Action::Gukjin(GukjinUse::Yeol),
            Decision::Gukjin => Action::Gukjin(GukjinUse::Ssangpi),
            Decision::GoStop { .. } if SeedBot::should_stop(view) => Action::Stop,
            Decision::GoStop { .. } => Action::Go,
        };
        actions.contains(&action).then_some(action)
    }
}
