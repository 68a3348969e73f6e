//! Every row of the shared regression data (`tests/data/hands.tsv`, copied from
//! `shared/testdata/mahjong/`): shanten, agari, waits and riichi discards of 2,980 hands,
//! computed by other tools.

use mahjong_core::{Hand, TileSet};

const DATA: &str = include_str!("data/hands.tsv");

/// A wait column: `-` for none, else compact MPSZ.
fn tile_set(column: &str) -> TileSet {
    if column == "-" {
        TileSet::EMPTY
    } else {
        column.parse().unwrap()
    }
}

#[test]
fn every_row_of_hands_tsv_agrees() {
    let mut rows = 0;
    let mut failures = Vec::new();
    for (line, text) in DATA.lines().enumerate().skip(1) {
        let columns: Vec<&str> = text.split('\t').collect();
        let [hand, tiles, shanten, agari, waits, riichi] = columns[..] else {
            panic!("line {}: expected 6 columns: {text}", line + 1);
        };
        let hand: Hand = hand.parse().unwrap();
        let expected = (
            tiles.parse::<usize>().unwrap(),
            shanten.parse::<i8>().unwrap(),
            agari.parse::<bool>().unwrap(),
            tile_set(waits),
            riichi.to_string(),
        );
        let actual = (
            hand.len(),
            hand.shanten(),
            hand.is_agari(),
            hand.waits(),
            hand.riichi_discards().to_string(),
        );
        if expected != actual {
            failures.push(format!(
                "line {}: {hand}: expected {expected:?}, got {actual:?}",
                line + 1
            ));
        }
        rows += 1;
    }
    assert_eq!(rows, 2980);
    assert!(
        failures.is_empty(),
        "{} rows disagree:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
