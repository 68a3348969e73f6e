//! The hub every format converts through: formats told apart, platforms' rules, mjai logs
//! read and validated whole and hand by hand.

use mahjong_core::Rules;
use mahjong_core::mjai::{MjaiEvent, parse_log};
use mahjong_records::{Format, GameRecord, Platform, RecordError};

const MJAI: &str = include_str!("../../mahjong-core/tests/data/mjai/mlibriichi-42.jsonl");
const SANMA: &str =
    include_str!("../../mahjong-core/tests/data/mjai/sanma-riichienv-tenhou-363.jsonl");

#[test]
fn formats_are_told_by_their_first_characters() {
    assert_eq!(Format::detect(MJAI), Some(Format::Mjai));
    assert_eq!(
        Format::detect("\u{feff}  <mjloggm ver=\"2.3\">"),
        Some(Format::TenhouXml)
    );
    assert_eq!(
        Format::detect("{\"title\":[\"\"],\"log\":[]}"),
        Some(Format::TenhouJson)
    );
    // A tenhou.net/6 object over several lines: its first line is not an mjai object.
    assert_eq!(
        Format::detect("{\n  \"log\": []\n}"),
        Some(Format::TenhouJson)
    );
    // A broken first mjai line is still mjai, so that its error is the mjai line's.
    let broken = MJAI.replacen("\"}", "\"", 1);
    assert_eq!(Format::detect(&broken), Some(Format::Mjai));
    assert_eq!(Format::detect(""), None);
    assert_eq!(Format::detect("hello"), None);
    for format in Format::ALL {
        assert_eq!(format.name().parse::<Format>(), Ok(format));
    }
    let error = "xls".parse::<Format>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "`xls` is not a record format (mjai, tenhou-xml, tenhou-json)"
    );
}

#[test]
fn an_mjai_log_is_read_under_the_platforms_rules_for_its_seats() {
    let four = GameRecord::read(MJAI, Platform::MahjongSoul).unwrap();
    assert_eq!(four.rules, Rules::mahjong_soul());
    assert_eq!(four.events, parse_log(MJAI).unwrap());
    let three = GameRecord::read(SANMA, Platform::Tenhou).unwrap();
    assert_eq!(three.rules, Rules::tenhou_sanma());
    assert_eq!(
        GameRecord::read(SANMA, Platform::MLeague),
        Err(RecordError::NoRules {
            platform: Platform::MLeague,
            seats: 3
        })
    );
    assert_eq!(
        GameRecord::read("{\"type\":\"nonsense\"}", Platform::Tenhou)
            .unwrap_err()
            .to_string(),
        "line 1: `nonsense` is not an mjai line type (start_game, start_kyoku, tsumo, dahai, \
         chi, pon, daiminkan, kakan, ankan, nukidora, dora, reach, reach_accepted, hora, \
         ryukyoku, end_kyoku, end_game)"
    );
}

#[test]
fn a_valid_match_has_no_disagreement_and_its_hands_are_its_start_kyoku_lines() {
    for (text, platform) in [(MJAI, Platform::Tenhou), (SANMA, Platform::Tenhou)] {
        let record = GameRecord::read(text, platform).unwrap();
        assert!(record.is_match());
        assert_eq!(record.validate(), []);
        let hands = record.hands();
        let starts = text
            .lines()
            .filter(|l| l.contains("\"start_kyoku\""))
            .count();
        assert_eq!(hands.len(), starts);
        for hand in &hands {
            assert!(matches!(hand.events[0], MjaiEvent::StartKyoku { .. }));
            assert_eq!(hand.events.last(), Some(&MjaiEvent::EndKyoku));
            assert_eq!(record.events[hand.at], hand.events[0]);
        }
        assert_eq!(hands[0].name(), "East 1, 0 honba");
        assert_eq!(record.replayed().unwrap().len(), record.events.len());
    }
}

#[test]
fn each_hand_that_disagrees_is_reported_with_the_records_line() {
    let mut record = GameRecord::read(MJAI, Platform::Tenhou).unwrap();
    // Two hands' wins with a wrong payment each.
    let wins: Vec<usize> = (0..record.events.len())
        .filter(|&at| matches!(record.events[at], MjaiEvent::Hora { .. }))
        .collect();
    assert!(wins.len() >= 2);
    for &at in &wins[..2] {
        if let MjaiEvent::Hora {
            deltas: Some(deltas),
            ..
        } = &mut record.events[at]
        {
            deltas[0] += 100;
            deltas[1] -= 100;
        }
    }
    let found = record.validate();
    assert_eq!(found.len(), 2, "{found:?}");
    for (disagreement, at) in found.iter().zip(&wins) {
        let message = disagreement.to_string();
        assert!(
            message.contains(&format!("line {}: `hora` deltas", at + 1)),
            "{message}"
        );
        assert!(message.contains(" honba: "), "{message}");
    }
    assert!(record.replayed().is_err());
}

#[test]
fn a_match_whose_hands_replay_but_whose_end_does_not_is_one_disagreement_of_the_match() {
    let mut record = GameRecord::read(MJAI, Platform::Tenhou).unwrap();
    // The last hand cut off: each hand still replays on its own, the match does not end.
    let last = record.hands().last().unwrap().at;
    record.events.drain(last..record.events.len() - 1);
    let found = record.validate();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].hand, None);
    assert!(found[0].to_string().starts_with("the match: "));
}
