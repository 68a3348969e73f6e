//! Training samples from game records (mjai logs, Tenhou's XML, tenhou.net/6 JSON): `tabletop_env.datasets.from_logs` calls
//! [`log_samples`] once per shard, which reads its logs in parallel on Rust threads with
//! the GIL released (tabletop-env's `mahjong::logs`).

use std::sync::{Arc, Mutex};

use mahjong_core::Rules;
use mahjong_records::{Format, GameRecord, Platform};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use tabletop_env::mahjong::logs::{LogSamples, LogScope};
use tabletop_env::mahjong::obs::PLANES;
use tabletop_env::mahjong::{MahjongEnv, Reward};

use crate::games::{mahjong_reward, mahjong_rules, value_error};
use crate::int_arg::Int;

/// The rows of several logs, concatenated in the logs' order.
#[derive(Default)]
struct Rows {
    observation: Vec<u8>,
    action_mask: Vec<u8>,
    action: Vec<i64>,
    seat: Vec<u8>,
    episode: Vec<i64>,
    returns: Vec<f32>,
    hand: Vec<i64>,
    hand_return: Vec<f32>,
    line: Vec<i64>,
}

impl Rows {
    /// Appends the samples of log `episode`: each row's return is its seat's result of the
    /// episode (the match's, or the hand's for logs of hands).
    fn push(&mut self, episode: usize, samples: &LogSamples) {
        self.observation.extend_from_slice(samples.observations());
        self.action_mask.extend_from_slice(samples.action_masks());
        for sample in samples.iter() {
            let hand_return = sample.hand_result[sample.seat];
            let result = sample.match_result.map_or(hand_return, |r| r[sample.seat]);
            self.action.push(i64::from(sample.action));
            self.seat.push(sample.seat as u8);
            self.episode.push(episode as i64);
            self.returns.push(result);
            self.hand.push(sample.hand as i64);
            self.hand_return.push(hand_return);
            self.line.push(sample.line as i64);
        }
    }
}

/// The samples of the records `texts` (full mjai logs under the mahjong preset `rules`;
/// Tenhou's XML or tenhou.net/6 JSON under the rules they name, of `rules`' seats), paid by `reward`
/// (`rank`, `points`, `score`, as `RawEnv` takes them), each log a whole match (`scope`
/// `"match"`) or hands each on its own table (`"hands"`), read on `threads` threads.
///
/// Returns `(arrays, errors)`: `arrays` a dict of numpy arrays, one row per decision of the
/// logs that replay, in order (`observation` uint8 `[n, 56, 34]`, `action_mask` uint8
/// `[n, num_actions]`, `action` int64, `seat` uint8, `episode` int64 (the log's index in
/// `texts`), `return` float32 (the seat's result of the match, or of the hand for logs of
/// hands), `hand` int64 (the hand's index in its log), `hand_return` float32 (the seat's
/// result of the hand, as a one-hand environment pays it), `line` int64 (the log line of the
/// action)); `errors` one entry per log, `None` or why it gives no samples (the line named).
///
/// Raises `ValueError` for an unknown preset, reward or scope, or no thread.
#[pyfunction]
#[pyo3(signature = (texts, rules = "tenhou", reward = "rank", scope = "match", threads = Int(1)))]
pub fn log_samples<'py>(
    py: Python<'py>,
    texts: Vec<String>,
    rules: &str,
    reward: &str,
    scope: &str,
    threads: Int<usize>,
) -> PyResult<(Bound<'py, PyDict>, Vec<Option<String>>)> {
    let rules = mahjong_rules(rules)?;
    let reward = mahjong_reward(reward, &rules)?;
    let scope = scope_of(scope)?;
    let Int(threads) = threads;
    if threads == 0 {
        return Err(PyValueError::new_err("threads is 0: at least 1 is needed"));
    }
    let read = |text: &String| samples_of(rules, reward, text, scope);
    let pool = match threads {
        1 => None,
        _ => Some(pool(threads)?),
    };
    let num_actions = tabletop_env::mahjong::ids::full_game_actions(rules.seats);
    let mut rows = Rows::default();
    let mut errors = Vec::with_capacity(texts.len());
    py.allow_threads(|| {
        // `threads` logs at a time, their rows appended and their buffers freed before the
        // next ones: the allocator hands the same memory to the next logs (fresh memory
        // costs a page fault a page, more than the rows' writing).
        for (chunk, texts) in texts.chunks(threads).enumerate() {
            let results: Vec<Result<LogSamples, String>> = match &pool {
                None => texts.iter().map(read).collect(),
                Some(pool) => pool.install(|| texts.par_iter().map(read).collect()),
            };
            for (k, result) in results.into_iter().enumerate() {
                match result {
                    Ok(samples) => {
                        rows.push(chunk * threads + k, &samples);
                        errors.push(None);
                    }
                    Err(error) => errors.push(Some(error)),
                }
            }
        }
    });
    Ok((rows.into_dict(py, num_actions)?, errors))
}

/// The samples of one record: an mjai log under `rules`; a Tenhou XML or tenhou.net/6 JSON
/// record (told by its text) under the rules it names, which must seat as many players.
fn samples_of(
    rules: Rules,
    reward: Reward,
    text: &str,
    scope: LogScope,
) -> Result<LogSamples, String> {
    let format = Format::detect(text).unwrap_or(Format::Mjai);
    if format == Format::Mjai {
        return LogSamples::from_text(rules, reward, text, scope).map_err(|e| e.to_string());
    }
    let record = GameRecord::read_as(format, text, Platform::Tenhou).map_err(|e| e.to_string())?;
    if record.rules.seats != rules.seats {
        return Err(format!(
            "a {}-player record, read under {}-player rules: choose rules of its seats",
            record.rules.seats, rules.seats
        ));
    }
    LogSamples::from_events(record.rules, reward, &record.events, scope).map_err(|e| e.to_string())
}

impl Rows {
    /// The rows as the dict of numpy arrays [`log_samples`] returns.
    fn into_dict(self, py: Python<'_>, num_actions: usize) -> PyResult<Bound<'_, PyDict>> {
        let n = self.action.len();
        let dict = PyDict::new(py);
        let observation = PyArray1::from_vec(py, self.observation).reshape([n, PLANES, 34])?;
        dict.set_item("observation", observation)?;
        let mask = PyArray1::from_vec(py, self.action_mask).reshape([n, num_actions])?;
        dict.set_item("action_mask", mask)?;
        dict.set_item("action", PyArray1::from_vec(py, self.action))?;
        dict.set_item("seat", PyArray1::from_vec(py, self.seat))?;
        dict.set_item("episode", PyArray1::from_vec(py, self.episode))?;
        dict.set_item("return", PyArray1::from_vec(py, self.returns))?;
        dict.set_item("hand", PyArray1::from_vec(py, self.hand))?;
        dict.set_item("hand_return", PyArray1::from_vec(py, self.hand_return))?;
        dict.set_item("line", PyArray1::from_vec(py, self.line))?;
        Ok(dict)
    }
}

/// A pool of `threads` threads, made once per size and kept (a pool's threads start in
/// milliseconds; a shard's logs take about as long).
///
/// # Errors
/// `ValueError` when the threads cannot be started.
fn pool(threads: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = POOLS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyValueError::new_err(format!("no thread pool of {threads}: {e}")))?;
    let pool = Arc::new(pool);
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}

/// The scope named `name`: `match` or `hands`.
fn scope_of(name: &str) -> PyResult<LogScope> {
    match name {
        "match" => Ok(LogScope::Match),
        "hands" => Ok(LogScope::Hands),
        other => Err(PyValueError::new_err(format!(
            "unknown scope {other:?}: choose one of match, hands"
        ))),
    }
}

/// The full mjai log (one JSON object a line) of the episode of `seed` played with `ids`
/// in the mahjong environment of preset `rules`: a match (`scope` `"match"`, the episode of
/// `RawEnv("mahjong")`) or one hand (`"hands"`, of `RawEnv("mahjong_hand")`). The log stops
/// where the ids do.
///
/// Raises `ValueError` for an unknown preset or scope, or an id the environment refuses
/// where it comes.
#[pyfunction]
#[pyo3(signature = (seed, ids, rules = "tenhou", scope = "match"))]
pub fn mjai_log(
    py: Python<'_>,
    seed: Int<u64>,
    ids: Vec<Int<u32>>,
    rules: &str,
    scope: &str,
) -> PyResult<String> {
    let rules = mahjong_rules(rules)?;
    let reward = mahjong_reward("rank", &rules)?;
    let env = match scope_of(scope)? {
        LogScope::Match => MahjongEnv::game(rules, reward),
        LogScope::Hands => MahjongEnv::hand(rules, reward),
    };
    let mut env = env.map_err(value_error)?;
    let ids: Vec<u32> = ids.into_iter().map(|Int(id)| id).collect();
    py.allow_threads(|| tabletop_env::mahjong::logs::mjai_log(&mut env, seed.0, &ids))
        .map_err(value_error)
}
