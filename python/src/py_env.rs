//! `RawEnv`: one environment of any game, for Python.

use numpy::{Ix1, IxDyn, PyArray1, PyArrayDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tabletop_env::Env;

use crate::arrays::{slice_of, writable};
use crate::games::{AnyEnv, Options, bot_action, bots_of, value_error};
use crate::int_arg::Int;
use crate::with_env;

/// What one step did: `(rewards per seat, terminated, seat to move or None)`.
type StepResult = (Vec<f32>, bool, Option<usize>);

/// The seed a new environment is dealt from: the crate's constructors deal seed 0.
const NEW_SEED: u64 = 0;

/// One environment of any game (`game` one of `game_names()`), with ids, masks and
/// observations as in the `tabletop-env` crate README.
#[pyclass(module = "tabletop_env._core")]
#[derive(Clone)]
pub struct RawEnv {
    pub(crate) options: Options,
    pub(crate) env: AnyEnv,
    /// The seed of the episode being played: the last reset's, 0 for a new environment (the
    /// crate's constructors deal seed 0), `None` for a batch slot's copy (not recorded).
    seed: Option<u64>,
    /// The ids stepped since then, to rebuild the state when unpickled.
    history: Vec<u32>,
}

impl RawEnv {
    /// Another environment of the same game and options.
    pub(crate) fn with_env(&self, env: AnyEnv) -> RawEnv {
        RawEnv {
            options: self.options.clone(),
            env,
            seed: None,
            history: Vec::new(),
        }
    }

    fn players(&self) -> usize {
        with_env!(&self.env, e => e.num_players())
    }

    /// Restores the state from `snapshot` (an [`AnyEnv`] as JSON), which must be the
    /// environment of these options dealt from `seed` with `history` played (for a batch
    /// slot's copy, whose seed is not recorded: an environment of these options, the same as
    /// a new one once both are reset).
    ///
    /// # Errors
    /// `ValueError` for a snapshot that does not read, or that is not that environment
    /// (another game, variant or option, or another seed or history than the state says).
    fn restore(&mut self, snapshot: &str, seed: Option<u64>, history: Vec<u32>) -> PyResult<()> {
        let env: AnyEnv = serde_json::from_str(snapshot)
            .map_err(|e| PyValueError::new_err(format!("snapshot does not read: {e}")))?;
        let same = match seed {
            Some(_) => {
                let mut replayed = self.clone();
                // A history that does not replay from the seed is another mismatch.
                replayed.replay(seed, &history).is_ok() && json(&env) == json(&replayed.env)
            }
            None => {
                let (mut reset, mut fresh) = (env.clone(), self.options.build()?);
                with_env!(&mut reset, e => e.reset(0));
                with_env!(&mut fresh, e => e.reset(0));
                json(&reset) == json(&fresh)
            }
        };
        if !same {
            return Err(PyValueError::new_err(format!(
                "snapshot is not the environment of game {:?} with these options, seed and \
                 history",
                self.options.game
            )));
        }
        self.env = env;
        self.seed = seed;
        self.history = history;
        Ok(())
    }

    fn replay(&mut self, seed: Option<u64>, history: &[u32]) -> PyResult<()> {
        let mut fresh = RawEnv {
            env: self.options.build()?,
            options: self.options.clone(),
            seed: None,
            history: Vec::new(),
        };
        if let Some(seed) = seed {
            fresh.reset(Int(seed));
        }
        for &id in history {
            fresh.step(Int(id))?;
        }
        *self = fresh;
        Ok(())
    }
}

#[pymethods]
impl RawEnv {
    /// A new environment of `game` with its options (`None`: the default).
    ///
    /// Raises `ValueError` for an unknown game or option value, or an option of another game.
    #[new]
    #[pyo3(signature = (game, rule=None, size=None, preset=None, deck=None, reward=None, rules=None))]
    fn new(
        game: String,
        rule: Option<String>,
        size: Option<Int<u8>>,
        preset: Option<String>,
        deck: Option<String>,
        reward: Option<String>,
        rules: Option<String>,
    ) -> PyResult<RawEnv> {
        let options = Options {
            game,
            rule,
            size: size.map(|s| s.0),
            preset,
            deck,
            reward,
            rules,
        };
        Ok(RawEnv {
            env: options.build()?,
            options,
            seed: Some(NEW_SEED),
            history: Vec::new(),
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        &self.options.game
    }

    /// The number of seats.
    #[getter]
    fn num_players(&self) -> usize {
        self.players()
    }

    /// The size of the action space: ids are `0..num_actions`.
    #[getter]
    fn num_actions(&self) -> usize {
        with_env!(&self.env, e => e.num_actions())
    }

    /// The shape of one observation (`uint8`, C order).
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        with_env!(&self.env, e => e.observation_shape())
    }

    /// The seat to decide, or `None` once the episode is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        with_env!(&self.env, e => e.to_move())
    }

    /// True once the episode is over.
    #[getter]
    fn is_terminal(&self) -> bool {
        with_env!(&self.env, e => e.is_terminal())
    }

    /// Each seat's return once the episode is over, else `None`.
    #[getter]
    fn returns(&self) -> Option<Vec<f32>> {
        let n = self.players();
        with_env!(&self.env, e => e.returns()).map(|r| r[..n].to_vec())
    }

    /// The seed of the episode being played: the last reset's, or 0 for a new environment,
    /// which is dealt as `reset(0)` deals; `None` for a copy of a `RawVecEnv` slot (its seed
    /// is not recorded).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The ids stepped since the last reset.
    #[getter]
    fn history(&self) -> Vec<u32> {
        self.history.clone()
    }

    /// The bot names `bot_action` takes for this game.
    #[getter]
    fn bots(&self) -> Vec<&'static str> {
        bots_of(&self.env).to_vec()
    }

    /// Starts a new episode whose chance is derived from `seed` (0 to 2**64-1).
    ///
    /// Raises `ValueError` for a seed out of that range, `TypeError` for a non-integer.
    fn reset(&mut self, seed: Int<u64>) {
        let Int(seed) = seed;
        with_env!(&mut self.env, e => e.reset(seed));
        self.seed = Some(seed);
        self.history.clear();
    }

    /// Plays `id` for the seat to move: `(rewards per seat, terminated, next seat or None)`.
    ///
    /// Raises `ValueError` (environment unchanged) for an id out of range or not legal now,
    /// or after the end; `TypeError` for a non-integer id.
    fn step(&mut self, id: Int<u32>) -> PyResult<StepResult> {
        let Int(id) = id;
        let step = with_env!(&mut self.env, e => e.step(id)).map_err(value_error)?;
        self.history.push(id);
        let n = self.players();
        Ok((step.rewards[..n].to_vec(), step.terminated, step.to_move))
    }

    /// Writes the legal-action mask into `out` (`uint8`, shape `(num_actions,)`).
    ///
    /// Raises `TypeError` for another dtype, `ValueError` for another shape or a
    /// non-contiguous array.
    fn write_action_mask(&self, out: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut out = writable::<u8, Ix1>(out, "out")?;
        let slice = slice_of(&mut out, "out", &[self.num_actions()])?;
        with_env!(&self.env, e => e.write_action_mask(slice)).map_err(value_error)
    }

    /// Writes `seat`'s observation into `out` (`uint8`, shape `observation_shape`).
    ///
    /// Raises `TypeError` for another dtype, `ValueError` for another shape, a
    /// non-contiguous or read-only array or a seat that does not exist.
    fn write_observation(&self, seat: Int<usize>, out: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut out = writable::<u8, IxDyn>(out, "out")?;
        let shape = self.observation_shape();
        let slice = slice_of(&mut out, "out", &shape)?;
        with_env!(&self.env, e => e.write_observation(seat.0, slice)).map_err(value_error)
    }

    /// The legal-action mask as a new `uint8` array of shape `(num_actions,)`.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let out = PyArray1::<u8>::zeros(py, self.num_actions(), false);
        self.write_action_mask(out.as_any())?;
        Ok(out)
    }

    /// `seat`'s observation as a new `uint8` array of shape `observation_shape`.
    ///
    /// Raises `ValueError` for a seat that does not exist.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Int<usize>,
    ) -> PyResult<Bound<'py, PyArrayDyn<u8>>> {
        let out = PyArrayDyn::<u8>::zeros(py, self.observation_shape(), false);
        self.write_observation(seat, out.as_any())?;
        Ok(out)
    }

    /// The legal ids now, ascending.
    fn legal_action_ids(&self) -> Vec<u32> {
        with_env!(&self.env, e => e.legal_action_ids())
    }

    /// The game action that legal `id` stands for, as text.
    ///
    /// Raises `ValueError` for an id that is not legal now.
    fn action_name(&self, id: Int<u32>) -> PyResult<String> {
        with_env!(&self.env, e => e.action_of(id.0).map(|a| format!("{a:?}"))).map_err(value_error)
    }

    /// The id bot `name` plays for the seat to move (`None` once over); `seed` seeds a
    /// randomised bot.
    ///
    /// Raises `ValueError` for a bot this game does not have.
    #[pyo3(signature = (name, seed=Int(0)))]
    #[pyo3(text_signature = "(self, /, name, seed=0)")]
    fn bot_action(&self, name: &str, seed: Int<u64>) -> PyResult<Option<u32>> {
        bot_action(&self.env, name, seed.0)
    }

    /// The table as text (what `render_mode="ansi"` shows).
    fn render(&self) -> String {
        render(&self.env)
    }

    fn __copy__(&self) -> RawEnv {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> RawEnv {
        self.clone()
    }

    /// Pickles as the options plus the state: the environment's serde snapshot (JSON), the
    /// seed and the history; unpickling restores the snapshot (a pickle without one, from an
    /// older version, replays the history from the seed).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let o = &this.options;
        let args = (
            o.game.clone(),
            o.rule.clone(),
            o.size,
            o.preset.clone(),
            o.deck.clone(),
            o.reward.clone(),
            o.rules.clone(),
        );
        let state = PyDict::new(py);
        state.set_item("seed", this.seed)?;
        state.set_item("history", this.history.clone())?;
        let snapshot = serde_json::to_string(&this.env)
            .map_err(|e| PyValueError::new_err(format!("snapshot not written: {e}")))?;
        state.set_item("snapshot", snapshot)?;
        (slf.get_type(), args, state).into_pyobject(py)
    }

    fn __setstate__(&mut self, state: &Bound<'_, PyDict>) -> PyResult<()> {
        let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
            state
                .get_item(key)?
                .ok_or_else(|| PyValueError::new_err(format!("snapshot state lacks `{key}`")))
        };
        let seed: Option<Int<u64>> = get("seed")?.extract()?;
        let history: Vec<Int<u32>> = get("history")?.extract()?;
        let seed = seed.map(|Int(s)| s);
        let history: Vec<u32> = history.into_iter().map(|Int(id)| id).collect();
        match state.get_item("snapshot")? {
            Some(snapshot) => self.restore(&snapshot.extract::<String>()?, seed, history),
            None => self.replay(seed, &history),
        }
    }
}

/// `env` as a JSON value (its maps ordered), to compare two environments; `Null` if it does
/// not write (it always does: every field is plain data).
fn json(env: &AnyEnv) -> serde_json::Value {
    serde_json::to_value(env).unwrap_or_default()
}

/// The most legal actions `render` lists.
const LISTED: usize = 48;

/// The table as text: the seat to move (or the returns), the board for omok, and the legal
/// actions by id.
pub fn render(env: &AnyEnv) -> String {
    let mut text = String::new();
    if let AnyEnv::Omok(e) = env {
        text.push_str(&omok_board(e));
    }
    with_env!(env, e => {
        match (e.to_move(), e.returns()) {
            (Some(seat), _) => {
                text.push_str(&format!("seat {seat} to move; legal actions (id: action):\n"));
                for id in e.legal_action_ids().into_iter().take(LISTED) {
                    if let Ok(action) = e.action_of(id) {
                        text.push_str(&format!("  {id}: {action:?}\n"));
                    }
                }
            }
            (None, returns) => {
                let n = e.num_players();
                text.push_str(&format!("over; returns {:?}\n", returns.map(|r| r[..n].to_vec())));
            }
        }
    });
    text
}

/// The omok board, black `X`, white `O`, empty `.`, one row per line from the top.
fn omok_board(env: &tabletop_env::omok::OmokEnv) -> String {
    let size = usize::from(env.size());
    let mut planes = vec![0u8; env.observation_len()];
    // Seat 0 plays black: its planes 0 and 1 are the black and the white stones.
    if env.write_observation(0, &mut planes).is_err() {
        return String::new();
    }
    let (black, white) = planes.split_at(size * size);
    let mut text = String::new();
    for y in 0..size {
        for x in 0..size {
            let i = y * size + x;
            text.push(if black[i] != 0 {
                'X'
            } else if white[i] != 0 {
                'O'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    text
}
