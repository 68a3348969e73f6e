//! Plays the `mahjong` example through its standard input and output: a person's hand of
//! the full game answered prompt by prompt (bad input refused, a call prompt answered, the
//! hand played to its end, end of input), four bots through a whole hanchan, and the
//! simplified classroom game. (Its closed output: tests/closed_output.rs.)

use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// What every example says when its input ends.
const GOODBYE: &str = "Input ended; goodbye.";
/// The prompt of the person's own turn, and of a call on another seat's discard.
const TURN: &str = "Your move: ";
const CALL: &str = "Call? ";

use crate::common;

/// The example's executable, built in release once per test run.
fn example() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| common::build_example("mahjong"))
}

/// Runs the example with `args` and no input.
fn run(args: &[&str]) -> Output {
    Command::new(example())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the example runs")
}

/// What the person's script saw in one hand.
#[derive(Default)]
struct Seen {
    /// Call prompts answered with a call that the match took.
    calls: usize,
    /// `chi 9` was answered to a call prompt.
    refused_call: bool,
    /// The whole output, each answer written `<answer>`.
    transcript: String,
}

/// Plays the first hand of a full game on `seed` as the person at seat 0 against random
/// bots: the first turn answers `xyz` and `99` (refused) and then position 1 (the first
/// tile shown); the first call prompt answers `chi 9` (refused) and then the first call
/// offered; every other prompt takes its default (Enter: tsumogiri, pass), except a turn
/// after a call, which discards by position until one is taken. Input ends once the hand
/// has ended.
fn play_first_hand(seed: u64) -> Seen {
    let mut child = Command::new(example())
        .args(["--seed", &seed.to_string(), "--opponent", "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the example runs");
    let mut input = child.stdin.take();
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut seen = Seen::default();
    let mut bytes = Vec::new();
    let (mut turns, mut position) = (0, 0);
    let mut byte = [0u8; 1];
    while output.read(&mut byte).unwrap_or(0) == 1 {
        bytes.push(byte[0]);
        let prompt = [TURN, CALL]
            .into_iter()
            .find(|p| bytes.ends_with(p.as_bytes()));
        let Some(prompt) = prompt else { continue };
        let chunk = String::from_utf8_lossy(&std::mem::take(&mut bytes)).into_owned();
        if chunk.contains("Points after the hand") {
            input = None; // the hand is over: end the input
        }
        let answer = match prompt {
            TURN => {
                turns += 1;
                turn_answer(turns, &chunk, &mut position)
            }
            _ => call_answer(&chunk, &mut seen),
        };
        seen.transcript.push_str(&chunk);
        let Some(stdin) = input.as_mut() else {
            continue; // input has ended: read on to the goodbye
        };
        writeln!(stdin, "{answer}").expect("the example reads");
        seen.transcript.push_str(&format!("<{answer}>\n"));
        assert!(turns < 500, "the hand does not end:\n{}", seen.transcript);
    }
    seen.transcript.push_str(&String::from_utf8_lossy(&bytes));
    let status = child.wait().expect("the example ends");
    assert!(status.success(), "{}", seen.transcript);
    seen
}

/// The answer to the `turns`-th turn prompt, whose output since the last prompt is `chunk`.
fn turn_answer(turns: usize, chunk: &str, position: &mut usize) -> String {
    match turns {
        1 => "xyz".into(),
        2 => {
            assert!(
                chunk.starts_with("`xyz` is not something you can do now. Type a tile"),
                "{chunk}"
            );
            "99".into()
        }
        3 => {
            assert_eq!(chunk, format!("position 99: your hand has 1 to 14\n{TURN}"));
            "1".into()
        }
        // After a call there is no drawn tile: discard by position until one is allowed.
        _ if !chunk.contains("(Enter: the drawn tile)") && !chunk.contains("Your hand") => {
            *position += 1;
            position.to_string()
        }
        _ if !chunk.contains("(Enter: the drawn tile)") => {
            *position = 1;
            "1".into()
        }
        _ => String::new(),
    }
}

/// The answer to a call prompt whose output since the last prompt is `chunk`: the first
/// time a chi or pon is offered, `chi 9` (refused); then the first call offered; then
/// Enter (pass).
fn call_answer(chunk: &str, seen: &mut Seen) -> String {
    let hint = chunk.lines().rev().nth(1).unwrap_or_default();
    let first_call = ["chi", "pon", "kan", "ron"]
        .into_iter()
        .find(|word| hint.contains(&format!(" {word}")));
    match first_call {
        _ if seen.calls > 0 => String::new(),
        Some("chi" | "pon") if !seen.refused_call => {
            assert!(hint.contains("is offered: type"), "{chunk}");
            seen.refused_call = true;
            "chi 9".into()
        }
        Some(word) => {
            if seen.transcript.ends_with("<chi 9>\n") {
                let refusals = ["chi 9: choose 1 to", "you cannot chi now"];
                assert!(refusals.iter().any(|r| chunk.starts_with(r)), "{chunk}");
            }
            seen.calls += 1;
            match word {
                "chi" | "pon" => format!("{word} 1"),
                other => other.into(),
            }
        }
        None => String::new(),
    }
}

#[test]
fn a_person_plays_a_hand_refused_input_and_a_call_included() {
    let seen = (1..=40)
        .map(play_first_hand)
        .find(|seen| seen.calls > 0)
        .expect("one of 40 seeds offers seat 0 a call in the first hand");
    let transcript = &seen.transcript;
    // The refusals changed nothing: position 1 is then the first tile shown at the start.
    let hand = transcript
        .lines()
        .find_map(|l| l.strip_prefix("Your hand: "))
        .expect("the hand is shown");
    let first = hand.split(' ').next().unwrap_or_default();
    assert!(
        transcript.contains(&format!("<1>\nseat 0 discards {first}\n")),
        "{transcript}"
    );
    // The call was taken, the hand ended with the points told, and input ended.
    let took = [
        "<chi 1>\nseat 0 calls",
        "<pon 1>\nseat 0 calls",
        "<kan>\nseat 0 calls",
    ];
    let took =
        took.iter().any(|t| transcript.contains(t)) || transcript.contains("<ron>\nseat 0 wins");
    assert!(took, "{transcript}");
    assert!(transcript.contains("Points after the hand: seat 0 (you)"));
    assert!(transcript.trim_end().ends_with(GOODBYE), "{transcript}");
}

/// The transcript of four bots playing a match on `seed`, checked to end with a ranking of
/// the four seats and every win explained.
fn bots_match(seed: u64) -> String {
    let output = run(&["--bots", "--seed", &seed.to_string()]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("== East 1: seat 0 deals"), "{stdout}");
    assert!(stdout.contains("The match is over"), "{stdout}");
    let places = stdout.lines().filter(|l| is_place(l)).count();
    assert_eq!(places, 4, "{stdout}");
    // Every win is explained: the hand, its yaku and han, fu item by item, payment.
    let wins = stdout
        .lines()
        .filter(|l| {
            l.starts_with("seat ") && (l.contains(" wins by ron from ") || l.contains(" tsumo: "))
        })
        .count();
    assert!(wins > 0, "{stdout}");
    assert_eq!(stdout.matches("\n  hand: ").count(), wins, "{stdout}");
    assert_eq!(stdout.matches("\n  fu: ").count(), wins, "{stdout}");
    stdout
}

/// Whether `line` is a place of the final ranking: `  1. seat 2: 42,000 points` (the
/// Tenhou rules have no uma or oka, so no score apart from the points).
fn is_place(line: &str) -> bool {
    line.starts_with("  ") && line.contains(". seat ") && line.ends_with(" points")
}

#[test]
fn four_bots_play_whole_matches() {
    // What `.ci/run` runs.
    bots_match(7);
    // A hanchan goes on into the South round (unless a seat falls below 0 first).
    let south = (1..=5)
        .map(bots_match)
        .filter(|t| t.contains("== South 4"))
        .count();
    assert!(south > 0, "no match of seeds 1 to 5 reached South 4");
}

#[test]
fn the_simplified_game_and_its_options_stay() {
    let output = run(&["--rules", "simplified", "--bots", "--seed", "7"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.starts_with("Shuffle seed 7. 4 seats; seat 0 plays first."));
    let output = run(&["--solo", "--seed", "7"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "--solo is an option of the simplified game: add --rules simplified\n"
    );
}

#[test]
fn the_mjai_log_of_a_match_replays_to_itself() {
    let path = std::env::temp_dir().join(format!("mahjong-example-{}.jsonl", std::process::id()));
    let output = run(&[
        "--bots",
        "--seed",
        "7",
        "--log",
        path.to_str().expect("a path"),
    ]);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.ends_with(&format!("The mjai log is in {}.\n", path.display())));
    let text = std::fs::read_to_string(&path).expect("the log is written");
    let _ = std::fs::remove_file(&path);
    assert!(text.starts_with(r#"{"type":"start_game"}"#), "{text}");
    // The crate replays every action of the log through a match and writes it again.
    let replayed = mahjong_core::mjai::replay(mahjong_core::Rules::tenhou(), &text);
    assert_eq!(
        mahjong_core::mjai::to_jsonl(&replayed.expect("the log replays")),
        text
    );
    // The log's last line holds the final points the transcript printed.
    let mut scores = [0i64; 4];
    for line in stdout.lines().filter(|l| is_place(l)) {
        let (_, rest) = line.split_once(". seat ").expect("a place line");
        let (seat, rest) = rest.split_once(": ").expect("its seat");
        let points = rest.split(' ').next().unwrap_or_default().replace(',', "");
        scores[seat.parse::<usize>().expect("a seat")] = points.parse().expect("points");
    }
    let scores = scores.map(|p| p.to_string()).join(",");
    let last = text.lines().last().unwrap_or_default();
    assert_eq!(
        last,
        format!(r#"{{"type":"end_game","scores":[{scores}]}}"#)
    );
    // The simplified game writes no log.
    let output = run(&["--rules", "simplified", "--log", "x.jsonl"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_log_path_that_cannot_be_written_is_refused_before_the_match() {
    let path = std::env::temp_dir().join("no-such-folder-of-mahjong-example/match.jsonl");
    let output = run(&["--seed", "7", "--log", path.to_str().expect("a path")]);
    assert_eq!(output.status.code(), Some(1));
    // Nothing was played: the person is not asked for a whole hanchan first.
    assert!(output.stdout.is_empty(), "{:?}", output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected = format!("cannot write the mjai log to {}: ", path.display());
    assert!(stderr.starts_with(&expected), "{stderr}");
}

#[test]
fn the_help_describes_the_bots_in_words() {
    let output = run(&["--help"]);
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    // A user of the example has no spec to look a section up in.
    assert!(!help.contains("spec section"), "{help}");
    let classroom = "classroom:  The class assignment's heuristic bot: declares riichi when it can";
    assert!(help.contains(classroom), "{help}");
}
