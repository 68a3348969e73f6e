//! The fast, table-driven analysis against the naive reference (`tests/reference`), on
//! seeded hands of every family (`tests/families`) and on proptest's random hands, plus the
//! identities that tie shanten, agari and waits together.
//!
//! `MAHJONG_DIFF_HANDS=1000000 cargo test -p mahjong-core --release --test tests differential::`
//! runs the seeded comparison on a million hands; by default it runs 20,000.

use crate::families;
use crate::reference;
use crate::strategies;

use families::Family;
use mahjong_core::{Hand, Tile, TileSet};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use strategies::any_hand;

/// The analysis of a hand by the crate, in the reference's terms.
fn fast(hand: &Hand) -> (bool, i8, u64, Vec<(usize, u64)>) {
    let riichi = hand
        .riichi_discards()
        .iter()
        .map(|(tile, waits)| (tile.index() as usize, waits.bits()))
        .collect();
    (hand.is_agari(), hand.shanten(), hand.waits().bits(), riichi)
}

/// The analysis of a hand by the reference.
fn naive(hand: &Hand) -> (bool, i8, u64, Vec<(usize, u64)>) {
    let counts = hand.counts();
    (
        reference::is_agari(counts),
        reference::shanten(counts),
        reference::waits(counts),
        reference::riichi_discards(counts),
    )
}

fn hands_to_check() -> usize {
    std::env::var("MAHJONG_DIFF_HANDS")
        .ok()
        .and_then(|n| n.replace('_', "").parse().ok())
        .unwrap_or(20_000)
}

#[test]
fn every_family_agrees_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(0x6d61_686a);
    let total = hands_to_check();
    let mut tenpai = 0;
    let mut agari = 0;
    let mut riichi = 0;
    for i in 0..total {
        let family = Family::ALL[i % Family::ALL.len()];
        let hand = family.hand(&mut rng);
        let answer = fast(&hand);
        assert_eq!(answer, naive(&hand), "{family:?} hand {i}: {hand}");
        tenpai += usize::from(answer.2 != 0);
        agari += usize::from(answer.0);
        riichi += usize::from(!answer.3.is_empty());
    }
    // The families reach the interesting answers often, not by luck.
    assert!(tenpai * 10 > total, "{tenpai} tenpai of {total}");
    assert!(agari * 20 > total, "{agari} agari of {total}");
    assert!(
        riichi * 5 > total,
        "{riichi} with riichi discards of {total}"
    );
}

/// 13 or 14 tiles from few kinds, so that shapes and quads are common.
fn dense_hand() -> impl Strategy<Value = Hand> {
    (0u8..3, prop::collection::vec(0u8..12, 13..=14)).prop_map(|(suit, numbers)| {
        let mut hand = Hand::new();
        for number in numbers {
            // Nine kinds of one suit, and three honors.
            let kind = if number < 9 {
                suit * 9 + number
            } else {
                18 + number
            };
            let _ = hand.add(Tile::from_index(kind).unwrap());
        }
        hand
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_hands_agree_with_the_reference(hand in any_hand()) {
        prop_assert_eq!(fast(&hand), naive(&hand), "{}", hand);
    }

    #[test]
    fn dense_hands_agree_with_the_reference(hand in dense_hand()) {
        prop_assert_eq!(fast(&hand), naive(&hand), "{}", hand);
    }

    /// Shanten is what its definition says for every tile count: a `3n+2` hand is agari at
    /// -1, else as far as its best discard; a `3n+1` hand is one more than its best draw.
    #[test]
    fn shanten_steps_by_one_tile(hand in prop_oneof![any_hand(), dense_hand()]) {
        let shanten = hand.shanten();
        match hand.len() % 3 {
            2 => {
                let best_discard = hand.kinds().iter()
                    .map(|tile| { let mut less = hand; less.remove(tile).unwrap(); less.shanten() })
                    .min();
                let expected = if hand.is_agari() { -1 } else { best_discard.unwrap() };
                prop_assert_eq!(shanten, expected, "{}", hand);
            }
            1 if hand.len() < 14 => {
                let best_draw = Tile::ALL.iter()
                    .filter_map(|&tile| { let mut more = hand; more.add(tile).ok()?; Some(more.shanten()) })
                    .min()
                    .unwrap();
                prop_assert_eq!(shanten, best_draw + 1, "{}", hand);
                prop_assert_eq!(shanten == 0, !hand.waits().is_empty(), "{}", hand);
            }
            _ => {}
        }
    }

    /// The riichi discards are exactly the discards that leave waits, with those waits.
    #[test]
    fn riichi_discards_are_the_waits_after_each_discard(hand in prop_oneof![any_hand(), dense_hand()]) {
        let discards = hand.riichi_discards();
        if hand.len() != 14 {
            prop_assert!(discards.is_empty());
        } else {
            let expected: Vec<(Tile, TileSet)> = hand.kinds().iter()
                .map(|tile| { let mut less = hand; less.remove(tile).unwrap(); (tile, less.waits()) })
                .filter(|(_, waits)| !waits.is_empty())
                .collect();
            prop_assert_eq!(discards.as_slice(), &expected[..]);
        }
    }
}
