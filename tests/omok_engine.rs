//! Drives the `omok-engine` program through standard input and output with scripted
//! Gomocup sessions.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running engine and the lines it answers.
struct Session {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_omok-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Session {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Sends `bytes` as they are, then a line end.
    fn send_bytes(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
        self.input.write_all(b"\n").unwrap();
        self.input.flush().unwrap();
    }

    /// The next answer that is not a `MESSAGE`.
    fn answer(&mut self) -> String {
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "the engine closed its output"
            );
            let line = line.trim().to_string();
            if !line.starts_with("MESSAGE") {
                return line;
            }
        }
    }

    /// Sends `line` and returns the answer.
    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.answer()
    }

    fn end(mut self) {
        self.send("END");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

/// A move answer `x,y` on a 15x15 board.
fn is_move(answer: &str) -> Option<(u8, u8)> {
    let (x, y) = answer.split_once(',')?;
    let (x, y) = (x.parse().ok()?, y.parse().ok()?);
    (x < 15 && y < 15).then_some((x, y))
}

#[test]
fn a_game_with_turns_takeback_and_errors() {
    let mut engine = Session::start();
    assert!(engine.ask("ABOUT").starts_with("name=\""));
    assert!(engine.ask("RECTSTART 15,20").starts_with("ERROR"));
    assert!(engine.ask("START 4").starts_with("ERROR"));
    assert_eq!(engine.ask("START 15"), "OK");
    engine.send("INFO timeout_turn 300");
    engine.send("INFO rule 4");
    let first = engine.ask("BEGIN");
    let (x, y) = is_move(&first).unwrap_or_else(|| panic!("a move, not {first}"));
    // A move onto the engine's own stone is refused, in x,y terms, and the game goes on.
    assert_eq!(
        engine.ask(&format!("TURN {x},{y}")),
        format!("ERROR {x},{y} is already taken")
    );
    assert!(
        engine.ask("BEGIN").starts_with("ERROR"),
        "BEGIN only on an empty board"
    );
    assert!(engine.ask("TURN x,7").starts_with("ERROR"), "malformed");
    assert!(
        engine.ask("TURN 15,0").starts_with("ERROR"),
        "off the board"
    );
    assert!(engine.ask("FROBNICATE 1").starts_with("UNKNOWN"));
    let reply = engine.ask(&format!("TURN {},{}", (x + 1) % 15, y));
    let (rx, ry) = is_move(&reply).unwrap_or_else(|| panic!("a move, not {reply}"));
    // Take back the engine's move and then ours; the opponent's point is free again.
    assert_eq!(engine.ask(&format!("TAKEBACK {rx},{ry}")), "OK");
    assert!(
        engine.ask("TAKEBACK 0,0").starts_with("ERROR"),
        "not the last move"
    );
    assert_eq!(
        engine.ask(&format!("TAKEBACK {},{}", (x + 1) % 15, y)),
        "OK"
    );
    let again = engine.ask(&format!("TURN {},{}", (x + 1) % 15, y));
    assert!(is_move(&again).is_some(), "{again}");
    assert_eq!(engine.ask("RESTART"), "OK");
    assert!(is_move(&engine.ask("BEGIN")).is_some());
    engine.end();
}

#[test]
fn board_positions_and_blocking_a_four() {
    let mut engine = Session::start();
    assert_eq!(engine.ask("START 15"), "OK");
    engine.send("INFO timeout_turn 300");
    // The opponent (2) has four in a column with 3,7 open; the engine (1) must block it.
    engine.send("BOARD");
    for line in [
        "3,3,2", "3,4,2", "3,5,2", "3,6,2", "3,2,1", "9,9,1", "10,10,1", "BAD LINE",
    ] {
        engine.send(line);
    }
    assert!(
        engine.answer().starts_with("ERROR"),
        "the bad line inside BOARD"
    );
    assert_eq!(engine.ask("DONE"), "3,7");
    // A lost position for the opponent: the engine has an open three, and extends it.
    assert_eq!(engine.ask("START 15"), "OK");
    engine.send("BOARD");
    for line in ["7,7,1", "8,7,1", "9,7,1", "0,0,2", "0,2,2", "0,4,2"] {
        engine.send(line);
    }
    let reply = engine.ask("DONE");
    assert!(["6,7", "10,7"].contains(&reply.as_str()), "{reply}");
    // Stone counts that cannot be a position are refused.
    engine.send("BOARD");
    engine.send("1,1,2");
    engine.send("2,2,2");
    assert!(engine.ask("DONE").starts_with("ERROR"));
    engine.end();
}

#[test]
fn bad_boards_are_refused_and_end_ends_even_inside_board() {
    let mut engine = Session::start();
    assert_eq!(engine.ask("START 15"), "OK");
    assert!(engine.ask("START 300").contains("from 5x5 to 26x26"));
    engine.send("INFO timeout_turn 0");
    engine.send("BOARD");
    engine.send("7,7,2");
    assert_eq!(engine.ask("7,7,1"), "ERROR 7,7 is given twice");
    assert_eq!(engine.ask("99,1,2"), "ERROR 99,1 is off the 15x15 board");
    assert!(is_move(&engine.ask("DONE")).is_some(), "white answers 7,7");
    engine.send("BOARD");
    engine.send("1,1,1");
    assert!(engine.ask("DONE").contains("cannot be my turn"));
    engine.send("BOARD");
    engine.send("2,2,2");
    engine.end();
}

/// A line that is not UTF-8 (a Windows path in the system code page, as managers send in
/// `INFO folder`) is read with replacement characters: the engine goes on answering.
#[test]
fn a_line_that_is_not_utf8_does_not_stop_the_engine() {
    let mut engine = Session::start();
    assert_eq!(engine.ask("START 15"), "OK");
    engine.send_bytes(b"INFO folder C:\\Users\\J\xf6rg\\gomocup");
    engine.send_bytes(b"TURN 7,\xff");
    assert_eq!(engine.answer(), "ERROR `7,\u{fffd}` is not x,y");
    engine.send("INFO timeout_turn 50");
    assert!(is_move(&engine.ask("TURN 7,7")).is_some());
    engine.end();
}

#[test]
fn commands_before_start_and_at_end_of_input() {
    let mut engine = Session::start();
    assert!(engine.ask("BEGIN").starts_with("ERROR"));
    assert!(engine.ask("TURN 1,1").starts_with("ERROR"));
    assert!(engine.ask("BOARD").starts_with("ERROR"));
    // Closing standard input ends the engine cleanly.
    let Session {
        mut child, input, ..
    } = engine;
    drop(input);
    assert!(child.wait().unwrap().success());
}

/// Issue 10.2: numbers too large for any field are refused or taken as "no limit", never a
/// panic, and the engine goes on answering.
#[test]
fn huge_numbers_are_refused_or_saturate() {
    let mut engine = Session::start();
    for line in [
        "START 4294967296",
        "START 18446744073709551616",
        "START 256",
        "RECTSTART 300,300",
        "RECTSTART 99999999999999999999,99999999999999999999",
    ] {
        assert!(engine.ask(line).starts_with("ERROR"), "{line}");
    }
    assert_eq!(engine.ask("START 15"), "OK");
    for line in [
        "INFO timeout_turn 18446744073709551615",
        "INFO time_left 18446744073709551615",
        "INFO timeout_match 99999999999999999999999",
        "INFO max_memory 18446744073709551615",
    ] {
        engine.send(line);
    }
    // Every bit set is no rule a manager sends (the bit mask has four bits): refused, and the
    // time settings above, saturated, were taken without an answer.
    assert_eq!(
        engine.ask("INFO rule 18446744073709551615"),
        "ERROR INFO rule 18446744073709551615 is neither a rule bit mask (0 to 15) nor one of Rapfi's values"
    );
    for line in [
        "TURN 256,1",
        "TURN 4294967296,0",
        "TURN 1,-1",
        "TAKEBACK 300,300",
    ] {
        assert!(engine.ask(line).starts_with("ERROR"), "{line}");
    }
    engine.send("BOARD");
    assert!(engine.ask("999999999999,1,1").starts_with("ERROR"));
    assert!(engine.ask("1,1,4294967297").starts_with("ERROR"));
    // The engine's four in a row: it wins at once, whatever time it was given.
    for line in [
        "3,3,1", "4,3,1", "5,3,1", "6,3,1", "0,0,2", "0,2,2", "0,4,2", "0,6,2",
    ] {
        engine.send(line);
    }
    let reply = engine.ask("DONE");
    assert!(["2,3", "7,3"].contains(&reply.as_str()), "{reply}");
    engine.end();
}

/// With its output closed by the manager, the engine ends quietly at its next answer:
/// status 0, nothing on standard error.
#[test]
fn a_closed_output_ends_the_engine_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omok-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    drop(child.stdout.take());
    let mut input = child.stdin.take().unwrap();
    // The engine may end before it reads every line.
    let _ = input.write_all(b"ABOUT\nSTART 15\n");
    drop(input);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?} {stderr}", output.status);
    assert_eq!(stderr, "");
}
