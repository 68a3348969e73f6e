//! A differential test: the six games of tsubakisakura/mjlog2json in both of Tenhou's own
//! formats (the XML record and the tenhou.net/6 JSON Tenhou served for the same game, in
//! `tests/data/tenhou6/tenhou-net/`) read as the same mjai lines, hand by hand, one by this
//! crate's XML reader, the other by its JSON reader (`tenhou6::read`): every field the JSON
//! reader gives (the yaku, han and points of each win included; the fu of a limit hand,
//! which the JSON does not hold, left out) agrees.

use mahjong_core::mjai::MjaiEvent;
use mahjong_records::{mjlog, tenhou6};
use serde_json::Value;

use crate::common::data;

/// The line as JSON with the tiles of hands and calls sorted.
fn normalized(event: &MjaiEvent) -> Value {
    let mut value: Value = event.to_json().parse().expect("JSON");
    let sort = |list: &mut Value| {
        if let Value::Array(items) = list {
            items.sort_by_key(Value::to_string);
        }
    };
    if let Some(consumed) = value.get_mut("consumed") {
        sort(consumed);
    }
    if let Some(Value::Array(hands)) = value.get_mut("tehais") {
        hands.iter_mut().for_each(sort);
    }
    value
}

#[test]
fn the_xml_and_json_of_each_game_read_the_same() {
    let folder = data().join("tenhou6/tenhou-net");
    let mut games = 0;
    let mut compared = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&folder)
        .expect("the folder")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for json_path in entries {
        let stem = json_path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a name")
            .to_string();
        let xml_path = data().join(format!("mjlog/mjlog2json/{stem}.xml"));
        let xml = mjlog::read(&std::fs::read_to_string(&xml_path).expect("the twin"))
            .expect("the XML reads");
        let json = tenhou6::read(&std::fs::read_to_string(&json_path).expect("the JSON"))
            .expect("the JSON reads");
        assert_eq!(json.rules.red_fives, xml.rules.red_fives, "{stem}");
        let (ours, theirs) = (xml.hands(), json.hands());
        assert_eq!(ours.len(), theirs.len(), "{stem}: hands");
        for (number, (mine, other)) in ours.iter().zip(theirs).enumerate() {
            let (mine, other) = (mine.events, other.events);
            assert_eq!(mine.len(), other.len(), "{stem} hand {number}: lines");
            for (at, (a, b)) in mine.iter().zip(other).enumerate() {
                let (a, b) = (normalized(a), normalized(b));
                let Value::Object(fields) = &b else {
                    panic!("an object")
                };
                for (field, value) in fields {
                    assert_eq!(
                        a.get(field),
                        Some(value),
                        "{stem} hand {number} line {at} `{field}`: {a} vs {b}"
                    );
                    compared += 1;
                }
            }
        }
        games += 1;
    }
    assert_eq!(games, 6);
    assert!(compared > 20_000, "{compared} fields compared");
}
