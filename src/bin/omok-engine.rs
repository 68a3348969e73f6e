//! `omok-engine`: the omok-core searching bot as a Gomocup engine, for gomoku managers and
//! GUIs (Piskvork, Yixin Board, gomocup's own manager). It reads the protocol's commands on
//! standard input and answers on standard output; see `omok_core::gomocup`.
//!
//! ```sh
//! cargo build --release --bin omok-engine   # then point the manager at target/release/omok-engine
//! ```

use std::io::{self, BufRead, Write};

use omok_core::gomocup::Engine;

fn main() -> io::Result<()> {
    let mut engine = Engine::new();
    let mut input = io::stdin().lock();
    let stdout = io::stdout();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        // A manager may send a line that is not UTF-8 (on Windows, `INFO folder` with a
        // path in the system's code page): read it with U+FFFD for the bad bytes instead of
        // stopping the engine.
        let reply = engine.handle(&String::from_utf8_lossy(&bytes));
        let mut out = stdout.lock();
        for answer in &reply.lines {
            writeln!(out, "{answer}")?;
        }
        out.flush()?;
        if reply.quit {
            return Ok(());
        }
    }
}
