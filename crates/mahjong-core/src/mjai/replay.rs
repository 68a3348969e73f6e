//! Replaying a log: each hand's wall rebuilt from its lines, the hand driven with the
//! log's actions, and every line the game writes compared with the log's line.

use serde_json::Value;

use crate::game::kyoku::{Kyoku, KyokuAction, KyokuError, KyokuStart};
use crate::game::rules::Rules;
use crate::game::seat::Seat;
use crate::hand::score::{TileCopy, Wind};
use crate::mjai::error::MjaiError;
use crate::mjai::event::MjaiEvent;
use crate::mjai::names::{KYUSHUKYUHAI, SANCHAHO};
use crate::mjai::parse::{Line, parse_lines};
use crate::mjai::tile::MjaiTile;
use crate::mjai::wall::rebuild;
use crate::mjai::write::MjaiWriter;

/// The log being replayed: its lines, the next one to compare, and the game's own log.
struct Replay<'a> {
    lines: &'a [Line],
    at: usize,
    writer: MjaiWriter,
    /// How many of the writer's lines have been compared.
    compared: usize,
}

impl Replay<'_> {
    fn peek(&self, ahead: usize) -> Option<&Line> {
        self.lines.get(self.at + ahead)
    }

    fn last_number(&self) -> usize {
        self.lines.last().map_or(0, |l| l.number)
    }

    /// Compares the lines the game wrote since the last call with the log's next lines.
    fn check(&mut self) -> Result<(), MjaiError> {
        while let Some(game) = self.writer.lines().get(self.compared) {
            let Some(log) = self.lines.get(self.at) else {
                return Err(MjaiError::Truncated {
                    line: self.last_number(),
                    expected: game.kind().to_string(),
                });
            };
            agree(log, game)?;
            self.at += 1;
            self.compared += 1;
        }
        Ok(())
    }

    fn unexpected(&self, line: &Line, expected: String) -> MjaiError {
        MjaiError::Unexpected {
            line: line.number,
            found: line.event.kind().to_string(),
            expected,
        }
    }

    /// The log's next line, or the error that the log ends where the game needs `expected`.
    fn next_line(&self, expected: &str) -> Result<&Line, MjaiError> {
        self.peek(0).ok_or_else(|| MjaiError::Truncated {
            line: self.last_number(),
            expected: expected.to_string(),
        })
    }

    /// Plays one hand from its `start_kyoku` line to its `end_kyoku`.
    fn hand(&mut self, rules: Rules) -> Result<(), MjaiError> {
        let first = self.next_line("start_kyoku")?;
        let start = kyoku_start(first)?;
        let hand_lines = &self.lines[self.at..];
        let wall = rebuild(hand_lines, rules.red_fives)?;
        let mut kyoku = Kyoku::from_wall(rules, start, wall)?;
        self.writer.start_kyoku(&kyoku);
        self.check()?;
        while let Some(seat) = kyoku.to_move() {
            let (number, action) = self.action(&kyoku, seat)?;
            let events = kyoku.apply(action).map_err(|error| match error {
                KyokuError::NotAllowed { action, reason } => MjaiError::NotAllowed {
                    line: number,
                    action,
                    reason,
                },
                _ => MjaiError::Unexpected {
                    line: number,
                    found: "action".to_string(),
                    expected: "the end of the hand".to_string(),
                },
            })?;
            self.writer.record(&events);
            self.check()?;
        }
        Ok(())
    }

    /// The action the log's next lines give `seat`, with the line number it comes from.
    fn action(&self, kyoku: &Kyoku, seat: Seat) -> Result<(usize, KyokuAction), MjaiError> {
        let legal = kyoku.legal_actions();
        if legal.contains(&KyokuAction::Pass) {
            return Ok(self.claim(&legal, seat));
        }
        let line = self.next_line("an action")?;
        let actor = seat.index() as u8;
        let action = match &line.event {
            MjaiEvent::Dahai {
                actor: a,
                pai,
                tsumogiri,
            } if *a == actor => discard(line, *pai, *tsumogiri, false)?,
            MjaiEvent::Reach { actor: a } if *a == actor => match self.peek(1) {
                Some(
                    next @ Line {
                        event:
                            MjaiEvent::Dahai {
                                actor: a,
                                pai,
                                tsumogiri,
                            },
                        ..
                    },
                ) if *a == actor => discard(next, *pai, *tsumogiri, true)?,
                Some(next) => return Err(self.unexpected(next, format!("seat {actor}'s dahai"))),
                None => {
                    return Err(MjaiError::Truncated {
                        line: line.number,
                        expected: "dahai".to_string(),
                    });
                }
            },
            MjaiEvent::Ankan {
                actor: a, consumed, ..
            } if *a == actor => KyokuAction::ClosedKan(known(line, consumed[0], "consumed")?.tile),
            MjaiEvent::Kakan { actor: a, pai, .. } if *a == actor => {
                KyokuAction::AddedKan(known(line, *pai, "pai")?.tile)
            }
            MjaiEvent::Hora {
                actor: a, target, ..
            } if *a == actor && *target == actor => KyokuAction::Tsumo,
            MjaiEvent::Ryukyoku {
                reason: Some(reason),
                ..
            } if reason == KYUSHUKYUHAI => KyokuAction::KyuushuKyuuhai,
            _ => return Err(self.unexpected(line, format!("an action of seat {actor}"))),
        };
        Ok((line.number, action))
    }

    /// `seat`'s answer to the offered tile: the log's ron or call by this seat in the lines
    /// that settle the claims (after any `reach_accepted`), else a pass.
    fn claim(&self, legal: &[KyokuAction], seat: Seat) -> (usize, KyokuAction) {
        let actor = seat.index() as u8;
        let settling = self.lines[self.at..]
            .iter()
            .skip_while(|l| matches!(l.event, MjaiEvent::ReachAccepted { .. }));
        let mut first = None;
        for line in settling {
            let number = line.number;
            let action = match &line.event {
                MjaiEvent::Hora {
                    actor: a, target, ..
                } if a != target => (*a == actor).then_some(KyokuAction::Ron),
                MjaiEvent::Ryukyoku {
                    reason: Some(reason),
                    ..
                } if reason == SANCHAHO => Some(KyokuAction::Ron),
                MjaiEvent::Chi {
                    actor: a, consumed, ..
                } if *a == actor => Some(call(legal, consumed, KyokuAction::Chi)),
                MjaiEvent::Pon {
                    actor: a, consumed, ..
                } if *a == actor => Some(call(legal, consumed, KyokuAction::Pon)),
                MjaiEvent::Daiminkan { actor: a, .. } if *a == actor => Some(KyokuAction::OpenKan),
                _ => None,
            };
            first.get_or_insert(number);
            if let Some(action) = action {
                return (number, action);
            }
            // Only a run of `hora` lines (a double ron) says more than its first line.
            if !matches!(line.event, MjaiEvent::Hora { .. }) {
                break;
            }
        }
        (first.unwrap_or(self.last_number()), KyokuAction::Pass)
    }
}

/// The chi or pon among `legal` that takes the `consumed` tiles, or the one written as the
/// log writes it (refused then, with its reason).
fn call(
    legal: &[KyokuAction],
    consumed: &[MjaiTile],
    make: fn(TileCopy, TileCopy) -> KyokuAction,
) -> KyokuAction {
    let copies: Vec<TileCopy> = consumed.iter().filter_map(|t| t.copy()).collect();
    let [a, b] = copies[..] else {
        return KyokuAction::Pass;
    };
    [make(a, b), make(b, a)]
        .into_iter()
        .find(|action| legal.contains(action))
        .unwrap_or(make(a, b))
}

/// The discard (or riichi discard) a `dahai` line makes.
fn discard(
    line: &Line,
    pai: MjaiTile,
    tsumogiri: bool,
    riichi: bool,
) -> Result<KyokuAction, MjaiError> {
    let copy = known(line, pai, "pai")?;
    Ok(match (tsumogiri, riichi) {
        (true, false) => KyokuAction::Tsumogiri,
        (true, true) => KyokuAction::RiichiTsumogiri,
        (false, false) => KyokuAction::Discard(copy),
        (false, true) => KyokuAction::Riichi(copy),
    })
}

fn known(line: &Line, tile: MjaiTile, field: &str) -> Result<TileCopy, MjaiError> {
    tile.copy().ok_or_else(|| MjaiError::Hidden {
        line: line.number,
        field: field.to_string(),
    })
}

/// The table a `start_kyoku` line describes.
fn kyoku_start(line: &Line) -> Result<KyokuStart, MjaiError> {
    let MjaiEvent::StartKyoku {
        bakaze,
        honba,
        kyotaku,
        oya,
        scores,
        ..
    } = &line.event
    else {
        return Err(MjaiError::Unexpected {
            line: line.number,
            found: line.event.kind().to_string(),
            expected: "a start_kyoku line".to_string(),
        });
    };
    let wind = bakaze
        .copy()
        .and_then(|c| Wind::ALL.into_iter().find(|w| w.tile() == c.tile));
    Ok(KyokuStart {
        dealer: Seat::ALL[usize::from(*oya) % 4],
        round_wind: wind.unwrap_or_default(),
        points: *scores,
        honba: *honba,
        riichi_sticks: *kyotaku,
    })
}

/// Checks that the game's line agrees with the log's on every field the log gives (other
/// tools leave some out); the order of tiles within a hand or a call does not matter.
fn agree(log: &Line, game: &MjaiEvent) -> Result<(), MjaiError> {
    let log_value = normalized(&log.event);
    let game_value = normalized(game);
    let (Value::Object(log_fields), Value::Object(game_fields)) = (&log_value, &game_value) else {
        return Ok(());
    };
    let mut fields: Vec<(&String, &Value)> = log_fields.iter().collect();
    // The type first: a line of another type differs in more than one field.
    fields.sort_by_key(|(name, _)| name.as_str() != "type");
    for (name, value) in fields {
        let theirs = game_fields.get(name);
        if theirs != Some(value) {
            return Err(MjaiError::Disagrees {
                line: log.number,
                kind: log.event.kind().to_string(),
                field: name.clone(),
                log: value.to_string(),
                game: theirs.map_or("nothing".to_string(), Value::to_string),
            });
        }
    }
    Ok(())
}

/// The line as JSON, with the tiles of hands and calls sorted.
fn normalized(event: &MjaiEvent) -> Value {
    let mut value = serde_json::to_value(event).unwrap_or(Value::Null);
    let sort = |list: &mut Value| {
        if let Value::Array(items) = list {
            items.sort_by_key(Value::to_string);
        }
    };
    if let Some(consumed) = value.get_mut("consumed") {
        sort(consumed);
    }
    if let Some(Value::Array(hands)) = value.get_mut("tehais") {
        hands.iter_mut().for_each(sort);
    }
    value
}

/// Replays an mjai log of hands of the full game under `rules` and returns the game's own
/// log, line for line the same as the given one.
///
/// Each hand's wall is rebuilt from the log (dealt tiles, draws, replacement tiles, dora
/// and ura-dora indicators; the tiles never shown fill the rest), the hand is played with
/// the log's actions (`dahai`, `reach`, calls, kans, `hora`, kyuushu kyuuhai; every seat
/// the log shows no claim for passes), and every line the game writes is compared with the
/// log's: every field the log gives must agree (events, `deltas`, `scores`, yaku, fu...).
/// Each hand starts from its `start_kyoku` line (dealer, round wind, points, honba,
/// sticks).
///
/// # Errors
/// As [`parse_log`](crate::mjai::parse_log) for a bad line; [`MjaiError::Hidden`] for a
/// log with hidden tiles (a seat's view); [`MjaiError::ImpossibleWall`] when the tiles
/// cannot come from one wall; [`MjaiError::NotAllowed`] for an action the rules refuse;
/// [`MjaiError::Unexpected`] for a line the game cannot take where it is;
/// [`MjaiError::Disagrees`] at the first line where the log and the game differ (the field
/// and both values); [`MjaiError::Truncated`] when the log stops early;
/// [`MjaiError::Rules`] unless `rules` are those of the full game.
pub fn replay_hands(rules: Rules, text: &str) -> Result<Vec<MjaiEvent>, MjaiError> {
    let lines = parse_lines(text)?;
    if let Some(Line {
        number,
        event: MjaiEvent::StartGame { id: Some(_), .. },
    }) = lines.first()
    {
        return Err(MjaiError::Hidden {
            line: *number,
            field: "id".to_string(),
        });
    }
    let mut replay = Replay {
        lines: &lines,
        at: 0,
        writer: MjaiWriter::new(),
        compared: 0,
    };
    replay.check()?;
    while let Some(line) = replay.peek(0) {
        match line.event {
            MjaiEvent::StartKyoku { .. } => replay.hand(rules)?,
            MjaiEvent::EndGame { scores } => {
                replay.writer.end_game(scores.unwrap_or_default());
                replay.check()?;
                if let Some(extra) = replay.peek(0) {
                    return Err(replay.unexpected(extra, "nothing after end_game".to_string()));
                }
            }
            _ => return Err(replay.unexpected(line, "start_kyoku or end_game".to_string())),
        }
    }
    Ok(replay.writer.lines().to_vec())
}
