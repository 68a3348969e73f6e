//! [`VecEnv`]: N environments stepped together into contiguous caller-owned buffers.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Mutex, PoisonError};
use std::thread::JoinHandle;

use crate::seed::episode_seed;
use crate::{BatchBuffers, Env, EnvError, OwnedBatchBuffers, check_len};

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
/// **Threads.** The slots are split into `threads` contiguous runs (shards). The caller's
/// thread steps the first itself, straight into the caller's buffers; each other run belongs
/// to a worker thread of the batch's own pool, started at the first step on more than one
/// thread and parked between steps (a [`std::sync::mpsc::sync_channel`] each way): a step
/// hands each worker its run (a move of a few pointers), the worker steps it into rows the
/// run owns, and the caller's thread copies those rows into the caller's buffers. Nothing is
/// allocated per step. On one thread no worker exists and the batch steps inline. Dropping
/// the batch closes the channels and joins the workers.
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
    /// The runs of slots, in slot order; the first is stepped on the caller's thread.
    shards: Vec<Shard<E>>,
    len: usize,
    base: u64,
    threads: usize,
    /// The workers of `shards[1..]`, started at the first step that needs them.
    pool: Option<Pool<E>>,
}

impl<E: Env> Clone for VecEnv<E> {
    /// The same environments and thread count; the copy starts its own workers when it
    /// first steps.
    fn clone(&self) -> VecEnv<E> {
        VecEnv {
            shards: self.shards.clone(),
            len: self.len,
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
            shards: vec![Shard::new(0, envs, vec![0; n])],
            len: n,
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
        self.len
    }

    /// Always false: a batch has at least one environment.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The environments, slot by slot.
    pub fn envs(&self) -> impl Iterator<Item = &E> + '_ {
        self.shards.iter().flat_map(|s| s.envs.iter())
    }

    /// The environment of slot `i`, `None` past the last slot.
    #[must_use]
    pub fn env(&self, i: usize) -> Option<&E> {
        let shard = self.shards.iter().rfind(|s| s.first_slot <= i)?;
        shard.envs.get(i - shard.first_slot)
    }

    /// The number of threads the batch steps on (at least 1, at most N).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets the number of threads (at least 1, at most N; results do not depend on it). The
    /// slots are split again and the workers of another count are stopped.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, self.len);
        if threads == self.threads && self.shards.len() == threads {
            return;
        }
        self.pool = None;
        let mut envs = Vec::with_capacity(self.len);
        let mut episodes = Vec::with_capacity(self.len);
        for shard in self.shards.drain(..) {
            envs.extend(shard.envs);
            episodes.extend(shard.episodes);
        }
        let per = self.len.div_ceil(threads);
        let (obs, actions, players) = shape(&envs[0]);
        let mut first = 0;
        while !envs.is_empty() {
            let rest_envs = envs.split_off(per.min(envs.len()));
            let rest_episodes = episodes.split_off(per.min(episodes.len()));
            let mut shard = Shard::new(first, envs, episodes);
            if first > 0 {
                shard.stage(obs, actions, players);
            }
            first += shard.envs.len();
            self.shards.push(shard);
            (envs, episodes) = (rest_envs, rest_episodes);
        }
        self.threads = self.shards.len();
    }

    fn shape(&self) -> (usize, usize, usize) {
        self.shards
            .first()
            .and_then(|s| s.envs.first())
            .map_or((0, 0, 0), shape)
    }

    fn check_buffers(&self, out: &BatchBuffers<'_>) -> Result<(), EnvError> {
        let n = self.len;
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
}

impl<E: Env + 'static> VecEnv<E> {
    /// Plays `ids[i]` in slot `i` for every slot, resets the slots whose episode ended, and
    /// writes every slot's row of `out`.
    ///
    /// # Errors
    /// [`EnvError::BufferLength`] for `ids` or a buffer of the wrong length;
    /// [`EnvError::IdOutOfRange`] / [`EnvError::IllegalAction`] for the first bad id (its slot
    /// is not said: every id is checked before any slot moves). Nothing is stepped or written
    /// on an error.
    pub fn step(&mut self, ids: &[u32], out: BatchBuffers<'_>) -> Result<(), EnvError> {
        check_len("ids", self.len, ids.len())?;
        self.check_buffers(&out)?;
        for (env, &id) in self.envs().zip(ids) {
            env.check_legal(id)?;
        }
        let shape = self.shape();
        let base = self.base;
        let per = self.len.div_ceil(self.shards.len());
        if self.shards.len() > 1 && self.pool.is_none() {
            self.pool = Pool::start(self.shards.len() - 1);
        }
        let mut parts = split(out, per, shape);
        let Some(pool) = &mut self.pool else {
            // One thread, or no worker could be started: every run on this thread.
            for (shard, out) in self.shards.iter_mut().zip(parts) {
                let ids = &ids[shard.first_slot..shard.first_slot + shard.envs.len()];
                step_slots(shard.slots(), base, ids, rows(out, shape));
            }
            return Ok(());
        };
        let (first, rest) = self.shards.split_at_mut(1);
        for (shard, worker) in rest.iter_mut().zip(&mut pool.workers) {
            shard
                .ids
                .copy_from_slice(&ids[shard.first_slot..shard.first_slot + shard.envs.len()]);
            worker.hand_over(shard, base);
        }
        let mut panic = None;
        if let (Some(shard), Some(out)) = (first.first_mut(), parts.next()) {
            let ids = &ids[..shard.envs.len()];
            let stepped = catch_unwind(AssertUnwindSafe(|| {
                step_slots(shard.slots(), base, ids, rows(out, shape));
            }));
            panic = stepped.err();
        }
        for ((shard, worker), out) in rest.iter_mut().zip(&mut pool.workers).zip(parts) {
            panic = panic.or(worker.take_back(shard));
            shard.staged.copy_to(out);
        }
        if let Some(payload) = panic {
            // A bug in an environment (they do not panic by contract): raised on the
            // caller's thread, as the inline step would, once every run is back in place.
            std::panic::resume_unwind(payload);
        }
        Ok(())
    }
}

/// One run of contiguous slots: its environments and, for a worker's run, the ids and output
/// rows the worker steps with (copied in and out by the caller's thread).
#[derive(Debug, Clone)]
struct Shard<E> {
    first_slot: usize,
    envs: Vec<E>,
    episodes: Vec<u64>,
    ids: Vec<u32>,
    staged: OwnedBatchBuffers,
}

impl<E> Default for Shard<E> {
    /// An empty run: the placeholder while a worker holds the run (allocates nothing).
    fn default() -> Shard<E> {
        Shard {
            first_slot: 0,
            envs: Vec::new(),
            episodes: Vec::new(),
            ids: Vec::new(),
            staged: OwnedBatchBuffers::default(),
        }
    }
}

impl<E: Env> Shard<E> {
    fn new(first_slot: usize, envs: Vec<E>, episodes: Vec<u64>) -> Shard<E> {
        Shard {
            first_slot,
            envs,
            episodes,
            ids: Vec::new(),
            staged: OwnedBatchBuffers::default(),
        }
    }

    /// Gives the run its own ids and output rows, for a worker to step it.
    fn stage(&mut self, obs: usize, actions: usize, players: usize) {
        let n = self.envs.len();
        self.ids = vec![0; n];
        self.staged = OwnedBatchBuffers::staged(n, obs, actions, players);
    }

    fn slots(&mut self) -> Slots<'_, E> {
        Slots {
            first_slot: self.first_slot,
            envs: &mut self.envs,
            episodes: &mut self.episodes,
        }
    }

    /// Steps the run with its own ids into its own rows (a worker's job).
    fn step_staged(&mut self, base: u64) {
        let shape = self.envs.first().map_or((0, 0, 0), shape);
        let slots = Slots {
            first_slot: self.first_slot,
            envs: &mut self.envs,
            episodes: &mut self.episodes,
        };
        step_slots(slots, base, &self.ids, rows(self.staged.view(), shape));
    }
}

/// The slots of one run, as one thread steps them.
struct Slots<'a, E> {
    first_slot: usize,
    envs: &'a mut [E],
    episodes: &'a mut [u64],
}

/// Plays `ids[k]` in the run's `k`-th slot, resets a slot whose episode ended, and writes its
/// row. Every id was checked legal before any slot moved.
fn step_slots<'a, E: Env>(
    slots: Slots<'_, E>,
    base: u64,
    ids: &[u32],
    rows: impl Iterator<Item = Row<'a>>,
) {
    for (k, (((env, episode), &id), row)) in slots
        .envs
        .iter_mut()
        .zip(slots.episodes.iter_mut())
        .zip(ids)
        .zip(rows)
        .enumerate()
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
            env.reset(episode_seed(base, (slots.first_slot + k) as u64, *episode));
        }
        write_next(env, row);
    }
}

/// What a worker sends back: the run, and the payload of a panic while stepping it.
type Done<E> = (Shard<E>, Option<Box<dyn Any + Send>>);

/// The worker threads of one batch, one per run after the first.
struct Pool<E> {
    workers: Vec<Worker<E>>,
}

impl<E> std::fmt::Debug for Pool<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Pool({} workers)", self.workers.len())
    }
}

/// A parked worker thread and its two channels.
struct Worker<E> {
    jobs: Option<SyncSender<(Shard<E>, u64)>>,
    /// Behind a mutex only so that the batch is `Sync` (a receiver is not); it is reached
    /// through `&mut`, never locked.
    done: Mutex<Receiver<Done<E>>>,
    handle: Option<JoinHandle<()>>,
    /// The run this worker could not take (its thread is gone), stepped here instead.
    kept: Option<Shard<E>>,
}

impl<E: Env + 'static> Pool<E> {
    /// Starts `count` workers, or `None` when a thread cannot be started (the batch then
    /// steps on the caller's thread; the workers already started stop).
    fn start(count: usize) -> Option<Pool<E>> {
        let mut workers = Vec::with_capacity(count);
        for k in 0..count {
            let (jobs, job_rx) = sync_channel::<(Shard<E>, u64)>(1);
            let (done_tx, done) = sync_channel::<Done<E>>(1);
            let handle = std::thread::Builder::new()
                .name(format!("tabletop-env-batch-{}", k + 1))
                .spawn(move || {
                    while let Ok((mut shard, base)) = job_rx.recv() {
                        let stepped = catch_unwind(AssertUnwindSafe(|| shard.step_staged(base)));
                        if done_tx.send((shard, stepped.err())).is_err() {
                            break;
                        }
                    }
                })
                .ok()?;
            workers.push(Worker {
                jobs: Some(jobs),
                done: Mutex::new(done),
                handle: Some(handle),
                kept: None,
            });
        }
        Some(Pool { workers })
    }
}

impl<E: Env> Worker<E> {
    /// Hands the run to the worker, leaving an empty run in its place.
    fn hand_over(&mut self, shard: &mut Shard<E>, base: u64) {
        let job = (std::mem::take(shard), base);
        let refused = match &self.jobs {
            Some(jobs) => jobs.send(job).err().map(|e| e.0),
            None => Some(job),
        };
        if let Some((mut shard, base)) = refused {
            shard.step_staged(base);
            self.kept = Some(shard);
        }
    }

    /// Puts the stepped run back in place; the payload of a panic while stepping it.
    fn take_back(&mut self, shard: &mut Shard<E>) -> Option<Box<dyn Any + Send>> {
        if let Some(kept) = self.kept.take() {
            *shard = kept;
            return None;
        }
        let done = self.done.get_mut().unwrap_or_else(PoisonError::into_inner);
        match done.recv() {
            Ok((back, panic)) => {
                *shard = back;
                panic
            }
            // The worker catches every panic, so it cannot stop holding a run.
            Err(_) => Some(Box::new("a batch worker thread stopped while stepping")),
        }
    }
}

impl<E> Drop for Pool<E> {
    /// Closes every job channel, so that each worker leaves its loop, and joins them.
    fn drop(&mut self) {
        for worker in &mut self.workers {
            worker.jobs = None;
        }
        for worker in &mut self.workers {
            if let Some(handle) = worker.handle.take() {
                let _ = handle.join();
            }
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

    /// One thread steps inline (no worker is started); more threads start their workers
    /// once, keep them across steps, and give the same bytes; changing the count, cloning
    /// and dropping mid-game change nothing either.
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
            let workers = batch.pool.as_ref().map(|p| p.workers.len());
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

    /// A bad id, in a slot a worker owns, is refused before any slot moves.
    /// A batch can be shared between threads (the Python binding needs `Sync`).
    #[test]
    fn a_batch_is_send_and_sync() {
        fn shareable<T: Send + Sync>() {}
        shareable::<VecEnv<OmokEnv>>();
    }

    #[test]
    fn a_bad_id_in_a_worker_run_changes_nothing() {
        let env = OmokEnv::new(omok_core::Rule::Freestyle, 7).unwrap();
        let mut batch = VecEnv::new(&env, 4, 0, 2).unwrap();
        let mut out = out(4);
        batch.step(&[0, 1, 2, 3], out.view()).unwrap();
        let before = format!("{:?}", batch.shards);
        assert_eq!(
            batch.step(&[5, 5, 5, 3], out.view()),
            Err(EnvError::IllegalAction { id: 3 })
        );
        assert_eq!(format!("{:?}", batch.shards), before);
    }
}
