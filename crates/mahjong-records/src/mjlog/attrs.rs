//! The attributes of a tag as the format writes them: seats, numbers, lists of ids, points
//! in hundreds; each refused with the error naming the tag and attribute.

use mahjong_core::mjai::Scores;

use crate::mjlog::error::MjlogError;
use crate::mjlog::xml::Tag;

/// The most characters of a tag an error quotes.
const QUOTED: usize = 80;

/// The tag's text as errors quote it.
pub(crate) fn quoted(tag: &Tag<'_>) -> String {
    // A tag is quoted whole up to 80 characters (an `INIT` is longer).
    if tag.text.chars().count() <= QUOTED {
        tag.text.to_string()
    } else {
        tag.text.chars().take(QUOTED).chain(['…']).collect()
    }
}

pub(crate) fn bad(tag: &Tag<'_>, attribute: &str, reason: &str) -> MjlogError {
    MjlogError::BadAttribute {
        index: tag.index,
        tag: quoted(tag),
        attribute: attribute.to_string(),
        reason: reason.to_string(),
    }
}

pub(crate) fn not_in_hand(tag: &Tag<'_>, seat: u8, id: u32) -> MjlogError {
    MjlogError::NotInHand {
        index: tag.index,
        tag: quoted(tag),
        seat,
        id,
    }
}

pub(crate) fn number(tag: &Tag<'_>, attribute: &str) -> Result<u32, MjlogError> {
    let text = tag
        .get(attribute)
        .ok_or_else(|| bad(tag, attribute, "missing"))?;
    text.trim()
        .parse()
        .map_err(|_| bad(tag, attribute, "not a number"))
}

pub(crate) fn seat(tag: &Tag<'_>, attribute: &str, seats: u8) -> Result<u8, MjlogError> {
    let n = number(tag, attribute)?;
    u8::try_from(n)
        .ok()
        .filter(|&s| s < seats)
        .ok_or_else(|| bad(tag, attribute, "not a seat at the table"))
}

/// The comma-separated numbers of `attribute` (none when it is absent or empty).
pub(crate) fn list(tag: &Tag<'_>, attribute: &str) -> Result<Vec<u32>, MjlogError> {
    match tag.get(attribute) {
        None | Some("") => Ok(Vec::new()),
        Some(text) => text
            .split(',')
            .map(|n| {
                n.trim()
                    .parse()
                    .map_err(|_| bad(tag, attribute, "not a list of numbers"))
            })
            .collect(),
    }
}

/// The comma-separated signed numbers of `attribute` (decimals such as `owari`'s
/// `-8.0` are read as their whole part).
pub(crate) fn signed_list(tag: &Tag<'_>, attribute: &str) -> Result<Vec<i32>, MjlogError> {
    let text = tag
        .get(attribute)
        .ok_or_else(|| bad(tag, attribute, "missing"))?;
    text.split(',')
        .map(|n| {
            let whole = n.trim().split('.').next().unwrap_or_default();
            let value: i32 = whole
                .parse()
                .map_err(|_| bad(tag, attribute, "not a list of numbers"))?;
            if value.unsigned_abs() > 10_000_000 {
                return Err(bad(tag, attribute, "a number out of range"));
            }
            Ok(value)
        })
        .collect()
}

/// Exactly `count` numbers.
pub(crate) fn numbers(
    tag: &Tag<'_>,
    attribute: &str,
    count: usize,
) -> Result<Vec<u32>, MjlogError> {
    if tag.get(attribute).is_none() {
        return Err(bad(tag, attribute, "missing"));
    }
    let values = list(tag, attribute)?;
    if values.len() != count {
        return Err(bad(tag, attribute, &format!("not {count} numbers")));
    }
    Ok(values)
}

/// Four points in hundreds (`ten`), as game points.
pub(crate) fn hundreds(tag: &Tag<'_>, attribute: &str) -> Result<Scores, MjlogError> {
    let values = signed_list(tag, attribute)?;
    let values: [i32; 4] = values
        .try_into()
        .map_err(|_| bad(tag, attribute, "not 4 numbers"))?;
    Ok(values.map(|v| v * 100))
}
