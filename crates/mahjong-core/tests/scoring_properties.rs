//! Properties of hand scoring (spec section 5), on the wins of the shared test data with
//! their situation varied, and on arbitrary hand-built descriptions:
//! - adding a dora indicator never lowers a payment;
//! - a regular hand's han is the sum of its listed yaku and dora; a yakuman hand's is 13 per
//!   yakuman, with no dora;
//! - the payment and total follow from han and fu by section 5's formula, written here
//!   again independently;
//! - scoring never panics, whatever the description;
//! - the text form of any description reads back to an equal value, or scoring refuses the
//!   description's tiles (a red flag on a non-five, red counts the tiles cannot hold, ...);
//! - any text that parses (random words of the notation, the test data's texts mutated,
//!   any characters) writes text that parses back to an equal value.

use crate::scoring_cases;

use std::sync::LazyLock;

use mahjong_core::score::{
    Contradiction, Limit, Meld, MeldKind, ParseWinError, Payment, Riichi, Score, ScoreError,
    ScoringRules, TileCopy, WinBy, Wind, WinningHand,
};
use mahjong_core::{Hand, Tile};
use proptest::prelude::*;
use scoring_cases::cases;

static WINS: LazyLock<Vec<WinningHand>> =
    LazyLock::new(|| cases().into_iter().map(|(_, win, _)| win).collect());

/// A win of the test data with its situation varied: how it was won, the winds, riichi and
/// the counters (some variations contradict the rest and are refused, which is fine).
fn varied_win() -> impl Strategy<Value = WinningHand> {
    (
        0..3_000usize,
        any::<bool>(),
        0..4usize,
        0..2usize,
        0..3usize,
        0..6u32,
        0..4u32,
    )
        .prop_map(|(index, tsumo, seat, round, riichi, honba, sticks)| {
            let mut win = WINS[index];
            win.by = if tsumo { WinBy::Tsumo } else { WinBy::Ron };
            win.seat_wind = Wind::ALL[seat];
            win.round_wind = Wind::ALL[round];
            win.riichi = [Riichi::None, Riichi::Riichi, Riichi::Double][riichi];
            if win.riichi == Riichi::None {
                win.ippatsu = false;
                win.ura_indicators.clear();
            }
            win.honba = honba;
            win.riichi_sticks = sticks;
            win
        })
}

/// Section 5's basic points, from han and fu (or the number of yakuman).
fn basic_points(score: &Score) -> u32 {
    let (han, fu) = (score.han(), score.fu());
    match score.limit() {
        Limit::Yakuman(count) => 8_000 * u32::from(count),
        _ if han >= 13 => 8_000,
        _ if han >= 11 => 6_000,
        _ if han >= 8 => 4_000,
        _ if han >= 6 => 3_000,
        _ if han == 5 => 2_000,
        _ => (fu * 2u32.pow(han + 2)).min(2_000),
    }
}

/// Section 5's payment of a win worth `basic`.
fn payment(basic: u32, win: &WinningHand) -> Payment {
    let round_up = |points: u32| points.div_ceil(100) * 100;
    let dealer = win.seat_wind == Wind::East;
    match (win.by, dealer) {
        (WinBy::Ron, true) => Payment::Ron {
            discarder: round_up(6 * basic) + 300 * win.honba,
        },
        (WinBy::Ron, false) => Payment::Ron {
            discarder: round_up(4 * basic) + 300 * win.honba,
        },
        (WinBy::Tsumo, true) => Payment::Tsumo {
            dealer: 0,
            others: round_up(2 * basic) + 100 * win.honba,
        },
        (WinBy::Tsumo, false) => Payment::Tsumo {
            dealer: round_up(2 * basic) + 100 * win.honba,
            others: round_up(basic) + 100 * win.honba,
        },
    }
}

fn paid(payment: Payment) -> u32 {
    match payment {
        Payment::Ron { discarder } => discarder,
        Payment::Tsumo { dealer: 0, others } => 3 * others,
        Payment::Tsumo { dealer, others } => dealer + 2 * others,
    }
}

/// Cases of each property: `MAHJONG_SCORING_CASES` when set, else 512.
fn property_cases() -> u32 {
    std::env::var("MAHJONG_SCORING_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(512)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(property_cases()))]

    #[test]
    fn han_is_the_sum_of_the_listed_yaku_and_the_payment_follows(win in varied_win()) {
        let Ok(score) = win.score(&ScoringRules::tenhou()) else {
            return Ok(());
        };
        let listed: u32 = score.yaku().map(|(_, han)| u32::from(han)).sum();
        let dora = u32::from(score.dora()) + u32::from(score.ura_dora())
            + u32::from(score.red_fives());
        match score.limit() {
            Limit::Yakuman(count) => {
                prop_assert_eq!(score.han(), 13 * u32::from(count));
                prop_assert_eq!(listed, score.han());
                prop_assert_eq!((dora, score.fu()), (0, 0));
            }
            _ => {
                prop_assert!(listed > 0, "a win has a yaku");
                prop_assert_eq!(score.han(), listed + dora);
                prop_assert!(score.fu() >= 20 && score.fu() <= 130, "fu {}", score.fu());
            }
        }
        prop_assert_eq!(score.basic_points(), basic_points(&score));
        prop_assert_eq!(score.payment(), payment(basic_points(&score), &win));
        prop_assert_eq!(score.total(), paid(score.payment()) + 1_000 * win.riichi_sticks);
    }

    #[test]
    fn a_dora_indicator_never_lowers_a_payment(
        win in varied_win(),
        indicators in proptest::collection::vec(0..34u8, 0..5),
        extra in 0..34u8,
    ) {
        let tile = |index: u8| TileCopy::plain(Tile::from_index(index).unwrap());
        let kans = win.melds.iter().filter(|m| m.kind().is_kan()).count();
        let mut before = win;
        before.dora_indicators = indicators.iter().take(kans).map(|&i| tile(i)).collect();
        before.ura_indicators.truncate(before.dora_indicators.len() + 1);
        let mut after = before;
        after.dora_indicators.push(tile(extra));
        let rules = ScoringRules::tenhou();
        let (Ok(low), result) = (before.score(&rules), after.score(&rules)) else {
            return Ok(());
        };
        match result {
            Ok(high) => {
                prop_assert!(paid(high.payment()) >= paid(low.payment()));
                prop_assert!(high.dora() >= low.dora());
            }
            Err(error) => {
                // The new indicator may be a fifth copy, or the kind of a chankan tile,
                // which then cannot have been the last copy left to rob.
                let impossible = matches!(
                    error,
                    ScoreError::FifthCopy { .. }
                        | ScoreError::Contradiction(Contradiction::ChankanTileVisible)
                );
                prop_assert!(impossible, "{}", error);
            }
        }
    }

    #[test]
    fn any_hand_built_description_scores_or_is_refused_without_panic(win in any_win()) {
        for rules in [ScoringRules::tenhou(), ScoringRules::mahjong_soul()] {
            match win.score(&rules) {
                Ok(score) => prop_assert!(score.total() >= paid(score.payment())),
                Err(error) => prop_assert!(!error.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn any_hand_built_description_reads_back_from_its_text_or_is_refused(
        win in prop_oneof![any_win(), test_data_win_with_any_red_fives()],
    ) {
        let text = win.to_string();
        let back = text.parse::<WinningHand>();
        if win.honba.max(win.riichi_sticks) > WinningHand::MOST_ON_TABLE {
            // The text form takes at most `MOST_ON_TABLE` of each.
            prop_assert!(back.is_err(), "`{}` read back", text);
        } else if back.as_ref() != Ok(&win) {
            // Only a description of tiles that cannot exist may write text that reads
            // back differently, and scoring refuses it, saying which tiles.
            match win.score(&ScoringRules::tenhou()) {
                Err(error) => prop_assert!(
                    is_about_tiles(&error),
                    "`{}` reads back as {:?}, refused only with: {}", text, back, error
                ),
                Ok(_) => prop_assert!(false, "`{}` reads back as {:?}, scored", text, back),
            }
        }
    }

    #[test]
    fn any_text_that_parses_writes_text_that_parses_back_the_same(
        text in prop_oneof![random_text(), mutated_text(), "\\PC{0,60}"],
    ) {
        if let Ok(win) = text.parse::<WinningHand>() {
            let written = win.to_string();
            prop_assert_eq!(
                written.parse::<WinningHand>(),
                Ok(win),
                "`{}` was written as `{}`",
                text,
                written
            );
        }
    }
}

/// Texts whose hand has one tile less than its melds need and no winning tile named: the
/// tile that won is not known, and the text is refused (it used to read as a hand without
/// its winning tile, written back as one with it).
#[test]
fn a_hand_one_tile_short_without_a_winning_tile_is_refused() {
    for (text, tiles, needed) in [
        ("123m456p789s2399s", 13, 14),
        ("123m456p789s2399s ron riichi", 13, 14),
        ("456p789s23s99s chi 123m", 10, 11),
        ("9s pon 111z pon 222z pon 333z pon 444z tsumo", 1, 2),
    ] {
        let error = text.parse::<WinningHand>().unwrap_err();
        assert_eq!(
            error,
            ParseWinError::NoWinningTile { tiles, needed },
            "{text}"
        );
    }
    assert_eq!(
        "123m456p789s2399s"
            .parse::<WinningHand>()
            .unwrap_err()
            .to_string(),
        "the hand has 13 tiles, one short of the 14 it needs with the winning tile: \
         name the winning tile (`win 4s` or `4s`) or write it in the hand"
    );
    // With the winning tile named, or written in the hand, the same hand reads.
    for text in [
        "123m456p789s2399s 4s",
        "123m456p789s2399s win 4s",
        "123m456p789s23499s",
    ] {
        let win: WinningHand = text.parse().unwrap();
        assert_eq!(win.concealed.len(), 14, "{text}");
        assert_eq!(win.to_string().parse::<WinningHand>(), Ok(win), "{text}");
    }
}

/// The words of the calculator's text other than tiles, and values that follow them.
const WORDS: [&str; 30] = [
    "chi",
    "pon",
    "kan",
    "ankan",
    "kakan",
    "win",
    "ron",
    "tsumo",
    "seat",
    "round",
    "riichi",
    "double-riichi",
    "ippatsu",
    "last-tile",
    "haitei",
    "rinshan",
    "chankan",
    "first-turn",
    "renhou",
    "dora",
    "ura",
    "honba",
    "sticks",
    "E",
    "S",
    "W",
    "N",
    "0",
    "2",
    "x",
];

/// A group of MPSZ tiles: `digits` digits (`0` a red five) and a suit letter, sometimes
/// none.
fn tile_group(digits: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(0..10u8, digits),
        prop_oneof![8 => (0..4usize).prop_map(|s| ["m", "p", "s", "z"][s]), 1 => Just("")],
    )
        .prop_map(|(digits, suit)| {
            let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            format!("{digits}{suit}")
        })
}

/// One phrase of a text: a word of [`WORDS`] alone, or with the value it takes (a wind, a
/// meld, tiles, a count), or a tile (the winning tile).
fn phrase() -> impl Strategy<Value = String> {
    let word = (0..WORDS.len()).prop_map(|i| WORDS[i].to_string());
    let valued = (0..WORDS.len(), tile_group(1..5), 0..4usize, 0..20u32).prop_map(
        |(i, tiles, wind, count)| match WORDS[i] {
            "seat" | "round" => format!("{} {}", WORDS[i], ["E", "S", "W", "N"][wind]),
            "honba" | "sticks" => format!("{} {count}", WORDS[i]),
            word => format!("{word} {tiles}"),
        },
    );
    prop_oneof![word, valued, tile_group(1..2)]
}

/// A text of random phrases: a hand (tile groups written together, 7 to 15 tiles) and up
/// to eight phrases after it.
fn random_text() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(tile_group(1..5), 1..5),
        proptest::collection::vec(phrase(), 0..8),
    )
        .prop_map(|(hand, phrases)| {
            std::iter::once(hand.concat())
                .chain(phrases)
                .collect::<Vec<_>>()
                .join(" ")
        })
}

/// The phrases of a text: the hand, then each word with the value it takes (`seat S`,
/// `dora 1m`, `pon 777z`) or alone.
fn phrases(text: &str) -> Vec<String> {
    let valued = [
        "chi", "pon", "kan", "ankan", "kakan", "win", "seat", "round", "dora",
    ];
    let valued = |word: &str| valued.contains(&word) || ["ura", "honba", "sticks"].contains(&word);
    let mut phrases: Vec<String> = Vec::new();
    let mut words = text.split(' ');
    while let Some(word) = words.next() {
        let value = if valued(word) { words.next() } else { None };
        phrases.push(value.map_or(word.to_string(), |value| format!("{word} {value}")));
    }
    phrases
}

/// The text of a test-data win with one to three changes: a phrase (after the hand)
/// removed, repeated or replaced by another, a phrase added, or a character of the text
/// removed or repeated.
fn mutated_text() -> impl Strategy<Value = String> {
    (
        0..3_000usize,
        proptest::collection::vec((0..6u8, any::<prop::sample::Index>(), phrase()), 1..4),
    )
        .prop_map(|(index, changes)| {
            let mut phrases = phrases(&WINS[index].to_string());
            for (change, at, phrase) in changes {
                // After the hand, unless a change of characters made the text one piece.
                let i = match phrases.len() {
                    1 => 0,
                    len => 1 + at.index(len - 1),
                };
                match change {
                    0 if phrases.len() > 1 => drop(phrases.remove(i)),
                    1 => phrases.insert(i, phrases[i].clone()),
                    2 => phrases[i] = phrase,
                    3 => phrases.insert(i, phrase),
                    _ => {
                        let mut chars: Vec<char> = phrases.join(" ").chars().collect();
                        let c = at.index(chars.len());
                        if change == 4 {
                            chars.remove(c);
                        } else {
                            chars.insert(c, chars[c]);
                        }
                        phrases = vec![chars.into_iter().collect()];
                    }
                }
            }
            phrases.join(" ")
        })
}

/// A tile and its red flag from an index `0..34`.
fn copy((index, red): (u8, bool)) -> TileCopy {
    TileCopy {
        tile: Tile::from_index(index).unwrap(),
        red,
    }
}

/// Any description built in code: any tiles (at most 16 asked, so some fail the counts),
/// melds, red counts, winning tile, flags, indicators and counters.
fn any_win() -> impl Strategy<Value = WinningHand> {
    (
        (
            proptest::collection::vec(0..34u8, 0..16),
            proptest::collection::vec((0..5usize, 0..34u8, any::<bool>()), 0..6),
            [0..3u8, 0..3u8, 0..3u8],
            (0..34u8, any::<bool>()),
        ),
        (
            proptest::collection::vec(any::<bool>(), 7),
            0..3usize,
            (0..4usize, 0..4usize),
        ),
        (
            proptest::collection::vec((0..34u8, any::<bool>()), 0..7),
            proptest::collection::vec((0..34u8, any::<bool>()), 0..7),
            (any::<u32>(), any::<u32>(), 0..6u8),
        ),
    )
        .prop_map(
            |(
                (tiles, melds, red, winning),
                (flags, riichi, (seat, round)),
                (dora, ura, (honba, sticks, nukidora)),
            )| {
                let tile = |index: u8| Tile::from_index(index).unwrap();
                WinningHand {
                    concealed: Hand::from_tiles(tiles.iter().map(|&i| tile(i)).take(14))
                        .unwrap_or_default(),
                    concealed_red_fives: red,
                    melds: melds
                        .iter()
                        .filter_map(|&(kind, index, red)| {
                            Meld::new(MeldKind::ALL[kind], tile(index), red).ok()
                        })
                        .collect(),
                    winning_tile: copy(winning),
                    by: if flags[0] { WinBy::Tsumo } else { WinBy::Ron },
                    seat_wind: Wind::ALL[seat],
                    round_wind: Wind::ALL[round],
                    riichi: [Riichi::None, Riichi::Riichi, Riichi::Double][riichi],
                    ippatsu: flags[1],
                    last_tile: flags[2],
                    rinshan: flags[3],
                    chankan: flags[4],
                    first_turn: flags[5],
                    dora_indicators: dora.into_iter().map(copy).collect(),
                    ura_indicators: ura.into_iter().map(copy).collect(),
                    honba,
                    riichi_sticks: sticks,
                    nukidora,
                }
            },
        )
}

/// A win of the test data (complete, the right tile counts) with any red counts, any red
/// flag on the winning tile, any winning tile among its concealed ones and any indicators:
/// the values that are near a real hand, where a wrong red count is easiest to miss.
fn test_data_win_with_any_red_fives() -> impl Strategy<Value = WinningHand> {
    (
        0..3_000usize,
        [0..3u8, 0..3u8, 0..3u8],
        (0..14usize, any::<bool>()),
        proptest::collection::vec((0..34u8, any::<bool>()), 0..3),
    )
        .prop_map(|(index, red, (at, winning_red), dora)| {
            let mut win = WINS[index];
            win.concealed_red_fives = red;
            let tiles: Vec<Tile> = win.concealed.tiles().collect();
            win.winning_tile = TileCopy {
                tile: tiles[at % tiles.len()],
                red: winning_red,
            };
            win.dora_indicators.extend(dora.into_iter().map(copy));
            win
        })
}

/// Whether scoring refused the tiles themselves (not the situation, the shape or the
/// yaku).
fn is_about_tiles(error: &ScoreError) -> bool {
    matches!(
        error,
        ScoreError::TooManyMelds { .. }
            | ScoreError::TileCount { .. }
            | ScoreError::WinningTileNotInHand { .. }
            | ScoreError::NotAFive { .. }
            | ScoreError::FifthCopy { .. }
            | ScoreError::RedFives { .. }
            | ScoreError::RedWithoutFive { .. }
    )
}

#[test]
fn every_meld_reads_back_from_its_text() {
    let mut melds = 0;
    for kind in MeldKind::ALL {
        for tile in Tile::ALL {
            for red in [false, true] {
                if let Ok(meld) = Meld::new(kind, tile, red) {
                    assert_eq!(meld.to_string().parse::<Meld>(), Ok(meld), "{meld}");
                    melds += 1;
                }
            }
        }
    }
    // 21 chi + 34 x 4 triplets and kans, and a red version of each meld with a five.
    assert_eq!(melds, 21 + 3 * 3 + 4 * (34 + 3));
}

/// The text strategies reach texts that parse (the property checks only those), of both
/// kinds: random words and mutated test-data texts.
#[test]
fn the_text_strategies_reach_texts_that_parse() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut parsed = |strategy: BoxedStrategy<String>| -> usize {
        (0..1_000)
            .filter(|_| {
                let text = strategy.new_tree(&mut runner).unwrap().current();
                text.parse::<WinningHand>().is_ok()
            })
            .count()
    };
    let (random, mutated) = (
        parsed(random_text().boxed()),
        parsed(mutated_text().boxed()),
    );
    assert!(
        random >= 100 && mutated >= 100,
        "{random} and {mutated} of 1,000 parse"
    );
}
