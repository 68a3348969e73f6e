//! `RawVecEnv`: N environments of one game stepped together into numpy arrays.

use numpy::{Ix1, Ix2, IxDyn, PyArray1, PyReadwriteArray};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tabletop_env::gostop::GoStopEnv;
use tabletop_env::mahjong::MahjongEnv;
use tabletop_env::matgo::MatgoEnv;
use tabletop_env::omok::OmokEnv;
use tabletop_env::poker::PokerEnv;
use tabletop_env::{BatchBuffers, Env, VecEnv};

use crate::arrays::{ids_of, slice_of, writable};
use crate::finals::Finals;
use crate::games::{AnyEnv, Bots, ask, bot_of, value_error};
use crate::int_arg::Int;
use crate::py_env::RawEnv;

/// A batch of any game, each slot keeping its last ended episode's final observation.
#[derive(Clone, Debug)]
enum AnyVec {
    Omok(VecEnv<Finals<OmokEnv>>),
    Matgo(VecEnv<Finals<MatgoEnv>>),
    GoStop(VecEnv<Finals<GoStopEnv>>),
    Poker(VecEnv<Finals<PokerEnv>>),
    Mahjong(VecEnv<Finals<MahjongEnv>>),
}

/// The batch of `num_envs` copies of `env` in its `AnyVec` variant.
fn batch_of<E: Env>(
    env: &E,
    num_envs: usize,
    base_seed: u64,
    threads: usize,
    variant: fn(VecEnv<Finals<E>>) -> AnyVec,
) -> PyResult<AnyVec> {
    VecEnv::new(&Finals::new(env.clone()), num_envs, base_seed, threads)
        .map(variant)
        .map_err(value_error)
}

/// Runs `$body` with `$v` bound to the batch inside `$any`, whatever its game.
macro_rules! with_vec {
    ($any:expr, $v:ident => $body:expr) => {
        match $any {
            AnyVec::Omok($v) => $body,
            AnyVec::Matgo($v) => $body,
            AnyVec::GoStop($v) => $body,
            AnyVec::Poker($v) => $body,
            AnyVec::Mahjong($v) => $body,
        }
    };
}

/// The numpy arrays of one batch call, borrowed for writing.
type Arrays<'py> = (
    PyReadwriteArray<'py, u8, IxDyn>,
    PyReadwriteArray<'py, u8, Ix2>,
    PyReadwriteArray<'py, f32, Ix2>,
    PyReadwriteArray<'py, u8, Ix1>,
    PyReadwriteArray<'py, u8, Ix1>,
);

/// The names of the arrays of one batch call, in order.
const NAMES: [&str; 5] = ["observations", "masks", "rewards", "terminated", "to_move"];

/// The five arrays of one batch call, as Python passes them, borrowed for writing.
///
/// # Errors
/// `TypeError` for another count of arrays, a wrong type or dtype; `ValueError` for a
/// read-only array or one given twice.
fn arrays_of<'py>(arrays: &Bound<'py, PyTuple>) -> PyResult<Arrays<'py>> {
    if arrays.len() != NAMES.len() {
        return Err(PyTypeError::new_err(format!(
            "expected the {} arrays {}, got {}",
            NAMES.len(),
            NAMES.join(", "),
            arrays.len()
        )));
    }
    let item = |i: usize| arrays.get_item(i);
    Ok((
        writable(&item(0)?, NAMES[0])?,
        writable(&item(1)?, NAMES[1])?,
        writable(&item(2)?, NAMES[2])?,
        writable(&item(3)?, NAMES[3])?,
        writable(&item(4)?, NAMES[4])?,
    ))
}

/// N copies of one environment stepped together (the Rust `VecEnv`): slot `i` starts from
/// `episode_seed(base_seed, i, 0)` and is reset from its next seed when its episode ends.
/// Every call writes into the caller's numpy arrays:
///
/// | array | dtype | shape |
/// |---|---|---|
/// | `observations` | `uint8` | `(N, *observation_shape)` |
/// | `masks` | `uint8` | `(N, num_actions)` |
/// | `rewards` | `float32` | `(N, num_players)` |
/// | `terminated` | `uint8` | `(N,)` |
/// | `to_move` | `uint8` | `(N,)` |
#[pyclass(module = "tabletop_env._core")]
#[derive(Clone)]
pub struct RawVecEnv {
    batch: AnyVec,
    template: RawEnv,
}

impl RawVecEnv {
    fn shapes(&self) -> [Vec<usize>; 5] {
        let n = self.len();
        let (obs, actions, players) = with_env_shape(&self.template.env);
        let mut observations = vec![n];
        observations.extend(obs);
        [
            observations,
            vec![n, actions],
            vec![n, players],
            vec![n],
            vec![n],
        ]
    }

    fn len(&self) -> usize {
        with_vec!(&self.batch, v => v.len())
    }
}

/// The id bot `name` plays in each slot of `batch` (slot `i` seeded with `derive(seed, i)`;
/// -1 for a slot with no seat to move, which a batch never has).
///
/// # Errors
/// `ValueError` for a bot this game does not have.
fn bot_ids<E: Bots>(batch: &VecEnv<Finals<E>>, name: &str, seed: u64) -> PyResult<Vec<i64>> {
    bot_of::<E>(name, seed)?; // an unknown name is refused even for an empty batch
    let id = |(i, slot): (usize, &Finals<E>)| {
        let seed = tabletop_env::seed::derive(seed, i as u64);
        let mut bot = E::bot(name, seed)?;
        ask(bot.as_mut(), slot.inner(), seed)
    };
    Ok(batch
        .envs()
        .enumerate()
        .map(|slot| id(slot).map_or(-1, i64::from))
        .collect())
}

/// A number of threads: at least 1 (the Rust batch would step on one thread for 0, which a
/// caller asking for 0 may have meant as "all cores").
///
/// # Errors
/// `ValueError` for 0.
fn thread_count(Int(threads): Int<usize>) -> PyResult<usize> {
    if threads == 0 {
        Err(PyValueError::new_err("threads must be at least 1, not 0"))
    } else {
        Ok(threads)
    }
}

fn out_of_range(i: usize) -> PyErr {
    PyValueError::new_err(format!("slot {i} is out of range"))
}

fn with_env_shape(env: &AnyEnv) -> (Vec<usize>, usize, usize) {
    crate::with_env!(env, e => (e.observation_shape(), e.num_actions(), e.num_players()))
}

/// Checks every array and gives the buffers of one batch call.
fn buffers<'a>(arrays: &'a mut Arrays<'_>, shapes: &[Vec<usize>; 5]) -> PyResult<BatchBuffers<'a>> {
    let (o, m, r, t, s) = arrays;
    Ok(BatchBuffers {
        observations: slice_of(o, NAMES[0], &shapes[0])?,
        masks: slice_of(m, NAMES[1], &shapes[1])?,
        rewards: slice_of(r, NAMES[2], &shapes[2])?,
        terminated: slice_of(t, NAMES[3], &shapes[3])?,
        to_move: slice_of(s, NAMES[4], &shapes[4])?,
    })
}

#[pymethods]
impl RawVecEnv {
    /// `num_envs` copies of `template`'s game and options, seeded from `base_seed`, stepped
    /// on `threads` threads (at least 1; more than `num_envs` are not used; results do not
    /// depend on it).
    ///
    /// Raises `ValueError` when `num_envs` or `threads` is 0, `num_envs` more than memory
    /// holds, or an integer is negative or too large; `TypeError` for a non-integer.
    #[new]
    #[pyo3(signature = (template, num_envs, base_seed=Int(0), threads=Int(1)))]
    #[pyo3(text_signature = "(template, num_envs, base_seed=0, threads=1)")]
    fn new(
        template: &RawEnv,
        num_envs: Int<usize>,
        base_seed: Int<u64>,
        threads: Int<usize>,
    ) -> PyResult<Self> {
        let (Int(num_envs), Int(base_seed)) = (num_envs, base_seed);
        let threads = thread_count(threads)?;
        let batch = match &template.env {
            AnyEnv::Omok(e) => batch_of(e, num_envs, base_seed, threads, AnyVec::Omok),
            AnyEnv::Matgo(e) => batch_of(e, num_envs, base_seed, threads, AnyVec::Matgo),
            AnyEnv::GoStop(e) => batch_of(e, num_envs, base_seed, threads, AnyVec::GoStop),
            AnyEnv::Poker(e) => batch_of(e, num_envs, base_seed, threads, AnyVec::Poker),
            AnyEnv::Mahjong(e) => batch_of(e, num_envs, base_seed, threads, AnyVec::Mahjong),
        }?;
        Ok(RawVecEnv {
            batch,
            template: template.clone(),
        })
    }

    /// The number of environments N.
    #[getter]
    fn num_envs(&self) -> usize {
        self.len()
    }

    /// The shapes of `observations`, `masks`, `rewards`, `terminated`, `to_move`.
    #[getter]
    fn buffer_shapes(&self) -> Vec<Vec<usize>> {
        self.shapes().to_vec()
    }

    /// Sets the number of threads (at least 1; more than `num_envs` are not used); results
    /// do not depend on it.
    ///
    /// Raises `ValueError` for 0 or a negative or too large integer (the number unchanged),
    /// `TypeError` for a non-integer.
    fn set_threads(&mut self, threads: Int<usize>) -> PyResult<()> {
        let threads = thread_count(threads)?;
        with_vec!(&mut self.batch, v => v.set_threads(threads));
        Ok(())
    }

    /// Writes every slot's observation, mask and seat to move (rewards and terminated 0)
    /// into `observations, masks, rewards, terminated, to_move`.
    ///
    /// Raises `TypeError` for a wrong dtype, `ValueError` for a wrong shape or a
    /// non-contiguous array (nothing written).
    #[pyo3(signature = (*arrays))]
    fn observe(&self, arrays: &Bound<'_, PyTuple>) -> PyResult<()> {
        let shapes = self.shapes();
        let mut arrays = arrays_of(arrays)?;
        let out = buffers(&mut arrays, &shapes)?;
        with_vec!(&self.batch, v => v.observe(out)).map_err(value_error)
    }

    /// Plays `ids[i]` (shape `(N,)`, any integer dtype: `uint32`, or `int64` as
    /// `masks.argmax(1)` gives) in slot `i`, auto-resets ended slots and
    /// writes `observations, masks, rewards, terminated, to_move`, with the GIL released while
    /// Rust steps. On the step that ends a slot's episode, its `rewards` and `terminated` are
    /// those of the ended episode and its observation, mask and seat those of the next
    /// episode's first decision.
    ///
    /// Raises `TypeError` for a wrong dtype (`ids` not of an integer dtype), `ValueError` for
    /// a wrong shape, a non-contiguous output array, an id that is negative or not legal in
    /// its slot (nothing stepped or written).
    #[pyo3(signature = (ids, *arrays))]
    fn step(
        &mut self,
        py: Python<'_>,
        ids: &Bound<'_, PyAny>,
        arrays: &Bound<'_, PyTuple>,
    ) -> PyResult<()> {
        let shapes = self.shapes();
        let ids = ids_of(ids, "ids", self.len())?;
        let mut arrays = arrays_of(arrays)?;
        let out = buffers(&mut arrays, &shapes)?;
        let batch = &mut self.batch;
        py.allow_threads(|| with_vec!(batch, v => v.step(&ids, out)))
            .map_err(value_error)
    }

    /// The ids bot `name` (one of `bots`) plays for the seat to move in each slot: `int64`,
    /// shape `(N,)`; slot `i`'s bot is seeded with `derive_seed(seed, i)`, as
    /// `RawEnv.bot_action` would be. A slot never has its episode over (ended slots are
    /// reset), so no id is missing. This is how a learner plays against a bot on the batch:
    /// step the bot's ids in the slots where the bot's seat is to move.
    ///
    /// Raises `ValueError` for a bot this game does not have, or a seed outside `0..2**64`.
    #[pyo3(signature = (name, seed=Int(0)))]
    #[pyo3(text_signature = "(self, /, name, seed=0)")]
    fn bot_actions<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        seed: Int<u64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let batch = &self.batch;
        let ids = py.allow_threads(|| with_vec!(batch, v => bot_ids(v, name, seed.0)))?;
        Ok(PyArray1::from_vec(py, ids))
    }

    /// Slot `i`'s environment now, as a `RawEnv` (a copy, with no seed or history
    /// recorded; it pickles through its snapshot).
    ///
    /// Raises `ValueError` for a slot out of range.
    fn slot(&self, i: Int<usize>) -> PyResult<RawEnv> {
        let Int(i) = i;
        let env = with_vec!(&self.batch, v => v.env(i).map(|f| AnyEnv::from(f.inner().clone())));
        let env = env.ok_or_else(|| out_of_range(i))?;
        Ok(self.template.with_env(env))
    }

    /// Writes into `out` (`uint8`, shape `observation_shape`) the observation that slot `i`'s
    /// last ended episode ended on, seen by the seat that made its last move, and returns that
    /// seat; `None` (nothing written) when the slot has not ended an episode since its last
    /// reset. Read it on the step whose `terminated[i]` is 1 (Gymnasium's `final_obs`).
    ///
    /// Raises `TypeError` for another dtype, `ValueError` for another shape, a
    /// non-contiguous array or a slot out of range.
    fn write_final_observation(
        &self,
        i: Int<usize>,
        out: &Bound<'_, PyAny>,
    ) -> PyResult<Option<usize>> {
        let Int(i) = i;
        let mut out = writable::<u8, IxDyn>(out, "out")?;
        let (shape, _, _) = with_env_shape(&self.template.env);
        let out = slice_of(&mut out, "out", &shape)?;
        let seat = with_vec!(&self.batch, v => {
            let slot = v.env(i).ok_or_else(|| out_of_range(i))?;
            slot.final_observation().map(|(seat, observation)| {
                out.copy_from_slice(observation);
                seat
            })
        });
        Ok(seat)
    }

    fn __copy__(&self) -> RawVecEnv {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> RawVecEnv {
        self.clone()
    }
}
