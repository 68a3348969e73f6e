//! A match: game after game, with money, the lead and the nagari multiplier (section 5).

use rand::Rng;
use thiserror::Error;

use crate::deal::{Deal, DealError};
use crate::event::Outcome;
use crate::game::Game;
use crate::player::Player;
use crate::rules::Rules;
use crate::settle::Settlement;
use crate::words::count;

/// A match between A and B: each game's settlement moves money at a stake per point, the
/// winner leads the next game (after a nagari the same player leads again), and a nagari
/// doubles the next game's result, cumulatively, up to the rules' cap. The match records
/// only the games it deals, each once.
///
/// A match is a plain value with no hidden identity: two matches built alike compare equal
/// and deal interchangeable games. A game dealt by a match carries its number there, and
/// [`Match::record`] takes the game whose number and rules are those of the match's next
/// game.
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Match {
    rules: Rules,
    stake: u64,
    money: [i64; 2],
    next_first: Player,
    nagari_multiplier: u64,
    /// Games pushed in a row ([`Match::push`]), and 2 to that power.
    pushes: u8,
    push_multiplier: u64,
    games: u64,
}

/// The mark a match puts on each game it deals: the game's number there (0 for the first),
/// so that [`Match::record`] settles each game once; at a Go-Stop table, also a fingerprint
/// of the seating's deal, so that a hand is recorded only with the seating it was played
/// from ([`crate::GoStopMatch::record`]; 0, and not written, in Matgo).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Ticket {
    pub(crate) number: u64,
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub(crate) deal: u64,
}

#[cfg(feature = "serde")]
fn is_zero(deal: &u64) -> bool {
    *deal == 0
}

/// A game that [`Match::record`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MatchError {
    /// The game has not ended.
    #[error("the game is not over yet")]
    NotOver,
    /// The game was not dealt by a match ([`Match::new_game`] or
    /// [`Match::game_from_deal`]), or not as this match's next game: another number or other
    /// rules.
    #[error("the game was not dealt by this match as its next game")]
    NotDealtByMatch,
    /// The match has already recorded its game of this number.
    #[error("game {game} of the match has already been recorded")]
    AlreadyRecorded {
        /// The game's number in the match, from 1.
        game: u64,
    },
    /// A push under rules without it ([`Rules::push_limit`] 0).
    #[error("the rules do not allow pushing a game")]
    PushOff,
    /// A push of a game not won by stopping (an instant win or a nagari).
    #[error("only a game won by stopping can be pushed")]
    PushNeedsStop,
    /// A push past the rules' limit of games pushed in a row ([`Match::pushes`]).
    #[error(
        "the limit of {} pushed in a row is reached: this one must be paid",
        count(u64::from(*limit), "game")
    )]
    PushLimit {
        /// The rules' limit ([`Rules::push_limit`]).
        limit: u8,
    },
    /// Paying the game would take a player's money beyond what an `i64` holds.
    #[error(
        "paying {} at {stake} per point would take a player's money outside {} to {}",
        count(*.points, "point"),
        i64::MIN,
        i64::MAX
    )]
    Overflow {
        /// The points to pay (instant payments or the game's result).
        points: u64,
        /// The money per point.
        stake: u64,
    },
}

impl Match {
    /// A match under `rules` that `first` leads, at `stake` money per point, each player
    /// starting with `money`. Money is an `i64`: a game whose payment would not fit is
    /// refused by [`Match::record`] ([`MatchError::Overflow`]).
    pub fn new(rules: Rules, first: Player, stake: u64, money: i64) -> Match {
        Match {
            rules,
            stake,
            money: [money; 2],
            next_first: first,
            nagari_multiplier: 1,
            pushes: 0,
            push_multiplier: 1,
            games: 0,
        }
    }

    /// The same match with each player's money set (indexed by [`Player::index`]), to
    /// resume a match or set up a situation.
    pub fn with_money(mut self, money: [i64; 2]) -> Match {
        self.money = money;
        self
    }

    /// The same match as it stands after `nagari` games in a row ended in nagari (section
    /// 5): the next game's result counts 2^nagari, up to the rules' cap (saturating), and
    /// the match's first player still leads it, as after a nagari.
    ///
    /// ```
    /// use hwatu_core::{Match, Player, Rules};
    ///
    /// let matgo = Match::new(Rules::standard(), Player::B, 100, 10_000).after_nagari(2);
    /// assert_eq!((matgo.nagari_multiplier(), matgo.next_first()), (4, Player::B));
    /// let capped = Rules { nagari_cap: Some(2), ..Rules::standard() };
    /// assert_eq!(Match::new(capped, Player::A, 1, 0).after_nagari(5).nagari_multiplier(), 2);
    /// ```
    pub fn after_nagari(mut self, nagari: u32) -> Match {
        self.nagari_multiplier = self.capped(1u64.checked_shl(nagari).unwrap_or(u64::MAX));
        self
    }

    /// `multiplier` within the rules' nagari cap (a cap below 1 counts as 1).
    fn capped(&self, multiplier: u64) -> u64 {
        self.rules
            .nagari_cap
            .map_or(multiplier, |cap| multiplier.min(cap.max(1)))
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

    /// Whether the next game is a jackpot game, whose result counts double
    /// ([`Rules::jackpot_every`]).
    pub fn is_jackpot_game(&self) -> bool {
        let every = self.rules.jackpot_every;
        every > 0 && self.games.saturating_add(1).is_multiple_of(every)
    }

    /// Who leads the next game.
    pub fn next_first(&self) -> Player {
        self.next_first
    }

    /// The multiplier the next game's result carries from nagari before it (1 when none).
    pub fn nagari_multiplier(&self) -> u64 {
        self.nagari_multiplier
    }

    /// Games pushed in a row before the next game ([`Match::push`], section 11): a game paid
    /// by [`Match::record`] ends the run, a nagari does not (the pushed games' doubling
    /// carries past it, as the nagari's does past a push), so at most [`Rules::push_limit`]
    /// games are pushed between two paid games.
    pub fn pushes(&self) -> u8 {
        self.pushes
    }

    /// The multiplier the next game's result carries from pushes before it: 2^pushes
    /// ([`Match::pushes`]), saturating at `u64::MAX` (section 11).
    pub fn push_multiplier(&self) -> u64 {
        self.push_multiplier
    }

    /// Games recorded so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Deals the next game under the match's rules, led by [`Match::next_first`].
    pub fn new_game<R: Rng + ?Sized>(&self, rng: &mut R) -> Game {
        self.stamp(Game::new(self.rules, self.next_first, rng))
    }

    /// The next game from an explicit deal under the match's rules (see
    /// [`Game::from_deal`]), to set up a situation; the deal's first player leads it.
    ///
    /// # Errors
    /// The [`DealError`] of [`Game::from_deal`].
    pub fn game_from_deal(&self, deal: Deal) -> Result<Game, DealError> {
        Game::from_deal(self.rules, deal).map(|game| self.stamp(game))
    }

    /// Marks `game` as the match's next game.
    fn stamp(&self, mut game: Game) -> Game {
        game.ticket = Some(Ticket {
            number: self.games,
            deal: 0,
        });
        game
    }

    /// Settles a finished game that this match dealt: moves the money (instant payments
    /// included), sets the next leader and the nagari multiplier, and returns the
    /// settlement. The money moved is exactly the instant payments and
    /// [`Settlement::payment`] at the match's stake.
    ///
    /// Each game number is recorded once: of two games dealt for the same number, the
    /// second is refused. (A clone of the match, or a match built alike, is another record
    /// of the same games.)
    ///
    /// # Errors
    /// [`MatchError::NotDealtByMatch`] for a game not dealt as this match's next game,
    /// [`MatchError::AlreadyRecorded`] for a game whose number is already recorded,
    /// [`MatchError::NotOver`] for a game still going, [`MatchError::Overflow`] when the
    /// money would not fit in an `i64`; the match is then unchanged.
    pub fn record(&mut self, game: &Game) -> Result<Settlement, MatchError> {
        let settlement = self.settlement(game)?;
        let mut money = self.pay_instant(&settlement)?;
        if let Some(winner) = settlement.winner() {
            money = self.pay(money, winner.other(), winner, settlement.points)?;
        }
        self.money = money;
        if let Some(winner) = settlement.winner() {
            self.next_first = winner;
            self.nagari_multiplier = 1;
            (self.pushes, self.push_multiplier) = (0, 1);
        } else if settlement.outcome == Outcome::Nagari {
            self.next_first = game.first();
            self.nagari_multiplier = self.capped(self.nagari_multiplier.saturating_mul(2));
        }
        self.games += 1;
        Ok(settlement)
    }

    /// Records a game won by stopping whose winner pushes (section 11, [`Rules::push_limit`]):
    /// it forfeits the result, so no one pays it (the instant payments are still paid), the
    /// next game's result counts double (cumulatively, besides the nagari multiplier, which
    /// carries on), and the winner leads it. At most [`Rules::push_limit`] games in a row
    /// may be pushed; a game paid by [`Match::record`] ends the run, a nagari does not
    /// ([`Match::pushes`]). Returns the settlement the winner forfeited, with the push
    /// multiplier it carried.
    ///
    /// # Errors
    /// The errors of [`Match::record`]; [`MatchError::PushOff`] under rules without push,
    /// [`MatchError::PushNeedsStop`] for a game not won by stopping,
    /// [`MatchError::PushLimit`] when the limit of games pushed in a row is reached. The
    /// match is then unchanged.
    pub fn push(&mut self, game: &Game) -> Result<Settlement, MatchError> {
        let settlement = self.settlement(game)?;
        let limit = self.rules.push_limit;
        let Outcome::Stop { winner } = settlement.outcome else {
            return Err(if limit == 0 {
                MatchError::PushOff
            } else {
                MatchError::PushNeedsStop
            });
        };
        match limit {
            0 => return Err(MatchError::PushOff),
            _ if self.pushes >= limit => return Err(MatchError::PushLimit { limit }),
            _ => {}
        }
        self.money = self.pay_instant(&settlement)?;
        self.next_first = winner;
        self.pushes += 1;
        self.push_multiplier = self.push_multiplier.saturating_mul(2);
        self.games += 1;
        Ok(settlement)
    }

    /// The settlement of a finished game this match dealt as its next game, with the
    /// match's multipliers (jackpot, push).
    fn settlement(&self, game: &Game) -> Result<Settlement, MatchError> {
        let ours = game.rules == self.rules;
        match game.ticket {
            Some(ticket) if ticket.number < self.games => Err(MatchError::AlreadyRecorded {
                game: ticket.number.saturating_add(1),
            }),
            Some(ticket) if ticket.number == self.games && ours => Ok(()),
            _ => Err(MatchError::NotDealtByMatch),
        }?;
        let mut settlement = game
            .settle(self.nagari_multiplier)
            .ok_or(MatchError::NotOver)?;
        if self.is_jackpot_game() {
            settlement.jackpot_multiplier = 2;
            settlement.multiply(2, &self.rules);
        }
        settlement.push_multiplier = self.push_multiplier;
        settlement.multiply(self.push_multiplier, &self.rules);
        Ok(settlement)
    }

    /// The money after both players' instant payments of `settlement`.
    fn pay_instant(&self, settlement: &Settlement) -> Result<[i64; 2], MatchError> {
        let mut money = self.money;
        for player in Player::BOTH {
            let received = settlement.instant_points()[player.index()];
            money = self.pay(money, player.other(), player, received)?;
        }
        Ok(money)
    }

    /// `money` after `from` pays `to` `points` at the stake (at most what it has under
    /// [`Rules::balance_cap`]).
    fn pay(
        &self,
        mut money: [i64; 2],
        from: Player,
        to: Player,
        points: u64,
    ) -> Result<[i64; 2], MatchError> {
        let overflow = MatchError::Overflow {
            points,
            stake: self.stake,
        };
        let (payer, payee) = (money[from.index()], money[to.index()]);
        let full = points
            .checked_mul(self.stake)
            .and_then(|amount| i64::try_from(amount).ok());
        let amount = match (full, self.rules.balance_cap) {
            (Some(amount), true) => amount.min(payer.max(0)),
            (None, true) => payer.max(0),
            (Some(amount), false) => amount,
            (None, false) => return Err(overflow),
        };
        money[from.index()] = payer.checked_sub(amount).ok_or(overflow.clone())?;
        money[to.index()] = payee.checked_add(amount).ok_or(overflow)?;
        Ok(money)
    }
}
