//! Players that choose an action from a [`View`] alone: the classroom assignment's discard rules
//! ([`ClassroomBot`], [spec](crate::spec) section 3.1), a tile-efficiency player
//! ([`EfficiencyBot`]) and a random one ([`RandomBot`]), which also plays a hand of the full
//! game ([`KyokuBot`], [`play_out_kyoku`]) and a whole match ([`play_out_match`]).

mod classroom;
mod common;
mod efficiency;
mod random;

pub use classroom::{ClassroomBot, ClassroomRule};
pub use efficiency::EfficiencyBot;
pub use random::RandomBot;

use crate::game::action::Action;
use crate::game::classroom::Game;
use crate::game::event::Event;
use crate::game::hanchan::{Match, MatchEvent, MatchResult};
use crate::game::kyoku::{Kyoku, KyokuAction, KyokuEvent, KyokuOutcome, KyokuView, TileWall};
use crate::game::outcome::Outcome;
use crate::game::view::View;

/// A player that chooses from what its seat may know.
pub trait Bot {
    /// One of `view.legal`, or `None` when the list is empty (the seat is not to act).
    fn choose(&mut self, view: &View) -> Option<Action>;
}

/// Plays `game` to its end with `bots[seat]` choosing for each seat from its view, and
/// returns every event in order and the outcome; `None` when a seat has no bot or a bot
/// chose nothing or an illegal action (the game is then left where that happened).
pub fn play_out(game: &mut Game, bots: &mut [&mut dyn Bot]) -> Option<(Vec<Event>, Outcome)> {
    let mut events = Vec::new();
    while let Some(seat) = game.to_move() {
        let view = game.view(seat)?;
        let action = bots.get_mut(seat.index())?.choose(&view)?;
        events.extend(game.apply(action).ok()?);
    }
    Some((events, game.outcome()?.clone()))
}

/// A player of the full game that chooses from what its seat may know.
pub trait KyokuBot {
    /// One of `view.legal`, or `None` when the list is empty (the seat is not to act).
    fn choose(&mut self, view: &KyokuView) -> Option<KyokuAction>;
}

/// Plays a hand of the full game to its end with `bots[seat]` choosing for each seat from
/// its view, and returns every event in order and the outcome; `None` when a seat has no
/// bot or a bot chose nothing or an illegal action (the hand is then left where that
/// happened).
pub fn play_out_kyoku(
    kyoku: &mut Kyoku,
    bots: &mut [&mut dyn KyokuBot],
) -> Option<(Vec<KyokuEvent>, KyokuOutcome)> {
    let mut events = Vec::new();
    while let Some(seat) = kyoku.to_move() {
        let view = kyoku.view(seat);
        let action = bots.get_mut(seat.index())?.choose(&view)?;
        events.extend(kyoku.apply(action).ok()?);
    }
    Some((events, kyoku.outcome()?.clone()))
}

/// Plays `game` (a [`Match`]) to its end: each hand's wall comes from `walls`, and
/// `bots[seat]` chooses for each seat from its view. Returns every event in order and the
/// result; `None` when a seat has no bot, a bot chose nothing or an illegal action, or
/// `walls` gave a wall the rules refuse (the match is then left where that happened).
pub fn play_out_match(
    game: &mut Match,
    bots: &mut [&mut dyn KyokuBot],
    walls: &mut dyn FnMut() -> TileWall,
) -> Option<(Vec<MatchEvent>, MatchResult)> {
    let mut events = Vec::new();
    while !game.is_over() {
        if game.needs_wall() {
            events.extend(game.deal(walls()).ok()?);
            continue;
        }
        let seat = game.to_move()?;
        let view = game.view(seat)?;
        let action = bots.get_mut(seat.index())?.choose(&view)?;
        events.extend(game.apply(action).ok()?);
    }
    Some((events, *game.result()?))
}
