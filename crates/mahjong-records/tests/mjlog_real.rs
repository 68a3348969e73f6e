//! Every real Tenhou record of `tests/data/mjlog` reads and replays under mahjong-core's
//! rules with no disagreement: every action legal, every `AGARI`'s yaku, han, fu and points
//! and every hand's `sc` what the game scores; the three records that part from the rules
//! `GO` names are asserted to the tag, with the rule that explains them.

use mahjong_core::Rules;
use mahjong_core::mjai::{MjaiError, MjaiEvent, replay, to_jsonl};
use mahjong_records::mjlog::{self, MjlogError};

use crate::common::mjlogs;

/// Records whose play parts from the rules their `GO` tag names, for a real reason.
const DIVERGENT: [&str; 3] = [
    "mjlog/dnovikoff-tenhou/bug1.xml",
    "mjlog/dnovikoff-tenhou/chip.xml",
    "mjlog/dnovikoff-tenhou/ratio1.xml",
];

#[test]
fn every_real_record_replays() {
    let records = mjlogs();
    assert_eq!(records.len(), 63);
    let mut hands = 0;
    for (name, text) in &records {
        if DIVERGENT.contains(&name.as_str()) {
            continue;
        }
        let record = mjlog::replay(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        hands += record
            .events
            .iter()
            .filter(|e| matches!(e, MjaiEvent::StartKyoku { .. }))
            .count();
    }
    assert!(hands > 450, "{hands} hands");
}

/// The record read and replayed as a whole match under `rules`.
fn replay_under(name: &str, rules: Rules) -> Result<Vec<MjaiEvent>, MjaiError> {
    let (_, text) = mjlogs()
        .into_iter()
        .find(|(n, _)| n == name)
        .expect("the record");
    let record = mjlog::read(&text).expect("it reads");
    replay(rules, &to_jsonl(&record.events))
}

/// dnovikoff/tenhou's bug1.xml: at South 4, 1 honba, the dealer (seat 3) alone tenpai at the
/// exhaustive draw goes first with 37,400 points, and Tenhou deals South 4, 2 honba:
/// Tenhou does not stop on a last dealer's tenpai (no tenpai-yame), where
/// `Rules::tenhou()` (`tenpai_yame: true`) ends the match. Replayed without tenpai-yame, the
/// whole match agrees.
#[test]
fn bug1_plays_on_after_the_last_dealers_tenpai() {
    let (_, text) = mjlogs()
        .into_iter()
        .find(|(n, _)| n.ends_with("bug1.xml"))
        .unwrap();
    match mjlog::replay(&text) {
        Err(MjlogError::Replay { index, tag, source }) => {
            assert_eq!(index, 1202);
            assert!(tag.starts_with("<INIT seed=\"7,2,0,4,5,90\""), "{tag}");
            assert!(
                matches!(&*source, MjaiError::Disagrees { kind, field, game, .. }
                    if kind == "start_kyoku" && field == "type" && game == "\"end_game\""),
                "{source}"
            );
        }
        other => panic!("{other:?}"),
    }
    let mut rules = Rules::tenhou();
    rules.match_rules.tenpai_yame = false;
    assert!(replay_under(DIVERGENT[0], rules).is_ok());
}

/// dnovikoff/tenhou's chip.xml (`GO type` 553, 0x200 set) and ratio1.xml (1569, 0x200 and
/// 0x400 set): lobbies with chips (shuugi) and private rules, whose flags above 0x80 the
/// reader does not take. Their 4-han 30-fu tsumo wins are paid as mangan (12,000 by a
/// dealer, `ten="30,12000,0"`; 8,000 by a non-dealer), as kiriage mangan pays them, where
/// Tenhou's ranked rule pays 11,600 and 7,700. chip.xml also turns an added kan's dora at
/// once (`<N who="0" m="39539" /><DORA hai="92" /><T39/>`, before the replacement draw):
/// with kiriage mangan and the kan dora at once, the whole match agrees. ratio1.xml then
/// parts at a ron with 1 honba and 2 sticks paid 1,500 for the honba (+11,500 for an 8,000
/// hand), which no field of the rules holds.
#[test]
fn chip_lobbies_play_private_rules() {
    let cases = [
        (
            DIVERGENT[1],
            89,
            "[13000,-4000,-4000,-4000]",
            "[12700,-3900,-3900,-3900]",
        ),
        (
            DIVERGENT[2],
            241,
            "[-2000,-4000,9000,-2000]",
            "[-2000,-3900,8900,-2000]",
        ),
    ];
    for (name, index, log, game) in cases {
        let (_, text) = mjlogs().into_iter().find(|(n, _)| n == name).unwrap();
        match mjlog::replay(&text) {
            Err(MjlogError::Replay {
                index: at,
                tag,
                source,
            }) => {
                let MjaiError::Disagrees {
                    kind,
                    field,
                    log: l,
                    game: g,
                    ..
                } = *source
                else {
                    panic!("{name}: {source}")
                };
                assert_eq!(at, index, "{name}");
                assert!(tag.starts_with("<AGARI"), "{name}: {tag}");
                assert_eq!(
                    (kind.as_str(), field.as_str()),
                    ("hora", "deltas"),
                    "{name}"
                );
                assert_eq!((l.as_str(), g.as_str()), (log, game), "{name}");
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    let mut rules = Rules::tenhou();
    rules.scoring.kiriage_mangan = true;
    rules.kan_dora_at_once = true;
    assert!(replay_under(DIVERGENT[1], rules).is_ok());
    match replay_under(DIVERGENT[2], rules) {
        Err(MjaiError::Disagrees {
            line,
            kind,
            field,
            log,
            game,
        }) => {
            assert_eq!(
                (line, kind.as_str(), field.as_str()),
                (462, "hora", "deltas")
            );
            assert_eq!(
                (log.as_str(), game.as_str()),
                ("[0,0,-9500,11500]", "[0,0,-8300,10300]")
            );
        }
        other => panic!("{other:?}"),
    }
}

/// A hand-checked record: mjx's double-ron.mjlog reads two `hora` lines on one discard, the
/// seat nearer the discarder first, each with its own `sc`.
#[test]
fn a_double_ron_reads_as_two_hora_lines() {
    let (_, text) = mjlogs()
        .into_iter()
        .find(|(n, _)| n.ends_with("mjx/double-ron.mjlog"))
        .unwrap();
    let record = mjlog::replay(&text).unwrap();
    let events = &record.events;
    let double = events.windows(2).find_map(|w| match w {
        [
            MjaiEvent::Hora {
                target: t1,
                actor: a1,
                ..
            },
            MjaiEvent::Hora {
                target: t2,
                actor: a2,
                ..
            },
        ] => Some((*a1, *t1, *a2, *t2)),
        _ => None,
    });
    let (a1, t1, a2, t2) = double.expect("two hora lines in a row");
    assert_eq!(t1, t2);
    assert!((a1 + 4 - t1) % 4 < (a2 + 4 - t2) % 4);
}
