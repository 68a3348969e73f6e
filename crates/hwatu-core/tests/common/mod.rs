//! Helpers of the scenario tests: explicit deals in notation, actions in notation.
#![allow(dead_code)]

use hwatu_core::{Action, Card, CardSet, Deal, Event, Game, Match, Player, Rules};

/// A card from its notation.
pub fn c(text: &str) -> Card {
    text.parse().expect("a card")
}

/// A card set from notation.
pub fn s(text: &str) -> CardSet {
    text.parse().expect("cards")
}

/// An explicit deal: hands of A and B, the floor, the stock from the top.
pub fn deal(first: Player, a: &str, b: &str, floor: &str, stock: &str) -> Deal {
    Deal {
        hands: [s(a), s(b)],
        floor: s(floor),
        stock: stock.split_whitespace().map(c).collect(),
        first,
    }
}

/// A game from an explicit deal: hands of A and B, the floor, the stock from the top.
pub fn game(rules: Rules, first: Player, a: &str, b: &str, floor: &str, stock: &str) -> Game {
    Game::from_deal(rules, deal(first, a, b, floor, stock)).expect("a valid deal")
}

/// A match's next game from an explicit deal (see [`game`]).
pub fn match_game(
    matgo: &Match,
    first: Player,
    a: &str,
    b: &str,
    floor: &str,
    stock: &str,
) -> Game {
    matgo
        .game_from_deal(deal(first, a, b, floor, stock))
        .expect("a valid deal")
}

/// Applies an action in notation (`"play 1G"`, `"take 1P1"`, `"go"`) and returns its events.
pub fn act(game: &mut Game, action: &str) -> Vec<Event> {
    let action: Action = action.parse().expect("an action");
    game.apply(action)
        .unwrap_or_else(|e| panic!("{action} refused: {e}"))
}

/// Applies actions in turn, returning the events of the last.
pub fn acts(game: &mut Game, actions: &[&str]) -> Vec<Event> {
    let mut last = Vec::new();
    for action in actions {
        last = act(game, action);
    }
    last
}

pub const A: Player = Player::A;
pub const B: Player = Player::B;

pub fn played(player: Player, card: &str) -> Event {
    Event::Played {
        player,
        card: c(card),
    }
}

pub fn flipped(player: Player, card: &str) -> Event {
    Event::Flipped {
        player,
        card: c(card),
    }
}

pub fn captured(player: Player, cards: &str) -> Event {
    Event::Captured {
        player,
        cards: s(cards),
    }
}

pub fn stolen(player: Player, card: &str) -> Event {
    Event::PiStolen {
        player,
        from: player.other(),
        card: c(card),
        change: None,
    }
}

/// The end of `player`'s turn, the `turn`-th of the game.
pub fn turn_ended(player: Player, turn: u8) -> Event {
    Event::TurnEnded { player, turn }
}

/// `events` without the turn ends, to compare the events of a turn's body.
pub fn body(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .copied()
        .filter(|e| !matches!(e, Event::TurnEnded { .. }))
        .collect()
}

/// The mean of `samples` and the half-width of its 95% confidence interval (normal
/// approximation, from the samples' variance).
pub fn mean_and_ci(samples: &[f64]) -> (f64, f64) {
    let n = samples.len().max(1) as f64;
    let mean = samples.iter().sum::<f64>() / n;
    let variance = samples.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (variance / n).sqrt())
}
