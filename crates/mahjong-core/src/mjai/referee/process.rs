//! A bot program as a child process: one JSON array of events per line on its standard
//! input, one action per line read from its standard output within the time limit.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use crate::mjai::referee::{Fault, MjaiPlayer};

/// The longest answer line read, in bytes: an mjai action is well under 1 KiB.
pub const MAX_ANSWER_BYTES: u64 = 64 * 1024;

/// A line the reader thread read, or why it stopped.
enum Received {
    Line(String),
    TooLong,
    Closed,
}

/// A bot program run as a child process ([`MjaiPlayer`]). Its standard error is passed
/// through; the process is killed when this is dropped.
pub struct ProcessPlayer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Received>,
}

impl ProcessPlayer {
    /// Starts `program` with `args` (the seat is usually the first).
    ///
    /// # Errors
    /// The [`io::Error`] of starting the program.
    pub fn spawn(program: &str, args: &[String]) -> io::Result<ProcessPlayer> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("the child has no standard output"))?;
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                let read = (&mut reader)
                    .take(MAX_ANSWER_BYTES)
                    .read_until(b'\n', &mut line);
                let message = match read {
                    Ok(0) | Err(_) => Received::Closed,
                    Ok(_)
                        if line.last() != Some(&b'\n') && line.len() as u64 >= MAX_ANSWER_BYTES =>
                    {
                        Received::TooLong
                    }
                    Ok(_) => Received::Line(String::from_utf8_lossy(&line).into_owned()),
                };
                let stop = !matches!(message, Received::Line(_));
                if sender.send(message).is_err() || stop {
                    return;
                }
            }
        });
        Ok(ProcessPlayer {
            child,
            stdin,
            lines,
        })
    }
}

impl MjaiPlayer for ProcessPlayer {
    fn ask(&mut self, line: &str, limit: Duration) -> Result<String, Fault> {
        // An answer nobody asked for: the bot wrote more than one line.
        if let Ok(extra) = self.lines.try_recv() {
            return Err(match extra {
                Received::Line(text) => Fault::TooMuch {
                    answer: crate::excerpt::excerpt(text.trim()),
                },
                Received::TooLong => Fault::TooLong,
                Received::Closed => Fault::Crashed,
            });
        }
        let stdin = self.stdin.as_mut().ok_or(Fault::Crashed)?;
        let sent = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        if sent.is_err() {
            return Err(Fault::Crashed);
        }
        match self.lines.recv_timeout(limit) {
            Ok(Received::Line(text)) => Ok(text),
            Ok(Received::TooLong) => Err(Fault::TooLong),
            Ok(Received::Closed) | Err(RecvTimeoutError::Disconnected) => Err(Fault::Crashed),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Late { limit }),
        }
    }
}

impl Drop for ProcessPlayer {
    fn drop(&mut self) {
        // Closing its input asks the bot to stop; a bot that does not is killed.
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
