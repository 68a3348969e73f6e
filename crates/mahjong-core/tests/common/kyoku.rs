//! Helpers shared by the scenario tests of the full game (a hand, a match): walls built from
//! the hands, draws and dead wall a scenario needs, and scripts of actions played on them.

use std::fmt::Display;

use mahjong_core::score::TileCopy;
use mahjong_core::{Kyoku, KyokuAction, Match, Seat, Tile, TileWall};

/// Physical tiles in MPSZ, `0` for a red five: `123m0p77z`.
pub fn copies(text: &str) -> Vec<TileCopy> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            out.extend(
                digits
                    .drain(..)
                    .map(|d| format!("{d}{c}").parse::<TileCopy>().unwrap()),
            );
        }
    }
    out
}

/// A wall dealing `hands[i]` (13 tiles, or `""` for filler) to the seat `i` places after
/// the dealer, then the live `draws` from wall index 52 on, with `dead` from index 122 on
/// (4 replacement tiles, then the dora indicators, then the ura indicators); every other
/// slot takes the copies left, in index order.
pub fn wall(hands: [&str; 4], draws: &str, dead: &str) -> TileWall {
    let mut slots: Vec<Option<TileCopy>> = vec![None; 136];
    for (offset, hand) in hands.iter().enumerate() {
        for (i, copy) in copies(hand).into_iter().enumerate() {
            let slot = if i < 12 {
                i / 4 * 16 + offset * 4 + i % 4
            } else {
                48 + offset
            };
            slots[slot] = Some(copy);
        }
    }
    for (i, copy) in copies(draws).into_iter().enumerate() {
        slots[52 + i] = Some(copy);
    }
    for (i, copy) in copies(dead).into_iter().enumerate() {
        slots[122 + i] = Some(copy);
    }
    let mut left: Vec<TileCopy> = Tile::ALL
        .iter()
        .flat_map(|&tile| {
            let red = tile.number() == 5 && !tile.is_honor();
            [
                TileCopy { tile, red },
                TileCopy::plain(tile),
                TileCopy::plain(tile),
                TileCopy::plain(tile),
            ]
        })
        .collect();
    for copy in slots.iter().flatten() {
        let at = left
            .iter()
            .position(|c| c == copy)
            .expect("at most 4 copies");
        left.remove(at);
    }
    let mut left = left.into_iter();
    let tiles: Vec<TileCopy> = slots
        .into_iter()
        .map(|slot| slot.or_else(|| left.next()).unwrap())
        .collect();
    TileWall::from_tiles(&tiles, true).unwrap()
}

/// What a script plays on: a hand, or a match with a hand in play.
pub trait Scripted {
    /// The seat to act.
    fn to_move(&self) -> Option<Seat>;
    /// Its legal actions.
    fn legal_actions(&self) -> Vec<KyokuAction>;
    /// Plays `action`: the `Display` lines of its events, or the error's message.
    fn apply_lines(&mut self, action: KyokuAction) -> Result<Vec<String>, String>;
}

impl Scripted for Kyoku {
    fn to_move(&self) -> Option<Seat> {
        Kyoku::to_move(self)
    }

    fn legal_actions(&self) -> Vec<KyokuAction> {
        Kyoku::legal_actions(self)
    }

    fn apply_lines(&mut self, action: KyokuAction) -> Result<Vec<String>, String> {
        lines(self.apply(action))
    }
}

impl Scripted for Match {
    fn to_move(&self) -> Option<Seat> {
        Match::to_move(self)
    }

    fn legal_actions(&self) -> Vec<KyokuAction> {
        Match::legal_actions(self)
    }

    fn apply_lines(&mut self, action: KyokuAction) -> Result<Vec<String>, String> {
        lines(self.apply(action))
    }
}

/// The `Display` lines of the events of an action, or its error's message.
fn lines<E: Display, R: Display>(applied: Result<Vec<E>, R>) -> Result<Vec<String>, String> {
    let events = applied.map_err(|e| e.to_string())?;
    Ok(events.iter().map(ToString::to_string).collect())
}

/// Plays `script`, a list of `seat: action`: before each, every seat asked about a claim
/// passes until the scripted seat may take the scripted action. Returns the `Display` lines
/// of all events (the passes' included).
pub fn play<T: Scripted>(game: &mut T, script: &[&str]) -> Vec<String> {
    let mut lines = Vec::new();
    for step in script {
        let (seat, action) = step.split_once(':').unwrap();
        let seat: Seat = seat.parse().unwrap();
        let action: KyokuAction = action.parse().unwrap();
        let waiting = |g: &T| g.to_move() != Some(seat) || !g.legal_actions().contains(&action);
        while waiting(game) && game.legal_actions().contains(&KyokuAction::Pass) {
            lines.extend(game.apply_lines(KyokuAction::Pass).unwrap());
        }
        let events = game
            .apply_lines(action)
            .unwrap_or_else(|e| panic!("{step}: {e}"));
        lines.extend(events);
    }
    lines
}

/// Plays `script` as [`play`] does, then passes the claims left.
pub fn play_through<T: Scripted>(game: &mut T, script: &[&str]) -> Vec<String> {
    let mut lines = play(game, script);
    lines.extend(pass_claims(game));
    lines
}

/// Passes every claim until a seat must act on its own turn (or the hand ends).
pub fn pass_claims<T: Scripted>(game: &mut T) -> Vec<String> {
    let mut lines = Vec::new();
    while game.legal_actions().contains(&KyokuAction::Pass) {
        lines.extend(game.apply_lines(KyokuAction::Pass).unwrap());
    }
    lines
}

/// Discards each drawn tile and passes every claim until `done`; the events' lines.
pub fn tsumogiri_until<T: Scripted>(game: &mut T, mut done: impl FnMut(&T) -> bool) -> Vec<String> {
    let mut lines = Vec::new();
    while !done(game) {
        let legal = game.legal_actions();
        let action = if legal.contains(&KyokuAction::Tsumogiri) {
            KyokuAction::Tsumogiri
        } else {
            KyokuAction::Pass
        };
        lines.extend(game.apply_lines(action).unwrap());
    }
    lines
}
