//! Bad input: each kind of damage gives its typed error naming the tag, and no edit of a
//! real record makes reading or replaying it panic.

use mahjong_core::mjai::MjaiError;
use mahjong_records::mjlog::{self, MjlogError};
use proptest::prelude::*;

use crate::common::data;

/// mjx's first-example.mjlog: a whole match with calls, riichi and wins.
fn record() -> String {
    std::fs::read_to_string(data().join("mjlog/mjx/first-example.mjlog")).expect("the record")
}

/// `text` with the first match of `from` replaced by `to`.
fn edited(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// The index of the tag that starts at the first `needle` in `text`.
fn tag_index(text: &str, needle: &str) -> usize {
    let at = text.find(needle).expect("the tag");
    text[..at].matches('<').count()
}

#[test]
fn the_real_record_reads() {
    assert!(mjlog::replay(&record()).is_ok());
}

#[test]
fn a_truncated_record_is_refused() {
    let text = record();
    let init = text.find("<INIT").unwrap();
    // Cut inside a tag.
    assert!(matches!(
        mjlog::read(&text[..init + 10]),
        Err(MjlogError::Syntax { offset, .. }) if offset == init
    ));
    // Cut between tags: the hand has no result, the root no end.
    let draw = text[init..].find("/><T").unwrap() + init + 2;
    assert_eq!(
        mjlog::read(&text[..draw]),
        Err(MjlogError::Truncated {
            expected: "`</mjloggm>`".to_string()
        })
    );
    let without_end = format!("{}</mjloggm>", &text[..draw]);
    assert!(matches!(
        mjlog::read(&without_end),
        Err(MjlogError::Truncated { expected }) if expected.contains("result")
    ));
    assert!(matches!(mjlog::read(""), Err(MjlogError::Truncated { .. })));
}

#[test]
fn what_is_not_an_mjlog_is_refused() {
    assert!(matches!(
        mjlog::read("hello"),
        Err(MjlogError::Syntax { offset: 0, .. })
    ));
    assert!(matches!(
        mjlog::read("{\"log\":[]}"),
        Err(MjlogError::Syntax { offset: 0, .. })
    ));
    assert!(matches!(
        mjlog::read("<html><body/></html>"),
        Err(MjlogError::OutOfPlace { index: 0, .. })
    ));
}

#[test]
fn an_unknown_tag_is_named() {
    let text = record();
    let at = text.find("<T107/>").unwrap();
    let with = format!("{}<FOO bar=\"1\"/>{}", &text[..at], &text[at..]);
    assert_eq!(
        mjlog::read(&with),
        Err(MjlogError::UnknownTag {
            index: tag_index(&with, "<FOO"),
            tag: "<FOO bar=\"1\"/>".to_string()
        })
    );
}

#[test]
fn a_bad_tile_id_is_named() {
    let text = record();
    let over = edited(&text, "<T107/>", "<T200/>");
    assert!(matches!(
        mjlog::read(&over),
        Err(MjlogError::BadTile { index, tag, id: 200, .. })
            if index == tag_index(&over, "<T200/>") && tag == "<T200/>"
    ));
    // Seat 0 discards 70, a tile of seat 1's hand.
    let foreign = edited(&text, "<D39/>", "<D70/>");
    assert!(matches!(
        mjlog::read(&foreign),
        Err(MjlogError::NotInHand { tag, seat: 0, id: 70, .. }) if tag == "<D70/>"
    ));
    // A copy drawn twice.
    let twice = edited(&text, "<U47/>", "<U107/>");
    assert!(matches!(
        mjlog::read(&twice),
        Err(MjlogError::BadTile { id: 107, .. })
    ));
}

#[test]
fn a_corrupted_meld_is_named() {
    let text = record();
    let start = text.find("<N who=").unwrap();
    let end = start + text[start..].find("/>").unwrap() + 2;
    let tag = &text[start..end];
    for m in ["25", "70000", "64512"] {
        // 25: the pon and added-kan bits both set; 70000: more than 16 bits; 64512: a chi
        // past 7-8-9s.
        let bad = format!(
            "{}<N who=\"1\" m=\"{m}\" />{}",
            &text[..start],
            &text[end..]
        );
        match mjlog::read(&bad) {
            Err(MjlogError::BadMeld {
                index,
                m: value,
                tag,
                ..
            }) => {
                assert_eq!(index, tag_index(&bad, "<N who"));
                assert_eq!(value.to_string(), m);
                assert!(tag.contains(m));
            }
            other => panic!("m={m} in place of {tag}: {other:?}"),
        }
    }
}

#[test]
fn an_agari_whose_points_disagree_is_named() {
    let text = record();
    let start = text.find("<AGARI").unwrap();
    let ten_at = start + text[start..].find("ten=\"").unwrap() + 5;
    let ten_end = ten_at + text[ten_at..].find('"').unwrap();
    let ten: Vec<u32> = text[ten_at..ten_end]
        .split(',')
        .map(|n| n.parse().unwrap())
        .collect();
    let wrong = format!("{},{},{}", ten[0], ten[1] + 1000, ten[2]);
    let bad = format!("{}{wrong}{}", &text[..ten_at], &text[ten_end..]);
    // It reads (the record is well formed) but the game scores the win otherwise.
    assert!(mjlog::read(&bad).is_ok());
    match mjlog::replay(&bad) {
        Err(MjlogError::Replay { index, tag, source }) => {
            let MjaiError::Disagrees {
                kind,
                field,
                log,
                game,
                ..
            } = *source
            else {
                panic!("{source}")
            };
            assert_eq!(index, tag_index(&bad, "<AGARI"));
            assert!(tag.starts_with("<AGARI"));
            assert_eq!((kind.as_str(), field.as_str()), ("hora", "hora_points"));
            assert_eq!(log, (ten[1] + 1000).to_string());
            assert_eq!(game, ten[1].to_string());
        }
        other => panic!("{other:?}"),
    }
    // A `sc` whose points before are not the seats' points is refused on reading.
    let sc_at = start + text[start..].find("sc=\"").unwrap() + 4;
    let bad_sc = format!("{}9{}", &text[..sc_at], &text[sc_at..]);
    assert!(matches!(
        mjlog::read(&bad_sc),
        Err(MjlogError::OutOfPlace { index, .. }) if index == tag_index(&bad_sc, "<AGARI")
    ));
}

#[test]
fn bad_attributes_are_named() {
    let text = record();
    let bad = edited(&text, "oya=\"0\" hai0", "oya=\"x\" hai0");
    assert!(matches!(
        mjlog::read(&bad),
        Err(MjlogError::BadAttribute { attribute, .. }) if attribute == "oya"
    ));
    // A win naming dora indicators the hand did not show.
    let agari = text.find("<AGARI").unwrap();
    let dora_at = agari + text[agari..].find("doraHai=\"").unwrap() + 9;
    let wrong_dora = format!("{}1{}", &text[..dora_at], &text[dora_at..]);
    assert!(matches!(
        mjlog::read(&wrong_dora),
        Err(MjlogError::BadAttribute { index, attribute, .. })
            if attribute == "doraHai" && index == tag_index(&wrong_dora, "<AGARI")
    ));
    let no_go = edited(&text, "<GO ", "<GOO ");
    assert!(matches!(
        mjlog::read(&no_go),
        Err(MjlogError::UnknownTag { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Random byte edits (replace, insert, delete) of a real record: reading and replaying
    /// return `Ok` or `Err`, never panic.
    #[test]
    fn random_edits_never_panic(
        edits in prop::collection::vec((0usize..14_467, any::<u8>(), 0u8..3), 1..8)
    ) {
        let mut bytes = record().into_bytes();
        for (at, byte, how) in edits {
            let at = at % bytes.len().max(1);
            match how {
                0 => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ => { bytes.remove(at); }
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let _ = mjlog::read(&text);
        let _ = mjlog::replay(&text);
    }

    /// Edits of digits only (ids, seats, points, `m`): the record stays tag-shaped, so the
    /// checks of tiles, melds and points are what stop it.
    #[test]
    fn random_digit_edits_never_panic(
        edits in prop::collection::vec((0usize..14_467, 0u8..10), 1..6)
    ) {
        let mut bytes = record().into_bytes();
        for (at, digit) in edits {
            let at = at % bytes.len();
            if bytes[at].is_ascii_digit() {
                bytes[at] = b'0' + digit;
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(record) = mjlog::read(&text) {
            let _ = mjlog::write(&record);
        }
        let _ = mjlog::replay(&text);
    }
}

#[test]
fn what_an_mjlog_cannot_hold_is_refused_on_writing() {
    use mahjong_core::mjai::{MjaiEvent, MjaiTile};
    let record = mjlog::read(&record()).unwrap();
    let start = record
        .events
        .iter()
        .position(|e| matches!(e, MjaiEvent::Tsumo { .. }))
        .unwrap();
    let with = |at: usize, event: MjaiEvent| {
        let mut damaged = record.clone();
        damaged.events[at] = event;
        mjlog::write(&damaged)
    };
    // A hidden tile.
    assert!(matches!(
        with(start, MjaiEvent::Tsumo { actor: 0, pai: MjaiTile::Hidden }),
        Err(MjlogError::Unwritable { event, .. }) if event == start
    ));
    // A seat not at the table.
    let tile = "1m".parse().unwrap();
    assert!(matches!(
        with(start, MjaiEvent::Tsumo { actor: 7, pai: tile }),
        Err(MjlogError::Unwritable { event, .. }) if event == start
    ));
    // A discard of a tile the seat does not hold.
    let discard = start + 1;
    let MjaiEvent::Dahai { actor, .. } = record.events[discard] else {
        panic!("a discard follows the draw")
    };
    let absent = ["1m", "9m", "1p", "9p", "E", "C"]
        .into_iter()
        .map(|t| t.parse::<MjaiTile>().unwrap())
        .find(|&t| {
            let MjaiEvent::StartKyoku { tehais, .. } = &record.events[start - 1] else {
                return false;
            };
            !tehais[usize::from(actor)].contains(&t)
        })
        .unwrap();
    assert!(matches!(
        with(discard, MjaiEvent::Dahai { actor, pai: absent, tsumogiri: false }),
        Err(MjlogError::Unwritable { event, .. }) if event == discard
    ));
    // A record without start_game.
    let mut headless = record.clone();
    headless.events.remove(0);
    assert!(matches!(
        mjlog::write(&headless),
        Err(MjlogError::Unwritable { event: 0, .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Random edits of a record's events (one removed, one copied elsewhere, two swapped):
    /// writing returns `Ok` or `Err`, never panics, and what it writes reads back (or is
    /// refused) without panicking.
    #[test]
    fn writing_edited_records_never_panics(
        edits in prop::collection::vec((0usize..2_000, 0usize..2_000, 0u8..3), 1..5)
    ) {
        let mut record = mjlog::read(&record()).unwrap();
        for (a, b, how) in edits {
            let len = record.events.len();
            let (a, b) = (a % len, b % len);
            match how {
                0 => { record.events.remove(a); }
                1 => {
                    let copied = record.events[a].clone();
                    record.events.insert(b, copied);
                }
                _ => record.events.swap(a, b),
            }
        }
        if let Ok(text) = mjlog::write(&record) {
            let _ = mjlog::read(&text);
        }
    }
}
