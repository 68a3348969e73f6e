//! JSON for mjai lines, by hand: writing in mjai's field order (`type` first), and reading
//! fields out of a parsed object with errors that name the field. No derived serde code:
//! the feature stays cheap to build.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::mjai::tile::MjaiTile;

/// A value written as JSON.
pub(super) trait ToJson {
    /// Appends the JSON of `self` to `out`.
    fn write_json(&self, out: &mut String);
}

impl ToJson for u8 {
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl ToJson for u32 {
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl ToJson for i32 {
    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl ToJson for str {
    /// A JSON string: quotes, backslashes and control characters escaped.
    fn write_json(&self, out: &mut String) {
        out.push('"');
        for c in self.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if u32::from(c) < 0x20 => {
                    let _ = write!(out, "\\u{:04x}", u32::from(c));
                }
                c => out.push(c),
            }
        }
        out.push('"');
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        self.as_str().write_json(out);
    }
}

impl ToJson for MjaiTile {
    fn write_json(&self, out: &mut String) {
        self.to_string().write_json(out);
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            item.write_json(out);
        }
        out.push(']');
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

impl<A: ToJson, B: ToJson> ToJson for (A, B) {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        self.0.write_json(out);
        out.push(',');
        self.1.write_json(out);
        out.push(']');
    }
}

/// One JSON object written field by field, `type` first.
pub(super) struct ObjectWriter {
    text: String,
}

impl ObjectWriter {
    /// `{"type":"<kind>"`.
    pub fn new(kind: &str) -> ObjectWriter {
        let mut text = String::with_capacity(64);
        text.push_str("{\"type\":");
        kind.write_json(&mut text);
        ObjectWriter { text }
    }

    /// Adds `"name":value`.
    pub fn field<T: ToJson + ?Sized>(mut self, name: &str, value: &T) -> ObjectWriter {
        self.text.push(',');
        name.write_json(&mut self.text);
        self.text.push(':');
        value.write_json(&mut self.text);
        self
    }

    /// Adds `"name":value` when there is a value.
    pub fn optional<T: ToJson>(self, name: &str, value: &Option<T>) -> ObjectWriter {
        match value {
            Some(value) => self.field(name, value),
            None => self,
        }
    }

    /// The object's text.
    pub fn finish(mut self) -> String {
        self.text.push('}');
        self.text
    }
}

/// Why a field cannot be read.
pub(super) enum FieldError {
    /// Missing, of the wrong kind or out of range: the message says which.
    Malformed(String),
    /// A string that is not an mjai tile.
    BadTile {
        /// The field.
        field: String,
        /// The text.
        text: String,
    },
}

/// A value read from JSON.
pub(super) trait FromJson: Sized {
    /// What the value must be, for messages (`a number from 0 to 255`).
    const WHAT: &'static str;
    /// The value, or `None` when `value` is not one.
    fn read(value: &Value, field: &str) -> Result<Option<Self>, FieldError>;
}

macro_rules! from_json_number {
    ($($ty:ty, $read:ident, $what:literal;)*) => {$(
        impl FromJson for $ty {
            const WHAT: &'static str = $what;
            fn read(value: &Value, _: &str) -> Result<Option<$ty>, FieldError> {
                Ok(value.$read().and_then(|n| <$ty>::try_from(n).ok()))
            }
        }
    )*};
}

from_json_number! {
    u8, as_u64, "a whole number from 0 to 255";
    u32, as_u64, "a whole number from 0 to 4294967295";
    i32, as_i64, "a whole number of 32 bits";
}

impl FromJson for bool {
    const WHAT: &'static str = "true or false";
    fn read(value: &Value, _: &str) -> Result<Option<bool>, FieldError> {
        Ok(value.as_bool())
    }
}

impl FromJson for String {
    const WHAT: &'static str = "a string";
    fn read(value: &Value, _: &str) -> Result<Option<String>, FieldError> {
        Ok(value.as_str().map(str::to_string))
    }
}

impl FromJson for MjaiTile {
    const WHAT: &'static str = "a tile";
    fn read(value: &Value, field: &str) -> Result<Option<MjaiTile>, FieldError> {
        let Some(text) = value.as_str() else {
            return Ok(None);
        };
        text.parse().map(Some).map_err(|_| FieldError::BadTile {
            field: field.to_string(),
            text: crate::excerpt::excerpt(text),
        })
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    const WHAT: &'static str = "a list";
    fn read(value: &Value, field: &str) -> Result<Option<Vec<T>>, FieldError> {
        let Some(items) = value.as_array() else {
            return Ok(None);
        };
        let mut list = Vec::with_capacity(items.len());
        for item in items {
            match T::read(item, field)? {
                Some(item) => list.push(item),
                None => return Ok(None),
            }
        }
        Ok(Some(list))
    }
}

/// What a seat not at a three-player table holds in a per-seat list.
pub(super) trait EmptySeat {
    /// The fourth seat's entry when a three-player log lists three seats.
    fn empty_seat() -> Self;
}

impl EmptySeat for i32 {
    /// No points (as this crate writes a three-player table's `scores` and `deltas`).
    fn empty_seat() -> i32 {
        0
    }
}

impl EmptySeat for bool {
    /// Not tenpai.
    fn empty_seat() -> bool {
        false
    }
}

impl EmptySeat for String {
    fn empty_seat() -> String {
        String::new()
    }
}

impl EmptySeat for Vec<MjaiTile> {
    /// 13 hidden tiles (as this crate writes a three-player table's `tehais`).
    fn empty_seat() -> Vec<MjaiTile> {
        vec![MjaiTile::Hidden; 13]
    }
}

/// A list by seat: four entries, or three as RiichiEnv writes a three-player table (the
/// fourth seat then reads as [`EmptySeat`]).
impl<T: FromJson + EmptySeat> FromJson for [T; 4] {
    const WHAT: &'static str = "a list of 4 (or 3 at a three-player table)";
    fn read(value: &Value, field: &str) -> Result<Option<[T; 4]>, FieldError> {
        let Some(mut list) = Vec::<T>::read(value, field)? else {
            return Ok(None);
        };
        if list.len() == 3 {
            list.push(T::empty_seat());
        }
        Ok(list.try_into().ok())
    }
}

impl<A: FromJson, B: FromJson> FromJson for (A, B) {
    const WHAT: &'static str = "a pair";
    fn read(value: &Value, field: &str) -> Result<Option<(A, B)>, FieldError> {
        match value.as_array().map(Vec::as_slice) {
            Some([a, b]) => Ok(A::read(a, field)?.zip(B::read(b, field)?)),
            _ => Ok(None),
        }
    }
}

/// The fields of one parsed line.
pub(super) struct ObjectReader<'a> {
    pub fields: &'a Map<String, Value>,
}

impl ObjectReader<'_> {
    /// The field `name`, which must be there.
    pub fn get<T: FromJson>(&self, name: &str) -> Result<T, FieldError> {
        self.optional(name)?
            .ok_or_else(|| FieldError::Malformed(format!("missing field `{name}`")))
    }

    /// The field `name`, when it is there and not `null`.
    pub fn optional<T: FromJson>(&self, name: &str) -> Result<Option<T>, FieldError> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => T::read(value, name)?.map(Some).ok_or_else(|| {
                FieldError::Malformed(format!(
                    "`{name}` is {}, not {}",
                    crate::excerpt::excerpt(&value.to_string()),
                    T::WHAT
                ))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let mut out = String::new();
        "a\"b\\c\nd".write_json(&mut out);
        assert_eq!(out, r#""a\"b\\c\u000ad""#);
        let value: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(value.as_str(), Some("a\"b\\c\nd"));
    }
}
