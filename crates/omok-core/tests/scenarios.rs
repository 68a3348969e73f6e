//! Scenario tests: games set up by hand, checking each outcome, error and message.

use omok_core::bot::{Bot, RandomBot, SearchBot, ThreatBot};
use omok_core::search::Limits;
use omok_core::{Foul, Game, MoveError, Outcome, Point, RecordError, Rule, Stone, UndoError};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn p(text: &str) -> Point {
    text.parse().unwrap()
}

fn names(points: &[Point]) -> Vec<String> {
    points.iter().map(Point::to_string).collect()
}

#[test]
fn black_wins_with_five_and_the_outcome_names_the_line() {
    let mut game = Game::from_record(Rule::Standard, 15, "h8 a1 i9 a2 j10 a3 k11 a4").unwrap();
    assert_eq!(game.to_move(), Some(Stone::Black));
    let outcome = game.play(p("l12")).unwrap().unwrap();
    assert_eq!(outcome.winner(), Some(Stone::Black));
    let Outcome::Win { line, .. } = &outcome else {
        panic!("a win")
    };
    assert_eq!(names(line), ["h8", "i9", "j10", "k11", "l12"]);
    assert_eq!(outcome.to_string(), "black wins with h8 i9 j10 k11 l12");
    assert_eq!(game.to_move(), None);
    assert_eq!(game.outcome(), Some(&outcome));
}

#[test]
fn an_overline_wins_only_where_the_rule_says() {
    // Black c8 d8 e8 g8 h8, then black f8 makes six.
    let record = "c8 a1 d8 a3 e8 a5 g8 a7 h8 a9";
    for (rule, wins) in [
        (Rule::Freestyle, true),
        (Rule::Standard, false),
        (Rule::Omok, false),
    ] {
        let mut game = Game::from_record(rule, 15, record).unwrap();
        assert_eq!(game.play(p("f8")).unwrap().is_some(), wins, "{rule}");
    }
    let mut renju = Game::from_record(Rule::Renju, 15, record).unwrap();
    assert_eq!(
        renju.play(p("f8")),
        Err(MoveError::Forbidden {
            point: p("f8"),
            stone: Stone::Black,
            foul: Foul::Overline,
            size: 15
        })
    );
    // White's overline wins under renju.
    let mut white =
        Game::from_record(Rule::Renju, 15, "a1 c8 a3 d8 a5 e8 a7 g8 a9 h8 a11").unwrap();
    let outcome = white.play(p("f8")).unwrap().unwrap();
    assert_eq!(outcome.winner(), Some(Stone::White));
    let Outcome::Win { line, .. } = outcome else {
        panic!("a win")
    };
    assert_eq!(line.len(), 6);
}

#[test]
fn refused_moves_say_why_and_change_nothing() {
    let mut game = Game::from_record(Rule::Renju, 15, "h8 a1 i8 a2 g9 a3 g7 a4").unwrap();
    let before = game.clone();
    let cases = [
        (p("h8"), "h8 is already taken by black"),
        (Point::new(15, 2), "15,2 is off the 15x15 board"),
        (p("g8"), "g8 is forbidden to black: double-three"),
    ];
    for (point, message) in cases {
        assert_eq!(game.play(point).unwrap_err().to_string(), message);
        assert_eq!(game, before);
    }
    assert!(!game.legal_actions().contains(&p("g8")));
    // The same point is fine for white under renju, and for black under freestyle.
    let mut white_turn =
        Game::from_record(Rule::Renju, 15, "a1 h8 c1 i8 e1 g9 a15 g7 o15").unwrap();
    assert!(white_turn.play(p("g8")).is_ok());
    let mut free = Game::from_record(Rule::Freestyle, 15, "h8 a1 i8 a2 g9 a3 g7 a4").unwrap();
    assert!(free.play(p("g8")).is_ok());
}

#[test]
fn omok_forbids_white_a_double_three_too() {
    let mut game = Game::from_record(Rule::Omok, 15, "a1 h8 a3 i8 a5 g9 a7 g7 a9").unwrap();
    assert_eq!(game.turn(), Stone::White);
    assert!(matches!(
        game.play(p("g8")),
        Err(MoveError::Forbidden {
            foul: Foul::DoubleThree,
            ..
        })
    ));
}

#[test]
fn a_full_board_is_a_draw() {
    // On 5x5 with columns filled in the pattern BBWWB / WWBBW alternately no line of five
    // of one colour can form.
    let mut game = Game::with_size(Rule::Freestyle, 5).unwrap();
    let colour = |x: u8, y: u8| {
        let pattern = [0, 0, 1, 1, 0];
        (pattern[usize::from(y)] + x) % 2
    };
    let blacks: Vec<Point> = (0..5)
        .flat_map(|x| (0..5).map(move |y| Point::new(x, y)))
        .filter(|q| colour(q.x, q.y) == 0)
        .collect();
    let whites: Vec<Point> = (0..5)
        .flat_map(|x| (0..5).map(move |y| Point::new(x, y)))
        .filter(|q| colour(q.x, q.y) == 1)
        .collect();
    assert_eq!((blacks.len(), whites.len()), (13, 12));
    let mut last = None;
    for i in 0..25 {
        let q = if i % 2 == 0 {
            blacks[i / 2]
        } else {
            whites[i / 2]
        };
        last = game.play(q).unwrap();
    }
    assert_eq!(last, Some(Outcome::Draw));
    assert!(game.is_over() && game.board().is_full());
}

#[test]
fn undo_takes_back_a_win() {
    let mut game = Game::from_record(Rule::Freestyle, 15, "h8 a1 h9 a2 h10 a3 h11 a4 h12").unwrap();
    assert!(game.is_over());
    assert_eq!(game.undo(), Ok(p("h12")));
    assert!(!game.is_over());
    assert_eq!(game.to_move(), Some(Stone::Black));
    assert_eq!(game.last_move(), Some(p("a4")));
    let mut empty = Game::new(Rule::Renju);
    assert_eq!(empty.undo(), Err(UndoError::NoMoves));
    assert_eq!(empty, Game::new(Rule::Renju));
}

/// Issue 10.4: a game set up from a board has no invented history: no moves, an empty
/// record, and undo says why it cannot go back past the set-up.
#[test]
fn a_game_set_up_from_a_board_has_no_history() {
    let played = Game::from_record(Rule::Renju, 15, "h8 i9 j10 a1 b2").unwrap();
    let mut game = Game::from_board(Rule::Renju, played.board()).unwrap();
    assert_eq!(game.moves(), []);
    assert_eq!(game.record(), "");
    assert_eq!(game.last_move(), None);
    assert_eq!(game.to_move(), Some(Stone::White));
    assert_eq!(&game.start_position(), played.board());
    let before = game.clone();
    assert_eq!(game.undo(), Err(UndoError::SetUp { stones: 5 }));
    assert_eq!(game, before);
    assert_eq!(
        UndoError::SetUp { stones: 5 }.to_string(),
        "the game was set up from a board of 5 stones, whose order is not known"
    );
    // Moves played after the set-up are the game's moves, and can be taken back.
    game.play(p("c3")).unwrap();
    game.play(p("k11")).unwrap();
    assert_eq!(game.record(), "c3 k11");
    assert_eq!(&game.start_position(), played.board());
    assert_eq!(game.undo(), Ok(p("k11")));
    assert_eq!(game.undo(), Ok(p("c3")));
    assert_eq!(game, before);
    assert_eq!(game.undo(), Err(UndoError::SetUp { stones: 5 }));
}

#[test]
fn records_round_trip_and_bad_records_name_the_move() {
    let game = Game::from_record(Rule::Renju, 15, "h8, i9  j10,k11").unwrap();
    assert_eq!(game.record(), "h8 i9 j10 k11");
    assert_eq!(
        Game::from_record(Rule::Renju, 15, "h8 i9 h8")
            .unwrap_err()
            .to_string(),
        "move 3: h8 is already taken by black"
    );
    assert_eq!(
        Game::from_record(Rule::Renju, 15, "h8 q99")
            .unwrap_err()
            .to_string(),
        "move 2: `q99` is not a point: it is off the 15x15 board"
    );
    assert!(matches!(
        Game::from_record(Rule::Renju, 4, ""),
        Err(RecordError::Size(_))
    ));
    // Rows count from the bottom of the board in use.
    let big = Game::from_record(Rule::Freestyle, 19, "a19 s1").unwrap();
    assert_eq!(big.moves(), [Point::new(0, 0), Point::new(18, 18)]);
    assert_eq!(big.record(), "a19 s1");
}

#[test]
fn the_board_is_drawn_with_the_last_move_marked() {
    let game = Game::from_record(Rule::Renju, 15, "h8 i9").unwrap();
    let text = game.to_string();
    let row9 = text.lines().find(|l| l.starts_with(" 9 ")).unwrap();
    assert_eq!(row9, " 9  . . . . . . . .[O]. . . . . . 9");
    let row8 = text.lines().find(|l| l.starts_with(" 8 ")).unwrap();
    assert!(row8.contains(" X "));
}

/// The threat-aware bot beats a random one at least 99 times in 100, with either colour,
/// under every rule.
#[test]
fn the_threat_bot_beats_a_random_bot() {
    for rule in Rule::ALL {
        for threat_colour in [Stone::Black, Stone::White] {
            let mut wins = 0;
            for seed in 0..100 {
                let mut game = Game::new(rule);
                let mut random = RandomBot::new(StdRng::seed_from_u64(seed));
                while let Some(stone) = game.to_move() {
                    let p = if stone == threat_colour {
                        ThreatBot.choose(&game)
                    } else {
                        random.choose(&game)
                    };
                    game.play(p.unwrap()).unwrap();
                }
                wins += usize::from(game.outcome().unwrap().winner() == Some(threat_colour));
            }
            assert!(
                wins >= 99,
                "{rule}, threat bot as {threat_colour}: {wins} wins in 100"
            );
        }
    }
}

/// Asserts that black's `point` after `record` is legal under omok everywhere it can be
/// asked (`foul`, `fouls`, `legal_actions`, `play`) and does not win.
fn legal_and_not_a_win_under_omok(record: &str, point: &str) {
    let mut game = Game::from_record(Rule::Omok, 15, record).unwrap();
    let point = p(point);
    let board = game.board();
    assert_eq!(board.foul(point, Stone::Black, Rule::Omok), None);
    let fouls = board.fouls(Stone::Black, Rule::Omok);
    assert!(fouls.iter().all(|&(q, _)| q != point), "{fouls:?}");
    assert!(!board.is_win(point, Stone::Black, Rule::Omok));
    assert!(game.legal_actions().contains(&point));
    assert_eq!(game.play(point), Ok(None));
}

/// Issue 10.1: h8 makes one three (h8 i8 j8) and an overline on the h file, which omok
/// allows: it is legal. The overline once overflowed the line shape's count of winning
/// points into its three points, and h8 was refused as a double-three.
#[test]
fn an_overline_next_to_a_three_is_legal_under_omok() {
    legal_and_not_a_win_under_omok("h2 a1 h3 a3 h4 a5 h5 a7 h7 a9 h6 a11 i8 a13 j8 o1", "h8");
}

/// Issue 10.1: b6 makes seven in a row on the b file (the overflow once pointed the three
/// check at b9, a stone, and tripped a debug assertion) and the three b6 c6 d6: legal
/// under omok, not a win.
#[test]
fn a_seven_in_a_row_at_the_edge_is_a_legal_non_winning_move_under_omok() {
    legal_and_not_a_win_under_omok("b7 m1 b8 m3 b9 m5 b10 m7 b12 m9 b11 m11 c6 m13 d6 o2", "b6");
}

/// Issue 10.1: the bots no longer avoid the legal point. White's i9 j10 k11 l12 (m13 is
/// black) makes five at h8, and h8 is black's only block: an overline on the h file and a
/// three with i8 j8, legal under omok. Both bots block there.
#[test]
fn the_bots_block_on_a_legal_point_next_to_an_overline() {
    let record = "h2 i9 h3 j10 h4 k11 h5 l12 h7 a1 h6 a3 i8 a5 j8 a7 m13 a9";
    let game = Game::from_record(Rule::Omok, 15, record).unwrap();
    assert!(game.board().is_win(p("h8"), Stone::White, Rule::Omok));
    assert_eq!(ThreatBot.choose(&game), Some(p("h8")));
    assert_eq!(
        SearchBot::new(Limits::nodes(2_000)).choose(&game),
        Some(p("h8"))
    );
}
