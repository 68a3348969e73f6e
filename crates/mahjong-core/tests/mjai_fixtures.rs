//! mjai logs no one here wrote (feature `mjai`): whole hanchan played by Mortal's libriichi
//! arena (as the `mjai` 0.2.1 package ships it) and by riichienv 0.4.11, made by
//! `tests/data/mjai/generate.py` (see the README there for what each log holds). Every one
//! replays through `mjai::replay` under the Tenhou rules: every line the game writes
//! agrees with the log's on every field the log gives, to the end of the match.
#![cfg(feature = "mjai")]

use std::path::{Path, PathBuf};

use mahjong_core::Rules;
use mahjong_core::mjai::{MjaiEvent, parse_log, replay};

/// The fixture logs of `engine` (the start of their file names).
fn fixtures(engine: &str) -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mjai");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the fixture folder")
        .map(|entry| entry.expect("a fixture").path())
        .filter(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with(engine) && name.ends_with(".jsonl")
        })
        .collect();
    logs.sort();
    logs
}

/// Replays every log of `engine` (at least 4), failing with every log that does not
/// replay; returns each log's text and the replayed lines.
fn replay_all(engine: &str) -> Vec<(String, Vec<MjaiEvent>)> {
    let logs = fixtures(engine);
    assert!(logs.len() >= 4, "{} logs of {engine}", logs.len());
    let mut replayed = Vec::new();
    let mut failures = Vec::new();
    for path in &logs {
        let text = std::fs::read_to_string(path).expect("a fixture log");
        match replay(Rules::tenhou(), &text) {
            Ok(lines) => replayed.push((text, lines)),
            Err(error) => failures.push(format!("{}: {error}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    replayed
}

/// The replayed log has as many lines as the log, of the same types (the replay compares
/// them field by field as it goes).
fn same_lines(text: &str, replayed: &[MjaiEvent]) {
    let given = parse_log(text).expect("a log that replays parses");
    let kinds = |lines: &[MjaiEvent]| lines.iter().map(MjaiEvent::kind).collect::<Vec<_>>();
    assert_eq!(kinds(replayed), kinds(&given));
}

#[test]
fn every_libriichi_log_replays_and_keeps_its_names() {
    for (text, replayed) in replay_all("mlibriichi-") {
        same_lines(&text, &replayed);
        let names = ["p0", "p1", "p2", "p3"].map(str::to_string);
        assert_eq!(
            replayed[0],
            MjaiEvent::StartGame {
                id: None,
                names: Some(names)
            }
        );
    }
}

#[test]
fn every_riichienv_log_replays() {
    for (text, replayed) in replay_all("riichienv-") {
        same_lines(&text, &replayed);
    }
}
