//! Every real Tenhou record of `tests/data/mjlog` reads and replays under mahjong-core's
//! rules with no disagreement: every action legal, every `AGARI`'s yaku, han, fu and points
//! and every hand's `sc` what the game scores.

use mahjong_records::mjlog;

use crate::common::mjlogs;

#[test]
fn every_real_record_replays() {
    let mut failures = Vec::new();
    let records = mjlogs();
    assert!(records.len() >= 59, "{} records", records.len());
    for (name, text) in &records {
        if let Err(error) = mjlog::replay(text) {
            failures.push(format!("{name}: {error}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        records.len(),
        failures.join("\n")
    );
}
