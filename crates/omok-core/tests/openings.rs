//! Scenario tests of the opening rules (spec section 4): every branch of swap2, Soosorv-8
//! and Taraguchi-10, each decision's events, and each refusal with the opening unchanged.

use omok_core::opening::{
    Opening, OpeningAction, OpeningError, OpeningEvent, OpeningRule, Seat, Step,
};
use omok_core::{MoveError, Point, Rule, Stone};

use Seat::{First, Second};

fn p(text: &str) -> Point {
    text.parse().unwrap()
}

fn action(text: &str) -> OpeningAction {
    text.parse().unwrap()
}

/// Applies `seat`'s decision, written as text, and returns its events.
fn decide(opening: &mut Opening, seat: Seat, text: &str) -> Vec<OpeningEvent> {
    opening
        .apply(seat, action(text))
        .unwrap_or_else(|e| panic!("{seat} {text}: {e}"))
}

/// A refused decision: the error, with the opening unchanged.
fn refused(opening: &mut Opening, seat: Seat, text: &str) -> OpeningError {
    let before = opening.clone();
    let error = opening.apply(seat, action(text)).unwrap_err();
    assert_eq!(*opening, before, "{seat} {text} changed the opening");
    error
}

fn placed(seat: Seat, stone: Stone, point: &str) -> OpeningEvent {
    OpeningEvent::Placed {
        seat,
        stone,
        point: p(point),
    }
}

/// Swap2's three stones by the first seat.
fn swap2_three() -> Opening {
    let mut o = Opening::new(OpeningRule::Swap2, Rule::Standard, 15).unwrap();
    assert_eq!(
        o.step(),
        Step::Place {
            seat: First,
            stone: Stone::Black,
            within: None
        }
    );
    assert_eq!(
        decide(&mut o, First, "a1"),
        [placed(First, Stone::Black, "a1")]
    );
    assert_eq!(
        decide(&mut o, First, "h8"),
        [placed(First, Stone::White, "h8")]
    );
    assert_eq!(
        decide(&mut o, First, "o15"),
        [placed(First, Stone::Black, "o15")]
    );
    assert_eq!(
        o.step(),
        Step::SwapOrStay {
            seat: Second,
            may_place: true
        }
    );
    o
}

#[test]
fn swap2_second_swaps_after_three() {
    let mut o = swap2_three();
    assert_eq!(
        decide(&mut o, Second, "swap"),
        [
            OpeningEvent::Swapped { seat: Second },
            OpeningEvent::Finished { black: Second }
        ]
    );
    assert!(o.is_done());
    assert_eq!(
        (o.colour_of(Second), o.colour_of(First)),
        (Stone::Black, Stone::White)
    );
    assert_eq!(o.game().to_move(), Some(Stone::White));
    assert_eq!(refused(&mut o, First, "b2"), OpeningError::Finished);
}

#[test]
fn swap2_second_stays_after_three() {
    let mut o = swap2_three();
    assert_eq!(
        decide(&mut o, Second, "stay"),
        [
            OpeningEvent::Stayed { seat: Second },
            OpeningEvent::Finished { black: First }
        ]
    );
    assert_eq!(o.colour_of(Second), Stone::White);
    assert_eq!(o.into_game().moves().len(), 3);
}

#[test]
fn swap2_second_puts_two_and_first_chooses_either_colour() {
    let mut o = swap2_three();
    assert_eq!(
        decide(&mut o, Second, "i9"),
        [placed(Second, Stone::White, "i9")]
    );
    assert_eq!(
        o.step(),
        Step::Place {
            seat: Second,
            stone: Stone::Black,
            within: None
        }
    );
    assert_eq!(
        decide(&mut o, Second, "g7"),
        [placed(Second, Stone::Black, "g7")]
    );
    assert_eq!(
        o.step(),
        Step::SwapOrStay {
            seat: First,
            may_place: false
        }
    );
    // The first seat takes white...
    let mut white = o.clone();
    assert_eq!(
        decide(&mut white, First, "swap"),
        [
            OpeningEvent::Swapped { seat: First },
            OpeningEvent::Finished { black: Second }
        ]
    );
    assert_eq!(white.colour_of(First), Stone::White);
    // ... or keeps black.
    decide(&mut o, First, "stay");
    assert_eq!(o.colour_of(First), Stone::Black);
    assert_eq!(o.game().to_move(), Some(Stone::White));
    assert_eq!(o.game().moves().len(), 5);
}

#[test]
fn swap2_refusals() {
    let mut o = Opening::new(OpeningRule::Swap2, Rule::Standard, 15).unwrap();
    assert_eq!(
        refused(&mut o, Second, "h8"),
        OpeningError::NotYourTurn {
            seat: Second,
            expected: First
        }
    );
    assert_eq!(
        refused(&mut o, First, "swap").to_string(),
        "`swap` is not a decision here: first places a black stone"
    );
    decide(&mut o, First, "h8");
    assert!(matches!(
        refused(&mut o, First, "h8"),
        OpeningError::Move(MoveError::Occupied { .. })
    ));
    let mut o = swap2_three();
    assert!(matches!(
        refused(&mut o, Second, "declare 3"),
        OpeningError::Unexpected { .. }
    ));
    assert!(matches!(
        refused(&mut o, Second, "choose h9"),
        OpeningError::Unexpected { .. }
    ));
    assert_eq!(
        refused(&mut o, First, "stay"),
        OpeningError::NotYourTurn {
            seat: First,
            expected: Second
        }
    );
}

/// Soosorv-8's 26-opening stones: h8 (centre), h9 (direct), h10.
fn soosorv_three() -> Opening {
    let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
    assert_eq!(
        refused(&mut o, First, "h9").to_string(),
        "h9 is outside the central 1x1 square"
    );
    decide(&mut o, First, "h8");
    assert_eq!(
        refused(&mut o, First, "h10").to_string(),
        "h10 is outside the central 3x3 square"
    );
    decide(&mut o, First, "h9");
    assert_eq!(
        refused(&mut o, First, "h11").to_string(),
        "h11 is outside the central 5x5 square"
    );
    assert_eq!(
        decide(&mut o, First, "h10"),
        [placed(First, Stone::Black, "h10")]
    );
    assert_eq!(
        o.step(),
        Step::SwapOrStay {
            seat: Second,
            may_place: false
        }
    );
    o
}

#[test]
fn soosorv8_with_both_swaps() {
    let mut o = soosorv_three();
    decide(&mut o, Second, "swap");
    // The first seat now holds white and puts the 4th anywhere, then declares.
    assert_eq!(
        o.step(),
        Step::Place {
            seat: First,
            stone: Stone::White,
            within: None
        }
    );
    assert_eq!(
        decide(&mut o, First, "h7"),
        [placed(First, Stone::White, "h7")]
    );
    assert_eq!(
        o.step(),
        Step::Declare {
            seat: First,
            max: 8
        }
    );
    assert_eq!(
        decide(&mut o, First, "declare 2"),
        [OpeningEvent::Declared {
            seat: First,
            count: 2
        }]
    );
    // Black's holder (second) may swap.
    assert_eq!(
        o.step(),
        Step::SwapOrStay {
            seat: Second,
            may_place: false
        }
    );
    decide(&mut o, Second, "swap");
    assert_eq!(
        o.step(),
        Step::Offer {
            seat: First,
            count: 2
        }
    );
    assert_eq!(
        decide(&mut o, First, "offer g6 a1"),
        [OpeningEvent::Offered {
            seat: First,
            points: vec![p("g6"), p("a1")]
        }]
    );
    assert_eq!(
        o.step(),
        Step::Choose {
            seat: Second,
            offers: vec![p("g6"), p("a1")]
        }
    );
    assert_eq!(
        decide(&mut o, Second, "choose a1"),
        [
            OpeningEvent::Chose {
                seat: Second,
                point: p("a1")
            },
            OpeningEvent::Finished { black: First }
        ]
    );
    assert_eq!(o.game().record(), "h8 h9 h10 h7 a1");
    assert_eq!(o.game().to_move(), Some(Stone::White));
    assert_eq!(o.colour_of(Second), Stone::White);
}

#[test]
fn soosorv8_without_swaps_and_its_refusals() {
    let mut o = soosorv_three();
    decide(&mut o, Second, "stay");
    decide(&mut o, Second, "h7");
    assert_eq!(
        refused(&mut o, Second, "declare 9"),
        OpeningError::Declare { count: 9, max: 8 }
    );
    assert_eq!(
        refused(&mut o, Second, "declare 0"),
        OpeningError::Declare { count: 0, max: 8 }
    );
    decide(&mut o, Second, "declare 3");
    decide(&mut o, First, "stay");
    assert_eq!(
        refused(&mut o, First, "offer a1 b2"),
        OpeningError::OfferCount { given: 2, count: 3 }
    );
    // The stones h7 to h10 lie on the column h: g6 and i6 mirror each other.
    assert_eq!(
        refused(&mut o, First, "offer g6 a1 i6").to_string(),
        "g6 and i6 are the same fifth move by symmetry"
    );
    assert_eq!(
        refused(&mut o, First, "offer a1 a1 b3").to_string(),
        "a1 and a1 are the same fifth move by symmetry"
    );
    assert!(matches!(
        refused(&mut o, First, "offer h9 a1 b3"),
        OpeningError::Move(MoveError::Occupied { .. })
    ));
    decide(&mut o, First, "offer g6 a1 b3");
    assert_eq!(
        refused(&mut o, Second, "choose j6").to_string(),
        "j6 was not offered"
    );
    assert!(matches!(
        refused(&mut o, Second, "g6"),
        OpeningError::Unexpected { .. }
    ));
    decide(&mut o, Second, "choose g6");
    assert!(o.is_done());
    assert_eq!(o.colour_of(First), Stone::Black);
}

/// Taraguchi-10's four stones, with a swap after the first and the third.
fn taraguchi_four() -> Opening {
    let mut o = Opening::new(OpeningRule::Taraguchi10, Rule::Renju, 15).unwrap();
    decide(&mut o, First, "h8");
    assert_eq!(
        o.step(),
        Step::SwapOrStay {
            seat: Second,
            may_place: false
        }
    );
    decide(&mut o, Second, "swap");
    // The first seat holds white now and places the 2nd within the central 3x3.
    assert_eq!(
        o.step(),
        Step::Place {
            seat: First,
            stone: Stone::White,
            within: Some(3)
        }
    );
    assert!(matches!(
        refused(&mut o, First, "h10"),
        OpeningError::OutsideArea { side: 3, .. }
    ));
    decide(&mut o, First, "i9");
    assert_eq!(
        o.step(),
        Step::SwapOrStay {
            seat: Second,
            may_place: false
        }
    );
    decide(&mut o, Second, "stay");
    assert!(matches!(
        refused(&mut o, Second, "h11"),
        OpeningError::OutsideArea { side: 5, .. }
    ));
    decide(&mut o, Second, "j10");
    decide(&mut o, First, "swap");
    // The first seat holds black again; the second places the 4th within 7x7.
    assert!(matches!(
        refused(&mut o, Second, "h12"),
        OpeningError::OutsideArea { side: 7, .. }
    ));
    decide(&mut o, Second, "h11");
    decide(&mut o, First, "stay");
    assert_eq!(
        o.step(),
        Step::PlaceOrOffer {
            seat: First,
            within: 9,
            count: 10
        }
    );
    o
}

#[test]
fn taraguchi10_fifth_move_played_then_a_swap() {
    let mut o = taraguchi_four();
    assert!(matches!(
        refused(&mut o, First, "h13"),
        OpeningError::OutsideArea { side: 9, .. }
    ));
    assert_eq!(
        decide(&mut o, First, "h12"),
        [placed(First, Stone::Black, "h12")]
    );
    assert_eq!(
        o.step(),
        Step::SwapOrStay {
            seat: Second,
            may_place: false
        }
    );
    assert_eq!(
        decide(&mut o, Second, "swap"),
        [
            OpeningEvent::Swapped { seat: Second },
            OpeningEvent::Finished { black: Second }
        ]
    );
    assert_eq!(o.game().record(), "h8 i9 j10 h11 h12");
}

#[test]
fn taraguchi10_ten_fifth_moves_offered() {
    let mut o = taraguchi_four();
    let ten = "offer a1 a2 a3 a4 a5 a6 a7 a8 a9 a10";
    assert_eq!(
        refused(&mut o, First, "offer a1 a2"),
        OpeningError::OfferCount {
            given: 2,
            count: 10
        }
    );
    decide(&mut o, First, ten);
    assert_eq!(o.to_decide(), Some(Second));
    decide(&mut o, Second, "choose a10");
    assert!(o.is_done());
    assert_eq!(o.game().last_move(), Some(p("a10")));
    assert_eq!(o.game().to_move(), Some(Stone::White));
    assert_eq!(o.colour_of(Second), Stone::White);
}

#[test]
fn actions_and_rules_read_and_write_their_notation() {
    for text in [
        "place h8",
        "swap",
        "stay",
        "declare 5",
        "offer h8 i9",
        "choose a1",
    ] {
        assert_eq!(action(text).to_string(), text);
    }
    assert_eq!(action("H8"), OpeningAction::Place(p("h8")));
    assert_eq!(
        OpeningAction::parse_on("7,7", 19).unwrap(),
        OpeningAction::Place(Point::new(7, 7))
    );
    assert!("declare many".parse::<OpeningAction>().is_err());
    assert!("swap now".parse::<OpeningAction>().is_err());
    assert!("place z99".parse::<OpeningAction>().is_err());
    for rule in OpeningRule::ALL {
        assert_eq!(rule.to_string().parse::<OpeningRule>(), Ok(rule));
    }
    assert!("yamaguchi".parse::<OpeningRule>().is_err());
}
