//! Reading mjai text: one JSON object per line, checked field by field.

use serde_json::Value;

use crate::excerpt::excerpt;
use crate::mjai::error::MjaiError;
use crate::mjai::event::MjaiEvent;
use crate::mjai::json::{FieldError, ObjectReader};
use crate::mjai::tile::MjaiTile;

/// One line of a log and its number (from 1).
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub number: usize,
    pub event: MjaiEvent,
}

/// Reads an mjai log: one JSON object per line; blank lines are skipped (and counted);
/// fields mjai tools add that this crate does not use (`meta`, `hora_tehais`...) are
/// ignored.
///
/// # Errors
/// The first bad line's [`MjaiError::Json`] (not a JSON object), [`MjaiError::UnknownType`]
/// (a missing or unknown `type`), [`MjaiError::BadTile`] (a tile field that is not an mjai
/// tile) or [`MjaiError::Malformed`] (a field missing, of the wrong kind or out of range).
pub fn parse_log(text: &str) -> Result<Vec<MjaiEvent>, MjaiError> {
    Ok(parse_lines(text)?.into_iter().map(|l| l.event).collect())
}

/// [`parse_log`], keeping the line numbers.
pub(super) fn parse_lines(text: &str) -> Result<Vec<Line>, MjaiError> {
    let mut lines = Vec::new();
    for (at, text) in text.lines().enumerate() {
        if text.trim().is_empty() {
            continue;
        }
        let number = at + 1;
        lines.push(Line {
            number,
            event: parse_line(number, text)?,
        });
    }
    Ok(lines)
}

pub(super) fn parse_line(line: usize, text: &str) -> Result<MjaiEvent, MjaiError> {
    let value: Value = text
        .parse()
        .map_err(|e: serde_json::Error| MjaiError::Json {
            line,
            message: e.to_string(),
        })?;
    parse_value(line, &value)
}

/// The event of one JSON value of line `line` (an object with a known `type`).
pub(super) fn parse_value(line: usize, value: &Value) -> Result<MjaiEvent, MjaiError> {
    let Value::Object(fields) = value else {
        return Err(MjaiError::Json {
            line,
            message: format!("`{}` is not an object", excerpt(&value.to_string())),
        });
    };
    let kind = match fields.get("type") {
        Some(Value::String(kind)) if MjaiEvent::KINDS.contains(&kind.as_str()) => kind.clone(),
        // RiichiEnv's name of the North declaration.
        Some(Value::String(kind)) if kind == "kita" => kind.clone(),
        found => {
            let found = found.and_then(Value::as_str).unwrap_or_default();
            return Err(MjaiError::UnknownType {
                line,
                found: excerpt(found),
            });
        }
    };
    let malformed = |message: String| MjaiError::Malformed {
        line,
        kind: kind.clone(),
        message,
    };
    let reader = ObjectReader { fields };
    let event = MjaiEvent::read(&kind, &reader).map_err(|error| match error {
        FieldError::Malformed(message) => malformed(message),
        FieldError::BadTile { field, text } => MjaiError::BadTile { line, field, text },
    })?;
    check_event(&event).map_err(malformed)?;
    Ok(event)
}

/// [`check_event`] of line `line`, as [`MjaiError::Malformed`]: for events that were not
/// read from text (built by hand), which reading would have checked.
pub(super) fn check_line(line: usize, event: &MjaiEvent) -> Result<(), MjaiError> {
    check_event(event).map_err(|message| MjaiError::Malformed {
        line,
        kind: event.kind().to_string(),
        message,
    })
}

/// The checks the field types do not make: seats 0..=3, hand numbers 1..=4, a wind for
/// the round, 13 dealt tiles, the right number of tiles in a call.
fn check_event(event: &MjaiEvent) -> Result<(), String> {
    let seat = |name: &str, seat: u8| {
        (seat < 4)
            .then_some(())
            .ok_or_else(|| format!("`{name}` is {seat}, not a seat (0..=3)"))
    };
    if let Some(actor) = event.actor() {
        seat("actor", actor)?;
    }
    let count = |tiles: &[MjaiTile], n: usize| {
        (tiles.len() == n)
            .then_some(())
            .ok_or_else(|| format!("`consumed` has {} tiles, not {n}", tiles.len()))
    };
    match event {
        MjaiEvent::StartGame { id: Some(id), .. } => seat("id", *id),
        MjaiEvent::StartKyoku {
            bakaze,
            kyoku,
            oya,
            tehais,
            ..
        } => {
            seat("oya", *oya)?;
            if !(1..=4).contains(kyoku) {
                return Err(format!("`kyoku` is {kyoku}, not 1..=4"));
            }
            let wind = bakaze
                .copy()
                .is_some_and(|c| (27..31).contains(&c.tile.index()));
            if !wind {
                return Err(format!("`bakaze` is {bakaze}, not a wind (E S W N)"));
            }
            match tehais.iter().find(|hand| hand.len() != 13) {
                Some(hand) => Err(format!(
                    "a hand of `tehais` has {} tiles, not 13",
                    hand.len()
                )),
                None => Ok(()),
            }
        }
        MjaiEvent::Chi {
            target, consumed, ..
        }
        | MjaiEvent::Pon {
            target, consumed, ..
        } => {
            seat("target", *target)?;
            count(consumed, 2)
        }
        MjaiEvent::Daiminkan {
            target, consumed, ..
        } => {
            seat("target", *target)?;
            count(consumed, 3)
        }
        MjaiEvent::Kakan { consumed, .. } => count(consumed, 3),
        MjaiEvent::Ankan { consumed, .. } => count(consumed, 4),
        MjaiEvent::Hora { target, .. } => seat("target", *target),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_are_skipped_and_counted() {
        let lines = parse_lines("\n{\"type\":\"end_kyoku\"}\n\n{\"type\":\"end_game\"}").unwrap();
        let numbers: Vec<usize> = lines.iter().map(|l| l.number).collect();
        assert_eq!(numbers, [2, 4]);
    }
}
