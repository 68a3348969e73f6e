//! The form every record format converts through: the rules and the full mjai log, read,
//! written and checked by replay.

use std::fmt;

use mahjong_core::Rules;
use mahjong_core::mjai::{
    MjaiError, MjaiEvent, MjaiTile, parse_log, replay, replay_hands, to_jsonl,
};
use mahjong_core::score::Wind;

use crate::error::RecordError;
use crate::format::Format;
use crate::mjlog;
use crate::platform::Platform;
use crate::tenhou6;

/// A game record as every format is read into and written from: the rules it was played
/// under (the format's rule flags where it has them, else the caller's) and its full mjai
/// log, every seat's tiles shown (`start_game` .. `end_game` for a whole match, or hands
/// `start_kyoku` .. `end_kyoku` alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The rules of the game: seats (3 or 4), red fives, open tanyao, the match's length.
    pub rules: Rules,
    /// The mjai lines of the game (`mahjong_core::mjai`'s mapping).
    pub events: Vec<MjaiEvent>,
}

/// One hand of a record: where it is and its lines (`start_kyoku` .. `end_kyoku`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordHand<'a> {
    /// The index of its `start_kyoku` in [`GameRecord::events`] (its mjai line is this + 1).
    pub at: usize,
    /// Its lines.
    pub events: &'a [MjaiEvent],
}

/// Where a record and the game disagree: the hand (`None` for the match around the hands:
/// its flow, its final scores) and the replay's error, whose line numbers are lines of the
/// record's mjai form ([`GameRecord::to_mjai`]; one more in a record of hands without
/// `start_game`, which a replay reads first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The hand's name (`East 1, 0 honba`), or `None` for the match.
    pub hand: Option<String>,
    /// What the replay found.
    pub error: MjaiError,
}

impl Disagreement {
    /// The line of the record's mjai form the replay names, if it names one.
    pub fn line(&self) -> Option<usize> {
        self.error.line()
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.hand {
            Some(hand) => write!(f, "{hand}: {}", self.error),
            None => write!(f, "the match: {}", self.error),
        }
    }
}

/// The hand that line `line` of the mjai log `events` belongs to: the hands counted from 1
/// by their `start_kyoku` lines up to it, 0 before the first (the log's `start_game`). What
/// a replay's error (its [`MjaiError::line`]) names the hand by.
pub fn hand_of_line(events: &[MjaiEvent], line: usize) -> usize {
    events
        .iter()
        .take(line)
        .filter(|event| matches!(event, MjaiEvent::StartKyoku { .. }))
        .count()
}

impl GameRecord {
    /// The record's events as a whole mjai log, as mjai's replay reads one: a record of
    /// some hands of a match (no `start_game`, as a tenhou.net/6 log of one hand gives)
    /// framed by `start_game` and `end_game`; a whole match's events as they are.
    pub fn framed_events(&self) -> Vec<MjaiEvent> {
        if self.starts_game() {
            return self.events.clone();
        }
        let start = MjaiEvent::StartGame {
            id: None,
            names: None,
        };
        let end = MjaiEvent::EndGame { scores: None };
        [vec![start], self.events.clone(), vec![end]].concat()
    }

    /// Reads a record of any format, told by [`Format::detect`]; an mjai log, which names
    /// no rules, is read under `platform`'s rules for its seats.
    ///
    /// # Errors
    /// [`RecordError::UnknownFormat`] for text of no known format, else as
    /// [`GameRecord::read_as`].
    pub fn read(text: &str, platform: Platform) -> Result<GameRecord, RecordError> {
        let format = Format::detect(text).ok_or(RecordError::UnknownFormat)?;
        GameRecord::read_as(format, text, platform)
    }

    /// Reads a record of `format`; `platform` as for [`GameRecord::read`].
    ///
    /// # Errors
    /// The format's reader's error: [`RecordError::Mjai`] for a bad mjai line,
    /// [`RecordError::Xml`] for a bad Tenhou XML record, [`RecordError::Json`] for a bad
    /// tenhou.net/6 log;
    /// [`RecordError::NoRules`] for an mjai log whose seats `platform` has no rules for;
    /// [`RecordError::NoHands`] for a record of no hand. A byte-order mark first is skipped.
    pub fn read_as(
        format: Format,
        text: &str,
        platform: Platform,
    ) -> Result<GameRecord, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let record = match format {
            Format::Mjai => GameRecord::from_mjai(text, platform)?,
            Format::TenhouXml => mjlog::read(text)?,
            Format::TenhouJson => tenhou6::read(text)?,
        };
        if record.hands().is_empty() {
            return Err(RecordError::NoHands);
        }
        Ok(record)
    }

    /// Reads an mjai log under `platform`'s rules for its seats: three when its hands deal
    /// no tiles to the fourth seat (as three-player logs write it), else four. Unlike
    /// [`GameRecord::read_as`], it takes a log of no hand and no byte-order mark.
    ///
    /// # Errors
    /// [`RecordError::Mjai`] for a line that is not an mjai line; [`RecordError::NoRules`]
    /// when `platform` has no rules for the log's seats.
    pub fn from_mjai(text: &str, platform: Platform) -> Result<GameRecord, RecordError> {
        let events = parse_log(text)?;
        let seats = if events.iter().any(MjaiEvent::deals_three_seats) {
            3
        } else {
            4
        };
        let rules = platform
            .rules(seats)
            .ok_or(RecordError::NoRules { platform, seats })?;
        Ok(GameRecord { rules, events })
    }

    /// The record in `format`.
    ///
    /// # Errors
    /// What the format cannot hold (a hidden tile, rules it has no name for, a fifth copy
    /// of a tile...): [`RecordError::Xml`] for Tenhou's XML, [`RecordError::Json`] for
    /// tenhou.net/6 JSON. mjai holds every record.
    pub fn write(&self, format: Format) -> Result<String, RecordError> {
        match format {
            Format::Mjai => Ok(self.to_mjai()),
            Format::TenhouXml => Ok(mjlog::write(self)?),
            Format::TenhouJson => Ok(tenhou6::write(self)?),
        }
    }

    /// The record's mjai lines, a JSON object a line.
    pub fn to_mjai(&self) -> String {
        to_jsonl(&self.events)
    }

    /// Whether the record is a whole match (`start_game` first, `end_game` last).
    pub fn is_match(&self) -> bool {
        self.starts_game() && matches!(self.events.last(), Some(MjaiEvent::EndGame { .. }))
    }

    /// The record's hands, in order.
    pub fn hands(&self) -> Vec<RecordHand<'_>> {
        let starts: Vec<usize> = self
            .events
            .iter()
            .enumerate()
            .filter(|(_, event)| matches!(event, MjaiEvent::StartKyoku { .. }))
            .map(|(at, _)| at)
            .collect();
        starts
            .iter()
            .map(|&at| {
                let end = self.events[at..]
                    .iter()
                    .position(|event| *event == MjaiEvent::EndKyoku)
                    .map_or(self.events.len(), |len| at + len + 1);
                RecordHand {
                    at,
                    events: &self.events[at..end],
                }
            })
            .collect()
    }

    /// Replays the record under its rules (a whole match as a match, with its flow and
    /// final scores; else hand by hand) and returns every disagreement: each hand that
    /// does not replay, or, when every hand does, the match's. Empty when the record
    /// follows the rules, every win and payment included.
    pub fn validate(&self) -> Vec<Disagreement> {
        let whole = match self.is_match() {
            true => match replay(self.rules, &self.to_mjai()) {
                Ok(_) => return Vec::new(),
                Err(error) => Some(error),
            },
            false => None,
        };
        let start = self.start_game();
        let shift = usize::from(!self.starts_game());
        let hands: Vec<Disagreement> = self
            .hands()
            .into_iter()
            .filter_map(|hand| {
                let error = replay_hands(self.rules, &hand.mjai_lines(&start, shift)).err()?;
                Some(Disagreement {
                    hand: Some(hand.name()),
                    error,
                })
            })
            .collect();
        match whole {
            Some(error) if hands.is_empty() => vec![Disagreement { hand: None, error }],
            _ => hands,
        }
    }

    /// The game's own log of the record, replayed under its rules (a whole match as a
    /// match, else hand by hand): line for line the record's, with every field the game
    /// writes (a win's yaku, fu and points where the record left them out).
    ///
    /// # Errors
    /// The first disagreement, as [`GameRecord::validate`] finds it.
    pub fn replayed(&self) -> Result<Vec<MjaiEvent>, MjaiError> {
        if self.is_match() {
            return replay(self.rules, &self.to_mjai());
        }
        if self.starts_game() {
            return replay_hands(self.rules, &self.to_mjai());
        }
        let text = format!("{}\n{}", self.start_game(), self.to_mjai());
        let mut events = replay_hands(self.rules, &text)?;
        events.remove(0);
        Ok(events)
    }

    fn starts_game(&self) -> bool {
        matches!(self.events.first(), Some(MjaiEvent::StartGame { .. }))
    }

    /// The record's `start_game`, or a bare one for a record of hands without it (a
    /// replay reads one first).
    fn start_game(&self) -> MjaiEvent {
        match self.events.first() {
            Some(start @ MjaiEvent::StartGame { .. }) => start.clone(),
            _ => MjaiEvent::StartGame {
                id: None,
                names: None,
            },
        }
    }
}

impl RecordHand<'_> {
    /// The hand's name: its round wind, hand number and honba (`East 1, 0 honba`).
    pub fn name(&self) -> String {
        match self.events.first() {
            Some(MjaiEvent::StartKyoku {
                bakaze,
                kyoku,
                honba,
                ..
            }) => {
                format!("{} {kyoku}, {honba} honba", wind_name(*bakaze))
            }
            _ => "a hand".to_string(),
        }
    }

    /// The hand's lines as mjai text after the record's `start_game` (which a replay reads
    /// first), on the lines they have in the record (`shift` lines later in a record
    /// without `start_game`), so that a replay's line numbers are the record's.
    fn mjai_lines(&self, start: &MjaiEvent, shift: usize) -> String {
        let gap = "\n".repeat((self.at + shift).saturating_sub(1));
        format!("{start}\n{gap}{}", to_jsonl(self.events))
    }
}

/// The English name of a round wind tile (`East`), or the tile's text for another.
fn wind_name(tile: MjaiTile) -> String {
    let text = tile.to_string();
    Wind::from_name(&text).map_or(text, |wind| wind.name().to_string())
}
