//! Go-Stop hands, seatings and matches as snapshots (feature `serde`): what is read back
//! plays on as the original; a snapshot with a card twice or a seat past the table is
//! refused. Snapshots go through `serde_json::Value`, not JSON text: the data model is the
//! same, and the text reader and writer instantiated for these types cost the test build
//! 16 s of CPU.
#![cfg(feature = "serde")]

use hwatu_core::{GoStop, GoStopMatch, GoStopRules, Seat, SeatChoice, Seating};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

#[test]
fn a_hand_read_back_plays_on_as_the_original() {
    let mut rng = StdRng::seed_from_u64(21);
    for steps in [0, 7, 19, 40] {
        let mut hand = GoStop::new(GoStopRules::standard().rules, Seat::B, &mut rng);
        for _ in 0..steps {
            let Some(&action) = hand.legal_actions().choose(&mut rng) else {
                break;
            };
            hand.apply(action).expect("legal");
        }
        let json = serde_json::to_value(&hand).expect("written");
        let mut read: GoStop = serde_json::from_value(json).expect("read back");
        assert_eq!(read, hand);
        while let Some(&action) = hand.legal_actions().choose(&mut rng) {
            assert_eq!(read.apply(action), hand.apply(action));
        }
        assert_eq!(read, hand);
    }
}

#[test]
fn a_snapshot_with_a_card_twice_or_a_seat_past_the_table_is_refused() {
    let mut rng = StdRng::seed_from_u64(22);
    let hand = GoStop::new(GoStopRules::standard().rules, Seat::A, &mut rng);
    let json: serde_json::Value = serde_json::to_value(&hand).expect("written");
    let mut unseated = json.clone();
    unseated["first"] = 3.into();
    let error = serde_json::from_value::<GoStop>(unseated).expect_err("refused");
    assert!(
        error.to_string().contains("a seat past the table's 3"),
        "{error}"
    );
    let mut twice = json.clone();
    twice["hands"][1] = twice["hands"][0].clone();
    let error = serde_json::from_value::<GoStop>(twice).expect_err("refused");
    assert!(
        error.to_string().contains("a card is in two places"),
        "{error}"
    );
    let mut no_seat = json;
    no_seat["first"] = 9.into();
    assert!(serde_json::from_value::<GoStop>(no_seat).is_err());
}

#[test]
fn seatings_and_matches_read_back_and_bad_ones_are_refused() {
    let mut rng = StdRng::seed_from_u64(23);
    let mut table =
        GoStopMatch::new(GoStopRules::standard(), 5, Seat::C, 10, 100).expect("a table");
    let mut seating = table.deal(&mut rng);
    seating.decide(SeatChoice::GiveUp).expect("D gives up");
    let json = serde_json::to_value(&seating).expect("written");
    let mut read: Seating = serde_json::from_value(json.clone()).expect("read back");
    assert_eq!(read, seating);
    while read.to_decide().is_some() {
        read.decide(SeatChoice::Play).expect("play");
        seating.decide(SeatChoice::Play).expect("play");
    }
    assert_eq!(read.hand(), seating.hand());
    for (field, value) in [("seats", 2), ("seats", 6), ("dealer", 4)] {
        let mut bad = json.clone();
        bad[field] = value.into();
        assert!(
            serde_json::from_value::<Seating>(bad).is_err(),
            "{field} {value}"
        );
    }
    let mut twice = json.clone();
    twice["floor"] = twice["hands"][0].clone();
    assert!(serde_json::from_value::<Seating>(twice).is_err());
    let mut hand = seating.hand().expect("three play");
    while let Some(&action) = hand.legal_actions().choose(&mut rng) {
        hand.apply(action).expect("legal");
    }
    table.record(&seating, &hand).expect("recorded");
    let json = serde_json::to_value(&table).expect("written");
    let read: GoStopMatch = serde_json::from_value(json.clone()).expect("read back");
    assert_eq!(read, table);
    let mut bad = json;
    bad["nagari_multiplier"] = 0.into();
    assert!(serde_json::from_value::<GoStopMatch>(bad).is_err());
}
