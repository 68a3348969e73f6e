//! The classroom game (`mahjong-core` spec section 3: draw and discard, riichi, tsumo, ron
//! only in riichi, furiten) as an environment.
//!
//! **Claims**: as the game plays them, a discard is offered only to the seats that may ron
//! it (in riichi, waiting on it, not furiten), one at a time in turn order from the
//! discarder; each answer (ron or pass) is one decision. Since only a seat in riichi (which
//! is public) can be asked, being asked shows the other seats that its riichi waits on the
//! tile: a rule of the game, which announces ron chances this way.
//!
//! **Observation**: [`CLASSROOM_PLANES`] planes of 34 columns, `u8`, written from the game's
//! accessors for the observing seat (its hand and drawn tile; everyone's discards and
//! riichi). The plane table is in the crate README.
//!
//! **Reward** at the end: a ron pays 1 from the discarder to the winner; a tsumo 1 from each
//! other seat; an exhaustive draw nothing. Zero-sum (the solo game, with no one to pay,
//! gives its winner 1).

use mahjong_core::classroom::{Action, Game, Outcome, Win};
use mahjong_core::{KINDS, MAX_SEATS, Rules, Seat, Tile};

use crate::mahjong::ids::{CLASSROOM_ACTIONS, classroom_action, classroom_id};
use crate::mahjong::wall::classroom_wall;
use crate::{Env, EnvError, MAX_PLAYERS, Rewards, Step, check_len, check_seat};

/// Planes of a classroom observation.
pub const CLASSROOM_PLANES: usize = 38;
/// The most recent discards of each seat given one plane each.
const RECENT: usize = 6;

/// Plane: the observer's concealed copies of each kind (0 to 4).
pub const C_HAND: usize = 0;
/// Plane: 1 at the kind the observer just drew, while it is to discard.
pub const C_DRAWN: usize = 1;
/// Plane: 1 at the discard offered to the observer for ron, while it is asked.
pub const C_OFFERED: usize = 2;
/// Plane: with 13 concealed tiles, 1 at each wait; with 14, 1 at each kind whose discard
/// leaves the hand tenpai.
pub const C_WAITS: usize = 3;
/// Planes `C_DISCARDS + r`: discards of each kind by the seat `r` places after the observer.
pub const C_DISCARDS: usize = 4;
/// Planes `C_RECENT + 6 * r + k`: 1 at the kind of seat `r`'s `k`-th most recent discard.
pub const C_RECENT: usize = C_DISCARDS + MAX_SEATS;
/// Planes `C_RIICHI + r`: all 1 once seat `r` has declared riichi.
pub const C_RIICHI: usize = C_RECENT + RECENT * MAX_SEATS;
/// Plane: copies of each kind the observer sees (its hand and every discard).
pub const C_VISIBLE: usize = C_RIICHI + MAX_SEATS;
/// Plane of numbers: column 0 the live tiles left, 1 the phase (0 the observer's turn, 2 a
/// ron offered to it, 5 not to act), 2 the observer's discards so far.
pub const C_SCALARS: usize = C_VISIBLE + 1;

/// The classroom game as an environment: `rules.seats` seats (4, or 1 for the solo game),
/// [`CLASSROOM_ACTIONS`] ids, observations of `[CLASSROOM_PLANES, 34]` `u8`; the wall of the
/// episode of `seed` is [`classroom_wall`]`(seed)`.
///
/// A snapshot (feature `serde`) is read back as the rules, the wall and the actions, dealt
/// and replayed; [`EnvError::Snapshot`] when the replay is refused or does not give the
/// snapshot's game.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ClassroomSnapshot"))]
pub struct ClassroomEnv {
    rules: Rules,
    game: Game,
    returns: Option<Rewards>,
    /// The actions since the deal, for snapshots.
    history: Vec<Action>,
}

/// What a [`ClassroomEnv`] snapshot is rebuilt from: the rules, the game (for its wall, and
/// to compare) and the actions.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct ClassroomSnapshot {
    rules: Rules,
    game: Game,
    history: Vec<Action>,
}

#[cfg(feature = "serde")]
impl TryFrom<ClassroomSnapshot> for ClassroomEnv {
    type Error = EnvError;

    /// The game dealt from the snapshot's wall with the actions replayed, which must be
    /// the snapshot's game.
    fn try_from(snapshot: ClassroomSnapshot) -> Result<ClassroomEnv, EnvError> {
        let ClassroomSnapshot {
            rules,
            game: wanted,
            history,
        } = snapshot;
        let wall = mahjong_core::classroom::Wall::from_tiles(wanted.wall().tiles())
            .map_err(|e| EnvError::snapshot("game", e))?;
        let game = Game::from_wall(rules, wall).map_err(|e| EnvError::snapshot("rules", e))?;
        let mut env = ClassroomEnv {
            rules,
            game,
            returns: None,
            history: Vec::with_capacity(history.len()),
        };
        for (i, &action) in history.iter().enumerate() {
            env.step(u32::from(classroom_id(action))).map_err(|e| {
                EnvError::snapshot("history", format!("action {i} ({action}): {e}"))
            })?;
        }
        if env.game != wanted {
            return Err(EnvError::snapshot(
                "game",
                "is not the game its wall and actions give",
            ));
        }
        Ok(env)
    }
}

impl ClassroomEnv {
    /// The classroom game of `rules` ([`Rules::classroom`], or [`Rules::solo`]), dealt from
    /// seed 0 until [`Env::reset`].
    ///
    /// # Errors
    /// [`EnvError::Config`] unless `rules.seats` is 1 to 4.
    pub fn new(rules: Rules) -> Result<ClassroomEnv, EnvError> {
        let config = |error: &dyn std::fmt::Display| EnvError::Config {
            reason: error.to_string(),
        };
        let wall = classroom_wall(0).map_err(|e| config(&e))?;
        let game = Game::from_wall(rules, wall).map_err(|e| config(&e))?;
        Ok(ClassroomEnv {
            rules,
            game,
            returns: None,
            history: Vec::new(),
        })
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rewards of the ended game by seat.
    fn settle(&mut self) -> Rewards {
        let mut rewards = [0.0; MAX_PLAYERS];
        if let Some(Outcome::Agari(agari)) = self.game.outcome() {
            let winner = agari.winner.index();
            match agari.win {
                Win::Ron { from } => {
                    rewards[winner] = 1.0;
                    rewards[from.index()] = -1.0;
                }
                Win::Tsumo => {
                    let seats = self.rules.seats;
                    for (s, reward) in rewards.iter_mut().enumerate().take(seats) {
                        *reward = if s == winner {
                            (seats - 1).max(1) as f32
                        } else {
                            -1.0
                        };
                    }
                }
            }
        }
        self.returns = Some(rewards);
        rewards
    }
}

impl Env for ClassroomEnv {
    type Action = Action;

    fn num_players(&self) -> usize {
        self.rules.seats
    }

    fn num_actions(&self) -> usize {
        CLASSROOM_ACTIONS
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![CLASSROOM_PLANES, KINDS]
    }

    fn reset(&mut self, seed: u64) {
        if let Some(game) = classroom_wall(seed)
            .ok()
            .and_then(|wall| Game::from_wall(self.rules, wall).ok())
        {
            self.game = game;
            self.returns = None;
            self.history.clear();
        }
    }

    fn to_move(&self) -> Option<usize> {
        self.game.to_move().map(Seat::index)
    }

    fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
        check_len("action_mask", CLASSROOM_ACTIONS, out.len())?;
        out.fill(0);
        for action in self.game.legal_actions() {
            if let Some(slot) = out.get_mut(usize::from(classroom_id(action))) {
                *slot = 1;
            }
        }
        Ok(())
    }

    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
        check_seat(seat, self.rules.seats)?;
        check_len("observation", CLASSROOM_PLANES * KINDS, out.len())?;
        out.fill(0);
        if let Some(seat) = Seat::new(seat) {
            write_classroom(&self.game, seat, out);
        }
        Ok(())
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        let action = self.action_of(id)?;
        self.game.apply(action).map_err(|e| EnvError::NotLegal {
            action: format!("{action} ({e})"),
        })?;
        self.history.push(action);
        Ok(super::step_outcome(self.to_move(), || self.settle()))
    }

    fn returns(&self) -> Option<Rewards> {
        self.returns
    }

    fn is_zero_sum(&self) -> bool {
        self.rules.seats > 1
    }

    /// 70 turns and at most 3 ron answers after each discard, plus one: 351.
    fn max_episode_decisions(&self) -> usize {
        70 * (1 + 3) + 71
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.game.legal_actions()
    }

    fn action_of(&self, id: u32) -> Result<Action, EnvError> {
        if self.game.is_over() {
            return Err(EnvError::GameOver);
        }
        let action =
            u16::try_from(id)
                .ok()
                .and_then(classroom_action)
                .ok_or(EnvError::IdOutOfRange {
                    id,
                    num_actions: CLASSROOM_ACTIONS,
                })?;
        if self.game.legal_actions().contains(&action) {
            Ok(action)
        } else {
            Err(EnvError::IllegalAction { id })
        }
    }

    fn id_of(&self, action: &Action) -> Result<u32, EnvError> {
        if self.game.is_over() {
            return Err(EnvError::GameOver);
        }
        if self.game.legal_actions().contains(action) {
            Ok(u32::from(classroom_id(*action)))
        } else {
            Err(EnvError::NotLegal {
                action: action.to_string(),
            })
        }
    }

    fn determinize(&self, seat: usize, seed: u64) -> Option<ClassroomEnv> {
        let _ = (seat, seed);
        None
    }
}

/// Plane `index` of an observation.
fn plane(out: &mut [u8], index: usize) -> &mut [u8] {
    &mut out[index * KINDS..(index + 1) * KINDS]
}

/// Writes `seat`'s classroom observation into `out` (zeroed, the right length).
fn write_classroom(game: &Game, seat: Seat, out: &mut [u8]) {
    let seats = game.rules().seats;
    let to_move = game.to_move() == Some(seat);
    let Some(hand) = game.hand(seat) else {
        return;
    };
    plane(out, C_HAND).copy_from_slice(hand.counts());
    let mut visible = *hand.counts();
    if let Some(tile) = game.drawn(seat) {
        plane(out, C_DRAWN)[usize::from(tile.index())] = 1;
    }
    let offered = game.claim().filter(|_| to_move).map(|(_, tile)| tile);
    if let Some(tile) = offered {
        plane(out, C_OFFERED)[usize::from(tile.index())] = 1;
    }
    let waits: Vec<Tile> = if hand.len() == 14 {
        hand.riichi_discards()
            .iter()
            .map(|(tile, _)| tile)
            .collect()
    } else {
        hand.waits().iter().collect()
    };
    for tile in waits {
        plane(out, C_WAITS)[usize::from(tile.index())] = 1;
    }
    for r in 0..seats {
        let other = Seat::ALL[(seat.index() + r) % seats];
        let discards = game.discards(other).unwrap_or_default();
        for (k, tile) in discards.iter().rev().enumerate() {
            let i = usize::from(tile.index());
            plane(out, C_DISCARDS + r)[i] += 1;
            visible[i] = visible[i].saturating_add(1);
            if k < RECENT {
                plane(out, C_RECENT + RECENT * r + k)[i] = 1;
            }
        }
        if game.is_riichi(other) {
            plane(out, C_RIICHI + r).fill(1);
        }
    }
    plane(out, C_VISIBLE).copy_from_slice(&visible);
    let scalars = plane(out, C_SCALARS);
    scalars[0] = game.live_tiles().min(255) as u8;
    scalars[1] = match (to_move, offered) {
        (false, _) => 5,
        (true, Some(_)) => 2,
        (true, None) => 0,
    };
    scalars[2] = game.discards(seat).map_or(0, |d| d.len().min(255) as u8);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_classroom_game_keeps_ids_and_actions_one_to_one() {
        let mut env = ClassroomEnv::new(Rules::classroom()).unwrap();
        let mut mask = vec![0u8; CLASSROOM_ACTIONS];
        let mut rng = crate::seed::SplitMix64::new(5);
        for seed in 0..20 {
            env.reset(seed);
            while env.to_move().is_some() {
                env.write_action_mask(&mut mask).unwrap();
                let legal = env.legal_actions();
                assert_eq!(mask.iter().filter(|&&m| m == 1).count(), legal.len());
                for action in &legal {
                    let id = env.id_of(action).unwrap();
                    assert_eq!(mask[id as usize], 1);
                    assert_eq!(env.action_of(id).unwrap(), *action);
                }
                env.step(crate::random_legal_id(&mask, &mut rng)).unwrap();
            }
            assert_eq!(env.returns().unwrap().iter().sum::<f32>(), 0.0);
        }
    }
}
