//! Proptest strategies of the full game's values shared by its test files: tiles, copies
//! and actions, legal or not.

use mahjong_core::score::TileCopy;
use mahjong_core::{KyokuAction, Tile};
use proptest::prelude::*;

pub fn any_tile() -> impl Strategy<Value = Tile> {
    (0u8..34).prop_map(|index| Tile::from_index(index).unwrap())
}

/// Any copy, the red flag on any tile (even one with no red copy).
pub fn any_copy() -> impl Strategy<Value = TileCopy> {
    (any_tile(), any::<bool>()).prop_map(|(tile, red)| TileCopy { tile, red })
}

/// Any action of the full game, with any tiles.
pub fn any_action() -> impl Strategy<Value = KyokuAction> {
    prop_oneof![
        Just(KyokuAction::Tsumogiri),
        any_copy().prop_map(KyokuAction::Discard),
        Just(KyokuAction::RiichiTsumogiri),
        any_copy().prop_map(KyokuAction::Riichi),
        Just(KyokuAction::Tsumo),
        Just(KyokuAction::Ron),
        (any_copy(), any_copy()).prop_map(|(a, b)| KyokuAction::Chi(a, b)),
        (any_copy(), any_copy()).prop_map(|(a, b)| KyokuAction::Pon(a, b)),
        Just(KyokuAction::OpenKan),
        any_tile().prop_map(KyokuAction::ClosedKan),
        any_tile().prop_map(KyokuAction::AddedKan),
        Just(KyokuAction::KyuushuKyuuhai),
        Just(KyokuAction::Pass),
    ]
}
