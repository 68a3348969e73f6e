//! Reading a tenhou.net/6 log: its hands played in turn order as mjai lines, its rule
//! object as rules, its names and final scores as the match's.
//!
//! # Reading the streams in turn
//!
//! The streams say what each seat did, not when, so the reader plays them in turn order
//! as the game does. A call waiting in a seat's draws is paired with the first discard
//! it fits; when that leaves the streams out of turn (the same tile was discarded again
//! before the caller drew, and the call took the later one), the reader goes back and
//! reads that discard as passed. A hand ends when the streams run out, and every item
//! must have been played by then. mahjong-core's order is kept where the format leaves
//! it open: an open or added kan's dora is written just before the kan seat's next
//! discard, or before the replacement draw of an added kan, or the closed kan, declared
//! on its replacement tile (a closed kan's own right after it); a riichi discard not won
//! on has its stick taken, a four-riichi abortive draw included.

use std::cell::Cell;

use mahjong_core::mjai::{
    FANPAI, MjaiEvent, MjaiTile, NAGASHIMANGAN, abort_reason, replay_hands as replay_mjai_hands,
    to_jsonl,
};
use mahjong_core::score::{SanmaTsumo, TileCopy};
use mahjong_core::{AbortiveDraw, Rules, Tile};
use serde_json::Value;

use super::error::TenhouError;
use super::points::{self, Payment};
use super::rule::rules_of;
use super::tile::tile;
use super::yaku::{self, Credit, YAKUMAN_HAN};
use crate::GameRecord;

/// The North tile, which a kita sets aside (`f44` in the discards).
const NORTH: u32 = 44;

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
/// - [`TenhouError::Result`]: a result of no known kind, a win naming no seat, point
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
    let rules = rules_of(value.get("rule"), seats == 3)?;
    let final_points = final_scores(value.get("sc"))?;
    let mut events = Vec::new();
    if final_points.is_some() {
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
    let mut events = record.events;
    // mjai's replay reads a log from its `start_game`: hands alone get one.
    if !matches!(events.first(), Some(MjaiEvent::StartGame { .. })) {
        events.insert(
            0,
            MjaiEvent::StartGame {
                id: None,
                names: None,
            },
        );
        events.push(MjaiEvent::EndGame { scores: None });
    }
    replay_mjai_hands(record.rules, &to_jsonl(&events))
        .map_err(|source| replay_error(&events, source))
}

/// A replay's error of `events`, naming the hand of its line (the hands counted from 1 by
/// their `start_kyoku` lines).
pub(super) fn replay_error(
    events: &[MjaiEvent],
    source: mahjong_core::mjai::MjaiError,
) -> TenhouError {
    let hand = source.line().map(|line| {
        events
            .iter()
            .take(line)
            .filter(|event| matches!(event, MjaiEvent::StartKyoku { .. }))
            .count()
    });
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
    Ok(Some(names))
}

/// One item of a draws or discards stream.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Item {
    Tile(u32),
    Text(String),
}

/// One hand of the log.
struct Hand {
    number: usize,
    index: u32,
    honba: u32,
    sticks: u32,
    points: [i32; 4],
    /// 4, or 3 when the fourth seat is dealt no tiles.
    seats: u8,
    dora: Vec<TileCopy>,
    ura: Vec<TileCopy>,
    haipai: [Vec<TileCopy>; 4],
    draws: [Vec<Item>; 4],
    discards: [Vec<Item>; 4],
    result: Vec<Value>,
}

/// The tiles of a call or kan string: each two digits a tile, `marker` the letter before
/// the marked one; returns the tiles in order and the marked one's place.
fn call_tiles(text: &str, marker: char) -> Option<(Vec<TileCopy>, usize)> {
    let at = text.find(marker)?;
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    if !digits.len().is_multiple_of(2) || !at.is_multiple_of(2) || text.len() != digits.len() + 1 {
        return None;
    }
    let tiles = (0..digits.len() / 2)
        .map(|i| digits.get(2 * i..2 * i + 2)?.parse().ok().and_then(tile))
        .collect::<Option<Vec<_>>>()?;
    Some((tiles, at / 2))
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
fn deltas(value: Option<&Value>) -> Option<[i32; 4]> {
    let numbers = integers(value?)?;
    let numbers: Vec<i32> = numbers
        .into_iter()
        .map(|n| i32::try_from(n).ok())
        .collect::<Option<_>>()?;
    <[i32; 4]>::try_from(numbers).ok()
}

impl Hand {
    fn read(number: usize, value: &Value) -> Result<Hand, TenhouError> {
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

    fn kind(&self) -> &str {
        self.result
            .first()
            .and_then(Value::as_str)
            .unwrap_or_default()
    }

    /// Whether the result is a win (`和了`) or the triple ron's abortive draw (`三家和了`):
    /// a last discard was won on.
    fn ends_in_ron(&self) -> bool {
        matches!(self.kind(), "和了" | "三家和了" | "三家和")
    }

    fn malformed(&self, message: String) -> TenhouError {
        TenhouError::Malformed {
            hand: self.number,
            message,
        }
    }

    fn out_of_turn(&self, message: String) -> TenhouError {
        TenhouError::OutOfTurn {
            hand: self.number,
            message,
        }
    }

    fn bad_result(&self, message: String) -> TenhouError {
        TenhouError::Result {
            hand: self.number,
            message,
        }
    }

    /// Appends the hand's mjai lines.
    fn write(&self, rules: &Rules, lines: &mut Vec<MjaiEvent>) -> Result<(), TenhouError> {
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

    /// The result's lines and `end_kyoku`, once `play` has run.
    fn write_result(
        &self,
        rules: &Rules,
        play: &Play<'_>,
        lines: &mut Vec<MjaiEvent>,
    ) -> Result<(), TenhouError> {
        let abort = |draw: AbortiveDraw, actor: Option<u8>| MjaiEvent::Ryukyoku {
            actor,
            reason: Some(abort_reason(draw).to_string()),
            tenpais: None,
            // An abortive draw pays nothing (its riichi sticks stay on the table).
            deltas: Some([0; 4]),
            scores: None,
        };
        let line = match self.kind() {
            "和了" => {
                if self.result.len() < 3 || self.result.len().is_multiple_of(2) {
                    return Err(
                        self.bad_result("a win without its point changes and winner".to_string())
                    );
                }
                for at in (1..self.result.len()).step_by(2) {
                    lines.push(self.hora(rules, play, at)?);
                }
                None
            }
            "流局" | "全員聴牌" | "全員不聴" | "流し満貫" => Some(self.draw()?),
            "九種九牌" => Some(abort(AbortiveDraw::KyuushuKyuuhai, Some(play.seat))),
            "四風連打" => Some(abort(AbortiveDraw::SuufonRenda, None)),
            "四家立直" => Some(abort(AbortiveDraw::SuuchaRiichi, None)),
            "四槓散了" | "四開槓" => Some(abort(AbortiveDraw::Suukaikan, None)),
            "三家和了" | "三家和" => Some(abort(AbortiveDraw::Sanchahou, None)),
            other => return Err(self.bad_result(format!("`{other}` is no result"))),
        };
        lines.extend(line);
        lines.push(MjaiEvent::EndKyoku);
        Ok(())
    }

    /// An exhaustive draw's `ryukyoku`: `流局` with the tenpai payments (the tenpai seats
    /// are those paid, when any is), `全員聴牌` / `全員不聴` (all tenpai / none: no
    /// payments), `流し満貫` with the nagashi mangan's payments.
    fn draw(&self) -> Result<MjaiEvent, TenhouError> {
        let kind = self.kind();
        let changes = match (kind, self.result.len()) {
            ("全員聴牌" | "全員不聴", 1) => [0; 4],
            _ => deltas(self.result.get(1))
                .filter(|_| self.result.len() == 2)
                .ok_or_else(|| self.bad_result(format!("`{kind}` without four point changes")))?,
        };
        let seats = usize::from(self.seats);
        let tenpais = match kind {
            "全員聴牌" => Some(std::array::from_fn(|s| s < seats)),
            "全員不聴" => Some([false; 4]),
            "流局" if changes.iter().any(|&d| d != 0) => Some(changes.map(|d| d > 0)),
            _ => None,
        };
        let reason = if kind == "流し満貫" {
            NAGASHIMANGAN
        } else {
            FANPAI
        };
        Ok(MjaiEvent::Ryukyoku {
            actor: None,
            reason: Some(reason.to_string()),
            tenpais,
            deltas: Some(changes),
            scores: None,
        })
    }

    /// The `hora` of the win whose point changes are `result[at]` and whose winner, from,
    /// pao, points and yaku are `result[at + 1]`.
    fn hora(&self, rules: &Rules, play: &Play<'_>, at: usize) -> Result<MjaiEvent, TenhouError> {
        let changes = deltas(self.result.get(at)).ok_or_else(|| {
            self.bad_result("a win's point changes are not four numbers".to_string())
        })?;
        let info = self.result.get(at + 1).and_then(Value::as_array);
        let info =
            info.ok_or_else(|| self.bad_result("a win's winner is not an array".to_string()))?;
        let seat = |i: usize| {
            info.get(i)
                .and_then(Value::as_u64)
                .and_then(|s| u8::try_from(s).ok())
                .filter(|&s| s < self.seats)
        };
        let (Some(actor), Some(target)) = (seat(0), seat(1)) else {
            return Err(self.bad_result("a win names no seats".to_string()));
        };
        let strings: Vec<&str> = info
            .iter()
            .skip(3)
            .map(|v| v.as_str().unwrap_or("\u{0}"))
            .collect();
        if strings.contains(&"\u{0}") {
            return Err(self.bad_result("a win's points or yaku is not a string".to_string()));
        }
        let score = match strings.split_first() {
            Some((points, yakus)) => Some(self.score(rules, actor, target, points, yakus)?),
            None => None,
        };
        let pai = if actor == target {
            play.drawn
        } else {
            play.offered
        };
        let (yakus, fu, fan, hora_points) = match score {
            Some(Score {
                yakus,
                fu,
                fan,
                hora_points,
            }) => (yakus, fu, fan, hora_points),
            None => (None, None, None, None),
        };
        Ok(MjaiEvent::Hora {
            actor,
            target,
            pai: pai.map(MjaiTile::from),
            // The wall's ura indicators, under the dora shown (riichi only).
            uradora_markers: Some(if play.riichi[usize::from(actor)] {
                self.ura
                    .iter()
                    .take(play.dora_shown)
                    .map(|&t| t.into())
                    .collect()
            } else {
                Vec::new()
            }),
            yakus,
            fu,
            fan,
            hora_points,
            deltas: Some(changes),
            scores: None,
        })
    }

    /// The score a win's points string and yaku strings give.
    fn score(
        &self,
        rules: &Rules,
        actor: u8,
        target: u8,
        points: &str,
        yakus: &[&str],
    ) -> Result<Score, TenhouError> {
        let read = points::parse(points)
            .ok_or_else(|| self.bad_result(format!("`{points}` is no points string")))?;
        let credits: Vec<(Credit, u32)> = yakus
            .iter()
            .map(|text| {
                yaku::parse(text, rules.scoring.double_yakuman)
                    .ok_or_else(|| self.bad_result(format!("`{text}` is no yaku")))
            })
            .collect::<Result<_, _>>()?;
        let yakuman = credits.iter().any(|&(credit, han)| {
            matches!(credit, Credit::Yaku(y) if y.is_yakuman()) && han >= YAKUMAN_HAN
        });
        let sum: u32 = credits.iter().map(|&(_, han)| han).sum();
        let fan = match (credits.is_empty(), read.han) {
            (true, han) => han,
            (false, Some(han)) if han != sum => {
                return Err(self.bad_result(format!(
                    "the yaku add up to {sum} han, `{points}` says {han}"
                )));
            }
            (false, _) => Some(sum),
        };
        let dealer = actor == (self.index % 4) as u8;
        let tsumo = actor == target;
        let form_fits = match read.payment {
            Payment::Ron(_) => !tsumo,
            Payment::Tsumo { .. } => tsumo && !dealer,
            Payment::DealerTsumo(_) => tsumo && dealer,
        };
        if !form_fits {
            return Err(self.bad_result(format!("`{points}` is not a payment of this win")));
        }
        // Mahjong Soul's three-player tsumo (North's share split) is not the sum of the
        // string's payments: its value is left to the game.
        let split = rules.scoring.sanma == Some(SanmaTsumo::NorthSplit);
        Ok(Score {
            yakus: (!credits.is_empty()).then(|| yaku::mjai_yakus(&credits)),
            fu: if yakuman { Some(0) } else { read.fu },
            fan,
            hora_points: (!(split && tsumo)).then(|| read.payment.total(u32::from(self.seats))),
        })
    }
}

/// What a win's strings give of its `hora` line.
struct Score {
    yakus: Option<Vec<(String, u32)>>,
    fu: Option<u32>,
    fan: Option<u32>,
    hora_points: Option<u32>,
}

/// How many times the reading of a hand may go back to a call it paired with a discard and
/// read that discard as passed instead (a log whose calls stay ambiguous is refused rather
/// than read for ever).
const MAX_RETRIES: u32 = 256;

/// The most items a seat's draws or discards may hold: more than the wall's 136 tiles is
/// no hand (and would make the reading recurse without end).
const MAX_ITEMS: usize = 136;

/// A call in a seat's draws that fits the discard just made.
#[derive(Clone, Debug)]
struct Call {
    /// The calling seat.
    seat: u8,
    /// The call's tiles, the called one among them.
    tiles: Vec<TileCopy>,
    /// The called tile's place in `tiles`.
    at: usize,
    /// `c` (chi), `p` (pon) or `m` (open kan).
    marker: char,
}

/// Walks the four seats' streams in turn order.
#[derive(Clone)]
struct Play<'a> {
    hand: &'a Hand,
    /// Retries left to the whole hand (see [`MAX_RETRIES`]).
    retries: &'a Cell<u32>,
    next_draw: [usize; 4],
    next_discard: [usize; 4],
    /// The seat to act.
    seat: u8,
    drawn: Option<TileCopy>,
    /// The last tile another seat could win on: a discard, an added kan's tile, a kita.
    offered: Option<TileCopy>,
    dora_shown: usize,
    /// Kan dora of open and added kans not yet shown: shown after the kan seat's next
    /// discard, or when a kan is declared before it (on the replacement tile), as the game
    /// shows them.
    pending_dora: usize,
    /// Which seats declared riichi.
    riichi: [bool; 4],
}

impl<'a> Play<'a> {
    fn new(hand: &'a Hand, dealer: u8, retries: &'a Cell<u32>) -> Play<'a> {
        Play {
            hand,
            retries,
            next_draw: [0; 4],
            next_discard: [0; 4],
            seat: dealer,
            drawn: None,
            offered: None,
            dora_shown: 1,
            pending_dora: 0,
            riichi: [false; 4],
        }
    }

    fn draw_item(&self, seat: u8) -> Option<&'a Item> {
        self.hand.draws[usize::from(seat)].get(self.next_draw[usize::from(seat)])
    }

    fn dora(&mut self, lines: &mut Vec<MjaiEvent>) {
        if let Some(&tile) = self.hand.dora.get(self.dora_shown) {
            self.dora_shown += 1;
            lines.push(MjaiEvent::Dora {
                dora_marker: tile.into(),
            });
        }
    }

    /// Shows the kan dora waiting to be shown.
    fn turn_dora(&mut self, lines: &mut Vec<MjaiEvent>) {
        for _ in 0..std::mem::take(&mut self.pending_dora) {
            self.dora(lines);
        }
    }

    /// Plays the streams until they run out where the hand ends, trying an earlier
    /// discard as passed where a call paired with it leaves the streams out of turn.
    /// `needs_draw`: the seat to act draws first.
    fn run(&mut self, lines: &mut Vec<MjaiEvent>, mut needs_draw: bool) -> Result<(), TenhouError> {
        loop {
            let seat = usize::from(self.seat);
            if needs_draw && !self.draw(lines)? {
                return self.finished();
            }
            let Some(item) = self.hand.discards[seat].get(self.next_discard[seat]) else {
                return self.finished();
            };
            self.next_discard[seat] += 1;
            if self.kan(item, lines)? || self.kita(item, lines)? {
                needs_draw = true;
                continue;
            }
            let (tile, riichi) = self.discard(item, lines)?;
            if let Some(call) = self.fitting_call(tile) {
                return self.call_or_pass(call, riichi, lines);
            }
            if !self.pass(riichi, lines) {
                return self.finished();
            }
            needs_draw = true;
        }
    }

    /// The seat to act draws its next tile; `false` when its draws have run out.
    fn draw(&mut self, lines: &mut Vec<MjaiEvent>) -> Result<bool, TenhouError> {
        let seat = usize::from(self.seat);
        match self.draw_item(self.seat) {
            Some(Item::Tile(n)) => {
                let tile = tile(*n).ok_or_else(|| self.bad(format!("tile {n}")))?;
                self.next_draw[seat] += 1;
                self.drawn = Some(tile);
                lines.push(MjaiEvent::Tsumo {
                    actor: self.seat,
                    pai: tile.into(),
                });
                Ok(true)
            }
            Some(Item::Text(text)) => Err(self.bad(format!("call {text} where seat {seat} draws"))),
            None => Ok(false),
        }
    }

    /// A closed or added kan in place of a discard (`true`), with the kan dora the game
    /// shows at once: a closed kan's own and any still waiting; before an added kan's
    /// replacement draw, the waiting ones of earlier kans (the added kan's own then waits).
    fn kan(&mut self, item: &Item, lines: &mut Vec<MjaiEvent>) -> Result<bool, TenhouError> {
        let Item::Text(text) = item else {
            return Ok(false);
        };
        if text.contains('a') {
            let (tiles, _) = call_tiles(text, 'a').ok_or_else(|| self.bad(text.clone()))?;
            // The dora owed to an earlier kan first, then the closed kan's own.
            self.turn_dora(lines);
            lines.push(MjaiEvent::Ankan {
                actor: self.seat,
                consumed: tiles.iter().map(|&t| t.into()).collect(),
            });
            self.dora(lines);
            return Ok(true);
        }
        if !text.contains('k') {
            return Ok(false);
        }
        let (mut pon, at) = call_tiles(text, 'k').ok_or_else(|| self.bad(text.clone()))?;
        let added = pon.remove(at);
        self.offered = Some(added);
        lines.push(MjaiEvent::Kakan {
            actor: self.seat,
            pai: added.into(),
            consumed: pon.iter().map(|&t| t.into()).collect(),
        });
        // Robbed (chankan: no replacement draw follows), the earlier dora stay hidden.
        if self.draw_item(self.seat).is_some() {
            self.turn_dora(lines);
        }
        self.pending_dora += 1;
        Ok(true)
    }

    /// A kita in place of a discard (`true`): `f44` (or `f60` for a drawn North) sets a
    /// North aside, as tenhou.net/6 and tensoul write it in three-player logs; its
    /// replacement draw follows (unless it is won on).
    fn kita(&mut self, item: &Item, lines: &mut Vec<MjaiEvent>) -> Result<bool, TenhouError> {
        let Item::Text(text) = item else {
            return Ok(false);
        };
        let Some(number) = text.strip_prefix('f') else {
            return Ok(false);
        };
        let north = match number.parse::<u32>() {
            Ok(NORTH) => tile(NORTH),
            Ok(60) => self.drawn.filter(|t| Some(*t) == tile(NORTH)),
            _ => None,
        };
        let north = north.ok_or_else(|| self.bad(format!("kita {text} of no North")))?;
        if self.hand.seats != 3 {
            return Err(self.bad(format!("kita {text} at four seats")));
        }
        self.offered = Some(north);
        lines.push(MjaiEvent::Nukidora {
            actor: self.seat,
            pai: north.into(),
        });
        // As after an added kan, the dora an earlier kan owes is shown before the
        // replacement draw (mahjong-core's order), unless the kita is won on.
        if self.draw_item(self.seat).is_some() {
            self.turn_dora(lines);
        }
        Ok(true)
    }

    /// The discard `item` of the seat to act (`reach` first for a riichi discard), and
    /// the kan dora waiting for it; returns the tile and whether it declared riichi.
    fn discard(
        &mut self,
        item: &Item,
        lines: &mut Vec<MjaiEvent>,
    ) -> Result<(TileCopy, bool), TenhouError> {
        let (riichi, value) = match item {
            Item::Text(text) => match text.strip_prefix('r').map(str::parse::<u32>) {
                Some(Ok(n)) => (true, n),
                _ => return Err(self.bad(text.clone())),
            },
            Item::Tile(n) => (false, *n),
        };
        let tsumogiri = value == 60;
        let tile = if tsumogiri {
            self.drawn
                .ok_or_else(|| self.bad("tsumogiri without a draw".to_string()))?
        } else {
            tile(value).ok_or_else(|| self.bad(format!("tile {value}")))?
        };
        if riichi {
            self.riichi[usize::from(self.seat)] = true;
            lines.push(MjaiEvent::Reach { actor: self.seat });
        }
        self.offered = Some(tile);
        // The dora an open or added kan owes is shown as the discard is made, written
        // before it (mahjong-core's order, libriichi's).
        self.turn_dora(lines);
        lines.push(MjaiEvent::Dahai {
            actor: self.seat,
            pai: tile.into(),
            tsumogiri,
        });
        Ok((tile, riichi))
    }

    /// The call of `tile`, just discarded, waiting next in another seat's draws: a pon or
    /// open kan before a chi.
    fn fitting_call(&self, tile: TileCopy) -> Option<Call> {
        let from = self.seat;
        let call = |marker: char| {
            (1..self.hand.seats).find_map(|d| {
                let seat = (from + d) % self.hand.seats;
                let Some(Item::Text(text)) = self.draw_item(seat) else {
                    return None;
                };
                let (tiles, at) = text.contains(marker).then(|| call_tiles(text, marker))??;
                let source = match (marker, at) {
                    ('c', _) | (_, 0) => 3,
                    (_, 1) => 2,
                    _ => 1,
                };
                let fits = tiles.get(at) == Some(&tile) && (from + 4 - seat) % 4 == source;
                fits.then_some(Call {
                    seat,
                    tiles,
                    at,
                    marker,
                })
            })
        };
        call('p').or_else(|| call('m')).or_else(|| call('c'))
    }

    /// Reads the discard just made as taken by `call` and plays on; if the streams then
    /// fall out of turn, reads it as passed (the call takes the same tile discarded again
    /// later, before the caller draws) and plays on from there.
    fn call_or_pass(
        &mut self,
        call: Call,
        riichi: bool,
        lines: &mut Vec<MjaiEvent>,
    ) -> Result<(), TenhouError> {
        let mark = lines.len();
        let mut taking = self.clone();
        if riichi {
            taking.accept_riichi(lines);
        }
        let needs_draw = taking.take(call, lines);
        let error = match taking.run(lines, needs_draw) {
            Ok(()) => {
                *self = taking;
                return Ok(());
            }
            Err(error) => error,
        };
        lines.truncate(mark);
        let retries = self.retries.get();
        if retries == 0 || self.draw_item((self.seat + 1) % self.hand.seats).is_none() {
            return Err(error);
        }
        self.retries.set(retries - 1);
        self.pass(riichi, lines);
        self.run(lines, true).map_err(|_| error)
    }

    /// The discard just made is not called: the next seat draws (`true`), or the hand
    /// ends (the next seat has nothing more to draw). A riichi discard's stick is taken
    /// unless the discard was won on (as the game does before a four-riichi or other
    /// abortive draw).
    fn pass(&mut self, riichi: bool, lines: &mut Vec<MjaiEvent>) -> bool {
        let next = (self.seat + 1) % self.hand.seats;
        let goes_on = self.draw_item(next).is_some();
        if riichi && (goes_on || !self.hand.ends_in_ron()) {
            self.accept_riichi(lines);
        }
        if goes_on {
            self.seat = next;
        }
        goes_on
    }

    fn accept_riichi(&self, lines: &mut Vec<MjaiEvent>) {
        lines.push(MjaiEvent::ReachAccepted {
            actor: self.seat,
            deltas: None,
            scores: None,
        });
    }

    /// Writes `call` of the discard just made; the caller acts next, drawing first after
    /// an open kan (`true`: its replacement tile).
    fn take(&mut self, call: Call, lines: &mut Vec<MjaiEvent>) -> bool {
        let Call {
            seat,
            mut tiles,
            at,
            marker,
        } = call;
        let called = tiles.remove(at);
        let consumed: Vec<MjaiTile> = tiles.iter().map(|&t| t.into()).collect();
        let (actor, target, pai) = (seat, self.seat, called.into());
        lines.push(match marker {
            'c' => MjaiEvent::Chi {
                actor,
                target,
                pai,
                consumed,
            },
            'p' => MjaiEvent::Pon {
                actor,
                target,
                pai,
                consumed,
            },
            _ => MjaiEvent::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            },
        });
        self.next_draw[usize::from(seat)] += 1;
        self.seat = seat;
        self.drawn = None;
        if marker == 'm' {
            self.pending_dora += 1;
            // The open kan's `0` in the discards, then its replacement draw.
            self.next_discard[usize::from(seat)] += 1;
        }
        marker == 'm'
    }

    /// The hand ends here: every seat's draws and discards must have been played.
    fn finished(&self) -> Result<(), TenhouError> {
        for seat in 0..4 {
            let left = |items: &[Item], next: usize| items.len().saturating_sub(next);
            let draws = left(&self.hand.draws[seat], self.next_draw[seat]);
            let discards = left(&self.hand.discards[seat], self.next_discard[seat]);
            if draws + discards > 0 {
                return Err(self.bad(format!(
                    "the hand ends with {draws} draws and {discards} discards of seat {seat} left"
                )));
            }
        }
        Ok(())
    }

    fn bad(&self, message: String) -> TenhouError {
        self.hand.out_of_turn(message)
    }
}
