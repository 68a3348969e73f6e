//! mjai logs of three-player riichi (feature `mjai`) in the dialect the three-player forks
//! of Mortal's libriichi read: `nukidora` lines for a kita, four `scores` with 0 for the
//! empty seat and its `tehais` all `?`; the log reads back to the same lines, and
//! RiichiEnv's `kita` lines and three-seat lists read as this crate writes them. A sanma
//! log replays under its rules (the 108-tile wall rebuilt), and one that does not fit the
//! three-player table is refused.
#![cfg(feature = "mjai")]

use mahjong_core::bot::{EfficiencyBot, KyokuBot};
use mahjong_core::mjai::{
    MjaiError, MjaiEvent, MjaiTile, MjaiWriter, parse_log, replay, replay_hands, to_jsonl,
};
use mahjong_core::{Match, Rules, RulesError, TileWall};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A whole match of `rules` between efficiency bots on walls shuffled from `seed`, as
/// `MjaiWriter` writes it.
fn bot_match(rules: Rules, seed: u64) -> Vec<MjaiEvent> {
    let mut shuffle = StdRng::seed_from_u64(seed);
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
    log.lines().to_vec()
}

const SANMA_PRESETS: [(&str, Rules); 2] = [
    ("tenhou_sanma", Rules::tenhou_sanma()),
    ("mahjong_soul_sanma", Rules::mahjong_soul_sanma()),
];

#[test]
fn a_sanma_match_writes_nukidora_lines_that_read_back() {
    let log = bot_match(Rules::tenhou_sanma(), 11);
    let lines = &log[..];
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

/// Whole sanma matches of both presets written by `MjaiWriter` replay to the same lines,
/// as a match (`replay`) and hand by hand (`replay_hands`): every draw, kita and its
/// replacement draw, call, win and payment among three seats agrees. Matches per preset:
/// `SANMA_ROUND_TRIPS` (default 3).
#[test]
fn sanma_matches_replay_to_the_same_lines() {
    let count: u64 = std::env::var("SANMA_ROUND_TRIPS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    for (name, rules) in SANMA_PRESETS {
        let mut kitas = 0;
        for seed in 0..count {
            let lines = bot_match(rules, seed);
            kitas += lines
                .iter()
                .filter(|l| matches!(l, MjaiEvent::Nukidora { .. }))
                .count();
            let text = to_jsonl(&lines);
            let replayed = replay(rules, &text).unwrap_or_else(|e| panic!("{name} {seed}: {e}"));
            assert_eq!(replayed, lines, "{name} {seed}");
            let hands = replay_hands(rules, &text).unwrap_or_else(|e| panic!("{name} {seed}: {e}"));
            assert_eq!(hands, lines, "{name} {seed}");
        }
        assert!(kitas > 0, "{name}: no kita in {count} matches");
    }
}

/// `lines` as RiichiEnv writes a three-player log: `kita` for `nukidora`, and the lists by
/// seat (`scores`, `deltas`, `tehais`, `tenpais`) of three entries.
fn riichienv_dialect(lines: &[MjaiEvent]) -> String {
    let mut text = String::new();
    for line in lines {
        let mut value: serde_json::Value = serde_json::from_str(&line.to_json()).unwrap();
        let object = value.as_object_mut().unwrap();
        if object["type"] == "nukidora" {
            object["type"] = "kita".into();
        }
        for field in ["scores", "deltas", "tehais", "tenpais"] {
            if let Some(serde_json::Value::Array(list)) = object.get_mut(field) {
                list.truncate(3);
            }
        }
        text.push_str(&value.to_string());
        text.push('\n');
    }
    text
}

#[test]
fn a_sanma_log_with_three_seat_lists_and_kita_lines_replays() {
    let rules = Rules::tenhou_sanma();
    let lines = bot_match(rules, 4);
    let text = riichienv_dialect(&lines);
    assert!(text.contains(r#""type":"kita""#), "{text}");
    assert!(text.contains(r#""scores":[35000,35000,35000]"#), "{text}");
    assert_eq!(replay(rules, &text).unwrap(), lines);
}

/// The first line of `lines` of type `kind`, by index.
fn first(lines: &[MjaiEvent], kind: &str) -> usize {
    lines.iter().position(|l| l.kind() == kind).unwrap()
}

#[test]
fn a_sanma_log_that_does_not_fit_three_seats_is_refused() {
    let rules = Rules::tenhou_sanma();
    let lines = bot_match(rules, 5);
    let refused = |lines: &[MjaiEvent]| replay(rules, &to_jsonl(lines)).unwrap_err();

    // A 2m dealt: the 108-tile wall has none.
    let mut with_2m = lines.clone();
    let MjaiEvent::StartKyoku { tehais, .. } = &mut with_2m[1] else {
        panic!("{:?}", with_2m[1]);
    };
    tehais[0][0] = "2m".parse().unwrap();
    assert!(
        matches!(
            refused(&with_2m),
            MjaiError::ImpossibleWall { line: 2, ref reason } if reason.contains("2m")
        ),
        "{}",
        refused(&with_2m)
    );

    // Tiles dealt to a fourth seat.
    let mut dealt_fourth = lines.clone();
    let MjaiEvent::StartKyoku { tehais, .. } = &mut dealt_fourth[1] else {
        unreachable!()
    };
    tehais[3] = tehais[0].clone();
    assert!(
        matches!(
            refused(&dealt_fourth),
            MjaiError::ImpossibleWall { line: 2, .. }
        ),
        "{}",
        refused(&dealt_fourth)
    );

    // The fourth seat discards in the dealer's place.
    let mut fourth_acts = lines.clone();
    let at = first(&lines, "dahai");
    let MjaiEvent::Dahai { actor, .. } = &mut fourth_acts[at] else {
        unreachable!()
    };
    *actor = 3;
    assert!(
        matches!(refused(&fourth_acts), MjaiError::Unexpected { line, .. } if line == at + 1),
        "{}",
        refused(&fourth_acts)
    );

    // The fourth seat deals.
    let mut fourth_deals = lines.clone();
    let MjaiEvent::StartKyoku { oya, .. } = &mut fourth_deals[1] else {
        unreachable!()
    };
    *oya = 3;
    assert!(
        matches!(
            refused(&fourth_deals),
            MjaiError::ImpossibleWall { line: 2, .. }
        ),
        "{}",
        refused(&fourth_deals)
    );

    // A hand of a North round, replayed on its own: three seats have none.
    let mut north = lines.clone();
    let MjaiEvent::StartKyoku { bakaze, .. } = &mut north[1] else {
        unreachable!()
    };
    *bakaze = "N".parse().unwrap();
    let error = replay_hands(rules, &to_jsonl(&north)).unwrap_err();
    assert!(
        matches!(
            error,
            MjaiError::Rules(RulesError::RoundWind { seats: 3, .. })
        ),
        "{error}"
    );
    assert!(error.to_string().contains("no North round"), "{error}");
}

#[test]
fn a_sanma_log_under_four_player_rules_is_refused_as_a_three_player_log() {
    let lines = bot_match(Rules::tenhou_sanma(), 5);
    // As this crate writes it (seat 3's `tehais` all `?`) and as RiichiEnv does (three
    // lists): the reason is the table, not a hidden tile or a wall.
    for text in [to_jsonl(&lines), riichienv_dialect(&lines)] {
        let error = replay(Rules::tenhou(), &text).unwrap_err();
        assert!(
            matches!(error, MjaiError::ThreePlayerLog { line: 2 }),
            "{error}"
        );
        assert!(error.to_string().contains("three-player"), "{error}");
    }
}

/// The winner's delta of every hand of `lines` won by a single `hora`, with what its
/// `hora_points` plus honba and riichi sticks come to at a table where a honba is worth
/// `honba_value`: `(delta, expected)`.
fn single_win_deltas(lines: &[MjaiEvent], honba_value: u32) -> Vec<(i32, i64)> {
    let mut found = Vec::new();
    let mut table = (0, 0);
    let mut horas = Vec::new();
    for line in lines {
        match line {
            MjaiEvent::StartKyoku { honba, kyotaku, .. } => table = (*honba, *kyotaku),
            MjaiEvent::ReachAccepted { .. } => table.1 += 1,
            MjaiEvent::Hora { .. } => horas.push(line),
            MjaiEvent::EndKyoku => {
                if let [
                    MjaiEvent::Hora {
                        actor,
                        hora_points: Some(points),
                        deltas: Some(deltas),
                        ..
                    },
                ] = horas[..]
                {
                    let expected = i64::from(*points)
                        + i64::from(table.0 * honba_value)
                        + i64::from(table.1 * 1_000);
                    found.push((deltas[usize::from(*actor)], expected));
                }
                horas.clear();
            }
            _ => {}
        }
    }
    found
}

/// A sanma `hora` line's `hora_points` leaves out 200 per honba (100 from each of the two
/// payers, spec section 5) and 1,000 per riichi stick: the winner's delta is exactly
/// `hora_points` plus those, in hands with honba on the table.
#[test]
fn a_sanma_hora_line_leaves_out_200_per_honba() {
    for (name, rules) in SANMA_PRESETS {
        let mut with_honba = 0;
        for seed in 0..4 {
            let lines = bot_match(rules, seed);
            let mut honba = 0;
            for line in &lines {
                if let MjaiEvent::StartKyoku { honba: h, .. } = line {
                    honba = *h;
                }
                if matches!(line, MjaiEvent::Hora { .. }) && honba > 0 {
                    with_honba += 1;
                }
            }
            for (delta, expected) in single_win_deltas(&lines, 200) {
                assert_eq!(i64::from(delta), expected, "{name} {seed}");
            }
        }
        assert!(with_honba > 0, "{name}: no win with honba in 4 matches");
    }
}
