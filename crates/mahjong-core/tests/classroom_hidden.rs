//! Hidden information in the classroom game (spec section 3; conventions, "Hidden
//! information"), played out over whole games: two games whose walls differ only in tiles
//! one seat never sees (other seats' dealt tiles and the dead wall), played with the same
//! public actions, give that seat the same order of play, the same view (legal actions
//! included) and the same events (`seen_by`) at every step, claims on a discard included.
//!
//! `MAHJONG_HIDDEN_GAMES=N` plays N pairs of games instead of the default 256.

use mahjong_core::bot::{Bot, EfficiencyBot, RandomBot};
use mahjong_core::classroom::{Action, Event, Game, Wall};
use mahjong_core::{DEAD_WALL_TILES, LIVE_TILES, Rules, Seat, WALL_TILES};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The tiles dealt before the first draw: 13 to each of the four seats.
const DEALT: usize = 52;

/// The seat a wall position `0..52` is dealt to: one tile each, then four each, three times.
fn dealt_to(position: usize) -> usize {
    if position < 4 {
        position
    } else {
        (position - 4) % 16 / 4
    }
}

/// A shuffled wall, and the same wall with `swaps` pairs of positions exchanged among those
/// `seat` never sees: the tiles dealt to the other seats and the dead wall. Every draw, and
/// `seat`'s own deal, stay where they are.
fn twin_walls(rng: &mut StdRng, seat: usize, swaps: usize) -> (Wall, Wall) {
    let wall = Wall::shuffled(rng);
    let hidden: Vec<usize> = (0..DEALT)
        .filter(|&p| dealt_to(p) != seat)
        .chain(LIVE_TILES..WALL_TILES)
        .collect();
    let mut tiles = *wall.tiles();
    for _ in 0..swaps {
        let (a, b) = (
            rng.random_range(0..hidden.len()),
            rng.random_range(0..hidden.len()),
        );
        tiles.swap(hidden[a], hidden[b]);
    }
    let twin = Wall::from_tiles(&tiles).expect("the same tiles in another order");
    (wall, twin)
}

/// An action both games accept for their seat to move, which is not `seat`: the efficiency
/// bot's choice in the first game when the second accepts it too, else one at random of
/// those both accept (a pass at a claim, a tile both hands hold on a turn).
fn common_action(games: [&Game; 2], rng: &mut StdRng) -> Option<Action> {
    let to_move = games[0].to_move()?;
    let wanted = EfficiencyBot.choose(&games[0].view(to_move)?)?;
    let theirs = games[1].legal_actions();
    if theirs.contains(&wanted) {
        return Some(wanted);
    }
    let both: Vec<Action> = (games[0].legal_actions().into_iter())
        .filter(|action| theirs.contains(action))
        .collect();
    (!both.is_empty()).then(|| both[rng.random_range(0..both.len())])
}

/// Whether `event` ends the game showing hands (a win or the exhaustive draw's tenpai):
/// public then, and different between the twins.
fn ends(event: &Event) -> bool {
    matches!(
        event,
        Event::Tsumo { .. } | Event::Ron { .. } | Event::Ryuukyoku { .. }
    )
}

/// Plays the twin games of `seed` to their end, `seat` choosing by a random bot (on its
/// view, the same in both) and the other seats by [`common_action`], checking `seat`'s
/// side of every step (the events up to a win or the exhaustive draw, which show hands).
/// Returns how many steps were claims on a discard, and how many of those a seat answered
/// with other legal actions in the two games (it may ron in one only): the leak's case.
fn check_twins(seed: u64, seat: usize, swaps: usize) -> Result<(usize, usize), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let (wall, twin) = twin_walls(&mut rng, seat, swaps);
    let mut games = [wall, twin].map(|w| Game::from_wall(Rules::classroom(), w).unwrap());
    let seat = Seat::ALL[seat];
    let mut mine = RandomBot::new(StdRng::seed_from_u64(seed ^ 1));
    let (mut claims, mut differing) = (0, 0);
    while let Some(to_move) = games[0].to_move() {
        prop_assert_eq!(games[1].to_move(), Some(to_move), "the order of play");
        let view = games[0].view(seat).unwrap();
        prop_assert_eq!(&view, &games[1].view(seat).unwrap());
        if games[0].claim().is_some() {
            claims += 1;
            differing += usize::from(games[0].legal_actions() != games[1].legal_actions());
        }
        let action = if to_move == seat {
            mine.choose(&view)
        } else {
            common_action([&games[0], &games[1]], &mut rng)
        };
        let Some(action) = action else { break };
        let [first, second] = &mut games;
        let seen = |events: Vec<Event>| -> Vec<Event> {
            let shown = events.iter().take_while(|event| !ends(event));
            shown.map(|event| event.seen_by(seat)).collect()
        };
        let events = seen(first.apply(action).unwrap());
        prop_assert_eq!(
            events,
            seen(second.apply(action).unwrap()),
            "after {}",
            action
        );
    }
    prop_assert_eq!(games[0].is_over(), games[1].is_over());
    Ok((claims, differing))
}

/// Pairs of games to play: `MAHJONG_HIDDEN_GAMES`, else `default`.
fn games(default: u32) -> u32 {
    std::env::var("MAHJONG_HIDDEN_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(games(256)))]

    #[test]
    fn a_seat_sees_the_same_whatever_it_cannot_see(
        seed in any::<u64>(),
        seat in 0usize..4,
        swaps in 1usize..6,
    ) {
        check_twins(seed, seat, swaps)?;
    }
}

/// The twins reach the case of the leak the property guards against: a claim that a seat in
/// riichi may ron in one game and not in the other.
#[test]
fn twin_games_reach_claims_only_one_twin_may_ron() {
    let (mut claims, mut differing) = (0, 0);
    for seed in 0..64 {
        let (c, d) = check_twins(seed, (seed % 4) as usize, 3).unwrap();
        (claims, differing) = (claims + c, differing + d);
    }
    assert!(differing > 0, "{claims} claims, {differing} differing");
}

#[test]
fn the_deal_order_and_the_dead_wall_are_what_the_twins_assume() {
    assert_eq!(LIVE_TILES + DEAD_WALL_TILES, WALL_TILES);
    let wall = Wall::shuffled(&mut StdRng::seed_from_u64(5));
    let game = Game::from_wall(Rules::classroom(), wall.clone()).unwrap();
    for seat in Seat::ALL {
        let mut dealt: Vec<_> = (0..DEALT)
            .filter(|&p| dealt_to(p) == seat.index())
            .map(|p| wall.tiles()[p])
            .collect();
        if seat.index() == 0 {
            dealt.push(wall.tiles()[DEALT]);
        }
        let hand: mahjong_core::Hand = mahjong_core::Hand::from_tiles(dealt).unwrap();
        assert_eq!(game.hand(seat), Some(&hand));
    }
}
