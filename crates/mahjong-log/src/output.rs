//! Standard output, where a closed pipe (`mahjong-log stats logs/ | head`) ends the program
//! quietly instead of a panic.

use std::io::{self, Write};
use std::process;

/// Writes `text` and a newline to standard output; when it cannot (the reader has gone),
/// exits at once with status 1, nothing more to say.
pub fn say(text: &str) {
    let mut out = io::stdout().lock();
    if writeln!(out, "{text}").is_err() {
        process::exit(1);
    }
}

/// Writes `text` as it is (a converted record) to standard output, as [`say`] does.
pub fn write(text: &str) {
    let mut out = io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        process::exit(1);
    }
}
