//! Counted nouns for the texts of events, settlements and errors.

/// `n` then `noun`, with an `s` unless `n` is 1: `1 point`, `2 points`, `0 shakes`.
pub(crate) fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {noun}{s}")
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular() {
        assert_eq!(count(1u8, "point"), "1 point");
        assert_eq!(count(0u32, "point"), "0 points");
        assert_eq!(count(7u64, "time"), "7 times");
    }
}
