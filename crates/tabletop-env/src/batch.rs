//! [`VecEnv`]: N environments stepped together into contiguous caller-owned buffers.

use crate::seed::episode_seed;
use crate::{Env, EnvError, check_len};

/// The caller's buffers for one batch call, all contiguous, slot-major (slot `i` owns the
/// `i`-th row of each). Nothing is allocated per call: the batch writes into these.
///
/// | buffer | dtype | shape | content |
/// |---|---|---|---|
/// | `observations` | `u8` | `[N, observation_len]` | the observation of the seat to move next |
/// | `masks` | `u8` | `[N, num_actions]` | the legal-action mask of the seat to move next |
/// | `rewards` | `f32` | `[N, num_players]` | each seat's reward for this step |
/// | `terminated` | `u8` | `[N]` | 1 when the slot's episode ended at this step (it was reset) |
/// | `to_move` | `u8` | `[N]` | the seat to move next |
#[derive(Debug)]
pub struct BatchBuffers<'a> {
    /// `[N, observation_len]`.
    pub observations: &'a mut [u8],
    /// `[N, num_actions]`.
    pub masks: &'a mut [u8],
    /// `[N, num_players]`.
    pub rewards: &'a mut [f32],
    /// `[N]`.
    pub terminated: &'a mut [u8],
    /// `[N]`.
    pub to_move: &'a mut [u8],
}

/// One slot's rows of the buffers.
struct Row<'a> {
    observation: &'a mut [u8],
    mask: &'a mut [u8],
    rewards: &'a mut [f32],
    terminated: &'a mut u8,
    to_move: &'a mut u8,
}

/// N copies of one environment, stepped together, spread over `threads` scoped threads.
///
/// **Seeds.** Slot `i` starts with [`episode_seed`]`(base, i, 0)`; when its episode ends it is
/// reset at once with `episode_seed(base, i, k)` for its `k`-th episode. A slot's sequence
/// depends on nothing else, so results are bit-identical for any thread count.
///
/// **After an auto-reset** the step's `rewards` and `terminated` belong to the episode that
/// ended, while `observations`, `masks` and `to_move` are those of the new episode's first
/// decision (as Gymnasium's "next step" autoreset... but in the same call).
#[derive(Debug, Clone)]
pub struct VecEnv<E: Env> {
    envs: Vec<E>,
    episodes: Vec<u64>,
    base: u64,
    threads: usize,
}

impl<E: Env> VecEnv<E> {
    /// `n` copies of `template`, each reset from its first seed, to be stepped on `threads`
    /// threads (at least 1; more than `n` are not used).
    ///
    /// # Errors
    /// [`EnvError::Config`] when `n` is 0, or more environments than memory can hold.
    pub fn new(template: &E, n: usize, base: u64, threads: usize) -> Result<VecEnv<E>, EnvError> {
        let config = |reason: String| EnvError::Config { reason };
        if n == 0 {
            return Err(config("a batch needs at least one environment".to_string()));
        }
        let mut envs = Vec::new();
        let mut episodes = Vec::new();
        envs.try_reserve_exact(n)
            .and_then(|()| episodes.try_reserve_exact(n))
            .map_err(|e| config(format!("{n} environments cannot be held: {e}")))?;
        envs.extend((0..n).map(|i| {
            let mut env = template.clone();
            env.reset(episode_seed(base, i as u64, 0));
            env
        }));
        episodes.resize(n, 0);
        Ok(VecEnv {
            envs,
            episodes,
            base,
            threads: threads.max(1),
        })
    }

    /// The number of environments N.
    #[must_use]
    pub fn len(&self) -> usize {
        self.envs.len()
    }

    /// Always false: a batch has at least one environment.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.envs.is_empty()
    }

    /// The environments, slot by slot.
    #[must_use]
    pub fn envs(&self) -> &[E] {
        &self.envs
    }

    /// Sets the number of threads (at least 1). Results do not depend on it.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    fn shape(&self) -> (usize, usize, usize) {
        let first = &self.envs[0];
        (
            first.observation_len(),
            first.num_actions(),
            first.num_players(),
        )
    }

    fn check_buffers(&self, out: &BatchBuffers<'_>) -> Result<(), EnvError> {
        let n = self.envs.len();
        let (obs, actions, players) = self.shape();
        check_len("observations", n * obs, out.observations.len())?;
        check_len("masks", n * actions, out.masks.len())?;
        check_len("rewards", n * players, out.rewards.len())?;
        check_len("terminated", n, out.terminated.len())?;
        check_len("to_move", n, out.to_move.len())
    }

    /// Writes every slot's current observation, mask and seat to move (rewards and
    /// terminated are zeroed): call it once before the first [`VecEnv::step`].
    ///
    /// # Errors
    /// [`EnvError::BufferLength`] for a buffer of the wrong length (nothing written).
    pub fn observe(&self, out: BatchBuffers<'_>) -> Result<(), EnvError> {
        self.check_buffers(&out)?;
        for (env, row) in self.envs.iter().zip(rows(out, self.shape())) {
            row.rewards.fill(0.0);
            *row.terminated = 0;
            write_next(env, row);
        }
        Ok(())
    }

    /// Plays `ids[i]` in slot `i` for every slot, resets the slots whose episode ended, and
    /// writes every slot's row of `out`.
    ///
    /// # Errors
    /// [`EnvError::BufferLength`] for `ids` or a buffer of the wrong length;
    /// [`EnvError::IdOutOfRange`] / [`EnvError::IllegalAction`] for the first bad id (its slot
    /// is not said: every id is checked before any slot moves). Nothing is stepped or written
    /// on an error.
    pub fn step(&mut self, ids: &[u32], out: BatchBuffers<'_>) -> Result<(), EnvError> {
        check_len("ids", self.envs.len(), ids.len())?;
        self.check_buffers(&out)?;
        for (env, &id) in self.envs.iter().zip(ids) {
            env.check_legal(id)?;
        }
        let n = self.envs.len();
        let per = n.div_ceil(self.threads);
        let (obs, actions, players) = self.shape();
        let base = self.base;
        let parts = self
            .envs
            .chunks_mut(per)
            .zip(self.episodes.chunks_mut(per))
            .zip(ids.chunks(per))
            .zip(out.observations.chunks_mut(per * obs))
            .zip(out.masks.chunks_mut(per * actions))
            .zip(out.rewards.chunks_mut(per * players))
            .zip(out.terminated.chunks_mut(per))
            .zip(out.to_move.chunks_mut(per));
        std::thread::scope(|scope| {
            let mut first = None;
            for (
                k,
                (
                    ((((((envs, episodes), ids), observations), masks), rewards), terminated),
                    to_move,
                ),
            ) in parts.enumerate()
            {
                let part = Part {
                    first_slot: k * per,
                    envs,
                    episodes,
                    ids,
                    out: BatchBuffers {
                        observations,
                        masks,
                        rewards,
                        terminated,
                        to_move,
                    },
                };
                if k == 0 {
                    first = Some(part);
                } else {
                    scope.spawn(move || part.step(base));
                }
            }
            if let Some(part) = first {
                part.step(base);
            }
        });
        Ok(())
    }
}

/// The slots one thread steps: a contiguous run of slots and their rows.
struct Part<'a, E> {
    first_slot: usize,
    envs: &'a mut [E],
    episodes: &'a mut [u64],
    ids: &'a [u32],
    out: BatchBuffers<'a>,
}

impl<E: Env> Part<'_, E> {
    fn step(self, base: u64) {
        let Some(first) = self.envs.first() else {
            return;
        };
        let shape = (
            first.observation_len(),
            first.num_actions(),
            first.num_players(),
        );
        let rows = rows(self.out, shape);
        for (k, (((env, episode), &id), row)) in self
            .envs
            .iter_mut()
            .zip(self.episodes.iter_mut())
            .zip(self.ids)
            .zip(rows)
            .enumerate()
        {
            // Every id was checked legal before any slot moved.
            let step = env.step(id).ok();
            let terminated = step.is_some_and(|s| s.terminated);
            if let Some(step) = step {
                for (r, s) in row.rewards.iter_mut().zip(step.rewards) {
                    *r = s;
                }
            }
            *row.terminated = u8::from(terminated);
            if terminated {
                *episode += 1;
                env.reset(episode_seed(base, (self.first_slot + k) as u64, *episode));
            }
            write_next(env, row);
        }
    }
}

/// Splits the buffers into one [`Row`] per slot.
fn rows(
    out: BatchBuffers<'_>,
    (obs, actions, players): (usize, usize, usize),
) -> impl Iterator<Item = Row<'_>> {
    out.observations
        .chunks_exact_mut(obs)
        .zip(out.masks.chunks_exact_mut(actions))
        .zip(out.rewards.chunks_exact_mut(players))
        .zip(out.terminated.iter_mut().zip(out.to_move.iter_mut()))
        .map(
            |(((observation, mask), rewards), (terminated, to_move))| Row {
                observation,
                mask,
                rewards,
                terminated,
                to_move,
            },
        )
}

/// Writes the observation of the seat to move (seat 0 if none), its mask and the seat.
fn write_next<E: Env>(env: &E, row: Row<'_>) {
    let seat = env.to_move().unwrap_or(0);
    // The lengths were checked against the environment's own.
    let _ = env.write_observation(seat, row.observation);
    let _ = env.write_action_mask(row.mask);
    *row.to_move = seat as u8;
}
