//! mjai logs of three-player riichi (feature `mjai`) in the dialect the three-player forks
//! of Mortal's libriichi read: `nukidora` lines for a kita, four `scores` with 0 for the
//! empty seat and its `tehais` all `?`; the log reads back to the same lines, and
//! RiichiEnv's `kita` lines read as `nukidora`.
#![cfg(feature = "mjai")]

use mahjong_core::bot::{EfficiencyBot, KyokuBot};
use mahjong_core::mjai::{MjaiEvent, MjaiTile, MjaiWriter, parse_log, to_jsonl};
use mahjong_core::{Match, Rules, TileWall};
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn a_sanma_match_writes_nukidora_lines_that_read_back() {
    let rules = Rules::tenhou_sanma();
    let mut shuffle = StdRng::seed_from_u64(11);
    let mut game = Match::new(rules).unwrap();
    let mut log = MjaiWriter::new();
    while !game.is_over() {
        let events = if game.needs_wall() {
            game.deal(TileWall::for_rules(&rules, &mut shuffle))
                .unwrap()
        } else {
            let view = game.view(game.to_move().unwrap()).unwrap();
            let action = EfficiencyBot.choose(&view).unwrap();
            game.apply(action).unwrap()
        };
        log.record_match(&game, &events);
    }
    let lines = log.lines();
    let nukidora: Vec<&MjaiEvent> = lines
        .iter()
        .filter(|l| matches!(l, MjaiEvent::Nukidora { .. }))
        .collect();
    assert!(
        !nukidora.is_empty(),
        "bots set North aside in a whole match"
    );
    for line in &nukidora {
        let MjaiEvent::Nukidora { pai, .. } = line else {
            unreachable!()
        };
        assert_eq!(pai.to_string(), "N");
    }
    let MjaiEvent::StartKyoku { scores, tehais, .. } = &lines[1] else {
        panic!("no start_kyoku: {:?}", lines[1]);
    };
    assert_eq!(*scores, [35_000, 35_000, 35_000, 0]);
    assert!(tehais[3].iter().all(|t| *t == MjaiTile::Hidden));
    assert!(
        tehais[..3]
            .iter()
            .all(|h| h.iter().all(|t| *t != MjaiTile::Hidden))
    );
    let text = to_jsonl(lines);
    assert!(text.contains(r#"{"type":"nukidora","actor":"#), "{text}");
    assert_eq!(parse_log(&text).unwrap(), lines);
}

#[test]
fn riichienv_kita_lines_read_as_nukidora() {
    let line = r#"{"type":"kita","actor":2,"pai":"N"}"#;
    let parsed = parse_log(line).unwrap();
    let MjaiEvent::Nukidora { actor, pai } = &parsed[0] else {
        panic!("{parsed:?}");
    };
    assert_eq!((*actor, pai.to_string().as_str()), (2, "N"));
    assert_eq!(
        to_jsonl(&parsed).trim(),
        r#"{"type":"nukidora","actor":2,"pai":"N"}"#
    );
}
