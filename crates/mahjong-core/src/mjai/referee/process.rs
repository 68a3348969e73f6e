//! A bot program as a child process: one JSON array of events per line on its standard
//! input, one action per line read from its standard output within the time limit.
//!
//! mjai has no question numbers, so the answers are matched to the questions by their
//! order and by when they were read: a bot answers each question with one line, in turn.
//! A reader thread reads the bot's output all the time, stamping each line with the moment
//! its last bytes were read, and never stops at a long line (it skips to the newline). A
//! question that went unanswered in time is still owed its line: when that late line comes,
//! it is dropped, not taken as the answer to a later question, and the next question waits
//! for it first ([`CATCH_UP_LIMITS`]), so that one stall is one fault. A line read before the
//! question it would answer was written is no answer to it: the bot wrote more lines than
//! it was asked for, one fault ([`Fault::TooMuch`]), unless the question before was already
//! charged a fault (then the line belongs to that answer and is dropped). After a fault,
//! the next question waits a tenth of the time limit ([`SETTLE_PART`]) for such lines, so
//! that a bot one line out of step (an extra line written a moment late, read as the next
//! question's answer) gets back in step instead of paying again.

use std::io::{self, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::mjai::referee::{Fault, MjaiPlayer};

/// The longest answer line read, in bytes, its newline included: an mjai action is well
/// under 1 KiB. A longer line is [`Fault::TooLong`], and reading goes on after it.
pub const MAX_ANSWER_BYTES: u64 = 64 * 1024;

/// After a fault, the next question first waits `limit / SETTLE_PART` for lines that
/// still belong to the charged answer.
pub const SETTLE_PART: u32 = 10;

/// While a late answer is still owed, the next question first waits up to
/// `limit * CATCH_UP_LIMITS` for it (and drops it), so that a bot that stalled once is
/// charged once, not again for each question asked while it was still busy; a bot that
/// stays silent that long is asked on.
pub const CATCH_UP_LIMITS: u32 = 5;

/// What the reader thread read.
enum Received {
    Line(String),
    /// A line longer than [`MAX_ANSWER_BYTES`] (its rest is skipped).
    TooLong,
    /// The output was closed (or could not be read).
    Closed,
}

/// A line the reader thread read, and when its last bytes were read from the pipe.
struct Arrival {
    received: Received,
    at: Instant,
}

/// A bot program run as a child process ([`MjaiPlayer`]). Its standard error is passed
/// through; the process is killed when this is dropped.
pub struct ProcessPlayer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Arrival>,
    /// Questions written whose answer line has not been read: the late ones (already
    /// charged) and the one being asked.
    owed: usize,
    /// The last question was charged a fault: a line read before the next question belongs
    /// to it and is not charged again.
    forgiven: bool,
}

impl ProcessPlayer {
    /// Starts `program` with `args` (the referee program puts the seat first, as
    /// `mjai-bot SEAT`, or where the bot's command asks for it).
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
        thread::spawn(move || read_lines(stdout, &sender));
        Ok(ProcessPlayer {
            child,
            stdin,
            lines,
            owed: 0,
            forgiven: false,
        })
    }

    /// Writes `line` and its newline to the bot.
    fn write(&mut self, line: &str) -> Result<(), Fault> {
        let stdin = self.stdin.as_mut().ok_or(Fault::Crashed)?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .map_err(|_| Fault::Crashed)
    }

    /// Waits `grace` for the lines of the charged questions before a new one: each late
    /// answer still owed, and any other line, is dropped.
    fn settle(&mut self, grace: Duration) {
        let deadline = Instant::now() + grace;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Arrival {
                    received: Received::Closed,
                    ..
                })
                | Err(_) => return,
                Ok(_) => self.owed = self.owed.saturating_sub(1),
            }
        }
    }

    /// Waits up to `grace` for the late answers still owed, dropping them; returns as soon
    /// as none is owed (or the output is closed: the next question finds that out).
    fn catch_up(&mut self, grace: Duration) {
        let deadline = Instant::now() + grace;
        while self.owed > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Arrival {
                    received: Received::Closed,
                    ..
                })
                | Err(_) => return,
                Ok(_) => self.owed -= 1,
            }
        }
    }

    /// `fault`, charged: lines read before the next question are not charged again.
    fn charge(&mut self, fault: Fault) -> Result<String, Fault> {
        self.forgiven = true;
        Err(fault)
    }
}

/// Reads `stdout` line by line for ever, sending each line (or [`Received::TooLong`] for
/// one too long, whose rest is skipped) with the moment it was read, until the output is
/// closed or nobody listens.
fn read_lines(mut stdout: ChildStdout, sender: &Sender<Arrival>) {
    let mut buffer = vec![0; 8 * 1024];
    let mut line = Vec::new();
    // Inside a line already sent as too long: skip to its newline.
    let mut skipping = false;
    loop {
        let read = match stdout.read(&mut buffer) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Ok(0) | Err(_) => 0,
            Ok(read) => read,
        };
        let at = Instant::now();
        if read == 0 {
            let _ = sender.send(Arrival {
                received: Received::Closed,
                at,
            });
            return;
        }
        for piece in buffer[..read].split_inclusive(|&b| b == b'\n') {
            let ends = piece.last() == Some(&b'\n');
            let received = if skipping {
                skipping = !ends;
                None
            } else {
                line.extend_from_slice(piece);
                if line.len() as u64 > MAX_ANSWER_BYTES {
                    line.clear();
                    skipping = !ends;
                    Some(Received::TooLong)
                } else if ends {
                    let text = String::from_utf8_lossy(&line).into_owned();
                    line.clear();
                    Some(Received::Line(text))
                } else {
                    None
                }
            };
            if let Some(received) = received
                && sender.send(Arrival { received, at }).is_err()
            {
                return;
            }
        }
    }
}

impl MjaiPlayer for ProcessPlayer {
    /// Waits up to `limit * CATCH_UP_LIMITS` for a late answer still owed, writes `line`,
    /// then waits at most `limit` for its answer: the late answers of earlier questions
    /// that come first are dropped; a line read before `line` was
    /// written is [`Fault::TooMuch`] (or [`Fault::TooLong`]), unless the last question
    /// was already charged. After a charged question, first waits `limit / SETTLE_PART`
    /// for the lines that still belong to it.
    fn ask(&mut self, line: &str, limit: Duration) -> Result<String, Fault> {
        let forgiven = std::mem::take(&mut self.forgiven);
        self.catch_up(limit * CATCH_UP_LIMITS);
        if forgiven {
            self.settle(limit / SETTLE_PART);
        }
        let asked = Instant::now();
        let deadline = asked + limit;
        if let Err(fault) = self.write(line) {
            return self.charge(fault);
        }
        self.owed += 1;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let arrival = match self.lines.recv_timeout(left) {
                Ok(arrival) => arrival,
                Err(RecvTimeoutError::Timeout) => return self.charge(Fault::Late { limit }),
                Err(RecvTimeoutError::Disconnected) => return self.charge(Fault::Crashed),
            };
            if let Received::Closed = arrival.received {
                return self.charge(Fault::Crashed);
            }
            if self.owed > 1 {
                // The late answer of an earlier question, charged then.
                self.owed -= 1;
                continue;
            }
            if arrival.at < asked {
                if forgiven {
                    continue;
                }
                // This question's answer, when it comes, is dropped as owed.
                return self.charge(match arrival.received {
                    Received::Line(text) => Fault::TooMuch {
                        answer: crate::excerpt::excerpt(text.trim()),
                    },
                    _ => Fault::TooLong,
                });
            }
            self.owed = 0;
            return match arrival.received {
                Received::Line(text) => Ok(text),
                _ => self.charge(Fault::TooLong),
            };
        }
    }

    fn charged(&mut self) {
        self.forgiven = true;
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
