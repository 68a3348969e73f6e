//! Scenario tests of the match (spec section 4, "The match") on explicit walls: each hand is
//! dealt from a wall built by hand and scripted to its end; every event that moves points
//! or the match is checked as its line of text, and every seat's points after each hand.

use crate::common;

use common::kyoku::{play_through, tsumogiri_until, wall};
use mahjong_core::{
    Match, MatchEnd, MatchError, MatchLength, MatchRules, Rules, RulesError, Seat, TileWall,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Tenpai on 5s and 8s, tanyao: a ron on 5s is 1 han 40 fu.
const TANKI: &str = "234m567m345p678s5s";
/// Three noten hands that fit in one wall with [`TANKI`].
const NOTEN: [&str; 3] = [
    "147m258p369s1234z",
    "258m369p147s5677z",
    "369m147p258s1566z",
];

const S: [Seat; 4] = Seat::ALL;

/// Tenhou's rules with these match rules.
fn rules(match_rules: MatchRules) -> Rules {
    Rules {
        match_rules,
        ..Rules::tenhou()
    }
}

/// Deals `wall`: the line of the hand's start.
fn deal(game: &mut Match, wall: TileWall) -> Vec<String> {
    let events = game.deal(wall).unwrap();
    events.iter().map(ToString::to_string).collect()
}

/// Deals a hand in which the seat `winner` places after the dealer wins by ron on the first
/// discard of 5s: the dealer's (its drawn tile), or, when `winner` is 0 (the dealer), the
/// next seat's. The lines of the start and the end of the hand (draws and discards left
/// out).
fn quick_ron(game: &mut Match, winner: usize) -> Vec<String> {
    let mut hands = ["", "", "", ""];
    hands[winner] = TANKI;
    let draws = if winner == 0 { "9p5s" } else { "5s" };
    let mut lines = deal(game, wall(hands, draws, "2222z1z"));
    let dealer = game.dealer().index();
    let seat = |offset: usize| (dealer + offset) % 4;
    let script = match winner {
        0 => vec![
            format!("{dealer}: tsumogiri"),
            format!("{}: tsumogiri", seat(1)),
            format!("{dealer}: ron"),
        ],
        _ => vec![
            format!("{dealer}: tsumogiri"),
            format!("{}: ron", seat(winner)),
        ],
    };
    let script: Vec<&str> = script.iter().map(String::as_str).collect();
    lines.extend(without_draws(play_through(game, &script)));
    lines
}

/// Deals `hands` (by offset from the dealer), plays `script`, then every seat discards what
/// it draws to the exhaustive draw: the lines of the start and the end of the hand, and of
/// the riichi.
fn exhaust(game: &mut Match, hands: [&str; 4], script: &[&str]) -> Vec<String> {
    let mut lines = deal(game, wall(hands, "", ""));
    lines.extend(without_draws(play_through(game, script)));
    let rest = tsumogiri_until(game, |g| g.needs_wall() || g.is_over());
    lines.extend(without_draws(rest));
    lines
}

fn without_draws(lines: Vec<String>) -> Vec<String> {
    lines
        .into_iter()
        .filter(|line| !line.contains(" draws ") && !line.contains(" discards "))
        .collect()
}

#[test]
fn renchan_honba_and_riichi_sticks_carry_from_hand_to_hand() {
    let mut game = Match::new(Rules::tenhou()).unwrap();
    // East 1: the dealer declares riichi and is the only seat tenpai at the draw: 1,000
    // from each seat; the dealer repeats with a honba, the stick stays on the table.
    let hands = [TANKI, NOTEN[0], NOTEN[1], NOTEN[2]];
    let lines = exhaust(&mut game, hands, &["0: riichi tsumogiri"]);
    assert_eq!(
        lines,
        [
            "East 1, 0 honba, 0 riichi sticks, seat 0 deals: 25000 25000 25000 25000",
            "seat 0 declares double riichi",
            "seat 0 pays 1000 to the table (riichi stick)",
            "ryuukyoku, tenpai: seat 0",
            "seat 1 pays 1000 to seat 0 (tenpai)",
            "seat 2 pays 1000 to seat 0 (tenpai)",
            "seat 3 pays 1000 to seat 0 (tenpai)",
        ]
    );
    assert_eq!(game.points(), [27_000, 24_000, 24_000, 24_000]);
    assert_eq!(
        (game.hand_number(), game.dealer(), game.honba()),
        (1, S[0], 1)
    );
    assert_eq!(game.riichi_sticks(), 1);

    // East 1, 1 honba: the dealer aborts with kyuushu kyuuhai; it repeats again.
    let mut lines = deal(&mut game, wall(["1239m19p19s12345z", "", "", ""], "4m", ""));
    lines.extend(play_through(&mut game, &["0: kyuushu"]));
    assert_eq!(
        lines,
        [
            "East 1, 1 honba, 1 riichi stick, seat 0 deals: 27000 24000 24000 24000",
            "abortive draw: kyuushu kyuuhai",
        ]
    );
    assert_eq!(
        (game.hand_number(), game.dealer(), game.honba()),
        (1, S[0], 2)
    );

    // East 1, 2 honba: only seat 2 is tenpai; the dealer passes the deal, honba grows.
    let hands = [NOTEN[0], NOTEN[1], TANKI, NOTEN[2]];
    let lines = exhaust(&mut game, hands, &[]);
    assert_eq!(
        lines,
        [
            "East 1, 2 honba, 1 riichi stick, seat 0 deals: 27000 24000 24000 24000",
            "ryuukyoku, tenpai: seat 2",
            "seat 0 pays 1000 to seat 2 (tenpai)",
            "seat 1 pays 1000 to seat 2 (tenpai)",
            "seat 3 pays 1000 to seat 2 (tenpai)",
        ]
    );
    assert_eq!(game.points(), [26_000, 23_000, 27_000, 23_000]);

    // East 2, 3 honba: seat 3 wins by ron on the dealer's 5s: 1,300 and 900 for the honba,
    // and the riichi stick; honba go back to 0.
    let lines = quick_ron(&mut game, 2);
    assert_eq!(
        lines,
        [
            "East 2, 3 honba, 1 riichi stick, seat 1 deals: 26000 23000 27000 23000",
            "seat 3 wins by ron from seat 1: 3200 points",
            "seat 1 pays 2200 to seat 3 (win)",
            "the table pays 1000 to seat 3 (riichi sticks)",
        ]
    );
    assert_eq!(game.points(), [26_000, 20_800, 27_000, 26_200]);
    assert_eq!(
        (game.hand_number(), game.dealer(), game.honba()),
        (3, S[2], 0)
    );
    assert_eq!(game.riichi_sticks(), 0);

    // East 3: the dealer wins by ron (2,000): it repeats with a honba.
    let lines = quick_ron(&mut game, 0);
    assert_eq!(
        lines,
        [
            "East 3, 0 honba, 0 riichi sticks, seat 2 deals: 26000 20800 27000 26200",
            "seat 2 wins by ron from seat 3: 2000 points",
            "seat 3 pays 2000 to seat 2 (win)",
        ]
    );
    assert_eq!(game.points(), [26_000, 20_800, 29_000, 24_200]);
    assert_eq!(
        (game.hand_number(), game.dealer(), game.honba()),
        (3, S[2], 1)
    );
    assert!(!game.is_over());
}

#[test]
fn a_seat_below_zero_ends_the_match_and_first_place_takes_the_sticks_left() {
    let uma = [20_000, 10_000, -10_000, -20_000];
    let match_rules = MatchRules {
        start_points: 1_000,
        uma,
        oka: 8_000,
        ..MatchRules::tenhou()
    };
    let mut game = Match::new(rules(match_rules)).unwrap();
    // East 1: seat 1 declares riichi with its last 1,000 points and is the only seat
    // tenpai; the others fall to exactly 0 and the match plays on.
    let hands = [NOTEN[0], TANKI, NOTEN[1], NOTEN[2]];
    let lines = exhaust(&mut game, hands, &["0: tsumogiri", "1: riichi tsumogiri"]);
    assert_eq!(
        lines,
        [
            "East 1, 0 honba, 0 riichi sticks, seat 0 deals: 1000 1000 1000 1000",
            "seat 1 declares double riichi",
            "seat 1 pays 1000 to the table (riichi stick)",
            "ryuukyoku, tenpai: seat 1",
            "seat 0 pays 1000 to seat 1 (tenpai)",
            "seat 2 pays 1000 to seat 1 (tenpai)",
            "seat 3 pays 1000 to seat 1 (tenpai)",
        ]
    );
    assert_eq!(game.points(), [0, 3_000, 0, 0]);
    assert!(game.needs_wall());
    // East 2, 1 honba: only seat 2 is tenpai; seats 3 and 0 fall below 0 (tobi). The
    // stick left goes to seat 2, first; seats 0 and 3 tie and rank by seat order.
    let hands = [NOTEN[0], TANKI, NOTEN[1], NOTEN[2]];
    let lines = exhaust(&mut game, hands, &[]);
    let end = "the match ends by tobi after 2 hands: 1st seat 2 4000 (30000), \
               2nd seat 1 2000 (10000), 3rd seat 0 -1000 (-13000), 4th seat 3 -1000 (-23000)";
    assert_eq!(
        lines,
        [
            "East 2, 1 honba, 1 riichi stick, seat 1 deals: 0 3000 0 0",
            "ryuukyoku, tenpai: seat 2",
            "seat 0 pays 1000 to seat 2 (tenpai)",
            "seat 1 pays 1000 to seat 2 (tenpai)",
            "seat 3 pays 1000 to seat 2 (tenpai)",
            end,
        ]
    );
    let result = *game.result().unwrap();
    assert_eq!(result.end, MatchEnd::Tobi);
    assert_eq!(result.points, [-1_000, 2_000, 4_000, -1_000]);
    assert_eq!(result.ranking, [S[2], S[1], S[0], S[3]]);
    // Each seat gives a quarter of the oka (2,000); first place takes the 8,000.
    assert_eq!(result.scores, [-13_000, 10_000, 30_000, -23_000]);
    assert_eq!((game.points(), game.riichi_sticks()), (result.points, 0));
    // Nothing more is played.
    let before = game.clone();
    assert_eq!(game.deal(wall(hands, "", "")), Err(MatchError::Over));
    assert_eq!(
        game.apply("tsumogiri".parse().unwrap()),
        Err(MatchError::Over)
    );
    assert_eq!(game, before);
}

/// Tonpuusen from these target points.
fn tonpuusen(target_points: i32) -> Match {
    Match::new(rules(MatchRules {
        length: MatchLength::Tonpuusen,
        target_points,
        ..MatchRules::tenhou()
    }))
    .unwrap()
}

/// The line of a hand's start and the line of its payment, of a hand that ends by a ron
/// without honba or sticks.
fn ron_lines(hand: &str, winner: usize, from: usize, points: u32) -> [String; 3] {
    [
        hand.to_string(),
        format!("seat {winner} wins by ron from seat {from}: {points} points"),
        format!("seat {from} pays {points} to seat {winner} (win)"),
    ]
}

#[test]
fn the_last_dealer_first_with_30000_after_a_win_ends_the_match() {
    let mut game = tonpuusen(30_000);
    // East 1 to 3: the seat after the dealer wins 1,300 from the dealer each time.
    for offset in 0..3 {
        quick_ron(&mut game, 1);
        assert_eq!(game.dealer(), S[offset + 1]);
    }
    assert_eq!(game.points(), [23_700, 25_000, 25_000, 26_300]);
    // East 4: the dealer (seat 3) wins 2,000 and is first, but below 30,000: the match
    // could not end, so it plays on (renchan).
    let lines = quick_ron(&mut game, 0);
    let start = "East 4, 0 honba, 0 riichi sticks, seat 3 deals: 23700 25000 25000 26300";
    assert_eq!(lines, ron_lines(start, 3, 0, 2_000));
    assert_eq!(game.points(), [21_700, 25_000, 25_000, 28_300]);
    assert_eq!((game.hand_number(), game.honba()), (4, 1));
    // East 4, 1 honba: it wins 2,300 and is first with 30,600: agari-yame.
    let lines = quick_ron(&mut game, 0);
    assert_eq!(
        lines,
        [
            "East 4, 1 honba, 0 riichi sticks, seat 3 deals: 21700 25000 25000 28300",
            "seat 3 wins by ron from seat 0: 2300 points",
            "seat 0 pays 2300 to seat 3 (win)",
            "the match ends by agari-yame after 5 hands: 1st seat 3 30600 (30600), \
             2nd seat 1 25000 (25000), 3rd seat 2 25000 (25000), 4th seat 0 19400 (19400)",
        ]
    );
    assert_eq!(game.result().unwrap().end, MatchEnd::AgariYame);
}

#[test]
fn sudden_death_follows_the_last_hand_until_a_seat_has_the_target() {
    let mut game = tonpuusen(26_000);
    // East 1 to 4: each dealer pays 1,300 to the next seat; seats pass 26,000 on the way,
    // but after East 4 everyone is back at 25,000: South 1 follows.
    for offset in 0..4 {
        quick_ron(&mut game, 1);
        assert_eq!(game.hands(), offset as u32 + 1);
    }
    assert_eq!(game.points(), [25_000; 4]);
    assert_eq!((game.round_wind().letter(), game.hand_number()), ('S', 1));
    // South 1: seat 1 reaches 26,300: the match ends.
    let lines = quick_ron(&mut game, 1);
    let mut expected = ron_lines(
        "South 1, 0 honba, 0 riichi sticks, seat 0 deals: 25000 25000 25000 25000",
        1,
        0,
        1_300,
    )
    .to_vec();
    expected.push(
        "the match ends by sudden death after 5 hands: 1st seat 1 26300 (26300), \
         2nd seat 2 25000 (25000), 3rd seat 3 25000 (25000), 4th seat 0 23700 (23700)"
            .to_string(),
    );
    assert_eq!(lines, expected);
}

#[test]
fn a_hanchan_without_30000_plays_west_and_ends_after_west_4() {
    let mut game = Match::new(Rules::tenhou()).unwrap();
    let mut starts = Vec::new();
    while !game.is_over() {
        let lines = quick_ron(&mut game, 1);
        starts.push(lines[0].split(',').next().unwrap().to_string());
    }
    let hands: Vec<String> = ["East", "South", "West"]
        .iter()
        .flat_map(|wind| (1..=4).map(move |n| format!("{wind} {n}")))
        .collect();
    assert_eq!(starts, hands);
    let result = game.result().unwrap();
    // Every seat paid 1,300 three times as the dealer and won it back three times: the
    // four-way tie ranks by seat order.
    assert_eq!(result.end, MatchEnd::LastHand);
    assert_eq!(result.points, [25_000; 4]);
    assert_eq!(result.ranking, S);
    assert_eq!(result.hands, 12);
}

#[test]
fn a_match_takes_walls_and_actions_only_in_their_turn() {
    let mut game = Match::new(Rules::tenhou()).unwrap();
    let before = game.clone();
    assert_eq!(
        game.apply("tsumogiri".parse().unwrap()),
        Err(MatchError::NeedsWall)
    );
    assert!(game.legal_actions().is_empty() && game.to_move().is_none());
    assert!(game.view(S[0]).is_none());
    // Red fives in the wall and not in the rules, or the other way round.
    let plain = Match::new(Rules {
        red_fives: false,
        ..Rules::tenhou()
    })
    .unwrap();
    let mut game_plain = plain.clone();
    let red = wall(["", "", "", ""], "", "");
    let error = game_plain.deal(red).unwrap_err();
    assert_eq!(
        error,
        MatchError::Rules(RulesError::RedFives { wall: true })
    );
    let message = "the wall has red fives but the rules play without them";
    assert_eq!(error.to_string(), message);
    assert_eq!(game_plain, plain);
    let mut rng = StdRng::seed_from_u64(1);
    let no_red = TileWall::shuffled(false, &mut rng);
    assert_eq!(
        game.deal(no_red),
        Err(MatchError::Rules(RulesError::RedFives { wall: false }))
    );
    assert_eq!(game, before);
    // While a hand is played, no wall; a refused action changes nothing.
    game.deal(wall(["", "", "", ""], "", "")).unwrap();
    let playing = game.clone();
    assert_eq!(
        game.deal(wall(["", "", "", ""], "", "")),
        Err(MatchError::HandInPlay)
    );
    assert!(matches!(
        game.apply("ron".parse().unwrap()),
        Err(MatchError::Kyoku(_))
    ));
    assert_eq!(game, playing);
    assert_eq!(game.to_move(), Some(S[0]));
    assert_eq!(game.view(S[0]).unwrap().legal, game.legal_actions());
    // The solo variant's one seat cannot play a match.
    assert!(Match::new(Rules::solo()).is_err());
}

/// East 1 to 3 of a tonpuusen to `target_points` (each won 1,300 by the seat after the
/// dealer), then East 4 in which the dealer (seat 3) alone is tenpai at the draw and first
/// with 29,300: the lines of East 4.
fn last_dealer_tenpai(game: &mut Match) -> Vec<String> {
    for _ in 0..3 {
        quick_ron(game, 1);
    }
    assert_eq!(game.points(), [23_700, 25_000, 25_000, 26_300]);
    let hands = [TANKI, NOTEN[0], NOTEN[1], NOTEN[2]];
    exhaust(game, hands, &[])
}

/// The lines of [`last_dealer_tenpai`]'s East 4 up to its payments.
const EAST_4_TENPAI: [&str; 5] = [
    "East 4, 0 honba, 0 riichi sticks, seat 3 deals: 23700 25000 25000 26300",
    "ryuukyoku, tenpai: seat 3",
    "seat 0 pays 1000 to seat 3 (tenpai)",
    "seat 1 pays 1000 to seat 3 (tenpai)",
    "seat 2 pays 1000 to seat 3 (tenpai)",
];

#[test]
fn a_tenpai_last_dealer_first_with_the_target_ends_the_match_by_tenpai_yame() {
    let mut game = tonpuusen(26_000);
    let lines = last_dealer_tenpai(&mut game);
    let mut expected = EAST_4_TENPAI.map(String::from).to_vec();
    expected.push(
        "the match ends by tenpai-yame after 4 hands: 1st seat 3 29300 (29300), \
         2nd seat 1 24000 (24000), 3rd seat 2 24000 (24000), 4th seat 0 22700 (22700)"
            .to_string(),
    );
    assert_eq!(lines, expected);
    assert_eq!(game.result().unwrap().end, MatchEnd::TenpaiYame);
}

#[test]
fn without_tenpai_yame_a_tenpai_last_dealer_plays_on_even_when_first() {
    let mut game = Match::new(rules(MatchRules {
        length: MatchLength::Tonpuusen,
        target_points: 26_000,
        tenpai_yame: false,
        ..MatchRules::tenhou()
    }))
    .unwrap();
    assert_eq!(last_dealer_tenpai(&mut game), EAST_4_TENPAI);
    assert_eq!(
        (game.hand_number(), game.dealer(), game.honba()),
        (4, S[3], 1)
    );
    // East 4, 1 honba: seat 0 wins 1,600 from the dealer; seat 3 still has 27,700: the
    // last hand is over. Seats 1 and 2 tie and rank by seat order.
    let lines = quick_ron(&mut game, 1);
    assert_eq!(
        lines,
        [
            "East 4, 1 honba, 0 riichi sticks, seat 3 deals: 22700 24000 24000 29300",
            "seat 0 wins by ron from seat 3: 1600 points",
            "seat 3 pays 1600 to seat 0 (win)",
            "the match ends by the last hand after 5 hands: 1st seat 3 27700 (27700), \
             2nd seat 0 24300 (24300), 3rd seat 1 24000 (24000), 4th seat 2 24000 (24000)",
        ]
    );
}

#[test]
fn in_sudden_death_a_dealer_who_repeats_but_is_not_first_plays_on_past_the_target() {
    let mut game = tonpuusen(27_000);
    // East 1 to 3: the seat after the dealer wins 1,300 from it; East 4: seat 1 wins 1,300
    // from the dealer (seat 3). No seat has 27,000: South 1 follows, in sudden death.
    for _ in 0..3 {
        quick_ron(&mut game, 1);
    }
    quick_ron(&mut game, 2);
    assert_eq!(game.points(), [23_700, 26_300, 25_000, 25_000]);
    // South 1: the dealer (seat 0) and seat 1 are tenpai at the draw, 1,500 each. Seat 1
    // has 27,800, but the dealer repeats and is not first: its next hand is played.
    let tenpai = "111z222z444z789p9m";
    let lines = exhaust(&mut game, [TANKI, tenpai, NOTEN[1], NOTEN[2]], &[]);
    assert_eq!(
        lines,
        [
            "South 1, 0 honba, 0 riichi sticks, seat 0 deals: 23700 26300 25000 25000",
            "ryuukyoku, tenpai: seats 0 1",
            "seat 2 pays 750 to seat 0 (tenpai)",
            "seat 2 pays 750 to seat 1 (tenpai)",
            "seat 3 pays 750 to seat 0 (tenpai)",
            "seat 3 pays 750 to seat 1 (tenpai)",
        ]
    );
    assert!(!game.is_over());
    assert_eq!(
        (game.round_wind().letter(), game.hand_number(), game.honba()),
        ('S', 1, 1)
    );
    // South 1, 1 honba: seat 1 wins 1,600 from the dealer, which does not repeat: seat 1
    // has 29,400 and the match ends.
    let lines = quick_ron(&mut game, 1);
    assert_eq!(
        lines,
        [
            "South 1, 1 honba, 0 riichi sticks, seat 0 deals: 25200 27800 23500 23500",
            "seat 1 wins by ron from seat 0: 1600 points",
            "seat 0 pays 1600 to seat 1 (win)",
            "the match ends by sudden death after 6 hands: 1st seat 1 29400 (29400), \
             2nd seat 0 23600 (23600), 3rd seat 2 23500 (23500), 4th seat 3 23500 (23500)",
        ]
    );
}
