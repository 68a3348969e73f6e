//! Hands with known answers (spec section 2), including the cases `hands.tsv` leaves out:
//! 1-tile hands, complete kokushi, and 13-tile kokushi tenpai.

use mahjong_core::{Hand, Tile, TileSet};

fn hand(text: &str) -> Hand {
    text.parse().unwrap()
}

fn tiles(text: &str) -> TileSet {
    text.parse().unwrap()
}

fn tile(text: &str) -> Tile {
    text.parse().unwrap()
}

#[test]
fn nine_gates_waits_on_all_nine() {
    let gates = hand("1112345678999m");
    assert_eq!(gates.waits(), tiles("123456789m"));
    assert_eq!(gates.shanten(), 0);
    for wait in gates.waits() {
        let mut complete = gates;
        complete.add(wait).unwrap();
        assert!(complete.is_agari(), "{complete}");
        assert_eq!(complete.shanten(), -1);
    }
}

#[test]
fn kokushi_waits_on_thirteen_and_wins() {
    let thirteen_sided = hand("19m19p19s1234567z");
    assert_eq!(thirteen_sided.len(), 13);
    assert_eq!(thirteen_sided.waits(), tiles("19m19p19s1234567z"));
    assert_eq!(thirteen_sided.shanten(), 0);

    let single = hand("119m19p19s123456z");
    assert_eq!(single.waits(), tiles("7z"));
    assert_eq!(single.shanten(), 0);

    let complete = hand("119m19p19s1234567z");
    assert!(complete.is_agari());
    assert_eq!(complete.shanten(), -1);
    let discards = complete.riichi_discards();
    assert_eq!(discards.len(), 13);
    assert_eq!(
        discards.waits_after(tile("1m")),
        Some(tiles("19m19p19s1234567z"))
    );
    assert_eq!(discards.waits_after(tile("7z")), Some(tiles("7z")));
    assert_eq!(discards.waits_after(tile("9p")), Some(tiles("9p")));
}

#[test]
fn a_kind_held_four_times_is_no_wait() {
    // 111m + 1m would wait on a fifth 1m.
    let tanki = hand("1111m234p567p789s");
    assert!(tanki.waits().is_empty());
    assert_eq!(tanki.shanten(), 1);
    // 111m 123m 4m waits on 4m; 111m 234m 1m would wait on the fifth 1m.
    assert_eq!(hand("1111234m567p789s").waits(), tiles("4m"));
    // Discarding a fourth copy frees nothing: the 13 left hold three.
    let discards = hand("1111234m567p789s4m").riichi_discards();
    assert_eq!(discards.waits_after(tile("1m")), Some(tiles("14m")));
}

#[test]
fn four_of_a_kind_is_not_two_pairs() {
    let not_chiitoitsu = hand("1111m3355m7799p11z");
    assert_eq!(not_chiitoitsu.len(), 14);
    assert!(!not_chiitoitsu.is_agari());
    assert_eq!(not_chiitoitsu.shanten(), 1);
    let seven_pairs = hand("113355m7799p1122z");
    assert!(seven_pairs.is_agari());
    assert_eq!(seven_pairs.shanten(), -1);
}

#[test]
fn the_issue_hand_is_three_from_tenpai() {
    let mut hand = hand("2344456m14p127s2z");
    hand.add(tile("7p")).unwrap();
    assert_eq!(hand.shanten(), 3);
    assert!(hand.riichi_discards().is_empty());
}

#[test]
fn one_tile_hands_wait_on_their_pair() {
    for wait in [tile("1m"), tile("5p"), tile("7z")] {
        let single = Hand::from_tiles([wait]).unwrap();
        assert_eq!(single.shanten(), 0);
        assert_eq!(single.waits(), [wait].into_iter().collect());
        assert!(!single.is_agari());
        assert!(single.riichi_discards().is_empty());
    }
}

#[test]
fn every_tile_count_has_an_answer() {
    let empty = Hand::new();
    assert_eq!(empty.shanten(), 1, "the empty hand needs a pair");
    assert!(empty.waits().is_empty() && !empty.is_agari());
    // 3n tiles need two more: a meld needs a pair.
    assert_eq!(hand("123m").shanten(), 1);
    assert_eq!(hand("11m").shanten(), -1);
    assert!(hand("11m").is_agari());
    assert_eq!(hand("12m").shanten(), 0, "one exchange makes a pair");
    assert_eq!(hand("1112m").waits(), tiles("23m"));
    assert!(
        hand("1112m").riichi_discards().is_empty(),
        "only 14 tiles declare riichi"
    );
}

#[test]
fn ukeire_is_the_draws_that_lower_the_shanten() {
    // 1-shanten: 23m and 56p take 1m 4m and 4p 7p toward tenpai; a third 1z or a second
    // 9s would leave a block too many, with no pair or one partial set too many.
    let one_away = hand("23m56p234789s9s11z");
    assert_eq!(one_away.shanten(), 1);
    assert_eq!(one_away.ukeire(), tiles("14m47p"));
    // At tenpai, the waits; a kind held four times is left out.
    assert_eq!(hand("1112345678999m").ukeire(), tiles("123456789m"));
    let quad = hand("1111m234p567p789s");
    assert!(!quad.ukeire().contains(tile("1m")) && quad.ukeire().contains(tile("2m")));
    // Only hands of 3n+1 tiles have one.
    assert!(hand("23m56p234789s9s11z1z").ukeire().is_empty());
}
