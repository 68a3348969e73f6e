//! Scenario tests of hand scoring (spec section 5): each yaku and yakuman, each fu item,
//! the limits, payments, honba and sticks, each rule choice and each error. Every hand is
//! written in the calculator's text form and every field of the score is checked.

use mahjong_core::score::{
    Contradiction, KazoeLimit, Meld, ParseWinError, Renhou, Score, ScoreError, ScoringRules,
    TileCopy, WinningHand,
};

fn win(text: &str) -> WinningHand {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn score_with(text: &str, rules: &ScoringRules) -> Score {
    win(text)
        .score(rules)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `yaku | han fu limit | payment | total`, e.g.
/// `riichi 1, pinfu 1 | 2 han 30 fu none | ron 2,000 | 2,000`.
fn summary(score: &Score) -> String {
    let mut yaku: Vec<String> = score.yaku().map(|(y, han)| format!("{y} {han}")).collect();
    for (name, count) in [
        ("dora", score.dora()),
        ("aka_dora", score.red_fives()),
        ("ura_dora", score.ura_dora()),
    ] {
        if count > 0 {
            yaku.push(format!("{name} {count}"));
        }
    }
    let total = match score.total() {
        total @ 1_000.. => format!("{},{:03}", total / 1_000, total % 1_000),
        total => total.to_string(),
    };
    format!(
        "{} | {} han {} fu {} | {} | {total}",
        yaku.join(", "),
        score.han(),
        score.fu(),
        score.limit(),
        score.payment(),
    )
}

fn check_all(rules: &ScoringRules, cases: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for (text, expected) in cases {
        let actual = summary(&score_with(text, rules));
        if actual != *expected {
            failures.push(format!(
                "{text}\n  expected {expected}\n  actual   {actual}"
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn check(cases: &[(&str, &str)]) {
    check_all(&ScoringRules::tenhou(), cases);
}

fn error(text: &str) -> ScoreError {
    error_with(text, &ScoringRules::tenhou())
}

fn error_with(text: &str, rules: &ScoringRules) -> ScoreError {
    match win(text).score(rules) {
        Ok(score) => panic!("{text}: scored {}", summary(&score)),
        Err(e) => e,
    }
}

#[test]
fn situation_yaku() {
    check(&[
        (
            "123m456p789s2399s 4s ron riichi",
            "riichi 1, pinfu 1 | 2 han 30 fu none | ron 2,000 | 2,000",
        ),
        (
            "123m456p789s2399s 4s tsumo double-riichi ippatsu",
            "double_riichi 2, ippatsu 1, menzen_tsumo 1, pinfu 1 | 5 han 20 fu mangan \
             | tsumo 4,000 / 2,000 | 8,000",
        ),
        (
            "123m456p789s2399s 4s tsumo last-tile",
            "menzen_tsumo 1, haitei 1, pinfu 1 | 3 han 20 fu none | tsumo 1,300 / 700 | 2,700",
        ),
        (
            "123m456p789s2399s 4s ron houtei",
            "houtei 1, pinfu 1 | 2 han 30 fu none | ron 2,000 | 2,000",
        ),
        (
            "123m456p789s2399s 4s ron chankan",
            "chankan 1, pinfu 1 | 2 han 30 fu none | ron 2,000 | 2,000",
        ),
        (
            "123m456p23s55s ankan 1111z 4s tsumo rinshan dora 9m",
            "menzen_tsumo 1, rinshan 1, yakuhai_round_wind 1, dora 1 | 4 han 60 fu mangan \
             | tsumo 4,000 / 2,000 | 8,000",
        ),
    ]);
}

#[test]
fn shape_yaku() {
    check(&[
        (
            "234m567p234s5s chi 678s win 5s ron",
            "tanyao 1 | 1 han 30 fu none | ron 1,000 | 1,000",
        ),
        (
            "112233m456p78s55p 6s ron",
            "pinfu 1, iipeikou 1 | 2 han 30 fu none | ron 2,000 | 2,000",
        ),
        (
            "123m456p777s111z5z 5z ron seat E round E",
            "yakuhai_seat_wind 1, yakuhai_round_wind 1 | 2 han 50 fu none | ron 4,800 | 4,800",
        ),
        (
            "123m456p789s777z5p 5p ron",
            "yakuhai_chun 1 | 1 han 40 fu none | ron 1,300 | 1,300",
        ),
        (
            "123m456p555z666z7z 7z ron",
            "yakuhai_haku 1, yakuhai_hatsu 1, shousangen 2 | 4 han 50 fu mangan | ron 8,000 \
             | 8,000",
        ),
        (
            "1133m5577p2288s6z 6z ron riichi",
            "riichi 1, chiitoitsu 2 | 3 han 25 fu none | ron 3,200 | 3,200",
        ),
        (
            "123m789p123s999s1z 1z ron",
            "chanta 2 | 2 han 50 fu none | ron 3,200 | 3,200",
        ),
        (
            "123m789p123s999s1m 1m ron",
            "junchan 3 | 3 han 40 fu none | ron 5,200 | 5,200",
        ),
        (
            "123456789m456p5s 5s ron",
            "ittsu 2 | 2 han 40 fu none | ron 2,600 | 2,600",
        ),
        (
            "123456m123p123s5s 5s ron",
            "sanshoku 2 | 2 han 40 fu none | ron 2,600 | 2,600",
        ),
        (
            "222m222p222s456m5s 5s ron",
            "tanyao 1, sanshoku_doukou 2, sanankou 2 | 5 han 50 fu mangan | ron 8,000 | 8,000",
        ),
        (
            "777s5s pon 222m pon 333p pon 444s win 5s ron",
            "tanyao 1, toitoi 2 | 3 han 40 fu none | ron 5,200 | 5,200",
        ),
        (
            "222m333p444s678s5s 5s tsumo",
            "menzen_tsumo 1, tanyao 1, sanankou 2 | 4 han 40 fu mangan | tsumo 4,000 / 2,000 \
             | 8,000",
        ),
        (
            "678s5s kan 2222m kan 3333p ankan 4444s win 5s ron",
            "tanyao 1, sankantsu 2 | 3 han 60 fu none | ron 7,700 | 7,700",
        ),
        (
            "999p111s999s1z pon 111m win 1z ron",
            "toitoi 2, sanankou 2, honroutou 2 | 6 han 60 fu haneman | ron 12,000 | 12,000",
        ),
        (
            "123m345m678m111z9m 9m ron",
            "yakuhai_round_wind 1, honitsu 3 | 4 han 40 fu mangan | ron 8,000 | 8,000",
        ),
        (
            "123m345m678m999m2m 2m ron",
            "chinitsu 6 | 6 han 40 fu haneman | ron 12,000 | 12,000",
        ),
        (
            "112233m445566p5s 5s ron",
            "ryanpeikou 3 | 3 han 40 fu none | ron 5,200 | 5,200",
        ),
    ]);
}

#[test]
fn open_hands_count_the_lower_han() {
    check(&[
        (
            "123p123s99m11z chi 123m win 9m ron",
            "chanta 1, sanshoku 1 | 2 han 30 fu none | ron 2,000 | 2,000",
        ),
        (
            "456789m99s11z chi 123m win 9s ron",
            "ittsu 1 | 1 han 30 fu none | ron 1,000 | 1,000",
        ),
        (
            "123789m1s pon 999p chi 789s win 1s ron",
            "junchan 2 | 2 han 30 fu none | ron 2,000 | 2,000",
        ),
        (
            "123456789m1z pon 777z win 1z ron",
            "yakuhai_chun 1, ittsu 1, honitsu 2 | 4 han 30 fu none | ron 7,700 | 7,700",
        ),
        (
            "123345567m9m chi 789m win 9m ron",
            "chinitsu 5 | 5 han 30 fu mangan | ron 8,000 | 8,000",
        ),
    ]);
}

#[test]
fn yakuman() {
    check(&[
        (
            "123m456p789s2399s 4s tsumo seat E first-turn",
            "tenhou 13 | 13 han 0 fu yakuman | tsumo 16,000 all | 48,000",
        ),
        (
            "123m456p789s2399s 4s tsumo first-turn",
            "chiihou 13 | 13 han 0 fu yakuman | tsumo 16,000 / 8,000 | 32,000",
        ),
        (
            "19m19p19s1234567z 1m ron",
            "kokushi 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "222m333p444s888s5s 5s tsumo",
            "suuankou 13 | 13 han 0 fu yakuman | tsumo 16,000 / 8,000 | 32,000",
        ),
        (
            "555z666z777z123m9p 9p ron",
            "daisangen 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "111z222z333z123m4z 4z ron",
            "shousuushii 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "222z333z444z5m pon 111z win 5m ron",
            "daisuushii 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "222z333z555z7z pon 111z win 7z ron",
            "tsuuiisou 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "999m111p999p1s pon 111m win 1s ron",
            "chinroutou 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "234s234s888s666z6s 6s ron",
            "ryuuiisou 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "1112345678999m 5m ron",
            "chuuren 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "5m kan 1111m kan 2222p kan 3333s ankan 4444s win 5m ron",
            "suukantsu 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "555z666z777z111z2z 2z ron",
            "suuankou 13, daisangen 13, tsuuiisou 13 | 39 han 0 fu triple yakuman | ron 96,000 \
             | 96,000",
        ),
    ]);
}

#[test]
fn double_yakuman_hands_count_double_only_under_their_rule() {
    let soul = ScoringRules::mahjong_soul();
    let cases = [
        (
            "19m19p19s1234567z 1m ron",
            "kokushi 26 | 26 han 0 fu double yakuman | ron 64,000 | 64,000",
        ),
        (
            "222m333p444s888s5s 5s ron",
            "suuankou 26 | 26 han 0 fu double yakuman | ron 64,000 | 64,000",
        ),
        (
            "1112345678999m 5m ron",
            "chuuren 26 | 26 han 0 fu double yakuman | ron 64,000 | 64,000",
        ),
        (
            "222z333z444z5m pon 111z win 5m ron",
            "daisuushii 26 | 26 han 0 fu double yakuman | ron 64,000 | 64,000",
        ),
        // Not the 13-sided wait, a shanpon tsumo, not the nine-sided wait: single.
        (
            "19m19p19s1234566z 7z ron",
            "kokushi 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
        (
            "222m333p444s88s55s 8s tsumo",
            "suuankou 13 | 13 han 0 fu yakuman | tsumo 16,000 / 8,000 | 32,000",
        ),
        (
            "1112345678899m 9m ron",
            "chuuren 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        ),
    ];
    check_all(&soul, &cases);
    let tenhou: Vec<(&str, String)> = cases[..4]
        .iter()
        .map(|(text, expected)| {
            (
                *text,
                expected
                    .replace("26", "13")
                    .replace("double yakuman", "yakuman")
                    .replace("64,000", "32,000"),
            )
        })
        .collect();
    let tenhou: Vec<(&str, &str)> = tenhou.iter().map(|(t, e)| (*t, e.as_str())).collect();
    check(&tenhou);
}

#[test]
fn a_shanpon_ron_opens_the_triplet_and_suuankou_needs_a_tsumo() {
    check(&[
        (
            "222m333p678s55s44s 4s ron",
            "tanyao 1 | 1 han 40 fu none | ron 1,300 | 1,300",
        ),
        (
            "222m333p444s88s55s 8s ron",
            "tanyao 1, toitoi 2, sanankou 2 | 5 han 50 fu mangan | ron 8,000 | 8,000",
        ),
    ]);
    let score = score_with("222m333p678s55s44s 4s ron", &ScoringRules::tenhou());
    assert_eq!(
        score.fu_items().to_string(),
        "20 base + 10 closed ron + 4 closed triplet 2m + 4 closed triplet 3p + 2 open triplet 4s = 40"
    );
}

#[test]
fn kazoe_and_its_limit() {
    let text = "12345678911222m 2m tsumo riichi dora 1m";
    check(&[(
        text,
        "riichi 1, menzen_tsumo 1, ittsu 2, chinitsu 6, dora 4 | 14 han 30 fu kazoe \
         | tsumo 16,000 / 8,000 | 32,000",
    )]);
    let capped = ScoringRules {
        kazoe: KazoeLimit::Sanbaiman,
        ..ScoringRules::tenhou()
    };
    check_all(
        &capped,
        &[(
            text,
            "riichi 1, menzen_tsumo 1, ittsu 2, chinitsu 6, dora 4 | 14 han 30 fu sanbaiman \
             | tsumo 12,000 / 6,000 | 24,000",
        )],
    );
}

#[test]
fn the_reading_that_pays_most_counts() {
    // Ryanpeikou (3 han 40 fu) beats chiitoitsu (2 han 25 fu).
    let score = score_with("112233m445566p5s 5s ron", &ScoringRules::tenhou());
    assert_eq!(score.han(), 3);
    // 111222333m: three concealed triplets by tsumo (sanankou) beat three sequences.
    check(&[(
        "111222333m456p7s 7s tsumo",
        "menzen_tsumo 1, sanankou 2 | 3 han 40 fu none | tsumo 2,600 / 1,300 | 5,200",
    )]);
}

#[test]
fn fu_items() {
    let tenhou = ScoringRules::tenhou();
    let fu = |text: &str| score_with(text, &tenhou).fu_items().to_string();
    assert_eq!(
        fu("123m456p789s2399s 4s ron riichi"),
        "20 base + 10 closed ron = 30"
    );
    assert_eq!(fu("123m456p789s2399s 4s tsumo"), "20 base = 20");
    assert_eq!(
        fu("123m456p789s2499s 3s ron riichi"),
        "20 base + 10 closed ron + 2 kanchan wait = 32 -> 40"
    );
    assert_eq!(
        fu("123m456p789s1299s 3s ron riichi"),
        "20 base + 10 closed ron + 2 penchan wait = 32 -> 40"
    );
    assert_eq!(
        fu("123m456p789s234s1z 1z ron riichi seat E round E"),
        "20 base + 10 closed ron + 2 tanki wait + 4 pair 1z = 36 -> 40"
    );
    assert_eq!(
        fu("123m456p789s234s2z 2z tsumo seat S round E"),
        "20 base + 2 tsumo + 2 tanki wait + 2 pair 2z = 26 -> 30"
    );
    assert_eq!(
        fu("456p678s23s88s chi 234m win 4s ron"),
        "20 base + 10 open pinfu = 30"
    );
    assert_eq!(
        fu("678s5s kan 2222m kan 3333p ankan 4444s win 5s ron"),
        "20 base + 2 tanki wait + 8 open kan 2m + 8 open kan 3p + 16 closed kan 4s = 54 -> 60"
    );
    assert_eq!(
        fu("123m456p55s ankan 9999m pon 777z win 5s ron"),
        "20 base + 2 tanki wait + 32 closed kan 9m + 4 open triplet 7z = 58 -> 60"
    );
    assert_eq!(
        fu("999p111s999s1z pon 111m win 1z ron"),
        "20 base + 2 tanki wait + 2 pair 1z + 4 open triplet 1m + 8 closed triplet 9p \
         + 8 closed triplet 1s + 8 closed triplet 9s = 52 -> 60"
    );
    assert_eq!(
        fu("123m456p777s111z5z 5z ron seat E round E"),
        "20 base + 10 closed ron + 2 tanki wait + 2 pair 5z + 8 closed triplet 1z \
         + 4 closed triplet 7s = 46 -> 50"
    );
    assert_eq!(fu("1133m5577p2288s6z 6z ron riichi"), "25 chiitoitsu = 25");
    assert_eq!(fu("19m19p19s1234567z 1m ron"), "no fu (yakuman)");
    let two = ScoringRules {
        double_wind_pair_fu: 2,
        ..tenhou
    };
    let score = score_with("123m456p789s234s1z 1z ron riichi seat E round E", &two);
    assert_eq!(score.fu_items().raw(), 34);
}

#[test]
fn rule_choices() {
    let tenhou = ScoringRules::tenhou();
    let open_tanyao = "234m567p234s5s chi 678s win 5s ron";
    assert_eq!(
        error_with(
            open_tanyao,
            &ScoringRules {
                open_tanyao: false,
                ..tenhou
            }
        ),
        ScoreError::NoYaku
    );
    let open_pinfu = "456p678s23s88s chi 234m win 4s ron";
    check_all(
        &ScoringRules {
            open_pinfu_fu: false,
            ..tenhou
        },
        &[(open_pinfu, "tanyao 1 | 1 han 20 fu none | ron 700 | 700")],
    );
    let kiriage = ScoringRules {
        kiriage_mangan: true,
        ..tenhou
    };
    // 4 han 30 fu: 7,700 (11,600 for the dealer), a mangan under kiriage.
    check(&[(
        "234m456p678s2388s 4s ron riichi dora 3s ura 1z",
        "riichi 1, pinfu 1, tanyao 1, dora 1 | 4 han 30 fu none | ron 7,700 | 7,700",
    )]);
    check(&[(
        "234m456p678s2388s 4s ron riichi seat E dora 3s ura 1z",
        "riichi 1, pinfu 1, tanyao 1, dora 1 | 4 han 30 fu none | ron 11,600 | 11,600",
    )]);
    check_all(
        &kiriage,
        &[(
            "234m456p678s2388s 4s ron riichi dora 3s ura 1z",
            "riichi 1, pinfu 1, tanyao 1, dora 1 | 4 han 30 fu mangan | ron 8,000 | 8,000",
        )],
    );
    let red = "234m406p678s2388s 4s ron riichi";
    check(&[(
        red,
        "riichi 1, pinfu 1, tanyao 1, aka_dora 1 | 4 han 30 fu none | ron 7,700 | 7,700",
    )]);
    assert!(matches!(
        error_with(
            red,
            &ScoringRules {
                red_fives: false,
                ..tenhou
            }
        ),
        ScoreError::RedFives { allowed: 0, .. }
    ));
    let renhou = "123m456p789s2399s 4s ron first-turn";
    check(&[(renhou, "pinfu 1 | 1 han 30 fu none | ron 1,000 | 1,000")]);
    check_all(
        &ScoringRules {
            renhou: Renhou::Yakuman,
            ..tenhou
        },
        &[(
            renhou,
            "renhou 13 | 13 han 0 fu yakuman | ron 32,000 | 32,000",
        )],
    );
    check_all(
        &ScoringRules {
            renhou: Renhou::Mangan,
            ..tenhou
        },
        &[(
            renhou,
            "renhou 5, pinfu 1 | 6 han 30 fu haneman | ron 12,000 | 12,000",
        )],
    );
}

#[test]
fn payments_honba_and_sticks() {
    check(&[
        (
            "123m456p789s2399s 4s ron riichi honba 2 sticks 1",
            "riichi 1, pinfu 1 | 2 han 30 fu none | ron 2,600 | 3,600",
        ),
        (
            "123m456p789s2399s 4s tsumo riichi honba 1 sticks 1",
            "riichi 1, menzen_tsumo 1, pinfu 1 | 3 han 20 fu none | tsumo 1,400 / 800 | 4,000",
        ),
        (
            "123m456p789s2399s 4s tsumo riichi seat E honba 1",
            "riichi 1, menzen_tsumo 1, pinfu 1 | 3 han 20 fu none | tsumo 1,400 all | 4,200",
        ),
        (
            "123m456p789s2399s 4s ron riichi seat E",
            "riichi 1, pinfu 1 | 2 han 30 fu none | ron 2,900 | 2,900",
        ),
        // 1 han 30 fu tsumo: 240 basic, 480 -> 500 from the dealer, 240 -> 300 each other.
        (
            "123m456p789s234s2z 2z tsumo seat S round E",
            "menzen_tsumo 1 | 1 han 30 fu none | tsumo 500 / 300 | 1,100",
        ),
    ]);
}

#[test]
fn a_table_count_past_the_most_is_refused_not_saturated() {
    // Without the bound, 4,294,967,295 honba paid a saturated 4,294,967,295 points.
    for (text, word) in [
        ("123m456p789s2399s 4s ron riichi honba 4294967295", "honba"),
        ("123m456p789s2399s 4s ron riichi sticks 1000001", "sticks"),
        ("123m456p789s2399s 4s ron riichi honba 99999999999", "honba"),
    ] {
        let error = text.parse::<WinningHand>().unwrap_err();
        assert!(
            matches!(&error, ParseWinError::NotACount { word: w, .. } if w == word),
            "{text}: {error}"
        );
        assert!(error.to_string().contains("up to 1,000,000"), "{error}");
    }
    let most = score_with(
        "123m456p789s2399s 4s ron riichi honba 1000000 sticks 1000000",
        &ScoringRules::tenhou(),
    );
    assert_eq!(most.total(), 2_000 + 300_000_000 + 1_000_000_000);
}

#[test]
fn a_word_said_twice_or_with_its_opposite_is_refused() {
    for (text, word, earlier) in [
        ("123m456p789s2399s 4s tsumo ron", "ron", "tsumo"),
        ("123m456p789s2399s 4s riichi riichi", "riichi", "riichi"),
        (
            "123m456p789s2399s 4s double-riichi riichi",
            "riichi",
            "double-riichi",
        ),
        ("123m456p789s2399s 4s honba 1 honba 2", "honba", "honba"),
        ("123m456p789s2399s 4s ron win 4s", "win", "4s"),
    ] {
        assert_eq!(
            text.parse::<WinningHand>(),
            Err(ParseWinError::Repeated {
                word: word.into(),
                earlier: earlier.into()
            }),
            "{text}"
        );
    }
    // Indicators and melds may be given in several words.
    assert!(
        "123m456p789s2399s 4s ron riichi dora 1m dora 2m"
            .parse::<WinningHand>()
            .is_ok()
    );
}

#[test]
fn each_error_names_the_problem() {
    use Contradiction::*;
    let tile = |t: &str| t.parse().unwrap();
    let mut five_melds = win("5m kan 1111m kan 2222p kan 3333s ankan 4444s win 5m");
    five_melds.melds.push("pon 777z".parse::<Meld>().unwrap());
    assert_eq!(
        five_melds.score(&ScoringRules::tenhou()),
        Err(ScoreError::TooManyMelds { melds: 5 })
    );
    assert_eq!(
        error("123m456p789s2399s 4s pon 777z"),
        ScoreError::TileCount {
            tiles: 13,
            melds: 1,
            expected: 11
        }
    );
    assert_eq!(
        error("123m456p789s23499s win 1z"),
        ScoreError::WinningTileNotInHand { tile: tile("1z") }
    );
    assert_eq!(
        error("123m456p789s2399s 4s ron riichi dora 9s9s"),
        ScoreError::FifthCopy {
            tile: tile("9s").tile,
            count: 5
        }
    );
    assert_eq!(
        error("123m406p789s2399s 4s ron riichi dora 0p"),
        ScoreError::RedFives {
            suit: mahjong_core::Suit::Pin,
            count: 2,
            allowed: 1
        }
    );
    let mut no_five = win("123m456p789s2399s 4s ron riichi");
    no_five.concealed_red_fives = [1, 0, 0];
    assert!(matches!(
        no_five.score(&ScoringRules::tenhou()),
        Err(ScoreError::RedWithoutFive {
            count: 1,
            fives: 0,
            ..
        })
    ));
    // The hand's only 5p is marked red, so the plain 5p cannot be the winning tile.
    let mut plain_five = win("123m406p789s2399s 4s ron riichi");
    plain_five.winning_tile = tile("5p");
    assert_eq!(
        plain_five.score(&ScoringRules::tenhou()),
        Err(ScoreError::WinningTileNotInHand { tile: tile("5p") })
    );
    plain_five.winning_tile = tile("0p");
    let red_won = plain_five.score(&ScoringRules::tenhou()).unwrap();
    assert_eq!(
        (red_won.han(), red_won.red_fives()),
        (2, 1),
        "riichi and the red five"
    );
    let mut red_three = win("123m456p789s2399s 4s ron riichi");
    red_three.dora_indicators = [TileCopy {
        tile: tile("3m").tile,
        red: true,
    }]
    .into_iter()
    .collect();
    assert!(matches!(
        red_three.score(&ScoringRules::tenhou()),
        Err(ScoreError::NotAFive { .. })
    ));
    let contradictions = [
        ("456p678s23s88s chi 234m win 4s ron riichi", RiichiOpen),
        ("123m456p789s2399s 4s ron ippatsu", IppatsuWithoutRiichi),
        (
            "123m456p23s55s ankan 1111z 4s tsumo riichi ippatsu rinshan",
            IppatsuWithRinshan,
        ),
        ("123m456p23s55s ankan 1111z 4s ron rinshan", RinshanByRon),
        ("123m456p789s2399s 4s tsumo rinshan", RinshanWithoutKan),
        ("123m456p789s2399s 4s tsumo chankan", ChankanByTsumo),
        (
            "123m456p789s2399s 4s ron chankan dora 4s",
            ChankanTileVisible,
        ),
        (
            "123m456p789s2399s 4s ron chankan last-tile",
            LastTileWithKanWin,
        ),
        (
            "456p678s23s88s chi 234m win 4s tsumo first-turn",
            FirstTurnAfterCall,
        ),
        (
            "123m456p789s2399s 4s tsumo riichi first-turn",
            FirstTurnAfterCall,
        ),
        (
            "123m456p789s2399s 4s tsumo first-turn last-tile",
            FirstTurnWithOtherFlag,
        ),
        (
            "123m456p789s2399s 4s ron seat E first-turn",
            FirstTurnRonByDealer,
        ),
        ("123m456p789s2399s 4s ron ura 1m", UraWithoutRiichi),
        (
            "123m456p789s2399s 4s ron riichi dora 1m2m3m4m5m6m",
            TooManyIndicators,
        ),
        ("123m456p789s2399s 4s ron riichi kita 4", KitaAtFourSeats),
    ];
    for (text, contradiction) in contradictions {
        assert_eq!(
            error(text),
            ScoreError::Contradiction(contradiction),
            "{text}"
        );
    }
    assert_eq!(
        error("123m456p789s2399s 5s ron riichi").to_string(),
        "123m456p23578999s is not a complete hand"
    );
    assert_eq!(
        error("456p789s23s99s chi 123m win 4s ron"),
        ScoreError::NoYaku
    );
    assert_eq!(
        error("456p789s23s99s chi 123m win 4s ron").to_string(),
        "the hand has no yaku (dora, red fives and ura-dora alone are not yaku): no win"
    );
    assert_eq!(
        error("123m456p789s2399s 4s ron ippatsu").to_string(),
        "impossible situation: ippatsu without riichi"
    );
    assert_eq!(
        error("123m456p789s2399s 4s ron riichi dora 9s9s").to_string(),
        "5 copies of 9s over the hand, melds and indicators: there are only 4"
    );
}

#[test]
fn a_score_explains_itself() {
    let tenhou = ScoringRules::tenhou();
    let score = score_with("234m78m340p456s22s 6m ron riichi dora 3p sticks 1", &tenhou);
    assert_eq!(
        score.to_string(),
        "riichi: 1 han\npinfu: 1 han\ntanyao: 1 han\ndora: 1 han\naka_dora: 1 han\n\
         5 han 30 fu (mangan)\nfu: 20 base + 10 closed ron = 30\nron 8,000; total 9,000"
    );
    let score = score_with(
        "19m19p19s1234567z 1m tsumo seat E",
        &ScoringRules::mahjong_soul(),
    );
    assert_eq!(
        score.to_string(),
        "kokushi: double yakuman\n26 han (double yakuman)\nfu: no fu (yakuman)\n\
         tsumo 32,000 all; total 96,000"
    );
    let win = win("234m78m340p456s22s 6m ron riichi dora 3p sticks 1");
    assert_eq!(
        win.to_string(),
        "234678m340p22456s win 6m ron seat S round E riichi dora 3p sticks 1"
    );
}

#[test]
fn lists_past_their_capacity_write_text_that_parses_back_to_the_same_hand() {
    // Built in code with more melds and indicators than a hand can have: the lists count
    // what they could not keep, and the text form must keep that count, so that the text
    // parses back to the same value and is refused for the same reason.
    let mut hand = win("123m456m789m123p55p win 5p ron riichi dora 1m");
    let plain = |text: &str| TileCopy::plain(text.parse().unwrap());
    for text in ["2m", "3m", "4m", "5m", "6m", "7m"] {
        hand.dora_indicators.push(plain(text));
        hand.ura_indicators.push(plain(text));
    }
    let pon: Meld = "pon 777z".parse().unwrap();
    for _ in 0..5 {
        hand.melds.push(pon);
    }
    let text = hand.to_string();
    let back = win(&text);
    assert_eq!(back, hand, "{text}");
    let rules = ScoringRules::tenhou();
    assert_eq!(back.score(&rules), hand.score(&rules));
}
