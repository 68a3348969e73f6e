//! Scenario tests of a hand of the full game (spec section 4) on explicit walls: each
//! checks every event, in the form of its `Display` line, and every point.

use crate::common;

use common::kyoku::{
    ADDED_KAN_OF_FIVES, ADDED_KAN_OF_FIVES_LINES, CLOSED_KAN_OF_EAST, DRAGON_PON_LINES,
    DRAGON_PONS, RED_FIVE_PON, RED_FIVE_PON_LINES, copies, on_wall, pass_claims, pass_to, play,
    play_through, refused, start, tsumogiri_until, wall,
};
use mahjong_core::score::Wind;
use mahjong_core::{AbortiveDraw, Kyoku, KyokuAction, KyokuEnd, KyokuStart, Rules, Seat, TileWall};

const S: [Seat; 4] = Seat::ALL;

#[test]
fn the_deal_gives_thirteen_tiles_each_and_the_dealer_a_fourteenth() {
    let start = KyokuStart {
        dealer: S[2],
        round_wind: Wind::South,
        ..KyokuStart::default()
    };
    let hands = ["123m456m789m1122z", "", "", ""];
    let kyoku = Kyoku::from_wall(Rules::tenhou(), start, wall(hands, "3z", "44445z")).unwrap();
    assert_eq!(kyoku.to_move(), Some(S[2]));
    assert_eq!(kyoku.concealed(S[2]), copies("123m456m789m11223z"));
    for seat in [S[3], S[0], S[1]] {
        assert_eq!(kyoku.concealed(seat).len(), 13);
    }
    let winds = S.map(|s| kyoku.seat_wind(s));
    assert_eq!(winds, [Wind::West, Wind::North, Wind::East, Wind::South]);
    assert_eq!(kyoku.live_tiles(), 122 - 53);
    assert_eq!(kyoku.dora_indicators(), copies("5z"));
    let view = kyoku.view(S[2]);
    assert_eq!(view.drawn, copies("3z").first().copied());
    assert!(kyoku.view(S[0]).legal.is_empty());
    // Three seats of the classroom game's solo variant cannot play the full game.
    assert!(Kyoku::from_wall(Rules::solo(), start, wall(hands, "", "")).is_err());
}

#[test]
fn double_riichi_ippatsu_tsumo_pays_haneman_with_ura_dora_honba_and_sticks() {
    // The dealer waits on 1s-4s and declares riichi on its first turn (double riichi); its
    // stick goes on the table, the other seats draw and throw, and the dealer draws 4s:
    // double riichi 2, ippatsu, menzen tsumo, pinfu and two ura dora (indicator 4s) make
    // 7 han, haneman: 6,000 from each, plus 100 per honba.
    let hands = ["123m456m789p2355s", "", "", ""];
    // Replacement tiles 2z x4, dora indicators 7z 6z 6z 6z 6z, the first ura indicator 4s.
    let mut kyoku = on_wall(hands, "7z1z1z1z4s", "222276666z4s", start(1, 1));
    let riichi: KyokuAction = "riichi tsumogiri".parse().unwrap();
    assert!(kyoku.legal_actions().contains(&riichi));
    let lines = play(
        &mut kyoku,
        &[
            "0: riichi tsumogiri",
            "1: tsumogiri",
            "2: tsumogiri",
            "3: tsumogiri",
            "0: tsumo",
        ],
    );
    assert_eq!(
        lines,
        [
            "seat 0 declares double riichi",
            "seat 0 discards 7z (tsumogiri)",
            "seat 0 pays 1000 to the table (riichi stick)",
            "seat 1 draws 1z",
            "seat 1 discards 1z (tsumogiri)",
            "seat 2 draws 1z",
            "seat 2 discards 1z (tsumogiri)",
            "seat 3 draws 1z",
            "seat 3 discards 1z (tsumogiri)",
            "seat 0 draws 4s",
            "seat 0 tsumo: 20300 points",
            "seat 1 pays 6100 to seat 0 (win)",
            "seat 2 pays 6100 to seat 0 (win)",
            "seat 3 pays 6100 to seat 0 (win)",
            "the table pays 2000 to seat 0 (riichi sticks)",
        ]
    );
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(outcome.changes, [19_300, -6_100, -6_100, -6_100]);
    assert_eq!(outcome.riichi_sticks, 0);
    assert_eq!(
        outcome.end,
        KyokuEnd::Win {
            winners: vec![S[0]]
        }
    );
}

/// Seat 1 waits on 2p-5p (pinfu tanyao, 2 han 30 fu: 2,000), seat 2 on 5p (kanchan,
/// tanyao, 1 han 40 fu: 1,300); the dealer throws 5p and both ron, with 1 honba and 2
/// riichi sticks on the table. The lines of the hand under `rules`, and its point changes.
fn double_ron(rules: Rules) -> (Vec<String>, [i32; 4]) {
    let hands = ["", "234m456m678s34p88p", "345m567m345s46p77s", ""];
    let wall = wall(hands, "5p", "2222z");
    let mut kyoku = Kyoku::from_wall(rules, start(1, 2), wall).unwrap();
    let lines = play_through(&mut kyoku, &["0: tsumogiri", "1: ron", "2: ron"]);
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(
        outcome.end,
        KyokuEnd::Win {
            winners: vec![S[1], S[2]]
        }
    );
    (lines, outcome.changes)
}

#[test]
fn double_ron_pays_the_honba_and_the_sticks_to_the_winner_nearest_the_discarder() {
    // Tenhou: seat 1, first after the dealer, takes the 300 of the honba and the 2 sticks;
    // seat 2 is paid its hand alone.
    let (lines, changes) = double_ron(Rules::tenhou());
    assert_eq!(
        lines,
        [
            "seat 0 discards 5p (tsumogiri)",
            "seat 1 wins by ron from seat 0: 4300 points",
            "seat 0 pays 2300 to seat 1 (win)",
            "the table pays 2000 to seat 1 (riichi sticks)",
            "seat 2 wins by ron from seat 0: 1300 points",
            "seat 0 pays 1300 to seat 2 (win)",
        ]
    );
    assert_eq!(changes, [-3_600, 4_300, 1_300, 0]);
}

#[test]
fn double_ron_pays_each_winner_honba_when_the_rules_say_so() {
    let rules = Rules {
        honba_to_each_winner: true,
        ..Rules::tenhou()
    };
    let (lines, changes) = double_ron(rules);
    assert_eq!(
        lines,
        [
            "seat 0 discards 5p (tsumogiri)",
            "seat 1 wins by ron from seat 0: 4300 points",
            "seat 0 pays 2300 to seat 1 (win)",
            "the table pays 2000 to seat 1 (riichi sticks)",
            "seat 2 wins by ron from seat 0: 1600 points",
            "seat 0 pays 1600 to seat 2 (win)",
        ]
    );
    assert_eq!(changes, [-3_900, 4_300, 1_600, 0]);
}

#[test]
fn point_changes_past_the_i32_range_saturate_instead_of_wrapping() {
    // Seat 1 starts at the lowest points there are and wins the ron of the double-ron wall
    // with a pile of sticks worth more than i32::MAX: it gains, so its change is positive
    // (saturated at i32::MAX), never a wrapped negative number.
    let hands = ["", "234m456m678s34p88p", "345m567m345s46p77s", ""];
    let start = KyokuStart {
        points: [25_000, i32::MIN + 1, 25_000, 25_000],
        riichi_sticks: u32::MAX / 1_000,
        ..KyokuStart::default()
    };
    let mut kyoku = on_wall(hands, "5p", "2222z", start);
    play_through(&mut kyoku, &["0: tsumogiri", "1: ron", "2: pass"]);
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(outcome.points[1], i32::MIN + 1 + 2_000 + i32::MAX);
    assert_eq!(outcome.changes, [-2_000, i32::MAX, 0, 0]);
}

#[test]
fn three_rons_abort_the_hand() {
    let hands = [
        "",
        "234m456m678s34p88p",
        "345m567m345s46p77s",
        "111m999m111p999p5p",
    ];
    let mut kyoku = on_wall(hands, "5p", "6666z", start(0, 1));
    let lines = play_through(&mut kyoku, &["0: tsumogiri", "1: ron", "2: ron", "3: ron"]);
    assert_eq!(
        lines,
        ["seat 0 discards 5p (tsumogiri)", "abortive draw: sanchahou"]
    );
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(outcome.changes, [0; 4]);
    assert_eq!(outcome.riichi_sticks, 1);
    assert_eq!(outcome.end, KyokuEnd::Abort(AbortiveDraw::Sanchahou));
}

#[test]
fn furiten_permanent_and_temporary() {
    // Seat 1 waits on 2p-5p. It passes a ron on 5p from seat 3: temporary furiten, so it
    // cannot ron the dealer's 2p next. Its own discard (9m) ends that: it may ron the
    // dealer's next 5p. It passes again, then draws and throws 2p itself: furiten for good,
    // it may not ron seat 2's 5p.
    let hands = ["", "234m456m678s34p88p", "", ""];
    let mut kyoku = on_wall(hands, "1z2z3z5p2p9m4z4z5p2p5p", "7777z", start(0, 0));
    let lines = play(
        &mut kyoku,
        &[
            "0: tsumogiri",
            "1: tsumogiri",
            "2: tsumogiri",
            "3: tsumogiri",
        ],
    );
    assert_eq!(lines[lines.len() - 1], "seat 3 discards 5p (tsumogiri)");
    pass_to(&mut kyoku, S[1]);
    assert!(kyoku.legal_actions().contains(&KyokuAction::Ron));
    kyoku.apply(KyokuAction::Pass).unwrap();
    pass_claims(&mut kyoku);
    play(&mut kyoku, &["0: tsumogiri"]);
    assert_eq!(kyoku.discards(S[0]).last().unwrap().tile, copies("2p")[0]);
    pass_to(&mut kyoku, S[1]);
    assert!(
        !kyoku.legal_actions().contains(&KyokuAction::Ron),
        "temporary furiten"
    );
    let error = refused(&mut kyoku, "ron");
    assert!(error.to_string().contains("ron is not allowed"), "{error}");
    pass_claims(&mut kyoku);
    play(
        &mut kyoku,
        &[
            "1: tsumogiri",
            "2: tsumogiri",
            "3: tsumogiri",
            "0: tsumogiri",
        ],
    );
    assert_eq!(kyoku.discards(S[0]).last().unwrap().tile, copies("5p")[0]);
    pass_to(&mut kyoku, S[1]);
    assert!(
        kyoku.legal_actions().contains(&KyokuAction::Ron),
        "furiten ends with own discard"
    );
    kyoku.apply(KyokuAction::Pass).unwrap();
    pass_claims(&mut kyoku);
    play(&mut kyoku, &["1: tsumogiri", "2: tsumogiri"]);
    assert_eq!(kyoku.discards(S[2]).last().unwrap().tile, copies("5p")[0]);
    pass_to(&mut kyoku, S[1]);
    assert!(
        !kyoku.legal_actions().contains(&KyokuAction::Ron),
        "permanent furiten"
    );
}

#[test]
fn pon_beats_chi_and_kuikae_limits_the_discard_after_a_chi() {
    let hands = ["", "56m7m1234p1234s11z", "44m9m1234p1234s22z", ""];
    let draw = "4m";
    // Seat 2 pons, though seat 1 asked for chi first.
    let mut kyoku = on_wall(hands, draw, "3333z", start(0, 0));
    let lines = play_through(&mut kyoku, &["0: tsumogiri", "1: chi 56m", "2: pon 44m"]);
    assert_eq!(
        lines,
        [
            "seat 0 discards 4m (tsumogiri)",
            "seat 2 calls pon 444m from seat 0"
        ]
    );
    assert_eq!(kyoku.to_move(), Some(S[2]));
    assert!(!kyoku.legal_actions().contains(&KyokuAction::Tsumogiri));
    assert!(
        !kyoku
            .legal_actions()
            .iter()
            .any(|a| a.to_string().contains("4m"))
    );
    assert!(kyoku.discards(S[0])[0].called);
    // Alone, seat 1's chi of 4m with 56m forbids 4m and 7m (kuikae).
    let mut kyoku = on_wall(hands, draw, "3333z", start(0, 0));
    let lines = play_through(&mut kyoku, &["0: tsumogiri", "1: chi 56m", "2: pass"]);
    assert_eq!(
        lines,
        [
            "seat 0 discards 4m (tsumogiri)",
            "seat 1 calls chi 456m from seat 0"
        ]
    );
    let legal = kyoku.legal_actions();
    assert!(
        !legal.contains(&"discard 7m".parse().unwrap()),
        "kuikae: the other end"
    );
    assert!(legal.contains(&"discard 1p".parse().unwrap()));
    let error = refused(&mut kyoku, "discard 7m");
    assert!(error.to_string().contains("kuikae"), "{error}");
    assert_eq!(kyoku.melds(S[1]).len(), 1);
}

#[test]
fn a_closed_kan_turns_a_dora_at_once_and_wins_on_the_replacement_tile() {
    // Dealer: 1111z 234m 567m 78p 5s + 5s. Ankan of East, kan dora turned at once, the
    // replacement tile 9p completes: rinshan, menzen tsumo, double East = 4 han 60 fu, a
    // mangan: 4,000 from each.
    let hands = ["1111z234m567m78p5s", "", "", ""];
    let mut kyoku = on_wall(hands, "5s", "9p222z36z", start(0, 0));
    let lines = play(&mut kyoku, &["0: ankan 1z", "0: tsumo"]);
    assert_eq!(
        lines,
        [
            "seat 0 declares ankan 1111z",
            "dora indicator 6z",
            "seat 0 draws 9p from the dead wall",
            "seat 0 tsumo: 12000 points",
            "seat 1 pays 4000 to seat 0 (win)",
            "seat 2 pays 4000 to seat 0 (win)",
            "seat 3 pays 4000 to seat 0 (win)",
        ]
    );
    assert_eq!(kyoku.dora_indicators(), copies("3z6z"));
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [12_000, -4_000, -4_000, -4_000]
    );
}

#[test]
fn kyuushu_kyuuhai_aborts_on_the_first_turn() {
    let hands = ["19m19p1s12345z234m", "", "", ""];
    let mut kyoku = on_wall(hands, "5p", "6666z", start(0, 1));
    let lines = play_through(&mut kyoku, &["0: kyuushu"]);
    assert_eq!(lines, ["abortive draw: kyuushu kyuuhai"]);
    let outcome = kyoku.outcome().unwrap();
    assert_eq!((outcome.changes, outcome.riichi_sticks), ([0; 4], 1));
}

#[test]
fn an_exhaustive_draw_pays_the_tenpai_seats() {
    let hands = [
        "123m456m789m123p5s",
        "234p345p678s678s9s",
        "147m258p369s1234z",
        "258m369p147s5677z",
    ];
    let mut kyoku = on_wall(hands, "", "", start(0, 0));
    let lines = tsumogiri_until(&mut kyoku, |k| {
        let legal = k.legal_actions();
        if k.live_tiles() == 0 && legal.contains(&KyokuAction::Pass) {
            // No call on the last discard.
            let claims = |a: &KyokuAction| matches!(a, KyokuAction::Ron | KyokuAction::Pass);
            assert!(legal.iter().all(claims));
        }
        k.is_over()
    });
    let tail: Vec<&str> = lines
        .iter()
        .rev()
        .take(5)
        .rev()
        .map(String::as_str)
        .collect();
    assert_eq!(
        tail,
        [
            "ryuukyoku, tenpai: seats 0 1",
            "seat 2 pays 750 to seat 0 (tenpai)",
            "seat 2 pays 750 to seat 1 (tenpai)",
            "seat 3 pays 750 to seat 0 (tenpai)",
            "seat 3 pays 750 to seat 1 (tenpai)",
        ]
    );
    // 70 discards, and the 69 draws after the dealer's first.
    assert_eq!(lines.len(), 70 + 69 + 5);
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [1_500, 1_500, -1_500, -1_500]
    );
}

#[test]
fn an_added_kan_is_robbed_by_chankan() {
    // Seat 1 pons the dealer's red 5m, then draws the last 5m and adds it: seat 2, waiting
    // on 5m (kanchan), robs it: chankan and tanyao, 2 han 40 fu, 2,600. No kan dora.
    let hands = ["", "55m19p19s1234z677z", "46m234p567p678s22s", ""];
    let mut kyoku = on_wall(hands, "0m1z1z1z5m", "5555z", start(0, 0));
    assert_eq!(play(&mut kyoku, &RED_FIVE_PON), RED_FIVE_PON_LINES);
    let lines = play(&mut kyoku, &ADDED_KAN_OF_FIVES);
    assert_eq!(lines, ADDED_KAN_OF_FIVES_LINES);
    assert_eq!(
        play_through(&mut kyoku, &["2: ron"]),
        [
            "seat 2 wins by ron from seat 1: 2600 points",
            "seat 1 pays 2600 to seat 2 (win)",
        ]
    );
    assert_eq!(kyoku.dora_indicators().len(), 1);
    assert_eq!(kyoku.outcome().unwrap().changes, [0, -2_600, 2_600, 0]);
}

/// The dealer declares a closed kan of East while seat 1 waits on East for kokushi.
fn closed_kan_of_east(rules: Rules) -> Kyoku {
    let (hands, draws, dead) = CLOSED_KAN_OF_EAST;
    Kyoku::from_wall(rules, start(0, 0), wall(hands, draws, dead)).unwrap()
}

#[test]
fn under_tenhou_not_even_kokushi_robs_a_closed_kan() {
    // No seat is asked: the dealer draws its replacement tile at once.
    let mut kyoku = closed_kan_of_east(Rules::tenhou());
    let lines = play(&mut kyoku, &["0: ankan 1z"]);
    assert_eq!(
        lines,
        [
            "seat 0 declares ankan 1111z",
            "dora indicator 5z",
            "seat 0 draws 6p from the dead wall",
        ]
    );
    assert_eq!(kyoku.to_move(), Some(S[0]));
    assert!(kyoku.legal_actions().contains(&KyokuAction::Tsumogiri));
    assert_eq!(kyoku.points(), [25_000; 4]);
}

#[test]
fn kokushi_robs_a_closed_kan_when_the_rules_say_so() {
    // Seat 1 waits on East for kokushi: it robs the dealer's closed kan of East.
    let rules = Rules {
        kokushi_robs_closed_kan: true,
        ..Rules::tenhou()
    };
    let mut kyoku = closed_kan_of_east(rules);
    let lines = play_through(&mut kyoku, &["0: ankan 1z", "1: ron"]);
    assert_eq!(
        lines,
        [
            "seat 0 declares ankan 1111z",
            "dora indicator 5z",
            "seat 1 wins by ron from seat 0: 32000 points",
            "seat 0 pays 32000 to seat 1 (win)",
        ]
    );
    assert_eq!(kyoku.outcome().unwrap().changes, [-32_000, 32_000, 0, 0]);
}

#[test]
fn pao_makes_the_feeder_of_the_third_dragon_pay_half_a_ron() {
    let hands = ["", "55z66z77z23m55p19s9p", "", ""];
    let mut kyoku = on_wall(hands, "5z6z1z7z4m", "2222z", start(0, 0));
    let pons = play_through(&mut kyoku, &DRAGON_PONS);
    assert_eq!(pons, DRAGON_PON_LINES);
    // Discarding 9p leaves seat 1 tenpai, but its hand is open: no riichi.
    let legal = kyoku.legal_actions();
    assert!(legal.contains(&"discard 9p".parse().unwrap()));
    assert!(legal.iter().all(|a| !a.to_string().starts_with("riichi")));
    let lines = play_through(&mut kyoku, &["1: discard 9p", "2: tsumogiri", "1: ron"]);
    assert_eq!(
        lines,
        [
            "seat 1 discards 9p",
            "seat 2 draws 4m",
            "seat 2 discards 4m (tsumogiri)",
            "seat 1 wins by ron from seat 2: 32000 points",
            "seat 2 pays 16000 to seat 1 (win)",
            "seat 3 pays 16000 to seat 1 (pao)",
        ]
    );
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [0, 32_000, -16_000, -16_000]
    );
}

#[test]
fn the_same_wind_from_all_four_on_the_first_go_around_aborts() {
    let mut kyoku = Kyoku::from_wall(
        Rules::tenhou(),
        start(0, 0),
        wall(["", "", "", ""], "1111z", "2222z"),
    )
    .unwrap();
    let script = [
        "0: tsumogiri",
        "1: tsumogiri",
        "2: tsumogiri",
        "3: tsumogiri",
    ];
    let lines = play_through(&mut kyoku, &script);
    assert_eq!(
        lines[lines.len() - 2..],
        [
            "seat 3 discards 1z (tsumogiri)",
            "abortive draw: suufon renda"
        ]
    );
    assert_eq!(lines.len(), 1 + 3 * 2 + 1);
    assert_eq!(kyoku.outcome().unwrap().changes, [0; 4]);
}

#[test]
fn four_riichi_abort_and_leave_the_sticks() {
    let hands = [
        "123m456m789m123p5s",
        "234p345p678s678s9s",
        "111m999m111p999p5z",
        "111s999s222z333z4z",
    ];
    let mut kyoku = on_wall(hands, "6666z", "7777z", start(0, 0));
    let script = [
        "0: riichi tsumogiri",
        "1: riichi tsumogiri",
        "2: riichi tsumogiri",
        "3: riichi tsumogiri",
    ];
    let lines = play_through(&mut kyoku, &script);
    let mut expected = vec![
        "seat 0 declares double riichi".to_string(),
        "seat 0 discards 6z (tsumogiri)".to_string(),
        "seat 0 pays 1000 to the table (riichi stick)".to_string(),
    ];
    for seat in 1..4 {
        expected.push(format!("seat {seat} draws 6z"));
        expected.push(format!("seat {seat} declares double riichi"));
        expected.push(format!("seat {seat} discards 6z (tsumogiri)"));
        expected.push(format!("seat {seat} pays 1000 to the table (riichi stick)"));
    }
    expected.push("abortive draw: suucha riichi".to_string());
    assert_eq!(lines, expected);
    let outcome = kyoku.outcome().unwrap();
    assert_eq!((outcome.changes, outcome.riichi_sticks), ([-1_000; 4], 4));
}

#[test]
fn riichi_needs_a_thousand_points() {
    let hands = ["123m456m789m123p5s", "", "", ""];
    let poor = KyokuStart {
        points: [900, 33_000, 33_000, 33_100],
        ..KyokuStart::default()
    };
    let mut kyoku = on_wall(hands, "6z", "7777z", poor);
    assert!(
        kyoku
            .legal_actions()
            .iter()
            .all(|a| !a.to_string().starts_with("riichi"))
    );
    let error = refused(&mut kyoku, "riichi tsumogiri");
    assert!(error.to_string().contains("1,000 points"), "{error}");
}

/// The dealer of `hands` declares riichi on 2z, the others throw 3z, and the dealer draws
/// `draw`.
fn riichi_around(hands: [&str; 4], draw: &str) -> Kyoku {
    let mut kyoku = on_wall(hands, &format!("2z3z3z3z{draw}"), "7777z", start(0, 0));
    let script = [
        "0: riichi tsumogiri",
        "1: tsumogiri",
        "2: tsumogiri",
        "3: tsumogiri",
    ];
    play_through(&mut kyoku, &script);
    kyoku
}

#[test]
fn a_closed_kan_in_riichi_only_keeps_the_waits() {
    // 111z 234m 567m 78p 55s waits on 6p-9p with or without the East kan: allowed.
    let hands = ["111z234m567m78p55s", "", "", ""];
    let kyoku = riichi_around(hands, "1z");
    assert_eq!(kyoku.view(S[0]).drawn, Some(copies("1z")[0]));
    assert!(
        kyoku
            .legal_actions()
            .contains(&KyokuAction::ClosedKan(copies("1z")[0].tile))
    );
    // 1113m 456p 789s 555z waits on 2m and 3m; the 1m kan would leave only 3m: refused.
    let hands = ["1113m456p789s555z", "", "", ""];
    let mut kyoku = riichi_around(hands, "1m");
    assert_eq!(kyoku.legal_actions(), [KyokuAction::Tsumogiri]);
    let error = refused(&mut kyoku, "ankan 1m");
    assert!(error.to_string().contains("waits"), "{error}");
}

#[test]
fn chi_tells_the_red_five_apart() {
    let hands = ["", "056m1234p1234s11z", "", ""];
    let mut kyoku = on_wall(hands, "4m", "7777z", start(0, 0));
    play(&mut kyoku, &["0: tsumogiri"]);
    let offered: Vec<String> = kyoku
        .legal_actions()
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert_eq!(offered, ["chi 06m", "chi 56m", "pass"]);
    let lines = play_through(&mut kyoku, &["1: chi 06m"]);
    assert_eq!(lines, ["seat 1 calls chi 406m from seat 0"]);
    assert!(kyoku.concealed(S[1]).contains(&copies("5m")[0]));
    assert!(!kyoku.concealed(S[1]).contains(&copies("0m")[0]));
}

/// A wall dealing the exhaustive-draw hands, with 9s as the last live tile (the haitei,
/// drawn by seat 1, which waits on it, as does the dealer).
fn last_tile_wall() -> TileWall {
    let hands = [
        "123m456m789m123p9s",
        "234p345p678s678s9s",
        "147m258p369s1234z",
        "258m369p147s5677z",
    ];
    // Replacement tiles 7p, dora indicator 6p (no dora in the winners' hands), 9s hidden as
    // the fifth indicator.
    let built = wall(hands, "", "7777p6p6m9m1p9s");
    let mut tiles = built.tiles().to_vec();
    let nine = tiles[52..122].iter().position(|t| *t == copies("9s")[0]);
    assert!(nine.is_none(), "every 9s is placed");
    let at = tiles[52..121]
        .iter()
        .position(|t| !t.tile.is_honor() && t.tile.number() == 8)
        .unwrap();
    // Put a 9s at the end of the live wall: swap it with the hidden indicator.
    tiles.swap(52 + at, 121);
    tiles.swap(121, 130);
    TileWall::from_tiles(&tiles, true).unwrap()
}

/// Every seat throws what it draws and passes every claim until `done`; returns the
/// events' lines.
fn play_to_the_last_tile(kyoku: &mut Kyoku) {
    tsumogiri_until(kyoku, |k| {
        k.live_tiles() == 0
            && k.to_move() == Some(S[1])
            && !k.legal_actions().contains(&KyokuAction::Pass)
    });
}

#[test]
fn haitei_and_houtei() {
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(0, 0), last_tile_wall()).unwrap();
    play_to_the_last_tile(&mut kyoku);
    assert_eq!(kyoku.view(S[1]).drawn, Some(copies("9s")[0]));
    let houtei = kyoku.clone();
    // Haitei: menzen tsumo, haitei, pinfu (reading 789s with a 9s wait on 78s... the scorer
    // takes the reading that pays most: 99s pair, 678s 789s) and iipeikou, 4 han 20 fu:
    // 2,600 from the dealer, 1,300 from the others.
    let lines = play_through(&mut kyoku, &["1: tsumo"]);
    assert_eq!(
        lines,
        [
            "seat 1 tsumo: 5200 points",
            "seat 0 pays 2600 to seat 1 (win)",
            "seat 2 pays 1300 to seat 1 (win)",
            "seat 3 pays 1300 to seat 1 (win)",
        ]
    );
    // Houtei: the dealer rons the last discard: houtei and ittsu, 3 han 40 fu: 7,700.
    let mut kyoku = houtei;
    let lines = play_through(&mut kyoku, &["1: tsumogiri", "0: ron"]);
    assert_eq!(
        lines,
        [
            "seat 1 discards 9s (tsumogiri)",
            "seat 0 wins by ron from seat 1: 7700 points",
            "seat 1 pays 7700 to seat 0 (win)",
        ]
    );
}

#[test]
fn an_open_kan_turns_its_dora_after_the_discard_and_breaks_ippatsu() {
    // Seat 1 declares double riichi; the dealer's 7z is called for an open kan by seat 2,
    // whose kan dora is turned after its discard. Seat 1 then draws 4s: double riichi,
    // menzen tsumo and pinfu, 4 han 20 fu, with no ippatsu (the kan broke it): 5,200.
    let hands = ["", "123m456m789p2355s", "777z147m258p369s6z", ""];
    let mut kyoku = on_wall(hands, "6z9m8m8m7z8m8m4s", "1111z34555z22z", start(0, 0));
    let script = [
        "0: tsumogiri",
        "1: riichi tsumogiri",
        "2: tsumogiri",
        "3: tsumogiri",
        "0: tsumogiri",
        "2: kan",
        "2: tsumogiri",
        "3: tsumogiri",
        "0: tsumogiri",
        "1: tsumo",
    ];
    let lines = play(&mut kyoku, &script);
    assert_eq!(
        lines,
        [
            "seat 0 discards 6z (tsumogiri)",
            "seat 1 draws 9m",
            "seat 1 declares double riichi",
            "seat 1 discards 9m (tsumogiri)",
            "seat 1 pays 1000 to the table (riichi stick)",
            "seat 2 draws 8m",
            "seat 2 discards 8m (tsumogiri)",
            "seat 3 draws 8m",
            "seat 3 discards 8m (tsumogiri)",
            "seat 0 draws 7z",
            "seat 0 discards 7z (tsumogiri)",
            "seat 2 calls kan 7777z from seat 0",
            "seat 2 draws 1z from the dead wall",
            "seat 2 discards 1z (tsumogiri)",
            "dora indicator 4z",
            "seat 3 draws 8m",
            "seat 3 discards 8m (tsumogiri)",
            "seat 0 draws 8m",
            "seat 0 discards 8m (tsumogiri)",
            "seat 1 draws 4s",
            "seat 1 tsumo: 6200 points",
            "seat 0 pays 2600 to seat 1 (win)",
            "seat 2 pays 1300 to seat 1 (win)",
            "seat 3 pays 1300 to seat 1 (win)",
            "the table pays 1000 to seat 1 (riichi sticks)",
        ]
    );
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [-2_600, 5_200, -1_300, -1_300]
    );
}

#[test]
fn nagashi_mangan_is_paid_as_a_tsumo_mangan_at_the_exhaustive_draw() {
    let hands = [
        "123m456m789m123p5s",
        "234p345p678s678s9s",
        "147m258p369s1234z",
        "258m369p147s5677z",
    ];
    let built = wall(hands, "", "");
    let mut tiles = built.tiles().to_vec();
    // Seat 1 draws every fourth tile from index 53: make them all terminals and honors.
    let mine = |slot: usize| slot >= 53 && (slot - 53).is_multiple_of(4);
    for slot in (53..122).step_by(4) {
        if !tiles[slot].tile.is_terminal_or_honor() {
            let other = (52..122)
                .find(|&j| !mine(j) && tiles[j].tile.is_terminal_or_honor())
                .unwrap();
            tiles.swap(slot, other);
        }
    }
    let wall = TileWall::from_tiles(&tiles, true).unwrap();
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(0, 0), wall).unwrap();
    let lines = tsumogiri_until(&mut kyoku, |k| k.is_over());
    assert!(
        kyoku
            .discards(S[1])
            .iter()
            .all(|d| d.tile.tile.is_terminal_or_honor())
    );
    let tail: Vec<&str> = lines
        .iter()
        .rev()
        .take(4)
        .rev()
        .map(String::as_str)
        .collect();
    assert_eq!(
        tail,
        [
            "ryuukyoku, tenpai: seats 0 1",
            "seat 0 pays 4000 to seat 1 (nagashi mangan)",
            "seat 2 pays 2000 to seat 1 (nagashi mangan)",
            "seat 3 pays 2000 to seat 1 (nagashi mangan)",
        ]
    );
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [-4_000, 8_000, -2_000, -2_000]
    );
}

#[test]
fn four_kans_by_two_seats_abort_after_the_discard_and_no_fifth_is_offered() {
    let hands = ["1111z2222z123m45p", "3333z4444z5555z9p", "", ""];
    let mut kyoku = on_wall(hands, "9m9m", "6677z", start(0, 0));
    let script = [
        "0: ankan 1z",
        "0: ankan 2z",
        "0: tsumogiri",
        "1: ankan 3z",
        "1: ankan 4z",
    ];
    let lines = play_through(&mut kyoku, &script);
    assert_eq!(
        lines[..4],
        [
            "seat 0 declares ankan 1111z",
            lines[1].as_str(),
            "seat 0 draws 6z from the dead wall",
            "seat 0 declares ankan 2222z",
        ]
    );
    assert!(lines[1].starts_with("dora indicator"));
    assert_eq!(kyoku.dora_indicators().len(), 5);
    assert_eq!(kyoku.view(S[1]).drawn, Some(copies("7z")[0]));
    // Four kans: seat 1's 5z quad may not be a fifth.
    assert!(
        !kyoku
            .legal_actions()
            .contains(&KyokuAction::ClosedKan(copies("5z")[0].tile))
    );
    let error = refused(&mut kyoku, "ankan 5z");
    assert!(error.to_string().contains("no fifth kan"), "{error}");
    let lines = play_through(&mut kyoku, &["1: tsumogiri"]);
    assert_eq!(
        lines,
        ["seat 1 discards 7z (tsumogiri)", "abortive draw: suukaikan"]
    );
    assert_eq!(kyoku.outcome().unwrap().changes, [0; 4]);
}

#[test]
fn riichi_needs_four_tiles_left() {
    // Seat 1 stays tenpai (it throws every draw): riichi is offered on each of its turns
    // while 4 or more live tiles are left, and not after.
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(0, 0), last_tile_wall()).unwrap();
    let mut turns = [0, 0];
    tsumogiri_until(&mut kyoku, |k| {
        if k.to_move() == Some(S[1]) && k.legal_actions().contains(&KyokuAction::Tsumogiri) {
            let offered = k.legal_actions().contains(&KyokuAction::RiichiTsumogiri);
            assert_eq!(offered, k.live_tiles() >= 4, "{} left", k.live_tiles());
            turns[usize::from(offered)] += 1;
        }
        k.is_over()
    });
    assert!(turns[0] > 0 && turns[1] > 0, "{turns:?}");
}
