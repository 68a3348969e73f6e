//! Property tests: wins against a brute-force full-board scan, and the invariants of random
//! games (stone counts, legal moves accepted, refused moves changing nothing, undo).

use crate::reference;

use omok_core::bot::{Bot, RandomBot};
use omok_core::{Board, Game, MoveError, Point, Rule, Stone};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A board of `size` with stones from `cells` (0 empty, 1 black, 2 white; dense enough to
/// make many runs).
fn board_from(size: u8, cells: &[u8]) -> Board {
    let mut board = Board::new(size).unwrap();
    let points: Vec<Point> = board.points().collect();
    for (p, &c) in points.into_iter().zip(cells) {
        let stone = match c {
            1 => Some(Stone::Black),
            2 => Some(Stone::White),
            _ => None,
        };
        board.set(p, stone).unwrap();
    }
    board
}

fn positions() -> impl Strategy<Value = Board> {
    (prop_oneof![Just(5u8), Just(9), Just(15), Just(26)], 0u8..3).prop_flat_map(|(size, bias)| {
        // Cells weighted towards one colour, so that long runs are common.
        let cell = prop_oneof![3 => Just(bias % 3), 2 => Just(1u8), 2 => Just(2u8), 2 => Just(0u8)];
        proptest::collection::vec(cell, usize::from(size) * usize::from(size))
            .prop_map(move |cells| board_from(size, &cells))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn is_win_equals_a_full_board_scan(board in positions()) {
        for p in board.empty_points() {
            for rule in Rule::ALL {
                for stone in [Stone::Black, Stone::White] {
                    prop_assert_eq!(
                        board.is_win(p, stone, rule),
                        reference::is_win(&board, p, stone, rule),
                        "{} {} at {:?}\n{}", rule, stone, p, board
                    );
                    let line = board.winning_line(p, stone, rule);
                    prop_assert_eq!(line.is_some(), board.is_win(p, stone, rule));
                    if let Some(line) = line {
                        prop_assert!(line.contains(&p) && line.len() >= 5);
                    }
                }
            }
        }
        let outside = Point::new(board.size(), 0);
        prop_assert!(!board.is_win(outside, Stone::Black, Rule::Freestyle));
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_games_keep_the_rules(seed in any::<u64>(), rule_index in 0usize..4, size in prop_oneof![Just(7u8), Just(15)]) {
        let rule = Rule::ALL[rule_index];
        let mut game = Game::with_size(rule, size).unwrap();
        let mut bot = RandomBot::new(StdRng::seed_from_u64(seed));
        let mut probe = StdRng::seed_from_u64(seed ^ 0x5eed);
        while let Some(p) = bot.choose(&game) {
            let before = game.clone();
            refused_moves_change_nothing(&mut game, &mut probe)?;
            prop_assert_eq!(&game, &before);
            let legal = game.legal_actions();
            prop_assert!(!legal.is_empty());
            prop_assert!(legal.contains(&p));
            if game.moves().len() % 10 == 5 {
                // The position set up from the board plays the same, with no history.
                let set_up = Game::from_board(rule, game.board()).unwrap();
                prop_assert_eq!(set_up.to_move(), game.to_move());
                prop_assert_eq!(set_up.legal_actions(), legal.clone());
                prop_assert!(set_up.moves().is_empty());
                prop_assert_eq!(&set_up.start_position(), game.board());
                let (a, b) = (set_up.after(p).unwrap(), game.after(p).unwrap());
                prop_assert_eq!(a.outcome(), b.outcome());
            }
            let outcome = game.play(p).unwrap();
            prop_assert_eq!(outcome.as_ref(), game.outcome());
            stones_are_counted(&game)?;
            // Undo gives back exactly the game before the move.
            let mut undone = game.clone();
            prop_assert_eq!(undone.undo(), Ok(p));
            prop_assert_eq!(&undone, &before);
        }
        prop_assert!(game.is_over());
        prop_assert!(game.legal_actions().is_empty());
        prop_assert_eq!(game.play(Point::new(0, 0)), Err(MoveError::GameOver));
        // The record replays to the same game.
        let replayed = Game::from_record(rule, size, &game.record()).unwrap();
        prop_assert_eq!(&replayed, &game);
    }
}

fn stones_are_counted(game: &Game) -> Result<(), TestCaseError> {
    let board = game.board();
    let count = |stone| {
        board
            .points()
            .filter(|&p| board.get(p) == Some(stone))
            .count()
    };
    let n = game.moves().len();
    prop_assert_eq!(board.stone_count(), n);
    prop_assert_eq!(count(Stone::Black), n.div_ceil(2));
    prop_assert_eq!(count(Stone::White), n / 2);
    Ok(())
}

/// Tries an occupied point, a point off the board and every forbidden point: each is refused
/// with the right error, and the game does not change.
fn refused_moves_change_nothing(game: &mut Game, rng: &mut StdRng) -> Result<(), TestCaseError> {
    use rand::seq::IteratorRandom;
    let before = game.clone();
    let size = game.size();
    if let Some(&taken) = game.moves().iter().choose(rng) {
        let refused = matches!(game.play(taken), Err(MoveError::Occupied { .. }));
        prop_assert!(refused, "occupied {}", taken);
    }
    let refused = matches!(
        game.play(Point::new(size, 3)),
        Err(MoveError::OffBoard { .. })
    );
    prop_assert!(refused, "off the board");
    let legal = game.legal_actions();
    let stone = game.turn();
    let empty: Vec<Point> = game.board().empty_points().collect();
    for p in empty {
        if legal.contains(&p) {
            continue;
        }
        let foul = game.board().foul(p, stone, game.rule());
        prop_assert!(foul.is_some(), "{} refused without a foul", p);
        let refused =
            matches!(game.play(p), Err(MoveError::Forbidden { foul: f, .. }) if Some(f) == foul);
        prop_assert!(refused, "forbidden {}", p);
        prop_assert!(game.after(p).is_err());
    }
    prop_assert_eq!(&*game, &before);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Issue 10.2: any point (its fields are public), any size and any text given to a public
    /// function gives an answer or a typed error, never a panic; and points off the board
    /// are refused as such.
    #[test]
    fn no_public_function_panics_on_any_point_size_or_text(
        x in any::<u8>(),
        y in any::<u8>(),
        size in any::<u8>(),
        text in "[a-z0-9, ]{0,8}|.{0,12}",
        rule_index in 0usize..4,
    ) {
        use omok_core::opening::random_opening;
        use omok_core::{Outcome, SetupError};
        let rule = Rule::ALL[rule_index];
        let p = Point::new(x, y);
        let _ = p.notation(size).to_string();
        let _ = Point::parse_on(&text, size).map_err(|e| e.to_string());
        let _ = text.parse::<Point>().map_err(|e| e.to_string());
        let _ = text.parse::<Rule>().map_err(|e| e.to_string());
        let valid = (5..=26).contains(&size);
        prop_assert_eq!(Board::new(size).is_ok(), valid);
        prop_assert_eq!(Game::with_size(rule, size).is_ok(), valid);
        prop_assert_eq!(random_opening(rule, size, &mut StdRng::seed_from_u64(1)).is_ok(), valid);
        let _ = Game::from_record(rule, size, &text).map_err(|e| e.to_string());
        for error in [
            MoveError::OffBoard { point: p, size },
            MoveError::Occupied { point: p, stone: Stone::Black, size },
        ] {
            prop_assert!(!error.to_string().is_empty());
        }
        let won = SetupError::AlreadyWon { stone: Stone::White, point: p, size };
        prop_assert!(!won.to_string().is_empty());
        let outcome = Outcome::Win { winner: Stone::Black, line: vec![p, p] };
        prop_assert!(outcome.notation(size).to_string().starts_with("black wins with"));

        let mut game = Game::from_record(rule, 15, "h8 i9 j10").unwrap();
        let on = x < 15 && y < 15;
        let board = game.board().clone();
        prop_assert_eq!(board.contains(p), on);
        for stone in [Stone::Black, Stone::White] {
            let _ = board.get(p);
            let _ = board.foul(p, stone, rule);
            let _ = board.winning_line(p, stone, rule);
            prop_assert!(on || !board.is_win(p, stone, rule));
        }
        let mut scratch = board.clone();
        prop_assert_eq!(scratch.set(p, Some(Stone::White)).is_ok(), on);
        let refused = game.check(p).is_err();
        prop_assert!(on || refused);
        prop_assert_eq!(game.after(p).is_err(), refused);
        prop_assert_eq!(game.play(p).is_err(), refused);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Issue 10.2: the Gomocup engine answers any sequence of lines, commands with numbers of
    /// any size among them, without panicking; each answer is one the protocol knows.
    #[test]
    fn the_engine_answers_any_lines(
        lines in proptest::collection::vec(
            prop_oneof![
                Just("START 15".to_string()),
                Just("BOARD".to_string()),
                Just("DONE".to_string()),
                Just("BEGIN".to_string()),
                Just("RESTART".to_string()),
                (0u64..30, 0u64..30).prop_map(|(x, y)| format!("TURN {x},{y}")),
                (0u64..30, 0u64..30).prop_map(|(x, y)| format!("TAKEBACK {x},{y}")),
                (0u64..30, 0u64..30, 0u64..5).prop_map(|(x, y, w)| format!("{x},{y},{w}")),
                any::<u64>().prop_map(|n| format!("START {n}")),
                any::<u64>().prop_map(|n| format!("INFO rule {n}")),
                any::<u64>().prop_map(|n| format!("INFO time_left {n}")),
                (any::<u64>(), any::<u64>()).prop_map(|(x, y)| format!("TURN {x},{y}")),
                ".{0,20}",
            ],
            0..12,
        )
    ) {
        use omok_core::gomocup::Engine;
        let mut engine = Engine::new();
        engine.handle("INFO timeout_turn 0");
        for line in &lines {
            for answer in engine.handle(line).lines {
                let known = ["OK", "ERROR", "UNKNOWN", "MESSAGE", "name="]
                    .iter()
                    .any(|start| answer.starts_with(start))
                    || answer.split_once(',').is_some_and(|(x, y)| {
                        x.parse::<u8>().is_ok() && y.parse::<u8>().is_ok()
                    });
                prop_assert!(known, "{:?} answered {:?}", line, answer);
            }
        }
    }
}
