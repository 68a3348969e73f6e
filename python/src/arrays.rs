//! numpy arrays from Python, checked before Rust reads or writes them.
//!
//! rust-numpy's own argument conversion panics (a `PanicException`, which `except Exception`
//! does not catch) when an array is read-only or given twice in one call, names no argument
//! and no dtype when the dtype is wrong, and hands out Fortran-order arrays as slices in
//! memory order (so C-order data lands transposed). These checks make each a `TypeError` or
//! `ValueError` naming the array.

use std::fmt::Display;

use numpy::ndarray::Dimension;
use numpy::{
    BorrowError, Element, IxDyn, PyArray, PyArrayMethods, PyReadwriteArray, PyUntypedArray,
    PyUntypedArrayMethods,
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
/// `TypeError` naming `name`, the expected dtype and what `value` is, for a value that is not
/// a numpy array of dtype `T`; `ValueError` giving the shape for an array of dtype `T` with
/// another number of dimensions (a wrong shape, as for the other dimensions' sizes).
fn array_of<'a, 'py, T: Element, D: Dimension>(
    value: &'a Bound<'py, PyAny>,
    name: &str,
) -> PyResult<&'a Bound<'py, PyArray<T, D>>> {
    let ndim = D::NDIM.map_or_else(String::new, |n| format!(" with ndim {n}"));
    let any_ndim = value.downcast::<PyArray<T, IxDyn>>().map_err(|_| {
        PyTypeError::new_err(format!(
            "`{name}` must be a numpy array of dtype {}{ndim}, not {}",
            T::get_dtype(value.py()),
            describe(value)
        ))
    })?;
    value.downcast::<PyArray<T, D>>().map_err(|_| {
        PyValueError::new_err(format!(
            "`{name}` has shape {:?}, expected an array{ndim}",
            any_ndim.shape()
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
    check_shape(array.shape(), name, shape)?;
    let not_c = || PyValueError::new_err(format!("`{name}` must be C-contiguous (row-major)"));
    if !array.is_c_contiguous() {
        return Err(not_c());
    }
    array.as_slice_mut().map_err(|_| not_c())
}

/// `ValueError` naming `name` unless `shape` is `expected`.
fn check_shape(shape: &[usize], name: &str, expected: &[usize]) -> PyResult<()> {
    if shape == expected {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "`{name}` has shape {shape:?}, expected {expected:?}"
        )))
    }
}

/// `value`, a numpy array of shape `(len,)` and any integer dtype, as `u32` action ids (a copy,
/// so that it may be any layout and even one of the arrays Rust writes in the same call).
///
/// # Errors
/// `TypeError` for a value that is not a numpy array of an integer dtype (a list, floats,
/// bools); `ValueError` for another shape or an entry outside `0..2**32` (negative or too
/// large for an id).
pub fn ids_of(value: &Bound<'_, PyAny>, name: &str, len: usize) -> PyResult<Vec<u32>> {
    macro_rules! ids_of_dtype {
        ($($t:ty),*) => {$(
            if let Ok(array) = value.downcast::<PyArray<$t, IxDyn>>() {
                let array = array.try_readonly().map_err(|e| borrow_error(name, e))?;
                check_shape(array.shape(), name, &[len])?;
                return array
                    .as_array()
                    .iter()
                    .enumerate()
                    .map(|(i, &id)| u32::try_from(id).map_err(|_| id_out_of_range(name, i, id)))
                    .collect();
            }
        )*};
    }
    ids_of_dtype!(u32, i64, i32, u64, u16, i16, u8, i8);
    Err(PyTypeError::new_err(format!(
        "`{name}` must be a numpy array of an integer dtype (uint32, int64, ...) with ndim 1, \
         not {}",
        describe(value)
    )))
}

fn id_out_of_range(name: &str, i: usize, id: impl Display) -> PyErr {
    PyValueError::new_err(format!(
        "`{name}[{i}]` is {id}: an action id is from 0 to {}",
        u32::MAX
    ))
}
