//! The classroom assignment's bot ([spec](crate::spec) section 3.1): a fixed list of
//! heuristic discard rules, the first that applies choosing.

use crate::bot::common::{
    best_riichi, discard_kinds, discard_of, forced, kyoku_kita, kyoku_win, legal_or_first,
    most_live_waits,
};
use crate::bot::seen::Seen;
use crate::bot::{Bot, KyokuBot};
use crate::game::classroom::action::Action;
use crate::game::classroom::view::View;
use crate::game::kyoku::{KyokuAction, KyokuView};
use crate::hand::concealed::Hand;
use crate::hand::tile::{Suit, Tile};

/// The rule of section 3.1 that chose an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClassroomRule {
    /// Ron or tsumo, whenever legal.
    Win,
    /// In riichi: the drawn tile.
    Tsumogiri,
    /// Rule 1: riichi, with the discard leaving the most live waits.
    Riichi,
    /// Rule 2: one of four copies of an honor.
    HonorQuad,
    /// Rule 3: an honor held once.
    IsolatedHonor,
    /// Rule 4: a number held once with no tile of its suit within two.
    IsolatedNumber,
    /// Rule 5: the end, nearer a terminal, of a run of exactly four numbers.
    RunOfFour,
    /// Rule 6: a single left over when runs of five or more are grouped in threes.
    LongRun,
    /// Rule 7: the discard leaving the lowest shanten.
    LowestShanten,
    /// No rule's choice is among the legal actions (only in a view made by hand, whose
    /// legal actions need not fit its hand): the first legal action.
    FirstLegal,
}

/// The bot the classroom assignment describes for the other seats: a fixed list of heuristic
/// discard rules (riichi when possible, then isolated honors and numbers, runs of four, long
/// runs, lowest shanten), the first that applies choosing. [`ClassroomBot::decide`] applies
/// spec section 3.1 rule by rule and says which rule chose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassroomBot;

impl ClassroomBot {
    /// A classroom bot.
    pub fn new() -> ClassroomBot {
        ClassroomBot
    }

    /// The action (one of `view.legal`) and the rule that chose it; `None` when the seat is
    /// not to act.
    pub fn decide(view: &View) -> Option<(Action, ClassroomRule)> {
        if view.legal.is_empty() {
            return None;
        }
        if let Some(action) = forced(view) {
            let rule = match action {
                Action::Ron | Action::Tsumo => ClassroomRule::Win,
                _ => ClassroomRule::Tsumogiri,
            };
            return Some((action, rule));
        }
        if let Some(riichi) = best_riichi(view, &view.unseen()) {
            return Some((riichi, ClassroomRule::Riichi));
        }
        let chosen = discard(&view.hand).map(|(tile, rule)| (Action::Discard(tile), rule));
        match chosen {
            Some((action, rule)) if view.legal.contains(&action) => Some((action, rule)),
            _ => view
                .legal
                .first()
                .map(|&action| (action, ClassroomRule::FirstLegal)),
        }
    }
}

impl Bot for ClassroomBot {
    fn choose(&mut self, view: &View) -> Option<Action> {
        ClassroomBot::decide(view).map(|(action, _)| action)
    }
}

/// The classroom heuristic carried to a hand of the full game (spec sections 3.1 and 4):
/// tsumo or ron whenever legal, tsumogiri in riichi, riichi whenever legal with the
/// discard leaving the most live waits, else the discard of rules 2 to 7; it passes on
/// every call and makes no kan (the classroom game has neither).
impl KyokuBot for ClassroomBot {
    fn choose(&mut self, view: &KyokuView) -> Option<KyokuAction> {
        if view.legal.is_empty() {
            return None;
        }
        let choice = kyoku_win(view).or_else(|| kyoku_kita(view)).or_else(|| {
            if view.offered.is_some() {
                return Some(KyokuAction::Pass);
            }
            if view.riichi[view.seat.index()] {
                return Some(KyokuAction::Tsumogiri);
            }
            let seen = Seen::of(view)?;
            let riichi = discard_kinds(view, true).iter();
            if let Some(tile) = most_live_waits(&seen.hand, riichi, &seen.unseen) {
                return discard_of(view, tile, true);
            }
            discard(&seen.hand).and_then(|(tile, _)| discard_of(view, tile, false))
        });
        legal_or_first(&view.legal, choice)
    }
}

/// Rules 2 to 7 on a hand that holds at least one tile.
fn discard(hand: &Hand) -> Option<(Tile, ClassroomRule)> {
    let honors = || Tile::ALL[27..].iter().copied();
    if let Some(tile) = honors().find(|&t| hand.count(t) == 4) {
        return Some((tile, ClassroomRule::HonorQuad));
    }
    if let Some(tile) = honors().find(|&t| hand.count(t) == 1) {
        return Some((tile, ClassroomRule::IsolatedHonor));
    }
    let runs = runs(hand);
    let isolated = hand.tiles().filter(|&t| is_isolated(hand, t, |_| false));
    if let Some(tile) = terminal_first(isolated) {
        return Some((tile, ClassroomRule::IsolatedNumber));
    }
    if let Some(tile) = runs.iter().find_map(Run::end_of_four) {
        return Some((tile, ClassroomRule::RunOfFour));
    }
    if let Some(tile) = terminal_first(long_run_singles(hand, &runs)) {
        return Some((tile, ClassroomRule::LongRun));
    }
    lowest_shanten(hand).map(|tile| (tile, ClassroomRule::LowestShanten))
}

/// A maximal run of consecutive numbers of one suit, all held.
#[derive(Clone, Copy, Debug)]
struct Run {
    low: Tile,
    len: u8,
    /// Whether each tile of the run is held exactly once.
    single: bool,
}

impl Run {
    fn tiles(self) -> impl Iterator<Item = Tile> {
        (0..self.len).filter_map(move |k| Tile::from_index(self.low.index() + k))
    }

    fn contains(self, tile: Tile) -> bool {
        tile.suit() == self.low.suit() && (self.low..=self.high()).contains(&tile)
    }

    fn high(self) -> Tile {
        Tile::from_index(self.low.index() + self.len - 1).unwrap_or(self.low)
    }

    /// Rule 5: for a run of exactly four held once, the end nearer a terminal.
    fn end_of_four(&self) -> Option<Tile> {
        let (low, high) = (self.low, self.high());
        let low_nearer = low.number() - 1 < 9 - high.number();
        (self.single && self.len == 4).then_some(if low_nearer { low } else { high })
    }

    /// Rule 6: a run of five or more held once, grouped in threes from the low end.
    fn is_long(self) -> bool {
        self.single && self.len >= 5
    }
}

/// The maximal runs of the number suits, in index order.
fn runs(hand: &Hand) -> Vec<Run> {
    let mut runs = Vec::new();
    for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
        let mut current: Option<Run> = None;
        for number in 1..=10 {
            let tile = Tile::new(suit, number).filter(|&t| hand.contains(t));
            match (tile, current.as_mut()) {
                (Some(tile), Some(run)) => {
                    run.len += 1;
                    run.single &= hand.count(tile) == 1;
                }
                (Some(tile), None) => {
                    let single = hand.count(tile) == 1;
                    current = Some(Run {
                        low: tile,
                        len: 1,
                        single,
                    });
                }
                (None, _) => runs.extend(current.take()),
            }
        }
    }
    runs
}

/// Whether `tile` is a number held once with no held tile of its suit within two, not
/// counting the tiles `grouped` says are already grouped.
fn is_isolated(hand: &Hand, tile: Tile, grouped: impl Fn(Tile) -> bool) -> bool {
    let neighbour = |delta: i8| {
        let number = tile.number() as i8 + delta;
        let near = u8::try_from(number)
            .ok()
            .and_then(|n| Tile::new(tile.suit(), n));
        near.is_some_and(|near| hand.contains(near) && !grouped(near))
    };
    !tile.is_honor() && hand.count(tile) == 1 && ![-2, -1, 1, 2].into_iter().any(neighbour)
}

/// Rule 6: the singles left over when long runs are grouped in threes from the low end
/// (`1234567m` leaves `7m`), and the tiles that only long runs keep from being isolated
/// (`12345m 7m`: 123, 45, and `7m` is alone).
fn long_run_singles(hand: &Hand, runs: &[Run]) -> Vec<Tile> {
    let long: Vec<Run> = runs.iter().copied().filter(|r| r.is_long()).collect();
    let leftovers = long.iter().filter(|r| r.len % 3 == 1).map(|r| r.high());
    let in_long = |tile: Tile| long.iter().any(|r| r.contains(tile));
    let lone = runs
        .iter()
        .filter(|r| r.len == 1)
        .flat_map(|r| r.tiles())
        .filter(|&t| is_isolated(hand, t, in_long));
    leftovers.chain(lone).collect()
}

/// Terminals first, then the lowest index.
fn terminal_first(tiles: impl IntoIterator<Item = Tile>) -> Option<Tile> {
    tiles
        .into_iter()
        .min_by_key(|&t| (!t.is_terminal_or_honor(), t))
}

/// Rule 7: the discard that leaves the lowest shanten, ties by lowest index.
fn lowest_shanten(hand: &Hand) -> Option<Tile> {
    hand.kinds().iter().min_by_key(|&tile| {
        let mut rest = *hand;
        let _ = rest.remove(tile);
        (rest.shanten(), tile)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::common::testing::turn_view;

    fn decide(hand: &str, drawn: &str, others: &str) -> (Action, ClassroomRule) {
        ClassroomBot::decide(&turn_view(hand, drawn, others)).unwrap()
    }

    fn discard(tile: &str) -> Action {
        Action::Discard(tile.parse().unwrap())
    }

    #[test]
    fn rule_1_riichi_with_the_most_live_waits() {
        // Discarding 5s waits on 9s (one left unseen), discarding 9s on 5s (three).
        let hand = "123m456m789m123p59s";
        assert_eq!(
            decide(hand, "9s", "99s"),
            (Action::Riichi("9s".parse().unwrap()), ClassroomRule::Riichi)
        );
        // Equal live waits: the lowest index.
        assert_eq!(
            decide(hand, "9s", ""),
            (Action::Riichi("5s".parse().unwrap()), ClassroomRule::Riichi)
        );
    }

    #[test]
    fn rule_2_one_of_four_honors() {
        assert_eq!(
            decide("123m456m199p11112z", "2z", ""),
            (discard("1z"), ClassroomRule::HonorQuad)
        );
    }

    #[test]
    fn rule_3_an_isolated_honor_before_an_isolated_number() {
        assert_eq!(
            decide("123m456m199p11z257z", "7z", ""),
            (discard("2z"), ClassroomRule::IsolatedHonor)
        );
    }

    #[test]
    fn rule_4_an_isolated_number() {
        // The assignment's example: 1m 2m 5m discards 5m (8p is isolated too, but higher).
        assert_eq!(
            decide("125m458p789s11222z", "8p", ""),
            (discard("5m"), ClassroomRule::IsolatedNumber)
        );
        // Terminals first.
        assert_eq!(
            decide("5m9p123s789s112233z", "5m", ""),
            (discard("9p"), ClassroomRule::IsolatedNumber)
        );
    }

    #[test]
    fn rule_5_the_outer_end_of_a_run_of_four() {
        assert_eq!(
            decide("1234m57p79s112255z", "4m", ""),
            (discard("1m"), ClassroomRule::RunOfFour)
        );
        assert_eq!(
            decide("13m6789p79s112255z", "6p", ""),
            (discard("9p"), ClassroomRule::RunOfFour)
        );
    }

    #[test]
    fn rule_6_long_runs_grouped_in_threes() {
        // The assignment's example: 123, 45, and 7m is alone.
        assert_eq!(
            decide("123457m79s112255z", "7m", ""),
            (discard("7m"), ClassroomRule::LongRun)
        );
        // 123, 456, and 7m is left over.
        assert_eq!(
            decide("1234567m135s1122z", "1m", ""),
            (discard("7m"), ClassroomRule::LongRun)
        );
    }

    #[test]
    fn rule_7_the_lowest_shanten() {
        // Breaking 123m costs a step; 4p is the first discard that does not.
        assert_eq!(
            decide("123m46p68s1122555z", "4p", ""),
            (discard("4p"), ClassroomRule::LowestShanten)
        );
    }

    #[test]
    fn wins_whenever_it_can_and_tsumogiri_in_riichi() {
        let view = turn_view("123m456m789m123p55s", "5s", "");
        assert_eq!(
            ClassroomBot::decide(&view),
            Some((Action::Tsumo, ClassroomRule::Win))
        );
        let mut view = turn_view("123m456m789m123p59s", "9s", "");
        view.riichi[0] = Some(0);
        view.legal =
            crate::game::classroom::game::turn_actions(&view.hand, "9s".parse().unwrap(), true);
        assert_eq!(
            ClassroomBot::decide(&view),
            Some((discard("9s"), ClassroomRule::Tsumogiri))
        );
        view.legal.clear();
        assert_eq!(ClassroomBot::decide(&view), None);
    }

    #[test]
    fn a_hand_built_view_gets_one_of_its_legal_actions() {
        // Legal actions that do not fit the hand: no rule's discard is among them.
        let mut view = turn_view("123m456m199p11z257z", "7z", "");
        view.legal = vec![Action::Pass];
        assert_eq!(
            ClassroomBot::decide(&view),
            Some((Action::Pass, ClassroomRule::FirstLegal))
        );
    }

    mod kyoku {
        use crate::bot::KyokuBot;
        use crate::bot::classroom::ClassroomBot;
        use crate::bot::common::testing::{kyoku_claim, kyoku_turn};
        use crate::game::kyoku::KyokuAction;

        fn choose(view: &crate::game::kyoku::KyokuView) -> String {
            let action = ClassroomBot.choose(view).unwrap();
            assert!(view.legal.contains(&action), "{action} is not legal");
            action.to_string()
        }

        #[test]
        fn wins_and_declares_riichi_whenever_it_can() {
            assert_eq!(choose(&kyoku_turn("123m456m789m123p55s", "5s")), "tsumo");
            let view = kyoku_claim("123m456m789m123p5s", "5s", &["ron", "pass"]);
            assert_eq!(choose(&view), "ron");
            // Rule 1: the riichi discard with the most live waits, even late in the hand.
            let mut view = kyoku_turn("123m456m789m123p59s", "9s");
            view.live_tiles = 4;
            assert_eq!(choose(&view), "riichi 5s");
        }

        #[test]
        fn discards_by_rules_2_to_7_and_passes_on_calls() {
            // Rule 3 before rule 4: the isolated honor 2z before the isolated 5m.
            assert_eq!(
                choose(&kyoku_turn("125m458p789s11222z", "8p")),
                "discard 5m"
            );
            assert_eq!(
                choose(&kyoku_turn("123m456m199p11z257z", "7z")),
                "discard 2z"
            );
            // The classroom game has no calls: a yakuhai pon is passed.
            let view = kyoku_claim("23m57p234s6699s66z1z", "6z", &["pon 66z", "pass"]);
            assert_eq!(choose(&view), "pass");
            let mut view = kyoku_turn("123m456m789m123p59s", "9s");
            view.riichi[0] = true;
            view.legal = vec![
                KyokuAction::ClosedKan("9s".parse().unwrap()),
                KyokuAction::Tsumogiri,
            ];
            assert_eq!(choose(&view), "tsumogiri");
        }
    }
}
