//! The `mjai-bot` program through the referee: four processes play a whole match with no
//! fault and the same result as the same bots in-process on the same walls.

use std::time::Duration;

use mahjong_core::bot::{ClassroomBot, EfficiencyBot};
use mahjong_core::mjai::MjaiBot;
use mahjong_core::mjai::referee::process::ProcessPlayer;
use mahjong_core::mjai::referee::{MjaiPlayer, Referee, RefereeConfig};
use mahjong_core::{Seat, TileWall};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn walls() -> impl FnMut() -> TileWall {
    let mut rng = StdRng::seed_from_u64(11);
    move || TileWall::shuffled(true, &mut rng)
}

#[test]
fn four_mjai_bot_processes_play_the_in_process_match() {
    let referee = Referee::new(RefereeConfig {
        // Generous: debug builds on a loaded machine.
        limit: Duration::from_secs(20),
        ..RefereeConfig::default()
    });
    let program = env!("CARGO_BIN_EXE_mjai-bot");
    let bot = |seat: usize| {
        if seat.is_multiple_of(2) {
            "efficiency"
        } else {
            "classroom"
        }
    };
    let mut processes: Vec<ProcessPlayer> = (0..4)
        .map(|s| {
            let args = [s.to_string(), "--bot".to_string(), bot(s).to_string()];
            ProcessPlayer::spawn(program, &args).unwrap()
        })
        .collect();
    let mut players: Vec<&mut dyn MjaiPlayer> = processes
        .iter_mut()
        .map(|p| p as &mut dyn MjaiPlayer)
        .collect();
    let by_process = referee.play(&mut players, &mut walls()).unwrap();
    assert_eq!(by_process.faults, []);

    let mut in_process: Vec<MjaiBot> = Seat::ALL
        .into_iter()
        .map(|s| match bot(s.index()) {
            "efficiency" => MjaiBot::new(s, EfficiencyBot::new()),
            _ => MjaiBot::new(s, ClassroomBot::new()),
        })
        .collect();
    let mut players: Vec<&mut dyn MjaiPlayer> = in_process
        .iter_mut()
        .map(|p| p as &mut dyn MjaiPlayer)
        .collect();
    let direct = referee.play(&mut players, &mut walls()).unwrap();
    assert_eq!(by_process.log, direct.log);
    assert_eq!(by_process.points, direct.points);
}

/// What `mjai-bot 0` writes when `input` is its whole standard input.
fn mjai_bot_seat_0(input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjai-bot"))
        .arg("0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// The program answers each line; a line it cannot follow is answered with `none` and
/// reported on stderr with its line number; it keeps playing after it.
#[test]
fn the_program_answers_every_line_and_reports_bad_ones() {
    let input = concat!(
        "[{\"type\":\"start_game\",\"id\":0}]\n",
        "garbage\n",
        "[{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,\"oya\":0,",
        "\"dora_marker\":\"1m\",\"scores\":[25000,25000,25000,25000],\"tehais\":[",
        "[\"1m\",\"2m\",\"3m\",\"4p\",\"5p\",\"6p\",\"7s\",\"8s\",\"9s\",\"E\",\"E\",\"P\",\"C\"],",
        "[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"],",
        "[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"],",
        "[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"]]},",
        "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"N\",\"meta\":{\"q\":1}}]\n",
    );
    let output = mjai_bot_seat_0(input.as_bytes());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], r#"{"type":"none"}"#);
    assert_eq!(lines[1], r#"{"type":"none"}"#);
    assert!(
        lines[2].starts_with(r#"{"type":"dahai","actor":0,"#),
        "{stdout}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("mjai-bot: line 2: not a JSON array"),
        "{stderr}"
    );
}

/// A line that is not UTF-8 is reported and answered with `none` like any other bad line;
/// the program does not stop at it.
#[test]
fn a_line_that_is_not_utf8_is_answered_and_play_goes_on() {
    let output = mjai_bot_seat_0(b"[]\n[\xff\xfe]\n[]\n");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout, "{\"type\":\"none\"}\n".repeat(3), "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("mjai-bot: line 2: not a JSON array"),
        "{stderr}"
    );
}

/// A bot program that cannot be started plays as a crashed bot: faults, never a stand-in
/// bot's results.
#[test]
fn a_bot_that_cannot_start_counts_as_crashed() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mjai-referee"))
        .args([
            "--bot",
            "/nonexistent/mjai-bot",
            "--matches",
            "1",
            "--seed",
            "3",
        ])
        .args(["--bot", "inproc:random"].repeat(3))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let first = stdout.lines().next().unwrap();
    assert!(
        first.starts_with("bot 0 (/nonexistent/mjai-bot): 4 matches, mean place 4.000"),
        "{stdout}"
    );
    assert!(!first.ends_with("faults 0"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("cannot start /nonexistent/mjai-bot"),
        "{stderr}"
    );
}

/// `mjai-referee` with `args` and four in-process random bots, killed (a failure) if it
/// still runs after a minute.
fn referee_in_process(args: &[&str]) -> std::process::Output {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjai-referee"))
        .args(["--bot", "inproc:random"].repeat(4))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("mjai-referee {args:?} still plays after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A `--log` path that cannot be written is refused before any match is played, and a
/// `--matches` whose four rotations cannot be counted is refused, both as usage errors.
#[test]
fn an_unwritable_log_and_too_many_matches_are_refused_at_once() {
    let output = referee_in_process(&["--log", "/nonexistent/dir/log.jsonl"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty(), "no match is played: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("cannot write /nonexistent/dir/log.jsonl"),
        "{stderr}"
    );
    let too_many = (u64::MAX / 4 + 1).to_string();
    let output = referee_in_process(&["--matches", &too_many]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty(), "no match is played: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains(&format!("--matches {too_many}: too many")),
        "{stderr}"
    );
}
