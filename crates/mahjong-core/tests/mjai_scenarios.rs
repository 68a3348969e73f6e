//! mjai logs written by hand (feature `mjai`): each replays to exactly the same lines, so
//! every event, payment and score in them is the game's; and one test per error a log can
//! get, each on a copy of a good log with one thing wrong.
#![cfg(feature = "mjai")]

use mahjong_core::mjai::{MjaiError, MjaiEvent, MjaiTile, parse_log, replay_hands, to_jsonl};
use mahjong_core::score::TileCopy;
use mahjong_core::{KyokuAction, Refusal, Rules, RulesError, Tile};

/// The log's lines without their indentation, each ended by a newline.
fn log(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Replays `text` under the Tenhou rules and checks the game wrote the same lines.
fn replays_to_itself(text: &str) {
    replays_to(text, text);
}

/// Replays `text` under the Tenhou rules and checks the game wrote the lines of `ours`.
fn replays_to(text: &str, ours: &str) {
    let lines = replay_hands(Rules::tenhou(), text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(to_jsonl(&lines), ours);
}

/// Checks that `ours` with its line `line` written as each of `theirs` (as other engines
/// write it) replays to `ours`.
fn their_lines_replay_to_ours(ours: &str, line: &str, theirs: &[&str]) {
    for their_line in theirs {
        let text = ours.replace(line, their_line);
        assert_ne!(text, ours, "{line} is not in the log");
        replays_to(&text, ours);
    }
}

/// Seat 1 declares riichi on its first draw, a double riichi (tanki on 9s with ittsu), and
/// rons seat 2's 9s within the go-around: double riichi 2, ippatsu 1, ittsu 2, 40 fu, 5 han:
/// mangan, 8,000 from seat 2, and its own stick back.
const RIICHI_RON: &str = r#"
    {"type":"start_game"}
    {"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"N","scores":[25000,25000,25000,25000],"tehais":[["1p","3p","5p","7p","9p","2s","4s","6s","8s","E","S","W","C"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","2p","3p","4p","9s"],["1m","4m","7m","2p","6p","8p","1s","3s","5s","7s","S","W","P"],["2m","5m","8m","1p","4p","8p","3s","6s","9s","E","N","P","C"]]}
    {"type":"tsumo","actor":0,"pai":"F"}
    {"type":"dahai","actor":0,"pai":"F","tsumogiri":true}
    {"type":"tsumo","actor":1,"pai":"N"}
    {"type":"reach","actor":1}
    {"type":"dahai","actor":1,"pai":"N","tsumogiri":true}
    {"type":"reach_accepted","actor":1,"deltas":[0,-1000,0,0],"scores":[25000,24000,25000,25000]}
    {"type":"tsumo","actor":2,"pai":"9s"}
    {"type":"dahai","actor":2,"pai":"9s","tsumogiri":true}
    {"type":"hora","actor":1,"target":2,"pai":"9s","uradora_markers":["W"],"yakus":[["double_reach",2],["ippatsu",1],["ikkitsukan",2]],"fu":40,"fan":5,"hora_points":8000,"deltas":[0,9000,-8000,0],"scores":[25000,33000,17000,25000]}
    {"type":"end_kyoku"}
    {"type":"end_game","scores":[25000,33000,17000,25000]}
"#;

#[test]
fn double_riichi_and_ron_with_ippatsu_and_the_stick_back() {
    replays_to_itself(&log(RIICHI_RON));
}

/// The dealer's first discard is ronned by seats 1 and 2 (pinfu tanyao, 30 fu, 2,000
/// each): two `hora` lines, the nearer seat first, which alone takes the honba from the
/// dealer and the riichi stick on the table (Tenhou).
#[test]
fn a_double_ron_writes_two_hora_lines_the_nearer_seat_first() {
    replays_to_itself(&log(r#"
        {"type":"start_game"}
        {"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":1,"kyotaku":1,"oya":0,"dora_marker":"N","scores":[25000,25000,25000,24000],"tehais":[["1m","9m","1p","9p","1s","6s","9s","E","S","W","N","P","F"],["2m","3m","4m","3p","3p","4p","5p","6p","4s","5s","6s","7s","8s"],["5m","6m","7m","8m","8m","2p","3p","4p","6p","7p","8p","4s","5s"],["1m","3m","5m","7m","9m","1p","3p","5p","7p","9p","2s","3s","C"]]}
        {"type":"tsumo","actor":0,"pai":"2m"}
        {"type":"dahai","actor":0,"pai":"6s","tsumogiri":false}
        {"type":"hora","actor":1,"target":0,"pai":"6s","uradora_markers":[],"yakus":[["pinfu",1],["tanyaochu",1]],"fu":30,"fan":2,"hora_points":2000,"deltas":[-2300,3300,0,0],"scores":[22700,28300,25000,24000]}
        {"type":"hora","actor":2,"target":0,"pai":"6s","uradora_markers":[],"yakus":[["pinfu",1],["tanyaochu",1]],"fu":30,"fan":2,"hora_points":2000,"deltas":[-2000,0,2000,0],"scores":[20700,28300,27000,24000]}
        {"type":"end_kyoku"}
        {"type":"end_game","scores":[20700,28300,27000,24000]}
    "#));
}

/// The dealer's first discard, 6s, completes three hands (pinfu tanyao each).
const TRIPLE_RON_DEAL: &str = r#"
    {"type":"start_game"}
    {"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"N","scores":[25000,25000,25000,25000],"tehais":[["1m","9m","1p","9p","1s","6s","9s","E","S","W","N","P","F"],["2m","3m","4m","3p","3p","4p","5p","6p","4s","5s","6s","7s","8s"],["5m","6m","7m","8m","8m","2p","3p","4p","6p","7p","8p","4s","5s"],["6m","7m","8m","2p","3p","4p","2s","3s","4s","4s","5s","7s","7s"]]}
    {"type":"tsumo","actor":0,"pai":"2m"}
    {"type":"dahai","actor":0,"pai":"6s","tsumogiri":false}
"#;

/// Three rons on one discard abort the hand (sanchahou), as Tenhou plays (spec section 4,
/// "Claims on a discard"; riichienv's Tenhou rules too). Mortal's libriichi arena pays all
/// three wins instead (its `Board` says so: "No triple-ron ryukyoku"), so its log of such a
/// hand is refused where the game writes the abortive draw.
#[test]
fn a_triple_ron_is_sanchahou_as_tenhou_plays_not_three_wins_as_libriichi_pays() {
    let ours = log(&format!(
        "{TRIPLE_RON_DEAL}{}",
        r#"
        {"type":"ryukyoku","reason":"sanchaho","deltas":[0,0,0,0],"scores":[25000,25000,25000,25000]}
        {"type":"end_kyoku"}
        {"type":"end_game","scores":[25000,25000,25000,25000]}
    "#
    ));
    replays_to_itself(&ours);
    let libriichi = log(&format!(
        "{TRIPLE_RON_DEAL}{}",
        r#"
        {"type":"hora","actor":1,"target":0,"deltas":[-2000,2000,0,0],"ura_markers":[]}
        {"type":"hora","actor":2,"target":0,"deltas":[-2000,0,2000,0],"ura_markers":[]}
        {"type":"hora","actor":3,"target":0,"deltas":[-2000,0,0,2000],"ura_markers":[]}
        {"type":"end_kyoku"}
        {"type":"end_game"}
    "#
    ));
    assert_eq!(
        error_of(&libriichi),
        MjaiError::Disagrees {
            line: 5,
            kind: "hora".to_string(),
            field: "type".to_string(),
            log: "\"hora\"".to_string(),
            game: "\"ryukyoku\"".to_string(),
        }
    );
}

/// Every call and kan: the dealer's closed kan (its dora at once, then the replacement
/// tile), a chi and a pon, an open kan (its dora turned with the discard, written before the
/// `dahai` as other engines write it), an added kan (the same) and a second closed kan:
/// four kans by three seats abort the hand after the discard.
const EVERY_CALL_AND_KAN: &str = r#"
        {"type":"start_game"}
        {"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"9m","scores":[25000,25000,25000,25000],"tehais":[["1m","1m","1m","1m","2p","3p","6p","8s","9s","E","S","W","P"],["2m","3m","7m","8m","9m","4p","5p","1s","2s","3s","6s","N","F"],["5m","6m","8m","1p","7p","9p","2s","4s","E","S","W","N","N"],["3m","4m","9m","7p","7p","7p","1s","5s","E","F","C","C","C"]]}
        {"type":"tsumo","actor":0,"pai":"5s"}
        {"type":"ankan","actor":0,"consumed":["1m","1m","1m","1m"]}
        {"type":"dora","dora_marker":"3s"}
        {"type":"tsumo","actor":0,"pai":"7s"}
        {"type":"dahai","actor":0,"pai":"3p","tsumogiri":false}
        {"type":"chi","actor":1,"target":0,"pai":"3p","consumed":["4p","5p"]}
        {"type":"dahai","actor":1,"pai":"N","tsumogiri":false}
        {"type":"pon","actor":2,"target":1,"pai":"N","consumed":["N","N"]}
        {"type":"dahai","actor":2,"pai":"7p","tsumogiri":false}
        {"type":"daiminkan","actor":3,"target":2,"pai":"7p","consumed":["7p","7p","7p"]}
        {"type":"tsumo","actor":3,"pai":"2m"}
        {"type":"dora","dora_marker":"4s"}
        {"type":"dahai","actor":3,"pai":"E","tsumogiri":false}
        {"type":"tsumo","actor":0,"pai":"8p"}
        {"type":"dahai","actor":0,"pai":"8p","tsumogiri":true}
        {"type":"tsumo","actor":1,"pai":"9s"}
        {"type":"dahai","actor":1,"pai":"9s","tsumogiri":true}
        {"type":"tsumo","actor":2,"pai":"N"}
        {"type":"kakan","actor":2,"pai":"N","consumed":["N","N","N"]}
        {"type":"tsumo","actor":2,"pai":"1p"}
        {"type":"dora","dora_marker":"5p"}
        {"type":"dahai","actor":2,"pai":"S","tsumogiri":false}
        {"type":"tsumo","actor":3,"pai":"C"}
        {"type":"ankan","actor":3,"consumed":["C","C","C","C"]}
        {"type":"dora","dora_marker":"6p"}
        {"type":"tsumo","actor":3,"pai":"6m"}
        {"type":"dahai","actor":3,"pai":"F","tsumogiri":false}
        {"type":"ryukyoku","reason":"sukaikan","deltas":[0,0,0,0],"scores":[25000,25000,25000,25000]}
        {"type":"end_kyoku"}
        {"type":"end_game","scores":[25000,25000,25000,25000]}
"#;

#[test]
fn every_call_and_kan_then_four_kans_abort() {
    replays_to_itself(&log(EVERY_CALL_AND_KAN));
}

/// The same log with each open or added kan's `dora` line after the kan player's `dahai`
/// (the order this crate wrote before issue 20) replays too, to the lines in the order
/// other engines write them.
#[test]
fn a_kan_dora_after_the_discard_replays_to_the_dora_before_it() {
    let ours = log(EVERY_CALL_AND_KAN);
    let mut lines: Vec<&str> = ours.lines().collect();
    let mut moved = 0;
    for at in 1..lines.len() {
        let dora_before_discard =
            lines[at - 1].contains("\"type\":\"dora\"") && lines[at].contains("\"type\":\"dahai\"");
        if dora_before_discard {
            lines.swap(at - 1, at);
            moved += 1;
        }
    }
    assert_eq!(moved, 2);
    let old_order: String = lines.iter().map(|l| format!("{l}\n")).collect();
    assert_ne!(old_order, ours);
    replays_to(&old_order, &ours);
}

/// South 3 (seat 2 deals) with 2 honba and a stick on the table: the dealer aborts with
/// nine kinds of terminals and honors; nothing is paid.
const KYUUSHU: &str = r#"
        {"type":"start_game"}
        {"type":"start_kyoku","bakaze":"S","kyoku":3,"honba":2,"kyotaku":1,"oya":2,"dora_marker":"5s","scores":[24000,26000,25000,24000],"tehais":[["2m","3m","4m","5m","6m","7m","8m","2p","3p","4p","5p","6p","7p"],["2p","3p","4p","5p","6p","7p","8p","2s","3s","4s","5s","6s","7s"],["1m","2m","3m","4m","5m","9m","1p","9p","1s","E","S","W","N"],["1m","9m","1p","9p","1s","9s","E","S","W","N","P","F","C"]]}
        {"type":"tsumo","actor":2,"pai":"6m"}
        {"type":"ryukyoku","actor":2,"reason":"kyushukyuhai","deltas":[0,0,0,0],"scores":[24000,26000,25000,24000]}
        {"type":"end_kyoku"}
        {"type":"end_game","scores":[24000,26000,25000,24000]}
"#;

#[test]
fn kyuushu_kyuuhai_names_its_seat_and_pays_nothing() {
    replays_to_itself(&log(KYUUSHU));
}

/// Mortal's libriichi writes kyuushu kyuuhai as a bare `ryukyoku` (only `deltas`) and
/// riichienv with its own `reason` word and no `actor`: right after a seat's draw, both
/// can only be kyuushu kyuuhai, and replay to the line this crate writes.
#[test]
fn a_bare_ryukyoku_after_a_draw_is_kyuushu_kyuuhai() {
    their_lines_replay_to_ours(
        &log(KYUUSHU),
        r#"{"type":"ryukyoku","actor":2,"reason":"kyushukyuhai","deltas":[0,0,0,0],"scores":[24000,26000,25000,24000]}"#,
        &[
            r#"{"type":"ryukyoku","deltas":[0,0,0,0]}"#,
            r#"{"type":"ryukyoku","reason":"kyushu_kyuhai","deltas":[0,0,0,0]}"#,
        ],
    );
}

/// A bare `ryukyoku` where the seat may not declare kyuushu kyuuhai (seat 0 holds seven
/// kinds of terminals and honors) is refused by the rules, with its line.
#[test]
fn a_bare_ryukyoku_the_rules_refuse_names_its_line() {
    let error = error_of(&with_line(4, r#"{"type":"ryukyoku","deltas":[0,0,0,0]}"#));
    assert!(
        matches!(
            error,
            MjaiError::NotAllowed {
                line: 4,
                action: KyokuAction::KyuushuKyuuhai,
                ..
            }
        ),
        "{error:?}"
    );
}

/// `start_game` with the players' `names` (and fields of other engines, such as
/// libriichi's `seed`) replays, and the replayed log names the players too.
#[test]
fn start_game_names_are_kept() {
    let text = with_line(
        1,
        r#"{"type":"start_game","names":["Ann","Bo","Cy","Di"],"seed":[1,2]}"#,
    );
    let replayed = replay_hands(Rules::tenhou(), &text).unwrap_or_else(|e| panic!("{e}"));
    let names = ["Ann", "Bo", "Cy", "Di"].map(str::to_string);
    assert_eq!(
        replayed[0],
        MjaiEvent::StartGame {
            id: None,
            names: Some(names)
        }
    );
    let expected = log(RIICHI_RON).replacen(
        r#"{"type":"start_game"}"#,
        r#"{"type":"start_game","names":["Ann","Bo","Cy","Di"]}"#,
        1,
    );
    assert_eq!(to_jsonl(&replayed), expected);
}

/// A full log whose `start_game` has an `id` (the mjai 0.2.1 package's engine gives the
/// game's index there) replays: with every tile shown, the `id` is only a label.
#[test]
fn an_id_on_a_full_log_is_a_label() {
    let text = with_line(1, r#"{"type":"start_game","id":1}"#);
    let replayed = replay_hands(Rules::tenhou(), &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        replayed[0],
        MjaiEvent::StartGame {
            id: Some(1),
            names: None
        }
    );
    assert_eq!(
        to_jsonl(&replayed[1..]),
        to_jsonl(&parse_log(&text).unwrap()[1..])
    );
}

/// The 70 draws of an exhaustive draw, every seat discarding what it draws: the tiles left
/// after the dealt hands and the dora indicator, in index order (red fives first).
fn tsumogiri_to_the_end(dealt: &[&str]) -> String {
    let mut left: Vec<TileCopy> = Tile::ALL
        .iter()
        .flat_map(|&tile| {
            let red = tile.number() == 5 && !tile.is_honor();
            let plain = TileCopy::plain(tile);
            [TileCopy { tile, red }, plain, plain, plain]
        })
        .collect();
    for name in dealt {
        let copy = name.parse::<MjaiTile>().unwrap().copy().unwrap();
        let at = left.iter().position(|&c| c == copy).unwrap();
        left.remove(at);
    }
    let mut lines = String::new();
    for (i, copy) in left.into_iter().take(70).enumerate() {
        let (seat, pai) = (i % 4, MjaiTile::Known(copy));
        lines += &format!("{{\"type\":\"tsumo\",\"actor\":{seat},\"pai\":\"{pai}\"}}\n");
        lines += &format!(
            "{{\"type\":\"dahai\",\"actor\":{seat},\"pai\":\"{pai}\",\"tsumogiri\":true}}\n"
        );
    }
    lines
}

/// The live wall runs out with only the dealer tenpai (tanki on 9p): each noten seat pays
/// it 1,000.
/// The log of [`an_exhaustive_draw_pays_the_tenpai_seat`].
fn exhaustive_draw() -> String {
    let hands = [
        [
            "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "9p",
        ],
        [
            "2p", "4p", "6p", "8p", "1s", "3s", "5s", "7s", "9s", "E", "S", "W", "N",
        ],
        [
            "2m", "4m", "6m", "8m", "3p", "5p", "7p", "2s", "4s", "6s", "8s", "P", "F",
        ],
        [
            "2m", "5m", "8m", "4p", "6p", "8p", "1s", "3s", "5s", "7s", "9s", "C", "C",
        ],
    ];
    let quoted = |hand: &[&str; 13]| format!("[\"{}\"]", hand.join("\",\""));
    let tehais: Vec<String> = hands.iter().map(quoted).collect();
    let head = log(&format!(
        r#"{{"type":"start_game"}}
        {{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"E","scores":[25000,25000,25000,25000],"tehais":[{}]}}"#,
        tehais.join(",")
    ));
    let mut dealt: Vec<&str> = hands.iter().flatten().copied().collect();
    dealt.push("E");
    let tail = log(r#"
        {"type":"ryukyoku","reason":"fanpai","tenpais":[true,false,false,false],"deltas":[3000,-1000,-1000,-1000],"scores":[28000,24000,24000,24000]}
        {"type":"end_kyoku"}
        {"type":"end_game","scores":[28000,24000,24000,24000]}
    "#);
    head + &tsumogiri_to_the_end(&dealt) + &tail
}

#[test]
fn an_exhaustive_draw_pays_the_tenpai_seat() {
    replays_to_itself(&exhaustive_draw());
}

/// riichienv's exhaustive draw (`reason` `exhaustive_draw`, no `tenpais` nor `scores`) and
/// libriichi's (only `deltas`) replay to the line this crate writes.
#[test]
fn other_engines_exhaustive_draws_are_read() {
    their_lines_replay_to_ours(
        &exhaustive_draw(),
        r#"{"type":"ryukyoku","reason":"fanpai","tenpais":[true,false,false,false],"deltas":[3000,-1000,-1000,-1000],"scores":[28000,24000,24000,24000]}"#,
        &[
            r#"{"type":"ryukyoku","reason":"exhaustive_draw","deltas":[3000,-1000,-1000,-1000]}"#,
            r#"{"type":"ryukyoku","deltas":[3000,-1000,-1000,-1000]}"#,
        ],
    );
}

/// Reads lines written by other tools: their own fields ignored, Mortal's `ura_markers`
/// taken for `uradora_markers`, and a `hora` without its optional fields checked on what
/// it gives.
#[test]
fn lines_of_other_tools_are_read() {
    let text = log(RIICHI_RON)
        .replace(
            r#""uradora_markers":["W"],"yakus":[["double_reach",2],["ippatsu",1],["ikkitsukan",2]],"fu":40,"fan":5,"hora_points":8000,"#,
            r#""ura_markers":["W"],"#,
        )
        .replace(
            r#"{"type":"end_kyoku"}"#,
            r#"{"type":"end_kyoku","meta":{"note":"ignored"}}"#,
        );
    let lines = replay_hands(Rules::tenhou(), &text).unwrap();
    assert_eq!(to_jsonl(&lines), log(RIICHI_RON));
    let hora = &parse_log(&text).unwrap()[10];
    let MjaiEvent::Hora {
        uradora_markers, ..
    } = hora
    else {
        panic!("{hora:?}");
    };
    assert_eq!(uradora_markers, &Some(vec!["W".parse().unwrap()]));
}

/// The riichi-and-ron log with line `number` (from 1) replaced by `line`.
fn with_line(number: usize, line: &str) -> String {
    let mut lines: Vec<String> = log(RIICHI_RON).lines().map(str::to_string).collect();
    lines[number - 1] = line.to_string();
    lines.join("\n")
}

fn error_of(text: &str) -> MjaiError {
    replay_hands(Rules::tenhou(), text).unwrap_err()
}

#[test]
fn text_that_is_not_a_json_object_is_refused_with_its_line() {
    let error = error_of(&with_line(3, r#"{"type":"tsumo","#));
    assert!(matches!(error, MjaiError::Json { line: 3, .. }), "{error}");
    assert!(
        error.to_string().starts_with("line 3: not a JSON object"),
        "{error}"
    );
    let error = error_of(&with_line(3, "[1, 2]"));
    assert!(matches!(error, MjaiError::Json { line: 3, .. }), "{error}");
}

#[test]
fn an_unknown_or_missing_type_is_refused() {
    let error = error_of(&with_line(5, r#"{"type":"chii","actor":1}"#));
    assert_eq!(
        error,
        MjaiError::UnknownType {
            line: 5,
            found: "chii".to_string()
        }
    );
    assert!(
        error
            .to_string()
            .contains("`chii` is not an mjai line type"),
        "{error}"
    );
    let error = error_of(&with_line(5, r#"{"actor":1}"#));
    assert!(
        matches!(error, MjaiError::UnknownType { line: 5, .. }),
        "{error}"
    );
}

#[test]
fn a_tile_that_is_not_an_mjai_tile_is_refused() {
    let error = error_of(&with_line(
        4,
        r#"{"type":"dahai","actor":0,"pai":"0m","tsumogiri":true}"#,
    ));
    assert_eq!(
        error,
        MjaiError::BadTile {
            line: 4,
            field: "pai".to_string(),
            text: "0m".to_string()
        }
    );
}

#[test]
fn a_malformed_line_says_what_is_wrong() {
    let cases = [
        (
            r#"{"type":"dahai","actor":4,"pai":"F","tsumogiri":true}"#,
            "not a seat",
        ),
        (
            r#"{"type":"dahai","actor":0,"pai":"F"}"#,
            "missing field `tsumogiri`",
        ),
        (
            r#"{"type":"dahai","actor":0,"pai":"F","tsumogiri":"yes"}"#,
            r#"`tsumogiri` is "yes", not true or false"#,
        ),
        (
            r#"{"type":"dahai","actor":-1,"pai":"F","tsumogiri":true}"#,
            "`actor` is -1, not a whole number from 0 to 255",
        ),
    ];
    for (line, message) in cases {
        let error = error_of(&with_line(4, line));
        assert!(
            matches!(error, MjaiError::Malformed { line: 4, .. }),
            "{error}"
        );
        assert!(error.to_string().contains(message), "{error}");
    }
    let chi = r#"{"type":"chi","actor":1,"target":0,"pai":"3p","consumed":["4p"]}"#;
    let error = error_of(&with_line(4, chi));
    assert!(
        error.to_string().contains("`consumed` has 1 tiles, not 2"),
        "{error}"
    );
}

#[test]
fn a_log_with_hidden_tiles_does_not_replay() {
    // A seat's view (as `MjaiWriter::for_seat` writes it: an `id` and `?` tiles) is
    // refused as that.
    let seat_view = with_line(1, r#"{"type":"start_game","id":1}"#).replace(
        r#"{"type":"tsumo","actor":2,"pai":"9s"}"#,
        r#"{"type":"tsumo","actor":2,"pai":"?"}"#,
    );
    let error = error_of(&seat_view);
    assert_eq!(error, MjaiError::SeatView { line: 1, seat: 1 });
    assert_eq!(
        error.to_string(),
        "line 1: the log is seat 1's view (`start_game` has `id` 1), with the other seats' \
         tiles shown as `?`: only a full log can be replayed"
    );
    let error = error_of(&with_line(5, r#"{"type":"tsumo","actor":1,"pai":"?"}"#));
    assert_eq!(
        error,
        MjaiError::Hidden {
            line: 5,
            field: "pai".to_string()
        }
    );
    assert_eq!(
        error.to_string(),
        "line 5: `pai` hides a tile (`?`): only a full log can be replayed"
    );
}

#[test]
fn tiles_no_wall_holds_are_refused() {
    // Two Wests in the hands and three ura indicators of West: five.
    let hora = log(RIICHI_RON)
        .lines()
        .nth(10)
        .unwrap()
        .replace(r#"["W"]"#, r#"["W","W","W"]"#);
    let error = error_of(&with_line(11, &hora));
    assert!(
        matches!(error, MjaiError::ImpossibleWall { line: 11, .. }),
        "{error}"
    );
    assert!(
        error.to_string().contains("one W more than the wall holds"),
        "{error}"
    );
}

#[test]
fn a_line_of_the_wrong_seat_is_unexpected() {
    let error = error_of(&with_line(
        4,
        r#"{"type":"dahai","actor":3,"pai":"F","tsumogiri":true}"#,
    ));
    assert_eq!(
        error,
        MjaiError::Unexpected {
            line: 4,
            found: "dahai".to_string(),
            expected: "an action of seat 0".to_string()
        }
    );
}

#[test]
fn an_action_the_rules_refuse_names_the_rule() {
    let error = error_of(&with_line(
        4,
        r#"{"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}"#,
    ));
    assert_eq!(
        error,
        MjaiError::NotAllowed {
            line: 4,
            action: KyokuAction::Discard("2m".parse().unwrap()),
            reason: Refusal::NoDiscard
        }
    );
}

#[test]
fn the_first_disagreement_names_the_field_and_both_values() {
    let hora = log(RIICHI_RON)
        .lines()
        .nth(10)
        .unwrap()
        .replace("[0,9000,", "[0,8000,");
    let error = error_of(&with_line(11, &hora));
    assert_eq!(
        error,
        MjaiError::Disagrees {
            line: 11,
            kind: "hora".to_string(),
            field: "deltas".to_string(),
            log: "[0,8000,-8000,0]".to_string(),
            game: "[0,9000,-8000,0]".to_string()
        }
    );
    // A draw of another tile than the dealt hands leave: the line where the log's draw
    // comes is a discard in the game.
    let error = error_of(&with_line(4, r#"{"type":"tsumo","actor":0,"pai":"F"}"#));
    assert!(
        matches!(&error, MjaiError::Unexpected { line: 4, .. }),
        "{error}"
    );
    // Without its `reach` line the riichi discard is a plain one, and the game's next line
    // is a draw where the log repeats the discard.
    let error = error_of(&with_line(
        6,
        r#"{"type":"dahai","actor":1,"pai":"N","tsumogiri":true}"#,
    ));
    assert_eq!(
        error.to_string(),
        r#"line 7: `dahai` type: the log has "dahai", the game gives "tsumo""#
    );
}

/// The error of the first `lines` lines of [`RIICHI_RON`].
fn cut_after(lines: usize) -> MjaiError {
    let text: String = log(RIICHI_RON)
        .lines()
        .take(lines)
        .map(|l| format!("{l}\n"))
        .collect();
    error_of(&text)
}

#[test]
fn a_log_that_stops_early_is_truncated() {
    let error = cut_after(11);
    assert_eq!(
        error,
        MjaiError::Truncated {
            line: 11,
            expected: "a line of type `end_kyoku`".to_string()
        }
    );
    let said = "the log ends after line 11, but the game goes on with a line of type `end_kyoku`";
    assert_eq!(error.to_string(), said);
    // After a draw the game needs one of the seat's actions; after `reach`, its `dahai`.
    assert_eq!(
        cut_after(3).to_string(),
        "the log ends after line 3, but the game goes on with an action of a seat"
    );
    assert_eq!(
        cut_after(6).to_string(),
        "the log ends after line 6, but the game goes on with a line of type `dahai`"
    );
}

#[test]
fn rules_of_two_seats_and_a_four_player_log_under_sanma_rules_are_refused() {
    let rules = Rules {
        seats: 2,
        ..Rules::tenhou()
    };
    let error = replay_hands(rules, &log(RIICHI_RON)).unwrap_err();
    assert_eq!(
        error,
        MjaiError::Rules(RulesError::FullGameSeats { seats: 2 })
    );
    // A four-player log under three-player rules: the fourth seat has tiles dealt.
    let error = replay_hands(Rules::tenhou_sanma(), &log(RIICHI_RON)).unwrap_err();
    assert!(
        matches!(error, MjaiError::ImpossibleWall { line: 2, ref reason } if reason.contains("seat 3")),
        "{error}"
    );
}
