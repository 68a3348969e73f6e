//! Scenario tests of the rules of a hand (spec section 4) beyond `kyoku_scenarios.rs`: those
//! Tenhou settles in detail (pao for daisuushii, beside a second yakuman and with honba;
//! furiten in riichi and without a yaku; kuikae of the called kind), and the rest of the
//! section (a ron on the riichi discard, ron over pon, chi from the previous seat only, riichi
//! only in tenpai, the added kan's dora, four kans by one seat, double riichi and kyuushu
//! kyuuhai ended by a call). Each plays on an explicit wall and checks every event, in the
//! form of its `Display` line, and every point.

use crate::common;

use common::kyoku::{
    ADDED_KAN_OF_FIVES, ADDED_KAN_OF_FIVES_LINES, RED_FIVE_PON, RED_FIVE_PON_LINES, copies,
    dragon_pons_and_a_2z_ron, four_wind_pons, on_wall, pass_claims, pass_to, play, play_through,
    refused, start,
};
use mahjong_core::{AbortiveDraw, Kyoku, KyokuAction, KyokuEnd, Rules, Seat};

const S: [Seat; 4] = Seat::ALL;

#[test]
fn pao_makes_the_feeder_of_the_fourth_wind_pay_a_whole_tsumo_and_its_honba() {
    // Seat 1 pons East from the dealer, South, West from seat 2 and North from seat 3 (the
    // fourth wind set: seat 3 is liable), then draws 9p for its single wait: daisuushii by
    // tsumo, a yakuman, 32,000 and 300 for the honba, all from seat 3; the stick goes to seat 1.
    let (mut kyoku, mut lines) = four_wind_pons(Rules::tenhou());
    lines.extend(play(&mut kyoku, &["1: tsumo"]));
    assert_eq!(
        lines,
        [
            "seat 0 discards 1z (tsumogiri)",
            "seat 1 calls pon 111z from seat 0",
            "seat 1 discards 1s",
            "seat 2 draws 2z",
            "seat 2 discards 2z (tsumogiri)",
            "seat 1 calls pon 222z from seat 2",
            "seat 1 discards 9s",
            "seat 2 draws 3z",
            "seat 2 discards 3z (tsumogiri)",
            "seat 1 calls pon 333z from seat 2",
            "seat 1 discards 1m",
            "seat 2 draws 5p",
            "seat 2 discards 5p (tsumogiri)",
            "seat 3 draws 4z",
            "seat 3 discards 4z (tsumogiri)",
            "seat 1 calls pon 444z from seat 3",
            "seat 1 discards 9m",
            "seat 2 draws 6p",
            "seat 2 discards 6p (tsumogiri)",
            "seat 3 draws 7p",
            "seat 3 discards 7p (tsumogiri)",
            "seat 0 draws 8p",
            "seat 0 discards 8p (tsumogiri)",
            "seat 1 draws 9p",
            "seat 1 tsumo: 33300 points",
            "seat 3 pays 32300 to seat 1 (pao)",
            "the table pays 1000 to seat 1 (riichi sticks)",
        ]
    );
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(outcome.changes, [0, 33_300, 0, -32_300]);
    assert_eq!(
        outcome.end,
        KyokuEnd::Win {
            winners: vec![S[1]]
        }
    );
}

#[test]
fn pao_covers_a_second_yakuman_and_the_feeder_pays_the_honba_of_a_ron() {
    // Seat 1 pons the three dragons (the third, 7z, from seat 3: liable) and waits on 2z with
    // 111z: seat 2's 2z makes daisangen and tsuuiisou, a double yakuman, 64,000. As on
    // Tenhou, pao covers both yakuman: seat 2 pays half, 32,000, and seat 3 the other half
    // with the 600 of the two honba.
    let (kyoku, lines) = dragon_pons_and_a_2z_ron(Rules::tenhou());
    assert_eq!(
        lines,
        [
            "seat 1 discards 1m",
            "seat 2 draws 2z",
            "seat 2 discards 2z (tsumogiri)",
            "seat 1 wins by ron from seat 2: 64600 points",
            "seat 2 pays 32000 to seat 1 (win)",
            "seat 3 pays 32600 to seat 1 (pao)",
        ]
    );
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [0, 64_600, -32_000, -32_600]
    );
}

#[test]
fn after_riichi_a_passed_winning_tile_forbids_ron_for_the_rest_of_the_hand_but_not_tsumo() {
    // Seat 1 waits on 2p-5p and declares riichi on its second turn. It lets seat 2's 5p pass:
    // riichi furiten. Its own next discard does not end it: asked about seat 3's 5p, it may
    // only pass. It then draws the last plain 5p: riichi, menzen tsumo,
    // pinfu and tanyao, 4 han 20 fu: 2,600 from the dealer, 1,300 from the others (no dora:
    // indicators 5z and 6z, ura indicator 5z).
    let hands = ["", "234m456m678s34p88p", "", ""];
    let draws = "1z9s1z1z2z9s5p2z2z9s3z5p3z5p";
    let mut kyoku = on_wall(hands, draws, "7777z5z6z6z6z5z5z", start(0, 0));
    let script = [
        "0: tsumogiri",
        "1: tsumogiri",
        "2: tsumogiri",
        "3: tsumogiri",
        "0: tsumogiri",
        "1: riichi tsumogiri",
        "2: tsumogiri",
    ];
    let mut lines = play(&mut kyoku, &script);
    pass_to(&mut kyoku, S[1]);
    assert!(kyoku.legal_actions().contains(&KyokuAction::Ron));
    lines.extend(play_through(&mut kyoku, &["1: pass"]));
    let script = [
        "3: tsumogiri",
        "0: tsumogiri",
        "1: tsumogiri",
        "2: tsumogiri",
        "3: tsumogiri",
    ];
    lines.extend(play(&mut kyoku, &script));
    no_ron_for_seat_1(&mut kyoku);
    lines.extend(play_through(&mut kyoku, &["0: tsumogiri"]));
    assert!(kyoku.legal_actions().contains(&KyokuAction::Tsumo));
    lines.extend(play(&mut kyoku, &["1: tsumo"]));
    assert_eq!(
        lines,
        [
            "seat 0 discards 1z (tsumogiri)",
            "seat 1 draws 9s",
            "seat 1 discards 9s (tsumogiri)",
            "seat 2 draws 1z",
            "seat 2 discards 1z (tsumogiri)",
            "seat 3 draws 1z",
            "seat 3 discards 1z (tsumogiri)",
            "seat 0 draws 2z",
            "seat 0 discards 2z (tsumogiri)",
            "seat 1 draws 9s",
            "seat 1 declares riichi",
            "seat 1 discards 9s (tsumogiri)",
            "seat 1 pays 1000 to the table (riichi stick)",
            "seat 2 draws 5p",
            "seat 2 discards 5p (tsumogiri)",
            "seat 3 draws 2z",
            "seat 3 discards 2z (tsumogiri)",
            "seat 0 draws 2z",
            "seat 0 discards 2z (tsumogiri)",
            "seat 1 draws 9s",
            "seat 1 discards 9s (tsumogiri)",
            "seat 2 draws 3z",
            "seat 2 discards 3z (tsumogiri)",
            "seat 3 draws 5p",
            "seat 3 discards 5p (tsumogiri)",
            "seat 0 draws 3z",
            "seat 0 discards 3z (tsumogiri)",
            "seat 1 draws 5p",
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

/// Passes the claims up to seat 1 and checks that it may only pass: no ron, and a ron is
/// refused with the hand unchanged.
fn no_ron_for_seat_1(kyoku: &mut Kyoku) {
    pass_to(kyoku, S[1]);
    assert_eq!(kyoku.legal_actions(), [KyokuAction::Pass]);
    let error = refused(kyoku, "ron");
    assert!(error.to_string().contains("cannot be made"), "{error}");
}

/// Seat 1 waits on 1s-4s with 222m 456m 678m 88p 23s: 4s gives tanyao, 1s no yaku. Seat 2
/// throws `pass` and seat 3 throws 4s in the same go-around, after seat 1's discard of 9s.
fn yakuless_wait_wall(pass: &str) -> Kyoku {
    let hands = ["", "222m456m678m88p23s", "", ""];
    let draws = format!("1z9s{pass}4s2z9s4s");
    on_wall(hands, &draws, "7777z5z", start(0, 0))
}

#[test]
fn a_winning_tile_passed_without_a_yaku_still_makes_temporary_furiten() {
    // As on Tenhou (furiten looks at the waits, not at the yaku: mjx's `State::CanRon`),
    // seat 2's 1s, which would complete seat 1's hand without a yaku and so is not offered
    // to it, still makes it furiten until its own next discard: seat 3's 4s, which gives
    // tanyao, is not offered either. After seat 1's discard, seat 2's 4s is: tanyao, 1 han
    // 40 fu (closed ron 10, concealed triplet of simples 4), 1,300.
    let script = [
        "0: tsumogiri",
        "1: tsumogiri",
        "2: tsumogiri",
        "3: tsumogiri",
    ];
    // Control: with 9p thrown instead of 1s, seat 3's 4s may be ronned.
    let mut control = yakuless_wait_wall("9p");
    play(&mut control, &script);
    pass_to(&mut control, S[1]);
    assert!(control.legal_actions().contains(&KyokuAction::Ron));
    let mut kyoku = yakuless_wait_wall("1s");
    let mut lines = play(&mut kyoku, &script[..3]);
    no_ron_for_seat_1(&mut kyoku);
    lines.extend(play(&mut kyoku, &script[3..]));
    no_ron_for_seat_1(&mut kyoku);
    lines.extend(pass_claims(&mut kyoku));
    let script = ["0: tsumogiri", "1: tsumogiri", "2: tsumogiri"];
    lines.extend(play(&mut kyoku, &script));
    pass_to(&mut kyoku, S[1]);
    assert!(kyoku.legal_actions().contains(&KyokuAction::Ron));
    lines.extend(play(&mut kyoku, &["1: ron"]));
    assert_eq!(
        lines,
        [
            "seat 0 discards 1z (tsumogiri)",
            "seat 1 draws 9s",
            "seat 1 discards 9s (tsumogiri)",
            "seat 2 draws 1s",
            "seat 2 discards 1s (tsumogiri)",
            "seat 3 draws 4s",
            "seat 3 discards 4s (tsumogiri)",
            "seat 0 draws 2z",
            "seat 0 discards 2z (tsumogiri)",
            "seat 1 draws 9s",
            "seat 1 discards 9s (tsumogiri)",
            "seat 2 draws 4s",
            "seat 2 discards 4s (tsumogiri)",
            "seat 1 wins by ron from seat 2: 1300 points",
            "seat 2 pays 1300 to seat 1 (win)",
        ]
    );
    assert_eq!(kyoku.outcome().unwrap().changes, [0, 1_300, -1_300, 0]);
}

#[test]
fn kuikae_forbids_the_called_kind_after_a_chi_and_after_a_pon() {
    // Seat 1 chis the dealer's 4m with 56m and still holds a 4m and a 7m: neither may be
    // thrown (the called kind, the other end), 1p may.
    let hands = ["", "4m56m7m1234p1234s1z", "", ""];
    let mut kyoku = on_wall(hands, "4m", "7777z", start(0, 0));
    let mut lines = play(&mut kyoku, &["0: tsumogiri", "1: chi 56m"]);
    lines.extend(pass_claims(&mut kyoku));
    let legal = kyoku.legal_actions();
    for forbidden in ["discard 4m", "discard 7m"] {
        assert!(!legal.contains(&forbidden.parse().unwrap()), "{forbidden}");
        let error = refused(&mut kyoku, forbidden);
        assert!(error.to_string().contains("kuikae"), "{error}");
    }
    lines.extend(play_through(&mut kyoku, &["1: discard 1p"]));
    assert_eq!(
        lines[..4],
        [
            "seat 0 discards 4m (tsumogiri)",
            "seat 1 calls chi 456m from seat 0",
            "seat 1 discards 1p",
            "seat 2 draws 3p",
        ]
    );
    // Seat 2 pons the dealer's 4m with two of its three: the third may not be thrown.
    let hands = ["", "", "444m1234p1234s11z", ""];
    let mut kyoku = on_wall(hands, "4m", "7777z", start(0, 0));
    let lines = play_through(&mut kyoku, &["0: tsumogiri", "2: pon 44m"]);
    assert_eq!(
        lines,
        [
            "seat 0 discards 4m (tsumogiri)",
            "seat 2 calls pon 444m from seat 0",
        ]
    );
    assert!(kyoku.concealed(S[2]).iter().any(|c| c.to_string() == "4m"));
    assert!(
        !kyoku
            .legal_actions()
            .contains(&"discard 4m".parse().unwrap())
    );
    assert!(
        kyoku
            .legal_actions()
            .contains(&"discard 1p".parse().unwrap())
    );
    let error = refused(&mut kyoku, "discard 4m");
    assert!(error.to_string().contains("kuikae"), "{error}");
    assert_eq!(kyoku.outcome(), None);
}

#[test]
fn a_ron_on_the_riichi_discard_leaves_the_riichi_stick_unpaid() {
    // The dealer declares riichi with 5p, which seat 1 rons (pinfu and tanyao, 2 han 30 fu:
    // 2,000): the declaration's stick is never paid; the stick already on the table goes
    // to seat 1.
    let hands = ["123m456m789m123p5s", "234m456m678s34p88p", "", ""];
    let mut kyoku = on_wall(hands, "5p", "7777z5z", start(0, 1));
    let lines = play_through(&mut kyoku, &["0: riichi tsumogiri", "1: ron"]);
    assert_eq!(
        lines,
        [
            "seat 0 declares double riichi",
            "seat 0 discards 5p (tsumogiri)",
            "seat 1 wins by ron from seat 0: 3000 points",
            "seat 0 pays 2000 to seat 1 (win)",
            "the table pays 1000 to seat 1 (riichi sticks)",
        ]
    );
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(outcome.changes, [-2_000, 3_000, 0, 0]);
    assert_eq!(outcome.riichi_sticks, 0);
}

#[test]
fn a_ron_beats_a_pon_of_the_same_discard() {
    // Seat 1 answers pon to the dealer's 5p, seat 2 ron (pinfu and tanyao, 2,000): the ron
    // is taken, the pon is not made.
    let hands = ["", "55p19m19s1234567z", "234m456m678s34p88p", ""];
    let mut kyoku = on_wall(hands, "5p", "2222s3s", start(0, 0));
    let lines = play_through(&mut kyoku, &["0: tsumogiri", "1: pon 55p", "2: ron"]);
    assert_eq!(
        lines,
        [
            "seat 0 discards 5p (tsumogiri)",
            "seat 2 wins by ron from seat 0: 2000 points",
            "seat 0 pays 2000 to seat 2 (win)",
        ]
    );
    assert!(kyoku.melds(S[1]).is_empty());
    assert_eq!(kyoku.outcome().unwrap().changes, [-2_000, 0, 2_000, 0]);
}

#[test]
fn chi_is_offered_to_the_next_seat_only() {
    // Seat 2 holds 56m: the dealer's 4m is not its to chi; seat 1's 4m is.
    let hands = ["", "", "56m1234p1234s111z", ""];
    let mut kyoku = on_wall(hands, "4m4m", "7777z5z", start(0, 0));
    let mut lines = play(&mut kyoku, &["0: tsumogiri"]);
    pass_to(&mut kyoku, S[2]);
    assert_eq!(kyoku.legal_actions(), [KyokuAction::Pass]);
    let error = refused(&mut kyoku, "chi 56m");
    assert!(error.to_string().contains("cannot be made"), "{error}");
    lines.extend(play(&mut kyoku, &["1: tsumogiri", "2: chi 56m"]));
    lines.extend(pass_claims(&mut kyoku));
    assert_eq!(
        lines,
        [
            "seat 0 discards 4m (tsumogiri)",
            "seat 1 draws 4m",
            "seat 1 discards 4m (tsumogiri)",
            "seat 2 calls chi 456m from seat 1",
        ]
    );
}

#[test]
fn riichi_needs_a_tenpai_hand() {
    let hands = ["135m246p379s1357z", "", "", ""];
    let mut kyoku = on_wall(hands, "2z", "2222s3s", start(0, 0));
    let legal = kyoku.legal_actions();
    assert!(legal.contains(&KyokuAction::Tsumogiri));
    assert!(legal.iter().all(|a| !a.to_string().starts_with("riichi")));
    let error = refused(&mut kyoku, "riichi tsumogiri");
    assert!(error.to_string().contains("tenpai"), "{error}");
}

#[test]
fn an_added_kan_turns_its_dora_after_the_replacement_tiles_discard() {
    // Seat 1 pons the dealer's red 5m, draws the last 5m and adds it; no one robs it. It
    // draws 5z from the dead wall and throws it; only then is the kan's indicator, 6z, shown.
    let hands = ["", "55m19p19s1234z677z", "", ""];
    let mut kyoku = on_wall(hands, "0m1z1z1z5m", "5555z76z", start(0, 0));
    assert_eq!(play(&mut kyoku, &RED_FIVE_PON), RED_FIVE_PON_LINES);
    let lines = play(&mut kyoku, &ADDED_KAN_OF_FIVES);
    assert_eq!(lines, ADDED_KAN_OF_FIVES_LINES);
    let mut lines = pass_claims(&mut kyoku);
    assert_eq!(kyoku.dora_indicators(), copies("7z"));
    lines.extend(play_through(&mut kyoku, &["1: tsumogiri"]));
    assert_eq!(
        lines,
        [
            "seat 1 draws 5z from the dead wall",
            "seat 1 discards 5z (tsumogiri)",
            "dora indicator 6z",
            "seat 2 draws 3p",
        ]
    );
    assert_eq!(kyoku.dora_indicators(), copies("7z6z"));
}

#[test]
fn four_kans_by_one_seat_do_not_abort_the_hand() {
    // The dealer makes four closed kans on its first turn (an indicator turned at once for
    // each, the fifth a 5z); after its discard the hand goes on (no suukaikan: one seat made
    // them all), with four fewer live tiles.
    let hands = ["1111z2222z3333z4z", "", "", ""];
    let mut kyoku = on_wall(hands, "4z", "4456z7777z", start(0, 0));
    let live = kyoku.live_tiles();
    let script = [
        "0: ankan 1z",
        "0: ankan 2z",
        "0: ankan 3z",
        "0: ankan 4z",
        "0: tsumogiri",
    ];
    let lines = play_through(&mut kyoku, &script);
    assert_eq!(
        lines,
        [
            "seat 0 declares ankan 1111z",
            "dora indicator 7z",
            "seat 0 draws 4z from the dead wall",
            "seat 0 declares ankan 2222z",
            "dora indicator 7z",
            "seat 0 draws 4z from the dead wall",
            "seat 0 declares ankan 3333z",
            "dora indicator 7z",
            "seat 0 draws 5z from the dead wall",
            "seat 0 declares ankan 4444z",
            "dora indicator 5z",
            "seat 0 draws 6z from the dead wall",
            "seat 0 discards 6z (tsumogiri)",
            "seat 1 draws 1p",
        ]
    );
    assert_eq!(kyoku.dora_indicators().len(), 5);
    assert_eq!(kyoku.live_tiles(), live - 4 - 1);
    assert_eq!(kyoku.outcome(), None);
}

#[test]
fn a_call_on_the_first_go_around_ends_double_riichi_and_kyuushu_kyuuhai() {
    // Seat 2 pons the dealer's East. Seat 3, with ten kinds of terminals and honors, may no
    // longer declare kyuushu kyuuhai on its first turn; seat 1, skipped by the pon and tenpai
    // on its first turn, declares a plain riichi, not a double one.
    let hands = [
        "",
        "123m456m789m123p5s",
        "11z234m567m234p56p",
        "19m19p19s2345z678m",
    ];
    let wall = || on_wall(hands, "1z4s4s7z", "2222s3s", start(0, 0));
    // Control: without the pon, seat 1 may declare double riichi and seat 3 kyuushu kyuuhai.
    let mut control = wall();
    play_through(&mut control, &["0: tsumogiri"]);
    let riichi = play(&mut control, &["1: riichi tsumogiri"]);
    assert_eq!(riichi[0], "seat 1 declares double riichi");
    play_through(&mut control, &["2: tsumogiri"]);
    assert!(
        control
            .legal_actions()
            .contains(&KyokuAction::KyuushuKyuuhai)
    );
    let mut kyoku = wall();
    let mut lines = play(&mut kyoku, &["0: tsumogiri", "2: pon 11z", "2: discard 6p"]);
    lines.extend(pass_claims(&mut kyoku));
    assert_eq!(kyoku.to_move(), Some(S[3]));
    assert!(!kyoku.legal_actions().contains(&KyokuAction::KyuushuKyuuhai));
    let error = refused(&mut kyoku, "kyuushu");
    assert!(
        error.to_string().contains("first uninterrupted turn"),
        "{error}"
    );
    let script = ["3: tsumogiri", "0: tsumogiri", "1: riichi tsumogiri"];
    lines.extend(play_through(&mut kyoku, &script));
    assert_eq!(
        lines,
        [
            "seat 0 discards 1z (tsumogiri)",
            "seat 2 calls pon 111z from seat 0",
            "seat 2 discards 6p",
            "seat 3 draws 4s",
            "seat 3 discards 4s (tsumogiri)",
            "seat 0 draws 4s",
            "seat 0 discards 4s (tsumogiri)",
            "seat 1 draws 7z",
            "seat 1 declares riichi",
            "seat 1 discards 7z (tsumogiri)",
            "seat 1 pays 1000 to the table (riichi stick)",
            "seat 2 draws 8m",
        ]
    );
}

/// The dealer makes two closed kans and throws 5z; seat 1 makes two more (four kans by
/// two seats) and throws 5m, which seat 2 could chi (46m) or pon (05m) and seat 3 wins on
/// (5m tanki, tanyao). The hand at that discard, with seat 2 asked first.
fn fourth_kan_discard() -> Kyoku {
    let hands = [
        "1111z2222z123m45p",
        "3333z4444z5m1s9s1p9p",
        "46m05m123p789p1s99s",
        "234m678m234p567s5m",
    ];
    let mut kyoku = on_wall(hands, "9m7z", "9s5z7z5z6666z7z", start(0, 0));
    let script = [
        "0: ankan 1z",
        "0: ankan 2z",
        "0: tsumogiri",
        "1: ankan 3z",
        "1: ankan 4z",
        "1: discard 5m",
    ];
    let lines = play(&mut kyoku, &script);
    assert_eq!(
        lines,
        [
            "seat 0 declares ankan 1111z",
            "dora indicator 6z",
            "seat 0 draws 9s from the dead wall",
            "seat 0 declares ankan 2222z",
            "dora indicator 6z",
            "seat 0 draws 5z from the dead wall",
            "seat 0 discards 5z (tsumogiri)",
            "seat 1 draws 7z",
            "seat 1 declares ankan 3333z",
            "dora indicator 6z",
            "seat 1 draws 7z from the dead wall",
            "seat 1 declares ankan 4444z",
            "dora indicator 7z",
            "seat 1 draws 5z from the dead wall",
            "seat 1 discards 5m",
        ]
    );
    assert_eq!(kyoku.dora_indicators(), copies("6z6z6z6z7z"));
    kyoku
}

#[test]
fn the_discard_after_a_fourth_kan_by_two_seats_may_only_be_ronned_then_the_hand_aborts() {
    let mut kyoku = fourth_kan_discard();
    // Seat 2 holds 46m and 05m but may not chi or pon: only ron may claim this discard.
    assert_eq!(kyoku.to_move(), Some(S[2]));
    assert_eq!(kyoku.legal_actions(), [KyokuAction::Pass]);
    for call in ["pon 05m", "chi 46m"] {
        let error = refused(&mut kyoku, call);
        assert!(
            error.to_string().contains("claim cannot be made"),
            "{error}"
        );
    }
    let mut lines = play(&mut kyoku, &["2: pass"]);
    assert_eq!(kyoku.to_move(), Some(S[3]));
    assert_eq!(kyoku.legal_actions(), [KyokuAction::Ron, KyokuAction::Pass]);
    // Seat 3 lets it pass too: suukaikan, no points move.
    lines.extend(pass_claims(&mut kyoku));
    assert_eq!(lines, ["abortive draw: suukaikan"]);
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(outcome.end, KyokuEnd::Abort(AbortiveDraw::Suukaikan));
    assert_eq!(outcome.changes, [0; 4]);
}

#[test]
fn a_ron_on_the_discard_after_a_fourth_kan_wins() {
    let mut kyoku = fourth_kan_discard();
    let lines = play_through(&mut kyoku, &["3: ron"]);
    // Tanyao, 1 han 40 fu (closed ron 30, tanki 2): 1,300; no dora among the five
    // indicators' next tiles (7z and 5z).
    assert_eq!(
        lines,
        [
            "seat 3 wins by ron from seat 1: 1300 points",
            "seat 1 pays 1300 to seat 3 (win)",
        ]
    );
    assert_eq!(kyoku.outcome().unwrap().changes, [0, -1_300, 0, 1_300]);
}

#[test]
fn an_added_kan_on_an_open_kans_replacement_tile_turns_the_open_kans_indicator_first() {
    // Seat 1 pons the dealer's red 5m, then calls an open kan of seat 3's 7z and draws the
    // last 5m from the dead wall: it adds it to the pon at once. No one robs it; the open
    // kan's indicator (2s) is turned then, before the added kan's replacement draw, and the
    // added kan's (3s) after the next discard.
    let hands = ["", "55m777z19p19s1236z", "", ""];
    let mut kyoku = on_wall(hands, "0m9m7z", "5m6z6z6z1s2s3s", start(0, 0));
    assert_eq!(play(&mut kyoku, &RED_FIVE_PON), RED_FIVE_PON_LINES);
    let script = ["2: tsumogiri", "3: tsumogiri", "1: kan", "1: kakan 5m"];
    let mut lines = play_through(&mut kyoku, &script);
    assert_eq!(kyoku.dora_indicators(), copies("1s2s"));
    lines.extend(play_through(&mut kyoku, &["1: tsumogiri"]));
    assert_eq!(
        lines,
        [
            "seat 2 draws 9m",
            "seat 2 discards 9m (tsumogiri)",
            "seat 3 draws 7z",
            "seat 3 discards 7z (tsumogiri)",
            "seat 1 calls kan 7777z from seat 3",
            "seat 1 draws 5m from the dead wall",
            "seat 1 adds kakan 0555m",
            "dora indicator 2s",
            "seat 1 draws 6z from the dead wall",
            "seat 1 discards 6z (tsumogiri)",
            "dora indicator 3s",
            "seat 2 draws 3p",
        ]
    );
    assert_eq!(kyoku.dora_indicators(), copies("1s2s3s"));
}
