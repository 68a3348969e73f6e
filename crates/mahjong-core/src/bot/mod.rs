//! Players that choose an action from a view alone: the classroom assignment's discard rules
//! ([`ClassroomBot`], [spec](crate::spec) section 3.1), a tile-efficiency player
//! ([`EfficiencyBot`]) and a random one ([`RandomBot`]). Each plays the classroom game
//! ([`Bot`], from a [`View`]) and a hand of the full game of section 4 ([`KyokuBot`], from a
//! [`KyokuView`]: [`play_out_kyoku`], and a whole match with [`play_out_match`]).

mod calls;
mod classroom;
mod common;
mod defence;
mod discard;
mod efficiency;
mod random;
mod seen;

pub use classroom::{ClassroomBot, ClassroomRule};
pub use efficiency::EfficiencyBot;
pub use random::RandomBot;

use crate::game::classroom::action::Action;
use crate::game::classroom::event::Event;
use crate::game::classroom::game::Game;
use crate::game::classroom::outcome::Outcome;
use crate::game::classroom::view::View;
use crate::game::hanchan::{Match, MatchEvent, MatchResult};
use crate::game::kyoku::{Kyoku, KyokuAction, KyokuEvent, KyokuOutcome, KyokuView, TileWall};

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
    // One view, refreshed for the seat to move before each action.
    let mut view = None;
    while let Some(seat) = kyoku.to_move() {
        let view = view.get_or_insert_with(|| kyoku.view(seat));
        kyoku.view_into(seat, view);
        let action = bots.get_mut(seat.index())?.choose(view)?;
        kyoku.apply_into(action, &mut events).ok()?;
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
    // One view, refreshed for the seat to move before each action.
    let mut view = None;
    while !game.is_over() {
        if game.needs_wall() {
            events.extend(game.deal(walls()).ok()?);
            continue;
        }
        let seat = game.to_move()?;
        let kyoku = game.kyoku()?;
        let view = view.get_or_insert_with(|| kyoku.view(seat));
        kyoku.view_into(seat, view);
        let action = bots.get_mut(seat.index())?.choose(view)?;
        game.apply_into(action, &mut events).ok()?;
    }
    Some((events, *game.result()?))
}
