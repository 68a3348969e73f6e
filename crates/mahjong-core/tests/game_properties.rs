//! Invariants of random seeded games (spec section 3), played by random and classroom bots:
//! every tile accounted for, every legal action accepted, every other action refused with
//! the game unchanged, and every game over within the wall.

use mahjong_core::bot::{Bot, ClassroomBot, RandomBot};
use mahjong_core::classroom::{Action, Game};
use mahjong_core::{LIVE_TILES, Rules, Seat, Tile};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Every action there is: the 34 discards, the 34 riichi discards, tsumo, ron and pass.
fn every_action() -> Vec<Action> {
    let tiles = Tile::ALL.iter().copied();
    tiles
        .clone()
        .map(Action::Discard)
        .chain(tiles.map(Action::Riichi))
        .chain([Action::Tsumo, Action::Ron, Action::Pass])
        .collect()
}

/// The 136 tiles are in the hands, the discards, the live wall left and the dead wall.
fn check_conservation(game: &Game) {
    let seats = game.rules().seats;
    let mut counts = [0u8; 34];
    let mut add = |tile: Tile| counts[tile.index() as usize] += 1;
    for seat in Seat::first(seats) {
        game.hand(seat).unwrap().tiles().for_each(&mut add);
        game.discards(seat)
            .unwrap()
            .iter()
            .copied()
            .for_each(&mut add);
    }
    let taken = LIVE_TILES - game.live_tiles();
    game.wall().live()[taken..]
        .iter()
        .copied()
        .for_each(&mut add);
    game.wall().dead_wall().iter().copied().for_each(&mut add);
    assert_eq!(counts, [4; 34]);
}

/// Every legal action is accepted, every other one refused with the game unchanged.
fn check_actions(game: &Game, all: &[Action]) {
    let legal = game.legal_actions();
    assert_eq!(legal.is_empty(), game.is_over());
    for &action in all {
        let mut copy = game.clone();
        let result = copy.apply(action);
        assert_eq!(
            result.is_ok(),
            legal.contains(&action),
            "{action}: {result:?}"
        );
        if result.is_err() {
            assert_eq!(&copy, game, "{action} was refused but changed the game");
        }
        assert_eq!(game.after(action).is_ok(), result.is_ok());
    }
}

/// Plays one game with `bots`, checking every state; returns the number of actions.
fn play(rules: Rules, seed: u64, bots: &mut [Box<dyn Bot>]) -> usize {
    let all = every_action();
    let mut game = Game::new(rules, &mut StdRng::seed_from_u64(seed)).unwrap();
    let mut actions = 0;
    while let Some(seat) = game.to_move() {
        check_conservation(&game);
        check_actions(&game, &all);
        let view = game.view(seat).unwrap();
        assert_eq!(view.legal, game.legal_actions());
        for other in Seat::first(rules.seats).filter(|&other| other != seat) {
            let view = game.view(other).unwrap();
            assert!(view.legal.is_empty() && view.drawn.is_none());
            assert_eq!(&view.hand, game.hand(other).unwrap());
        }
        let action = bots[seat.index()].choose(&view).unwrap();
        game.apply(action).unwrap();
        actions += 1;
        // Every live tile drawn once, one discard each, and a ron or pass per discard at most.
        assert!(actions <= 4 * LIVE_TILES);
    }
    check_conservation(&game);
    check_actions(&game, &all);
    assert!(game.outcome().is_some());
    actions
}

fn random_bots(seed: u64) -> Vec<Box<dyn Bot>> {
    (0..4)
        .map(|seat| {
            let rng = StdRng::seed_from_u64(seed ^ (seat + 1));
            Box::new(RandomBot::new(rng)) as Box<dyn Bot>
        })
        .collect()
}

fn mixed_bots(seed: u64) -> Vec<Box<dyn Bot>> {
    let mut bots = random_bots(seed);
    bots[1] = Box::new(ClassroomBot::new());
    bots[3] = Box::new(ClassroomBot::new());
    bots
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_bot_games_keep_every_invariant(seed in any::<u64>()) {
        play(Rules::classroom(), seed, &mut random_bots(seed));
    }

    #[test]
    fn classroom_bot_games_keep_every_invariant(seed in any::<u64>()) {
        let mut bots: Vec<Box<dyn Bot>> = (0..4).map(|_| Box::new(ClassroomBot::new()) as _).collect();
        play(Rules::classroom(), seed, &mut bots);
    }

    #[test]
    fn mixed_games_without_furiten_keep_every_invariant(seed in any::<u64>()) {
        let rules = Rules { furiten: false, ..Rules::classroom() };
        play(rules, seed, &mut mixed_bots(seed));
    }

    #[test]
    fn solo_games_keep_every_invariant(seed in any::<u64>()) {
        play(Rules::solo(), seed, &mut random_bots(seed));
    }
}
