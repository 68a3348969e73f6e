//! Replaying a log: each hand's wall rebuilt from its lines, the hand driven with the
//! log's actions, and every line the game writes compared with the log's line.

use serde_json::Value;

use crate::game::hanchan::{Match, MatchError, chombo_deltas_at};
use crate::game::kyoku::{Kyoku, KyokuAction, KyokuError, KyokuStart, TileWall, check_seats};
use crate::game::rules::Rules;
use crate::game::seat::Seat;
use crate::hand::score::{TileCopy, Wind};
use crate::mjai::error::{MjaiError, line_of_type};
use crate::mjai::event::{MjaiEvent, Scores};
use crate::mjai::names::{CHOMBO, KYUSHUKYUHAI, SANCHAHO, reason_word};
use crate::mjai::order::{Slot, doras_first};
use crate::mjai::parse::{Line, check_line, parse_lines};
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
    /// The hands played so far, with their walls and actions.
    hands: Vec<LoggedHand>,
}

/// One hand of a replayed log, as the game played it: its table, its wall (rebuilt from the
/// log: the tiles the log never shows are filled in index order, as [`replay`] does) and
/// every action of the hand in the order the game asked for them.
///
/// Claims are asked seat by seat, as [`Kyoku`] asks them: after a discard (or an added or
/// closed kan, or a kita) each seat the game asks answers, the seats the log shows no call
/// or ron for with [`KyokuAction::Pass`]. So `Kyoku::from_wall(rules, start, wall)` (or
/// [`Match::deal`] of the wall, for a match's hands in order) followed by the actions plays
/// the logged hand again, decision by decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedHand {
    /// The hand's table: dealer, round wind, points, honba and riichi sticks.
    pub start: KyokuStart,
    /// The hand's wall (136 tiles, or 108 at three seats).
    pub wall: TileWall,
    /// Each decision of the hand in order: the action and the number of the log line it
    /// was read from (1-based, blank lines counted; a pass gives the line that settled the
    /// claims).
    pub actions: Vec<LoggedAction>,
    /// The line of a `ryukyoku` with `reason` `error` (the referee's chombo) that threw the
    /// hand out before it ended; `None` for a hand played to its end.
    pub chombo: Option<usize>,
}

/// One decision of a logged hand: the action and the line it was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoggedAction {
    /// The line number (1-based, blank lines counted).
    pub line: usize,
    /// The action of the seat the game asked.
    pub action: KyokuAction,
}

impl<'a> Replay<'a> {
    /// The replay of `lines`; the game's log names the players (and carries the `id`
    /// label) as the log's `start_game` does.
    fn new(lines: &'a [Line]) -> Replay<'a> {
        let writer = match lines.first().map(|line| &line.event) {
            Some(MjaiEvent::StartGame { id, names }) => MjaiWriter::labelled(*id, names.clone()),
            _ => MjaiWriter::new(),
        };
        Replay {
            lines,
            at: 0,
            writer,
            compared: 0,
            hands: Vec::new(),
        }
    }

    /// The replay's game log and hands, once every line of the log has been compared.
    fn finish(self) -> Result<(MjaiWriter, Vec<LoggedHand>), MjaiError> {
        match self.peek(0) {
            Some(extra) => Err(self.unexpected(extra, "nothing after end_game".to_string())),
            None => Ok((self.writer, self.hands)),
        }
    }

    /// Starts the record of a hand dealt at `start` from `wall`.
    fn log_hand(&mut self, start: KyokuStart, wall: TileWall) {
        self.hands.push(LoggedHand {
            start,
            wall,
            actions: Vec::new(),
            chombo: None,
        });
    }

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
                    expected: line_of_type(game.kind()),
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

    /// The log's next line, or the error that the log ends where the game needs `expected`
    /// (in words, as [`MjaiError::Truncated`] says it).
    fn next_line(&self, expected: &str) -> Result<&Line, MjaiError> {
        self.peek(0).ok_or_else(|| MjaiError::Truncated {
            line: self.last_number(),
            expected: expected.to_string(),
        })
    }

    /// Plays one hand from its `start_kyoku` line on its own (the table the line gives) to
    /// its `end_kyoku`.
    fn hand(&mut self, rules: Rules) -> Result<(), MjaiError> {
        let first = self.next_line(&line_of_type("start_kyoku"))?;
        let start = kyoku_start(first)?;
        let wall = rebuild(&self.lines[self.at..], &rules)?;
        self.log_hand(start, wall.clone());
        let mut kyoku = Kyoku::from_wall(rules, start, wall)?;
        self.writer.start_kyoku(&kyoku);
        self.check()?;
        self.play(&mut kyoku)
    }

    /// Plays the match's next hand: deals the wall rebuilt from the log's `start_kyoku`
    /// line and its hand, and plays it to its end (and the match's, when it ends).
    fn match_hand(&mut self, game: &mut Match) -> Result<(), MjaiError> {
        let first = self.next_line(&line_of_type("start_kyoku"))?;
        if !matches!(first.event, MjaiEvent::StartKyoku { .. }) {
            return Err(self.unexpected(first, "a start_kyoku line".to_string()));
        }
        let number = first.number;
        let wall = rebuild(&self.lines[self.at..], game.rules())?;
        let dealt = wall.clone();
        let events = game.deal(wall).map_err(|error| MjaiError::Unexpected {
            line: number,
            found: "start_kyoku".to_string(),
            expected: format!("a hand the match can deal ({error})"),
        })?;
        if let Some(kyoku) = game.kyoku() {
            self.log_hand(*kyoku.start(), dealt);
        }
        self.writer.record_match(game, &events);
        self.check()?;
        self.play(game)
    }

    /// Plays the hand in play with the log's actions to its end, comparing every line.
    fn play(&mut self, game: &mut impl Table) -> Result<(), MjaiError> {
        while let Some(kyoku) = game.hand() {
            let Some(seat) = kyoku.to_move() else { break };
            if let Some(number) = self.chombo_of(seat) {
                let deltas = chombo_deltas_at(seat, kyoku.start().dealer, kyoku.rules().seats);
                game.chombo(seat, deltas, &mut self.writer)
                    .map_err(|error| MjaiError::Unexpected {
                        line: number,
                        found: "ryukyoku".to_string(),
                        expected: format!("a chombo the match can take ({error})"),
                    })?;
                if let Some(hand) = self.hands.last_mut() {
                    hand.chombo = Some(number);
                }
                return self.check();
            }
            let (number, action) = self.action(kyoku, seat)?;
            game.play(action, &mut self.writer)
                .map_err(|error| match error {
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
            if let Some(hand) = self.hands.last_mut() {
                hand.actions.push(LoggedAction {
                    line: number,
                    action,
                });
            }
            self.check()?;
        }
        Ok(())
    }

    /// The number of the log's next line when it throws the hand out on `seat`'s chombo
    /// (as the referee writes it: `ryukyoku` with `reason` `error`, `seat` the one that
    /// pays in its `deltas`, any seat to move when it has none).
    fn chombo_of(&self, seat: Seat) -> Option<usize> {
        let line = self.peek(0)?;
        let MjaiEvent::Ryukyoku {
            reason: Some(reason),
            deltas,
            ..
        } = &line.event
        else {
            return None;
        };
        let payer = deltas.and_then(|d| d.iter().position(|&delta| delta < 0));
        (reason == CHOMBO && payer.is_none_or(|payer| payer == seat.index())).then_some(line.number)
    }

    /// The action the log's next lines give `seat`, with the line number it comes from.
    fn action(&self, kyoku: &Kyoku, seat: Seat) -> Result<(usize, KyokuAction), MjaiError> {
        let legal = kyoku.legal_actions();
        if legal.contains(&KyokuAction::Pass) {
            return Ok(self.claim(&legal, seat));
        }
        // The indicator an open kan turns with the discard is written before the `dahai`,
        // and one still owed before a second kan's `ankan`: the action comes after it.
        let (ahead, line) = self.past_doras(0).ok_or_else(|| MjaiError::Truncated {
            line: self.last_number(),
            expected: "an action of a seat".to_string(),
        })?;
        let actor = seat.index() as u8;
        let action = match &line.event {
            MjaiEvent::Dahai {
                actor: a,
                pai,
                tsumogiri,
            } if *a == actor => discard(line, *pai, *tsumogiri, false)?,
            MjaiEvent::Reach { actor: a } if *a == actor => match self.past_doras(ahead + 1) {
                Some((
                    _,
                    next @ Line {
                        event:
                            MjaiEvent::Dahai {
                                actor: a,
                                pai,
                                tsumogiri,
                            },
                        ..
                    },
                )) if *a == actor => discard(next, *pai, *tsumogiri, true)?,
                Some((_, next)) => {
                    return Err(self.unexpected(next, format!("seat {actor}'s dahai")));
                }
                None => {
                    return Err(MjaiError::Truncated {
                        line: line.number,
                        expected: line_of_type("dahai"),
                    });
                }
            },
            MjaiEvent::Ankan {
                actor: a, consumed, ..
            } if *a == actor => {
                let first = consumed.first().copied().unwrap_or(MjaiTile::Hidden);
                KyokuAction::ClosedKan(known(line, first, "consumed")?.tile)
            }
            MjaiEvent::Kakan { actor: a, pai, .. } if *a == actor => {
                KyokuAction::AddedKan(known(line, *pai, "pai")?.tile)
            }
            MjaiEvent::Nukidora { actor: a, .. } if *a == actor => KyokuAction::Kita,
            MjaiEvent::Hora {
                actor: a, target, ..
            } if *a == actor && *target == actor => KyokuAction::Tsumo,
            // Right after a draw only kyuushu kyuuhai ends the hand, and Mortal's libriichi
            // writes it as a bare `ryukyoku` (only `deltas`).
            MjaiEvent::Ryukyoku { reason, .. }
                if reason
                    .as_deref()
                    .is_none_or(|reason| reason_word(reason) == KYUSHUKYUHAI) =>
            {
                KyokuAction::KyuushuKyuuhai
            }
            _ => return Err(self.unexpected(line, format!("an action of seat {actor}"))),
        };
        Ok((line.number, action))
    }

    /// The first line from `ahead` lines on that is not a `dora` line, and how far ahead
    /// it is.
    fn past_doras(&self, ahead: usize) -> Option<(usize, &Line)> {
        (ahead..)
            .map_while(|at| Some((at, self.peek(at)?)))
            .find(|(_, line)| !matches!(line.event, MjaiEvent::Dora { .. }))
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
                } if reason_word(reason) == SANCHAHO => Some(KyokuAction::Ron),
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

/// A hand on its own, or a match: what a replay drives.
trait Table {
    /// The hand being played, until it is over.
    fn hand(&self) -> Option<&Kyoku>;
    /// Plays `action` and writes its lines.
    fn play(&mut self, action: KyokuAction, writer: &mut MjaiWriter) -> Result<(), KyokuError>;
    /// Throws the hand out on `seat`'s chombo, paying `deltas`, and writes its lines.
    fn chombo(
        &mut self,
        seat: Seat,
        deltas: Scores,
        writer: &mut MjaiWriter,
    ) -> Result<(), MatchError>;
}

impl Table for Kyoku {
    fn hand(&self) -> Option<&Kyoku> {
        (!self.is_over()).then_some(self)
    }

    fn play(&mut self, action: KyokuAction, writer: &mut MjaiWriter) -> Result<(), KyokuError> {
        writer.record(&self.apply(action)?);
        Ok(())
    }

    /// A hand on its own ends at the chombo's lines (the replay stops playing it).
    fn chombo(
        &mut self,
        _seat: Seat,
        deltas: Scores,
        writer: &mut MjaiWriter,
    ) -> Result<(), MatchError> {
        writer.chombo(deltas);
        Ok(())
    }
}

impl Table for Match {
    fn hand(&self) -> Option<&Kyoku> {
        self.kyoku().filter(|kyoku| !kyoku.is_over())
    }

    fn play(&mut self, action: KyokuAction, writer: &mut MjaiWriter) -> Result<(), KyokuError> {
        let events = self.apply(action).map_err(|error| match error {
            MatchError::Kyoku(error) => error,
            _ => KyokuError::Over,
        })?;
        writer.record_match(self, &events);
        Ok(())
    }

    fn chombo(
        &mut self,
        seat: Seat,
        deltas: Scores,
        writer: &mut MjaiWriter,
    ) -> Result<(), MatchError> {
        let events = Match::chombo(self, seat)?;
        writer.chombo(deltas);
        writer.record_match(self, &events);
        Ok(())
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
    start_of(&line.event).ok_or_else(|| MjaiError::Unexpected {
        line: line.number,
        found: line.event.kind().to_string(),
        expected: "a start_kyoku line".to_string(),
    })
}

/// The table `event` describes, when it is a `start_kyoku` line.
pub(super) fn start_of(event: &MjaiEvent) -> Option<KyokuStart> {
    let MjaiEvent::StartKyoku {
        bakaze,
        honba,
        kyotaku,
        oya,
        scores,
        ..
    } = event
    else {
        return None;
    };
    let wind = bakaze
        .copy()
        .and_then(|c| Wind::ALL.into_iter().find(|w| w.tile() == c.tile));
    Some(KyokuStart {
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
    // Equal lines agree on every field: the JSON comparison is for the lines that differ in
    // what the log leaves out or orders otherwise.
    if log.event == *game {
        return Ok(());
    }
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

/// The line as JSON, with the tiles of hands and calls sorted and a draw's `reason` in
/// this crate's words.
fn normalized(event: &MjaiEvent) -> Value {
    let mut value: Value = event.to_json().parse().unwrap_or(Value::Null);
    if let Some(Value::String(reason)) = value.get_mut("reason") {
        *reason = reason_word(reason).to_string();
    }
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

/// The lines of `text`, as [`full_lines`] takes them.
fn full_log(text: &str) -> Result<Vec<Line>, MjaiError> {
    full_lines(parse_lines(text)?)
}

/// The lines of `events`, numbered from 1 in order and checked as reading text checks
/// them (seats, hand numbers, tile counts), as [`full_lines`] takes them.
fn full_events(events: &[MjaiEvent]) -> Result<Vec<Line>, MjaiError> {
    let mut lines = Vec::with_capacity(events.len());
    for (at, event) in events.iter().enumerate() {
        check_line(at + 1, event)?;
        lines.push(Line {
            number: at + 1,
            event: event.clone(),
        });
    }
    full_lines(lines)
}

/// `lines`, refused when the log is a seat's view (`start_game` with an `id`
/// and tiles shown as `?`; with every tile shown, the `id` is only a label, as the mjai
/// 0.2.1 package's engine gives the game's index there), with kan dora lines written
/// after a `dahai` moved before it ([`doras_first`]).
fn full_lines(lines: Vec<Line>) -> Result<Vec<Line>, MjaiError> {
    if let Some(Line {
        number,
        event: MjaiEvent::StartGame { id: Some(seat), .. },
    }) = lines.first()
    {
        let hidden = lines[1..]
            .iter()
            .any(|line| line.event.to_json().contains("\"?\""));
        if hidden {
            return Err(MjaiError::SeatView {
                line: *number,
                seat: *seat,
            });
        }
    }
    Ok(doras_first(lines, |line| match line.event {
        MjaiEvent::Dora { .. } => Slot::Dora,
        MjaiEvent::Dahai { .. } => Slot::Discard,
        MjaiEvent::Ankan { .. } => Slot::ClosedKan,
        _ => Slot::Other,
    }))
}

/// Replays the mjai log of a match under `rules` ([`Match`], spec section 4) and returns
/// the game's own log, line for line the same as the given one.
///
/// The match starts at East 1 with each seat's starting points. Each hand's wall is rebuilt
/// from the log (dealt tiles, draws, replacement tiles, dora and ura-dora indicators; the
/// tiles never shown fill the rest), the hand is played with the log's actions (`dahai`,
/// `reach`, calls, kans, `hora`, kyuushu kyuuhai; a seat the log shows no claim for
/// passes; a `ryukyoku` with `reason` `error`, as the [referee](crate::mjai::referee)
/// writes a bot's chombo, throws the hand out on the chombo of the seat its `deltas`
/// charge, [`Match::chombo`]), and every line the game writes is compared with the log's, in order: every
/// field the log gives must agree (the hand's table in `start_kyoku`, events, `deltas`,
/// `scores`, yaku, fu, and the end of the match with its final points).
///
/// Under three-player rules ([`Rules::tenhou_sanma`], [`Rules::mahjong_soul_sanma`]) the
/// wall rebuilt is the 108-tile one (no 2m-8m, RULES.md section 6): three seats dealt, the
/// fourth seat's `tehais` empty or all `?` and its `scores` and `deltas` 0 (or the lists of
/// three seats RiichiEnv writes), a `nukidora` (or `kita`) line a seat's kita, the `tsumo`
/// after it a replacement draw.
///
/// Logs of other engines replay too (the [module](crate::mjai) lists their conventions):
/// the kan `dora` line before or after the kan player's `dahai`, `start_game` with the
/// players' `names` (the returned log's `start_game` keeps them, and an `id` label), a bare
/// `ryukyoku`, other engines' words for a draw.
///
/// # Errors
/// As [`parse_log`](crate::mjai::parse_log) for a bad line; [`MjaiError::SeatView`] for a
/// seat's view of a match (`start_game` with an `id`, and tiles shown as `?`),
/// [`MjaiError::Hidden`] for another
/// log with hidden tiles (`?`); [`MjaiError::ImpossibleWall`] when a hand's tiles
/// cannot come from one wall (at three seats also a 2m-8m, a dealer or dealt tiles of a
/// fourth seat); [`MjaiError::ThreePlayerLog`] for a three-player log under four-player
/// rules; [`MjaiError::NotAllowed`] for an action the rules refuse;
/// [`MjaiError::Unexpected`] for a line the game cannot take where it is (a line after
/// `end_game` included); [`MjaiError::Disagrees`] at the first line where the log and the
/// game differ, with the field and both values; [`MjaiError::Truncated`] when the log stops
/// early; [`MjaiError::Rules`] unless `rules` are those of the full game (four seats or
/// three).
pub fn replay(rules: Rules, text: &str) -> Result<Vec<MjaiEvent>, MjaiError> {
    let (writer, _) = replay_match_lines(rules, &full_log(text)?)?;
    Ok(writer.lines().to_vec())
}

/// Replays the whole match of `lines` (see [`replay`]): the game's log and the hands.
fn replay_match_lines(
    rules: Rules,
    lines: &[Line],
) -> Result<(MjaiWriter, Vec<LoggedHand>), MjaiError> {
    let mut game = Match::new(rules)?;
    let mut replay = Replay::new(lines);
    replay.check()?;
    while !game.is_over() {
        replay.match_hand(&mut game)?;
    }
    replay.finish()
}

/// Replays an mjai log of hands of the full game, each on its own, under `rules`, and
/// returns the game's own log, line for line the same as the given one.
///
/// As [`replay`], but each hand starts from the table its `start_kyoku` line gives
/// (dealer, round wind, points, honba, sticks), whatever came before, and `end_game` is
/// taken as it is: for logs of single hands, or of hands picked from matches.
///
/// # Errors
/// As [`replay`], and [`MjaiError::Rules`] for a hand whose table the rules refuse (a
/// North round at three seats: [`RulesError::RoundWind`](crate::RulesError::RoundWind)).
pub fn replay_hands(rules: Rules, text: &str) -> Result<Vec<MjaiEvent>, MjaiError> {
    let (writer, _) = replay_hand_lines(rules, &full_log(text)?)?;
    Ok(writer.lines().to_vec())
}

/// Replays the hands of `lines` each on its own (see [`replay_hands`]): the game's log and
/// the hands.
fn replay_hand_lines(
    rules: Rules,
    lines: &[Line],
) -> Result<(MjaiWriter, Vec<LoggedHand>), MjaiError> {
    check_seats(&rules)?;
    let mut replay = Replay::new(lines);
    replay.check()?;
    while let Some(line) = replay.peek(0) {
        match line.event {
            MjaiEvent::StartKyoku { .. } => replay.hand(rules)?,
            MjaiEvent::EndGame { scores } => {
                replay.writer.end_game(scores.unwrap_or_default());
                replay.check()?;
                return replay.finish();
            }
            _ => return Err(replay.unexpected(line, "start_kyoku or end_game".to_string())),
        }
    }
    replay.finish()
}

/// Replays the mjai log `events` under `rules`, as [`replay`] does (a whole match,
/// `whole_match`) or [`replay_hands`] does (each hand on its own table), checking every
/// line, and returns each hand as the game played it: its table, its wall and its actions,
/// claims answered seat by seat ([`LoggedHand`]), for those who drive their own game with
/// the log's decisions (e.g. to write a learner's observations at each decision).
///
/// Lines are numbered from 1 in the order of `events` (the log's lines when the events
/// are [`parse_log`](crate::mjai::parse_log)'s of a log without blank lines; see
/// [`logged_hands_of_text`] for a text).
///
/// # Errors
/// As [`replay`] (`whole_match`) or [`replay_hands`], naming the line.
pub fn logged_hands(
    rules: Rules,
    events: &[MjaiEvent],
    whole_match: bool,
) -> Result<Vec<LoggedHand>, MjaiError> {
    logged_hands_of_lines(rules, &full_events(events)?, whole_match)
}

/// [`logged_hands`] of the mjai log `text` (one JSON object a line; lines numbered as the
/// text numbers them, blank lines counted).
///
/// # Errors
/// As [`parse_log`](crate::mjai::parse_log) for a bad line, then as [`logged_hands`].
pub fn logged_hands_of_text(
    rules: Rules,
    text: &str,
    whole_match: bool,
) -> Result<Vec<LoggedHand>, MjaiError> {
    logged_hands_of_lines(rules, &full_log(text)?, whole_match)
}

fn logged_hands_of_lines(
    rules: Rules,
    lines: &[Line],
    whole_match: bool,
) -> Result<Vec<LoggedHand>, MjaiError> {
    let replayed = match whole_match {
        true => replay_match_lines(rules, lines),
        false => replay_hand_lines(rules, lines),
    };
    replayed.map(|(_, hands)| hands)
}
