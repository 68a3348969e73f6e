//! Shared helpers of the `tabletop-rules` terminal examples.
//!
//! The root package publishes nothing: it owns the terminal programs in `examples/` and the
//! `omok-engine` program, and this small library holds what they share. (The criterion
//! benches are the separate `tabletop-benches` package in `benches/`.)

use std::io::{self, BufRead, Write};

/// Prints `question` (without a newline) and reads one line from standard input.
///
/// Returns the line without its line ending and surrounding spaces, or `None` when input
/// has ended (Ctrl-D, a closed pipe) or cannot be read, so that a program can stop cleanly.
pub fn prompt(question: &str) -> Option<String> {
    print!("{question}");
    io::stdout().flush().ok()?;
    let mut line = String::new();
    match io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_string()),
    }
}

/// Asks `question` until `parse` accepts the answer, printing each refusal's message; `None`
/// when input ends.
///
/// `parse` returns the value, or a message that says what was wrong with the answer.
pub fn ask<T>(question: &str, mut parse: impl FnMut(&str) -> Result<T, String>) -> Option<T> {
    loop {
        let answer = prompt(question)?;
        match parse(&answer) {
            Ok(value) => return Some(value),
            Err(message) => println!("{message}"),
        }
    }
}

/// The seed for a game: the one given on the command line, or a fresh random one.
pub fn seed_or_random(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(rand::random)
}
