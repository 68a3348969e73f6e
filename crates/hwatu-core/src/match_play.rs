//! A match: game after game, with money, the lead and the nagari multiplier (section 5).

use rand::Rng;
use thiserror::Error;

use crate::event::Outcome;
use crate::game::Game;
use crate::player::Player;
use crate::rules::Rules;
use crate::settle::Settlement;

/// A match between A and B: each game's settlement moves money at a stake per point, the
/// winner leads the next game (after a nagari the same player leads again), and a nagari
/// doubles the next game's result, cumulatively, up to the rules' cap.
///
/// ```
/// use hwatu_core::{bot::{Bot, RandomBot}, Match, Player, Rules};
/// use rand::{rngs::StdRng, SeedableRng};
///
/// let mut rng = StdRng::seed_from_u64(3);
/// let mut matgo = Match::new(Rules::standard(), Player::A, 100, 10_000);
/// let mut bot = RandomBot::new(StdRng::seed_from_u64(4));
/// let mut game = matgo.new_game(&mut rng);
/// while let Some(player) = game.to_move() {
///     let action = bot.choose(&game.view(player)).expect("a legal action");
///     game.apply(action)?;
/// }
/// let settlement = matgo.record(&game)?;
/// assert_eq!(matgo.money()[0] + matgo.money()[1], 20_000);
/// # let _ = settlement;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rules: Rules,
    stake: u64,
    money: [i64; 2],
    next_first: Player,
    nagari_multiplier: u64,
    games: u32,
}

/// A game that [`Match::record`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The game has not ended.
    #[error("the game is not over yet")]
    NotOver,
    /// The game was played under other rules.
    #[error("the game was played under other rules than the match")]
    OtherRules,
}

impl Match {
    /// A match under `rules` that `first` leads, at `stake` money per point, each player
    /// starting with `money`.
    pub fn new(rules: Rules, first: Player, stake: u64, money: i64) -> Match {
        Match {
            rules,
            stake,
            money: [money; 2],
            next_first: first,
            nagari_multiplier: 1,
            games: 0,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The money per point.
    pub fn stake(&self) -> u64 {
        self.stake
    }

    /// Both players' money, indexed by [`Player::index`].
    pub fn money(&self) -> [i64; 2] {
        self.money
    }

    /// The player with more money, `None` when even.
    pub fn leader(&self) -> Option<Player> {
        match self.money[0].cmp(&self.money[1]) {
            std::cmp::Ordering::Greater => Some(Player::A),
            std::cmp::Ordering::Less => Some(Player::B),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Who leads the next game.
    pub fn next_first(&self) -> Player {
        self.next_first
    }

    /// The multiplier the next game's result carries from nagari before it (1 when none).
    pub fn nagari_multiplier(&self) -> u64 {
        self.nagari_multiplier
    }

    /// Games recorded so far.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Deals the next game.
    pub fn new_game<R: Rng + ?Sized>(&self, rng: &mut R) -> Game {
        Game::new(self.rules, self.next_first, rng)
    }

    /// Settles a finished game: moves the money (instant payments included), sets the next
    /// leader and the nagari multiplier, and returns the settlement.
    ///
    /// # Errors
    /// [`MatchError::NotOver`] for a game still going, [`MatchError::OtherRules`] for a game
    /// under other rules; the match is then unchanged.
    pub fn record(&mut self, game: &Game) -> Result<Settlement, MatchError> {
        if game.rules() != &self.rules {
            return Err(MatchError::OtherRules);
        }
        let settlement = game
            .settle(self.nagari_multiplier)
            .ok_or(MatchError::NotOver)?;
        for player in Player::BOTH {
            let received = settlement.instant_points[player.index()];
            self.pay(player.other(), player, received);
        }
        if let Some(winner) = settlement.winner() {
            self.pay(winner.other(), winner, settlement.points);
            self.next_first = winner;
            self.nagari_multiplier = 1;
        } else if settlement.outcome == Outcome::Nagari {
            self.next_first = game.first();
            let doubled = self.nagari_multiplier.saturating_mul(2);
            self.nagari_multiplier = self
                .rules
                .nagari_cap
                .map_or(doubled, |cap| doubled.min(cap));
        }
        self.games += 1;
        Ok(settlement)
    }

    fn pay(&mut self, from: Player, to: Player, points: u64) {
        let amount = i64::try_from(points.saturating_mul(self.stake)).unwrap_or(i64::MAX);
        self.money[from.index()] = self.money[from.index()].saturating_sub(amount);
        self.money[to.index()] = self.money[to.index()].saturating_add(amount);
    }
}
