//! Integer arguments from Python, checked to fit their Rust type.
//!
//! PyO3 alone raises `OverflowError` for an integer out of a Rust type's range (a negative
//! seed, an id of 2**70, a board size of 300), which is neither the `ValueError` the package
//! documents nor caught by `except ValueError`; and it takes `True` for 1. [`Int`] makes the
//! first a `ValueError` giving the range and the second a `TypeError`, as `_checks.py` does on
//! the Python side.

use std::fmt::Display;

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// An integer argument of Rust type `T`: any Python integer (numpy's too) in `T`'s range.
#[derive(Clone, Copy, Debug)]
pub struct Int<T>(pub T);

/// `error` of extracting `value`, with an overflow turned into a `ValueError` naming the
/// range `min..=max`.
fn out_of_range(
    value: &Bound<'_, PyAny>,
    error: PyErr,
    min: impl Display,
    max: impl Display,
) -> PyErr {
    if error.is_instance_of::<PyOverflowError>(value.py()) {
        PyValueError::new_err(format!(
            "{value} is out of range: an integer from {min} to {max} is expected here"
        ))
    } else {
        error
    }
}

macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl<'py> FromPyObject<'py> for Int<$t> {
            fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
                if value.is_instance_of::<PyBool>() {
                    return Err(PyTypeError::new_err(format!(
                        "an integer is expected here, not the bool {value}"
                    )));
                }
                value
                    .extract::<$t>()
                    .map(Int)
                    .map_err(|e| out_of_range(value, e, <$t>::MIN, <$t>::MAX))
            }
        }
    )*};
}

int_arg!(u8, u32, u64, usize);
