//! Numbers in text: read in digits only, written with the noun agreeing.

use std::fmt;
use std::str::FromStr;

/// `text` read as a whole number written in ASCII digits only: no sign, no spaces, no
/// underscores. `None` when it is anything else or does not fit in `T`.
///
/// Rust's own integer parsing also takes a leading `+`; the notation does not.
pub(crate) fn digits<T: FromStr>(text: &str) -> Option<T> {
    number(text).ok()
}

/// Why a text is not a number of the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum NumberError {
    /// Not ASCII digits only.
    NotDigits,
    /// Digits, but too large for the type.
    TooLarge,
}

/// As [`digits`], saying why a text is refused.
pub(crate) fn number<T: FromStr>(text: &str) -> Result<T, NumberError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumberError::NotDigits);
    }
    text.parse().map_err(|_| NumberError::TooLarge)
}

/// A count and its noun, shown as `1 chip` or `3 chips`: the noun gets an `s` unless the
/// count is 1.
pub(crate) struct Count(pub u64, pub &'static str);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(n, noun) = *self;
        let s = if n == 1 { "" } else { "s" };
        write!(f, "{n} {noun}{s}")
    }
}

/// `n` chips in words: `1 chip`, `3 chips`.
pub(crate) fn chips(n: impl Into<u64>) -> Count {
    Count(n.into(), "chip")
}

/// `n` hands in words: `1 hand`, `3 hands`.
pub(crate) fn hands(n: impl Into<u64>) -> Count {
    Count(n.into(), "hand")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_digits_are_numbers() {
        assert_eq!(digits::<u8>("7"), Some(7));
        assert_eq!(digits::<u8>("007"), Some(7));
        assert_eq!(digits::<u32>("4000000000"), Some(4_000_000_000));
        for text in ["", "+3", "-3", " 3", "3 ", "3_0", "1e2", "0x10", "三"] {
            assert_eq!(digits::<u32>(text), None, "{text:?}");
        }
        assert_eq!(digits::<u8>("256"), None, "does not fit");
        assert_eq!(number::<u8>("256"), Err(NumberError::TooLarge));
        assert_eq!(number::<u8>("+2"), Err(NumberError::NotDigits));
    }

    #[test]
    fn counts_agree_with_their_noun() {
        assert_eq!(chips(1u32).to_string(), "1 chip");
        assert_eq!(chips(0u32).to_string(), "0 chips");
        assert_eq!(hands(12u32).to_string(), "12 hands");
        assert_eq!(hands(1u32).to_string(), "1 hand");
    }
}
