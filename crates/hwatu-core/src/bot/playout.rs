//! The search bot's fast playout policy: a greedy player that values each action by the
//! cards it takes at once.

use rand::Rng;

use crate::action::{Action, ActionList};
use crate::card::{Card, GukjinUse, Kind};
use crate::card_set::CardSet;
use crate::game::Table;
use crate::gostop::SeatView;
use crate::seat::SeatIndex;
use crate::view::View;

use super::search::{OpponentModel, Searched};
use super::{Bot, TutorialBot, set_of};

/// What the playout policy reads of a position, all of it known to the player to move: its
/// hand, the floor, both capture piles and its goes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sight {
    hand: CardSet,
    floor: CardSet,
    mine: CardSet,
    theirs: CardSet,
    gukjin: GukjinUse,
    goes: u8,
}

impl Sight {
    /// What `player` sees at `table`: its opponents' piles together.
    pub(crate) fn of_table<S: SeatIndex, const N: usize>(table: &Table<S, N>, player: S) -> Sight {
        let all = table
            .captured
            .iter()
            .fold(CardSet::EMPTY, |all, &pile| all | pile);
        Sight {
            hand: table.hand(player),
            floor: table.floor(),
            mine: table.captured(player),
            theirs: all - table.captured(player),
            gukjin: table.gukjin(),
            goes: table.tally(player).goes,
        }
    }

    /// What a Go-Stop seat's view shows: its opponents' piles together.
    pub(crate) fn of_seat_view(view: &SeatView) -> Sight {
        let all = view
            .captured
            .iter()
            .fold(CardSet::EMPTY, |all, &pile| all | pile);
        let mine = view.captured_by(view.seat);
        Sight {
            hand: view.hand,
            floor: view.floor,
            mine,
            theirs: all - mine,
            gukjin: view.gukjin,
            goes: view.tally_of(view.seat).goes,
        }
    }

    /// What a view shows.
    pub(crate) fn of_view(view: &View) -> Sight {
        Sight {
            hand: view.hand,
            floor: view.floor,
            mine: view.captured_by(view.player),
            theirs: view.captured_by(view.opponent()),
            gukjin: view.gukjin,
            goes: view.tally_of(view.player).goes,
        }
    }

    /// How much taking `card` is worth, in tenths of a pi: more for gwang and for cards of a
    /// set (godori, a dan) the opponent has not broken, most for the card completing one.
    fn take_value(&self, card: Card) -> i32 {
        if let Some(set) = set_of(card) {
            if !(self.theirs & set).is_empty() {
                return 10;
            }
            return 20 + 10 * (self.mine & set).len() as i32;
        }
        match card.kind() {
            Kind::Gwang if card == Card::BI_GWANG => 20,
            Kind::Gwang => 30,
            Kind::Yeol if card.is_gukjin() => 20,
            Kind::Yeol | Kind::Pi => 10,
            Kind::Tti => 8,
            Kind::Ssangpi => 20,
            Kind::Bonus => 10 * i32::from(card.pi_value(self.gukjin)),
        }
    }

    /// What an action is worth now, in tenths of a pi (see [`Sight::take_value`]).
    fn action_value(&self, action: Action) -> i32 {
        match action {
            Action::Play { card, .. } if card.is_bonus() => 25,
            Action::Play { card, shake } => self.play_value(card) + if shake { 5 } else { 0 },
            Action::Bomb { month } => {
                self.takes(self.hand.of_month(month) | self.floor.of_month(month)) + 20
            }
            Action::Choose { card } => self.take_value(card),
            Action::Gukjin(use_as) => i32::from(self.gukjin_as(use_as)),
            Action::Go if self.should_go() => 1,
            Action::Go => -1,
            // A flip-only turn keeps the hand: better than giving a card away.
            _ => 0,
        }
    }

    /// A month card played from the hand: what it takes from the floor, or, when it takes
    /// nothing, minus its value (the opponent may take it), nearly nothing once the rest of
    /// its month is out of play.
    fn play_value(&self, card: Card) -> i32 {
        let on_floor = self.floor.same_month(card);
        match on_floor.len() {
            0 => {
                let in_play = CardSet::month(card.month().unwrap_or(0)) - self.mine - self.theirs;
                let alone = in_play - self.hand == CardSet::EMPTY;
                if alone { -1 } else { -self.take_value(card) }
            }
            1 => self.takes(on_floor | card),
            2 => {
                let best = on_floor.iter().map(|c| self.takes(c | card)).max();
                best.unwrap_or(0)
            }
            _ => self.takes(on_floor | card) + 10,
        }
    }

    /// What taking `cards` is worth: the sum of their values.
    fn takes(&self, cards: CardSet) -> i32 {
        cards.iter().map(|c| self.take_value(c)).sum()
    }

    /// The gukjin counts as yeol once four other yeol are held (five yeol score), else as
    /// ssangpi.
    fn gukjin_as(&self, use_as: GukjinUse) -> bool {
        let yeol =
            (self.mine & CardSet::YEOL).len() - usize::from(self.mine.contains(Card::GUKJIN));
        (use_as == GukjinUse::Yeol) == (yeol >= 4)
    }

    /// Go while three or more cards are in hand, fewer than two goes were called and the
    /// opponent has three points or fewer.
    fn should_go(&self) -> bool {
        let theirs = crate::score::Score::of(self.theirs, self.gukjin).total();
        self.hand.len() >= 3 && self.goes < 2 && theirs <= 3
    }
}

/// The policy's action among `actions`: one of the best by [`Sight::action_value`], ties
/// broken at random; `None` for an empty list.
pub(crate) fn fast_action<R: Rng + ?Sized>(
    sight: &Sight,
    actions: &ActionList,
    rng: &mut R,
) -> Option<Action> {
    let mut best = (i32::MIN, 0u32, None);
    for &action in actions {
        let value = sight.action_value(action);
        let tie_break = rng.next_u32();
        if (value, tie_break) > (best.0, best.1) {
            best = (value, tie_break, Some(action));
        }
    }
    best.2
}

/// Plays `game` to its end (at most `MAX_ACTIONS` actions: a game never takes more), `me`
/// with the greedy policy, the opponent as `model` says.
pub(crate) fn play_out<S: SeatIndex, const N: usize, R: Rng + ?Sized>(
    game: &mut Table<S, N>,
    me: S,
    model: OpponentModel,
    rng: &mut R,
) where
    Table<S, N>: Searched<S>,
    TutorialBot: Bot<<Table<S, N> as Searched<S>>::View>,
{
    const MAX_ACTIONS: usize = 200;
    for _ in 0..MAX_ACTIONS {
        let Some(player) = game.to_move() else {
            return;
        };
        let action = match model {
            OpponentModel::Tutorial if player != me => TutorialBot.choose(&game.seat_view(player)),
            _ => fast_action(&Sight::of_table(game, player), &game.legal_actions(), rng),
        };
        let Some(action) = action else {
            return;
        };
        if game.apply(action).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Decision;
    use crate::game::Game;
    use crate::player::Player;
    use crate::rules::Rules;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    fn set(text: &str) -> CardSet {
        text.parse().expect("cards")
    }

    fn sight(hand: &str, floor: &str, mine: &str, theirs: &str) -> Sight {
        Sight {
            hand: set(hand),
            floor: set(floor),
            mine: set(mine),
            theirs: set(theirs),
            gukjin: GukjinUse::Yeol,
            goes: 0,
        }
    }

    fn greedy(sight: &Sight, actions: ActionList) -> Action {
        let mut rng = SmallRng::seed_from_u64(1);
        fast_action(sight, &actions, &mut rng).expect("an action")
    }

    #[test]
    fn the_policy_takes_the_most_valuable_cards() {
        let s = sight("3P1 5P1 9P2", "3G 5P2 10Y", "", "");
        let play = Decision::Play.actions(s.hand, s.floor, 0, false);
        assert_eq!(greedy(&s, play).to_string(), "play 3P1");
        // A dan card is worth more than a ssangpi while the opponent has not broken the set.
        let s = sight("1P1 11P1", "1T 11S", "2T", "");
        let play = Decision::Play.actions(s.hand, s.floor, 0, false);
        assert_eq!(greedy(&s, play).to_string(), "play 1P1");
        let s = sight("1P1 11P1", "1T 11S", "", "2T");
        assert_eq!(greedy(&s, play).to_string(), "play 11P1");
        let choose = Decision::Choose {
            card: "8P1".parse().expect("a card"),
            options: set("8G 8P2"),
        };
        assert_eq!(
            greedy(&s, choose.actions(s.hand, s.floor, 0, false)).to_string(),
            "take 8G"
        );
    }

    #[test]
    fn the_policy_gives_away_what_costs_least_and_goes_only_when_safe() {
        // 11P1 is safe: the rest of November is captured.
        let s = sight("1G 11P1", "5P1", "11G 11P2 11S", "");
        let play = Decision::Play.actions(s.hand, s.floor, 0, false);
        assert_eq!(greedy(&s, play).to_string(), "play 11P1");
        let go_stop = Decision::GoStop { score: 7 }.actions(s.hand, s.floor, 0, false);
        assert_eq!(greedy(&s, go_stop), Action::Stop, "two cards in hand");
        let s = sight("1G 2P1 3P1", "5P1", "", "");
        assert_eq!(greedy(&s, go_stop), Action::Go);
        let s = sight("1G 2P1 3P1", "5P1", "", "1G 3G 8G 11G");
        assert_eq!(
            greedy(&s, go_stop),
            Action::Stop,
            "the opponent has 4 gwang"
        );
    }

    #[test]
    fn playouts_end_every_game() {
        let mut rng = SmallRng::seed_from_u64(3);
        for (_, rules) in Rules::PRESETS {
            for _ in 0..50 {
                for model in [OpponentModel::Tutorial, OpponentModel::Greedy] {
                    let mut game = Game::new(rules, Player::B, &mut rng);
                    play_out(&mut game, Player::A, model, &mut rng);
                    assert!(game.is_over());
                }
            }
        }
    }
}
