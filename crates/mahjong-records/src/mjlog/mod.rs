//! Tenhou's XML game records ("mjlog", the format of Tenhou's archives), read into and
//! written from a [`GameRecord`](crate::GameRecord), four and three players.
//!
//! A record is a root `<mjloggm ver="2.3">` holding, in order: `SHUFFLE` (the wall's seed),
//! `GO type` (the lobby's rule flags, [`rules`]), `UN` (the players' names, URL-encoded, with
//! `dan`, `rate` and `sx`; repeated with one name at a reconnect), `TAIKYOKU oya`, then for
//! each hand `INIT seed="round,honba,sticks,dice0,dice1,dora" ten oya hai0..hai3` (points in
//! hundreds; at three seats `hai3` is empty), draws `T`/`U`/`V`/`W` and discards
//! `D`/`E`/`F`/`G` of seats 0-3 followed by a tile id ([`tile`]), calls `N who m` ([`meld`]),
//! `REACH who step` (1 the declaration, 2 the stick paid, with `ten`), `DORA hai`, `BYE who`
//! (a disconnection) and the result: `AGARI` (`who`, `fromWho`, `hai`, `machi`,
//! `ten="fu,points,limit"`, `yaku` pairs of id and han or `yakuman` ids, `doraHai`,
//! `doraHaiUra`, `sc` the points before and the change of each seat in hundreds, two `AGARI`
//! for a double ron) or `RYUUKYOKU` (`type` yao9, reach4, ron3, kan4, kaze4 or nm, none for
//! an exhaustive draw; `hai0..3` the tenpai hands shown; `sc`); the last result carries
//! `owari`, the final points in hundreds and the match's score of each seat. The format is
//! documented by the open parsers that read it: NegativeMjark/tenhou-log (`tenhouLog.py`),
//! ApplySci/tenhou-log, mjx's `mjlog` decoder, tsubakisakura/mjlog2json and
//! dnovikoff/tenhou.

mod error;
mod meld;
mod names;
mod read;
mod rules;
mod tile;
mod write;
mod xml;
mod yaku;

pub use error::MjlogError;
pub use read::read;
pub use write::write;

use mahjong_core::mjai::{MjaiError, replay as replay_match, replay_hands, to_jsonl};

use crate::GameRecord;

/// Reads `text` ([`read`]) and replays it under the rules its `GO` tag names with
/// mahjong-core (`mahjong_core::mjai::replay` for a whole match, `replay_hands` hand by hand
/// for a record of the first hands of one, without `owari`): every action must be legal and
/// every `AGARI` (yaku, han, fu, points) and every hand's `sc` must be what the game
/// scores. Returns the record read.
///
/// # Errors
/// As [`read`]; [`MjlogError::Replay`] where the game and the record disagree, naming the
/// tag the disagreeing mjai line came from.
pub fn replay(text: &str) -> Result<GameRecord, MjlogError> {
    let traced = read::read_traced(text)?;
    let record = traced.record;
    let jsonl = to_jsonl(&record.events);
    let whole = matches!(
        record.events.last(),
        Some(mahjong_core::mjai::MjaiEvent::EndGame { scores: Some(_) })
    );
    let result = if whole {
        replay_match(record.rules, &jsonl)
    } else {
        replay_hands(record.rules, &jsonl)
    };
    match result {
        Ok(_) => Ok(record),
        Err(source) => {
            let line = line_of(&source).unwrap_or(1);
            let (index, tag) = traced
                .origins
                .get(line.saturating_sub(1))
                .or(traced.origins.last())
                .cloned()
                .unwrap_or_default();
            Err(MjlogError::Replay { index, tag, source })
        }
    }
}

/// The mjai line (1-based) an error names.
fn line_of(error: &MjaiError) -> Option<usize> {
    match error {
        MjaiError::Json { line, .. }
        | MjaiError::UnknownType { line, .. }
        | MjaiError::BadTile { line, .. }
        | MjaiError::Malformed { line, .. }
        | MjaiError::SeatView { line, .. }
        | MjaiError::Hidden { line, .. }
        | MjaiError::ThreePlayerLog { line, .. }
        | MjaiError::ImpossibleWall { line, .. }
        | MjaiError::Unexpected { line, .. }
        | MjaiError::NotAllowed { line, .. }
        | MjaiError::Disagrees { line, .. }
        | MjaiError::Truncated { line, .. } => Some(*line),
        _ => None,
    }
}
