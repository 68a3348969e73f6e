//! Tenhou's XML game records ("mjlog", the format of Tenhou's archives), read into and
//! written from a [`GameRecord`], four and three players.
//!
//! A record is a root `<mjloggm ver="2.3">` holding, in order: `SHUFFLE` (the wall's seed),
//! `GO type` (the lobby's rule flags, below), `UN` (the players' names, URL-encoded, with
//! `dan`, `rate` and `sx`; repeated with one name at a reconnect), `TAIKYOKU oya`, then for
//! each hand `INIT seed="round,honba,sticks,dice0,dice1,dora" ten oya hai0..hai3` (points in
//! hundreds; at three seats `hai3` is empty), draws `T`/`U`/`V`/`W` and discards
//! `D`/`E`/`F`/`G` of seats 0-3 followed by a tile id (below), calls `N who m` (below),
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
//!
//! # Rule flags
//!
//! `GO type`: 0x01 a game of people, 0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan
//! (else tonpuusen), 0x10 three players, 0x20 and 0x80 the lobby's level, 0x40 the fast
//! game. They are read as [`Rules::tenhou`](mahjong_core::Rules::tenhou) (or
//! [`Rules::tenhou_sanma`](mahjong_core::Rules::tenhou_sanma)) with red fives, open tanyao
//! and the match's length set; the first hand's points, when all equal, are the start
//! points. Higher bits (private lobbies, chips) are not read.
//!
//! # Tile ids
//!
//! 0-135, four per kind, kinds 1m..9m, 1p..9p, 1s..9s, E S W N, white green red: kind =
//! id / 4. With red fives, ids 16, 52 and 88 are the red 5m, 5p and 5s.
//!
//! # The `m` bits of a call
//!
//! Bits 0-1: the seat the tile came from, counted after the caller (3 the previous seat).
//! Bit 2 set, a chi: bits 10-15 `sequence * 3 + called`, bits 3-8 the three copies
//! (id % 4). Bit 3 set, a pon, or bit 4, an added kan: bits 9-15 `kind * 3 + called`, bits
//! 5-6 the copy left out (added). Bit 5 set, a kita: bits 8-15 the North's id. None of these,
//! a kan: bits 8-15 a tile id (open when bits 0-1 name a seat, else closed).

mod attrs;
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
pub use write::{DICE, write};

use crate::GameRecord;

/// Reads `text` as [`read`] does, with the tag each event came from: for the record's event
/// `i` (its mjai line `i + 1`), the tag's index among the record's tags and the tag's text
/// (shortened), so that a disagreement found later can be shown where the record has it.
///
/// # Errors
/// As [`read`].
pub fn read_with_tags(text: &str) -> Result<(GameRecord, Vec<(usize, String)>), MjlogError> {
    let traced = read::read_traced(text)?;
    Ok((traced.record, traced.origins))
}

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
    match record.replayed() {
        Ok(_) => Ok(record),
        Err(source) => {
            let line = source.line().unwrap_or(1);
            let (index, tag) = traced
                .origins
                .get(line.saturating_sub(1))
                .or(traced.origins.last())
                .cloned()
                .unwrap_or_default();
            Err(MjlogError::Replay {
                index,
                tag,
                source: Box::new(source),
            })
        }
    }
}
