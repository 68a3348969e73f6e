//! Proptest strategies shared by the test files (kept apart from `families`, which the
//! bench includes too and which therefore cannot use proptest).

use mahjong_core::{Hand, Tile};
use proptest::prelude::*;

/// Up to 14 random tiles, at most four of a kind.
pub fn any_hand() -> impl Strategy<Value = Hand> {
    prop::collection::vec(0u8..34, 0..=14).prop_map(|kinds| {
        let mut hand = Hand::new();
        for kind in kinds {
            let _ = hand.add(Tile::from_index(kind).unwrap());
        }
        hand
    })
}
