//! Scripted sessions: each test sends the lines a manager or GUI sends and checks every
//! answer.

use super::*;
use crate::stone::Stone;
use std::time::{Duration, Instant};

/// Sends each line and returns the answers of the last, `MESSAGE`s left out.
fn send(engine: &mut Engine, lines: &[&str]) -> Vec<String> {
    let mut last = Vec::new();
    for line in lines {
        last = engine.handle(line).lines;
    }
    last.retain(|answer| !answer.starts_with("MESSAGE"));
    last
}

/// A freestyle game in which black's ninth move, 7,7, is a double-three (a foul under
/// renju), set up by a `BOARD` in the order played; the engine is white and answers it.
fn freestyle_game_with_a_double_three() -> Engine {
    let mut engine = Engine::new();
    send(&mut engine, &["INFO timeout_turn 20", "START 15", "BOARD"]);
    let stones = [
        "8,7,2", "0,0,1", "9,7,2", "0,2,1", "7,8,2", "0,4,1", "7,9,2", "0,6,1", "7,7,2",
    ];
    send(&mut engine, &stones);
    let answer = send(&mut engine, &["DONE"]);
    assert_eq!(answer.len(), 1, "{answer:?}");
    engine
}

/// Issue 10.4: a game that does not replay under a new rule is answered with `ERROR` and
/// the reason, and the engine keeps its rule and game.
#[test]
fn a_rule_the_game_does_not_replay_under_is_refused() {
    let mut engine = freestyle_game_with_a_double_three();
    let before = engine.game().cloned().unwrap();
    assert_eq!(before.moves().len(), 10);
    let answer = send(&mut engine, &["INFO rule 4"]);
    assert_eq!(
        answer,
        [
            "ERROR the game does not replay under renju (move 9: 7,7 is forbidden: \
             double-three): still freestyle"
        ]
    );
    assert_eq!(engine.game(), Some(&before));
    // A rule it does replay under is taken, with the whole game.
    assert!(send(&mut engine, &["INFO rule 1"]).is_empty());
    let game = engine.game().unwrap();
    assert_eq!(game.rule(), Rule::Standard);
    assert_eq!(game.moves(), before.moves());
}

/// Caro is not played silently as another rule: the engine says which rule it plays.
#[test]
fn caro_is_answered_with_the_rule_played_instead() {
    let mut engine = Engine::new();
    send(&mut engine, &["INFO timeout_turn 20", "START 15"]);
    assert_eq!(
        send(&mut engine, &["INFO rule 8"]),
        ["ERROR caro (rule bit 8) is not supported: playing freestyle"]
    );
    assert_eq!(
        send(&mut engine, &["INFO rule 9"]),
        ["ERROR caro (rule bit 8) is not supported: playing standard"]
    );
    assert_eq!(engine.game().unwrap().rule(), Rule::Standard);
    assert!(send(&mut engine, &["INFO rule 1"]).is_empty());
    assert!(send(&mut engine, &["INFO rule 4"]).is_empty());
    assert_eq!(engine.game().unwrap().rule(), Rule::Renju);
}

/// A coordinate too large for the board is off the board, however large; text that is
/// not two whole numbers is not x,y.
#[test]
fn large_coordinates_are_off_the_board() {
    let mut engine = Engine::new();
    send(&mut engine, &["INFO timeout_turn 20", "START 15"]);
    for (turn, answer) in [
        ("TURN 15,0", "ERROR 15,0 is off the 15x15 board"),
        ("TURN 300,2", "ERROR 300,2 is off the 15x15 board"),
        (
            "TURN 2,99999999999999999999",
            "ERROR `2,99999999999999999999` is not x,y",
        ),
        ("TURN -1,2", "ERROR `-1,2` is not x,y"),
        ("TAKEBACK 256,256", "ERROR 256,256 is off the 15x15 board"),
    ] {
        assert_eq!(send(&mut engine, &[turn]), [answer], "{turn}");
    }
    send(&mut engine, &["BOARD"]);
    assert_eq!(
        send(&mut engine, &["1000,3,1"]),
        ["ERROR 1000,3 is off the 15x15 board"]
    );
    assert_eq!(engine.game().unwrap().board().stone_count(), 0);
}

/// Issue 10.4: stones that come in no playable order are a position without history:
/// the engine's own moves can be taken back, the set-up stones cannot.
#[test]
fn a_board_in_no_playable_order_has_no_history() {
    let mut engine = Engine::new();
    send(&mut engine, &["INFO timeout_turn 20", "START 15", "BOARD"]);
    send(&mut engine, &["3,3,2", "7,7,1"]);
    let reply = send(&mut engine, &["DONE"]);
    let game = engine.game().unwrap();
    assert_eq!(game.moves().len(), 1, "only the engine's move");
    assert_eq!(game.board().stone_count(), 3);
    assert_eq!(
        send(&mut engine, &[&format!("TAKEBACK {}", reply[0])]),
        ["OK"]
    );
    assert_eq!(
        send(&mut engine, &["TAKEBACK 7,7"]),
        [
            "ERROR cannot take back 7,7: the game was set up from a board of 2 stones, \
          whose order is not known"
        ]
    );
    assert_eq!(engine.game().unwrap().board().stone_count(), 2);
    assert!(send(&mut engine, &["BEGIN"])[0].starts_with("ERROR BEGIN is for an empty board"));
    // In the order played, the same stones are the game's moves.
    send(&mut engine, &["BOARD", "7,7,1", "3,3,2"]);
    let reply = send(&mut engine, &["DONE"]);
    assert_eq!(engine.game().unwrap().moves().len(), 3);
    for point in [reply[0].as_str(), "3,3", "7,7"] {
        assert_eq!(send(&mut engine, &[&format!("TAKEBACK {point}")]), ["OK"]);
    }
    assert!(send(&mut engine, &["TAKEBACK 7,7"])[0].contains("no move has been played"));
}

/// Every answer of the last line, `MESSAGE`s included.
fn send_all(engine: &mut Engine, lines: &[&str]) -> Vec<String> {
    let mut last = Vec::new();
    for line in lines {
        last = engine.handle(line).lines;
    }
    last
}

/// An engine on a 15x15 board whose searches are capped by nodes, not time, so that its
/// answers do not depend on the machine.
fn engine_capped(rule: &str) -> Engine {
    let mut engine = Engine::new();
    let lines = [
        "INFO timeout_turn 60000",
        "INFO max_node 20000",
        &format!("INFO rule {rule}"),
        "START 15",
    ];
    assert_eq!(send(&mut engine, &lines), ["OK"]);
    engine
}

/// The points of an answer such as `7,7 8,9 4,6`.
fn points(answer: &str) -> Vec<Point> {
    answer
        .split_whitespace()
        .map(|p| Point::parse_on(p, 15).unwrap())
        .collect()
}

#[test]
fn yxboard_sets_a_position_and_does_not_think() {
    let mut engine = engine_capped("0");
    let lines = ["YXBOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"];
    assert!(send_all(&mut engine, &lines).is_empty());
    let game = engine.game().unwrap();
    // In the order given, the stones replay as a game: the opponent black, then me.
    assert_eq!(game.record(), "h8 i7 j6");
    assert_eq!(game.to_move(), Some(Stone::White));
    // A BOARD after it answers a move as usual.
    let answer = send(&mut engine, &["BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"]);
    assert_eq!(answer.len(), 1);
    assert_eq!(engine.game().unwrap().moves().len(), 4);
    // A YXBOARD in which it cannot be my turn is refused, and the game kept.
    let refused = send_all(&mut engine, &["YXBOARD", "7,7,2", "8,8,2", "DONE"]);
    assert_eq!(
        refused,
        ["ERROR 0 own stones and 2 of the opponent's: it cannot be my turn"]
    );
    assert_eq!(engine.game().unwrap().moves().len(), 4);
}

#[test]
fn yxshowforbid_lists_the_fouls_of_the_player_to_move() {
    let mut engine = engine_capped("4");
    // Black (own, to move) has 7,7 8,7 on a row and 9,8 9,9 on a column: 9,7 makes two
    // open threes, a double-three.
    let lines = [
        "YXBOARD", "7,7,1", "0,0,2", "8,7,1", "0,2,2", "9,8,1", "0,4,2", "9,9,1", "0,6,2", "DONE",
    ];
    assert!(send_all(&mut engine, &lines).is_empty());
    assert_eq!(send_all(&mut engine, &["YXSHOWFORBID"]), ["FORBID 0907."]);
    // White has no fouls under renju: an empty list.
    send_all(&mut engine, &["YXBOARD", "7,7,2", "DONE"]);
    assert_eq!(send_all(&mut engine, &["YXSHOWFORBID"]), ["FORBID ."]);
    // Under freestyle the same position has none either.
    let mut free = engine_capped("0");
    send_all(&mut free, &lines);
    assert_eq!(send_all(&mut free, &["YXSHOWFORBID"]), ["FORBID ."]);
    assert!(Engine::new().handle("YXSHOWFORBID").lines[0].starts_with("ERROR no game"));
}

#[test]
fn swap2board_proposes_three_stones_on_an_empty_board() {
    let mut engine = engine_capped("1");
    let answer = send(&mut engine, &["SWAP2BOARD", "DONE"]);
    assert_eq!(answer.len(), 1, "{answer:?}");
    let stones = points(&answer[0]);
    assert_eq!(stones.len(), 3);
    let game = engine.game().unwrap();
    assert_eq!(game.moves(), stones, "black, white, black, as proposed");
    assert_eq!(game.to_move(), Some(Stone::White));
}

#[test]
fn swap2board_with_three_stones_swaps_moves_or_puts_two() {
    let mut engine = engine_capped("1");
    let three = ["SWAP2BOARD", "7,7", "8,6", "6,8", "DONE"];
    let answer = send(&mut engine, &three);
    assert_eq!(answer.len(), 1, "{answer:?}");
    let game = engine.game().unwrap();
    match points_or_swap(&answer[0]) {
        None => assert_eq!(game.moves().len(), 3),
        Some(placed) => {
            assert!((1..=2).contains(&placed.len()), "{answer:?}");
            assert_eq!(&game.moves()[3..], placed);
        }
    }
    // Black's two in the centre, white's stone in a corner: white is worse, and the
    // engine swaps.
    let mut engine = engine_capped("1");
    let answer = send(&mut engine, &["SWAP2BOARD", "7,7", "0,0", "8,7", "DONE"]);
    assert_eq!(answer, ["SWAP"]);
    assert_eq!(engine.game().unwrap().moves().len(), 3);
}

/// `None` for `SWAP`, the points otherwise.
fn points_or_swap(answer: &str) -> Option<Vec<Point>> {
    (answer != "SWAP").then(|| points(answer))
}

#[test]
fn swap2board_with_five_stones_swaps_or_plays_the_sixth() {
    // White to move with the two centre stones and black's scattered: white plays on.
    let mut engine = engine_capped("1");
    let lines = ["SWAP2BOARD", "0,0", "7,7", "14,14", "8,7", "0,14", "DONE"];
    let answer = send(&mut engine, &lines);
    assert_eq!(answer.len(), 1);
    let sixth = points(&answer[0]);
    assert_eq!(sixth.len(), 1);
    assert_eq!(engine.game().unwrap().last_move(), Some(sixth[0]));
    // Black's three stones together, white's in the corners: the engine takes black.
    let lines = ["SWAP2BOARD", "7,7", "0,0", "8,7", "0,14", "7,8", "DONE"];
    assert_eq!(send(&mut engine, &lines), ["SWAP"]);
    // An open three for black: white must stop a forced win, and swaps as well.
    let lines = ["SWAP2BOARD", "6,7", "0,14", "7,7", "14,0", "8,7", "DONE"];
    assert_eq!(send(&mut engine, &lines), ["SWAP"]);
}

#[test]
fn swap2board_refuses_what_the_rules_do_not_allow() {
    let mut engine = engine_capped("1");
    let two = send(&mut engine, &["SWAP2BOARD", "7,7", "8,8", "DONE"]);
    assert_eq!(two, ["ERROR SWAP2BOARD takes 0, 3 or 5 stones, not 2"]);
    assert_eq!(
        send(&mut engine, &["SWAP2BOARD", "7,7,1"]),
        ["ERROR `7,7,1` is not x,y (SWAP2BOARD takes x,y lines, DONE ends it)"]
    );
    assert_eq!(send(&mut engine, &["7,7"]), Vec::<String>::new());
    assert_eq!(send(&mut engine, &["7,7"]), ["ERROR 7,7 is given twice"]);
    assert_eq!(
        send(&mut engine, &["20,1"]),
        ["ERROR 20,1 is off the 15x15 board (SWAP2BOARD takes x,y lines, DONE ends it)"]
    );
    assert!(send(&mut engine, &["DONE"])[0].contains("not 1"));
    assert_eq!(
        engine.game().unwrap().moves().len(),
        0,
        "the game is untouched"
    );
}

#[test]
fn yxnbest_reports_the_best_moves_and_plays_the_first() {
    let mut engine = engine_capped("0");
    send(&mut engine, &["BOARD", "7,7,2", "8,8,1", "8,7,2", "DONE"]);
    let answer = send_all(&mut engine, &["YXNBEST 3"]);
    let nbest: Vec<&String> = answer.iter().filter(|a| a.contains("NBEST")).collect();
    assert_eq!(nbest.len(), 3, "{answer:?}");
    let scores: Vec<i32> = nbest
        .iter()
        .map(|a| a.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    let best = answer.last().unwrap();
    assert!(nbest[0].contains(&format!(" 1 {best} ")), "{answer:?}");
    assert_eq!(
        engine.game().unwrap().last_move(),
        Some(Point::parse_on(best, 15).unwrap())
    );
    for bad in ["YXNBEST", "YXNBEST 0", "YXNBEST many"] {
        assert!(
            send(&mut engine, &[bad])[0].starts_with("ERROR YXNBEST needs"),
            "{bad}"
        );
    }
}

/// `YXNBEST` with a count far past the board's points reports at most every legal point
/// and plays the best, instead of reserving memory for the count asked.
#[test]
fn yxnbest_of_a_huge_count_lists_at_most_the_board() {
    let mut engine = engine_capped("0");
    send(&mut engine, &["BOARD", "7,7,2", "8,8,1", "8,7,2", "DONE"]);
    let answer = send_all(&mut engine, &[&format!("YXNBEST {}", usize::MAX)]);
    let nbest = answer.iter().filter(|a| a.contains("NBEST")).count();
    assert!((2..=222).contains(&nbest), "{answer:?}");
    let best = answer.last().unwrap();
    assert_eq!(
        engine.game().unwrap().last_move(),
        Some(Point::parse_on(best, 15).unwrap())
    );
}

#[test]
fn info_caps_on_nodes_and_depth_are_honoured() {
    let mut engine = engine_capped("0");
    send(&mut engine, &["INFO max_depth 2"]);
    let answer = send_all(&mut engine, &["BOARD", "7,7,2", "8,8,1", "8,7,2", "DONE"]);
    assert!(answer[0].contains("depth 2,"), "{answer:?}");
    let nodes: u64 = answer[0]
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes <= 20_000, "{answer:?}");
    assert_eq!(engine.settings().max_depth, Some(2));
    for line in [
        "INFO time_increment 500",
        "INFO caution_factor 2",
        "INFO thread_num 2",
        "INFO hash_size 1024",
        "INFO max_memory 83886080",
        "INFO timeout_match 100000",
        "INFO time_left 90000",
        "INFO some_new_key 1",
    ] {
        assert!(send_all(&mut engine, &[line]).is_empty(), "{line}");
    }
    let settings = engine.settings();
    assert_eq!(settings.thread_num, 2);
    assert_eq!(settings.caution_factor, 2);
    assert_eq!(settings.max_memory, Some(83_886_080));
    assert_eq!(
        send_all(&mut engine, &["INFO timeout_turn soon"]),
        ["ERROR INFO timeout_turn needs a whole number, not `soon`"]
    );
}

#[test]
fn rapfi_rule_values_are_understood() {
    let mut engine = engine_capped("2");
    assert_eq!(engine.game().unwrap().rule(), Rule::Renju);
    assert!(send_all(&mut engine, &["INFO rule 6"]).is_empty());
    assert_eq!(engine.settings().swap, SwapRule::Swap2);
    assert_eq!(engine.game().unwrap().rule(), Rule::Freestyle);
    assert!(send_all(&mut engine, &["INFO rule 5"]).is_empty());
    assert_eq!(engine.settings().swap, SwapRule::Swap1);
    assert_eq!(
        send_all(&mut engine, &["INFO rule 99"]),
        ["ERROR INFO rule 99 is neither a rule bit mask (0 to 15) nor one of Rapfi's values"]
    );
}

#[test]
fn idle_stops_and_hash_clears_answer_nothing_and_unknown_commands_say_so() {
    let mut engine = engine_capped("0");
    for line in ["YXSTOP", "STOP", "YXHASHCLEAR", ""] {
        assert!(send_all(&mut engine, &[line]).is_empty(), "{line}");
    }
    assert_eq!(
        send_all(&mut engine, &["YXBLOCK"]),
        ["UNKNOWN command `YXBLOCK`"]
    );
    assert_eq!(
        send_all(&mut engine, &["START fifteen"]),
        ["ERROR START needs a board size, not `fifteen`"]
    );
}

#[test]
fn a_raised_stop_flag_ends_the_search_at_once() {
    let mut engine = Engine::new();
    // The engine answers the BOARD within 0.1 s, then has 600 s a turn (capped at 30 s).
    send(&mut engine, &["INFO timeout_turn 100", "START 15"]);
    send(&mut engine, &["BOARD", "7,7,2", "8,8,1", "8,7,2", "DONE"]);
    send(&mut engine, &["INFO timeout_turn 600000"]);
    // A stop raised before the search is lowered by it: the search runs.
    let flag = engine.stop_flag();
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let started = Instant::now();
    let answer = send(&mut engine, &["TURN 0,0"]);
    stopper.join().unwrap();
    // The move came after the stop, long before the 420 s the clock allowed.
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(300) && took < Duration::from_secs(30),
        "{took:?}"
    );
    let point = Point::parse_on(&answer[0], 15).unwrap();
    assert_eq!(engine.game().unwrap().last_move(), Some(point));
}

/// A renju position on 7x7 in which black, to move, has one empty point left, 3,0, an
/// overline: the game is drawn (`Game` scores a player with no legal point so), and the
/// engine, black, says why instead of moving.
#[test]
fn a_player_with_no_legal_point_is_told_why_the_game_is_drawn() {
    let rows = [
        "BBB.BBW", "BWBWBBW", "WBBWBBW", "WBWWWWB", "WWBWWWB", "WWBBBWB", "BWWBWWB",
    ];
    let stones: Vec<String> = (0..7)
        .flat_map(|y| (0..7).map(move |x| (x, y)))
        .filter_map(|(x, y)| match rows[y].as_bytes()[x] {
            b'B' => Some(format!("{x},{y},1")),
            b'W' => Some(format!("{x},{y},2")),
            _ => None,
        })
        .collect();
    let mut engine = Engine::new();
    send(&mut engine, &["INFO rule 4", "START 7", "BOARD"]);
    send(
        &mut engine,
        &stones.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert_eq!(
        send_all(&mut engine, &["DONE"]),
        ["ERROR the game is over, draw: black has no legal point (every empty point is forbidden)"]
    );
    let game = engine.game().unwrap();
    assert_eq!(
        game.board()
            .foul(Point::new(3, 0), Stone::Black, Rule::Renju),
        Some(crate::rule::Foul::Overline)
    );
}
