//! mjai logs of random seeded games replay to the identical log (feature `mjai`), and
//! garbage or damaged logs are refused with an error, never a panic.
//!
//! `MAHJONG_MJAI_GAMES=N` sets how many seeded matches the round trip plays (default 24).
#![cfg(feature = "mjai")]

use mahjong_core::bot::KyokuBot;
use mahjong_core::mjai::{
    MjaiError, MjaiEvent, MjaiTile, MjaiWriter, parse_log, replay, replay_hands, to_jsonl,
};
use mahjong_core::{Hand, KyokuAction, KyokuView, Match, Rules, Seat, TileWall};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn games() -> u32 {
    std::env::var("MAHJONG_MJAI_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24)
}

/// A player that makes every kind of line: it wins, declares kans and riichi whenever it
/// may, calls a third of the time, and otherwise discards toward tenpai.
struct Eager(StdRng);

impl KyokuBot for Eager {
    fn choose(&mut self, view: &KyokuView) -> Option<KyokuAction> {
        use KyokuAction::*;
        let legal = &view.legal;
        let first = |wanted: fn(&KyokuAction) -> bool| legal.iter().copied().find(wanted);
        let call = self.0.random_range(0..3) == 0;
        first(|a| matches!(a, Tsumo | Ron))
            .or_else(|| first(|a| matches!(a, ClosedKan(_) | AddedKan(_) | OpenKan)))
            .or_else(|| first(|a| matches!(a, Riichi(_) | RiichiTsumogiri)))
            .or_else(|| first(|a| matches!(a, Chi(..) | Pon(..))).filter(|_| call))
            .or_else(|| first(|a| matches!(a, Pass)))
            .or_else(|| best_discard(view))
    }
}

/// The legal discard that leaves the lowest shanten.
fn best_discard(view: &KyokuView) -> Option<KyokuAction> {
    let shanten = |action: &KyokuAction| {
        let out = match *action {
            KyokuAction::Discard(copy) => copy.tile,
            KyokuAction::Tsumogiri => view.drawn?.tile,
            _ => return None,
        };
        let mut hand = Hand::from_tiles(view.concealed.iter().map(|c| c.tile)).ok()?;
        hand.remove(out).ok()?;
        Some(hand.shanten())
    };
    view.legal
        .iter()
        .filter_map(|a| Some((shanten(a)?, *a)))
        .min_by_key(|(shanten, _)| *shanten)
        .map(|(_, action)| action)
        .or_else(|| view.legal.first().copied())
}

/// The names of the fields of mjai lines, and one no line has.
fn field_name() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "actor",
        "target",
        "pai",
        "tsumogiri",
        "consumed",
        "bakaze",
        "kyoku",
        "honba",
        "kyotaku",
        "oya",
        "dora_marker",
        "scores",
        "tehais",
        "deltas",
        "uradora_markers",
        "ura_markers",
        "yakus",
        "fu",
        "fan",
        "hora_points",
        "reason",
        "tenpais",
        "id",
        "names",
        "other",
    ])
}

/// JSON values of every kind, with tiles and numbers near the edges of their ranges.
fn json_value() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        prop::sample::select(vec![
            "0",
            "1",
            "3",
            "4",
            "13",
            "-1",
            "255",
            "256",
            "4294967296",
            "1.5",
            "true",
            "null",
            "\"5mr\"",
            "\"E\"",
            "\"?\"",
            "\"0m\"",
            "\"kyushukyuhai\"",
            "\"sanchaho\"",
            "\"fanpai\"",
            "{}",
        ])
        .prop_map(str::to_string),
        "[a-z0-9?]{0,3}".prop_map(|s| format!("\"{s}\"")),
    ];
    leaf.prop_recursive(3, 24, 14, |inner| {
        prop::collection::vec(inner, 0..14).prop_map(|items| format!("[{}]", items.join(",")))
    })
}

/// A seeded hanchan by eager bots, written as a full log and as each seat's log.
fn seeded_game(seed: u64) -> (String, [String; 4]) {
    let rules = Rules::tenhou();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut bot = Eager(StdRng::seed_from_u64(seed ^ 0x5eed));
    let mut game = Match::new(rules).unwrap();
    let mut log = MjaiWriter::new();
    let mut seat_logs = Seat::ALL.map(MjaiWriter::for_seat);
    while !game.is_over() {
        let events = match game.to_move() {
            None => game
                .deal(TileWall::shuffled(rules.red_fives, &mut rng))
                .unwrap(),
            Some(seat) => {
                let action = bot.choose(&game.view(seat).unwrap()).unwrap();
                game.apply(action).unwrap()
            }
        };
        log.record_match(&game, &events);
        seat_logs
            .iter_mut()
            .for_each(|l| l.record_match(&game, &events));
    }
    (log.to_jsonl(), seat_logs.map(|l| l.to_jsonl()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(games()))]

    /// The log of a seeded match replays to the identical log (as a match, and hand by
    /// hand), and each seat's log shows
    /// no tile that seat may not see (its own dealt tiles and draws only) and does not
    /// replay.
    #[test]
    fn a_seeded_game_replays_to_its_own_log(seed in any::<u64>()) {
        let (text, seat_logs) = seeded_game(seed);
        for replay in [replay, replay_hands] {
            let replayed = replay(Rules::tenhou(), &text).map_err(|e| {
                TestCaseError::fail(format!("{e}\n{text}"))
            })?;
            prop_assert_eq!(to_jsonl(&replayed), text.clone());
        }
        for (seat, seat_log) in seat_logs.iter().enumerate() {
            prop_assert_eq!(seat_log.lines().count(), text.lines().count());
            let lines = parse_log(seat_log).unwrap();
            let error = replay(Rules::tenhou(), seat_log).unwrap_err();
            prop_assert_eq!(&error, &MjaiError::SeatView { line: 1, seat: seat as u8 });
            prop_assert_eq!(
                error.to_string(),
                format!(
                    "line 1: the log is seat {seat}'s view (`start_game` has `id` {seat}), with \
                     the other seats' tiles shown as `?`: only a full log can be replayed"
                )
            );
            for line in lines {
                if let MjaiEvent::StartKyoku { tehais, .. } = &line {
                    for (other, hand) in tehais.iter().enumerate() {
                        let hidden = hand.iter().filter(|&&t| t == MjaiTile::Hidden).count();
                        prop_assert_eq!(hidden, if other == seat { 0 } else { 13 });
                    }
                }
                let json = line.to_json();
                if json.contains("\"tsumo\"") {
                    let own = json.contains(&format!("\"actor\":{seat},"));
                    prop_assert_eq!(own, !json.contains("\"?\""), "{}", json);
                }
            }
        }
    }

    /// Any text is read or refused without a panic.
    #[test]
    fn garbage_is_refused_without_panic(text in "\\PC{0,80}") {
        let _ = replay(Rules::tenhou(), &text);
        let _ = replay_hands(Rules::tenhou(), &text);
        let _ = parse_log(&text);
    }

    /// A line of a known type with any fields (seats, counts, tiles, lists out of range or
    /// of the wrong kind), put anywhere in a seeded match's log, is refused with its line
    /// number or replayed, never a panic.
    #[test]
    fn any_fields_in_any_line_are_refused_without_panic(
        seed in 0u64..1_000,
        kind in prop::sample::select(MjaiEvent::KINDS.to_vec()),
        fields in prop::collection::vec((field_name(), json_value()), 0..8),
        at in any::<prop::sample::Index>(),
    ) {
        let (text, _) = seeded_game(seed);
        let mut line = format!("{{\"type\":\"{kind}\"");
        for (name, value) in &fields {
            line += &format!(",\"{name}\":{value}");
        }
        line.push('}');
        let mut lines: Vec<&str> = text.lines().collect();
        let at = at.index(lines.len() + 1);
        lines.insert(at, &line);
        for replay in [replay, replay_hands] {
            if let Err(error) = replay(Rules::tenhou(), &lines.join("\n")) {
                prop_assert!(error.to_string().contains("line"), "{}", error);
            }
        }
    }

    /// A seeded game's log with one line damaged (cut, a character changed, or swapped with
    /// another line) is refused or replayed without a panic, and a refusal names a line.
    #[test]
    fn a_damaged_log_is_refused_without_panic(
        seed in 0u64..1_000,
        line in any::<prop::sample::Index>(),
        other in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        how in 0..3u8,
    ) {
        let (text, _) = seeded_game(seed);
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let (at, with) = (line.index(lines.len()), other.index(lines.len()));
        match how {
            0 => {
                let target = &mut lines[at];
                let keep = cut.index(target.len());
                target.truncate(keep);
            }
            1 => {
                let target = &mut lines[at];
                let mut bytes = target.clone().into_bytes();
                let pos = cut.index(bytes.len());
                bytes[pos] = byte;
                *target = String::from_utf8_lossy(&bytes).into_owned();
            }
            _ => lines.swap(at, with),
        }
        let damaged = lines.join("\n");
        if let Err(error) = replay(Rules::tenhou(), &damaged) {
            prop_assert!(error.to_string().contains("line"), "{}", error);
        }
    }
}

/// The seeded games the round trip plays make every kind of line but the rare abortive
/// draws (their own scenario tests cover those), so the round trip checks them all.
#[test]
fn the_seeded_games_write_every_kind_of_line() {
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let (text, _) = seeded_game(seed);
        kinds.extend(parse_log(&text).unwrap().iter().map(|line| line.kind()));
    }
    // `nukidora` is three-player riichi's: `mjai_sanma.rs` writes and reads it.
    let every = MjaiEvent::KINDS
        .into_iter()
        .filter(|&kind| kind != "nukidora")
        .collect();
    assert_eq!(kinds, every);
}

/// A match log changed at one line is refused at that line: a hand's table that does not
/// follow from the last hand, the end of the match missing, changed or followed by more.
#[test]
fn a_match_log_is_refused_where_the_match_goes_otherwise() {
    let (text, _) = seeded_game(1);
    let lines = parse_log(&text).unwrap();
    let last = lines.len();
    let second = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| matches!(l, MjaiEvent::StartKyoku { .. }))
        .nth(1)
        .unwrap()
        .0;
    let mut wrong = lines.clone();
    if let MjaiEvent::StartKyoku { honba, .. } = &mut wrong[second] {
        *honba += 7;
    }
    let error = replay(Rules::tenhou(), &to_jsonl(&wrong)).unwrap_err();
    let is_honba = |e: &MjaiError, at: usize| matches!(e, MjaiError::Disagrees { line, field, .. } if *line == at && field == "honba");
    assert!(is_honba(&error, second + 1), "{error}");
    // Hand by hand, the table is the line's own.
    assert!(replay_hands(Rules::tenhou(), &to_jsonl(&wrong)).is_ok());

    let mut wrong = lines.clone();
    if let MjaiEvent::EndGame {
        scores: Some(scores),
    } = &mut wrong[last - 1]
    {
        scores[0] += 1_000;
    }
    let error = replay(Rules::tenhou(), &to_jsonl(&wrong)).unwrap_err();
    assert!(
        matches!(&error, MjaiError::Disagrees { line, field, .. } if *line == last && field == "scores"),
        "{error}"
    );

    let error = replay(Rules::tenhou(), &to_jsonl(&lines[..last - 1])).unwrap_err();
    assert_eq!(
        error,
        MjaiError::Truncated {
            line: last - 1,
            expected: "a line of type `end_game`".to_string()
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "the log ends after line {}, but the game goes on with a line of type `end_game`",
            last - 1
        )
    );

    let mut more = lines.clone();
    more.push(lines[second].clone());
    let error = replay(Rules::tenhou(), &to_jsonl(&more)).unwrap_err();
    assert_eq!(
        error,
        MjaiError::Unexpected {
            line: last + 1,
            found: "start_kyoku".to_string(),
            expected: "nothing after end_game".to_string()
        }
    );
}

/// Tiles, hidden ones included.
fn mjai_tile() -> impl Strategy<Value = MjaiTile> {
    prop_oneof![
        Just(MjaiTile::Hidden),
        (0..34usize, any::<bool>()).prop_map(|(i, red)| {
            let tile = mahjong_core::Tile::ALL[i];
            let red = red && tile.number() == 5 && !tile.is_honor();
            MjaiTile::Known(mahjong_core::score::TileCopy { tile, red })
        }),
    ]
}

/// Lines built by hand: any seats 0..=3, tiles, counts, names (any text), optional fields.
fn mjai_line() -> impl Strategy<Value = MjaiEvent> {
    let seat = 0..4u8;
    let scores = any::<[i32; 4]>();
    prop_oneof![
        prop::option::of(prop::array::uniform4(any::<String>()))
            .prop_map(|names| MjaiEvent::StartGame { id: None, names }),
        (seat.clone(), mjai_tile(), any::<bool>()).prop_map(|(actor, pai, tsumogiri)| {
            MjaiEvent::Dahai {
                actor,
                pai,
                tsumogiri,
            }
        }),
        (
            seat.clone(),
            seat.clone(),
            mjai_tile(),
            prop::collection::vec(mjai_tile(), 2)
        )
            .prop_map(|(actor, target, pai, consumed)| MjaiEvent::Pon {
                actor,
                target,
                pai,
                consumed,
            }),
        (
            (seat.clone(), seat.clone(), prop::option::of(mjai_tile())),
            prop::option::of(prop::collection::vec(mjai_tile(), 0..6)),
            prop::option::of(prop::collection::vec(("[a-z_]{1,12}", any::<u32>()), 0..5)),
            (
                prop::option::of(any::<u32>()),
                prop::option::of(any::<u32>())
            ),
            (prop::option::of(scores), prop::option::of(scores)),
        )
            .prop_map(
                |((actor, target, pai), ura, yakus, (fu, fan), (deltas, after))| {
                    MjaiEvent::Hora {
                        actor,
                        target,
                        pai,
                        uradora_markers: ura,
                        yakus,
                        fu,
                        fan,
                        hora_points: fu,
                        deltas,
                        scores: after,
                    }
                }
            ),
        (
            prop::option::of(seat),
            prop::option::of(".{0,12}"),
            prop::option::of(any::<[bool; 4]>()),
            prop::option::of(scores)
        )
            .prop_map(|(actor, reason, tenpais, deltas)| MjaiEvent::Ryukyoku {
                actor,
                reason,
                tenpais,
                deltas,
                scores: deltas,
            }),
        prop::option::of(scores).prop_map(|scores| MjaiEvent::EndGame { scores }),
    ]
}

proptest! {
    /// A line built by hand writes JSON that reads back to the same line (names with quotes,
    /// backslashes and control characters included).
    #[test]
    fn a_hand_built_line_reads_back_from_its_json(line in mjai_line()) {
        let json = line.to_string();
        prop_assert_eq!(json.parse::<MjaiEvent>().map_err(|e| e.to_string()), Ok(line), "{}", json);
    }
}
