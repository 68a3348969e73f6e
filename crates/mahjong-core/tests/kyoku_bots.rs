//! The bots of the full game (spec section 4) answer every decision: each plays whole
//! matches at a mixed table with only legal actions, and any view built by hand, however
//! impossible, gets one of its legal actions (or nothing when it has none), never a panic.

use crate::kyoku_strategies;

use kyoku_strategies::{any_action, any_copy, any_tile};
use mahjong_core::bot::{ClassroomBot, EfficiencyBot, KyokuBot, RandomBot, play_out_match};
use mahjong_core::score::{Meld, MeldKind, TileCopy, Wind};
use mahjong_core::{DiscardedTile, KyokuView, MAX_SEATS, Match, Rules, Seat, TableMeld, TileWall};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The three bots of the full game, the random one drawing from `seed`.
fn bots(seed: u64) -> [Box<dyn KyokuBot>; 3] {
    [
        Box::new(EfficiencyBot),
        Box::new(ClassroomBot),
        Box::new(RandomBot::new(StdRng::seed_from_u64(seed))),
    ]
}

#[test]
fn every_bot_plays_whole_matches_with_legal_actions_only() {
    for seed in 0..6u64 {
        // Seats 0..3 get the bots in a rotated order, the fourth seat a second efficiency bot.
        let mut all: Vec<Box<dyn KyokuBot>> = bots(seed).into_iter().collect();
        all.push(Box::new(EfficiencyBot));
        all.rotate_left(seed as usize % 4);
        let mut seats: Vec<&mut dyn KyokuBot> = all.iter_mut().map(|b| b.as_mut() as _).collect();
        let mut game = Match::new(Rules::tenhou()).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut walls = || TileWall::shuffled(true, &mut rng);
        // `None` would mean a bot chose nothing or an illegal action.
        let (events, result) = play_out_match(&mut game, &mut seats, &mut walls)
            .unwrap_or_else(|| panic!("match {seed}: a bot did not answer with a legal action"));
        assert!(
            !events.is_empty() && result.hands >= 4,
            "match {seed}: {result:?}"
        );
    }
}

fn any_seat() -> impl Strategy<Value = Seat> {
    (0usize..4).prop_map(|index| Seat::ALL[index])
}

/// Any meld the scorer's type can hold.
fn any_meld() -> impl Strategy<Value = TableMeld> {
    let kind = (0usize..5).prop_map(|i| MeldKind::ALL[i]);
    (
        kind,
        any_tile(),
        any::<bool>(),
        prop::option::of(any_seat()),
    )
        .prop_filter_map("not a meld", |(kind, tile, red, from)| {
            let meld = Meld::new(kind, tile, red).ok()?;
            let called = from.map(|_| TileCopy::plain(tile));
            Some(TableMeld { meld, from, called })
        })
}

fn any_discard() -> impl Strategy<Value = DiscardedTile> {
    (any_copy(), any::<[bool; 3]>()).prop_map(|(tile, [tsumogiri, riichi, called])| DiscardedTile {
        tile,
        tsumogiri,
        riichi,
        called,
    })
}

/// Four lists of up to `most` of what `item` makes.
fn four<S: Strategy>(
    item: fn() -> S,
    most: usize,
) -> impl Strategy<Value = [Vec<S::Value>; MAX_SEATS]> {
    let list = || prop::collection::vec(item(), 0..most);
    (list(), list(), list(), list()).prop_map(|(a, b, c, d)| [a, b, c, d])
}

/// A view with every public field chosen freely: more than 14 concealed tiles or a fifth
/// copy, red flags anywhere, melds and piles of any size, legal actions that do not fit.
fn any_view() -> impl Strategy<Value = KyokuView> {
    let seats = (
        any_seat(),
        any_seat(),
        (0usize..4).prop_map(|i| Wind::ALL[i]),
    );
    let tiles = (
        prop::collection::vec(any_copy(), 0..20),
        prop::option::of(any_copy()),
        prop::option::of(any_copy()),
        prop::collection::vec(any_copy(), 0..8),
    );
    let table = (four(any_meld, 6), four(any_discard, 30), any::<[bool; 4]>());
    let counts = (
        any::<[i32; 4]>(),
        any::<u32>(),
        any::<u32>(),
        any::<usize>(),
    );
    let legal = prop::collection::vec(any_action(), 0..12);
    (seats, tiles, table, counts, legal).prop_map(
        |(
            (seat, dealer, round_wind),
            (concealed, drawn, offered, dora_indicators),
            (melds, discards, riichi),
            (points, honba, riichi_sticks, live_tiles),
            legal,
        )| KyokuView {
            rules: Rules::tenhou(),
            seat,
            dealer,
            round_wind,
            concealed,
            drawn,
            offered,
            melds,
            discards,
            riichi,
            kita: [0; 4],
            dora_indicators,
            points,
            honba,
            riichi_sticks,
            live_tiles,
            legal,
            outcome: None,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn bots_answer_any_view_with_one_of_its_legal_actions(view in any_view(), seed in any::<u64>()) {
        for mut bot in bots(seed) {
            match bot.choose(&view) {
                Some(action) => prop_assert!(view.legal.contains(&action), "{action}"),
                None => prop_assert!(view.legal.is_empty()),
            }
        }
    }
}
