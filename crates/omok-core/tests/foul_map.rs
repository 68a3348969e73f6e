//! [`FoulMap`], updated one change at a time, against [`Board::fouls`] over the whole board:
//! along random games (renju and omok, 15x15 and 19x19, with moves taken back) and along
//! random stones put on and taken from dense boards, where double-threes whose threes hang
//! on further threes are common.

use omok_core::bot::{Bot, RandomBot};
use omok_core::{Board, FoulMap, Game, Point, Rule, Stone};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Both colours' maps equal the full computation on `board`.
fn maps_match(maps: &[FoulMap; 2], board: &Board) -> Result<(), TestCaseError> {
    for map in maps {
        let full: Vec<Point> = board
            .fouls(map.stone(), map.rule())
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        let kept: Vec<Point> = board.points().filter(|&p| map.is_forbidden(p)).collect();
        prop_assert_eq!(&kept, &full, "{} {}\n{}", map.rule(), map.stone(), board);
        prop_assert_eq!(map.count(), full.len());
        prop_assert_eq!(map, &FoulMap::new(board, map.stone(), map.rule()));
    }
    Ok(())
}

fn new_maps(board: &Board, rule: Rule) -> [FoulMap; 2] {
    [Stone::Black, Stone::White].map(|stone| FoulMap::new(board, stone, rule))
}

const RULES: [Rule; 2] = [Rule::Renju, Rule::Omok];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_games_keep_the_map_equal_to_the_full_scan(
        seed in any::<u64>(),
        rule in prop::sample::select(RULES.to_vec()),
        size in prop_oneof![Just(15u8), Just(19)],
    ) {
        let mut game = Game::with_size(rule, size).unwrap();
        let mut maps = new_maps(game.board(), rule);
        let mut bot = RandomBot::new(StdRng::seed_from_u64(seed));
        let mut rng = StdRng::seed_from_u64(!seed);
        while let Some(p) = bot.choose(&game) {
            game.play(p).unwrap();
            maps.iter_mut().for_each(|m| m.update(game.board(), p));
            maps_match(&maps, game.board())?;
            if rng.random_ratio(1, 8) {
                let back = game.undo().unwrap();
                maps.iter_mut().for_each(|m| m.update(game.board(), back));
                maps_match(&maps, game.board())?;
                game.play(back).unwrap();
                maps.iter_mut().for_each(|m| m.update(game.board(), back));
            }
        }
    }

    #[test]
    fn random_changes_to_dense_boards_keep_the_map_equal(
        seed in any::<u64>(),
        rule in prop::sample::select(RULES.to_vec()),
        size in prop_oneof![Just(15u8), Just(19)],
    ) {
        let mut board = Board::new(size).unwrap();
        let mut maps = new_maps(&board, rule);
        let mut rng = StdRng::seed_from_u64(seed);
        // Stones in a 9x9 corner, mostly black, some taken away again.
        for _ in 0..120 {
            let p = Point::new(rng.random_range(0..9), rng.random_range(0..9));
            let stone = match rng.random_range(0..10) {
                0..6 => Some(Stone::Black),
                6..8 => Some(Stone::White),
                _ => None,
            };
            board.set(p, stone).unwrap();
            maps.iter_mut().for_each(|m| m.update(&board, p));
            maps_match(&maps, &board)?;
        }
    }
}

/// A change off the board, or on a board of another size, leaves the map as it is.
#[test]
fn changes_it_cannot_follow_leave_the_map_alone() {
    let game = Game::from_record(Rule::Renju, 15, "h8 a1 i8 a2 g9 a3 g7 a4").unwrap();
    let map = FoulMap::new(game.board(), Stone::Black, Rule::Renju);
    assert!(map.is_forbidden("g8".parse().unwrap()));
    assert!(!map.is_forbidden(Point::new(15, 0)));
    let mut same = map.clone();
    same.update(game.board(), Point::new(20, 3));
    same.update(&Board::new(9).unwrap(), Point::new(1, 1));
    assert_eq!(same, map);
    let white = FoulMap::new(game.board(), Stone::White, Rule::Renju);
    assert_eq!((white.count(), white.as_slice().len()), (0, 225));
}
