//! Notation never panics, and what is written reads back the same (spec section 1).

use crate::strategies;

use mahjong_core::{Hand, Tile, TileSet};
use proptest::prelude::*;
use strategies::any_hand;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_parses_or_says_why(text in ".{0,40}") {
        match text.parse::<Hand>() {
            Ok(hand) => prop_assert!(hand.len() <= 14),
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
        let _ = text.parse::<Tile>();
        let _ = text.parse::<TileSet>();
    }

    #[test]
    fn tile_like_text_parses_or_says_why(text in "[0-9mpszMPSZ ,x]{0,30}") {
        if let Err(err) = text.parse::<Hand>() {
            prop_assert!(!err.to_string().is_empty());
        }
    }

    #[test]
    fn hands_read_back_in_both_notations(hand in any_hand()) {
        prop_assert_eq!(hand.to_string().parse::<Hand>().unwrap(), hand);
        let seed: Vec<String> = hand.tiles().map(|t| t.to_string().to_uppercase()).collect();
        prop_assert_eq!(seed.join(" ").parse::<Hand>().unwrap(), hand);
        prop_assert_eq!(Hand::from_counts(*hand.counts()).unwrap(), hand);
        prop_assert_eq!(hand.kinds().to_string().parse::<TileSet>().unwrap(), hand.kinds());
    }
}
