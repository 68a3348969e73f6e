//! Helpers shared by the game tests: walls built from the hands and draws a scenario needs,
//! for the classroom game here and for the full game in [`kyoku`]. Each test file uses some.
#![allow(dead_code)]

pub mod kyoku;

use mahjong_core::classroom::{Event, Game, Wall};
use mahjong_core::{Hand, Rules, Seat, Tile};

/// A wall that deals `hands[seat]` (13 tiles each, MPSZ) in the classroom game's order, then gives
/// `draws` (space-separated tiles, in turn order from seat 0); every other tile follows in
/// index order.
pub fn wall(hands: &[&str], draws: &str) -> Wall {
    let hands: Vec<Vec<Tile>> = hands
        .iter()
        .map(|text| text.parse::<Hand>().unwrap().tiles().collect())
        .collect();
    let mut order = Vec::new();
    for (start, take) in [(0, 1), (1, 4), (5, 4), (9, 4)] {
        for hand in &hands {
            order.extend_from_slice(&hand[start..start + take]);
        }
    }
    order.extend(draws.split_whitespace().map(|t| t.parse::<Tile>().unwrap()));
    let mut left = [4u8; 34];
    for tile in &order {
        left[tile.index() as usize] -= 1;
    }
    for tile in Tile::ALL {
        order.extend(std::iter::repeat_n(
            tile,
            left[tile.index() as usize] as usize,
        ));
    }
    Wall::from_tiles(&order).unwrap()
}

/// The game of `rules` on [`wall`].
pub fn game(rules: Rules, hands: &[&str], draws: &str) -> Game {
    Game::from_wall(rules, wall(hands, draws)).unwrap()
}

/// A tile from its MPSZ code.
pub fn t(text: &str) -> Tile {
    text.parse().unwrap()
}

/// Seat `index` (0 to 3).
pub fn s(index: usize) -> Seat {
    Seat::try_from(index).unwrap()
}

/// A hand from MPSZ.
pub fn h(text: &str) -> Hand {
    text.parse().unwrap()
}

/// The events of discarding the drawn tile, for the seat to move.
pub fn tsumogiri(game: &mut Game) -> Vec<Event> {
    let seat = game.to_move().unwrap();
    let drawn = game.drawn(seat).unwrap();
    game.apply(mahjong_core::classroom::Action::Discard(drawn))
        .unwrap()
}

/// The events of the seat to move passing a discard it may not ron (its only legal action).
pub fn pass(game: &mut Game) -> Vec<Event> {
    use mahjong_core::classroom::Action;
    assert_eq!(
        game.legal_actions(),
        [Action::Pass],
        "a pass alone is legal"
    );
    game.apply(Action::Pass).unwrap()
}

/// The events of a whole turn: discarding the drawn tile, then every seat in riichi passing
/// the discard (none of them may ron it).
pub fn turn(game: &mut Game) -> Vec<Event> {
    let mut events = tsumogiri(game);
    while game.claim().is_some() {
        events.extend(pass(game));
    }
    events
}
