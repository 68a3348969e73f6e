//! The full game (`mahjong-core` spec section 4, any of its presets: Tenhou, Mahjong Soul,
//! M-League, WRC, and three-player riichi) as an environment: one hand
//! ([`MahjongEnv::hand`]) or a whole match ([`MahjongEnv::game`], a hanchan by default).
//!
//! **Claims** are asked seat by seat, as [`Kyoku`] asks them: after each discard (or added
//! closed kan, or kita) every other seat answers in turn order from the discarder, a seat
//! with no claim with its lone `pass` id; once all have answered the claims resolve by
//! priority (ron > pon / kan > chi). So the seat to move never tells another seat whether
//! a claim was possible, and each answer is one decision.

use mahjong_core::{Kyoku, KyokuStart, TileWall};
use mahjong_core::{
    KyokuAction, KyokuEvent, MAX_SEATS, Match, MatchEvent, MatchRules, Rules, Seat, Tile,
};

use crate::mahjong::ids::{FullGameIds, full_game_actions};
use crate::mahjong::obs::{OBS_LEN, PLANES, Tracker};
use crate::mahjong::record::HandRecord;
use crate::mahjong::reward::Reward;
use crate::mahjong::wall::wall_for_rules;
use crate::{Env, EnvError, MAX_PLAYERS, Rewards, Step, check_len, check_seat};

/// The most decisions of one hand: at most 90 discards (69 live draws after the deal, the
/// dealer's first turn, 16 calls and 4 replacement draws), each with 3 claim answers, and
/// at most 4 kans, each with 3 answers, and the hand's last action (a bound, not a count).
pub const MAX_HAND_DECISIONS: usize = 400;
/// The hands of a match the decision bound allows for: a hanchan has 8 regular hands and
/// at most 4 of sudden death; renchan and draws repeat hands. No match of the suite's
/// random and bot play has come near it.
pub const MAX_MATCH_HANDS: usize = 64;

/// One hand or a whole match, as played.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
// One per environment, never in a collection: a Match is a Kyoku and its table, rules and
// result, and boxing it would add an indirection to every decision.
#[allow(clippy::large_enum_variant)]
enum Play {
    Hand(Kyoku),
    Match(Match),
}

/// A full-game environment: 4 seats and [`FULL_GAME_ACTIONS`](crate::mahjong::ids::FULL_GAME_ACTIONS)
/// action ids, or 3 seats and [`SANMA_ACTIONS`](crate::mahjong::ids::SANMA_ACTIONS) ids at
/// three-player rules; observations of
/// `[PLANES, 34]` `u8` ([`crate::mahjong::obs`]), rewards at the end ([`Reward`]), walls from
/// the seed per hand ([`crate::mahjong::wall`]).
///
/// A snapshot (feature `serde`) is read back as the rules, the hand's wall (and for a match
/// the match before the hand) and the hand's actions, dealt and replayed;
/// [`EnvError::Snapshot`] when the replay is refused or does not give the snapshot's hand,
/// record and observation tracker.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "MahjongSnapshot"))]
pub struct MahjongEnv {
    rules: Rules,
    reward: Reward,
    seed: u64,
    play: Play,
    tracker: Tracker,
    /// The actions and wall positions of the hand being played, for determinizations.
    record: HandRecord,
    /// A match as it was before the hand being played was dealt.
    hand_start: Option<Box<Match>>,
    /// The events of one action on their way into the tracker: empty between steps, kept
    /// for their allocation.
    #[cfg_attr(feature = "serde", serde(skip))]
    events: Vec<KyokuEvent>,
    #[cfg_attr(feature = "serde", serde(skip))]
    match_events: Vec<MatchEvent>,
    returns: Option<Rewards>,
    /// The match could not deal a hand (never in fact; see [`wall_for_rules`]).
    broken: bool,
    /// The hands are dealt from a log's walls ([`MahjongEnv::deal_logged`]), not from the
    /// seed: a match waits between hands for the next wall.
    #[cfg(feature = "logs")]
    #[cfg_attr(feature = "serde", serde(skip))]
    logged: bool,
}

/// What a [`MahjongEnv`] snapshot is rebuilt from (the rest are caches and scratch).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct MahjongSnapshot {
    rules: Rules,
    reward: Reward,
    seed: u64,
    play: Play,
    tracker: Tracker,
    record: HandRecord,
    hand_start: Option<Box<Match>>,
}

#[cfg(feature = "serde")]
impl TryFrom<MahjongSnapshot> for MahjongEnv {
    type Error = EnvError;

    /// The hand dealt anew from the snapshot's wall (a match's from the match before it)
    /// with the record's actions replayed, which must give the snapshot's state.
    fn try_from(snapshot: MahjongSnapshot) -> Result<MahjongEnv, EnvError> {
        use EnvError as E;
        let MahjongSnapshot {
            rules,
            reward,
            seed,
            play,
            tracker,
            record,
            hand_start,
        } = snapshot;
        let whole_match = matches!(play, Play::Match(_));
        let mut env =
            MahjongEnv::new(rules, reward, whole_match).map_err(|e| E::snapshot("rules", e))?;
        env.seed = seed;
        env.deal_as(&play, hand_start)?;
        env.broken = false;
        env.returns = None;
        env.start_hand();
        for (i, &action) in record.actions().iter().enumerate() {
            env.play(action)
                .map_err(|e| E::snapshot("record", format!("action {i}: {e}")))?;
        }
        if env.to_move().is_none() {
            env.settle();
        }
        for (same, field) in [
            (env.play == play, "play"),
            (env.record == record, "record"),
            (env.tracker == tracker, "tracker"),
        ] {
            if !same {
                return Err(E::snapshot(
                    field,
                    "is not what the deal and the actions give",
                ));
            }
        }
        Ok(env)
    }
}

impl MahjongEnv {
    /// Deals the hand of a snapshot's `play` anew on this environment (of the snapshot's
    /// rules): a single hand from the rules' start, a match's from `hand_start`, on the
    /// play's wall.
    ///
    /// # Errors
    /// [`EnvError::Snapshot`] when the play has no hand, its wall or table is not one the
    /// rules deal, or a match's `hand_start` is missing or of other rules.
    #[cfg(feature = "serde")]
    fn deal_as(&mut self, play: &Play, hand_start: Option<Box<Match>>) -> Result<(), EnvError> {
        use EnvError as E;
        let rules = self.rules;
        let kyoku = match play {
            Play::Hand(kyoku) => Some(kyoku),
            Play::Match(game) => game.kyoku(),
        }
        .ok_or_else(|| E::snapshot("play", "has no hand dealt"))?;
        let wall = TileWall::from_tiles(kyoku.wall().tiles(), rules.red_fives)
            .map_err(|e| E::snapshot("play", e))?;
        let refused = match (&self.play, &hand_start) {
            (Play::Hand(_), _) if kyoku.start() != &start(&rules) => {
                Some(("play", "the hand's table is not the rules' start"))
            }
            (Play::Match(_), None) => Some(("hand_start", "is missing")),
            (Play::Match(_), Some(before)) if before.rules() != &rules => {
                Some(("hand_start", "has other rules"))
            }
            _ => None,
        };
        if let Some((field, reason)) = refused {
            return Err(E::snapshot(field, reason));
        }
        self.hand_start = hand_start.filter(|_| matches!(self.play, Play::Match(_)));
        self.deal_wall(start(&rules), wall)
            .map_err(|e| E::snapshot("play", format!("the deal: {e}")))
    }

    /// How many of the hand's last actions answer the claim being asked now (0 when none
    /// is): the answers since the discard, added kan or kita on offer.
    fn pending_answers(&self) -> usize {
        if self.offered().is_none() {
            return 0;
        }
        let answers = self.record.actions().iter().rev();
        answers
            .take_while(|&&a| a == KyokuAction::Pass || is_claim(a))
            .count()
    }

    /// Deals `wall` as the hand being played: a single hand at `table`, a match's hand on
    /// the match before it ([`MahjongEnv::hand_start`]).
    ///
    /// # Errors
    /// What mahjong-core refuses, as text; a match with no match before its hand.
    fn deal_wall(&mut self, table: KyokuStart, wall: TileWall) -> Result<(), String> {
        match (&mut self.play, &self.hand_start) {
            (Play::Hand(hand), _) => {
                *hand = Kyoku::from_wall(self.rules, table, wall).map_err(|e| e.to_string())?;
            }
            (Play::Match(game), Some(before)) => {
                *game = (**before).clone();
                game.deal(wall).map_err(|e| e.to_string())?;
            }
            (Play::Match(_), None) => return Err("no match before the hand".to_string()),
        }
        Ok(())
    }

    /// One hand of `rules` (dealt from seat 0 at East 1 with the match rules' start points,
    /// the empty seat 3 of a three-player game at 0), paid by `reward`, dealt from seed 0
    /// until [`Env::reset`].
    ///
    /// # Errors
    /// [`EnvError::Config`] unless `rules.seats` is 3 or 4, or when mahjong-core refuses
    /// the rules (e.g. [`mahjong_core::RulesError`]).
    pub fn hand(rules: Rules, reward: Reward) -> Result<MahjongEnv, EnvError> {
        MahjongEnv::new(rules, reward, false)
    }

    /// A match of `rules` ([`MatchRules`]: a hanchan in [`Rules::tenhou`] and
    /// [`Rules::tenhou_sanma`]), paid by `reward`, dealt from seed 0 until [`Env::reset`].
    ///
    /// # Errors
    /// [`EnvError::Config`] unless `rules.seats` is 3 or 4, or when mahjong-core refuses
    /// the rules.
    pub fn game(rules: Rules, reward: Reward) -> Result<MahjongEnv, EnvError> {
        MahjongEnv::new(rules, reward, true)
    }

    fn new(rules: Rules, reward: Reward, whole_match: bool) -> Result<MahjongEnv, EnvError> {
        let config = |error: &dyn std::fmt::Display| EnvError::Config {
            reason: error.to_string(),
        };
        if !(3..=MAX_SEATS).contains(&rules.seats) {
            let seats = rules.seats;
            return Err(config(&format!(
                "the full game has 3 or 4 seats, not {seats}"
            )));
        }
        let play = if whole_match {
            Play::Match(Match::new(rules).map_err(|e| config(&e))?)
        } else {
            let wall = wall_for_rules(0, 0, 0, &rules).map_err(|e| config(&e))?;
            Play::Hand(Kyoku::from_wall(rules, start(&rules), wall).map_err(|e| config(&e))?)
        };
        let mut env = MahjongEnv {
            rules,
            reward,
            seed: 0,
            tracker: Tracker::default(),
            record: HandRecord::deal(Seat::ALL[0], MAX_SEATS, mahjong_core::WALL_TILES),
            hand_start: None,
            play,
            events: Vec::new(),
            match_events: Vec::new(),
            returns: None,
            broken: false,
            #[cfg(feature = "logs")]
            logged: false,
        };
        env.reset(0);
        Ok(env)
    }

    /// The hand being played (or the last one, once the episode is over).
    pub fn kyoku(&self) -> Option<&Kyoku> {
        match &self.play {
            Play::Hand(kyoku) => Some(kyoku),
            Play::Match(game) => game.kyoku(),
        }
    }

    /// The match, for a match environment.
    pub fn game_state(&self) -> Option<&Match> {
        match &self.play {
            Play::Match(game) => Some(game),
            Play::Hand(_) => None,
        }
    }

    /// The reward the environment pays.
    pub fn reward(&self) -> Reward {
        self.reward
    }

    /// The seed of the episode.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The kind offered to the seat to move for a claim, if any (public).
    fn offered(&self) -> Option<Tile> {
        self.tracker.offered()
    }

    /// Deals the next hand of a match from the seed, when it needs one.
    fn deal_if_needed(&mut self) {
        let Play::Match(game) = &mut self.play else {
            return;
        };
        #[cfg(feature = "logs")]
        if self.logged {
            return;
        }
        if !game.needs_wall() {
            return;
        }
        let (hand, honba) = (game.hands(), game.honba());
        self.hand_start = Some(Box::new(game.clone()));
        let dealt = wall_for_rules(self.seed, hand, honba, &self.rules)
            .ok()
            .and_then(|wall| game.deal(wall).ok());
        match dealt {
            Some(_) => self.start_hand(),
            None => self.broken = true,
        }
    }

    /// Starts the tracker and the record of the hand just dealt.
    fn start_hand(&mut self) {
        let hand_index = self.game_state().map_or(0, |g| g.hands().saturating_sub(1));
        if let Some((tracker, record)) = self
            .kyoku()
            .map(|k| (Tracker::new(k, hand_index), HandRecord::of(k)))
        {
            self.tracker = tracker;
            self.record = record;
        }
    }

    /// Pays the rewards once the episode has ended.
    fn settle(&mut self) -> Rewards {
        let start_points = start(&self.rules).points;
        let paid = match &self.play {
            Play::Hand(kyoku) => self.hand_rewards(kyoku),
            Play::Match(game) => game.result().map(|r| {
                self.reward
                    .pay(r.points, Some(r.scores), start_points, self.rules.seats)
            }),
        };
        let rewards = paid.unwrap_or([0.0; MAX_PLAYERS]);
        self.returns = Some(rewards);
        rewards
    }

    /// What the environment of one hand pays for `kyoku` once it is over (the points after
    /// it against the points at its start); `None` while it is played.
    fn hand_rewards(&self, kyoku: &Kyoku) -> Option<Rewards> {
        let outcome = kyoku.outcome()?;
        let start = kyoku.start().points;
        Some(
            self.reward
                .pay(outcome.points, None, start, self.rules.seats),
        )
    }

    /// Applies a legal action and takes its events in.
    fn play(&mut self, action: KyokuAction) -> Result<(), EnvError> {
        let refused = |e: &dyn std::fmt::Display| EnvError::NotLegal {
            action: format!("{action} ({e})"),
        };
        match &mut self.play {
            Play::Hand(kyoku) => {
                self.events.clear();
                kyoku
                    .apply_into(action, &mut self.events)
                    .map_err(|e| refused(&e))?;
                let tiles = kyoku.wall().tiles();
                for event in self.events.drain(..) {
                    self.tracker.update(&event);
                    self.record.update(&event, tiles);
                }
                self.record.push(action);
            }
            Play::Match(game) => {
                self.match_events.clear();
                game.apply_into(action, &mut self.match_events)
                    .map_err(|e| refused(&e))?;
                let tiles = game.kyoku().map_or(&[][..], |k| k.wall().tiles());
                for event in self.match_events.drain(..) {
                    if let MatchEvent::Kyoku(event) = event {
                        self.tracker.update(&event);
                        self.record.update(&event, tiles);
                    }
                }
                self.record.push(action);
                self.deal_if_needed();
            }
        }
        Ok(())
    }
}

/// Dealing from a log's walls (feature `logs`, the [`crate::mahjong::logs`] module).
#[cfg(feature = "logs")]
impl MahjongEnv {
    /// An environment of `rules` paid by `reward` (a match when `whole_match`, else single
    /// hands) whose hands are dealt by [`MahjongEnv::deal_logged`] only: a match starts
    /// with no hand dealt.
    ///
    /// # Errors
    /// As [`MahjongEnv::hand`] and [`MahjongEnv::game`].
    pub(crate) fn for_log(
        rules: Rules,
        reward: Reward,
        whole_match: bool,
    ) -> Result<MahjongEnv, EnvError> {
        let mut env = MahjongEnv::new(rules, reward, whole_match)?;
        env.logged = true;
        if let Play::Match(game) = &mut env.play {
            *game = Match::new(rules).map_err(|e| EnvError::Config {
                reason: e.to_string(),
            })?;
        }
        Ok(env)
    }

    /// Deals `wall` as the next hand: a single hand at `table`, a match's next hand (at the
    /// match's own table, which a replayed match's `table` is).
    ///
    /// # Errors
    /// What mahjong-core refuses, as text (a hand still in play, a wall of another size).
    pub(crate) fn deal_logged(&mut self, table: KyokuStart, wall: TileWall) -> Result<(), String> {
        match &mut self.play {
            Play::Hand(hand) => {
                *hand = Kyoku::from_wall(self.rules, table, wall).map_err(|e| e.to_string())?;
            }
            Play::Match(game) => {
                game.deal(wall).map_err(|e| e.to_string())?;
            }
        }
        self.returns = None;
        self.broken = false;
        self.start_hand();
        Ok(())
    }

    /// What the environment of one hand would pay for the hand just played (the points
    /// after it against those at its start, [`Reward`]); `None` while it is played.
    pub(crate) fn logged_hand_rewards(&self) -> Option<Rewards> {
        self.hand_rewards(self.kyoku()?)
    }
}

/// Whether `action` answers an offered discard (or added kan, or kita) with a claim.
fn is_claim(action: KyokuAction) -> bool {
    matches!(
        action,
        KyokuAction::Chi(..) | KyokuAction::Pon(..) | KyokuAction::OpenKan | KyokuAction::Ron
    )
}

/// The table of a single hand: seat 0 deals East 1 from the match's start points (the
/// seats past `rules.seats`, the empty seat 3 of sanma, at 0).
fn start(rules: &Rules) -> mahjong_core::KyokuStart {
    let MatchRules { start_points, .. } = rules.match_rules;
    mahjong_core::KyokuStart {
        points: std::array::from_fn(|s| if s < rules.seats { start_points } else { 0 }),
        ..mahjong_core::KyokuStart::default()
    }
}

impl Env for MahjongEnv {
    type Action = KyokuAction;

    fn num_players(&self) -> usize {
        self.rules.seats
    }

    fn num_actions(&self) -> usize {
        full_game_actions(self.rules.seats)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![PLANES, mahjong_core::KINDS]
    }

    fn observation_len(&self) -> usize {
        OBS_LEN
    }

    /// Deals the episode of `seed`: hand `k` of it (from 0, counting renchan and draws) at
    /// honba `h` on the wall of `hand_seed(seed, k, h)` ([`crate::mahjong::wall`]).
    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.returns = None;
        self.broken = false;
        match &mut self.play {
            Play::Hand(kyoku) => {
                let rules = self.rules;
                let dealt = wall_for_rules(seed, 0, 0, &rules)
                    .ok()
                    .and_then(|wall| Kyoku::from_wall(rules, start(&rules), wall).ok());
                match dealt {
                    Some(dealt) => {
                        *kyoku = dealt;
                        self.start_hand();
                    }
                    None => self.broken = true,
                }
            }
            Play::Match(game) => {
                match Match::new(self.rules) {
                    Ok(fresh) => *game = fresh,
                    Err(_) => self.broken = true,
                }
                self.deal_if_needed();
            }
        }
    }

    fn to_move(&self) -> Option<usize> {
        if self.broken {
            return None;
        }
        match &self.play {
            Play::Hand(kyoku) => kyoku.to_move(),
            Play::Match(game) => game.to_move(),
        }
        .map(Seat::index)
    }

    fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
        check_len("action_mask", self.num_actions(), out.len())?;
        out.fill(0);
        if self.to_move().is_none() {
            return Ok(());
        }
        let offered = self.offered();
        if let Some(kyoku) = self.kyoku() {
            for &action in kyoku.legal() {
                if let Some(slot) =
                    FullGameIds::encode(action, offered).and_then(|id| out.get_mut(usize::from(id)))
                {
                    *slot = 1;
                }
            }
        }
        Ok(())
    }

    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
        check_seat(seat, self.rules.seats)?;
        check_len("observation", OBS_LEN, out.len())?;
        match (self.kyoku(), Seat::new(seat)) {
            (Some(kyoku), Some(seat)) => self.tracker.write(kyoku, seat, out),
            _ => out.fill(0),
        }
        Ok(())
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        let action = self.action_of(id)?;
        self.play(action)?;
        Ok(super::step_outcome(self.to_move(), || self.settle()))
    }

    fn returns(&self) -> Option<Rewards> {
        self.returns
    }

    fn is_zero_sum(&self) -> bool {
        let hand = matches!(self.play, Play::Hand(_));
        self.reward
            .is_zero_sum(&self.rules.match_rules, hand, self.rules.seats)
    }

    fn max_episode_decisions(&self) -> usize {
        match self.play {
            Play::Hand(_) => MAX_HAND_DECISIONS,
            Play::Match(_) => MAX_HAND_DECISIONS * MAX_MATCH_HANDS,
        }
    }

    fn legal_actions(&self) -> Vec<KyokuAction> {
        match self.to_move() {
            Some(_) => self.kyoku().map(Kyoku::legal_actions).unwrap_or_default(),
            None => Vec::new(),
        }
    }

    fn action_of(&self, id: u32) -> Result<KyokuAction, EnvError> {
        if self.to_move().is_none() {
            return Err(EnvError::GameOver);
        }
        let num_actions = self.num_actions();
        if id as usize >= num_actions {
            return Err(EnvError::IdOutOfRange { id, num_actions });
        }
        let legal = self.kyoku().map(Kyoku::legal);
        u16::try_from(id)
            .ok()
            .and_then(|id| FullGameIds::decode(id, self.offered()))
            .filter(|action| legal.is_some_and(|legal| legal.contains(action)))
            .ok_or(EnvError::IllegalAction { id })
    }

    fn id_of(&self, action: &KyokuAction) -> Result<u32, EnvError> {
        if self.to_move().is_none() {
            return Err(EnvError::GameOver);
        }
        let legal = self.kyoku().is_some_and(|k| k.legal().contains(action));
        match FullGameIds::encode(*action, self.offered()) {
            Some(id) if legal => Ok(u32::from(id)),
            Some(_) => Err(EnvError::NotLegal {
                action: action.to_string(),
            }),
            None => Err(EnvError::NoId {
                action: action.to_string(),
            }),
        }
    }

    /// The same hand with every tile `seat` has not seen shuffled from `seed` (the wall
    /// positions it has seen keep their tiles: see the `record` module) and its actions
    /// replayed. Another seat's claim that has not resolved is hidden from `seat`: one
    /// still waiting for the other answers is replayed as a pass (so that the redeal does
    /// not tell `seat` what that seat answered), one beaten by a claim of higher priority
    /// as a pass when the redealt tiles do not allow it.
    ///
    /// `None` when another seat's riichi no longer fits its redealt tiles (the replay of the
    /// riichi is refused), for no such seat (`seat >= rules.seats`: seat 3 of a
    /// three-player game), or once the episode is over.
    fn determinize(&self, seat: usize, seed: u64) -> Option<MahjongEnv> {
        check_seat(seat, self.rules.seats).ok()?;
        let seat = Seat::new(seat)?;
        self.to_move()?;
        let kyoku = self.kyoku()?;
        let wall = self.record.redeal(kyoku, seat, seed).ok()?;
        let mut env = self.clone();
        env.deal_wall(*kyoku.start(), wall).ok()?;
        env.start_hand();
        let actions = self.record.actions();
        let pending = actions.len() - self.pending_answers();
        for (i, &action) in actions.iter().enumerate() {
            let hidden_claim = env.to_move() != Some(seat.index()) && is_claim(action);
            let action = if hidden_claim && i >= pending {
                KyokuAction::Pass
            } else {
                action
            };
            if env.play(action).is_err() {
                // A claim beaten by one of higher priority: the redeal may have taken its
                // tiles.
                if !hidden_claim {
                    return None;
                }
                env.play(KyokuAction::Pass).ok()?;
            }
        }
        Some(env)
    }
}
