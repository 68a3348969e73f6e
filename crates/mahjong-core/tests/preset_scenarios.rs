//! Scenario tests of the presets beside Tenhou's (`Rules::mahjong_soul`, `Rules::m_league`,
//! `Rules::wrc`): for each rule where one differs from Tenhou, a hand on an explicit wall
//! played under both, checking every event, in the form of its `Display` line, and every
//! point, so that each fails without the rule's effect.

use crate::common;

use common::kyoku::{
    ADDED_KAN_OF_FIVES, ADDED_KAN_OF_FIVES_LINES, CLOSED_KAN_OF_EAST, RED_FIVE_PON,
    RED_FIVE_PON_LINES, copies, dragon_pons_and_a_2z_ron, four_wind_pons, on_wall_with,
    pass_claims, play, play_through, refused, start, tsumogiri_until, wall,
};
use mahjong_core::score::{ScoringRules, WinningHand};
use mahjong_core::{
    AbortiveDraw, Kyoku, KyokuAction, KyokuEnd, KyokuError, KyokuStart, Match, MatchEnd,
    MatchLength, MatchRules, Pao, Refusal, Rules, Seat, Ties, TripleRon,
};

const S: [Seat; 4] = Seat::ALL;

/// Three seats wait on 5p, the dealer's first draw: seat 1 (pinfu, tanyao: 2,000), seat 2
/// (tanyao, kanchan: 1,300) and seat 3 (suuankou on a pair wait); one stick on the table.
fn three_rons(rules: Rules) -> Kyoku {
    let hands = [
        "",
        "234m456m678s34p88p",
        "345m567m345s46p77s",
        "111m999m111p999p5p",
    ];
    on_wall_with(rules, hands, "5p", "6666z", start(0, 1))
}

const THREE_RONS: [&str; 4] = ["0: tsumogiri", "1: ron", "2: ron", "3: ron"];

#[test]
fn three_rons_abort_under_tenhou() {
    let mut kyoku = three_rons(Rules::tenhou());
    let lines = play_through(&mut kyoku, &THREE_RONS);
    assert_eq!(
        lines,
        ["seat 0 discards 5p (tsumogiri)", "abortive draw: sanchahou"]
    );
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(outcome.end, KyokuEnd::Abort(AbortiveDraw::Sanchahou));
    assert_eq!(outcome.changes, [0; 4]);
}

#[test]
fn three_rons_all_win_under_mahjong_soul() {
    // Seat 1, nearest the discarder, takes the stick; seat 3's suuankou on its pair wait
    // counts double: 64,000.
    let mut kyoku = three_rons(Rules::mahjong_soul());
    let lines = play_through(&mut kyoku, &THREE_RONS);
    assert_eq!(
        lines,
        [
            "seat 0 discards 5p (tsumogiri)",
            "seat 1 wins by ron from seat 0: 3000 points",
            "seat 0 pays 2000 to seat 1 (win)",
            "the table pays 1000 to seat 1 (riichi sticks)",
            "seat 2 wins by ron from seat 0: 1300 points",
            "seat 0 pays 1300 to seat 2 (win)",
            "seat 3 wins by ron from seat 0: 64000 points",
            "seat 0 pays 64000 to seat 3 (win)",
        ]
    );
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(
        outcome.end,
        KyokuEnd::Win {
            winners: vec![S[1], S[2], S[3]]
        }
    );
    assert_eq!(outcome.changes, [-67_300, 3_000, 1_300, 64_000]);
}

#[test]
fn three_rons_and_two_go_to_the_nearest_seat_under_m_league_and_wrc() {
    // Seat 1 alone wins: 2,000 under M-League, 12,000 under WRC, which counts renhou (a
    // ron before the seat's first draw) as a mangan beside pinfu and tanyao.
    for (rules, points) in [(Rules::m_league(), 2_000), (Rules::wrc(), 12_000)] {
        let mut kyoku = three_rons(rules);
        let lines = play_through(&mut kyoku, &THREE_RONS);
        let head_bump = [
            "seat 0 discards 5p (tsumogiri)".to_string(),
            format!("seat 1 wins by ron from seat 0: {} points", points + 1_000),
            format!("seat 0 pays {points} to seat 1 (win)"),
            "the table pays 1000 to seat 1 (riichi sticks)".to_string(),
        ];
        assert_eq!(lines, head_bump);
        let changes = kyoku.outcome().unwrap().changes;
        assert_eq!(changes, [-points, points + 1_000, 0, 0]);
        // Two rons: the same (no double ron).
        let mut kyoku = three_rons(rules);
        let lines = play_through(&mut kyoku, &["0: tsumogiri", "1: ron", "2: ron", "3: pass"]);
        assert_eq!(lines, head_bump);
    }
}

#[test]
fn pao_covers_only_the_pao_yakuman_under_mahjong_soul() {
    // Seat 1 pons the three dragons (seat 3 feeds the third) and rons seat 2's 2z:
    // daisangen and tsuuiisou, 64,000 with 2 honba. Tenhou makes seat 3 liable for half of
    // it all (kyoku_rule_scenarios.rs); Mahjong Soul for half the daisangen only: seat 3
    // pays 16,000, seat 2 the other 16,000, then the tsuuiisou's 32,000 and the 600 honba.
    let (kyoku, lines) = dragon_pons_and_a_2z_ron(Rules::mahjong_soul());
    assert_eq!(
        lines[3..],
        [
            "seat 1 wins by ron from seat 2: 64600 points",
            "seat 2 pays 16000 to seat 1 (win)",
            "seat 3 pays 16000 to seat 1 (pao)",
            "seat 2 pays 32600 to seat 1 (win)",
        ]
    );
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [0, 64_600, -48_600, -16_000]
    );
}

#[test]
fn a_daisuushii_tsumo_is_a_double_yakuman_all_paid_by_the_feeder_under_mahjong_soul() {
    // The pao yakuman is the whole hand: the feeder pays it all, 64,000 (double under
    // Mahjong Soul; 32,000 under Tenhou) and the 300 of the honba.
    let (mut kyoku, _) = four_wind_pons(Rules::mahjong_soul());
    let lines = play(&mut kyoku, &["1: tsumo"]);
    assert_eq!(
        lines,
        [
            "seat 1 draws 9p",
            "seat 1 tsumo: 65300 points",
            "seat 3 pays 64300 to seat 1 (pao)",
            "the table pays 1000 to seat 1 (riichi sticks)",
        ]
    );
    assert_eq!(kyoku.outcome().unwrap().changes, [0, 65_300, 0, -64_300]);
}

#[test]
fn two_yakuman_pay_one_under_wrc() {
    // The dragon pons and 2z ron of the Mahjong Soul test: WRC counts one yakuman at most,
    // 32,000 with 600 honba, and pao of the whole hand as Tenhou.
    let (kyoku, lines) = dragon_pons_and_a_2z_ron(Rules::wrc());
    assert_eq!(
        lines[3..],
        [
            "seat 1 wins by ron from seat 2: 32600 points",
            "seat 2 pays 16000 to seat 1 (win)",
            "seat 3 pays 16600 to seat 1 (pao)",
        ]
    );
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [0, 32_600, -16_000, -16_600]
    );
}

#[test]
fn kokushi_robs_a_closed_kan_under_mahjong_soul_only() {
    let (hands, draws, dead) = CLOSED_KAN_OF_EAST;
    let mut kyoku = on_wall_with(Rules::mahjong_soul(), hands, draws, dead, start(0, 0));
    let lines = play_through(&mut kyoku, &["0: ankan 1z", "1: ron"]);
    assert_eq!(
        lines[2..],
        [
            "seat 1 wins by ron from seat 0: 32000 points",
            "seat 0 pays 32000 to seat 1 (win)",
        ]
    );
    for rules in [Rules::tenhou(), Rules::m_league(), Rules::wrc()] {
        let mut kyoku = on_wall_with(rules, hands, draws, dead, start(0, 0));
        let lines = play(&mut kyoku, &["0: ankan 1z"]);
        assert_eq!(lines[2], "seat 0 draws 6p from the dead wall");
    }
}

#[test]
fn a_double_wind_pair_is_2_fu_under_m_league() {
    // The dealer (East in the East round) draws its last 1z: menzen tsumo and ittsuu, 3 han;
    // fu 20, tsumo 2, pair wait 2, concealed triplet of simples 4 and the East pair: 4 under
    // Tenhou (32, 40 fu: 2,600 all), 2 under M-League (30 fu: 2,000 all).
    let hands = ["123m456m789m555s1z", "", "", ""];
    for (rules, each) in [(Rules::tenhou(), 2_600), (Rules::m_league(), 2_000)] {
        let mut kyoku = on_wall_with(rules, hands, "9p2z3z4z1z", "8888s", start(0, 0));
        let script = [
            "0: tsumogiri",
            "1: tsumogiri",
            "2: tsumogiri",
            "3: tsumogiri",
        ];
        play_through(&mut kyoku, &script);
        let lines = play(&mut kyoku, &["0: tsumo"]);
        assert_eq!(lines[0], format!("seat 0 tsumo: {} points", 3 * each));
        assert_eq!(
            kyoku.outcome().unwrap().changes,
            [3 * each, -each, -each, -each]
        );
    }
}

#[test]
fn renhou_is_a_mangan_beside_the_other_yaku_under_wrc() {
    // Seat 1 rons the dealer's first discard before its own first draw: pinfu and tanyao,
    // 2 han (2,000) under Tenhou; with renhou's 5 han, 7 han, a haneman (12,000), under WRC.
    let hands = ["", "234m456m678s34p88p", "", ""];
    for (rules, points) in [(Rules::tenhou(), 2_000), (Rules::wrc(), 12_000)] {
        let mut kyoku = on_wall_with(rules, hands, "5p", "2222z", start(0, 0));
        let lines = play_through(
            &mut kyoku,
            &["0: tsumogiri", "1: ron", "2: pass", "3: pass"],
        );
        assert_eq!(
            lines[1..],
            [
                format!("seat 1 wins by ron from seat 0: {points} points"),
                format!("seat 0 pays {points} to seat 1 (win)"),
            ]
        );
    }
}

/// The limit (`none`, `mangan`, ..., `kazoe`) and the total paid of the win `text` under
/// `rules`.
fn score(text: &str, rules: &ScoringRules) -> (String, u32) {
    let hand: WinningHand = text.parse().unwrap();
    let score = hand.score(rules).unwrap();
    (score.limit().to_string(), score.total())
}

#[test]
fn kazoe_stops_at_sanbaiman_and_yakuman_do_not_stack_in_wrc_scoring() {
    let kazoe = "12345678911222m 2m tsumo riichi dora 1m";
    assert_eq!(
        score(kazoe, &ScoringRules::tenhou()),
        ("kazoe".into(), 32_000)
    );
    assert_eq!(
        score(kazoe, &ScoringRules::wrc()),
        ("sanbaiman".into(), 24_000)
    );
    // Daisangen, tsuuiisou and suuankou (on the pair wait): three yakuman under Tenhou,
    // one under WRC.
    let three = "111z555z666z777z2z 2z ron";
    let tenhou = score(three, &ScoringRules::tenhou());
    assert_eq!(tenhou, ("triple yakuman".into(), 96_000));
    assert_eq!(
        score(three, &ScoringRules::wrc()),
        ("yakuman".into(), 32_000)
    );
}

#[test]
fn no_hand_but_a_yakuman_tops_sanbaiman_and_kiriage_rounds_up_under_m_league() {
    // Chinitsu, ittsuu, riichi, ippatsu and three dora: 13 han, kazoe yakuman under Tenhou,
    // a sanbaiman under M-League (its rules, chapter 6 article 6).
    let thirteen = "123456789p2345p 5p ron riichi ippatsu dora 3p8p";
    assert_eq!(
        score(thirteen, &ScoringRules::tenhou()),
        ("kazoe".into(), 32_000)
    );
    assert_eq!(
        score(thirteen, &ScoringRules::m_league()),
        ("sanbaiman".into(), 24_000)
    );
    // Riichi, pinfu, tanyao and one dora: 4 han 30 fu, 7,700 under Tenhou, a mangan under
    // M-League's kiriage.
    let kiriage = "234m456p678s34s88p 5s ron riichi dora 1m";
    assert_eq!(
        score(kiriage, &ScoringRules::tenhou()),
        ("none".into(), 7_700)
    );
    assert_eq!(
        score(kiriage, &ScoringRules::m_league()),
        ("mangan".into(), 8_000)
    );
}

#[test]
fn an_open_kans_dora_is_turned_before_the_replacement_draw_under_wrc() {
    // Seat 1 calls an open kan of the dealer's 7z. Under Tenhou the kan's indicator, 2s, is
    // shown after the replacement tile's discard; under WRC rules at once, before the
    // replacement draw (EMA RCR 2016 section 3.3.5, which the WRC's text follows).
    let hands = ["", "777z19p19s1234m56z", "", ""];
    let call = ["0: tsumogiri", "1: kan", "1: tsumogiri"];
    let lines = |rules: Rules| {
        let mut kyoku = on_wall_with(rules, hands, "7z", "9m6z6z6z1s2s", start(0, 0));
        let lines = play_through(&mut kyoku, &call);
        assert_eq!(kyoku.dora_indicators(), copies("1s2s"));
        lines
    };
    let called = [
        "seat 0 discards 7z (tsumogiri)",
        "seat 1 calls kan 7777z from seat 0",
    ];
    let drawn = [
        "seat 1 draws 9m from the dead wall",
        "seat 1 discards 9m (tsumogiri)",
    ];
    let at_once = lines(Rules::wrc());
    assert_eq!(at_once[..2], called);
    assert_eq!(at_once[2], "dora indicator 2s");
    assert_eq!(at_once[3..5], drawn);
    let after_discard = lines(Rules::tenhou());
    assert_eq!(after_discard[..2], called);
    assert_eq!(after_discard[2..4], drawn);
    assert_eq!(after_discard[4], "dora indicator 2s");
}

#[test]
fn no_abortive_draw_under_m_league_and_wrc() {
    // The dealer's first hand holds nine kinds of terminals and honors: Tenhou offers
    // kyuushu kyuuhai, the others do not; four Easts discarded in turn end the hand under
    // Tenhou only.
    let hands = ["19m19p19s1234z567m", "", "", ""];
    let kyuushu = |rules: Rules| {
        let kyoku = on_wall_with(rules, hands, "1z", "8888s", start(0, 0));
        kyoku.legal_actions().contains(&KyokuAction::KyuushuKyuuhai)
    };
    assert!(kyuushu(Rules::tenhou()));
    assert!(!kyuushu(Rules::m_league()) && !kyuushu(Rules::wrc()));
    for (rules, aborts) in [
        (Rules::tenhou(), true),
        (Rules::m_league(), false),
        (Rules::wrc(), false),
    ] {
        let mut kyoku = on_wall_with(rules, ["", "", "", ""], "1111z", "2222z", start(0, 0));
        let script = [
            "0: tsumogiri",
            "1: tsumogiri",
            "2: tsumogiri",
            "3: tsumogiri",
        ];
        let lines = play_through(&mut kyoku, &script);
        assert_eq!(
            lines.last().unwrap() == "abortive draw: suufon renda",
            aborts
        );
        assert_eq!(kyoku.is_over(), aborts);
    }
}

#[test]
fn riichi_below_1000_points_under_m_league_only() {
    // Seat 1, tenpai with 900 points, may not declare riichi under Tenhou; under M-League
    // it does and pays its stick, going below 0.
    let hands = ["", "234m456m678s34p88p", "", ""];
    let poor = KyokuStart {
        points: [25_000, 900, 25_000, 25_000],
        ..start(0, 0)
    };
    let mut kyoku = on_wall_with(Rules::tenhou(), hands, "1z9s", "2222z", poor);
    play_through(&mut kyoku, &["0: tsumogiri"]);
    assert_eq!(
        refused(&mut kyoku, "riichi tsumogiri"),
        KyokuError::NotAllowed {
            action: KyokuAction::RiichiTsumogiri,
            reason: Refusal::NoRiichi
        }
    );
    let mut kyoku = on_wall_with(Rules::m_league(), hands, "1z9s", "2222z", poor);
    let lines = play_through(&mut kyoku, &["0: tsumogiri", "1: riichi tsumogiri"]);
    assert_eq!(
        lines[2..5],
        [
            "seat 1 declares double riichi",
            "seat 1 discards 9s (tsumogiri)",
            "seat 1 pays 1000 to the table (riichi stick)",
        ]
    );
    assert_eq!(kyoku.points()[1], -100);
}

#[test]
fn an_added_kans_dora_is_turned_at_once_under_m_league() {
    // Seat 1 pons the dealer's red 5m, draws the last 5m and adds it; no one robs it. Under
    // Tenhou the kan's indicator, 6z, is shown after the replacement tile's discard
    // (kyoku_rule_scenarios.rs); under M-League at once, before the replacement draw.
    let hands = ["", "55m19p19s1234z677z", "", ""];
    let draws = "0m1z1z1z5m";
    let mut kyoku = on_wall_with(Rules::m_league(), hands, draws, "5555z76z", start(0, 0));
    assert_eq!(play(&mut kyoku, &RED_FIVE_PON), RED_FIVE_PON_LINES);
    assert_eq!(
        play(&mut kyoku, &ADDED_KAN_OF_FIVES),
        ADDED_KAN_OF_FIVES_LINES
    );
    let mut lines = pass_claims(&mut kyoku);
    assert_eq!(kyoku.dora_indicators(), copies("7z6z"));
    lines.extend(play_through(&mut kyoku, &["1: tsumogiri"]));
    assert_eq!(
        lines,
        [
            "dora indicator 6z",
            "seat 1 draws 5z from the dead wall",
            "seat 1 discards 5z (tsumogiri)",
            "seat 2 draws 3p",
        ]
    );
    assert_eq!(kyoku.dora_indicators(), copies("7z6z"));
}

/// Four noten hands that fit in one wall: every hand of a match of them ends in an
/// exhaustive draw without payments.
const ALL_NOTEN: [&str; 4] = [
    "147m258p369s1234z",
    "258m369p147s5677z",
    "369m147p258s1566z",
    "147m258p369s2345z",
];

/// Plays the four hands of an East-only match of `rules` to their exhaustive draws.
fn four_noten_hands(rules: Rules) -> Match {
    let mut game = Match::new(rules).unwrap();
    while !game.is_over() {
        game.deal(wall(ALL_NOTEN, "", "")).unwrap();
        tsumogiri_until(&mut game, |g| g.needs_wall() || g.is_over());
    }
    game
}

#[test]
fn tied_seats_split_uma_and_oka_under_m_league_rules() {
    // Four draws, all noten: every seat ends with 25,000, tied. M-League's match (East
    // only here) splits the +30/+10/-10/-30 uma and the 20,000 oka evenly: 5,000 each, less
    // the 5,000 each gave, so every score is 25,000. Ranked by seat order, as Tenhou and
    // Mahjong Soul, seat 0 would take first place's 50,000.
    let east_only = |ties: Ties| Rules {
        match_rules: MatchRules {
            length: MatchLength::Tonpuusen,
            ties,
            ..MatchRules::m_league()
        },
        ..Rules::m_league()
    };
    let game = four_noten_hands(east_only(Ties::Split));
    let result = game.result().unwrap();
    assert_eq!((result.end, result.hands), (MatchEnd::LastHand, 4));
    assert_eq!(result.points, [25_000; 4]);
    assert_eq!(result.ranking, S);
    assert_eq!(result.scores, [25_000; 4]);
    let game = four_noten_hands(east_only(Ties::SeatOrder));
    let scores = game.result().unwrap().scores;
    assert_eq!(scores, [70_000, 30_000, 10_000, -10_000]);
}

#[test]
fn the_presets_hold_the_documented_choices() {
    let (ms, ml, wrc) = (Rules::mahjong_soul(), Rules::m_league(), Rules::wrc());
    assert_eq!(
        (ms.triple_ron, ms.pao, ms.kokushi_robs_closed_kan),
        (TripleRon::AllWin, Pao::YakumanOnly, true)
    );
    assert!(ms.scoring.double_yakuman && ms.match_rules == MatchRules::tenhou());
    assert_eq!(
        (
            ml.match_rules.start_points,
            ml.match_rules.oka,
            ml.match_rules.uma
        ),
        (25_000, 20_000, [30_000, 10_000, -10_000, -30_000])
    );
    assert!(!ml.match_rules.tobi && !ml.match_rules.agari_yame && !ml.match_rules.sudden_death);
    assert_eq!(
        (
            wrc.match_rules.start_points,
            wrc.match_rules.oka,
            wrc.match_rules.uma
        ),
        (30_000, 0, [15_000, 5_000, -5_000, -15_000])
    );
    assert!(!wrc.red_fives && !wrc.scoring.red_fives && !wrc.abortive_draws);
    // A WRC match deals walls without red fives, from 30,000 points.
    let mut game = Match::new(wrc).unwrap();
    assert_eq!(game.points(), [30_000; 4]);
    assert!(game.deal(wall(ALL_NOTEN, "", "")).is_err());
    let names: Vec<&str> = Rules::PRESETS.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["tenhou", "mahjong_soul", "m_league", "wrc"]);
}
