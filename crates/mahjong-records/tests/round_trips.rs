//! Every pair of formats: each real record of every format (Tenhou's XML, tenhou.net/6 JSON,
//! mjai logs of Mortal's libriichi and RiichiEnv), replayed, converted into each format and
//! read back, is the same game: the same mjai lines (replayed, for tenhou.net/6 JSON, which
//! leaves some out).

use std::fs;
use std::path::Path;

use mahjong_core::mjai::MjaiEvent;
use mahjong_records::{Format, GameRecord, Platform};

use crate::common::data;

/// Every real record of the test data that follows the rules, replayed (so that each has
/// every field the game writes: a limit hand's fu, which tenhou.net/6 JSON does not hold),
/// with its file's name.
fn replayed_records() -> Vec<(String, GameRecord)> {
    let mjai = data().join("../../../mahjong-core/tests/data/mjai");
    let folders = [
        data().join("mjlog/mahjonglm"),
        data().join("mjlog/mjlog2json"),
        data().join("mjlog/mjx"),
        data().join("mjlog/tenhou-paifu-logger"),
        data().join("mjlog/dnovikoff-tenhou"),
        data().join("tenhou6/tenhou-net"),
        mjai,
    ];
    let mut records = Vec::new();
    for folder in folders {
        let mut paths: Vec<_> = fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.extension().is_some_and(|e| {
                    ["xml", "mjlog", "json", "jsonl"].contains(&e.to_str().unwrap_or_default())
                })
            })
            .collect();
        paths.sort();
        for path in paths {
            let record = GameRecord::read(&fs::read_to_string(&path).unwrap(), Platform::Tenhou);
            let record = record.unwrap_or_else(|e| panic!("{}: {e}", name(&path)));
            // The three records that part from their rules (tests/mjlog_real.rs) are left out.
            if let Ok(events) = record.replayed() {
                records.push((name(&path), GameRecord { events, ..record }));
            }
        }
    }
    records
}

/// Panics at the first event where `got` and `expected` differ, showing both.
fn assert_same_game(got: &[MjaiEvent], expected: &[MjaiEvent], what: &str) {
    if let Some(at) = (0..got.len().max(expected.len())).find(|&i| got.get(i) != expected.get(i)) {
        panic!(
            "{what}: event {at} differs:\n got {:?}\nwant {:?}",
            got.get(at).map(|e| e.to_string()),
            expected.get(at).map(|e| e.to_string())
        );
    }
}

fn name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_real_record_converts_into_every_format_and_back_to_the_same_game() {
    let records = replayed_records();
    // 60 XML, 6 JSON and 13 mjai records replay.
    let names: Vec<&str> = records.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(records.len(), 79, "{names:?}");
    let three_player = records.iter().filter(|(_, r)| r.rules.seats == 3).count();
    // sanma2.xml, mahjonglm's record and four RiichiEnv logs (sanma.xml is of four players).
    assert_eq!(three_player, 6);
    for (name, record) in &records {
        for format in Format::ALL {
            let text = record
                .write(format)
                .unwrap_or_else(|e| panic!("{name} as {format}: {e}"));
            let back = GameRecord::read_as(format, &text, Platform::Tenhou)
                .unwrap_or_else(|e| panic!("{name} as {format}, read back: {e}"));
            // tenhou.net/6 JSON holds neither a limit hand's fu nor the points after a
            // payment: the game fills them in again.
            let events = match format {
                Format::TenhouJson => back.replayed().unwrap(),
                _ => back.events.clone(),
            };
            assert_same_game(&events, &record.events, &format!("{name} through {format}"));
            assert_eq!(
                back.rules.seats, record.rules.seats,
                "{name} through {format}"
            );
            assert_eq!(
                back.rules.red_fives, record.rules.red_fives,
                "{name} through {format}"
            );
        }
    }
}

#[test]
fn chains_of_conversions_give_the_same_game() {
    // mjai -> XML -> JSON -> mjai, and the other way round, for a four- and a
    // three-player record, each step written from the record replayed.
    let records = replayed_records();
    let chains = [
        [
            Format::Mjai,
            Format::TenhouXml,
            Format::TenhouJson,
            Format::Mjai,
        ],
        [
            Format::Mjai,
            Format::TenhouJson,
            Format::TenhouXml,
            Format::Mjai,
        ],
    ];
    for seats in [4, 3] {
        let (name, record) = records
            .iter()
            .find(|(_, r)| r.rules.seats == seats)
            .unwrap();
        for chain in chains {
            let mut at = record.clone();
            for format in chain {
                let text = at.write(format).unwrap();
                at = GameRecord::read_as(format, &text, Platform::Tenhou).unwrap();
                // As `mahjong-log convert` does: each step from the replayed record.
                at.events = at.replayed().unwrap();
            }
            assert_same_game(
                &at.events,
                &record.events,
                &format!("{name} through {chain:?}"),
            );
        }
    }
}

#[test]
fn the_final_ranking_points_are_tenhous_in_both_formats() {
    // Tenhou's own owari of a 2023 game (its older logs round the ranking points).
    let path = data().join("mjlog/mjlog2json/2023053016gm-0029-0000-e54b3b98.xml");
    let text = fs::read_to_string(path).unwrap();
    let owari = |xml: &str| {
        xml.split(" owari=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string()
    };
    let record = GameRecord::read(&text, Platform::Tenhou).unwrap();
    let written = record.write(Format::TenhouXml).unwrap();
    assert_eq!(owari(&written), owari(&text));
    let json = record.write(Format::TenhouJson).unwrap();
    assert!(
        json.contains("\"sc\":[53800,63.8,16100,-23.9,29300,9.3,800,-49.2]"),
        "{json}"
    );
}
