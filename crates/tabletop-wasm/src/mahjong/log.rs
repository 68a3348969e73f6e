//! A log reader for a viewer: an mjai log or a Tenhou record (tenhou.net/6 JSON, or the
//! XML mjlog) read by mahjong-records, replayed hand by hand by mahjong-core
//! (`mjai::logged_hands`), and each hand played again action by action, with the table
//! after each action that changed it, every seat's tiles shown.

use mahjong_core::mjai::{LoggedHand, MjaiError, MjaiEvent, logged_hands};
use mahjong_core::{Kyoku, KyokuAction, KyokuView, MatchEvent, Rules, Seat};
use mahjong_records::{Format, GameRecord, Platform, hand_of_line};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::js::{optional_text, text, to_js};
use crate::mahjong::event::{kyoku_event, match_event};
use crate::mahjong::table::TableJs;

/// A log (the TypeScript `MahjongLog`).
#[derive(Serialize)]
struct LogJs {
    format: &'static str,
    players: usize,
    hands: Vec<HandJs>,
}

/// A hand of a log (the TypeScript `MahjongLogHand`).
#[derive(Serialize)]
struct HandJs {
    name: String,
    steps: Vec<StepJs>,
    outcome: Option<mahjong_core::KyokuOutcome>,
}

/// A step of a hand (the TypeScript `MahjongLogStep`).
#[derive(Serialize)]
struct StepJs {
    actor: Option<usize>,
    action: Option<String>,
    events: Vec<Value>,
    table: TableJs,
}

/// Reads a game record for a viewer: an mjai log (one JSON object a line, every seat's
/// tiles shown), a tenhou.net/6 JSON log, or a Tenhou XML record (mjlog); `platform`
/// (`tenhou` when not given; `mahjong-soul`, `m-league`, `wrc`) gives the rules of an
/// mjai log, which names none (its three-player preset for a three-player log).
///
/// Returns a `MahjongLog`: per hand, its name (`East 1, 0 honba`), its steps (the deal,
/// then each action that changed the table: the seat, the action in `KyokuAction` text,
/// its events, and the table after it, every seat's hand, melds, river, points and the
/// dora indicators shown) and its outcome. Each hand is replayed from its own table, so
/// a record of some hands of a match reads too.
///
/// # Errors
/// `BAD_ARGUMENT` for an unknown platform; `BAD_LOG` for text of no known format, a line
/// or hand that does not read (naming it), or a hand the rules refuse to replay (naming
/// the hand and the line of its mjai form).
#[wasm_bindgen(js_name = readLog, unchecked_return_type = "MahjongLog")]
pub fn read_log(
    #[wasm_bindgen(unchecked_param_type = "string")] log: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "MahjongPlatform")] platform: JsValue,
) -> Result<JsValue, JsValue> {
    let log = text(&log, "the log")?;
    // Platforms are named with `-` (`mahjong-soul`); `_` is read too, as the rule presets.
    let platform: Platform = optional_text(&platform, "the platform")?
        .map_or_else(|| "tenhou".to_string(), |name| name.replace('_', "-"))
        .parse()
        .map_err(Code::BadArgument.with())?;
    let text = log.strip_prefix('\u{feff}').unwrap_or(&log);
    let format = Format::detect(text).ok_or_else(|| {
        Code::BadLog
            .error("not a game record: neither mjai lines, Tenhou's XML nor tenhou.net/6 JSON")
    })?;
    let record = GameRecord::read_as(format, text, platform)
        .map_err(|e| Code::BadLog.error(format!("cannot read the {format} log: {e}")))?;
    let events = record.framed_events();
    let hands = logged_hands(record.rules, &events, false)
        .map_err(|e| Code::BadLog.error(replay_error(&events, &e)))?;
    let hands = hands
        .iter()
        .enumerate()
        .map(|(at, hand)| hand_js(record.rules, at + 1, hand))
        .collect::<Result<Vec<_>, String>>()
        .map_err(|e| Code::BadLog.error(e))?;
    Ok(to_js(&LogJs {
        format: format.name(),
        players: record.rules.seats,
        hands,
    }))
}

/// A replay's error, naming the hand of its line (counted from 1).
fn replay_error(events: &[MjaiEvent], error: &MjaiError) -> String {
    let hand = hand_of_line(events, error.line().unwrap_or(events.len()));
    format!("hand {hand} does not replay (lines of its mjai form): {error}")
}

/// The name of a hand dealt at `start`: `East 1, 0 honba`.
fn hand_name(kyoku: &Kyoku) -> String {
    let start = kyoku.start();
    format!(
        "{} {}, {} honba",
        start.round_wind.name(),
        start.dealer.index() + 1,
        start.honba
    )
}

/// Hand `number` of a log played again: its steps and outcome.
///
/// # Errors
/// What mahjong-core refuses, in words (not for a hand `logged_hands` gave).
fn hand_js(rules: Rules, number: usize, hand: &LoggedHand) -> Result<HandJs, String> {
    let refused = |e: &dyn std::fmt::Display| format!("hand {number}: {e}");
    let mut kyoku =
        Kyoku::from_wall(rules, hand.start, hand.wall.clone()).map_err(|e| refused(&e))?;
    let start = hand.start;
    let dealt = MatchEvent::HandStarted {
        round_wind: start.round_wind,
        number: u8::try_from(start.dealer.index() + 1).unwrap_or(1),
        dealer: start.dealer,
        honba: start.honba,
        riichi_sticks: start.riichi_sticks,
        points: start.points,
    };
    let mut steps = vec![step(&kyoku, None, None, vec![match_event(&dealt)])];
    for logged in &hand.actions {
        let actor = kyoku.to_move();
        let events = kyoku
            .apply(logged.action)
            .map_err(|e| refused(&format!("line {}: {e}", logged.line)))?;
        if !events.is_empty() {
            let events = events.iter().map(kyoku_event).collect();
            steps.push(step(&kyoku, actor, Some(logged.action), events));
        }
    }
    Ok(HandJs {
        name: hand_name(&kyoku),
        steps,
        outcome: kyoku.outcome().cloned(),
    })
}

/// The step of `action` by `actor` and its `events`: the table after them, every seat's
/// tiles shown.
fn step(
    kyoku: &Kyoku,
    actor: Option<Seat>,
    action: Option<KyokuAction>,
    events: Vec<Value>,
) -> StepJs {
    let views: Vec<KyokuView> = Seat::first(kyoku.rules().seats)
        .map(|seat| kyoku.view(seat))
        .collect();
    let shown: Vec<&KyokuView> = views.iter().collect();
    StepJs {
        actor: actor.map(Seat::index),
        action: action.map(|a| a.to_string()),
        events,
        table: TableJs::of(&kyoku.view(Seat::ALL[0]), &shown),
    }
}
