//! Events as JavaScript reads them: mahjong-core's serde form of a [`MatchEvent`] (or
//! [`KyokuEvent`]) tagged by `type`, its tiles in notation, with the event's text; a win
//! with its hand in the calculator's notation and its score structured and explained.

use mahjong_core::score::TileCopy;
use mahjong_core::{KyokuEvent, MatchEvent, Seat, Tile};
use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;

use crate::js::to_js;
use crate::mahjong::score::ScoreJs;
use crate::mahjong::table::MeldJs;

/// The events as `seat` may know them (all of them, every tile shown, without a seat), as
/// an array of `MahjongEvent`.
pub(crate) fn events_js(events: &[MatchEvent], seat: Option<Seat>) -> JsValue {
    let values: Vec<Value> = events
        .iter()
        .map(|event| match seat {
            Some(seat) => match_event(&event.seen_by(seat)),
            None => match_event(event),
        })
        .collect();
    to_js(&values)
}

/// One match event (the TypeScript `MahjongEvent`).
pub(crate) fn match_event(event: &MatchEvent) -> Value {
    match event {
        MatchEvent::Kyoku(event) => kyoku_event(event),
        other => tagged(other, other.to_string()),
    }
}

/// One event of a hand (the TypeScript `MahjongEvent`).
pub(crate) fn kyoku_event(event: &KyokuEvent) -> Value {
    let mut value = tagged(event, event.to_string());
    if let Value::Object(fields) = &mut value {
        match event {
            KyokuEvent::Win { hand, score, .. } => {
                fields.insert("hand".into(), Value::String(hand.to_string()));
                fields.insert("score".into(), json(&ScoreJs::of(score)));
            }
            KyokuEvent::Meld { meld, .. } => {
                fields.insert("meld".into(), json(&MeldJs::of(meld)));
            }
            _ => {}
        }
    }
    value
}

/// `value` as JSON (the bindings' own shapes always serialise).
fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The serde form of an externally tagged enum value, `{"Draw": {...}}`, as
/// `{"type": "Draw", ..., "text": text}`, with every tile copy (`{"tile": 4, "red":
/// false}`) in notation.
fn tagged<T: serde::Serialize>(value: &T, text: String) -> Value {
    let mut fields = Map::new();
    match json(value) {
        Value::Object(outer) => {
            for (kind, inner) in outer {
                fields.insert("type".into(), Value::String(kind));
                match inner {
                    Value::Object(inner) => fields.extend(inner),
                    other => {
                        fields.insert("value".into(), other);
                    }
                }
            }
        }
        Value::String(kind) => {
            fields.insert("type".into(), Value::String(kind));
        }
        _ => {}
    }
    fields.insert("text".into(), Value::String(text));
    let mut value = Value::Object(fields);
    tiles_in_notation(&mut value);
    value
}

/// Replaces each tile copy's serde form under `value` with its notation (`0p`).
fn tiles_in_notation(value: &mut Value) {
    if let Some(copy) = tile_copy(value) {
        *value = Value::String(copy.to_string());
        return;
    }
    match value {
        Value::Object(fields) => fields.values_mut().for_each(tiles_in_notation),
        Value::Array(items) => items.iter_mut().for_each(tiles_in_notation),
        _ => {}
    }
}

/// The tile copy `{"tile": index, "red": bool}` is the serde form of, if it is one.
fn tile_copy(value: &Value) -> Option<TileCopy> {
    let fields = value.as_object().filter(|f| f.len() == 2)?;
    let index = fields.get("tile")?.as_u64()?;
    let red = fields.get("red")?.as_bool()?;
    let tile = Tile::from_index(u8::try_from(index).ok()?)?;
    Some(TileCopy { tile, red })
}
