//! `RawVecEnv`: N environments of one game stepped together into numpy arrays.

use numpy::{Ix1, Ix2, IxDyn, PyReadonlyArray1, PyReadwriteArray};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tabletop_env::mahjong::MahjongEnv;
use tabletop_env::matgo::MatgoEnv;
use tabletop_env::omok::OmokEnv;
use tabletop_env::poker::PokerEnv;
use tabletop_env::{BatchBuffers, Env, VecEnv};

use crate::games::{AnyEnv, value_error};
use crate::py_env::{RawEnv, slice_of};

/// A batch of any game.
#[derive(Clone, Debug)]
enum AnyVec {
    Omok(VecEnv<OmokEnv>),
    Matgo(VecEnv<MatgoEnv>),
    Poker(VecEnv<PokerEnv>),
    Mahjong(VecEnv<MahjongEnv>),
}

/// Runs `$body` with `$v` bound to the batch inside `$any`, whatever its game.
macro_rules! with_vec {
    ($any:expr, $v:ident => $body:expr) => {
        match $any {
            AnyVec::Omok($v) => $body,
            AnyVec::Matgo($v) => $body,
            AnyVec::Poker($v) => $body,
            AnyVec::Mahjong($v) => $body,
        }
    };
}

/// The numpy arrays of one batch call, as Python passes them.
type Arrays<'py> = (
    PyReadwriteArray<'py, u8, IxDyn>,
    PyReadwriteArray<'py, u8, Ix2>,
    PyReadwriteArray<'py, f32, Ix2>,
    PyReadwriteArray<'py, u8, Ix1>,
    PyReadwriteArray<'py, u8, Ix1>,
);

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

fn with_env_shape(env: &AnyEnv) -> (Vec<usize>, usize, usize) {
    crate::with_env!(env, e => (e.observation_shape(), e.num_actions(), e.num_players()))
}

/// Checks every array and gives the buffers of one batch call.
fn buffers<'a>(arrays: &'a mut Arrays<'_>, shapes: &[Vec<usize>; 5]) -> PyResult<BatchBuffers<'a>> {
    let (o, m, r, t, s) = arrays;
    Ok(BatchBuffers {
        observations: slice_of(o, "observations", &shapes[0])?,
        masks: slice_of(m, "masks", &shapes[1])?,
        rewards: slice_of(r, "rewards", &shapes[2])?,
        terminated: slice_of(t, "terminated", &shapes[3])?,
        to_move: slice_of(s, "to_move", &shapes[4])?,
    })
}

#[pymethods]
impl RawVecEnv {
    /// `num_envs` copies of `template`'s game and options, seeded from `base_seed`, stepped
    /// on `threads` threads (results do not depend on it).
    ///
    /// Raises `ValueError` when `num_envs` is 0.
    #[new]
    #[pyo3(signature = (template, num_envs, base_seed=0, threads=1))]
    fn new(template: &RawEnv, num_envs: usize, base_seed: u64, threads: usize) -> PyResult<Self> {
        let batch = match &template.env {
            AnyEnv::Omok(e) => VecEnv::new(e, num_envs, base_seed, threads).map(AnyVec::Omok),
            AnyEnv::Matgo(e) => VecEnv::new(e, num_envs, base_seed, threads).map(AnyVec::Matgo),
            AnyEnv::Poker(e) => VecEnv::new(e, num_envs, base_seed, threads).map(AnyVec::Poker),
            AnyEnv::Mahjong(e) => VecEnv::new(e, num_envs, base_seed, threads).map(AnyVec::Mahjong),
        }
        .map_err(value_error)?;
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

    /// Sets the number of threads (at least 1); results do not depend on it.
    fn set_threads(&mut self, threads: usize) {
        with_vec!(&mut self.batch, v => v.set_threads(threads));
    }

    /// Writes every slot's observation, mask and seat to move (rewards and terminated 0)
    /// into `observations, masks, rewards, terminated, to_move`.
    ///
    /// Raises `TypeError` for a wrong dtype, `ValueError` for a wrong shape or a
    /// non-contiguous array (nothing written).
    #[pyo3(signature = (*arrays))]
    fn observe(&self, arrays: &Bound<'_, PyTuple>) -> PyResult<()> {
        let shapes = self.shapes();
        let mut arrays: Arrays<'_> = arrays.extract()?;
        let out = buffers(&mut arrays, &shapes)?;
        with_vec!(&self.batch, v => v.observe(out)).map_err(value_error)
    }

    /// Plays `ids[i]` (`uint32`, shape `(N,)`) in slot `i`, auto-resets ended slots and
    /// writes `observations, masks, rewards, terminated, to_move`, with the GIL released while
    /// Rust steps. On the step that ends a slot's episode, its `rewards` and `terminated` are
    /// those of the ended episode and its observation, mask and seat those of the next
    /// episode's first decision.
    ///
    /// Raises `TypeError` for a wrong dtype, `ValueError` for a wrong shape, a
    /// non-contiguous array or an id not legal in its slot (nothing stepped or written).
    #[pyo3(signature = (ids, *arrays))]
    fn step(
        &mut self,
        py: Python<'_>,
        ids: PyReadonlyArray1<'_, u32>,
        arrays: &Bound<'_, PyTuple>,
    ) -> PyResult<()> {
        let shapes = self.shapes();
        let ids = ids
            .as_slice()
            .map_err(|_| PyValueError::new_err("`ids` must be C-contiguous"))?;
        let mut arrays: Arrays<'_> = arrays.extract()?;
        let out = buffers(&mut arrays, &shapes)?;
        let batch = &mut self.batch;
        py.allow_threads(|| with_vec!(batch, v => v.step(ids, out)))
            .map_err(value_error)
    }

    /// Slot `i`'s environment now, as a `RawEnv` (a copy, with no seed or history
    /// recorded; it pickles through its snapshot).
    ///
    /// Raises `ValueError` for a slot out of range.
    fn slot(&self, i: usize) -> PyResult<RawEnv> {
        let env = with_vec!(&self.batch, v => v.envs().get(i).cloned().map(AnyEnv::from));
        let env = env.ok_or_else(|| PyValueError::new_err(format!("slot {i} is out of range")))?;
        Ok(self.template.with_env(env))
    }

    fn __copy__(&self) -> RawVecEnv {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> RawVecEnv {
        self.clone()
    }
}
