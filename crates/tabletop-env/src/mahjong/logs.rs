//! Training samples from mjai logs (cargo feature `logs`): for each decision of each seat
//! in a logged match or hand, the seat, its observation exactly as [`MahjongEnv`] writes it
//! at that decision, the legal mask, the action id the log's player took, and the hand's
//! and the match's results per seat.
//!
//! The log is replayed by mahjong-core ([`mahjong_core::mjai::logged_hands`]: each hand's
//! wall rebuilt from the log, every line checked against the game), and each hand is then
//! played again in a [`MahjongEnv`] dealt that wall, with the log's actions turned into
//! the environment's ids ([`Env::id_of`]) and stepped ([`Env::step`]). So the observation
//! ([`crate::mahjong::obs`]), the mask and the ids ([`crate::mahjong::ids`]) are the
//! environment's own, not written again here.
//!
//! **A sample is every decision of the environment**, the lone `pass` of a seat asked about
//! a claim it cannot make included (the environment asks claims seat by seat: see
//! [`MahjongEnv`]); a learner that wants only real choices keeps the samples whose mask has
//! more than one legal id ([`Sample::choices`]). The log's calls and rons are the asked
//! seat's answer; a seat the log shows no claim for answers `pass`. So a claim beaten by
//! one of higher priority (a chi by a pon, a call by a ron) is a pass here: an mjai log
//! has no line for it (mjai writes only the claim that is made). A beaten chi, pon or open
//! kan leaves the same state as a pass; a ron beaten by another under a head-bump rule
//! (one winner only) is read as a pass too, the one case where the log cannot tell the
//! seat's answer and the seat is then furiten as one that passed.

use mahjong_core::mjai::{LoggedHand, MjaiError, MjaiEvent, logged_hands, logged_hands_of_text};
use mahjong_core::{KyokuAction, Rules};
use thiserror::Error;

use crate::mahjong::obs::OBS_LEN;
use crate::mahjong::{MahjongEnv, Reward};
use crate::{Env, EnvError, Rewards};

/// What a log holds: one match, or hands each on its own table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogScope {
    /// A whole match from East 1 ([`mahjong_core::mjai::replay`]): the episode is the
    /// match, as in [`MahjongEnv::game`].
    #[default]
    Match,
    /// Hands each on the table its `start_kyoku` gives ([`mahjong_core::mjai::replay_hands`]):
    /// each hand is an episode, as in [`MahjongEnv::hand`].
    Hands,
}

/// Why a log gives no samples: each variant but [`LogError::Rules`] names the log's line
/// (from 1; 0 for a hand the log ends before any action).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LogError {
    /// The log does not replay under the rules: mahjong-core's error, naming the line.
    #[error("{0}")]
    Replay(#[from] MjaiError),
    /// A hand thrown out on a chombo (the referee's `ryukyoku` with `reason` `error`): the
    /// environment plays no chombo, so the match cannot be followed past it.
    #[error("line {line}: a chombo throws the hand out, which the environment does not play")]
    Chombo {
        /// The line of the chombo's `ryukyoku`.
        line: usize,
    },
    /// The environment refused the logged action that mahjong-core played (their rules
    /// disagree: a defect, reported rather than hidden).
    #[error("line {line}: the environment refuses {action}: {reason}")]
    Env {
        /// The line the action was read from.
        line: usize,
        /// The action.
        action: KyokuAction,
        /// The environment's error.
        reason: EnvError,
    },
    /// The environment cannot deal the logged hand's wall (their rules disagree: a defect).
    #[error("line {line}: the environment cannot deal the hand: {reason}")]
    Deal {
        /// The line of the hand's first action.
        line: usize,
        /// What mahjong-core refused.
        reason: String,
    },
    /// The environment cannot be made for the rules (not three or four seats).
    #[error("the environment refuses the rules: {0}")]
    Rules(EnvError),
}

/// The samples of one log: one row per decision of the environment, in play order.
///
/// Rows are stored as flat arrays (`observations` is `[len, PLANES, 34]` `u8`, row-major;
/// `action_masks` `[len, num_actions]` `u8`), as a batch of training data wants them;
/// [`LogSamples::iter`] gives the rows one by one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogSamples {
    num_actions: usize,
    observations: Vec<u8>,
    action_masks: Vec<u8>,
    actions: Vec<u16>,
    seats: Vec<u8>,
    lines: Vec<u32>,
    hands: Vec<u32>,
    hand_results: Vec<Rewards>,
    match_result: Option<Rewards>,
}

/// One decision of a log ([`LogSamples::iter`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample<'a> {
    /// The seat that decides (0-based, the log's `actor`).
    pub seat: usize,
    /// Its observation, `[PLANES, 34]` `u8` row-major ([`crate::mahjong::obs`]).
    pub observation: &'a [u8],
    /// The legal ids (1 legal, 0 not), `num_actions` bytes: 157, or 158 at three seats.
    pub action_mask: &'a [u8],
    /// The id of the action the log's player took ([`crate::mahjong::ids`]).
    pub action: u16,
    /// The log line the action was read from (a pass: the line that settled the claims).
    pub line: usize,
    /// The hand's index in the log (0 for the first).
    pub hand: usize,
    /// What the environment of one hand pays each seat for this hand ([`Reward`] of the
    /// points after the hand against those at its start; seat 3 of sanma 0).
    pub hand_result: Rewards,
    /// What the match environment pays each seat at the match's end ([`LogScope::Match`]
    /// only).
    pub match_result: Option<Rewards>,
}

impl Sample<'_> {
    /// How many ids the mask allows (1 for a lone pass).
    pub fn choices(&self) -> usize {
        self.action_mask.iter().filter(|&&legal| legal != 0).count()
    }
}

impl LogSamples {
    /// The samples of the mjai log `events` (a whole match or hands, `scope`) under `rules`,
    /// the results paid by `reward`. Lines are numbered from 1 in the order of `events`.
    ///
    /// # Errors
    /// [`LogError::Replay`] when the log does not replay under `rules` (mahjong-core's
    /// [`MjaiError`], naming the line); [`LogError::Chombo`] for a hand thrown out on a
    /// chombo; [`LogError::Rules`] for rules the environment refuses;
    /// [`LogError::Env`] or [`LogError::Deal`] if the environment refuses an action or a
    /// wall the replay played.
    pub fn from_events(
        rules: Rules,
        reward: Reward,
        events: &[MjaiEvent],
        scope: LogScope,
    ) -> Result<LogSamples, LogError> {
        let hands = logged_hands(rules, events, scope == LogScope::Match)?;
        LogSamples::from_hands(rules, reward, &hands, scope)
    }

    /// [`LogSamples::from_events`] of the mjai text `text` (one JSON object a line, lines
    /// numbered as the text numbers them).
    ///
    /// # Errors
    /// As [`LogSamples::from_events`], and [`LogError::Replay`] for a line that is not an
    /// mjai line ([`mahjong_core::mjai::parse_log`]).
    pub fn from_text(
        rules: Rules,
        reward: Reward,
        text: &str,
        scope: LogScope,
    ) -> Result<LogSamples, LogError> {
        let hands = logged_hands_of_text(rules, text, scope == LogScope::Match)?;
        LogSamples::from_hands(rules, reward, &hands, scope)
    }

    /// The samples of hands replayed by mahjong-core, played again in the environment.
    fn from_hands(
        rules: Rules,
        reward: Reward,
        hands: &[LoggedHand],
        scope: LogScope,
    ) -> Result<LogSamples, LogError> {
        let mut env = MahjongEnv::for_log(rules, reward, scope == LogScope::Match)
            .map_err(LogError::Rules)?;
        let decisions: usize = hands.iter().map(|h| h.actions.len()).sum();
        let mut samples = LogSamples::with_capacity(env.num_actions(), decisions);
        for (index, hand) in hands.iter().enumerate() {
            samples.play_hand(&mut env, index, hand)?;
        }
        if scope == LogScope::Match {
            samples.match_result = env.returns();
        }
        Ok(samples)
    }

    /// Samples with room for `rows` rows: the observations and masks allocated zeroed at
    /// their full size (fresh zero pages, not written twice), the row count 0.
    fn with_capacity(num_actions: usize, rows: usize) -> LogSamples {
        LogSamples {
            num_actions,
            observations: vec![0; rows * OBS_LEN],
            action_masks: vec![0; rows * num_actions],
            actions: Vec::with_capacity(rows),
            seats: Vec::with_capacity(rows),
            lines: Vec::with_capacity(rows),
            hands: Vec::with_capacity(rows),
            ..LogSamples::default()
        }
    }

    /// Deals `hand` in `env` and plays its actions, writing a row before each.
    fn play_hand(
        &mut self,
        env: &mut MahjongEnv,
        index: usize,
        hand: &LoggedHand,
    ) -> Result<(), LogError> {
        let first_line = hand.actions.first().map_or(0, |a| a.line);
        let refused = |line, action, reason| LogError::Env {
            line,
            action,
            reason,
        };
        env.deal_logged(hand.start, hand.wall.clone())
            .map_err(|reason| LogError::Deal {
                line: first_line,
                reason,
            })?;
        for logged in &hand.actions {
            let (line, action) = (logged.line, logged.action);
            let id = env
                .id_of(&action)
                .map_err(|reason| refused(line, action, reason))?;
            let seat = env.to_move().ok_or(LogError::Env {
                line,
                action,
                reason: EnvError::GameOver,
            })?;
            self.push_row(env, seat, (id, action), line, index)?;
            env.step(id)
                .map_err(|reason| refused(line, action, reason))?;
        }
        if let Some(line) = hand.chombo {
            return Err(LogError::Chombo { line });
        }
        self.hand_results
            .push(env.logged_hand_rewards().unwrap_or_default());
        Ok(())
    }

    /// Writes the row of `seat`'s decision `(id, action)` at `env`.
    fn push_row(
        &mut self,
        env: &MahjongEnv,
        seat: usize,
        (id, action): (u32, KyokuAction),
        line: usize,
        hand: usize,
    ) -> Result<(), LogError> {
        let wrong = |reason| LogError::Env {
            line,
            action,
            reason,
        };
        // Row `len()` of the buffers sized for every row (`with_capacity`).
        let row = self.actions.len();
        let obs = self
            .observations
            .get_mut(row * OBS_LEN..(row + 1) * OBS_LEN);
        let mask =
            (self.action_masks).get_mut(row * self.num_actions..(row + 1) * self.num_actions);
        let (Some(obs), Some(mask)) = (obs, mask) else {
            return Err(wrong(EnvError::GameOver));
        };
        env.write_observation(seat, obs).map_err(wrong)?;
        env.write_action_mask(mask).map_err(wrong)?;
        // Ids are below 158 and seats below 4; lines and hands are clamped.
        self.actions.push(id as u16);
        self.seats.push(seat as u8);
        self.lines.push(u32::try_from(line).unwrap_or(u32::MAX));
        self.hands.push(u32::try_from(hand).unwrap_or(u32::MAX));
        Ok(())
    }

    /// The number of samples (decisions).
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether the log had no decision.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// The ids of the game: 157, or 158 at three seats (a mask's length).
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// Every observation, `[len, PLANES, 34]` `u8` row-major.
    pub fn observations(&self) -> &[u8] {
        &self.observations
    }

    /// Every mask, `[len, num_actions]` `u8`.
    pub fn action_masks(&self) -> &[u8] {
        &self.action_masks
    }

    /// The id taken at each decision.
    pub fn actions(&self) -> &[u16] {
        &self.actions
    }

    /// The seat deciding at each decision.
    pub fn seats(&self) -> &[u8] {
        &self.seats
    }

    /// The hand (index in the log) of each decision.
    pub fn hands(&self) -> &[u32] {
        &self.hands
    }

    /// Each hand's results by seat, in the log's order (see [`Sample::hand_result`]).
    pub fn hand_results(&self) -> &[Rewards] {
        &self.hand_results
    }

    /// The match's results by seat ([`LogScope::Match`]; see [`Sample::match_result`]).
    pub fn match_result(&self) -> Option<Rewards> {
        self.match_result
    }

    /// The samples in play order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Sample<'_>> + '_ {
        let observations = self.observations.chunks_exact(OBS_LEN);
        let masks = self.action_masks.chunks_exact(self.num_actions.max(1));
        observations
            .zip(masks)
            .enumerate()
            .map(move |(row, (observation, action_mask))| {
                let hand = self.hands[row] as usize;
                Sample {
                    seat: usize::from(self.seats[row]),
                    observation,
                    action_mask,
                    action: self.actions[row],
                    line: self.lines[row] as usize,
                    hand,
                    hand_result: self.hand_results.get(hand).copied().unwrap_or_default(),
                    match_result: self.match_result,
                }
            })
    }
}

/// The full mjai log (mahjong-core's [`MjaiWriter`](mahjong_core::mjai::MjaiWriter): every
/// seat's tiles, one JSON object a line) of the episode `env` plays from `seed` with the
/// ids `ids`: `env` is reset with `seed` and stepped with each id in turn (it is left where
/// the last id leaves it). The episode need not be over: the log stops where the ids do.
/// [`LogSamples::from_text`] of the log gives back the decisions (a claim that one of
/// higher priority beat as a pass: see the module docs).
///
/// # Errors
/// What [`Env::step`] refuses ([`EnvError::IllegalAction`], [`EnvError::GameOver`]...),
/// with `env` stepped up to that id; [`EnvError::GameOver`] too for ids after the episode's
/// end, and the errors of the game the log is written from, which replays the ids beside
/// `env` ([`EnvError::NotLegal`] for an id it does not take as the environment did).
pub fn mjai_log(env: &mut MahjongEnv, seed: u64, ids: &[u32]) -> Result<String, EnvError> {
    use mahjong_core::mjai::MjaiWriter;
    use mahjong_core::{Kyoku, Match};
    // One per call: boxing the match would only add an indirection.
    #[allow(clippy::large_enum_variant)]
    enum Mirror {
        Hand(Kyoku),
        Match(Match),
    }
    env.reset(seed);
    let mut writer = MjaiWriter::new();
    let mut mirror = match (env.game_state(), env.kyoku()) {
        (Some(game), _) => Mirror::Match(game.clone()),
        (None, Some(kyoku)) => Mirror::Hand(kyoku.clone()),
        (None, None) => return Err(EnvError::GameOver),
    };
    if let Some(kyoku) = env.kyoku() {
        writer.start_kyoku(kyoku);
    }
    let refused = |action: KyokuAction, error: &dyn std::fmt::Display| EnvError::NotLegal {
        action: format!("{action} ({error})"),
    };
    for &id in ids {
        let action = env.action_of(id)?;
        env.step(id)?;
        match &mut mirror {
            Mirror::Hand(kyoku) => {
                let events = kyoku.apply(action).map_err(|e| refused(action, &e))?;
                writer.record(&events);
            }
            Mirror::Match(game) => {
                let events = game.apply(action).map_err(|e| refused(action, &e))?;
                writer.record_match(game, &events);
                // The environment has dealt the next hand already: the same wall.
                if let (true, Some(next)) = (game.needs_wall(), env.kyoku()) {
                    let events = game
                        .deal(next.wall().clone())
                        .map_err(|e| refused(action, &e))?;
                    writer.record_match(game, &events);
                }
            }
        }
    }
    Ok(writer.to_jsonl())
}
