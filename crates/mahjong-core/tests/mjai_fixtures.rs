//! mjai logs no one here wrote (feature `mjai`): whole hanchan played by Mortal's libriichi
//! arena (as the `mjai` 0.2.1 package ships it) and by riichienv 0.4.11, made by
//! `tests/data/mjai/generate.py` (see the README there). Every one replays through
//! `mjai::replay` under the Tenhou rules, line for line.
#![cfg(feature = "mjai")]

use std::path::{Path, PathBuf};

use mahjong_core::Rules;
use mahjong_core::mjai::{MjaiEvent, parse_log, replay};

fn fixtures() -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/mjai");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the fixture folder")
        .map(|entry| entry.expect("a fixture").path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    logs.sort();
    logs
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_fixture_log_replays() {
    let logs = fixtures();
    let engines = ["mlibriichi-", "riichienv-"];
    for engine in engines {
        let count = logs
            .iter()
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(engine))
            })
            .count();
        assert!(count >= 3, "{count} logs of {engine}");
    }
    let failures: Vec<String> = logs
        .iter()
        .filter_map(|path| {
            let error = replay(Rules::tenhou(), &read(path)).err()?;
            Some(format!("{}: {error}", path.display()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for path in &logs {
        let text = read(path);
        let replayed = replay(Rules::tenhou(), &text).expect("replayed above");
        let given = parse_log(&text).expect("a log that replays parses");
        assert_eq!(replayed.len(), given.len(), "{}", path.display());
        for (ours, theirs) in replayed.iter().zip(&given) {
            assert_eq!(ours.kind(), theirs.kind(), "{}", path.display());
        }
    }
}
