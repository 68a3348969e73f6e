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
//! (1 or 0) says whether the red fives are played.
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

use serde_json::Value;
use thiserror::Error;

use crate::game::rules::Rules;
use crate::hand::score::TileCopy;
use crate::hand::tile::Tile;
use crate::mjai::error::MjaiError;
use crate::mjai::event::MjaiEvent;
use crate::mjai::names::{KYUSHUKYUHAI, SANCHAHO};
use crate::mjai::replay::replay_hands;
use crate::mjai::tile::MjaiTile;
use crate::mjai::write::to_jsonl;

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

/// A Tenhou log as the rules its `rule.aka` plays (red fives or not) and its mjai lines.
pub struct TenhouLog {
    /// The rules: Tenhou's, with or without red fives.
    pub rules: Rules,
    /// The full mjai log: `start_game`, each hand, `end_game`.
    pub lines: Vec<MjaiEvent>,
}

/// Reads a Tenhou JSON log as a full mjai log, each hand's lines in the order this crate's
/// [`MjaiWriter`](crate::mjai::MjaiWriter) writes them (so that [`replay_hands`] can check
/// them): `hora` and `ryukyoku` carry the log's `deltas` only.
///
/// # Errors
/// [`TenhouError::NotALog`], [`TenhouError::Malformed`] or [`TenhouError::OutOfTurn`].
pub fn tenhou_to_mjai(text: &str) -> Result<TenhouLog, TenhouError> {
    let value: Value = text
        .parse()
        .map_err(|e: serde_json::Error| TenhouError::NotALog(e.to_string()))?;
    let hands = value
        .get("log")
        .and_then(Value::as_array)
        .ok_or_else(|| TenhouError::NotALog("no `log` array".to_string()))?;
    let aka = value
        .get("rule")
        .and_then(|rule| rule.get("aka"))
        .and_then(Value::as_i64)
        .is_none_or(|aka| aka != 0);
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
        let mut play = Play::new(self, dealer);
        play.run(lines)?;
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
            "九種九牌" => lines.push(ryukyoku(Some(last), Some(KYUSHUKYUHAI), None)),
            "四風連打" => lines.push(ryukyoku(None, Some("sufonrenta"), None)),
            "四家立直" => lines.push(ryukyoku(None, Some("suchareach"), None)),
            "四槓散了" => lines.push(ryukyoku(None, Some("sukaikan"), None)),
            "三家和了" => lines.push(ryukyoku(None, Some(SANCHAHO), None)),
            _ => lines.push(ryukyoku(None, None, deltas(1))),
        }
        lines.push(MjaiEvent::EndKyoku);
        Ok(())
    }
}

/// Walks the four seats' streams in turn order.
struct Play<'a> {
    hand: &'a Hand,
    next_draw: [usize; 4],
    next_discard: [usize; 4],
    /// The seat to act.
    seat: u8,
    drawn: Option<TileCopy>,
    dora_shown: usize,
    /// Kan dora to show after the kan seat's next discard (open and added kans).
    dora_after_discard: usize,
    /// Which seats declared riichi.
    riichi: [bool; 4],
}

impl<'a> Play<'a> {
    fn new(hand: &'a Hand, dealer: u8) -> Play<'a> {
        Play {
            hand,
            next_draw: [0; 4],
            next_discard: [0; 4],
            seat: dealer,
            drawn: None,
            dora_shown: 1,
            dora_after_discard: 0,
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

    /// Plays the streams until one runs out where the hand ends.
    fn run(&mut self, lines: &mut Vec<MjaiEvent>) -> Result<(), TenhouError> {
        let mut needs_draw = true;
        loop {
            let seat = usize::from(self.seat);
            if needs_draw {
                match self.draw_item(self.seat) {
                    Some(Item::Tile(n)) => {
                        let tile = tile(*n).ok_or_else(|| self.bad(format!("tile {n}")))?;
                        self.next_draw[seat] += 1;
                        self.drawn = Some(tile);
                        lines.push(MjaiEvent::Tsumo {
                            actor: self.seat,
                            pai: tile.into(),
                        });
                    }
                    Some(Item::Text(text)) => {
                        return Err(self.bad(format!("call {text} where seat {seat} draws")));
                    }
                    None => return Ok(()),
                }
            }
            let Some(item) = self.hand.discards[seat].get(self.next_discard[seat]) else {
                return Ok(());
            };
            self.next_discard[seat] += 1;
            match item {
                Item::Text(text) if text.contains('a') => {
                    let (tiles, _) = call_tiles(text, 'a').ok_or_else(|| self.bad(text.clone()))?;
                    lines.push(MjaiEvent::Ankan {
                        actor: self.seat,
                        consumed: tiles.iter().map(|&t| t.into()).collect(),
                    });
                    self.dora(lines);
                    needs_draw = true;
                    continue;
                }
                Item::Text(text) if text.contains('k') => {
                    let (tiles, at) =
                        call_tiles(text, 'k').ok_or_else(|| self.bad(text.clone()))?;
                    let added = tiles[at];
                    let mut pon = tiles;
                    pon.remove(at);
                    lines.push(MjaiEvent::Kakan {
                        actor: self.seat,
                        pai: added.into(),
                        consumed: pon.iter().map(|&t| t.into()).collect(),
                    });
                    self.dora_after_discard += 1;
                    needs_draw = true;
                    continue;
                }
                _ => {}
            }
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
                self.riichi[seat] = true;
                lines.push(MjaiEvent::Reach { actor: self.seat });
            }
            lines.push(MjaiEvent::Dahai {
                actor: self.seat,
                pai: tile.into(),
                tsumogiri,
            });
            while self.dora_after_discard > 0 {
                self.dora_after_discard -= 1;
                self.dora(lines);
            }
            needs_draw = self.after_discard(tile, riichi, lines)?;
        }
    }

    /// After `tile` is discarded: a call takes it, or the next seat draws (`true`), or the
    /// hand ends (the next seat has nothing more to draw).
    fn after_discard(
        &mut self,
        tile: TileCopy,
        riichi: bool,
        lines: &mut Vec<MjaiEvent>,
    ) -> Result<bool, TenhouError> {
        let from = self.seat;
        let others = [1, 2, 3].map(|d| (from + d) % 4);
        // A seat whose next draw is a call of this very tile from this seat takes it (a
        // pon or open kan before a chi).
        let call = |marker: char| {
            others.iter().find_map(|&seat| match self.draw_item(seat) {
                Some(Item::Text(text)) if text.contains(marker) => {
                    let (tiles, at) = call_tiles(text, marker)?;
                    let source = match (marker, at) {
                        ('c', _) | (_, 0) => 3,
                        (_, 1) => 2,
                        _ => 1,
                    };
                    let fits = tiles.get(at) == Some(&tile) && (from + 4 - seat) % 4 == source;
                    fits.then_some((seat, tiles, at))
                }
                _ => None,
            })
        };
        let taken = call('p')
            .map(|c| (c, 'p'))
            .or_else(|| call('m').map(|c| (c, 'm')))
            .or_else(|| call('c').map(|c| (c, 'c')));
        let next = others[0];
        let continues = taken.is_some() || self.draw_item(next).is_some();
        if riichi && continues {
            lines.push(MjaiEvent::ReachAccepted {
                actor: from,
                deltas: None,
                scores: None,
            });
        }
        let Some(((seat, tiles, at), marker)) = taken else {
            self.seat = next;
            return Ok(true);
        };
        let called = tiles[at];
        let mut consumed = tiles;
        consumed.remove(at);
        let consumed: Vec<MjaiTile> = consumed.iter().map(|&t| t.into()).collect();
        let kind = match marker {
            'c' => "chi",
            'p' => "pon",
            _ => "daiminkan",
        };
        lines.push(MjaiEvent::call(kind, seat, from, called.into(), consumed));
        self.next_draw[usize::from(seat)] += 1;
        self.seat = seat;
        self.drawn = None;
        if marker == 'm' {
            self.dora_after_discard += 1;
            // The open kan's `0` in the discards, then its replacement draw.
            self.next_discard[usize::from(seat)] += 1;
            return Ok(true);
        }
        Ok(false)
    }

    fn bad(&self, message: String) -> TenhouError {
        self.hand.out_of_turn(message)
    }
}
