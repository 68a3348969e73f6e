//! Tenhou's JSON game logs (the `log` arrays tenhou.net/6 shows and log tools exchange),
//! read as mjai lines ([`tenhou_to_mjai`]) and checked hand by hand ([`replay_tenhou`]).
//!
//! # The format
//!
//! A log is an object whose `log` holds one array per hand:
//! `[[hand, honba, sticks], [points × 4], [dora indicators], [ura indicators],`
//! then for each seat from seat 0 `haipai` (13 tiles), `draws`, `discards`, and last the
//! result. Tiles are numbers: `11`..`19` man, `21`..`29` pin, `31`..`39` sou, `41`..`47`
//! E S W N and the white, green, red dragons, `51` `52` `53` the red fives. `hand` is
//! 0 for East 1 to 3 for East 4, 4 for South 1 and so on: seat `hand % 4` deals. `rule.aka`
//! (1 or 0) says whether the red fives are played; tools converting Mahjong Soul records
//! write `aka` 0 and `aka51`, `aka52`, `aka53` (a red 5m, 5p, 5s each): any flag above 0
//! means red fives, as mjai-reviewer's `convlog` reads it (no flag at all: red fives).
//!
//! `draws` holds a tile per draw, or the string of a call that took the place of a draw:
//! `"c<called><a><b>"` (chi, from the previous seat), a pon `p` or open kan `m` with the
//! called tile's place saying whom it came from (first: the previous seat, `"p454545"`;
//! middle: the seat opposite, `"45p4545"`; last: the next seat, `"4545p45"`, or
//! `"454545m45"` for an open kan). `discards` holds a tile per discard, `60` for tsumogiri,
//! `"r<tile>"` for a riichi discard, a closed kan `"<t><t><t>a<t>"` or an added kan
//! (`k` before the added tile, at the pon's place) that took the place of a discard, and a
//! `0` after an open kan. The result is `["和了", deltas, [winner, from, pao, points, yaku…],
//! …]` (one pair per winner), `["流局", deltas]`, `["流し満貫", deltas]`, or an abortive draw
//! (`九種九牌`, `四風連打`, `四家立直`, `四槓散了`, `三家和了`).
//!
//! The format is documented by the tools that write it (tenhou.net/6's editor, Mortal's
//! `convlog`, mjai-reviewer); this reader follows those descriptions.
//!
//! # Reading the streams in turn
//!
//! The streams say what each seat did, not when, so the reader plays them in turn order
//! as the game does. A call waiting in a seat's draws is paired with the first discard
//! it fits; when that leaves the streams out of turn (the same tile was discarded again
//! before the caller drew, and the call took the later one), the reader goes back and
//! reads that discard as passed. A hand ends when the streams run out, and every item
//! must have been played by then. The game's order is kept where the format leaves it
//! open: an open or added kan's dora is shown after the kan seat's next discard, or
//! before the replacement draw of a kan declared on its replacement tile (a closed kan's
//! at once); a riichi discard not won on has its stick taken, a four-riichi abortive draw
//! included.

use std::cell::Cell;

use serde_json::Value;
use thiserror::Error;

use mahjong_core::mjai::{MjaiError, MjaiEvent, MjaiTile, abort_reason, replay_hands, to_jsonl};
use mahjong_core::score::TileCopy;
use mahjong_core::{AbortiveDraw, Rules, Tile};

/// Why a Tenhou log cannot be read; `hand` counts the hands of `log` from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TenhouError {
    /// The text is not a JSON object with a `log` array.
    #[error("not a Tenhou log (a JSON object with a `log` array): {0}")]
    NotALog(String),
    /// A hand's array is not shaped as the format says.
    #[error("hand {hand}: {message}")]
    Malformed {
        /// The hand.
        hand: usize,
        /// What is wrong.
        message: String,
    },
    /// The draws and discards cannot be played in turn: a call of a tile that was not
    /// just discarded, a seat's streams ending out of turn.
    #[error("hand {hand}: the draws and discards do not follow each other: {message}")]
    OutOfTurn {
        /// The hand.
        hand: usize,
        /// What does not follow.
        message: String,
    },
    /// The game refused the log written as mjai (an illegal action, or a result the game
    /// scores otherwise): the mjai line is the one [`tenhou_to_mjai`] writes.
    #[error("replaying the hands: {0}")]
    Replay(#[from] MjaiError),
}

/// A Tenhou log as the rules its `rule` flags play (red fives or not) and its mjai lines.
pub struct TenhouLog {
    /// The rules: Tenhou's, with or without red fives.
    pub rules: Rules,
    /// The full mjai log: `start_game`, each hand, `end_game`.
    pub lines: Vec<MjaiEvent>,
}

/// Reads a Tenhou JSON log as a full mjai log, each hand's lines in the order this crate's
/// [`MjaiWriter`](mahjong_core::mjai::MjaiWriter) writes them (so that [`replay_hands`] can check
/// them): `hora` and `ryukyoku` carry the log's `deltas` only.
///
/// # Errors
/// - [`TenhouError::NotALog`]: not a JSON object with a `log` array.
/// - [`TenhouError::Malformed`]: a hand not shaped as the format says (a haipai not 13
///   tiles, a number that is no tile, more than 136 draws or discards of a seat).
/// - [`TenhouError::OutOfTurn`]: the draws and discards cannot be played in turn (a call
///   of a tile not just discarded, items left when the hand ends).
pub fn tenhou_to_mjai(text: &str) -> Result<TenhouLog, TenhouError> {
    let value: Value = text
        .parse()
        .map_err(|e: serde_json::Error| TenhouError::NotALog(e.to_string()))?;
    let hands = value
        .get("log")
        .and_then(Value::as_array)
        .ok_or_else(|| TenhouError::NotALog("no `log` array".to_string()))?;
    let aka = red_fives(value.get("rule"));
    let mut lines = vec![MjaiEvent::StartGame {
        id: None,
        names: None,
    }];
    for (index, hand) in hands.iter().enumerate() {
        Hand::read(index + 1, hand)?.write(&mut lines)?;
    }
    lines.push(MjaiEvent::EndGame { scores: None });
    Ok(TenhouLog {
        rules: Rules {
            red_fives: aka,
            ..Rules::default()
        },
        lines,
    })
}

/// Whether the `rule` object plays red fives, read as mjai-reviewer's `convlog` reads it:
/// `aka` (1: a red five of each suit) and `aka51`, `aka52`, `aka53` (the red 5m, 5p, 5s
/// each; the form tools converting Mahjong Soul records write, with `aka` 0) are added up,
/// and any red five means red fives. A log whose `rule` names none of the four plays them
/// (Tenhou's usual game).
fn red_fives(rule: Option<&Value>) -> bool {
    let flags: Vec<i64> = ["aka", "aka51", "aka52", "aka53"]
        .iter()
        .filter_map(|flag| rule?.get(flag)?.as_i64())
        .collect();
    flags.is_empty() || flags.iter().any(|&n| n > 0)
}

/// Reads a Tenhou JSON log and replays each hand on its own ([`replay_hands`]): every
/// action must be legal and every hand's result (who won from whom, each seat's point
/// change) must be the game's. Returns the game's mjai log.
///
/// # Errors
/// As [`tenhou_to_mjai`]; [`TenhouError::Replay`] where the game and the log disagree.
pub fn replay_tenhou(text: &str) -> Result<Vec<MjaiEvent>, TenhouError> {
    let log = tenhou_to_mjai(text)?;
    Ok(replay_hands(log.rules, &to_jsonl(&log.lines))?)
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
    dora: Vec<TileCopy>,
    ura: Vec<TileCopy>,
    haipai: [Vec<TileCopy>; 4],
    draws: [Vec<Item>; 4],
    discards: [Vec<Item>; 4],
    result: Vec<Value>,
}

/// The tile of Tenhou's number `n`.
fn tile(n: u32) -> Option<TileCopy> {
    let (kind, red) = match n {
        51..=53 => ((n - 50) * 10 + 5, true),
        _ => (n, false),
    };
    let (suit, number) = (kind / 10, kind % 10);
    let index = match suit {
        1..=3 if (1..=9).contains(&number) => (suit - 1) * 9 + number - 1,
        4 if (1..=7).contains(&number) => 27 + number - 1,
        _ => return None,
    };
    let tile = Tile::from_index(u8::try_from(index).ok()?)?;
    Some(TileCopy { tile, red })
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

impl Hand {
    fn read(number: usize, value: &Value) -> Result<Hand, TenhouError> {
        let malformed = |message: &str| TenhouError::Malformed {
            hand: number,
            message: message.to_string(),
        };
        let parts = value.as_array().ok_or_else(|| malformed("not an array"))?;
        if parts.len() < 16 {
            return Err(malformed("fewer than 16 parts"));
        }
        let numbers =
            |v: &Value| -> Option<Vec<i64>> { v.as_array()?.iter().map(Value::as_i64).collect() };
        let tiles = |v: &Value| -> Option<Vec<TileCopy>> {
            v.as_array()?
                .iter()
                .map(|t| tile(u32::try_from(t.as_u64()?).ok()?))
                .collect()
        };
        let items = |v: &Value| -> Option<Vec<Item>> {
            v.as_array()?
                .iter()
                .map(|item| match item {
                    Value::Number(n) => Some(Item::Tile(u32::try_from(n.as_u64()?).ok()?)),
                    Value::String(s) => Some(Item::Text(s.clone())),
                    _ => None,
                })
                .collect()
        };
        let head = numbers(&parts[0]).filter(|h| h.len() == 3);
        let head = head.ok_or_else(|| malformed("the first part is not [hand, honba, sticks]"))?;
        let points = numbers(&parts[1])
            .and_then(|p| <[i64; 4]>::try_from(p).ok())
            .ok_or_else(|| malformed("the points are not four numbers"))?;
        let dora = tiles(&parts[2]).ok_or_else(|| malformed("a dora indicator is no tile"))?;
        let ura = tiles(&parts[3]).ok_or_else(|| malformed("an ura indicator is no tile"))?;
        let haipai: [Vec<TileCopy>; 4] =
            std::array::from_fn(|s| tiles(&parts[4 + 3 * s]).unwrap_or_default());
        if haipai.iter().any(|h| h.len() != 13) {
            return Err(malformed("a haipai is not 13 tiles"));
        }
        let mut draws: [Vec<Item>; 4] = Default::default();
        let mut discards: [Vec<Item>; 4] = Default::default();
        for s in 0..4 {
            draws[s] = items(&parts[5 + 3 * s]).ok_or_else(|| malformed("bad draws"))?;
            discards[s] = items(&parts[6 + 3 * s]).ok_or_else(|| malformed("bad discards"))?;
            if draws[s].len().max(discards[s].len()) > MAX_ITEMS {
                return Err(malformed("more draws or discards than the wall has tiles"));
            }
        }
        let small = |n: i64| u32::try_from(n).map_err(|_| malformed("a negative count"));
        Ok(Hand {
            number,
            index: small(head[0])?,
            honba: small(head[1])?,
            sticks: small(head[2])?,
            points: points.map(|p| i32::try_from(p).unwrap_or_default()),
            dora,
            ura,
            haipai,
            draws,
            discards,
            result: parts
                .get(16)
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default(),
        })
    }

    /// Whether the result is a win (`和了`) or the triple ron's abortive draw (`三家和了`):
    /// a last discard was won on.
    fn ends_in_ron(&self) -> bool {
        matches!(
            self.result.first().and_then(Value::as_str),
            Some("和了" | "三家和了")
        )
    }

    fn out_of_turn(&self, message: String) -> TenhouError {
        TenhouError::OutOfTurn {
            hand: self.number,
            message,
        }
    }

    /// Appends the hand's mjai lines.
    fn write(&self, lines: &mut Vec<MjaiEvent>) -> Result<(), TenhouError> {
        let dealer = (self.index % 4) as u8;
        let wind = Tile::from_index(27 + (self.index / 4 % 4) as u8)
            .map(TileCopy::plain)
            .ok_or_else(|| self.out_of_turn("no round wind".to_string()))?;
        let first_dora = *self
            .dora
            .first()
            .ok_or_else(|| self.out_of_turn("no dora indicator".to_string()))?;
        lines.push(MjaiEvent::StartKyoku {
            bakaze: wind.into(),
            kyoku: dealer + 1,
            honba: self.honba,
            kyotaku: self.sticks,
            oya: dealer,
            dora_marker: first_dora.into(),
            scores: self.points,
            tehais: std::array::from_fn(|s| self.haipai[s].iter().map(|&t| t.into()).collect()),
        });
        let retries = Cell::new(MAX_RETRIES);
        let mut play = Play::new(self, dealer, &retries);
        play.run(lines, true)?;
        self.write_result(&play, lines)
    }

    /// The result's lines and `end_kyoku`, once `play` has run.
    fn write_result(&self, play: &Play<'_>, lines: &mut Vec<MjaiEvent>) -> Result<(), TenhouError> {
        let last = play.seat;
        let kind = self
            .result
            .first()
            .and_then(Value::as_str)
            .unwrap_or_default();
        let deltas = |at: usize| -> Option<[i32; 4]> {
            let d: Vec<i32> = self
                .result
                .get(at)?
                .as_array()?
                .iter()
                .map(|v| v.as_i64().and_then(|n| i32::try_from(n).ok()))
                .collect::<Option<_>>()?;
            <[i32; 4]>::try_from(d).ok()
        };
        let ryukyoku = |actor: Option<u8>, reason: Option<&str>, deltas: Option<[i32; 4]>| {
            MjaiEvent::Ryukyoku {
                actor,
                reason: reason.map(str::to_string),
                tenpais: None,
                deltas,
                scores: None,
            }
        };
        match kind {
            "和了" => {
                for at in (1..self.result.len()).step_by(2) {
                    let info = self.result.get(at + 1).and_then(Value::as_array);
                    let seat = |i: usize| {
                        info.and_then(|i_| i_.get(i))
                            .and_then(Value::as_u64)
                            .and_then(|s| u8::try_from(s).ok())
                            .filter(|&s| s < 4)
                    };
                    let (Some(actor), Some(target)) = (seat(0), seat(1)) else {
                        return Err(self.out_of_turn("a win names no seats".to_string()));
                    };
                    lines.push(MjaiEvent::Hora {
                        actor,
                        target,
                        pai: None,
                        // The wall's ura indicators, under the dora shown (riichi only).
                        uradora_markers: play.riichi[usize::from(actor)].then(|| {
                            self.ura
                                .iter()
                                .take(play.dora_shown)
                                .map(|&t| t.into())
                                .collect()
                        }),
                        yakus: None,
                        fu: None,
                        fan: None,
                        hora_points: None,
                        deltas: deltas(at),
                        scores: None,
                    });
                }
            }
            "九種九牌" => lines.push(ryukyoku(Some(last), Some(abort_reason(AbortiveDraw::KyuushuKyuuhai)), None)),
            "四風連打" => lines.push(ryukyoku(None, Some("sufonrenta"), None)),
            "四家立直" => lines.push(ryukyoku(None, Some("suchareach"), None)),
            "四槓散了" => lines.push(ryukyoku(None, Some("sukaikan"), None)),
            "三家和了" => lines.push(ryukyoku(None, Some(abort_reason(AbortiveDraw::Sanchahou)), None)),
            _ => lines.push(ryukyoku(None, None, deltas(1))),
        }
        lines.push(MjaiEvent::EndKyoku);
        Ok(())
    }
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
            if self.kan(item, lines)? {
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
            lines.push(MjaiEvent::Ankan {
                actor: self.seat,
                consumed: tiles.iter().map(|&t| t.into()).collect(),
            });
            self.pending_dora += 1;
            self.turn_dora(lines);
            return Ok(true);
        }
        if !text.contains('k') {
            return Ok(false);
        }
        let (mut pon, at) = call_tiles(text, 'k').ok_or_else(|| self.bad(text.clone()))?;
        let added = pon.remove(at);
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
        lines.push(MjaiEvent::Dahai {
            actor: self.seat,
            pai: tile.into(),
            tsumogiri,
        });
        self.turn_dora(lines);
        Ok((tile, riichi))
    }

    /// The call of `tile`, just discarded, waiting next in another seat's draws: a pon or
    /// open kan before a chi.
    fn fitting_call(&self, tile: TileCopy) -> Option<Call> {
        let from = self.seat;
        let call = |marker: char| {
            [1, 2, 3].iter().find_map(|d| {
                let seat = (from + d) % 4;
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
        if retries == 0 || self.draw_item((self.seat + 1) % 4).is_none() {
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
        let next = (self.seat + 1) % 4;
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
        let kind = match marker {
            'c' => "chi",
            'p' => "pon",
            _ => "daiminkan",
        };
        let (actor, target, pai) = (seat, self.seat, called.into());
        lines.push(match kind {
            "chi" => MjaiEvent::Chi { actor, target, pai, consumed },
            "pon" => MjaiEvent::Pon { actor, target, pai, consumed },
            _ => MjaiEvent::Daiminkan { actor, target, pai, consumed },
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
