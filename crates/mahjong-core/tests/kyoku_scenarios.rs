//! Scenario tests of a hand of the full game (spec section 4) on explicit walls: each
//! checks every event, in the form of its `Display` line, and every point.

use mahjong_core::score::{TileCopy, Wind};
use mahjong_core::{
    AbortiveDraw, Kyoku, KyokuAction, KyokuEnd, KyokuError, KyokuStart, Rules, Seat, Tile, TileWall,
};

/// Physical tiles in MPSZ, `0` for a red five: `123m0p77z`.
fn copies(text: &str) -> Vec<TileCopy> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            out.extend(
                digits
                    .drain(..)
                    .map(|d| format!("{d}{c}").parse::<TileCopy>().unwrap()),
            );
        }
    }
    out
}

/// A wall dealing `hands[i]` (13 tiles, or `""` for filler) to the seat `i` places after
/// the dealer, then the live `draws` from wall index 52 on, with `dead` from index 122 on
/// (4 replacement tiles, then the dora indicators, then the ura indicators); every other
/// slot takes the copies left, in index order.
fn wall(hands: [&str; 4], draws: &str, dead: &str) -> TileWall {
    let mut slots: Vec<Option<TileCopy>> = vec![None; 136];
    for (offset, hand) in hands.iter().enumerate() {
        for (i, copy) in copies(hand).into_iter().enumerate() {
            let slot = if i < 12 {
                i / 4 * 16 + offset * 4 + i % 4
            } else {
                48 + offset
            };
            slots[slot] = Some(copy);
        }
    }
    for (i, copy) in copies(draws).into_iter().enumerate() {
        slots[52 + i] = Some(copy);
    }
    for (i, copy) in copies(dead).into_iter().enumerate() {
        slots[122 + i] = Some(copy);
    }
    let mut left: Vec<TileCopy> = Tile::ALL
        .iter()
        .flat_map(|&tile| {
            let red = tile.number() == 5 && !tile.is_honor();
            [
                TileCopy { tile, red },
                TileCopy::plain(tile),
                TileCopy::plain(tile),
                TileCopy::plain(tile),
            ]
        })
        .collect();
    for copy in slots.iter().flatten() {
        let at = left
            .iter()
            .position(|c| c == copy)
            .expect("at most 4 copies");
        left.remove(at);
    }
    let mut left = left.into_iter();
    let tiles: Vec<TileCopy> = slots
        .into_iter()
        .map(|slot| slot.or_else(|| left.next()).unwrap())
        .collect();
    TileWall::from_tiles(&tiles, true).unwrap()
}

/// Plays `script`, a list of `seat: action`: before each, every seat asked about a claim
/// passes until the scripted seat may take the scripted action. Returns the `Display` lines of all events (the
/// passes' included).
fn play(kyoku: &mut Kyoku, script: &[&str]) -> Vec<String> {
    let mut lines = Vec::new();
    for step in script {
        let (seat, action) = step.split_once(':').unwrap();
        let seat: Seat = seat.parse().unwrap();
        let action: KyokuAction = action.parse().unwrap();
        let waiting = |k: &Kyoku| k.to_move() != Some(seat) || !k.legal_actions().contains(&action);
        while waiting(kyoku) && kyoku.legal_actions().contains(&KyokuAction::Pass) {
            lines.extend(
                kyoku
                    .apply(KyokuAction::Pass)
                    .unwrap()
                    .iter()
                    .map(|e| e.to_string()),
            );
        }
        let events = kyoku
            .apply(action)
            .unwrap_or_else(|e| panic!("{step}: {e}"));
        lines.extend(events.iter().map(|e| e.to_string()));
    }
    lines
}

/// Passes every claim until a seat must act on its own turn (or the hand ends).
fn pass_claims(kyoku: &mut Kyoku) -> Vec<String> {
    let mut lines = Vec::new();
    while kyoku.legal_actions().contains(&KyokuAction::Pass) {
        lines.extend(
            kyoku
                .apply(KyokuAction::Pass)
                .unwrap()
                .iter()
                .map(|e| e.to_string()),
        );
    }
    lines
}

fn refused(kyoku: &mut Kyoku, action: &str) -> KyokuError {
    let before = kyoku.clone();
    let error = kyoku.apply(action.parse().unwrap()).unwrap_err();
    assert_eq!(*kyoku, before);
    error
}

fn start(honba: u32, riichi_sticks: u32) -> KyokuStart {
    KyokuStart {
        honba,
        riichi_sticks,
        ..KyokuStart::default()
    }
}

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
    let wall = wall(hands, "7z1z1z1z4s", "222276666z4s");
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(1, 1), wall).unwrap();
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
            "seat 0 pays 1000 to the table (RiichiStick)",
            "seat 1 draws 1z",
            "seat 1 discards 1z (tsumogiri)",
            "seat 2 draws 1z",
            "seat 2 discards 1z (tsumogiri)",
            "seat 3 draws 1z",
            "seat 3 discards 1z (tsumogiri)",
            "seat 0 draws 4s",
            "seat 0 tsumo: 20300 points",
            "seat 1 pays 6100 to seat 0 (Win)",
            "seat 2 pays 6100 to seat 0 (Win)",
            "seat 3 pays 6100 to seat 0 (Win)",
            "the table pays 2000 to seat 0 (RiichiSticks)",
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

#[test]
fn double_ron_pays_each_winner_honba_and_the_nearest_the_sticks() {
    // Seat 1 waits on 2p-5p (pinfu tanyao, 2 han 30 fu: 2,000), seat 2 on 5p (kanchan,
    // tanyao, 1 han 40 fu: 1,300). The dealer throws 5p: both win, each with 300 honba;
    // seat 1, first after the dealer, takes the 2 sticks on the table.
    let hands = ["", "234m456m678s34p88p", "345m567m345s46p77s", ""];
    let wall = wall(hands, "5p", "2222z");
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(1, 2), wall).unwrap();
    let mut lines = play(&mut kyoku, &["0: tsumogiri", "1: ron", "2: ron"]);
    lines.extend(pass_claims(&mut kyoku));
    assert_eq!(
        lines,
        [
            "seat 0 discards 5p (tsumogiri)",
            "seat 1 ron from seat 0: 4300 points",
            "seat 0 pays 2300 to seat 1 (Win)",
            "the table pays 2000 to seat 1 (RiichiSticks)",
            "seat 2 ron from seat 0: 1600 points",
            "seat 0 pays 1600 to seat 2 (Win)",
        ]
    );
    let outcome = kyoku.outcome().unwrap();
    assert_eq!(outcome.changes, [-3_900, 4_300, 1_600, 0]);
    assert_eq!(
        outcome.end,
        KyokuEnd::Win {
            winners: vec![S[1], S[2]]
        }
    );
}

#[test]
fn three_rons_abort_the_hand() {
    let hands = [
        "",
        "234m456m678s34p88p",
        "345m567m345s46p77s",
        "111m999m111p999p5p",
    ];
    let wall = wall(hands, "5p", "6666z");
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(0, 1), wall).unwrap();
    let lines = play(&mut kyoku, &["0: tsumogiri", "1: ron", "2: ron", "3: ron"]);
    assert_eq!(
        lines,
        ["seat 0 discards 5p (tsumogiri)", "abortive draw: Sanchahou"]
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
    let wall = wall(hands, "1z2z3z5p2p9m4z4z5p2p5p", "7777z");
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(0, 0), wall).unwrap();
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

/// Passes claims until `seat` is asked.
fn pass_to(kyoku: &mut Kyoku, seat: Seat) {
    while kyoku.to_move() != Some(seat) {
        kyoku.apply(KyokuAction::Pass).unwrap();
    }
}

#[test]
fn pon_beats_chi_and_kuikae_limits_the_discard_after_a_chi() {
    let hands = ["", "56m7m1234p1234s11z", "44m9m1234p1234s22z", ""];
    let draw = "4m";
    // Seat 2 pons, though seat 1 asked for chi first.
    let mut kyoku =
        Kyoku::from_wall(Rules::tenhou(), start(0, 0), wall(hands, draw, "3333z")).unwrap();
    let lines = play(&mut kyoku, &["0: tsumogiri", "1: chi 56m", "2: pon 44m"]);
    let lines: Vec<String> = lines.into_iter().chain(pass_claims(&mut kyoku)).collect();
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
    let mut kyoku =
        Kyoku::from_wall(Rules::tenhou(), start(0, 0), wall(hands, draw, "3333z")).unwrap();
    let lines = play(&mut kyoku, &["0: tsumogiri", "1: chi 56m", "2: pass"]);
    let lines: Vec<String> = lines.into_iter().chain(pass_claims(&mut kyoku)).collect();
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
    let wall = wall(hands, "5s", "9p222z36z");
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(0, 0), wall).unwrap();
    let mut lines = play(&mut kyoku, &["0: ankan 1z"]);
    lines.extend(pass_claims(&mut kyoku));
    lines.extend(play(&mut kyoku, &["0: tsumo"]));
    assert_eq!(
        lines,
        [
            "seat 0 declares ankan 1111z",
            "dora indicator 6z",
            "seat 0 draws 9p from the dead wall",
            "seat 0 tsumo: 12000 points",
            "seat 1 pays 4000 to seat 0 (Win)",
            "seat 2 pays 4000 to seat 0 (Win)",
            "seat 3 pays 4000 to seat 0 (Win)",
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
    let mut kyoku =
        Kyoku::from_wall(Rules::tenhou(), start(0, 1), wall(hands, "5p", "6666z")).unwrap();
    let lines = play(&mut kyoku, &["0: kyuushu"]);
    assert_eq!(lines, ["abortive draw: KyuushuKyuuhai"]);
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
    let mut kyoku = Kyoku::from_wall(Rules::tenhou(), start(0, 0), wall(hands, "", "")).unwrap();
    let mut lines = Vec::new();
    while !kyoku.is_over() {
        let legal = kyoku.legal_actions();
        if kyoku.live_tiles() == 0 && legal.contains(&KyokuAction::Pass) {
            // No call on the last discard.
            assert!(
                legal
                    .iter()
                    .all(|a| matches!(a, KyokuAction::Ron | KyokuAction::Pass))
            );
        }
        let action = if legal.contains(&KyokuAction::Tsumogiri) {
            KyokuAction::Tsumogiri
        } else {
            KyokuAction::Pass
        };
        lines.extend(kyoku.apply(action).unwrap().iter().map(|e| e.to_string()));
    }
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
            "ryuukyoku, tenpai: 0 1",
            "seat 2 pays 750 to seat 0 (Tenpai)",
            "seat 2 pays 750 to seat 1 (Tenpai)",
            "seat 3 pays 750 to seat 0 (Tenpai)",
            "seat 3 pays 750 to seat 1 (Tenpai)",
        ]
    );
    // 70 discards, and the 69 draws after the dealer's first.
    assert_eq!(lines.len(), 70 + 69 + 5);
    assert_eq!(
        kyoku.outcome().unwrap().changes,
        [1_500, 1_500, -1_500, -1_500]
    );
}
