//! A referee for mjai bots: it plays a whole [`Match`] with four bots (or three, under
//! three-player rules), each told only its own seat's view as mjai events and answering
//! with one mjai action line, as the mjai.app tournament runs bots ([`Referee::play`]);
//! and a duplicate mode that plays the same walls with the seats rotated ([`duplicate`]).
//!
//! # Three players
//!
//! Under [`Rules::tenhou_sanma`] or [`Rules::mahjong_soul_sanma`] ([`RefereeConfig::rules`])
//! seats 0 to 2 play; each is sent its log as [`MjaiWriter`] writes a three-player table
//! (four-seat lists with the empty seat's `tehais` all `?` and its `scores` 0, as the
//! three-player forks of Mortal's libriichi read them; see [`crate::mjai`]), and a kita is
//! answered `{"type":"nukidora","actor":A,"pai":"N"}` (RiichiEnv's `kita` too), after
//! which the seat is sent its replacement `tsumo`. The time limit and the faults are the
//! four-player ones; a chombo is paid to the two other seats (4,000 each for the dealer's,
//! 4,000 to the dealer and 2,000 to the other for another seat's: a mangan tsumo under
//! tsumo-loss).
//!
//! # Faults
//!
//! A bot is asked only when it has a choice (its turn, or a claim it could make). An answer
//! later than [`RefereeConfig::limit`] (3 s by default, as mjai.app), an answer that is not
//! an mjai action line of its seat, an action the rules refuse, more than one line, a line
//! longer than [`process::MAX_ANSWER_BYTES`], or a bot that crashed or closed its output is
//! a [`Fault`], charged once: a late answer's line is dropped when it comes (the next
//! question waits for it, up to [`process::CATCH_UP_LIMITS`] limits), the lines
//! after a charged answer belong to it, and a bot is read on after a long line (the
//! [`process`] module says how a program's lines are matched to the questions).
//!
//! As mjai.app's simulator does, the faulting seat pays a mangan chombo as if every other
//! seat had won a mangan by tsumo from it (8,000 points: 4,000 to the dealer and 2,000 to
//! each other seat; 12,000 for the dealer, 4,000 to each), the log gets a `ryukyoku` line
//! with `reason` `error` and those `deltas` (then `end_kyoku`; the log replays with
//! [`replay`](crate::mjai::replay)), and play resumes as mjai.app's simulator resumes it
//! ([`Match::chombo`]: the same dealer with one more honba after another seat's chombo, the
//! next dealer after the dealer's; the match ends on tobi or in the last hand). A bot that
//! keeps failing keeps paying until the match ends. The referee itself never panics, and
//! never waits longer than the limit for one answer (after a fault, a program's next
//! question first waits a tenth of it for the lines of the charged answer).

mod answer;
pub mod process;

use std::fmt;
use std::time::Duration;

use thiserror::Error;

use crate::game::hanchan::{Match, MatchEvent, chombo_deltas_at};
use crate::game::kyoku::{KyokuAction, TileWall};
use crate::game::rules::{Rules, RulesError};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::mjai::bot::MjaiBot;
use crate::mjai::event::{MjaiEvent, Scores};
use crate::mjai::write::MjaiWriter;
use answer::{Answer, read_answer};

/// What went wrong with a bot's answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Fault {
    /// No answer within the time limit.
    #[error("no answer within {limit:?}")]
    Late {
        /// The limit.
        limit: Duration,
    },
    /// The answer is not an mjai action line of the bot's seat (text cut to 20 characters;
    /// the message escapes control characters, as every fault that quotes an answer does).
    #[error("`{}` is not an mjai action of this seat", .answer.escape_debug())]
    Malformed {
        /// The answer.
        answer: String,
    },
    /// The rules do not allow the action now.
    #[error("`{}` is not allowed now", .answer.escape_debug())]
    Illegal {
        /// The answer.
        answer: String,
    },
    /// The bot wrote a line nobody asked for.
    #[error("an answer nobody asked for: `{}`", .answer.escape_debug())]
    TooMuch {
        /// The extra line.
        answer: String,
    },
    /// The answer line is longer than [`process::MAX_ANSWER_BYTES`].
    #[error("an answer line longer than {} bytes", process::MAX_ANSWER_BYTES)]
    TooLong,
    /// The bot ended, closed its output, or could not follow the game.
    #[error("the bot crashed or closed its output")]
    Crashed,
}

/// A bot the referee asks: given one line (a JSON array of the events since its last
/// answer), it answers with one mjai action line within `limit`.
pub trait MjaiPlayer {
    /// The answer to `line`.
    ///
    /// # Errors
    /// The [`Fault`] of a bot that did not answer in time or in form.
    fn ask(&mut self, line: &str, limit: Duration) -> Result<String, Fault>;

    /// Told that the referee charged a fault for the last answer (or its absence): a line
    /// the bot writes before its next question belongs to that answer and is not charged
    /// again. The default does nothing.
    fn charged(&mut self) {}
}

impl MjaiPlayer for MjaiBot {
    /// The in-process bot answers at once; a line it cannot follow is [`Fault::Crashed`].
    fn ask(&mut self, line: &str, _limit: Duration) -> Result<String, Fault> {
        self.react_line(line).map_err(|_| Fault::Crashed)
    }
}

/// How the referee plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefereeConfig {
    /// The rules (the match's length and points in `rules.match_rules`).
    pub rules: Rules,
    /// The longest a bot may take for one answer (mjai.app: 3 s).
    pub limit: Duration,
}

impl Default for RefereeConfig {
    fn default() -> RefereeConfig {
        RefereeConfig {
            rules: Rules::default(),
            limit: Duration::from_secs(3),
        }
    }
}

/// A fault and who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatFault {
    /// The seat.
    pub seat: Seat,
    /// What went wrong.
    pub fault: Fault,
}

impl fmt::Display for SeatFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}: {}", self.seat.index(), self.fault)
    }
}

/// A match the referee played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refereed {
    /// The full mjai log.
    pub log: Vec<MjaiEvent>,
    /// Each seat's final points (leftover riichi sticks to the first place).
    pub points: Scores,
    /// Each seat's place, 1 to 4 (1 to 3 under three-player rules, whose empty seat 3 has
    /// place 0; equal points rank by seat order from seat 0, the first dealer).
    pub places: [u8; MAX_SEATS],
    /// The faults, in order: each threw out its hand with a chombo.
    pub faults: Vec<SeatFault>,
}

/// Why the referee could not play.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RefereeError {
    /// The rules cannot play a match of the full game.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The walls given do not fit the rules (red fives).
    #[error("a wall does not fit the rules: {0}")]
    Wall(String),
}

/// Plays matches between four [`MjaiPlayer`]s (three under three-player rules).
#[derive(Clone, Copy, Debug, Default)]
pub struct Referee {
    /// How.
    pub config: RefereeConfig,
}

/// The per-seat lines not yet sent, and the riichi echo each seat was already sent: a
/// writer for each seat at the table (`seats[i]` is seat `i`'s).
struct Table {
    full: MjaiWriter,
    seats: Vec<MjaiWriter>,
    sent: [usize; MAX_SEATS],
}

impl Table {
    /// The table of `seats` seats (4, or 3 in sanma).
    fn new(seats: usize) -> Table {
        Table {
            full: MjaiWriter::new(),
            seats: Seat::first(seats).map(MjaiWriter::for_seat).collect(),
            sent: [0; MAX_SEATS],
        }
    }

    fn record(&mut self, game: &Match, events: &[MatchEvent]) {
        self.full.record_match(game, events);
        self.seats
            .iter_mut()
            .for_each(|writer| writer.record_match(game, events));
    }

    /// The lines `seat` has not been sent, as one JSON array, marked sent (none for a
    /// seat not at the table).
    fn unsent(&mut self, seat: Seat) -> String {
        let Some(writer) = self.seats.get(seat.index()) else {
            return json_array(&[]);
        };
        let lines = &writer.lines()[self.sent[seat.index()]..];
        self.sent[seat.index()] += lines.len();
        json_array(lines)
    }

    /// Marks `seat`'s own `reach` line, echoed to it before its discard, sent.
    fn skip_echo(&mut self, seat: Seat) {
        let at = self.sent[seat.index()];
        let line = self.seats.get(seat.index()).and_then(|w| w.lines().get(at));
        if let Some(MjaiEvent::Reach { .. }) = line {
            self.sent[seat.index()] += 1;
        }
    }
}

/// `lines` as one JSON array.
fn json_array(lines: &[MjaiEvent]) -> String {
    let items: Vec<String> = lines.iter().map(MjaiEvent::to_json).collect();
    format!("[{}]", items.join(","))
}

impl Referee {
    /// A referee with `config`.
    pub fn new(config: RefereeConfig) -> Referee {
        Referee { config }
    }

    /// Plays a whole match: seat `i` is `players[i]` (a missing one counts as crashed; under
    /// three-player rules `players[3]`, if given, is never asked), each hand's wall comes
    /// from `walls` ([`TileWall::for_rules`](crate::TileWall::for_rules) makes one for any
    /// rules). At the end every bot is sent its last lines (`end_game`), its answers
    /// ignored.
    ///
    /// # Errors
    /// [`RefereeError::Rules`] when the rules cannot play a match;
    /// [`RefereeError::Wall`] when a wall does not fit them. A bot's fault is no error:
    /// its hand is thrown out with a penalty ([`Refereed::faults`]).
    pub fn play(
        &self,
        players: &mut [&mut dyn MjaiPlayer],
        walls: &mut dyn FnMut() -> TileWall,
    ) -> Result<Refereed, RefereeError> {
        let mut game = Match::new(self.config.rules)?;
        let seats = self.config.rules.seats;
        let mut table = Table::new(seats);
        let mut faults = Vec::new();
        while !game.is_over() {
            if game.needs_wall() {
                let events = game
                    .deal(walls())
                    .map_err(|e| RefereeError::Wall(e.to_string()))?;
                table.record(&game, &events);
                continue;
            }
            let Some(seat) = game.to_move() else { break };
            match self.decide(&game, &mut table, players, seat) {
                // `decide` returns only legal actions.
                Ok(action) => {
                    if let Ok(events) = game.apply(action) {
                        table.record(&game, &events);
                    }
                }
                Err(fault) => {
                    if let Some(player) = players.get_mut(seat.index()) {
                        player.charged();
                    }
                    chombo(&mut game, &mut table, seat);
                    faults.push(SeatFault { seat, fault });
                }
            }
        }
        for (seat, player) in Seat::first(seats).zip(players.iter_mut()) {
            let _ = player.ask(&table.unsent(seat), self.config.limit);
        }
        let result = game.result().copied();
        let points = result.map_or(game.points(), |r| r.points);
        let place = |s: Seat| match result {
            Some(r) if s.index() < seats => r.place(s) as u8 + 1,
            _ => 0,
        };
        let places = Seat::ALL.map(place);
        Ok(Refereed {
            log: table.full.lines().to_vec(),
            points,
            places,
            faults,
        })
    }

    /// The action of `seat`, to move: a pass when it has no choice, else its bot's answer.
    fn decide(
        &self,
        game: &Match,
        table: &mut Table,
        players: &mut [&mut dyn MjaiPlayer],
        seat: Seat,
    ) -> Result<KyokuAction, Fault> {
        let legal = game.legal_actions();
        if legal == [KyokuAction::Pass] {
            return Ok(KyokuAction::Pass);
        }
        let player = players.get_mut(seat.index()).ok_or(Fault::Crashed)?;
        let answer = player.ask(&table.unsent(seat), self.config.limit)?;
        match read_answer(&answer, seat, &legal, false)? {
            Answer::Action(action) => Ok(action),
            Answer::Reach => {
                let echo = json_array(&[MjaiEvent::Reach {
                    actor: seat.index() as u8,
                }]);
                table.skip_echo(seat);
                let answer = player.ask(&echo, self.config.limit)?;
                match read_answer(&answer, seat, &legal, true)? {
                    Answer::Action(action) => Ok(action),
                    Answer::Reach => Err(Fault::Illegal {
                        answer: crate::excerpt::excerpt(answer.trim()),
                    }),
                }
            }
        }
    }
}

/// Throws out the hand in play on `seat`'s chombo ([`Match::chombo`]): the `ryukyoku` line
/// with `reason` `error` and the penalty's `deltas`, `end_kyoku`, and `end_game` when the
/// match ends there.
fn chombo(game: &mut Match, table: &mut Table, seat: Seat) {
    let deltas = chombo_deltas_at(seat, game.dealer(), game.rules().seats);
    let Ok(events) = game.chombo(seat) else {
        return;
    };
    table.full.chombo(deltas);
    table.seats.iter_mut().for_each(|w| w.chombo(deltas));
    table.record(game, &events);
}

/// One bot's results over a duplicate run (under three-player rules the fourth
/// standing has no match).
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Matches played.
    pub matches: usize,
    /// The mean place (1 to 4; 1 to 3 under three-player rules).
    pub mean_place: f64,
    /// The mean rank points ([`RANK_POINTS`]; [`SANMA_RANK_POINTS`] under three-player
    /// rules).
    pub mean_rank_points: f64,
    /// Half the width of the 95% interval of the mean rank points (1.96 standard errors).
    pub rank_points_ci95: f64,
    /// Half the width of the 95% interval of the mean place.
    pub place_ci95: f64,
    /// Faults made.
    pub faults: usize,
}

/// Rank points of places 1 to 4 (Tenhou's Houou-room hanchan table at 7-dan, the one
/// Mortal's and mjai-reviewer's documentation use).
pub const RANK_POINTS: [f64; 4] = [90.0, 45.0, 0.0, -135.0];

/// Rank points of places 1 to 3 at a three-player table: an even spread, +60 / 0 / -60
/// (Tenhou's three-player tables take more from the third place the higher its dan; no
/// single table is standard, so the mean place is the measure to compare by).
pub const SANMA_RANK_POINTS: [f64; 3] = [60.0, 0.0, -60.0];

/// Plays `matches` wall sets once per seat each (four times, three under three-player
/// rules), bot `b` in seat `(b + r) % seats` in rotation `r`, and reports each bot's
/// standing (the fourth of no match at three seats). `bots(b, seat)` makes bot `b`'s
/// player for one match at `seat`; `walls(m)` makes the walls of match `m` (the same for
/// its rotations).
///
/// # Errors
/// As [`Referee::play`].
pub fn duplicate(
    referee: &Referee,
    matches: usize,
    bots: &mut dyn FnMut(usize, Seat) -> Box<dyn MjaiPlayer>,
    walls: &mut dyn FnMut(usize) -> Box<dyn FnMut() -> TileWall>,
) -> Result<[Standing; MAX_SEATS], RefereeError> {
    let seats = referee.config.rules.seats.clamp(1, MAX_SEATS);
    let mut places: [Vec<u8>; MAX_SEATS] = Default::default();
    let mut faults = [0; MAX_SEATS];
    for m in 0..matches {
        for rotation in 0..seats {
            // Bot `b` sits at seat `(b + rotation) % seats`.
            let bot_at = |seat: usize| (seat + seats - rotation) % seats;
            let mut owned: Vec<Box<dyn MjaiPlayer>> = (0..seats)
                .map(|seat| bots(bot_at(seat), Seat::ALL[seat]))
                .collect();
            let mut players: Vec<&mut dyn MjaiPlayer> = owned
                .iter_mut()
                .map(|bot| -> &mut dyn MjaiPlayer { &mut **bot })
                .collect();
            let mut wall = walls(m);
            let result = referee.play(&mut players, &mut *wall)?;
            for seat in 0..seats {
                places[bot_at(seat)].push(result.places[seat]);
            }
            for fault in &result.faults {
                faults[bot_at(fault.seat.index())] += 1;
            }
        }
    }
    let table: &[f64] = if seats == 3 {
        &SANMA_RANK_POINTS
    } else {
        &RANK_POINTS
    };
    Ok(std::array::from_fn(|b| {
        standing(&places[b], faults[b], table)
    }))
}

/// Mean and 95% half-width of `values`.
fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

/// A bot's standing from its `places` (1 to `table.len()`) and `faults`, with the rank
/// points of `table` (by place).
fn standing(places: &[u8], faults: usize, table: &[f64]) -> Standing {
    let as_f64: Vec<f64> = places.iter().map(|&p| f64::from(p)).collect();
    let last = u8::try_from(table.len()).unwrap_or(1).max(1);
    let rank: Vec<f64> = places
        .iter()
        .map(|&p| {
            table
                .get(usize::from(p.clamp(1, last)) - 1)
                .copied()
                .unwrap_or(0.0)
        })
        .collect();
    let (mean_place, place_ci95) = mean_ci(&as_f64);
    let (mean_rank_points, rank_points_ci95) = mean_ci(&rank);
    Standing {
        matches: places.len(),
        mean_place,
        mean_rank_points,
        rank_points_ci95,
        place_ci95,
        faults,
    }
}
