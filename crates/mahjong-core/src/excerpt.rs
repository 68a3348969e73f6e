//! How error messages quote what was typed: the first characters only, so that a message
//! stays short whatever the input.

/// The most characters of an input an error message quotes.
pub const MAX_QUOTED_CHARS: usize = 20;

/// `text` as an error message quotes it: whole when it has at most [`MAX_QUOTED_CHARS`]
/// characters, else its first [`MAX_QUOTED_CHARS`] characters followed by `…`. Every parse
/// error of the crate quotes input this way; a program quoting what a person typed can too.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_quoted_whole_and_long_ones_cut() {
        assert_eq!(excerpt(""), "");
        assert_eq!(excerpt("12x"), "12x");
        let twenty = "1".repeat(MAX_QUOTED_CHARS);
        assert_eq!(excerpt(&twenty), twenty);
        assert_eq!(excerpt(&"1".repeat(1_000_000)), format!("{twenty}…"));
        // Characters, not bytes: a cut never splits one.
        let korean = "만".repeat(MAX_QUOTED_CHARS + 1);
        assert_eq!(
            excerpt(&korean),
            format!("{}…", "만".repeat(MAX_QUOTED_CHARS))
        );
    }
}
