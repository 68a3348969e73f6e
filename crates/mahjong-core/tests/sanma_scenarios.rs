//! Scenario tests of three-player riichi (sanma, `Rules::tenhou_sanma` and
//! `Rules::mahjong_soul_sanma`): kita and its replacement draw, a ron on a kita, no chi,
//! payments among three (tsumo-loss, the North share split, the tenpai pool) and the match
//! of three seats. Each plays on an explicit 108-tile wall and checks every event, in the
//! form of its `Display` line, and every point.

use crate::common;

use common::kyoku::{play, play_through, refused, sanma_wall, start, tsumogiri_until, wall};
use mahjong_core::score::{Contradiction, Payment, ScoreError, ScoringRules, Wind, WinningHand};
use mahjong_core::{
    Kyoku, KyokuAction, KyokuEnd, KyokuError, KyokuEvent, KyokuStart, Match, MatchEvent, Refusal,
    Rules, RulesError, Seat, TileWall,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

const S: [Seat; 4] = Seat::ALL;

/// A sanma hand of `rules` dealt by seat 0 with 35,000 points each.
fn sanma(rules: Rules, hands: [&str; 3], draws: &str, dead: &str) -> Kyoku {
    Kyoku::from_wall(rules, table(&rules), sanma_wall(hands, draws, dead)).unwrap()
}

/// The table of a hand of `rules` dealt by seat 0: 35,000 points for each seat at it, 0 for
/// the empty seat 3 of a three-player game.
fn table(rules: &Rules) -> KyokuStart {
    KyokuStart {
        points: std::array::from_fn(|s| if s < rules.seats { 35_000 } else { 0 }),
        ..start(0, 0)
    }
}

/// The dealer holds `123p456p789p11s22s` and draws North: a kita, whose replacement tile
/// 1s completes the hand (tsumo, rinshan, ittsu, one nukidora: 5 han, a dealer mangan).
/// The hand after the tsumo, the event lines, and the win as the scorer read it.
fn kita_then_rinshan(rules: Rules) -> (Kyoku, Vec<String>, KyokuEvent) {
    let hands = ["123p456p789p11s22s", "", ""];
    let mut kyoku = sanma(rules, hands, "4z", "1s9s9s9s7z");
    assert!(kyoku.legal_actions().contains(&KyokuAction::Kita));
    let mut lines = play_through(&mut kyoku, &["0: kita"]);
    let events = kyoku.apply(KyokuAction::Tsumo).unwrap();
    lines.extend(events.iter().map(ToString::to_string));
    let win = events
        .into_iter()
        .find(|e| matches!(e, KyokuEvent::Win { .. }))
        .unwrap();
    (kyoku, lines, win)
}

#[test]
fn a_kita_draws_a_replacement_tile_and_counts_as_a_dora_under_tsumo_loss() {
    let (kyoku, lines, win) = kita_then_rinshan(Rules::tenhou_sanma());
    // Tsumo-loss: the dealer's mangan tsumo is 4,000 from each of the two others (12,000
    // at four seats). The kita broke the first go-around: no tenhou.
    assert_eq!(
        lines,
        [
            "seat 0 declares kita (North aside)",
            "seat 0 draws 1s from the dead wall",
            "seat 0 tsumo: 8000 points",
            "seat 1 pays 4000 to seat 0 (win)",
            "seat 2 pays 4000 to seat 0 (win)",
        ]
    );
    assert_eq!(kyoku.kita(S[0]), 1);
    assert_eq!(kyoku.live_tiles(), 94 - 40 - 1);
    assert_eq!(kyoku.outcome().unwrap().changes, [8_000, -4_000, -4_000, 0]);
    let KyokuEvent::Win { hand, score, .. } = win else {
        unreachable!()
    };
    assert_eq!(
        (hand.nukidora, hand.rinshan, hand.first_turn),
        (1, true, false)
    );
    assert_eq!((score.han(), score.dora()), (5, 1));
}

#[test]
fn mahjong_soul_splits_the_north_share_of_a_tsumo() {
    let (kyoku, lines, _) = kita_then_rinshan(Rules::mahjong_soul_sanma());
    // No tsumo-loss: the absent North seat's 4,000 is split, 2,000 more from each payer.
    assert_eq!(
        lines[2..],
        [
            "seat 0 tsumo: 12000 points",
            "seat 1 pays 6000 to seat 0 (win)",
            "seat 2 pays 6000 to seat 0 (win)",
        ]
    );
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [12_000, -6_000, -6_000, 0]
    );
}

#[test]
fn a_kita_can_be_ronned_without_chankan() {
    // Seat 1 (South) waits on North alone; the dealer's kita gives it the ron: the South
    // seat wind alone, 1 han 40 fu (closed ron 10, a closed honor triplet 8, tanki 2):
    // 1,300. A chankan would make it 2 han, 2,600.
    let hands = ["", "222z123p456p789s4z", ""];
    let dead = "1s1s1s1s7z";
    let mut kyoku = sanma(Rules::tenhou_sanma(), hands, "4z", dead);
    let lines = play_through(&mut kyoku, &["0: kita", "1: ron"]);
    assert_eq!(
        lines,
        [
            "seat 0 declares kita (North aside)",
            "seat 1 wins by ron from seat 0: 1300 points",
            "seat 0 pays 1300 to seat 1 (win)",
        ]
    );
    assert_eq!(kyoku.outcome().unwrap().changes, [-1_300, 1_300, 0, 0]);
    // Without the rule no seat is asked: the dealer draws its replacement at once.
    let rules = Rules {
        kita_ron: false,
        ..Rules::tenhou_sanma()
    };
    let mut kyoku = sanma(rules, hands, "4z", dead);
    let lines = play(&mut kyoku, &["0: kita"]);
    assert_eq!(
        lines,
        [
            "seat 0 declares kita (North aside)",
            "seat 0 draws 1s from the dead wall",
        ]
    );
}

#[test]
fn passing_a_kita_that_completes_the_hand_is_furiten() {
    let hands = ["", "222z123p456p789s4z", ""];
    let mut kyoku = sanma(Rules::tenhou_sanma(), hands, "4z1z", "1s");
    play_through(&mut kyoku, &["0: kita"]);
    assert!(kyoku.is_furiten(S[1]));
}

#[test]
fn three_seats_have_no_chi() {
    // Seat 1 holds 23p and the dealer throws 1p: at four seats seat 1 may chi it, at three
    // it may only pass.
    let hands = ["", "23p", ""];
    let mut kyoku = sanma(Rules::tenhou_sanma(), hands, "1p", "");
    kyoku.apply(KyokuAction::Tsumogiri).unwrap();
    assert_eq!(kyoku.to_move(), Some(S[1]));
    assert_eq!(kyoku.legal_actions(), [KyokuAction::Pass]);
    let error = refused(&mut kyoku, "chi 23p");
    assert!(matches!(
        error,
        KyokuError::NotAllowed {
            reason: Refusal::ChiInSanma,
            ..
        }
    ));
    assert_eq!(
        error.to_string(),
        "chi 23p is not allowed now: three-player riichi (sanma) has no chi"
    );
    let mut four = Kyoku::from_wall(
        Rules::tenhou(),
        start(0, 0),
        wall(["", "23p", "", ""], "1p", ""),
    )
    .unwrap();
    four.apply(KyokuAction::Tsumogiri).unwrap();
    assert!(
        four.legal_actions()
            .iter()
            .any(|a| matches!(a, KyokuAction::Chi(..)))
    );
}

#[test]
fn kita_needs_a_north_and_in_riichi_only_the_drawn_one() {
    // The dealer waits on North alone and draws 9s: a North of the hand may go aside.
    let hand = "123p456p789p111s4z";
    let mut kyoku = sanma(Rules::tenhou_sanma(), [hand, "", ""], "9s1z1z1z", "");
    assert!(kyoku.legal_actions().contains(&KyokuAction::Kita));
    // Four seats never have a kita.
    let mut four = Kyoku::from_wall(
        Rules::tenhou(),
        start(0, 0),
        wall([hand, "", "", ""], "9s", ""),
    )
    .unwrap();
    assert!(!four.legal_actions().contains(&KyokuAction::Kita));
    let error = refused(&mut four, "kita");
    assert!(matches!(
        error,
        KyokuError::NotAllowed {
            reason: Refusal::KitaAtFourSeats,
            ..
        }
    ));
    // In riichi, on a drawn 1z, the North the hand waits on cannot go aside.
    play_through(&mut kyoku, &["0: riichi tsumogiri"]);
    let own_turn = |k: &Kyoku| k.to_move() == Some(S[0]) && k.concealed(S[0]).len() == 14;
    tsumogiri_until(&mut kyoku, own_turn);
    assert_eq!(kyoku.legal_actions(), [KyokuAction::Tsumogiri]);
    let error = refused(&mut kyoku, "kita");
    assert!(matches!(
        error,
        KyokuError::NotAllowed {
            reason: Refusal::NoKita,
            ..
        }
    ));
}

#[test]
fn one_tenpai_seat_of_three_takes_the_2000_point_pool() {
    // The dealer waits on 1s alone; the others are noten; every tile drawn is thrown.
    let hands = [
        "111m999m111p999p1s",
        "2p4p6p8p1z2z3z5z6z7z9s8s7s",
        "3p5p7p2s3s4s6s2z3z5z6z7z1z",
    ];
    let mut kyoku = sanma(Rules::tenhou_sanma(), hands, "", "");
    let lines = tsumogiri_until(&mut kyoku, Kyoku::is_over);
    let tail = &lines[lines.len() - 3..];
    assert_eq!(
        tail,
        [
            "ryuukyoku, tenpai: seat 0",
            "seat 1 pays 1000 to seat 0 (tenpai)",
            "seat 2 pays 1000 to seat 0 (tenpai)",
        ]
    );
    let outcome = kyoku.outcome().unwrap();
    assert!(matches!(outcome.end, KyokuEnd::Ryuukyoku { .. }));
    assert_eq!(outcome.changes, [2_000, -1_000, -1_000, 0]);
    assert_eq!(kyoku.live_tiles(), 0);
}

#[test]
fn the_sanma_scorer_reads_1m_as_the_indicator_of_9m_and_counts_kita() {
    let text = "111p234p567p99m55s win 5s tsumo seat S riichi dora 1m3z kita 2";
    let win: WinningHand = text.parse().unwrap();
    assert_eq!(win.to_string().parse::<WinningHand>(), Ok(win));
    let sanma = win.score(&ScoringRules::tenhou_sanma()).unwrap();
    // riichi 1, tsumo 1; dora: 9m twice (indicator 1m), North twice (kita, indicator 3z)
    // and the two kita themselves: 6.
    assert_eq!(sanma.dora(), 6);
    // At four seats there is no kita.
    assert_eq!(
        win.score(&ScoringRules::tenhou()),
        Err(ScoreError::Contradiction(Contradiction::KitaAtFourSeats))
    );
    let error = "111p234p567p99m55s win 5s tsumo kita 5"
        .parse::<WinningHand>()
        .unwrap()
        .score(&ScoringRules::tenhou_sanma());
    assert!(error.is_err(), "five North tiles: {error:?}");
}

#[test]
fn tsumo_payments_among_three() {
    // Riichi, ippatsu, tsumo at 30 fu, a non-dealer tsumo with a honba: 2,000 / 1,000 and
    // 100 from each payer at four seats.
    let text = "123p456p789s11z22s win 2s tsumo seat S riichi ippatsu honba 1";
    let win: WinningHand = text.parse().unwrap();
    let score = |rules: ScoringRules| win.score(&rules).unwrap();
    assert_eq!(
        score(ScoringRules::tenhou()).payment(),
        Payment::Tsumo {
            dealer: 2_100,
            others: 1_100
        }
    );
    // Tsumo-loss: the same shares from two payers, 3,200 in all.
    let tenhou = score(ScoringRules::tenhou_sanma());
    assert_eq!(tenhou.payment(), score(ScoringRules::tenhou()).payment());
    assert_eq!(tenhou.total(), 3_200);
    // The North share (1,000) split: 500 more from each.
    let soul = score(ScoringRules::mahjong_soul_sanma());
    assert_eq!(
        soul.payment(),
        Payment::Tsumo {
            dealer: 2_600,
            others: 1_600
        }
    );
    assert_eq!(soul.total(), 4_200);
    // A ron's honba is 100 from each seat that would pay a tsumo: 200 at three seats.
    // Riichi, ippatsu at 40 fu (closed ron 10, round-wind pair 2, the 222s shanpon 2): 2,600.
    let ron: WinningHand = "123p456p789s11z22s win 2s seat S riichi ippatsu honba 1"
        .parse()
        .unwrap();
    let payment = |rules: ScoringRules| ron.score(&rules).unwrap().payment();
    assert_eq!(
        payment(ScoringRules::tenhou()),
        Payment::Ron {
            discarder: 2_600 + 300
        }
    );
    assert_eq!(
        payment(ScoringRules::tenhou_sanma()),
        Payment::Ron {
            discarder: 2_600 + 200
        }
    );
}

#[test]
fn a_sanma_hand_needs_a_108_tile_wall_and_three_or_four_seats() {
    let rules = Rules::tenhou_sanma();
    let four_wall = wall(["", "", "", ""], "", "");
    assert_eq!(
        Kyoku::from_wall(rules, table(&rules), four_wall.clone()),
        Err(RulesError::WallSize {
            seats: 3,
            tiles: 136
        })
    );
    let sanma_wall = sanma_wall(["", "", ""], "", "");
    assert_eq!(
        Kyoku::from_wall(Rules::tenhou(), table(&Rules::tenhou()), sanma_wall),
        Err(RulesError::WallSize {
            seats: 4,
            tiles: 108
        })
    );
    let two = Rules { seats: 2, ..rules };
    assert_eq!(Match::new(two), Err(RulesError::FullGameSeats { seats: 2 }));
}

/// A hand is refused a wall whose red fives the rules do not have (the WRC plays without
/// any), and a wall without them when the rules have them; at three seats and at four.
#[test]
fn a_hand_needs_the_red_fives_of_its_rules() {
    let no_red = |rules: Rules| Rules {
        red_fives: false,
        ..rules
    };
    let red_sanma = sanma_wall(["", "", ""], "", "");
    let red_four = wall(["", "", "", ""], "", "");
    assert!(red_sanma.tiles().iter().any(|t| t.red));
    for (rules, red_wall) in [
        (Rules::tenhou_sanma(), red_sanma),
        (Rules::tenhou(), red_four),
    ] {
        assert_eq!(
            Kyoku::from_wall(no_red(rules), table(&rules), red_wall.clone()),
            Err(RulesError::RedFives { wall: true })
        );
        let plain = TileWall::for_rules(&no_red(rules), &mut StdRng::seed_from_u64(2));
        let error = Kyoku::from_wall(rules, table(&rules), plain.clone()).unwrap_err();
        assert_eq!(error, RulesError::RedFives { wall: false });
        assert_eq!(
            error.to_string(),
            "the wall has no red fives but the rules play with them"
        );
        assert!(Kyoku::from_wall(no_red(rules), table(&rules), plain).is_ok());
        assert!(Kyoku::from_wall(rules, table(&rules), red_wall).is_ok());
    }
}

#[test]
fn a_sanma_match_deals_three_hands_a_round_from_35000() {
    let mut game = Match::new(Rules::tenhou_sanma()).unwrap();
    assert_eq!(game.points(), [35_000, 35_000, 35_000, 0]);
    let mut dealers = Vec::new();
    // Hands end by exhaustive draws with everyone noten (filler hands, all tsumogiri):
    // the deal passes each time.
    let hands = [
        "2p4p6p8p1z2z3z5z6z7z9s8s7s",
        "3p5p7p2s3s4s6s2z3z5z6z7z1z",
        "1m9m1p9p1s2s4s6s8s5z6z7z9m",
    ];
    for _ in 0..4 {
        let events = game.deal(sanma_wall(hands, "", "")).unwrap();
        let MatchEvent::HandStarted { number, dealer, .. } = events[0] else {
            panic!("no hand started");
        };
        dealers.push((game.round_wind().to_string(), number, dealer.index()));
        tsumogiri_until(&mut game, |g| g.needs_wall() || g.is_over());
    }
    assert_eq!(
        dealers,
        [
            ("E".to_string(), 1, 0),
            ("E".to_string(), 2, 1),
            ("E".to_string(), 3, 2),
            ("S".to_string(), 1, 0),
        ]
    );
}

#[test]
fn the_bots_play_sanma_matches_and_set_north_aside() {
    use mahjong_core::bot::{ClassroomBot, EfficiencyBot, KyokuBot, RandomBot, play_out_match};
    use mahjong_core::{MatchEvent, TileWall};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    for (seed, rules) in [Rules::tenhou_sanma(), Rules::mahjong_soul_sanma()]
        .into_iter()
        .enumerate()
    {
        let mut shuffle = StdRng::seed_from_u64(seed as u64);
        let mut walls = || TileWall::for_rules(&rules, &mut shuffle);
        let (mut a, mut b) = (EfficiencyBot::new(), ClassroomBot::new());
        let mut c = RandomBot::new(StdRng::seed_from_u64(7));
        let mut bots: [&mut dyn KyokuBot; 3] = [&mut a, &mut b, &mut c];
        let mut game = Match::new(rules).unwrap();
        let (events, result) = play_out_match(&mut game, &mut bots, &mut walls).unwrap();
        let kitas = events
            .iter()
            .filter(|e| matches!(e, MatchEvent::Kyoku(KyokuEvent::Kita { .. })))
            .count();
        assert!(kitas > 0, "no kita in a whole match");
        let chis = events.iter().filter(|e| {
            matches!(e, MatchEvent::Kyoku(KyokuEvent::Meld { meld, .. })
                if meld.meld.kind() == mahjong_core::score::MeldKind::Chi)
        });
        assert_eq!(chis.count(), 0);
        // Points are conserved among the three seats; seat 3 is empty.
        assert_eq!(result.points.iter().sum::<i32>(), 3 * 35_000);
        assert_eq!(result.points[3], 0);
        assert_eq!(result.ranking[3], S[3]);
    }
}

#[test]
fn pao_at_three_seats_splits_a_ron_and_the_feeder_pays_its_200_point_honba() {
    // Seat 1 pons the three dragons, the third (7z) from seat 2, liable for pao, and rons the
    // dealer's 2z with 111z: daisangen and tsuuiisou, 64,000, with two honba of 200 each at
    // three seats. The dealer pays half, 32,000; seat 2 the other half and the 400 of honba.
    let hands = ["", "55z66z77z111z2z1s9s1m", ""];
    let start = KyokuStart {
        honba: 2,
        ..table(&Rules::tenhou_sanma())
    };
    let wall = sanma_wall(hands, "5z6z7z9p2z", "4444s");
    let mut kyoku = Kyoku::from_wall(Rules::tenhou_sanma(), start, wall).unwrap();
    let script = [
        "0: tsumogiri",
        "1: pon 55z",
        "1: discard 1s",
        "2: tsumogiri",
        "1: pon 66z",
        "1: discard 9s",
        "2: tsumogiri",
        "1: pon 77z",
        "1: discard 1m",
        "2: tsumogiri",
        "0: tsumogiri",
        "1: ron",
    ];
    let lines = play_through(&mut kyoku, &script);
    assert_eq!(
        lines[lines.len() - 3..],
        [
            "seat 1 wins by ron from seat 0: 64400 points",
            "seat 0 pays 32000 to seat 1 (win)",
            "seat 2 pays 32400 to seat 1 (pao)",
        ]
    );
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [-32_000, 64_400, -32_400, 0]
    );
}

#[test]
fn the_empty_seat_cannot_deal_a_sanma_hand() {
    // Seat 3 is no seat of a three-player table: a hand it deals would give it the
    // dealer's draw and the first decision.
    let rules = Rules::tenhou_sanma();
    let start = KyokuStart {
        dealer: S[3],
        ..table(&rules)
    };
    let wall = TileWall::for_rules(&rules, &mut StdRng::seed_from_u64(1));
    let error = Kyoku::from_wall(rules, start, wall.clone()).unwrap_err();
    assert_eq!(
        error,
        RulesError::Dealer {
            dealer: 3,
            seats: 3
        }
    );
    assert_eq!(
        error.to_string(),
        "seat 3 cannot deal: a 3-seat game is dealt by seats 0 to 2"
    );
    let mut rng = StdRng::seed_from_u64(1);
    assert_eq!(
        Kyoku::new(rules, start, &mut rng).unwrap_err(),
        RulesError::Dealer {
            dealer: 3,
            seats: 3
        }
    );
    // Seat 2 deals, and draws the dealer's fourteenth tile.
    let kyoku = Kyoku::from_wall(
        rules,
        KyokuStart {
            dealer: S[2],
            ..start
        },
        wall,
    )
    .unwrap();
    assert_eq!(kyoku.to_move(), Some(S[2]));
}

#[test]
fn the_empty_seat_cannot_hold_points() {
    // The empty seat 3 of a three-player table stays at 0: a start that gives it points
    // (the four-player default, 25,000 each) is refused, and nothing is dealt.
    let rules = Rules::tenhou_sanma();
    let wall = TileWall::for_rules(&rules, &mut StdRng::seed_from_u64(1));
    let error = Kyoku::from_wall(rules, KyokuStart::default(), wall.clone()).unwrap_err();
    assert_eq!(
        error,
        RulesError::EmptySeatPoints {
            seat: 3,
            points: 25_000,
            seats: 3
        }
    );
    assert_eq!(
        error.to_string(),
        "seat 3 is not at the table of 3 seats and cannot hold 25000 points"
    );
    assert!(Kyoku::from_wall(rules, table(&rules), wall).is_ok());
}

#[test]
fn a_sanma_hand_has_no_north_round() {
    // Spec section 6: three seats play East, South and West rounds, never North; a start
    // in a North round is refused, and a West round is dealt.
    let rules = Rules::tenhou_sanma();
    let wall = TileWall::for_rules(&rules, &mut StdRng::seed_from_u64(1));
    let north = KyokuStart {
        round_wind: Wind::North,
        ..table(&rules)
    };
    let error = Kyoku::from_wall(rules, north, wall.clone()).unwrap_err();
    assert_eq!(
        error,
        RulesError::RoundWind {
            wind: Wind::North,
            seats: 3
        }
    );
    assert_eq!(error.to_string(), "a 3-seat game has no North round");
    let west = KyokuStart {
        round_wind: Wind::West,
        ..north
    };
    assert!(Kyoku::from_wall(rules, west, wall).is_ok());
    // Four seats may start a hand in any round.
    let rules = Rules::tenhou();
    let wall = TileWall::for_rules(&rules, &mut StdRng::seed_from_u64(1));
    let north = KyokuStart {
        round_wind: Wind::North,
        ..table(&rules)
    };
    assert!(Kyoku::from_wall(rules, north, wall).is_ok());
}
