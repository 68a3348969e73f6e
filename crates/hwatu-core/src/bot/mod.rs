//! Bots: the tutorial's heuristic bot, a random one and the search bot ([`SearchBot`]). All
//! decide from a [`View`] only.

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::action::{Action, ActionList, Decision};
use crate::card::{Card, GukjinUse, Kind};
use crate::card_set::CardSet;
use crate::gostop::SeatView;
use crate::score::Score;
use crate::view::View;

mod infer;
mod playout;
mod sample;
mod search;

pub use search::{DEFAULT_INFERENCE_WEIGHT, DEFAULT_ITERATIONS, OpponentModel, SearchBot};

/// Something that picks actions from what its player sees: a Matgo [`View`] (`Bot`), or a
/// Go-Stop seat's [`SeatView`] (`Bot<SeatView>`).
pub trait Bot<V = View> {
    /// One of `view.legal_actions()`, or `None` when the viewer has nothing to decide.
    fn choose(&mut self, view: &V) -> Option<Action>;
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

impl<R: Rng> Bot<SeatView> for RandomBot<R> {
    fn choose(&mut self, view: &SeatView) -> Option<Action> {
        view.legal_actions().choose(&mut self.rng).copied()
    }
}

/// The tutorial's heuristic bot (rules section 8), made deterministic: where the
/// tutorial picks at random, it takes the first card in canonical order.
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
/// - Chongtong under the play-on rule: always declared (the tutorial has no such rule).
/// - Go or stop: see [`TutorialBot::should_stop`].
#[derive(Clone, Copy, Debug, Default)]
pub struct TutorialBot;

impl TutorialBot {
    /// The tutorial's heuristic bot.
    pub fn new() -> TutorialBot {
        TutorialBot
    }

    /// Section 8's stop rule: stop if the opponent holds 4 or more gwang and the bot none; or
    /// it holds 2 or more godori birds (the bot none) and has points; or 2 or more cards of a
    /// dan set (the bot none) and 2 or more points; or it has 10 or more pi value and (7 or
    /// more yeol, or 5 yeol and 5 tti, or 5 yeol while the bot holds 2 or fewer and it has 3
    /// or more points, or likewise with tti); or it has 13 or more pi value; or 4 or more
    /// points; or the bot has at most one card left. Otherwise go.
    pub fn should_stop(view: &View) -> bool {
        Sight::of_view(view).should_stop()
    }

    /// The bot's selling decision at a Go-Stop table of four or five ([`crate::Seating`]):
    /// whether a seat dealt `hand`, with `floor` face up, gives up the hand when it may
    /// ([`crate::SeatChoice::GiveUp`]). It gives up holding no gwang and fewer than two
    /// cards of a month on the floor (a hand with little to capture); otherwise it plays.
    /// (It plays, too, when it cannot give up: the seat sat out the last hand.)
    pub fn gives_up(hand: CardSet, floor: CardSet) -> bool {
        let matching = hand
            .iter()
            .filter(|card| card.month().is_some_and(|m| !floor.of_month(m).is_empty()))
            .count();
        (hand & CardSet::GWANG).is_empty() && matching < 2
    }
}

/// What the tutorial's bot reads of a view: its hand, the floor, its pile and its
/// opponents' (one in Matgo, two in Go-Stop), and what it must decide.
struct Sight {
    decision: Option<Decision>,
    actions: ActionList,
    hand: CardSet,
    floor: CardSet,
    gukjin: GukjinUse,
    me: CardSet,
    /// The opponents' piles: two in Go-Stop; in Matgo the opponent's and an empty one,
    /// which threatens nothing.
    them: [CardSet; 2],
}

impl Sight {
    fn of_view(view: &View) -> Sight {
        Sight {
            decision: view.decision,
            actions: view.legal_actions(),
            hand: view.hand,
            floor: view.floor,
            gukjin: view.gukjin,
            me: view.captured_by(view.player),
            them: [view.captured_by(view.opponent()), CardSet::EMPTY],
        }
    }

    fn of_seat(view: &SeatView) -> Sight {
        let seat = view.seat.index();
        let others = [1, 2].map(|k| view.captured[(seat + k) % 3]);
        Sight {
            decision: view.decision,
            actions: view.legal_actions(),
            hand: view.hand,
            floor: view.floor,
            gukjin: view.gukjin,
            me: view.captured_by(view.seat),
            them: others,
        }
    }

    fn should_stop(&self) -> bool {
        self.them.iter().any(|&them| self.threatened_by(them)) || self.hand.len() <= 1
    }

    /// Section 8's stop rule against one opponent's pile.
    fn threatened_by(&self, them: CardSet) -> bool {
        let me = self.me;
        let points = Score::of(them, self.gukjin).total();
        let count = |set: CardSet, of: CardSet| (set & of).len();
        let threat = |set: CardSet| count(them, set) >= 2 && count(me, set) == 0;
        let yeol = |set: CardSet| set.yeol_count(self.gukjin) as usize;
        let tti = |set: CardSet| count(set, CardSet::TTI);
        let pi = them.pi_value(self.gukjin);
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
    }

    /// Whether meongtta is possible: the bot holds 5 or more yeol, each opponent 2 or fewer.
    fn meongtta_possible(&self) -> bool {
        self.me.yeol_count(self.gukjin) >= 5
            && self
                .them
                .iter()
                .all(|them| them.yeol_count(self.gukjin) <= 2)
    }

    /// The rank of a card to take (lower is better): a set card is wanted while no opponent
    /// has started its set, or, when `blocking`, while an opponent holds two of it and the bot
    /// none.
    fn rank(&self, card: Card, blocking: bool) -> u8 {
        let wanted_set = set_of(card).is_some_and(|set| {
            let held = self.them.map(|them| (them & set).len());
            let block = blocking && held.contains(&2) && (self.me & set).is_empty();
            held.iter().all(|&n| n == 0) || block
        });
        match card.kind() {
            Kind::Gwang => 0,
            _ if wanted_set => 1,
            Kind::Ssangpi | Kind::Bonus => 2,
            Kind::Yeol if card.is_gukjin() => 2,
            Kind::Yeol if self.meongtta_possible() => 3,
            Kind::Pi => 4,
            _ => 5,
        }
    }

    /// The best card of `cards` by [`TutorialBot::rank`], first in canonical order on ties.
    fn best(&self, cards: CardSet, blocking: bool) -> Option<(u8, Card)> {
        cards
            .iter()
            .map(|card| (self.rank(card, blocking), card))
            .min()
    }

    fn play(&self) -> Option<Action> {
        let actions = &self.actions;
        if let Some(bomb) = actions.iter().find(|a| matches!(a, Action::Bomb { .. })) {
            return Some(*bomb);
        }
        let capture = self
            .hand
            .iter()
            .filter_map(|card| {
                let taken = self.floor.same_month(card);
                let cards = if card.is_bonus() {
                    card.into()
                } else {
                    taken | card
                };
                (card.is_bonus() || !taken.is_empty()).then(|| (self.best(cards, false), card))
            })
            .min()
            .map(|(_, card)| card);
        let card = match capture {
            Some(card) => card,
            None if actions.contains(&Action::FlipOnly) => return Some(Action::FlipOnly),
            None => self.hand.iter().min_by_key(|&card| usefulness(card))?,
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

impl Sight {
    /// The tutorial bot's action.
    fn choose(&self) -> Option<Action> {
        let actions = &self.actions;
        let action = match self.decision? {
            Decision::Play if actions.contains(&Action::Chongtong) => Action::Chongtong,
            Decision::Play => self.play()?,
            Decision::Choose { options, .. } => Action::Choose {
                card: self.best(options, true)?.1,
            },
            Decision::Gukjin if self.meongtta_possible() => Action::Gukjin(GukjinUse::Yeol),
            Decision::Gukjin => Action::Gukjin(GukjinUse::Ssangpi),
            Decision::GoStop { .. } if self.should_stop() => Action::Stop,
            Decision::GoStop { .. } => Action::Go,
        };
        actions.contains(&action).then_some(action)
    }
}

impl Bot for TutorialBot {
    fn choose(&mut self, view: &View) -> Option<Action> {
        Sight::of_view(view).choose()
    }
}

impl Bot<SeatView> for TutorialBot {
    /// The same heuristic at a Go-Stop table, reading both opponents: a set is wanted while
    /// neither has started it (or, choosing a floor card, to block one holding two of it),
    /// meongtta is possible while each holds 2 yeol or fewer, and [`TutorialBot::should_stop`]'s
    /// rule is read against each opponent: it stops when either is a threat.
    fn choose(&mut self, view: &SeatView) -> Option<Action> {
        Sight::of_seat(view).choose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Tally;
    use crate::player::Player;
    use crate::rules::Rules;

    fn set(text: &str) -> CardSet {
        text.parse().expect("cards")
    }

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    /// A's view with its hand, the floor, both piles and a decision.
    fn view(hand: &str, floor: &str, mine: &str, theirs: &str, decision: Decision) -> View {
        let captured = [set(mine), set(theirs)];
        View {
            player: Player::A,
            rules: Rules::standard(),
            to_move: Some(Player::A),
            decision: Some(decision),
            hand: set(hand),
            opponent_hand_len: 5,
            opponent_shown: CardSet::EMPTY,
            floor: set(floor),
            awaiting_choice: CardSet::EMPTY,
            piles: [CardSet::EMPTY; 2],
            captured,
            passed_over: [CardSet::EMPTY; 2],
            discarded: [CardSet::EMPTY; 2],
            gukjin: GukjinUse::Yeol,
            stock_len: 10,
            tallies: [Tally::default(); 2],
            outcome: None,
        }
    }

    #[test]
    fn a_seat_with_no_gwang_and_little_to_capture_gives_up() {
        let floor = set("1P1 5T 8Y 11P1 12S");
        // No gwang, one card of a floor month (5P1): it gives up.
        assert!(TutorialBot::gives_up(
            set("2T 3P1 4Y 5P1 6T 7P2 9P1"),
            floor
        ));
        // Two cards of floor months (1T, 8P1): it plays.
        assert!(!TutorialBot::gives_up(
            set("1T 3P1 4Y 8P1 6T 7P2 9P1"),
            floor
        ));
        // A gwang, nothing to capture: it plays.
        assert!(!TutorialBot::gives_up(
            set("3G 2P1 4Y 6P1 6T 7P2 9P1"),
            floor
        ));
        // A bonus card matches no month.
        assert!(TutorialBot::gives_up(
            set("B3 2P1 4Y 6P1 6T 7P2 9P1"),
            floor
        ));
    }

    fn plays(hand: &str, floor: &str, mine: &str, theirs: &str) -> Action {
        let view = view(hand, floor, mine, theirs, Decision::Play);
        TutorialBot.choose(&view).expect("an action")
    }

    fn play(text: &str) -> Action {
        Action::Play {
            card: card(text),
            shake: false,
        }
    }

    fn chooses(options: &str, mine: &str, theirs: &str) -> Action {
        let decision = Decision::Choose {
            card: card("12G"),
            options: set(options),
        };
        TutorialBot
            .choose(&view("", "", mine, theirs, decision))
            .expect("an action")
    }

    fn take(text: &str) -> Action {
        Action::Choose { card: card(text) }
    }

    const FIVE_YEOL: &str = "2Y 4Y 5Y 7Y 10Y";

    #[test]
    fn play_bombs_when_it_can() {
        let action = plays("3G 3T 3P1 1G", "3P2 1P1", "", "");
        assert_eq!(action, Action::Bomb { month: 3 });
    }

    #[test]
    fn play_prefers_a_capture_with_a_gwang() {
        assert_eq!(plays("2P1 3P1 9P1", "2P2 3G 12T", "", ""), play("3P1"));
        assert_eq!(plays("2P1 1G", "2P2 1P1", "", ""), play("1G"));
    }

    #[test]
    fn play_prefers_a_set_card_the_opponent_has_not_started() {
        assert_eq!(plays("4P1 11P1", "4Y 11S", "", ""), play("4P1"));
        // The opponent holds a bird: the godori card is just a yeol, below a ssangpi.
        assert_eq!(plays("4P1 11P1", "4Y 11S", "", "2Y"), play("11P1"));
    }

    #[test]
    fn play_prefers_a_ssangpi_or_the_gukjin_next() {
        assert_eq!(plays("5P1 11P1", "11S 5P2", "", ""), play("11P1"));
        assert_eq!(plays("5P1 9P1", "9Y 5P2", "", ""), play("9P1"));
    }

    #[test]
    fn play_prefers_a_yeol_only_when_meongtta_is_possible() {
        assert_eq!(plays("5P1 6P1", "6Y 5P2", FIVE_YEOL, ""), play("6P1"));
        assert_eq!(
            plays("5P1 6P1", "6Y 5P2", FIVE_YEOL, "8Y 12Y 9Y"),
            play("5P1")
        );
        assert_eq!(plays("5P1 6P1", "6Y 5P2", "", ""), play("5P1"));
    }

    #[test]
    fn play_without_capture_flips_or_drops_the_least_useful_card() {
        assert_eq!(plays("1G 5T 9P1", "12T", "", ""), play("9P1"));
        assert_eq!(plays("1G 5T 12Y", "3P1", "", ""), play("12Y"));
        let mut with_credit = view("1G 5T", "12T", "", "", Decision::Play);
        with_credit.tallies[0].flip_credits = 1;
        assert_eq!(TutorialBot.choose(&with_credit), Some(Action::FlipOnly));
    }

    #[test]
    fn play_always_shakes_when_it_can() {
        let action = plays("1G 1T 1P1", "12T", "", "");
        assert_eq!(
            action,
            Action::Play {
                card: card("1P1"),
                shake: true
            }
        );
    }

    #[test]
    fn choose_takes_gwang_then_sets_then_ssangpi_then_yeol_then_pi() {
        assert_eq!(chooses("3G 3P1", "", ""), take("3G"));
        assert_eq!(chooses("2Y 2P1", "", ""), take("2Y"));
        assert_eq!(
            chooses("2Y 2P1", "", "4Y"),
            take("2P1"),
            "the set is started"
        );
        assert_eq!(chooses("2Y 2P1", "", "4Y 8Y"), take("2Y"), "blocking");
        assert_eq!(chooses("2Y 2P1", "8Y", "4Y"), take("2P1"));
        assert_eq!(chooses("9Y 9P1", "", ""), take("9Y"));
        assert_eq!(chooses("6Y 6P1", FIVE_YEOL, ""), take("6Y"));
        assert_eq!(chooses("6Y 6P1", "", ""), take("6P1"));
        assert_eq!(chooses("12Y 12T", "", ""), take("12Y"), "else the first");
    }

    #[test]
    fn gukjin_is_yeol_only_when_meongtta_is_possible() {
        let yeol = view("", "", FIVE_YEOL, "12Y", Decision::Gukjin);
        assert_eq!(
            TutorialBot.choose(&yeol),
            Some(Action::Gukjin(GukjinUse::Yeol))
        );
        let pi = view("", "", "2Y", "12Y", Decision::Gukjin);
        assert_eq!(
            TutorialBot.choose(&pi),
            Some(Action::Gukjin(GukjinUse::Ssangpi))
        );
    }

    fn go_or_stop(hand: &str, mine: &str, theirs: &str) -> Action {
        let view = view(hand, "", mine, theirs, Decision::GoStop { score: 7 });
        TutorialBot.choose(&view).expect("an action")
    }

    #[test]
    fn go_or_stop_follows_each_rule_of_section_8() {
        let hand = "5P1 6P1 7P1";
        let pi10 = "1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P2 6P2";
        assert_eq!(go_or_stop(hand, "", ""), Action::Go);
        assert_eq!(go_or_stop(hand, "", "1G 3G 8G 11G"), Action::Stop);
        assert_eq!(
            go_or_stop(hand, "", "1G 3G 8G"),
            Action::Go,
            "3 gwang, 3 points"
        );
        // Two birds and points.
        assert_eq!(go_or_stop(hand, "", &format!("2Y 4Y {pi10}")), Action::Stop);
        assert_eq!(go_or_stop(hand, "", "2Y 4Y"), Action::Go, "no points");
        // Two of a dan and 2 points.
        let dan = format!("1T 2T {pi10} 7P2");
        assert_eq!(go_or_stop(hand, "", &dan), Action::Stop);
        assert_eq!(go_or_stop(hand, "3T", &dan), Action::Go);
        // 10 pi and 7 yeol.
        let seven = format!("{pi10} 5Y 6Y 7Y 10Y 12Y 8Y 9Y");
        assert_eq!(go_or_stop(hand, "1T 2T 3T 4T", &seven), Action::Stop);
        // 13 pi.
        let thirteen = format!("{pi10} 7P2 8P1 8P2");
        assert_eq!(go_or_stop(hand, "", &thirteen), Action::Stop);
        // 4 points.
        assert_eq!(
            go_or_stop(hand, "", "1G 3G 12G 5Y 6Y 7Y 10Y 12Y 9Y"),
            Action::Stop
        );
        // One card left.
        assert_eq!(go_or_stop("5P1", "", ""), Action::Stop);
    }

    #[test]
    fn bots_answer_nothing_when_not_to_move() {
        let mut waiting = view("1G", "1P1", "", "", Decision::Play);
        waiting.decision = None;
        assert_eq!(TutorialBot.choose(&waiting), None);
        let mut random = RandomBot::new(rand::rngs::StdRng::seed_from_u64(1));
        assert_eq!(random.choose(&waiting), None);
    }

    use rand::SeedableRng;
}
