//! The search bot: determinized Monte Carlo search from the player's view, its actions
//! compared by sequential halving on common drawn games.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::action::{Action, ActionList};
use crate::game::{Game, Table};
use crate::gostop::{GoStop, GoStopRules, SeatView};
use crate::player::Player;
use crate::seat::{Seat, SeatIndex};
use crate::view::View;

use super::infer::unlikely_cards;
use super::playout::{Sight, fast_action, play_out};
use super::sample::{sample_game, sample_seat_game};
use super::{Bot, TutorialBot};

/// Playouts per decision of [`SearchBot::new`]: the strength and speed the crate README
/// reports.
pub const DEFAULT_ITERATIONS: u32 = 4000;

/// The weight of [`SearchBot::with_inference_weight`] by default.
pub const DEFAULT_INFERENCE_WEIGHT: f64 = 0.1;

/// How much of the reward is winning (the rest is the money won, see [`reward`]).
const WIN_WEIGHT: f64 = 0.3;

/// The money, in points, at which the money part of the reward reaches its largest.
const MONEY_SCALE: f64 = 40.0;

/// How the search bot models its opponent: how its playouts play the opponent's moves (its
/// own always follow the greedy policy), and what it infers of the opponent's hand from its
/// plays ([`SearchBot::with_inference_weight`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OpponentModel {
    /// As the tutorial's heuristic bot ([`TutorialBot`](super::TutorialBot)) would, from the
    /// opponent's view of the drawn game: it captures first, shakes and bombs, and goes
    /// unless threatened. The default: against that bot it measured strongest (crate README).
    #[default]
    Tutorial,
    /// With the same greedy policy as the bot's own moves.
    Greedy,
}

/// A determinized Monte Carlo search bot: it decides every decision (play, shake, bomb,
/// flip-only turn, floor-card choice, gukjin, go or stop) from its [`View`] only.
///
/// Each iteration deals the cards the view does not show (the opponent's hand less the cards
/// it showed by shaking, the stock) again at random, consistently with every count the view
/// shows, the cards that the opponent's plays make unlikely under the [`OpponentModel`]
/// seldom going to its hand ([`SearchBot::with_inference_weight`]), and plays the game out
/// after a legal action: its own moves with a fast greedy policy (take the most valuable
/// cards it can, give away the least valuable), the opponent's as its [`OpponentModel`]
/// says. The actions are compared by sequential halving:
/// in each round every action left is played out on the same drawn games (common random
/// numbers, so that the luck of the draw cancels out between actions), and the better half by
/// mean reward goes on, until one is left. The reward mixes the game won or lost with the
/// money won at stake 1 (instant payments included). A single legal action is taken without
/// search.
///
/// The iteration budget counts playouts and is spread evenly over the rounds. The bot owns
/// its random number generator, so that a bot built from the same generator state makes the
/// same choices (with an iteration budget; a time limit makes the number of playouts depend
/// on the machine). Its strength against the tutorial's bot, in duplicate, is in the crate
/// README.
///
/// ```
/// use hwatu_core::bot::{Bot, SearchBot};
/// use hwatu_core::{Game, Player, Rules};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut game = Game::new(Rules::standard(), Player::A, &mut SmallRng::seed_from_u64(1));
/// let mut bot = SearchBot::with_iterations(SmallRng::seed_from_u64(2), 100);
/// let action = bot.choose(&game.view(Player::A)).expect("A is to move");
/// assert!(game.legal_actions().contains(&action));
/// game.apply(action)?;
/// # Ok::<(), hwatu_core::ActionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SearchBot<R> {
    rng: R,
    iterations: u32,
    time_limit: Option<Duration>,
    opponent: OpponentModel,
    inference_weight: f64,
}

impl<R: Rng> SearchBot<R> {
    /// A search bot drawing from `rng` with [`DEFAULT_ITERATIONS`] iterations per decision and
    /// the default [`OpponentModel`].
    pub fn new(rng: R) -> SearchBot<R> {
        SearchBot::with_iterations(rng, DEFAULT_ITERATIONS)
    }

    /// A search bot with `iterations` playouts per decision (at least one per legal action
    /// and round is always played).
    pub fn with_iterations(rng: R, iterations: u32) -> SearchBot<R> {
        SearchBot {
            rng,
            iterations,
            time_limit: None,
            opponent: OpponentModel::default(),
            inference_weight: DEFAULT_INFERENCE_WEIGHT,
        }
    }

    /// The same bot cutting its search short once `limit` of wall-clock time has passed
    /// since it began (checked between drawn games; every action is still played out at
    /// least once, and the rounds of halving still end with one action).
    pub fn with_time_limit(self, limit: Duration) -> SearchBot<R> {
        SearchBot {
            time_limit: Some(limit),
            ..self
        }
    }

    /// The same bot with `model` for the opponent in its playouts.
    pub fn with_opponent_model(self, model: OpponentModel) -> SearchBot<R> {
        SearchBot {
            opponent: model,
            ..self
        }
    }

    /// The same bot drawing the opponent's hand with `weight` (0 to 1; clamped, NaN counts
    /// as 1) for each card that the opponent's plays make unlikely under the bot's
    /// [`OpponentModel`] (a card of a month it passed over, [`View::passed_over`], a bonus
    /// card, or one the tutorial's bot would have discarded before a card it discarded,
    /// [`View::discarded`]) against 1 for the other unseen cards: 1 ignores what its plays
    /// showed, 0 trusts the model fully. [`DEFAULT_INFERENCE_WEIGHT`] by default.
    pub fn with_inference_weight(self, weight: f64) -> SearchBot<R> {
        SearchBot {
            inference_weight: if weight.is_nan() {
                1.0
            } else {
                // + 0.0 turns a negative zero into 0.
                weight.clamp(0.0, 1.0) + 0.0
            },
            ..self
        }
    }

    /// The iterations per decision.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// The best of `actions` (two or more) for `me` by search: sequential halving over the
    /// actions, each round playing every action left on the same games, drawn by `draw`
    /// among those the view allows; by the playout policy alone from `sight` when no game
    /// can be drawn.
    fn search<S: SeatIndex, const N: usize>(
        &mut self,
        actions: &ActionList,
        me: S,
        mut draw: impl FnMut(&mut R) -> Option<Table<S, N>>,
        sight: Sight,
    ) -> Option<Action>
    where
        Table<S, N>: Searched<S>,
        TutorialBot: Bot<<Table<S, N> as Searched<S>>::View>,
    {
        // The clock is read only under a time limit (WebAssembly in a browser has none).
        let started = self.time_limit.map(|_| Instant::now());
        let mut stats = vec![Stats::default(); actions.len()];
        let mut left: Vec<usize> = (0..actions.len()).collect();
        let rounds = usize::BITS - (actions.len() - 1).leading_zeros();
        let per_round = self.iterations as usize / rounds.max(1) as usize;
        while left.len() > 1 {
            for _ in 0..(per_round / left.len()).max(1) {
                let out_of_time = self
                    .time_limit
                    .zip(started)
                    .is_some_and(|(t, at)| at.elapsed() >= t);
                if out_of_time && stats[left[0]].visits > 0 {
                    break;
                }
                let Some(game) = draw(&mut self.rng) else {
                    // A view no game shows: decide by the playout policy alone.
                    return fast_action(&sight, actions, &mut self.rng);
                };
                self.play_each(&game, me, actions, &left, &mut stats);
            }
            left.sort_by(|&a, &b| stats[b].mean().total_cmp(&stats[a].mean()));
            left.truncate(left.len().div_ceil(2));
        }
        left.first().and_then(|&best| actions.get(best)).copied()
    }

    /// Plays each action of `actions` whose index is in `left` on `game` and out, every
    /// playout drawing the same random numbers, and adds the rewards for `me` to `stats`.
    fn play_each<S: SeatIndex, const N: usize>(
        &mut self,
        game: &Table<S, N>,
        me: S,
        actions: &ActionList,
        left: &[usize],
        stats: &mut [Stats],
    ) where
        Table<S, N>: Searched<S>,
        TutorialBot: Bot<<Table<S, N> as Searched<S>>::View>,
    {
        let playout_seed = self.rng.next_u64();
        for &index in left {
            let mut rng = SmallRng::seed_from_u64(playout_seed);
            let reward = match game.after(actions[index]) {
                Ok(mut game) => {
                    play_out(&mut game, me, self.opponent, &mut rng);
                    game.reward(me)
                }
                Err(_) => -1.0,
            };
            stats[index].add(reward);
        }
    }
}

impl<R: Rng> Bot for SearchBot<R> {
    fn choose(&mut self, view: &View) -> Option<Action> {
        let actions = view.legal_actions();
        if actions.len() <= 1 {
            return actions.first().copied();
        }
        let unlikely = unlikely_cards(view, self.opponent);
        let weight = self.inference_weight;
        let draw = |rng: &mut R| sample_game(view, unlikely, weight, rng);
        self.search(&actions, view.player, draw, Sight::of_view(view))
    }
}

impl<R: Rng> Bot<SeatView> for SearchBot<R> {
    /// The same search at a Go-Stop table (section 12): the two hidden hands and the stock
    /// dealt again at random for each drawn hand (every deal the view allows equally
    /// likely: no inference from the opponents' plays yet), both opponents played by the
    /// opponent model, the reward the money the seat wins at stake 1 (its share of the
    /// result and the early payments, under [`crate::GoStopRules::standard`]'s settlement
    /// options and the view's rules).
    fn choose(&mut self, view: &SeatView) -> Option<Action> {
        let actions = view.legal_actions();
        if actions.len() <= 1 {
            return actions.first().copied();
        }
        let draw = |rng: &mut R| sample_seat_game(view, rng);
        self.search(&actions, view.seat, draw, Sight::of_seat_view(view))
    }
}

/// Playouts through one root action and the sum of their rewards.
#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    visits: u32,
    reward: f64,
}

impl Stats {
    fn add(&mut self, reward: f64) {
        self.visits += 1;
        self.reward += reward;
    }

    fn mean(&self) -> f64 {
        self.reward / f64::from(self.visits.max(1))
    }
}

/// The value of a finished game for a seat, from -1 to 1: [`WIN_WEIGHT`] for winning
/// (minus for losing, nothing for nagari), the rest for the money `money` won at stake 1,
/// reaching its largest at [`MONEY_SCALE`] points.
pub(super) fn reward_of(won: f64, money: f64) -> f64 {
    WIN_WEIGHT * won + (1.0 - WIN_WEIGHT) * (money / MONEY_SCALE).clamp(-1.0, 1.0)
}

/// A table the search bot plays out: a seat's view of it for the opponent model, and the
/// value of its end for a seat.
pub(crate) trait Searched<S> {
    /// The view of a seat.
    type View;
    /// What `seat` sees.
    fn seat_view(&self, seat: S) -> Self::View;
    /// The value of the finished table for `me` ([`reward_of`]); 0 before its end.
    fn reward(&self, me: S) -> f64;
}

impl Searched<Player> for Game {
    type View = View;

    fn seat_view(&self, seat: Player) -> View {
        self.view(seat)
    }

    /// The settlement's points and both players' instant payments.
    fn reward(&self, me: Player) -> f64 {
        let Some(settlement) = self.settle(1) else {
            return 0.0;
        };
        let points = settlement.points as f64;
        let (won, paid) = match settlement.winner() {
            Some(winner) if winner == me => (1.0, points),
            Some(_) => (-1.0, -points),
            None => (0.0, 0.0),
        };
        let instant = settlement.instant_points()[me.index()] as f64
            - settlement.instant_points()[me.other().index()] as f64;
        reward_of(won, paid + instant)
    }
}

impl Searched<Seat> for GoStop {
    type View = SeatView;

    fn seat_view(&self, seat: Seat) -> SeatView {
        self.view(seat)
    }

    /// The seat's money at stake 1 (result and early payments).
    fn reward(&self, me: Seat) -> f64 {
        let Some(settlement) = self.settle(&GoStopRules::standard(), 1) else {
            return 0.0;
        };
        let won = match settlement.winner() {
            Some(winner) if winner == me => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
        let money = settlement
            .transfers(1)
            .get(me.index())
            .copied()
            .unwrap_or(0);
        reward_of(won, money as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Decision;
    use crate::bot::RandomBot;
    use crate::card::{Card, GukjinUse};
    use crate::card_set::CardSet;
    use crate::deal::Deal;
    use crate::game::Tally;
    use crate::rules::Rules;
    use crate::score::Score;

    fn set(text: &str) -> CardSet {
        text.parse().expect("cards")
    }

    fn bot(iterations: u32) -> SearchBot<SmallRng> {
        SearchBot::with_iterations(SmallRng::seed_from_u64(11), iterations)
    }

    /// A's view of a standard game: its hand, the floor, both capture piles and a decision;
    /// B holds `opponent_cards` of the unseen cards, the stock the rest.
    fn view(hand: &str, floor: &str, mine: &str, theirs: &str, decision: Decision) -> View {
        let mut view = View {
            player: Player::A,
            rules: Rules::standard(),
            to_move: Some(Player::A),
            decision: Some(decision),
            hand: set(hand),
            opponent_hand_len: 0,
            opponent_shown: CardSet::EMPTY,
            floor: set(floor),
            awaiting_choice: match decision {
                Decision::Choose { card, .. } => CardSet::single(card),
                _ => CardSet::EMPTY,
            },
            piles: [CardSet::EMPTY; 2],
            captured: [set(mine), set(theirs)],
            passed_over: [CardSet::EMPTY; 2],
            discarded: [CardSet::EMPTY; 2],
            gukjin: GukjinUse::Yeol,
            stock_len: 0,
            tallies: [Tally::default(); 2],
            outcome: None,
        };
        let unseen = super::super::sample::unseen(&view).len();
        view.opponent_hand_len = view.hand.len().min(unseen);
        view.stock_len = unseen - view.opponent_hand_len;
        view
    }

    /// Two gwang, ten pi and five tti: two points; with 8Y the godori makes seven.
    const TWO_BIRDS: &str = "2Y 4Y 1T 2T 4T 5T 6T 1P1 1P2 2P1 2P2 4P1 4P2 5P1 5P2 6P1 6P2";
    /// The opponent's three gwang and yeol: three points, more to come.
    const THREAT: &str = "1G 3G 11G 3T 7Y 9Y 10Y 6Y";

    #[test]
    fn it_takes_the_capture_that_reaches_seven_points() {
        let view = view("8P1 9T 10T", "8Y 7T 12T", TWO_BIRDS, THREAT, Decision::Play);
        let expected = Action::Play {
            card: "8P1".parse().expect("a card"),
            shake: false,
        };
        assert_eq!(bot(400).choose(&view), Some(expected));
    }

    #[test]
    fn it_stops_when_going_risks_the_opponents_win() {
        let mine = format!("{TWO_BIRDS} 8Y");
        let theirs = "1G 3G 8G 11G 7Y 9Y 10Y 6Y 5Y 3T 3P1 3P2 7P1 7P2 9P1 9P2";
        assert!(Score::of(set(&mine), GukjinUse::Yeol).total() >= 7);
        let decision = Decision::GoStop { score: 7 };
        let view = view("10P1 12Y", "11P1 12T", &mine, theirs, decision);
        assert_eq!(bot(400).choose(&view), Some(Action::Stop));
    }

    #[test]
    fn it_takes_the_floor_card_that_makes_three_gwang() {
        let decision = Decision::Choose {
            card: "3P2".parse().expect("a card"),
            options: set("3G 3P1"),
        };
        let view = view("5P1 6P1", "3G 3P1 10Y", "1G 8G 2P1", "4Y 7P1", decision);
        let take = Action::Choose {
            card: "3G".parse().expect("a card"),
        };
        assert_eq!(bot(400).choose(&view), Some(take));
    }

    #[test]
    fn it_counts_the_gukjin_as_ssangpi_when_that_makes_seven_points() {
        // Three gwang and hongdan: 6 points; 8 pi and the gukjin as ssangpi: 10 pi, 1 more.
        let mine = "1G 3G 8G 1T 2T 3T 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 9Y";
        let theirs = "11G 12G 2Y 4Y 10Y 6Y 7Y";
        let view = view("5P1 6P1 7P1", "10P1 12T", mine, theirs, Decision::Gukjin);
        let choice = bot(400).choose(&view);
        assert_eq!(choice, Some(Action::Gukjin(GukjinUse::Ssangpi)));
    }

    #[test]
    fn a_view_without_a_decision_gets_nothing() {
        let mut rng = SmallRng::seed_from_u64(2);
        let game = Game::new(Rules::standard(), Player::A, &mut rng);
        let waiting = game.to_move().map_or(Player::A, Player::other);
        assert_eq!(bot(10).choose(&game.view(waiting)), None);
        let deal = Deal {
            hands: [set("1G 1T 1P1 1P2 2Y"), set("3G 4Y")],
            floor: set("5Y 6Y"),
            stock: vec![Card::GUKJIN],
            first: Player::A,
        };
        let chongtong = Game::from_deal(Rules::classic(), deal).expect("a deal");
        assert!(chongtong.is_over(), "a chongtong ends the game at the deal");
        assert_eq!(bot(10).choose(&chongtong.view(Player::A)), None);
    }

    #[test]
    fn a_view_no_game_shows_still_gets_a_legal_action() {
        let mut view = view("8P1 9T 10T", "8Y 7T 12T", TWO_BIRDS, THREAT, Decision::Play);
        view.stock_len = 40;
        let action = bot(100).choose(&view).expect("an action");
        assert!(view.legal_actions().contains(&action));
    }

    /// Games against the random bot under every preset: every answer is legal, and every
    /// kind of decision, shakes and bombs included, is met.
    #[test]
    fn it_answers_every_kind_of_decision_legally() {
        let mut rng = SmallRng::seed_from_u64(8);
        let mut seen = [false; 6];
        for (_, rules) in Rules::PRESETS {
            for game_number in 0..40 {
                let mut game = Game::new(rules, Player::A, &mut rng);
                let mut search = bot(60);
                let mut random = RandomBot::new(SmallRng::seed_from_u64(game_number));
                while let Some(player) = game.to_move() {
                    let view = game.view(player);
                    let action = match player {
                        Player::A => search.choose(&view),
                        Player::B => random.choose(&view),
                    }
                    .expect("an action");
                    if player == Player::A && game.legal_actions().len() > 1 {
                        let kind = match (view.decision, action) {
                            (_, Action::Play { shake: true, .. }) => 0,
                            (_, Action::Bomb { .. }) => 1,
                            (Some(Decision::Choose { .. }), _) => 2,
                            (Some(Decision::Gukjin), _) => 3,
                            (Some(Decision::GoStop { .. }), _) => 4,
                            _ => 5,
                        };
                        seen[kind] = true;
                    }
                    game.apply(action).expect("a legal action");
                }
            }
        }
        assert_eq!(
            seen, [true; 6],
            "shake, bomb, choose, gukjin, go/stop, play"
        );
    }

    /// Two games that differ only in the opponent's hand and the stock order get the same
    /// choice from bots with the same generator: the bot reads its view only.
    #[test]
    fn the_choice_does_not_depend_on_hidden_cards() {
        let mut rng = SmallRng::seed_from_u64(21);
        let mut compared = 0;
        for steps in 0..60 {
            let mut game = Game::new(Rules::standard(), Player::A, &mut rng);
            let mut random = RandomBot::new(SmallRng::seed_from_u64(steps));
            for _ in 0..steps % 20 {
                let Some(player) = game.to_move() else { break };
                let action = random.choose(&game.view(player)).expect("an action");
                game.apply(action).expect("legal");
            }
            let Some(player) = game.to_move() else {
                continue;
            };
            let mut other = game.clone();
            let opponent = player.other().index();
            let hidden = other.hands[opponent] - other.revealed[opponent];
            let stock = other.stock.remaining_mut();
            stock.reverse();
            if let (Some(card), Some(top)) = (hidden.first(), stock.first_mut()) {
                let swapped = std::mem::replace(top, card);
                other.hands[opponent].remove(card);
                other.hands[opponent].insert(swapped);
            }
            if game == other {
                continue;
            }
            let first = bot(150).choose(&game.view(player));
            assert_eq!(first, bot(150).choose(&other.view(player)));
            assert_eq!(first, bot(150).choose(&game.view(player)), "deterministic");
            compared += 1;
        }
        assert!(compared > 50);
    }
}
