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
    let stdout = io::stdout();
    for line in io::stdin().lock().lines() {
        let reply = engine.handle(&line?);
        let mut out = stdout.lock();
        for answer in &reply.lines {
            writeln!(out, "{answer}")?;
        }
        out.flush()?;
        if reply.quit {
            break;
        }
    }
    Ok(())
}
