//! `omok-engine`: the omok-core searching bot as a Gomocup engine, for gomoku managers and
//! GUIs (Piskvork, Yixin-Board, Gomoku Calculator, c-gomoku-cli). It reads the protocol's
//! commands on standard input and answers on standard output; see `omok_core::gomocup`.
//!
//! A reader thread passes the lines on, and raises the engine's stop flag when `YXSTOP`,
//! `STOP` or `END` comes while the engine works on the last line before it (not when it
//! waits behind other lines, as in a script piped in), so that the engine answers at once.
//!
//! ```sh
//! cargo build --release --bin omok-engine   # then point the manager at target/release/omok-engine
//! ```

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use omok_core::gomocup::Engine;

/// Whether `line` asks a thinking engine to stop.
fn stops(line: &str) -> bool {
    let command = line.split_whitespace().next().unwrap_or("");
    ["YXSTOP", "STOP", "END"]
        .iter()
        .any(|c| command.eq_ignore_ascii_case(c))
}

fn main() -> io::Result<()> {
    let mut engine = Engine::new();
    let stop = engine.stop_flag();
    let (send, receive) = mpsc::channel::<String>();
    // Lines read and not yet handled to the end, the one being handled included.
    let unfinished = Arc::new(AtomicUsize::new(0));
    let reader_count = Arc::clone(&unfinished);
    thread::spawn(move || {
        let mut input = io::stdin().lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            // A manager may send a line that is not UTF-8 (on Windows, `INFO folder` with a
            // path in the system's code page): read it with U+FFFD for the bad bytes instead
            // of stopping the engine.
            let line = String::from_utf8_lossy(&bytes).into_owned();
            // One unfinished line is the one the engine is working on: nothing else waits.
            if stops(&line) && reader_count.load(Ordering::SeqCst) == 1 {
                stop.store(true, Ordering::Relaxed);
            }
            reader_count.fetch_add(1, Ordering::SeqCst);
            if send.send(line).is_err() {
                return;
            }
        }
    });
    let stdout = io::stdout();
    for line in receive {
        let reply = engine.handle(&line);
        unfinished.fetch_sub(1, Ordering::SeqCst);
        let mut out = stdout.lock();
        let written = reply
            .lines
            .iter()
            .try_for_each(|answer| writeln!(out, "{answer}"))
            .and_then(|()| out.flush());
        match written {
            // The manager closed the engine's output: nobody is left to answer.
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(error) => return Err(error),
            Ok(()) if reply.quit => return Ok(()),
            Ok(()) => {}
        }
    }
    Ok(())
}
