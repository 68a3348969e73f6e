//! Plays the `matgo` example's Go-Stop tables through its standard input and output: bots
//! alone through whole matches at three and five seats, and a person at a table of four
//! answering every prompt, bad answers first. (Its closed output: tests/closed_output.rs.)

use std::io::{BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use crate::common;

/// What each seat starts a match with.
const MONEY: i64 = 100_000;
/// The prompt of a seat asked whether it plays the hand.
const SEAT_PROMPT: &str = "Play this hand, or give it up and sit out? [p/g] ";

/// How each prompt ends (and no line before it is whole).
const PROMPT_ENDS: [&str; 6] = [
    "): ",
    "[y/n] ",
    "[p/g] ",
    "take? ",
    "[s]top? ",
    "[s]sangpi? ",
];

/// The example's executable, built once per test run.
fn example() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| common::build_example("matgo"))
}

/// Runs the example with `args` and no input; its output as text, after checking it ended
/// with status 0 and nothing on standard error.
fn run(args: &[&str]) -> String {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(example())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the example runs");
    let stdout = String::from_utf8_lossy(&stdout).into_owned();
    let stderr = String::from_utf8_lossy(&stderr);
    assert!(status.success(), "{args:?}: {status:?}\n{stderr}\n{stdout}");
    assert_eq!(stderr, "", "{args:?}");
    stdout
}

/// The money of each seat on the last `money:` line: `money: bot A 99700 | bot B 100300`.
fn last_money(output: &str) -> Vec<i64> {
    let line = output.lines().rev().find(|l| l.starts_with("money: "));
    let line = line.expect("a money line");
    line.trim_start_matches("money: ")
        .split(" | ")
        .map(|seat| {
            let amount = seat.rsplit(' ').next().unwrap_or_default();
            amount.parse().expect("an amount of money")
        })
        .collect()
}

/// A bots match at `seats` seats for `hands` hands: every hand is settled, the seats that
/// sit out are told (one at four seats, two at five), the money sums to what the table
/// started with, and the leader is named.
fn bots_match(seats: usize, hands: usize) {
    let (seats_arg, hands_arg) = (seats.to_string(), hands.to_string());
    // The tutorial's bots: the table's mechanics are under test, not the search bot's play.
    let args = [
        "--bots",
        "--seed",
        "7",
        "--opponent",
        "tutorial",
        "--players",
        &seats_arg,
    ];
    let output = run(&[&args[..], &["--games", &hands_arg]].concat());
    let header = format!("Go-Stop at a table of {seats}, standard rules, seed 7");
    assert!(output.starts_with(&header), "{output}");
    assert_eq!(
        output.matches("--- settlement ---").count(),
        hands,
        "{output}"
    );
    let out = output
        .lines()
        .filter(|l| {
            l.ends_with(" gives up") || l.contains(", forced,") || l.contains(" forced out ")
        })
        .count();
    assert_eq!(out, (seats - 3) * hands, "{output}");
    let money = last_money(&output);
    assert_eq!(money.len(), seats, "{output}");
    assert_eq!(money.iter().sum::<i64>(), MONEY * seats as i64, "{output}");
    let end = format!("After {hands} hands the ");
    assert!(output.contains(&end), "{output}");
}

#[test]
fn bots_play_go_stop_among_three_to_the_end() {
    bots_match(3, 5);
}

#[test]
fn bots_play_go_stop_at_five_with_two_seats_out_each_hand() {
    bots_match(5, 4);
}

#[test]
fn two_players_is_matgo_as_before() {
    let args = [
        "--bots",
        "--seed",
        "7",
        "--opponent",
        "tutorial",
        "--games",
        "2",
    ];
    let matgo = run(&args);
    assert!(
        matgo.starts_with("Matgo, standard rules, seed 7"),
        "{matgo}"
    );
    assert_eq!(run(&[&args[..], &["--players", "2"]].concat()), matgo);
}

/// The answer to the prompt that ends `line`, given the whole output so far; `None` for a
/// prompt the script does not know.
fn answer(line: &str, output: &str, script: &mut Script) -> Option<String> {
    let text = if line.starts_with("Play (") {
        script.plays += 1;
        match script.plays {
            1 => "xyz".to_string(),
            _ => first_in_hand(output)?,
        }
    } else if line == SEAT_PROMPT {
        script.seat_prompts += 1;
        match script.seat_prompts {
            1 => "sell",
            _ => "g",
        }
        .to_string()
    } else if line.starts_with("Another hand?") {
        script.hands += 1;
        let done = script.seat_prompts > 1 || script.hands >= 10;
        if done { "n" } else { "y" }.to_string()
    } else if line.starts_with("Shake month") {
        "n".to_string()
    } else if line.ends_with("which do you take? ") {
        let (_, options) = line.split_once(" matches ")?;
        options.split([' ', ':']).next()?.to_string()
    } else if line.starts_with("You took the gukjin") || line.ends_with("[g]o or [s]top? ") {
        "s".to_string()
    } else {
        return None;
    };
    Some(text)
}

/// The first card of the last `your hand:` line.
fn first_in_hand(output: &str) -> Option<String> {
    let line = output
        .lines()
        .rev()
        .find(|l| l.starts_with("your hand: "))?;
    let card = line.trim_start_matches("your hand: ").split(' ').next()?;
    Some(card.to_string())
}

/// What the script has answered so far.
#[derive(Default)]
struct Script {
    plays: usize,
    seat_prompts: usize,
    hands: usize,
}

/// Plays a table of four as the person, answering each prompt as [`answer`] does, until
/// the program ends; the whole output.
fn play_at_four(seed: u64) -> String {
    let mut child = Command::new(example())
        .args(["--players", "4", "--opponent", "random", "--seed"])
        .arg(seed.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the example runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let (mut transcript, mut script) = (String::new(), Script::default());
    let mut byte = [0u8; 1];
    while output.read(&mut byte).unwrap_or(0) == 1 {
        transcript.push(char::from(byte[0]));
        let line = transcript.rsplit('\n').next().unwrap_or_default();
        if !PROMPT_ENDS.iter().any(|end| line.ends_with(end)) {
            continue;
        }
        let Some(reply) = answer(line, &transcript, &mut script) else {
            continue;
        };
        transcript.push_str(&format!("<{reply}>\n"));
        writeln!(input, "{reply}").expect("the example reads");
        assert!(script.plays < 500, "the match does not end:\n{transcript}");
    }
    let status = child.wait().expect("the example ends");
    assert!(status.success(), "{transcript}");
    transcript
}

#[test]
fn a_person_at_four_is_asked_again_after_bad_answers_and_may_give_up() {
    let transcript = play_at_four(7);
    let refusals = [
        "Play (a card like 1G): <xyz>\n'xyz' is neither a card nor an action",
        &format!("{SEAT_PROMPT}<sell>\n'sell': answer p (play) or g (give up)\n{SEAT_PROMPT}<g>"),
        "  you give up\n",
        "\n--- settlement ---\n",
        "Another hand? [y/n] <n>\n\nAfter ",
    ];
    for expected in refusals {
        assert!(transcript.contains(expected), "{expected}\n{transcript}");
    }
    assert_eq!(last_money(&transcript).iter().sum::<i64>(), 4 * MONEY);
}
