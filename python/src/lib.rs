//! `tabletop_env._core`: the Python extension over the `tabletop-env` crate.
//!
//! One generic layer over the `tabletop_env::Env` trait: the enum `games::AnyEnv` holds one
//! game's environment and the `with_env!` macro forwards a call to it, so every method is
//! written once for the four games. Masks and observations are written into numpy arrays the
//! caller owns, after their dtype (by the argument's type: a wrong dtype is a `TypeError`),
//! shape and contiguity (a `ValueError`) are checked. Every refusal of the Rust environment is a
//! `ValueError` with its message, and the environment is unchanged.

mod arrays;
mod finals;
mod games;
mod int_arg;
mod logs;
mod py_env;
mod py_vec;

use pyo3::prelude::*;

/// The Python module `tabletop_env._core`.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<py_env::RawEnv>()?;
    m.add_class::<py_vec::RawVecEnv>()?;
    m.add_function(wrap_pyfunction!(games::game_names, m)?)?;
    m.add_function(wrap_pyfunction!(games::bot_names, m)?)?;
    m.add_function(wrap_pyfunction!(games::derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(logs::log_samples, m)?)?;
    m.add_function(wrap_pyfunction!(logs::mjai_log, m)?)?;
    Ok(())
}
