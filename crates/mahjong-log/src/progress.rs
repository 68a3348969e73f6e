//! A progress line on standard error, when it is a terminal: `files 120/4000`.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;

/// Files done out of a total, shown on a terminal's standard error and nowhere else (a
/// pipe or a file gets no progress lines).
pub struct Progress {
    total: usize,
    done: Mutex<usize>,
    shown: bool,
}

impl Progress {
    pub fn new(total: usize) -> Progress {
        Progress {
            total,
            done: Mutex::new(0),
            shown: std::io::stderr().is_terminal() && total > 1,
        }
    }

    /// One more file done.
    pub fn step(&self) {
        let Ok(mut done) = self.done.lock() else {
            return;
        };
        *done += 1;
        if self.shown {
            eprint!("\rfiles {}/{}", *done, self.total);
            let _ = std::io::stderr().flush();
        }
    }

    /// Clears the line.
    pub fn finish(&self) {
        if self.shown {
            eprint!("\r\x1b[2K");
        }
    }
}
