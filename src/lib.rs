//! Shared helpers of the `tabletop-rules` terminal examples.
//!
//! The root package publishes nothing: it owns the terminal programs in `examples/` and the
//! `omok-engine`, `mjai-bot` and `mjai-referee` programs, and this small library holds what
//! they share. (The criterion benches are the separate `tabletop-benches` package in
//! `benches/`.)

use std::io::{self, BufRead, Write};

// How a message quotes what a person typed: at most 20 characters, then `…`. The helper is
// mahjong-core's, which its own parse errors use, so every example quotes input alike.
pub use mahjong_core::{MAX_QUOTED_CHARS as QUOTED_CHARS, excerpt};

/// What every example says when its input ends.
pub const GOODBYE: &str = "Input ended; goodbye.";

/// Prints `question` (without a newline) and reads one line from standard input.
///
/// Returns the line without its line ending and surrounding spaces, or `None` when input
/// has ended (Ctrl-D, a closed pipe) or cannot be read, so that a program can stop cleanly
/// (and then [`say_goodbye`]).
pub fn prompt(question: &str) -> Option<String> {
    print!("{question}");
    io::stdout().flush().ok()?;
    read_answer(&mut io::stdin().lock())
}

/// One line of `input`, trimmed, at most [`MAX_ANSWER`] bytes of it kept and its control
/// characters shown as U+FFFD; `None` at the end of input or when it cannot be read. A
/// line that is not UTF-8 (a terminal in another encoding, such as EUC-KR) is read with
/// U+FFFD for its bad bytes, so that the prompt refuses it and asks again instead of
/// taking it for the end of input.
fn read_answer(input: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    let mut read = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buffer.is_empty() {
            break;
        }
        read = true;
        let end = buffer.iter().position(|&b| b == b'\n');
        let line = &buffer[..end.map_or(buffer.len(), |i| i + 1)];
        let room = MAX_ANSWER.saturating_sub(bytes.len());
        bytes.extend_from_slice(&line[..line.len().min(room)]);
        let used = line.len();
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    // Control characters (a terminal's escape sequences) are never echoed back.
    let shown = text
        .trim()
        .chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c });
    read.then(|| shown.collect())
}

/// The most bytes of an answer kept: the rest of a longer line is read and dropped, so that
/// a line without end (`< /dev/zero`) never fills the memory.
const MAX_ANSWER: usize = 4096;

/// Asks `question` until `parse` accepts the answer, printing each refusal's message; `None`
/// when input ends.
///
/// `parse` returns the value, or a message that says what was wrong with the answer. Where
/// the message quotes the whole answer and it is long, the quote is cut to its
/// [`excerpt`], so that a refusal never echoes thousands of characters back.
pub fn ask<T>(question: &str, mut parse: impl FnMut(&str) -> Result<T, String>) -> Option<T> {
    loop {
        let answer = prompt(question)?;
        match parse(&answer) {
            Ok(value) => return Some(value),
            Err(message) => println!("{}", cut_quotes(&message, &answer)),
        }
    }
}

/// `message` with every quote of `answer` cut to its [`excerpt`] when `answer` is longer
/// than [`QUOTED_CHARS`] characters.
fn cut_quotes(message: &str, answer: &str) -> String {
    if answer.chars().count() > QUOTED_CHARS {
        message.replace(answer, &excerpt(answer))
    } else {
        message.to_string()
    }
}

/// Prints [`GOODBYE`] on a line of its own: what every example does when its input ends.
pub fn say_goodbye() {
    println!("\n{GOODBYE}");
}

/// `n` then `noun`, with an `s` unless `n` is 1: `1 move`, `0 chips`, `3 games`.
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// `text` with its first letter in upper case, to start a sentence: `the bot has…` becomes
/// `The bot has…`; a text that starts with no letter stays as it is.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The seed for a game: the one given on the command line, or a fresh random one.
pub fn seed_or_random(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(rand::random)
}

/// Makes a closed standard output end the program quietly (status 0), as a shell expects of
/// `program | head`, instead of the panic and backtrace of `println!` on a broken pipe;
/// every other panic is reported as before. Call it first in `main`.
pub fn end_quietly_on_closed_output() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if is_closed_output(&panic_text(info.payload())) {
            std::process::exit(0);
        }
        report(info);
    }));
}

/// The text of a panic's payload (empty when it is not text).
fn panic_text(payload: &dyn std::any::Any) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// Whether a panic message is `println!`'s on a closed standard output.
fn is_closed_output(message: &str) -> bool {
    message.starts_with("failed printing to stdout") && message.contains("Broken pipe")
}

/// The full-game rule presets the mjai programs (`mjai-bot`, `mjai-referee`) take by name
/// with `--rules`: the four-player presets and the three-player ones (sanma).
pub const MAHJONG_RULES: [(&str, mahjong_core::Rules); 6] = [
    ("tenhou", mahjong_core::Rules::tenhou()),
    ("mahjong-soul", mahjong_core::Rules::mahjong_soul()),
    ("m-league", mahjong_core::Rules::m_league()),
    ("wrc", mahjong_core::Rules::wrc()),
    ("tenhou-sanma", mahjong_core::Rules::tenhou_sanma()),
    (
        "mahjong-soul-sanma",
        mahjong_core::Rules::mahjong_soul_sanma(),
    ),
];

/// The preset of [`MAHJONG_RULES`] named `name`.
///
/// # Errors
/// A message naming `name` (cut to its [`excerpt`]) and the presets, when none has that
/// name.
pub fn mahjong_rules(name: &str) -> Result<mahjong_core::Rules, String> {
    MAHJONG_RULES
        .iter()
        .find(|(preset, _)| *preset == name)
        .map(|&(_, rules)| rules)
        .ok_or_else(|| {
            let names: Vec<&str> = MAHJONG_RULES.iter().map(|(n, _)| *n).collect();
            format!(
                "--rules {}: no such rules (choose {})",
                excerpt(name),
                names.join(", ")
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_quoting_a_long_answer_quotes_it_cut() {
        let long = "9".repeat(1_000);
        let message = format!("`{long}` is not a point: it must start with a column letter");
        assert_eq!(
            cut_quotes(&message, &long),
            format!(
                "`{}…` is not a point: it must start with a column letter",
                "9".repeat(20)
            )
        );
        // A short answer, and a message that does not quote the answer, stay as they are.
        assert_eq!(
            cut_quotes("`h99` is off the board", "h99"),
            "`h99` is off the board"
        );
        assert_eq!(cut_quotes("digits only", &long), "digits only");
    }

    #[test]
    fn a_line_that_is_not_utf8_is_an_answer_not_the_end_of_input() {
        // `한` in EUC-KR, then a line end; then a last line without one; then nothing.
        let mut input = io::Cursor::new(b"\xc7\xd1\r\n h8 ".to_vec());
        assert_eq!(read_answer(&mut input).as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(read_answer(&mut input).as_deref(), Some("h8"));
        assert_eq!(read_answer(&mut input), None);
    }

    #[test]
    fn a_long_line_is_cut_and_control_characters_are_not_echoed() {
        let mut long = vec![b'x'; 3 * MAX_ANSWER];
        long.extend_from_slice(b"\nbomb\x1b[2J 3\n");
        let mut input = io::BufReader::with_capacity(64, io::Cursor::new(long));
        assert_eq!(read_answer(&mut input).map(|a| a.len()), Some(MAX_ANSWER));
        assert_eq!(
            read_answer(&mut input).as_deref(),
            Some("bomb\u{fffd}[2J 3")
        );
        assert_eq!(read_answer(&mut input), None);
    }

    #[test]
    fn a_sentence_starts_with_a_capital() {
        assert_eq!(sentence("the bot has 9 cards."), "The bot has 9 cards.");
        assert_eq!(sentence("you fold."), "You fold.");
        assert_eq!(sentence("ärger"), "Ärger");
        assert_eq!(sentence("9 beats 8"), "9 beats 8");
        assert_eq!(sentence(""), "");
    }

    #[test]
    fn counts_agree_with_their_noun() {
        assert_eq!(count(0u8, "move"), "0 moves");
        assert_eq!(count(1u32, "chip"), "1 chip");
        assert_eq!(count(2u64, "game"), "2 games");
        assert_eq!(count(u64::MAX, "point"), format!("{} points", u64::MAX));
    }

    #[test]
    fn only_a_closed_output_ends_quietly() {
        assert!(is_closed_output(
            "failed printing to stdout: Broken pipe (os error 32)"
        ));
        assert!(!is_closed_output("index out of bounds"));
        assert!(!is_closed_output(
            "failed printing to stdout: No space left on device (os error 28)"
        ));
        let text: Box<dyn std::any::Any> = Box::new(String::from("a"));
        assert_eq!(panic_text(text.as_ref()), "a");
        let number: Box<dyn std::any::Any> = Box::new(3);
        assert_eq!(panic_text(number.as_ref()), "");
    }
}
