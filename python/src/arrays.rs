//! numpy arrays from Python, checked before Rust reads or writes them.
//!
//! rust-numpy's own argument conversion panics (a `PanicException`, which `except Exception`
//! does not catch) when an array is read-only or given twice in one call, names no argument
//! and no dtype when the dtype is wrong, and hands out Fortran-order arrays as slices in
//! memory order (so C-order data lands transposed). These checks make each a `TypeError` or
//! `ValueError` naming the array.

use numpy::ndarray::Dimension;
use numpy::{
    BorrowError, Element, PyArray, PyArrayMethods, PyReadonlyArray, PyReadwriteArray,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// What `value` is, for an error message: a numpy array's dtype and dimensions, or its type.
fn describe(value: &Bound<'_, PyAny>) -> String {
    match value.downcast::<PyUntypedArray>() {
        Ok(array) => format!(
            "an array of dtype {} with ndim {}",
            array.dtype(),
            array.ndim()
        ),
        Err(_) => format!(
            "a {}",
            value
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ),
    }
}

/// `value` as a numpy array of element `T` and dimension `D`.
///
/// # Errors
/// `TypeError` naming `name`, the expected dtype and what `value` is.
fn array_of<'a, 'py, T: Element, D: Dimension>(
    value: &'a Bound<'py, PyAny>,
    name: &str,
) -> PyResult<&'a Bound<'py, PyArray<T, D>>> {
    value.downcast::<PyArray<T, D>>().map_err(|_| {
        let ndim = D::NDIM.map_or_else(String::new, |n| format!(" with ndim {n}"));
        PyTypeError::new_err(format!(
            "`{name}` must be a numpy array of dtype {}{ndim}, not {}",
            T::get_dtype(value.py()),
            describe(value)
        ))
    })
}

fn borrow_error(name: &str, error: BorrowError) -> PyErr {
    PyValueError::new_err(match error {
        BorrowError::NotWriteable => format!("`{name}` is read-only: Rust writes into it"),
        _ => format!(
            "`{name}` is in use: the same array (or a view of it) is given twice in this call"
        ),
    })
}

/// `value` borrowed for writing.
///
/// # Errors
/// `TypeError` for another type or dtype, `ValueError` for a read-only array or one already
/// borrowed in this call.
pub fn writable<'py, T: Element, D: Dimension>(
    value: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    array_of::<T, D>(value, name)?
        .try_readwrite()
        .map_err(|e| borrow_error(name, e))
}

/// `value` borrowed for reading.
///
/// # Errors
/// `TypeError` for another type or dtype, `ValueError` for an array being written in this
/// call.
pub fn readable<'py, T: Element, D: Dimension>(
    value: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<PyReadonlyArray<'py, T, D>> {
    array_of::<T, D>(value, name)?
        .try_readonly()
        .map_err(|e| borrow_error(name, e))
}

/// Checks that `array` has exactly `shape` and is C-contiguous, and gives its data.
///
/// # Errors
/// `ValueError` naming `name` for another shape or an array not C-contiguous (a strided view
/// or a Fortran-order array).
pub fn slice_of<'a, T: Element, D: Dimension>(
    array: &'a mut PyReadwriteArray<'_, T, D>,
    name: &str,
    shape: &[usize],
) -> PyResult<&'a mut [T]> {
    if array.shape() != shape {
        return Err(PyValueError::new_err(format!(
            "`{name}` has shape {:?}, expected {shape:?}",
            array.shape()
        )));
    }
    let not_c = || PyValueError::new_err(format!("`{name}` must be C-contiguous (row-major)"));
    if !array.is_c_contiguous() {
        return Err(not_c());
    }
    array.as_slice_mut().map_err(|_| not_c())
}
