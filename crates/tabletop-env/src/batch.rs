//! [`VecEnv`]: N environments stepped together into contiguous caller-owned buffers.

use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::seed::episode_seed;
use crate::{BatchBuffers, Env, EnvError, check_len};

/// One slot's rows of the buffers.
struct Row<'a> {
    observation: &'a mut [u8],
    mask: &'a mut [u8],
    rewards: &'a mut [f32],
    terminated: &'a mut u8,
    to_move: &'a mut u8,
}

/// N copies of one environment, stepped together, spread over `threads` threads.
///
/// **Threads.** The slots are split into `threads` contiguous runs, and the caller's buffers
/// into the same runs of rows. The caller's thread steps the first run; each other run is
/// stepped by a thread of the batch's own `rayon` pool (`threads - 1` threads, started at
/// the first step on more than one thread and idle between steps), straight into its rows
/// of the caller's buffers: nothing is copied between threads and nothing is allocated per
/// step. On one thread no pool exists and the batch steps inline. Dropping the batch stops
/// its pool.
///
/// **Seeds.** Slot `i` starts with [`episode_seed`]`(base, i, 0)`; when its episode ends it is
/// reset at once with `episode_seed(base, i, k)` for its `k`-th episode. A slot's sequence
/// depends on nothing else, so results are bit-identical for any thread count.
///
/// **After an auto-reset** the step's `rewards` and `terminated` belong to the episode that
/// ended, while `observations`, `masks` and `to_move` are those of the new episode's first
/// decision (as Gymnasium's "next step" autoreset... but in the same call).
#[derive(Debug)]
pub struct VecEnv<E: Env> {
    envs: Vec<E>,
    /// The number of episodes each slot has finished.
    episodes: Vec<u64>,
    base: u64,
    threads: usize,
    /// The threads that step the runs after the first, started at the first step that
    /// needs them (`None` on one thread, or when no thread could be started).
    pool: Option<ThreadPool>,
}

impl<E: Env> Clone for VecEnv<E> {
    /// The same environments and thread count; the copy starts its own pool when it first
    /// steps.
    fn clone(&self) -> VecEnv<E> {
        VecEnv {
            envs: self.envs.clone(),
            episodes: self.episodes.clone(),
            base: self.base,
            threads: self.threads,
            pool: None,
        }
    }
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
        envs.try_reserve_exact(n)
            .map_err(|e| config(format!("{n} environments cannot be held: {e}")))?;
        envs.extend((0..n).map(|i| {
            let mut env = template.clone();
            env.reset(episode_seed(base, i as u64, 0));
            env
        }));
        let mut batch = VecEnv {
            envs,
            episodes: vec![0; n],
            base,
            threads: 1,
            pool: None,
        };
        batch.set_threads(threads);
        Ok(batch)
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
    pub fn envs(&self) -> impl Iterator<Item = &E> + '_ {
        self.envs.iter()
    }

    /// The environment of slot `i`, `None` past the last slot.
    #[must_use]
    pub fn env(&self, i: usize) -> Option<&E> {
        self.envs.get(i)
    }

    /// The number of threads the batch steps on (at least 1, at most N).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets the number of threads (at least 1, at most N; results do not depend on it). The
    /// pool of another count is stopped.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, self.len());
        if threads != self.threads {
            self.pool = None;
            self.threads = threads;
        }
    }

    fn shape(&self) -> (usize, usize, usize) {
        self.envs.first().map_or((0, 0, 0), shape)
    }

    fn check_buffers(&self, out: &BatchBuffers<'_>) -> Result<(), EnvError> {
        let n = self.len();
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
        for (env, row) in self.envs().zip(rows(out, self.shape())) {
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
        check_len("ids", self.len(), ids.len())?;
        self.check_buffers(&out)?;
        for (env, &id) in self.envs().zip(ids) {
            env.check_legal(id)?;
        }
        let shape = self.shape();
        let per = self.len().div_ceil(self.threads);
        if self.threads > 1 && self.pool.is_none() {
            self.pool = start_pool(self.threads - 1);
        }
        let base = self.base;
        let mut runs = self
            .envs
            .chunks_mut(per)
            .zip(self.episodes.chunks_mut(per))
            .zip(ids.chunks(per))
            .zip(split(out, per, shape))
            .enumerate()
            .map(|(k, (((envs, episodes), ids), out))| Run {
                first_slot: k * per,
                envs,
                episodes,
                ids,
                out,
            });
        let Some(pool) = &self.pool else {
            // One thread, or no thread could be started: every run on this thread.
            runs.for_each(|run| run.step(base, shape));
            return Ok(());
        };
        // A panic in a run (a bug in an environment: they do not panic by contract) is
        // raised on the caller's thread once every run has finished, as the inline step
        // would raise it.
        pool.in_place_scope(|scope| {
            let first = runs.next();
            for run in runs {
                scope.spawn(move |_| run.step(base, shape));
            }
            if let Some(run) = first {
                run.step(base, shape);
            }
        });
        Ok(())
    }
}

/// A pool of `count` threads, or `None` when they cannot be started (the batch then steps
/// on the caller's thread).
fn start_pool(count: usize) -> Option<ThreadPool> {
    ThreadPoolBuilder::new()
        .num_threads(count)
        .thread_name(|k| format!("tabletop-env-batch-{}", k + 1))
        .build()
        .ok()
}

/// One run of contiguous slots, with their ids and their rows of the caller's buffers.
struct Run<'a, E> {
    first_slot: usize,
    envs: &'a mut [E],
    episodes: &'a mut [u64],
    ids: &'a [u32],
    out: BatchBuffers<'a>,
}

impl<E: Env> Run<'_, E> {
    /// Plays `ids[k]` in the run's `k`-th slot, resets a slot whose episode ended, and
    /// writes its row. Every id was checked legal before any slot moved.
    fn step(self, base: u64, shape: (usize, usize, usize)) {
        let slots = self.envs.iter_mut().zip(self.episodes.iter_mut());
        for (k, (((env, episode), &id), row)) in
            slots.zip(self.ids).zip(rows(self.out, shape)).enumerate()
        {
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
                let slot = (self.first_slot + k) as u64;
                env.reset(episode_seed(base, slot, *episode));
            }
            write_next(env, row);
        }
    }
}

/// The observation length, the number of actions and of players of `env`.
fn shape<E: Env>(env: &E) -> (usize, usize, usize) {
    (env.observation_len(), env.num_actions(), env.num_players())
}

/// Splits the buffers into runs of `per` slots.
fn split(
    out: BatchBuffers<'_>,
    per: usize,
    (obs, actions, players): (usize, usize, usize),
) -> impl Iterator<Item = BatchBuffers<'_>> {
    let per = per.max(1);
    out.observations
        .chunks_mut(per * obs)
        .zip(out.masks.chunks_mut(per * actions))
        .zip(out.rewards.chunks_mut(per * players))
        .zip(out.terminated.chunks_mut(per))
        .zip(out.to_move.chunks_mut(per))
        .map(
            |((((observations, masks), rewards), terminated), to_move)| BatchBuffers {
                observations,
                masks,
                rewards,
                terminated,
                to_move,
            },
        )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OwnedBatchBuffers;
    use crate::omok::OmokEnv;
    use crate::random_legal_id;
    use crate::seed::SplitMix64;

    /// Buffers for `n` omok 7x7 slots.
    fn out(n: usize) -> OwnedBatchBuffers {
        OwnedBatchBuffers::new(n, 5 * 49, 49, 2).expect("small buffers")
    }

    /// Steps `batch` `steps` times with random legal ids (from `rng`) and returns every
    /// buffer of every step, concatenated.
    fn play(batch: &mut VecEnv<OmokEnv>, steps: usize, rng: &mut SplitMix64) -> Vec<u8> {
        let n = batch.len();
        let mut out = out(n);
        batch.observe(out.view()).unwrap();
        let mut trace = Vec::new();
        for _ in 0..steps {
            let ids: Vec<u32> = out
                .masks
                .chunks(49)
                .map(|m| random_legal_id(m, rng))
                .collect();
            batch.step(&ids, out.view()).unwrap();
            trace.extend_from_slice(&out.observations);
            trace.extend_from_slice(&out.masks);
            trace.extend(out.rewards.iter().flat_map(|r| r.to_le_bytes()));
            trace.extend_from_slice(&out.terminated);
            trace.extend_from_slice(&out.to_move);
        }
        trace
    }

    /// One thread steps inline (no pool is started); more threads start their pool once,
    /// keep it across steps, and give the same bytes; changing the count, cloning and
    /// dropping mid-game change nothing either.
    #[test]
    fn workers_persist_and_any_thread_count_gives_the_same_bytes() {
        let env = OmokEnv::new(omok_core::Rule::Renju, 7).unwrap();
        let n = 7;
        let mut one = VecEnv::new(&env, n, 5, 1).unwrap();
        let expected = play(&mut one, 40, &mut SplitMix64::new(1));
        assert!(one.pool.is_none(), "one thread steps inline");
        for threads in [2, 3, 7, 50] {
            let mut batch = VecEnv::new(&env, n, 5, threads).unwrap();
            assert_eq!(batch.threads(), threads.min(n));
            let mut rng = SplitMix64::new(1);
            let mut got = play(&mut batch, 20, &mut rng);
            let workers = batch.pool.as_ref().map(|p| p.current_num_threads());
            assert_eq!(workers, Some(threads.min(n) - 1));
            // Another count half-way (the old workers stop), then a clone of the batch.
            batch.set_threads(threads - 1);
            let mut copy = batch.clone();
            drop(batch);
            got.extend(play(&mut copy, 20, &mut rng));
            assert_eq!(got.len(), expected.len());
            assert!(got == expected, "{threads} threads");
            assert_eq!(copy.envs().count(), n);
            assert_eq!(
                copy.env(n - 1).map(Env::to_move),
                copy.envs().last().map(Env::to_move)
            );
            assert!(copy.env(n).is_none());
        }
    }

    /// A batch can be shared between threads (the Python binding needs `Sync`).
    #[test]
    fn a_batch_is_send_and_sync() {
        fn shareable<T: Send + Sync>() {}
        shareable::<VecEnv<OmokEnv>>();
    }

    /// A bad id, in a slot a pool thread steps, is refused before any slot moves.
    #[test]
    fn a_bad_id_in_a_worker_run_changes_nothing() {
        let env = OmokEnv::new(omok_core::Rule::Freestyle, 7).unwrap();
        let mut batch = VecEnv::new(&env, 4, 0, 2).unwrap();
        let mut out = out(4);
        batch.step(&[0, 1, 2, 3], out.view()).unwrap();
        let before = format!("{:?}", batch.envs);
        assert_eq!(
            batch.step(&[5, 5, 5, 3], out.view()),
            Err(EnvError::IllegalAction { id: 3 })
        );
        assert_eq!(format!("{:?}", batch.envs), before);
    }
    /// Omok 7x7 whose step panics when `broken` (an environment with a bug).
    #[derive(Clone, Debug)]
    struct Broken {
        env: OmokEnv,
        broken: bool,
    }

    impl Env for Broken {
        type Action = <OmokEnv as Env>::Action;
        fn num_players(&self) -> usize {
            self.env.num_players()
        }
        fn num_actions(&self) -> usize {
            self.env.num_actions()
        }
        fn observation_shape(&self) -> Vec<usize> {
            self.env.observation_shape()
        }
        fn reset(&mut self, seed: u64) {
            self.env.reset(seed);
        }
        fn to_move(&self) -> Option<usize> {
            self.env.to_move()
        }
        fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
            self.env.write_action_mask(out)
        }
        fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
            self.env.write_observation(seat, out)
        }
        fn step(&mut self, id: u32) -> Result<crate::Step, EnvError> {
            assert!(!self.broken, "the broken slot was stepped");
            self.env.step(id)
        }
        fn returns(&self) -> Option<crate::Rewards> {
            self.env.returns()
        }
        fn max_episode_decisions(&self) -> usize {
            self.env.max_episode_decisions()
        }
        fn legal_actions(&self) -> Vec<Self::Action> {
            self.env.legal_actions()
        }
        fn action_of(&self, id: u32) -> Result<Self::Action, EnvError> {
            self.env.action_of(id)
        }
        fn id_of(&self, action: &Self::Action) -> Result<u32, EnvError> {
            self.env.id_of(action)
        }
        fn determinize(&self, _: usize, _: u64) -> Option<Broken> {
            None
        }
    }

    /// A panic in the slots a pool thread steps reaches the caller of `step`, with its
    /// message, as it would if the caller's thread had stepped them.
    #[test]
    fn a_panic_in_a_pool_thread_reaches_the_caller() {
        let env = Broken {
            env: OmokEnv::new(omok_core::Rule::Freestyle, 7).unwrap(),
            broken: false,
        };
        let mut batch = VecEnv::new(&env, 4, 0, 2).unwrap();
        batch.envs[3].broken = true; // the second run's: the pool thread steps it
        let mut out = out(4);
        let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            batch.step(&[0, 1, 2, 3], out.view())
        }))
        .expect_err("the panic is raised by step");
        assert_eq!(
            panic.downcast_ref::<&str>(),
            Some(&"the broken slot was stepped")
        );
        batch.envs[3].broken = false;
        assert_eq!(
            batch.step(&[8, 9, 10, 11], out.view()),
            Ok(()),
            "the pool still serves"
        );
    }
}
