//! mjai logs no one here wrote (feature `mjai`): whole hanchan played by Mortal's libriichi
//! arena (as the `mjai` 0.2.1 package ships it) and by riichienv 0.4.11, made by
//! `tests/data/mjai/generate.py` (see the README there for what each log holds), and
//! riichienv's three-player hanchan (sanma). Every one replays through `mjai::replay`
//! under the Tenhou rules (`Rules::tenhou_sanma` for the sanma logs): every line the game
//! writes agrees with the log's on every field the log gives, to the end of the match.
#![cfg(feature = "mjai")]

use std::path::{Path, PathBuf};

use mahjong_core::Rules;
use mahjong_core::mjai::{MjaiError, MjaiEvent, logged_hands, parse_log, replay};

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

/// Replays every log of `engine` (at least 4) under `rules`, failing with every log that
/// does not replay; returns each log's text and the replayed lines.
fn replay_all(engine: &str, rules: Rules) -> Vec<(String, Vec<MjaiEvent>)> {
    let logs = fixtures(engine);
    assert!(logs.len() >= 4, "{} logs of {engine}", logs.len());
    let mut replayed = Vec::new();
    let mut failures = Vec::new();
    for path in &logs {
        let text = std::fs::read_to_string(path).expect("a fixture log");
        match replay(rules, &text) {
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
    for (text, replayed) in replay_all("mlibriichi-", Rules::tenhou()) {
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
    for (text, replayed) in replay_all("riichienv-", Rules::tenhou()) {
        same_lines(&text, &replayed);
    }
}

/// riichienv's sanma (game mode 5, its Tenhou rules) replays under Tenhou's three-player
/// rules: kita and its replacement draws (past the dead wall's four, from the live wall's
/// end), ron on a kita (`sanma-riichienv-tenhou-383`, line 588: a yakuman), tsumo paid
/// with tsumo-loss, double ron, kyuushu kyuuhai, four kans aborting, exhaustive draws.
#[test]
fn every_riichienv_sanma_log_replays_under_tenhou_sanma() {
    let logs = replay_all("sanma-riichienv-tenhou-", Rules::tenhou_sanma());
    let mut kitas = 0;
    for (text, replayed) in &logs {
        same_lines(text, replayed);
        kitas += replayed
            .iter()
            .filter(|l| matches!(l, MjaiEvent::Nukidora { .. }))
            .count();
    }
    assert!(
        kitas >= 4 * logs.len(),
        "{kitas} kitas in {} logs",
        logs.len()
    );
}

/// A scan by hand, not in CI: replays every `*.jsonl` in the folder `MJAI_REPLAY_DIR` under
/// the preset `MJAI_REPLAY_RULES` (`tenhou`, `tenhou_sanma` or `mahjong_soul_sanma`),
/// prints each log that does not replay with the first disagreement, and fails if any
/// does not. The logs come from `generate.py write-sanma` (see the README there).
///
/// ```text
/// MJAI_REPLAY_DIR=/tmp/logs MJAI_REPLAY_RULES=tenhou_sanma \
///     cargo test -p mahjong-core --features mjai --test tests mjai_fixtures:: -- --ignored
/// ```
#[test]
#[ignore = "a scan of a folder of logs, run by hand"]
fn a_folder_of_logs_replays() {
    let folder = std::env::var("MJAI_REPLAY_DIR").expect("MJAI_REPLAY_DIR: a folder of logs");
    let name = std::env::var("MJAI_REPLAY_RULES").unwrap_or_else(|_| "tenhou".to_string());
    let rules = match name.as_str() {
        "tenhou" => Rules::tenhou(),
        "tenhou_sanma" => Rules::tenhou_sanma(),
        "mahjong_soul_sanma" => Rules::mahjong_soul_sanma(),
        other => panic!("MJAI_REPLAY_RULES: no preset {other}"),
    };
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("MJAI_REPLAY_DIR: a folder")
        .map(|entry| entry.expect("a log").path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    logs.sort();
    let mut failures = Vec::new();
    for path in &logs {
        let text = std::fs::read_to_string(path).expect("a log");
        if let Err(error) = replay(rules, &text) {
            println!("{}: {error}", path.display());
            failures.push(path);
        }
    }
    println!(
        "{name}: {} of {} logs replay",
        logs.len() - failures.len(),
        logs.len()
    );
    assert!(failures.is_empty());
}

/// Plays `hands` again from their walls and actions (a match's hands dealt in order) and
/// writes the game's log.
fn replay_logged(rules: Rules, hands: &[mahjong_core::mjai::LoggedHand]) -> Vec<MjaiEvent> {
    let mut game = mahjong_core::Match::new(rules).unwrap();
    let mut writer = mahjong_core::mjai::MjaiWriter::new();
    for hand in hands {
        let events = game.deal(hand.wall.clone()).unwrap();
        assert_eq!(game.kyoku().unwrap().start(), &hand.start);
        writer.record_match(&game, &events);
        for logged in &hand.actions {
            let events = game.apply(logged.action).unwrap();
            writer.record_match(&game, &events);
        }
        assert_eq!(hand.chombo, None);
    }
    writer.lines().to_vec()
}

#[test]
fn the_logged_hands_of_every_log_play_the_log_again() {
    use mahjong_core::mjai::{logged_hands, logged_hands_of_text};
    for (engine, rules) in [
        ("mlibriichi-", Rules::tenhou()),
        ("riichienv-", Rules::tenhou()),
        ("sanma-", Rules::tenhou_sanma()),
    ] {
        for (text, replayed) in replay_all(engine, rules) {
            let hands = logged_hands_of_text(rules, &text, true).unwrap();
            let starts = text.lines().filter(|l| l.contains("start_kyoku")).count();
            assert_eq!(hands.len(), starts);
            // Every decision: each action once, each claim asked answered.
            let dahai = text.lines().filter(|l| l.contains("\"dahai\"")).count();
            let discards = hands
                .iter()
                .flat_map(|h| &h.actions)
                .filter(|a| {
                    use mahjong_core::KyokuAction as A;
                    let discard = |a: &A| {
                        matches!(
                            a,
                            A::Discard(_) | A::Tsumogiri | A::Riichi(_) | A::RiichiTsumogiri
                        )
                    };
                    discard(&a.action)
                })
                .count();
            assert_eq!(discards, dahai);
            let game_lines = replay_logged(rules, &hands);
            let kinds = |lines: &[MjaiEvent]| lines.iter().map(MjaiEvent::kind).collect::<Vec<_>>();
            assert_eq!(kinds(&game_lines), kinds(&replayed));
            let events = parse_log(&text).unwrap();
            assert_eq!(logged_hands(rules, &events, true).unwrap(), hands);
        }
    }
}

#[test]
fn logged_hands_of_events_built_by_hand_are_checked_as_read_lines_are() {
    // A log's events with the first closed kan's tiles taken away, or a seat of 9: what
    // reading text refuses is refused here too, at the same line, and nothing panics.
    let text = include_str!("data/mjai/mlibriichi-11.jsonl");
    let events = parse_log(text).unwrap();
    let at = events
        .iter()
        .position(|e| matches!(e, MjaiEvent::Dahai { .. }))
        .unwrap();
    let mut broken = events.clone();
    broken.insert(
        at,
        MjaiEvent::Ankan {
            actor: 0,
            consumed: Vec::new(),
        },
    );
    let error = logged_hands(Rules::tenhou(), &broken, true).unwrap_err();
    assert!(
        matches!(error, MjaiError::Malformed { line, .. } if line == at + 1),
        "{error}"
    );
    let mut broken = events;
    broken[at] = MjaiEvent::Tsumo {
        actor: 9,
        pai: "1m".parse().unwrap(),
    };
    let error = logged_hands(Rules::tenhou(), &broken, true).unwrap_err();
    assert!(
        error.to_string().contains("`actor` is 9, not a seat"),
        "{error}"
    );
}
