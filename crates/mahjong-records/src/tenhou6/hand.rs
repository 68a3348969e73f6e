//! One hand of a tenhou.net/6 log: its array read ([`Hand::read`]) and written as mjai
//! lines ([`Hand::write`]): the table, then the streams played in turn
//! ([`Play`](super::play)), then the result ([`result`](super::result)).

use std::cell::Cell;

use mahjong_core::Rules;
use mahjong_core::Tile;
use mahjong_core::mjai::{MjaiEvent, MjaiTile};
use mahjong_core::score::TileCopy;
use serde_json::Value;

use super::error::TenhouError;
use super::play::{MAX_ITEMS, MAX_RETRIES, Play};
use super::tile::tile;

/// One item of a draws or discards stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Item {
    /// A tile number (`60` tsumogiri, `0` after an open kan).
    Tile(u32),
    /// A call, kan, riichi discard or kita string (`"c121311"`, `"r35"`, `"f44"`).
    Text(String),
}

/// One hand of the log.
pub(super) struct Hand {
    /// The hand's place in `log`, from 1 (errors name it).
    pub(super) number: usize,
    /// 0 for East 1 .. 15 for North 4: seat `index % 4` deals.
    pub(super) index: u32,
    pub(super) honba: u32,
    /// Riichi sticks on the table.
    pub(super) sticks: u32,
    /// Each seat's points at the start.
    pub(super) points: [i32; 4],
    /// 4, or 3 when the fourth seat is dealt no tiles.
    pub(super) seats: u8,
    /// The dora indicators, the first shown at the start and one more per kan.
    pub(super) dora: Vec<TileCopy>,
    /// The ura indicators (given when a riichi seat won).
    pub(super) ura: Vec<TileCopy>,
    pub(super) haipai: [Vec<TileCopy>; 4],
    pub(super) draws: [Vec<Item>; 4],
    pub(super) discards: [Vec<Item>; 4],
    /// The result array: its kind (`和了`, `流局`...), then what it holds.
    pub(super) result: Vec<Value>,
}

/// The numbers of a JSON array of integers.
fn integers(value: &Value) -> Option<Vec<i64>> {
    value.as_array()?.iter().map(Value::as_i64).collect()
}

/// The tiles of a JSON array of Tenhou tile numbers.
fn tiles(value: &Value) -> Option<Vec<TileCopy>> {
    value
        .as_array()?
        .iter()
        .map(|t| tile(u32::try_from(t.as_u64()?).ok()?))
        .collect()
}

/// The items of a draws or discards stream: tile numbers and call strings.
fn items(value: &Value) -> Option<Vec<Item>> {
    value
        .as_array()?
        .iter()
        .map(|item| match item {
            Value::Number(n) => Some(Item::Tile(u32::try_from(n.as_u64()?).ok()?)),
            Value::String(s) => Some(Item::Text(s.clone())),
            _ => None,
        })
        .collect()
}

/// Four point changes (`deltas`) of a result.
pub(super) fn deltas(value: Option<&Value>) -> Option<[i32; 4]> {
    let numbers = integers(value?)?;
    let numbers: Vec<i32> = numbers
        .into_iter()
        .map(|n| i32::try_from(n).ok())
        .collect::<Option<_>>()?;
    <[i32; 4]>::try_from(numbers).ok()
}

impl Hand {
    pub(super) fn read(number: usize, value: &Value) -> Result<Hand, TenhouError> {
        let malformed = |message: &str| TenhouError::Malformed {
            hand: number,
            message: message.to_string(),
        };
        let parts = value.as_array().ok_or_else(|| malformed("not an array"))?;
        if parts.len() != 17 {
            return Err(malformed(
                "not 17 parts (the table, 3 per seat, the result)",
            ));
        }
        let head = integers(&parts[0]).filter(|h| h.len() == 3);
        let head = head.ok_or_else(|| malformed("the first part is not [hand, honba, sticks]"))?;
        let points = integers(&parts[1])
            .and_then(|p| <[i64; 4]>::try_from(p).ok())
            .ok_or_else(|| malformed("the points are not four numbers"))?;
        let dora = tiles(&parts[2]).ok_or_else(|| malformed("a dora indicator is no tile"))?;
        let ura = tiles(&parts[3]).ok_or_else(|| malformed("an ura indicator is no tile"))?;
        let mut haipai: [Vec<TileCopy>; 4] = Default::default();
        let mut draws: [Vec<Item>; 4] = Default::default();
        let mut discards: [Vec<Item>; 4] = Default::default();
        for s in 0..4 {
            haipai[s] =
                tiles(&parts[4 + 3 * s]).ok_or_else(|| malformed("a haipai tile is no tile"))?;
            draws[s] = items(&parts[5 + 3 * s]).ok_or_else(|| malformed("bad draws"))?;
            discards[s] = items(&parts[6 + 3 * s]).ok_or_else(|| malformed("bad discards"))?;
            if draws[s].len().max(discards[s].len()) > MAX_ITEMS {
                return Err(malformed("more draws or discards than the wall has tiles"));
            }
        }
        // Three-player logs keep four seats, the fourth dealt nothing (tensoul pads them so).
        let seats = if haipai[3].is_empty() && draws[3].is_empty() && discards[3].is_empty() {
            3
        } else {
            4
        };
        if haipai[..usize::from(seats)].iter().any(|h| h.len() != 13) {
            return Err(malformed("a haipai is not 13 tiles"));
        }
        let small = |n: i64| u32::try_from(n).map_err(|_| malformed("a negative count"));
        let index = small(head[0])?;
        if index >= 16 {
            return Err(malformed("the hand number is past North 4"));
        }
        let points = points
            .map(i32::try_from)
            .map(|p| p.map_err(|_| malformed("points out of range")));
        let [a, b, c, d] = points;
        Ok(Hand {
            number,
            index,
            honba: small(head[1])?,
            sticks: small(head[2])?,
            points: [a?, b?, c?, d?],
            seats,
            dora,
            ura,
            haipai,
            draws,
            discards,
            result: parts[16]
                .as_array()
                .cloned()
                .ok_or_else(|| malformed("the result is not an array"))?,
        })
    }

    pub(super) fn kind(&self) -> &str {
        self.result
            .first()
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// Whether the result is a win (`和了`) or the triple ron's abortive draw (`三家和了`):
    /// a last discard was won on.
    pub(super) fn ends_in_ron(&self) -> bool {
        matches!(self.kind(), "和了" | "三家和了" | "三家和")
    }

    pub(super) fn malformed(&self, message: String) -> TenhouError {
        TenhouError::Malformed {
            hand: self.number,
            message,
        }
    }

    pub(super) fn out_of_turn(&self, message: String) -> TenhouError {
        TenhouError::OutOfTurn {
            hand: self.number,
            message,
        }
    }

    pub(super) fn bad_result(&self, message: String) -> TenhouError {
        TenhouError::BadResult {
            hand: self.number,
            message,
        }
    }

    /// Appends the hand's mjai lines.
    pub(super) fn write(
        &self,
        rules: &Rules,
        lines: &mut Vec<MjaiEvent>,
    ) -> Result<(), TenhouError> {
        let dealer = (self.index % 4) as u8;
        if dealer >= self.seats {
            return Err(self.malformed(format!("seat {dealer} deals at three seats")));
        }
        let wind = Tile::from_index(27 + (self.index / 4) as u8)
            .map(TileCopy::plain)
            .ok_or_else(|| self.malformed("no round wind".to_string()))?;
        let first_dora = *self
            .dora
            .first()
            .ok_or_else(|| self.malformed("no dora indicator".to_string()))?;
        lines.push(MjaiEvent::StartKyoku {
            bakaze: wind.into(),
            kyoku: dealer + 1,
            honba: self.honba,
            kyotaku: self.sticks,
            oya: dealer,
            dora_marker: first_dora.into(),
            scores: self.points,
            tehais: std::array::from_fn(|s| match s < usize::from(self.seats) {
                true => self.haipai[s].iter().map(|&t| t.into()).collect(),
                false => vec![MjaiTile::Hidden; 13],
            }),
        });
        let retries = Cell::new(MAX_RETRIES);
        let mut play = Play::new(self, dealer, &retries);
        play.run(lines, true)?;
        self.write_result(rules, &play, lines)
    }
}
