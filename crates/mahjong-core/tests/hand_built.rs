//! No public function panics on values a caller builds by hand: views with any public
//! fields, any text, any tile order for a wall, any rules, shapes and events that no game
//! makes. Each answers, or refuses with a typed error.

use crate::strategies;

use mahjong_core::bot::{Bot, ClassroomBot, EfficiencyBot, RandomBot, play_out};
use mahjong_core::classroom::{Action, Agari, Event, Game, Outcome, View, Wall, Win};
use mahjong_core::{Meld, Rules, RulesError, Seat, Shape, Tile, TileSet};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use strategies::any_hand;

fn any_tile() -> impl Strategy<Value = Tile> {
    (0u8..34).prop_map(|index| Tile::from_index(index).unwrap())
}

fn any_seat() -> impl Strategy<Value = Seat> {
    (0usize..4).prop_map(|index| Seat::try_from(index).unwrap())
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        any_tile().prop_map(Action::Discard),
        any_tile().prop_map(Action::Riichi),
        Just(Action::Tsumo),
        Just(Action::Ron),
        Just(Action::Pass),
    ]
}

/// A view with every public field chosen freely: piles of any length and count, riichi
/// marks past the piles, legal actions that do not fit the hand, counts of any size.
fn any_view() -> impl Strategy<Value = View> {
    let piles = prop::collection::vec(prop::collection::vec(any_tile(), 0..40), 0..7);
    let riichi = prop::collection::vec(prop::option::of(any::<usize>()), 0..7);
    let legal = prop::collection::vec(any_action(), 0..8);
    (
        (any::<usize>(), any::<bool>(), any_seat(), any::<usize>()),
        (any_hand(), prop::option::of(any_tile()), piles, riichi),
        (any::<usize>(), prop::option::of(any_seat()), legal),
    )
        .prop_map(
            |((seats, furiten, seat, count), (hand, drawn, discards, riichi), rest)| View {
                rules: Rules {
                    seats,
                    furiten,
                    ..Rules::classroom()
                },
                seat,
                seats: count,
                hand,
                drawn,
                discards,
                riichi,
                live_tiles: rest.0,
                turn: rest.1,
                legal: rest.2,
                outcome: None,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn bots_answer_any_view_with_one_of_its_legal_actions(view in any_view(), seed in any::<u64>()) {
        let mut bots: [Box<dyn Bot>; 3] = [
            Box::new(ClassroomBot),
            Box::new(EfficiencyBot),
            Box::new(RandomBot::new(StdRng::seed_from_u64(seed))),
        ];
        for bot in &mut bots {
            match bot.choose(&view) {
                Some(action) => prop_assert!(view.legal.contains(&action), "{action}"),
                None => prop_assert!(view.legal.is_empty()),
            }
        }
        let _ = (view.visible(), view.unseen(), view.sorted_hand(), view.is_to_act());
        for seat in Seat::ALL {
            let _ = view.is_riichi(seat);
        }
    }

    #[test]
    fn any_tile_order_is_a_wall_or_says_why(tiles in prop::collection::vec(any_tile(), 0..200)) {
        match Wall::from_tiles(&tiles) {
            Ok(wall) => prop_assert_eq!(&wall.tiles()[..], &tiles[..]),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }

    #[test]
    fn any_text_is_an_action_and_a_seat_or_says_why(text in ".{0,40}") {
        if let Err(error) = text.parse::<Action>() {
            prop_assert!(!error.to_string().is_empty());
        }
        if let Err(error) = text.parse::<Seat>() {
            prop_assert!(!error.to_string().is_empty());
        }
    }

    #[test]
    fn any_index_is_a_seat_or_says_why(index in any::<usize>()) {
        match Seat::try_from(index) {
            Ok(seat) => prop_assert_eq!(seat.index(), index),
            Err(error) => prop_assert!(index >= 4 && error.to_string().contains("0 to 3")),
        }
    }

    #[test]
    fn any_rules_give_a_game_or_say_why(seats in any::<usize>(), furiten in any::<bool>()) {
        let rules = Rules { seats, furiten, ..Rules::classroom() };
        match Game::new(rules, &mut StdRng::seed_from_u64(seats as u64)) {
            Ok(game) => {
                prop_assert!((1..=4).contains(&seats));
                for seat in Seat::ALL {
                    let exists = seat.index() < seats;
                    prop_assert_eq!(game.hand(seat).is_some(), exists);
                    prop_assert_eq!(game.discards(seat).is_some(), exists);
                    prop_assert_eq!(game.view(seat).is_some(), exists);
                    let _ = (game.is_riichi(seat), game.drawn(seat));
                }
            }
            Err(error) => prop_assert_eq!(error, RulesError::Seats { seats }),
        }
    }

    #[test]
    fn hand_built_shapes_outcomes_and_events_display(
        melds in prop::collection::vec((any_tile(), any::<bool>()), 0..6),
        pairs in prop::array::uniform7(any_tile()),
        (tile, seat, from) in (any_tile(), any_seat(), any_seat()),
        hand in any_hand(),
    ) {
        let melds = melds
            .into_iter()
            .map(|(tile, run)| if run { Meld::Sequence(tile) } else { Meld::Triplet(tile) })
            .collect();
        let shapes = [
            Shape::Standard { melds, pair: tile },
            Shape::Chiitoitsu { pairs },
            Shape::Kokushi { pair: tile },
        ];
        for shape in shapes {
            let agari = Agari {
                winner: seat,
                win: Win::Ron { from },
                tile,
                hand,
                waits: TileSet::EMPTY,
                riichi: true,
                shape,
            };
            prop_assert!(!Outcome::Agari(agari).to_string().is_empty());
        }
        let events = [
            Event::Draw { seat, tile: None },
            Event::Riichi { seat, waits: None },
            Event::Ron { seat, from, tile, hand, waits: TileSet::EMPTY },
            Event::Ryuukyoku { tenpai: Seat::ALL.to_vec() },
        ];
        for event in events {
            prop_assert!(!event.seen_by(from).to_string().is_empty());
        }
    }
}

#[test]
fn play_out_without_a_bot_for_every_seat_stops() {
    let mut game = Game::new(Rules::classroom(), &mut StdRng::seed_from_u64(1)).unwrap();
    let mut bot = ClassroomBot;
    // Seat 0 plays its turn; seat 1 has no bot.
    assert_eq!(play_out(&mut game, &mut [&mut bot]), None);
    assert_eq!(game.to_move(), Some(Seat::ALL[1]));
}
