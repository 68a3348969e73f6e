//! Values across the boundary: the crates' serde forms as plain JavaScript values, through
//! JSON (serde_json on this side, the engine's `JSON.parse`/`JSON.stringify` on the other).

use serde::Serialize;
use serde::de::DeserializeOwned;
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
