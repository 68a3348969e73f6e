//! Values across the boundary: the crates' serde forms as plain JavaScript values, through
//! JSON (serde_json on this side, the engine's `JSON.parse`/`JSON.stringify` on the other).

use std::ops::RangeInclusive;

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::Code;

/// `value` as a plain JavaScript value (objects, arrays, strings, numbers, `null`).
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    // The crates' serde forms always serialise (string keys, finite numbers), and the
    // engine always parses what serde_json writes.
    serde_json::to_string(value)
        .ok()
        .and_then(|text| js_sys::JSON::parse(&text).ok())
        .unwrap_or(JsValue::NULL)
}

/// A value of type `T` read from a JavaScript value (an object, or its JSON text).
///
/// # Errors
/// `code` with serde's message when the value is not a `T`.
pub(crate) fn from_js<T: DeserializeOwned>(value: &JsValue, code: Code) -> Result<T, JsValue> {
    let text = match value.as_string() {
        Some(text) => text,
        None => js_sys::JSON::stringify(value)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| code.error("the value cannot be written as JSON"))?,
    };
    serde_json::from_str(&text).map_err(code.with())
}

/// `value` as JSON text: the form of every snapshot, since a JavaScript number would round
/// the 64-bit integers some states hold (two-sided poker's shuffle generator).
pub(crate) fn to_json_text<T: Serialize + ?Sized>(value: &T) -> String {
    // The crates' serde forms always serialise (string keys, finite numbers).
    serde_json::to_string(value).unwrap_or_default()
}

/// `value`, or JavaScript's `null` for `None` (wasm-bindgen would give `undefined`): every
/// "nothing" the package returns is `null`, as in its JSON values.
pub(crate) fn nullable<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::NULL, Into::into)
}

/// The string `value`, named `what` in the error.
///
/// # Errors
/// `BAD_ARGUMENT` when `value` is not a string (wasm-bindgen's own glue would throw a
/// `TypeError` without a code, or turn a number into its digits).
pub(crate) fn text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        let kind = value.js_typeof().as_string().unwrap_or_default();
        let kind = if value.is_null() { "null".into() } else { kind };
        Code::BadArgument.error(format!("{what} must be a string, not {kind}"))
    })
}

/// [`text`] for an optional argument: `None` for `undefined` and `null`.
///
/// # Errors
/// `BAD_ARGUMENT` when `value` is another value than a string.
pub(crate) fn optional_text(value: &JsValue, what: &str) -> Result<Option<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    text(value, what).map(Some)
}

/// The length of the array-like `value` (an array or a typed array), if it is one of at
/// most `max` elements: checked before anything is copied, so that a huge or false
/// `length` (`{ length: 1e9 }`) is refused rather than allocated.
///
/// # Errors
/// `code`, naming `what`, when `value` has no such length.
fn short_length(value: &JsValue, max: usize, what: &str, code: Code) -> Result<u32, JsValue> {
    let length = if value.is_object() {
        js_sys::Reflect::get(value, &"length".into())
            .ok()
            .and_then(|length| length.as_f64())
    } else {
        None
    };
    match length {
        Some(n) if n.fract() == 0.0 && (0.0..=max as f64).contains(&n) => Ok(n as u32),
        Some(n) => Err(code.error(format!("{what}: {n} entries, at most {max}"))),
        None => Err(code.error(format!("{what} must be an array"))),
    }
}

/// The numbers of the array-like `value` (an array or a typed array) of at most `max`
/// elements; an entry that is not a number reads as NaN.
///
/// # Errors
/// `code`, naming `what`, when `value` is not an array of at most `max` elements.
pub(crate) fn numbers(
    value: &JsValue,
    max: usize,
    what: &str,
    code: Code,
) -> Result<Vec<f64>, JsValue> {
    let length = short_length(value, max, what, code)?;
    if let Some(bytes) = value.dyn_ref::<js_sys::Uint8Array>() {
        return Ok(bytes.to_vec().into_iter().map(f64::from).collect());
    }
    let entries = entries_of(value, length, what, code)?;
    Ok(entries
        .iter()
        .map(|v| v.as_f64().unwrap_or(f64::NAN))
        .collect())
}

/// The entries of the array-like `value` of at most `max` elements.
///
/// # Errors
/// `code`, naming `what`, when `value` is not an array of at most `max` elements.
pub(crate) fn entries(
    value: &JsValue,
    max: usize,
    what: &str,
    code: Code,
) -> Result<Vec<JsValue>, JsValue> {
    let length = short_length(value, max, what, code)?;
    entries_of(value, length, what, code)
}

/// The first `length` entries of `value`, each read by a catching `Reflect.get`: a getter
/// that throws (a Proxy's) is an error here, not an exception unwinding through a method
/// that holds its object borrowed (which would leave the object unusable).
///
/// # Errors
/// `code`, naming `what` and the entry, when an entry cannot be read.
fn entries_of(
    value: &JsValue,
    length: u32,
    what: &str,
    code: Code,
) -> Result<Vec<JsValue>, JsValue> {
    (0..length)
        .map(|at| {
            js_sys::Reflect::get_u32(value, at)
                .map_err(|_| code.error(format!("{what}: entry {at} cannot be read")))
        })
        .collect()
}

/// The whole number `value` in `range`, named `what` in the error (JavaScript numbers are
/// doubles: a fraction, NaN, an infinity or a number out of range is refused, not cut or
/// wrapped as a plain `u32` argument would be).
///
/// # Errors
/// `BAD_ARGUMENT` otherwise.
pub(crate) fn whole(value: f64, range: RangeInclusive<u32>, what: &str) -> Result<u32, JsValue> {
    let (low, high) = (f64::from(*range.start()), f64::from(*range.end()));
    if value.fract() == 0.0 && (low..=high).contains(&value) {
        return Ok(value as u32);
    }
    Err(Code::BadArgument.error(format!(
        "{value} is not {what}: a whole number from {low} to {high}"
    )))
}
