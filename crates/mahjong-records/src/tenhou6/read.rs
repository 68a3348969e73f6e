//! Reading a tenhou.net/6 log: its hands as mjai lines ([`Hand`](super::hand)), its rule
//! object as rules, its names and final scores as the match's.

use mahjong_core::mjai::{MjaiError, MjaiEvent, replay_hands as replay_mjai_hands, to_jsonl};
use serde_json::Value;

use super::error::TenhouError;
use super::hand::Hand;
use super::rule::rules_of;
use crate::{GameRecord, hand_of_line};

/// Reads a tenhou.net/6 JSON log as a [`GameRecord`]: its rules from the `rule` object
/// (see "The rule object" in the [module docs](super): the lobby, tonpuusen or hanchan, open tanyao,
/// red fives; at three seats when the fourth seat is dealt no tiles), and its full mjai
/// log, each hand's lines in the order mahjong-core's
/// [`MjaiWriter`](mahjong_core::mjai::MjaiWriter) writes them so that
/// [`mahjong_core::mjai::replay`] can check them. A log with the final scores (`sc`) is a
/// whole match: `start_game` with the `name` names first, `end_game` with `sc`'s points
/// last; a log without is its hands alone. A win's `hora` carries the winner, the
/// discarder, the winning tile, the ura indicators (riichi only), the yaku as mjai names
/// with their han, the fan (13 per yakuman), the fu when the points string gives them (0
/// for a yakuman), the hand's value and the point changes; a draw's `ryukyoku` its reason,
/// point changes, and the tenpai seats when the changes show them.
///
/// # Errors
/// - [`TenhouError::NotALog`]: not a JSON object with a `log` array.
/// - [`TenhouError::Field`]: `rule`, `name` or `sc` not shaped as the format says.
/// - [`TenhouError::Malformed`]: a hand not shaped as the format says (a haipai not 13
///   tiles, a number that is no tile, more than 136 draws or discards of a seat).
/// - [`TenhouError::OutOfTurn`]: the draws and discards cannot be played in turn (a call
///   of a tile not just discarded, items left when the hand ends).
/// - [`TenhouError::BadResult`]: a result of no known kind, a win naming no seat, point
///   changes not one number per seat, a points or yaku string of no known form.
pub fn read(text: &str) -> Result<GameRecord, TenhouError> {
    let value: Value = text
        .parse()
        .map_err(|e: serde_json::Error| TenhouError::NotALog(e.to_string()))?;
    let hands = value
        .get("log")
        .and_then(Value::as_array)
        .ok_or_else(|| TenhouError::NotALog("no `log` array".to_string()))?;
    let read: Vec<Hand> = hands
        .iter()
        .enumerate()
        .map(|(index, hand)| Hand::read(index + 1, hand))
        .collect::<Result<_, _>>()?;
    let seats = read.first().map_or(4, |hand| hand.seats);
    if let Some(hand) = read.iter().find(|hand| hand.seats != seats) {
        return Err(hand.malformed("its seats are not the first hand's".to_string()));
    }
    let mut rules = rules_of(value.get("rule"), seats == 3)?;
    // The match's start points from its first hand, when every seat has the same and the
    // lobby starts elsewhere than its preset (private lobbies), as Tenhou's XML reads.
    if let Some(first) = read
        .first()
        .filter(|hand| hand.index == 0 && hand.honba == 0)
    {
        let points = &first.points[..usize::from(seats)];
        if points.iter().all(|&p| p == points[0]) {
            rules.match_rules.start_points = points[0];
        }
    }
    let final_points = final_scores(value.get("sc"))?;
    let mut events = Vec::new();
    // A match (with its final `sc`), or its first hands naming the players: a
    // `start_game`, as Tenhou's XML records read.
    if final_points.is_some() || value.get("name").is_some() {
        events.push(MjaiEvent::StartGame {
            id: None,
            names: names(value.get("name"))?,
        });
    }
    for hand in &read {
        hand.write(&rules, &mut events)?;
    }
    if let Some(scores) = final_points {
        events.push(MjaiEvent::EndGame {
            scores: Some(scores),
        });
    }
    Ok(GameRecord { rules, events })
}

/// Reads a tenhou.net/6 JSON log ([`read`]) and replays each hand on its own
/// ([`mahjong_core::mjai::replay_hands`]): every action must be legal and every hand's
/// result (who won from whom with which yaku, fu and points, each seat's point changes)
/// the game's. For excerpts of a match; a whole match is checked with
/// [`mahjong_core::mjai::replay`] on the record's events. Returns the game's mjai log.
///
/// # Errors
/// As [`read`]; [`TenhouError::Replay`] where the game and the log disagree, naming the
/// hand.
pub fn replay_hands(text: &str) -> Result<Vec<MjaiEvent>, TenhouError> {
    let record = read(text)?;
    let events = record.framed_events();
    replay_mjai_hands(record.rules, &to_jsonl(&events))
        .map_err(|source| replay_error(&events, source))
}

/// A replay's error of `events`, naming the hand of its line (the hands counted from 1 by
/// their `start_kyoku` lines).
pub(super) fn replay_error(events: &[MjaiEvent], source: MjaiError) -> TenhouError {
    let hand = source.line().map(|line| hand_of_line(events, line));
    TenhouError::Replay {
        hand: hand.filter(|&h| h > 0),
        source,
    }
}

/// The final points of `sc` (each seat's points, then its ranking points: eight numbers),
/// or `None` when the log has no `sc`.
fn final_scores(sc: Option<&Value>) -> Result<Option<[i32; 4]>, TenhouError> {
    let Some(sc) = sc else { return Ok(None) };
    let bad = || TenhouError::Field {
        field: "sc",
        message: "not eight numbers (each seat's points and ranking points)".to_string(),
    };
    let numbers = sc.as_array().filter(|n| n.len() == 8).ok_or_else(bad)?;
    let mut scores = [0; 4];
    for (seat, score) in scores.iter_mut().enumerate() {
        let points = numbers[2 * seat].as_f64().ok_or_else(bad)?;
        *score = points as i32;
        if f64::from(*score) != points {
            return Err(bad());
        }
    }
    Ok(Some(scores))
}

/// The names of `name` (four strings; the fourth empty at three seats).
fn names(name: Option<&Value>) -> Result<Option<[String; 4]>, TenhouError> {
    let Some(name) = name else { return Ok(None) };
    let bad = || TenhouError::Field {
        field: "name",
        message: "not four strings".to_string(),
    };
    let list = name.as_array().filter(|n| n.len() == 4).ok_or_else(bad)?;
    let mut names: [String; 4] = Default::default();
    for (slot, value) in names.iter_mut().zip(list) {
        *slot = value.as_str().ok_or_else(bad)?.to_string();
    }
    // Four empty names are a log of no names (as the writer writes one).
    Ok(Some(names).filter(|names| names.iter().any(|n| !n.is_empty())))
}
