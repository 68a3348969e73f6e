//! The `mjai-bot` program through the referee: four processes (three under
//! `--rules tenhou-sanma`) play a whole match with no fault and the same result as the same
//! bots in-process on the same walls, and `mjai-referee --rules tenhou-sanma` plays and
//! logs a three-player match between bot programs; a bot program
//! that fails once (late, a line over 64 KiB, two lines, garbage) is charged exactly one
//! chombo and plays on; `mjai-referee` starts a bot with the seat where its command says.

use std::time::Duration;

use mahjong_core::bot::{ClassroomBot, EfficiencyBot};
use mahjong_core::mjai::MjaiBot;
use mahjong_core::mjai::referee::process::ProcessPlayer;
use mahjong_core::mjai::referee::{Fault, MjaiPlayer, Referee, RefereeConfig, Refereed};
use mahjong_core::mjai::{MjaiEvent, replay, to_jsonl};
use mahjong_core::{Rules, Seat, TileWall};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn walls() -> impl FnMut() -> TileWall {
    walls_for(Rules::default())
}

/// The walls of the program matches under `rules` (136 tiles, or 108 in sanma).
fn walls_for(rules: Rules) -> impl FnMut() -> TileWall {
    let mut rng = StdRng::seed_from_u64(11);
    move || TileWall::for_rules(&rules, &mut rng)
}

/// The bot of seat `seat` in the program matches.
fn bot(seat: usize) -> &'static str {
    if seat.is_multiple_of(2) {
        "efficiency"
    } else {
        "classroom"
    }
}

/// One `mjai-bot` process per seat of `rules` (`--rules name`) through the referee: a
/// whole match with no fault, and the same log and points as the same bots in-process on
/// the same walls. Returns the log.
fn processes_play_the_in_process_match(rules: Rules, name: &str) -> Vec<MjaiEvent> {
    let referee = Referee::new(RefereeConfig {
        rules,
        // Generous: debug builds on a loaded machine.
        limit: Duration::from_secs(20),
    });
    let program = env!("CARGO_BIN_EXE_mjai-bot");
    let mut processes: Vec<ProcessPlayer> = (0..rules.seats)
        .map(|s| {
            let args = [
                s.to_string(),
                "--bot".into(),
                bot(s).into(),
                "--rules".into(),
                name.into(),
            ];
            ProcessPlayer::spawn(program, &args).unwrap()
        })
        .collect();
    let mut players: Vec<&mut dyn MjaiPlayer> = processes
        .iter_mut()
        .map(|p| p as &mut dyn MjaiPlayer)
        .collect();
    let by_process = referee.play(&mut players, &mut walls_for(rules)).unwrap();
    assert_eq!(by_process.faults, []);

    let mut in_process: Vec<MjaiBot> = Seat::first(rules.seats)
        .map(|s| match bot(s.index()) {
            "efficiency" => MjaiBot::with_rules(s, EfficiencyBot::new(), rules).unwrap(),
            _ => MjaiBot::with_rules(s, ClassroomBot::new(), rules).unwrap(),
        })
        .collect();
    let mut players: Vec<&mut dyn MjaiPlayer> = in_process
        .iter_mut()
        .map(|p| p as &mut dyn MjaiPlayer)
        .collect();
    let direct = referee.play(&mut players, &mut walls_for(rules)).unwrap();
    assert_eq!(by_process.log, direct.log);
    assert_eq!(by_process.points, direct.points);
    assert_eq!(
        replay(rules, &to_jsonl(&by_process.log)).unwrap(),
        by_process.log
    );
    by_process.log
}

#[test]
fn four_mjai_bot_processes_play_the_in_process_match() {
    processes_play_the_in_process_match(Rules::default(), "tenhou");
}

/// Three `mjai-bot --rules tenhou-sanma` processes play a whole three-player match: the
/// bots set North aside (`nukidora`) and the log replays under `Rules::tenhou_sanma()`.
#[test]
fn three_mjai_bot_processes_play_the_in_process_sanma_match() {
    let log = processes_play_the_in_process_match(Rules::tenhou_sanma(), "tenhou-sanma");
    assert!(log.iter().any(|l| matches!(l, MjaiEvent::Nukidora { .. })));
    assert!(log.iter().all(|l| l.actor().is_none_or(|a| a < 3)));
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

/// `mjai-referee` with `args` and four in-process random bots, killed (a failure) if it
/// still runs after a minute.
fn referee_in_process(args: &[&str]) -> std::process::Output {
    let mut all = ["--bot", "inproc:random"].repeat(4);
    all.extend_from_slice(args);
    referee_with(&all, 60)
}

/// `mjai-referee` with `args`, killed (a failure) if it still runs after `seconds`.
fn referee_with(args: &[&str], seconds: u64) -> std::process::Output {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjai-referee"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("mjai-referee {args:?} still plays after {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// `mjai-referee --rules tenhou-sanma` with three `mjai-bot --rules tenhou-sanma` programs
/// (the seat where the command says): the first match, written with `--log`, has no fault
/// and replays under `Rules::tenhou_sanma()` with kitas in it; the duplicate run plays the
/// walls three times (the bots rotated over three seats) and reports three bots. Four bots,
/// or an unknown preset, are usage errors.
#[test]
fn mjai_referee_plays_a_sanma_match_between_bot_programs() {
    let dir = std::env::temp_dir().join(format!("mjai-sanma-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("sanma.jsonl");
    let log = path.to_str().unwrap();
    let program = env!("CARGO_BIN_EXE_mjai-bot");
    let command = |b: usize| format!("{program} {{seat}} --rules tenhou-sanma --bot {}", bot(b));
    let bots: Vec<String> = (0..3).map(command).collect();
    let mut args = vec![
        "--rules",
        "tenhou-sanma",
        "--log",
        log,
        "--limit-ms",
        "20000",
    ];
    for bot in &bots {
        args.extend(["--bot", bot.as_str()]);
    }
    let output = referee_with(&args, 600);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(!stdout.contains("fault: "), "{stdout}");
    assert_eq!(stdout.matches("faults 0").count(), 3, "{stdout}");
    let places = stdout.lines().next().unwrap();
    assert!(places.ends_with(", 0]"), "seat 3 has no place: {places}");
    assert_eq!(
        stdout.matches(": 3 matches, mean place").count(),
        3,
        "{stdout}"
    );
    // Rank points +60 / 0 / -60 by place: 60 * (2 - the mean place) for each bot.
    for line in stdout.lines().filter(|l| l.contains("mean place")) {
        let number = |after: &str| -> f64 {
            let rest = &line[line.find(after).unwrap() + after.len()..];
            rest.split(' ').next().unwrap().parse().unwrap()
        };
        let (place, points) = (number("mean place "), number("rank points "));
        assert!((points - 60.0 * (2.0 - place)).abs() < 0.2, "{line}");
    }
    assert!(stdout.contains("3 matches in"), "{stdout}");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines = replay(Rules::tenhou_sanma(), &text).unwrap();
    assert!(
        lines
            .iter()
            .any(|l| matches!(l, MjaiEvent::Nukidora { .. }))
    );
    assert!(matches!(lines.last(), Some(MjaiEvent::EndGame { .. })));
    std::fs::remove_dir_all(&dir).unwrap();

    let four = referee_in_process(&["--rules", "tenhou-sanma"]);
    assert_eq!(four.status.code(), Some(2), "{four:?}");
    let stderr = String::from_utf8(four.stderr).unwrap();
    assert!(stderr.contains("4 bots given, 3 needed"), "{stderr}");
    let unknown = referee_in_process(&["--rules", "sanma"]);
    assert_eq!(unknown.status.code(), Some(2), "{unknown:?}");
    let stderr = String::from_utf8(unknown.stderr).unwrap();
    assert!(
        stderr.contains("--rules sanma: no such rules (choose tenhou,"),
        "{stderr}"
    );
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

/// A bot that cannot be played (an unknown in-process name, a program that does not start)
/// and a `--matches` or `--limit-ms` of 0 are usage errors before any match; `--help` prints
/// the usage.
#[test]
fn bad_bots_and_zero_counts_are_refused_at_once() {
    for (args, message) in [
        (
            ["--bot", "inproc:Random"],
            r#"no in-process bot "Random" (choose inproc:efficiency"#,
        ),
        (
            ["--bot", "/nonexistent/bot {seat}"],
            "--bot /nonexistent/bot {seat}: cannot start /nonexistent/bot",
        ),
        (["--matches", "0"], "--matches 0: at least 1"),
        (["--limit-ms", "0"], "--limit-ms 0: at least 1"),
    ] {
        let output = referee_in_process(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        assert!(output.stdout.is_empty(), "no match is played: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let output = referee_in_process(&["--help"]);
    assert!(output.status.success(), "{output:?}");
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .starts_with("usage: mjai-referee")
    );
}

/// `mjai-bot 1` behind a shell loop that passes its answers on, except the third, which
/// (in `$line`) goes through the shell commands `fault` instead.
#[cfg(unix)]
fn failing_once(fault: &str) -> ProcessPlayer {
    let script = format!(
        r#"n=0; "$0" 1 | while IFS= read -r line; do n=$((n+1)); if [ $n -eq 3 ]; then {fault}; else printf '%s\n' "$line"; fi; done"#
    );
    let bot = env!("CARGO_BIN_EXE_mjai-bot").to_string();
    ProcessPlayer::spawn("sh", &["-c".to_string(), script, bot]).unwrap()
}

/// A whole match: seat 1 is `bot`, the others in-process efficiency bots; answers within
/// `limit`.
fn match_with(bot: &mut dyn MjaiPlayer, limit: Duration) -> Refereed {
    let referee = Referee::new(RefereeConfig {
        limit,
        ..RefereeConfig::default()
    });
    let mut bots = [0, 2, 3].map(|s| MjaiBot::new(Seat::ALL[s], EfficiencyBot::new()));
    let [a, b, c] = &mut bots;
    let mut players: [&mut dyn MjaiPlayer; 4] = [a, bot, b, c];
    referee.play(&mut players, &mut walls()).unwrap()
}

/// The faults of `refereed`, after checking that each is seat 1's and was charged with
/// exactly one chombo (a `ryukyoku` with `reason` `error` taking seat 1's points), that the
/// match was played to its end and that its log replays.
fn charged_once(refereed: &Refereed) -> Vec<Fault> {
    let chombos = refereed
        .log
        .iter()
        .filter(|line| {
            matches!(line, MjaiEvent::Ryukyoku { reason: Some(r), deltas: Some(d), .. }
                if r == "error" && d[1] < 0)
        })
        .count();
    assert_eq!(chombos, refereed.faults.len(), "{:?}", refereed.faults);
    assert!(refereed.faults.iter().all(|f| f.seat == Seat::ALL[1]));
    assert!(matches!(
        refereed.log.last(),
        Some(MjaiEvent::EndGame { .. })
    ));
    let text = to_jsonl(&refereed.log);
    assert_eq!(replay(Rules::default(), &text).unwrap(), refereed.log);
    refereed.faults.iter().map(|f| f.fault.clone()).collect()
}

/// Generous, for the answers of a debug `mjai-bot` on a loaded machine.
const GENEROUS: Duration = Duration::from_secs(20);

/// A bot that sleeps 3.5 times the limit over one answer is charged once: the next
/// question waits for the late line (dropped when it comes, not taken as the answer to a
/// later question or as a line nobody asked for) before it is asked.
#[cfg(unix)]
#[test]
fn a_late_answer_is_charged_once_and_its_line_dropped() {
    let mut bot = failing_once(r#"sleep 3.5; printf '%s\n' "$line""#);
    let refereed = match_with(&mut bot, Duration::from_secs(1));
    let faults = charged_once(&refereed);
    assert!(matches!(faults[..], [Fault::Late { .. }]), "{faults:?}");
}

/// One answer line over 64 KiB is one chombo; the bot is read on and plays the match out.
#[cfg(unix)]
#[test]
fn an_answer_over_64_kib_is_one_chombo_and_the_bot_is_read_on() {
    let mut bot = failing_once(r"head -c 70000 /dev/zero | tr '\0' x; echo");
    let refereed = match_with(&mut bot, GENEROUS);
    assert_eq!(charged_once(&refereed), [Fault::TooLong]);
}

/// Two lines for one question are one chombo, whether the second comes with the first
/// (found before the next question) or a moment later (after the next question was
/// written: taken as its answer, and that question's own answer, coming within the wait
/// after the fault, dropped).
#[cfg(unix)]
#[test]
fn two_lines_for_one_question_are_one_chombo() {
    for fault in [
        r#"printf '%s\n%s\n' "$line" "$line""#,
        r#"printf '%s\n' "$line"; sleep 0.3; printf '%s\n' "$line""#,
    ] {
        let mut bot = failing_once(fault);
        let faults = charged_once(&match_with(&mut bot, GENEROUS));
        assert_eq!(faults.len(), 1, "{fault}: {faults:?}");
        assert!(
            matches!(faults[0], Fault::TooMuch { .. } | Fault::Illegal { .. }),
            "{fault}: {faults:?}"
        );
    }
}

/// Garbage for one answer is one chombo; so is garbage followed by the real answer (the
/// line after a charged answer is not charged again).
#[cfg(unix)]
#[test]
fn garbage_once_is_one_chombo() {
    for fault in ["echo garbage", r#"printf 'garbage\n%s\n' "$line""#] {
        let mut bot = failing_once(fault);
        let faults = charged_once(&match_with(&mut bot, GENEROUS));
        let garbage = Fault::Malformed {
            answer: "garbage".to_string(),
        };
        assert_eq!(faults, [garbage], "{fault}");
    }
}

/// A `{seat}` in a bot's command puts the seat there (mjai.app starts `python bot.py
/// SEAT`); without one, the seat comes right after the program.
#[cfg(unix)]
#[test]
fn the_seat_goes_where_the_command_says() {
    // A bot that takes the seat last: `seat_last.sh --quiet SEAT`.
    let dir = std::env::temp_dir().join(format!("mjai-seat-last-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("seat_last.sh");
    std::fs::write(
        &script,
        format!(
            "[ \"$1\" = --quiet ] || exit 9\nexec {} \"$2\"\n",
            env!("CARGO_BIN_EXE_mjai-bot")
        ),
    )
    .unwrap();
    let seat_last = format!("sh {} --quiet {{seat}}", script.display());
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mjai-referee"))
        .args([
            "--bot",
            &seat_last,
            "--bot",
            "inproc:efficiency",
            "--bot",
            &seat_last,
        ])
        .args(["--bot", env!("CARGO_BIN_EXE_mjai-bot")])
        .args(["--matches", "1", "--seed", "5", "--limit-ms", "20000"])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let bots: Vec<&str> = stdout.lines().filter(|l| l.starts_with("bot ")).collect();
    assert_eq!(bots.len(), 4, "{stdout}");
    for line in bots {
        assert!(line.ends_with("faults 0"), "{stdout}");
    }
}
