//! The `mahjong-log` program run as a user runs it, on the mjai logs of other engines in
//! mahjong-core's test data (Mortal's libriichi and riichienv, four and three players).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use flate2::Compression;
use flate2::write::GzEncoder;
use mahjong_core::Rules;
use mahjong_core::mjai::{MjaiEvent, parse_log, replay};

/// The mjai logs of other engines: 13 whole matches, 4 of them three-player.
const LOGS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../mahjong-core/tests/data/mjai"
);

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mahjong-log"))
        .args(args)
        .output()
        .expect("the program starts")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A new empty folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("mahjong-log-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    folder
}

/// The events of an mjai text (the program writes this crate's field order and four-seat
/// lists, other engines their own).
fn events(text: &str) -> Vec<MjaiEvent> {
    parse_log(text).unwrap()
}

/// The game's own log of an mjai text of another engine's (with the yaku, fu and points
/// those logs leave out), as the program converts it.
fn replayed(text: &str) -> Vec<MjaiEvent> {
    let three = text.contains("\"kita\"") || text.contains("\"nukidora\"");
    let rules = if three {
        Rules::tenhou_sanma()
    } else {
        Rules::tenhou()
    };
    replay(rules, text).unwrap()
}

fn log(name: &str) -> String {
    fs::read_to_string(Path::new(LOGS).join(name)).unwrap()
}

#[test]
fn validate_passes_the_logs_of_other_engines() {
    let output = run(&["validate", LOGS]);
    assert_eq!(
        stdout(&output),
        "13 files: 13 follow the rules, 0 disagree (0 disagreements), 0 unreadable\n"
    );
    assert!(output.status.success());
}

#[test]
fn validate_names_the_file_hand_and_line_of_each_disagreement_and_goes_on() {
    let folder = scratch("validate");
    let text = log("mlibriichi-11.jsonl");
    // The first win's payments changed by 100 each way: the replay's settlement disagrees.
    let (at, line) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("\"type\":\"hora\""))
        .unwrap();
    let bad = line.replace("\"deltas\":[-2600,3600,0,0]", "\"deltas\":[-2700,3700,0,0]");
    assert_ne!(bad, line);
    let tampered: Vec<&str> = text
        .lines()
        .map(|l| if l == line { &bad } else { l })
        .collect();
    fs::write(folder.join("a-bad.jsonl"), tampered.join("\n")).unwrap();
    fs::write(folder.join("b-garbage.json"), "not a record").unwrap();
    fs::write(folder.join("c-good.jsonl"), log("riichienv-58.jsonl")).unwrap();

    let output = run(&["validate", folder.to_str().unwrap()]);
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    let bad_file = folder.join("a-bad.jsonl");
    assert!(
        lines[0].starts_with(&format!("{}: ", bad_file.display())),
        "{out}"
    );
    assert!(lines[0].contains(&format!("line {}:", at + 1)), "{out}");
    assert!(lines[0].contains("deltas"), "{out}");
    assert!(lines[0].contains("honba: "), "{out}");
    assert!(lines[1].starts_with(&format!(
        "{}: not a game record",
        folder.join("b-garbage.json").display()
    )));
    assert_eq!(
        lines[2],
        "3 files: 1 follow the rules, 1 disagree (1 disagreements), 1 unreadable"
    );
    assert_eq!(output.status.code(), Some(1));
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn gzipped_records_are_read_whatever_their_name() {
    let folder = scratch("gzip");
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(log("sanma-riichienv-tenhou-142.jsonl").as_bytes())
        .unwrap();
    let packed = gz.finish().unwrap();
    fs::write(folder.join("match.jsonl.gz"), &packed).unwrap();
    let output = run(&["validate", folder.to_str().unwrap()]);
    assert_eq!(
        stdout(&output),
        "1 files: 1 follow the rules, 0 disagree (0 disagreements), 0 unreadable\n"
    );
    // Named without .gz, given by name: still unpacked.
    let named = folder.join("match.jsonl");
    fs::write(&named, &packed).unwrap();
    let output = run(&["convert", "--to", "mjai", named.to_str().unwrap()]);
    assert_eq!(
        events(&stdout(&output)),
        replayed(&log("sanma-riichienv-tenhou-142.jsonl"))
    );
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn convert_writes_each_record_below_out_keeping_the_folders() {
    let input = scratch("convert-in");
    fs::create_dir_all(input.join("deep")).unwrap();
    fs::write(input.join("deep/one.mjson"), log("riichienv-59.jsonl")).unwrap();
    fs::write(input.join("two.jsonl"), log("mlibriichi-16.jsonl")).unwrap();
    let out = scratch("convert-out");
    let output = run(&[
        "convert",
        "--to",
        "mjai",
        "--out",
        out.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = |path: &str| events(&fs::read_to_string(out.join(path)).unwrap());
    assert_eq!(
        written("deep/one.jsonl"),
        replayed(&log("riichienv-59.jsonl"))
    );
    assert_eq!(written("two.jsonl"), replayed(&log("mlibriichi-16.jsonl")));
    fs::remove_dir_all(input).unwrap();
    fs::remove_dir_all(out).unwrap();
}

#[test]
fn stats_count_what_the_lines_say() {
    let output = run(&["stats", LOGS]);
    assert!(output.status.success());
    let out = stdout(&output);
    let texts: Vec<String> = fs::read_dir(LOGS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    let count = |kind: &str| -> usize {
        texts
            .iter()
            .map(|t| t.matches(&format!("\"type\":\"{kind}\"")).count())
            .sum()
    };
    assert!(out.contains("records  13 (13 whole matches)\n"), "{out}");
    assert!(
        out.contains(&format!("hands    {}\n", count("start_kyoku"))),
        "{out}"
    );
    let wins = count("hora");
    assert!(out.contains(&format!("wins     {wins} (")), "{out}");
    assert!(
        out.contains(&format!("draws    {} (", count("ryukyoku"))),
        "{out}"
    );
    // The logs name no yaku: the program counts the replayed wins' yaku, as here.
    let riichi_wins: usize = texts
        .iter()
        .map(|text| {
            replayed(text)
                .iter()
                .filter(|e| match e {
                    MjaiEvent::Hora {
                        yakus: Some(yakus), ..
                    } => yakus.iter().any(|(n, _)| n == "reach"),
                    _ => false,
                })
                .count()
        })
        .sum();
    assert!(riichi_wins > 0);
    assert!(
        out.contains(&format!("  {:<20} {riichi_wins:>8}", "reach")),
        "{out}"
    );
}

#[test]
fn a_bad_command_line_says_what_is_wrong_with_status_2() {
    let output = run(&["convert", "--to", "xls", LOGS]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("`xls` is not a record format"));
    let output = run(&["validate", "/no/such/folder"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("/no/such/folder: no such file or folder")
    );
    let output = run(&["convert", "--to", "mjai", LOGS]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("13 records: name a folder"));
}

#[test]
fn a_tenhou_xml_records_disagreement_is_shown_at_its_tag() {
    // A chip lobby's record: it pays 4 han 30 fu as a mangan (kiriage), which Tenhou's
    // ranked rules, read from its GO tag, do not.
    let chip = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../mahjong-records/tests/data/mjlog/dnovikoff-tenhou/chip.xml"
    );
    let output = run(&["validate", chip]);
    let out = stdout(&output);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with(&format!(
            "{chip}: East 1, 0 honba, tag 89 `<AGARI ba=\"0,1\""
        )),
        "{first}"
    );
    assert!(first.ends_with("`hora` deltas: the log has [13000,-4000,-4000,-4000], the game gives [12700,-3900,-3900,-3900]"), "{first}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mahjong-log"))
        .args(["stats", LOGS])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes before the program writes
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn folders_are_walked_once_without_links_pipes_or_case_trouble() {
    let folder = scratch("walk");
    fs::create_dir_all(folder.join("a")).unwrap();
    fs::write(folder.join("a/ONE.JSONL"), log("riichienv-58.jsonl")).unwrap();
    // A link back up (a loop), and a named pipe with a record's name: neither is read.
    std::os::unix::fs::symlink("..", folder.join("a/up")).unwrap();
    let pipe = folder.join("a/pipe.xml");
    assert!(
        Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .unwrap()
            .success()
    );
    let output = run(&["stats", folder.to_str().unwrap()]);
    assert!(stdout(&output).starts_with("records  1 (1 whole matches)\n"));
    assert!(output.status.success());
    // Named itself, the pipe is reported and the other files are still read.
    let (one, pipe) = (
        folder.join("a/ONE.JSONL"),
        pipe.to_str().unwrap().to_string(),
    );
    let output = run(&[
        "validate",
        one.to_str().unwrap(),
        &pipe,
        one.to_str().unwrap(),
    ]);
    assert_eq!(
        stdout(&output),
        "1 files: 1 follow the rules, 0 disagree (0 disagreements), 0 unreadable\n"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("{pipe}: not a regular file")),
        "{stderr}"
    );
    assert_eq!(output.status.code(), Some(1));
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn convert_never_writes_two_records_to_one_file_nor_over_an_input() {
    let folder = scratch("clash");
    fs::write(folder.join("a.jsonl"), log("riichienv-58.jsonl")).unwrap();
    let mut gz = GzEncoder::new(Vec::new(), Compression::default());
    gz.write_all(log("riichienv-59.jsonl").as_bytes()).unwrap();
    fs::write(folder.join("a.jsonl.gz"), gz.finish().unwrap()).unwrap();
    let out = folder.join("out");
    let (input, out_arg) = (folder.to_str().unwrap(), out.to_str().unwrap());
    let output = run(&["convert", "--to", "mjai", "--out", out_arg, input]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("out/a.jsonl is where"), "{stderr}");
    assert!(stderr.contains("converted 1 of 2 records"), "{stderr}");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        events(&fs::read_to_string(out.join("a.jsonl")).unwrap()),
        replayed(&log("riichienv-58.jsonl"))
    );
    // Into the input folder itself: the source would be overwritten.
    let plain = folder.join("plain");
    fs::create_dir_all(&plain).unwrap();
    fs::write(plain.join("b.jsonl"), log("riichienv-58.jsonl")).unwrap();
    let plain_arg = plain.to_str().unwrap();
    let output = run(&["convert", "--to", "mjai", "--out", plain_arg, plain_arg]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("would overwrite an input"));
    assert_eq!(
        fs::read_to_string(plain.join("b.jsonl")).unwrap(),
        log("riichienv-58.jsonl")
    );
    // --out naming a file is a bad command line.
    let file = folder.join("a.jsonl");
    let output = run(&[
        "convert",
        "--to",
        "mjai",
        "--out",
        file.to_str().unwrap(),
        input,
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a folder"));
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn a_byte_order_mark_is_skipped_and_a_record_of_no_hand_is_refused() {
    let folder = scratch("bom");
    fs::write(
        folder.join("bom.jsonl"),
        format!("\u{feff}{}", log("riichienv-58.jsonl")),
    )
    .unwrap();
    fs::write(folder.join("empty.jsonl"), "{\"type\":\"start_game\"}\n").unwrap();
    let output = run(&["validate", folder.to_str().unwrap()]);
    let empty = folder.join("empty.jsonl");
    assert_eq!(
        stdout(&output),
        format!(
            "{}: the record holds no hand\n2 files: 1 follow the rules, 0 disagree (0 \
             disagreements), 1 unreadable\n",
            empty.display()
        )
    );
    assert_eq!(
        run(&["validate", "--jobs", "0", LOGS]).status.code(),
        Some(2)
    );
    fs::remove_dir_all(folder).unwrap();
}
