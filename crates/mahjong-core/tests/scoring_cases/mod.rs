//! The 3,000 scored wins of the shared test data (`tests/data/scoring.jsonl`, copied from
//! `shared/testdata/mahjong/`), each built in code as a `WinningHand`, with its expected
//! answer as text.

#[path = "../json/mod.rs"]
mod json;

use json::Json;
use mahjong_core::score::{Indicators, Riichi, TileCopy, WinBy, Wind, WinningHand};

const DATA: &str = include_str!("../data/scoring.jsonl");

/// One case: its id, the win, and the expected answer as text: `error no_yaku`, or
/// `han 4 fu 40 yaku [tanyao 1, dora 2] limit mangan payment ron 9500 total 12500`.
pub type Case = (String, WinningHand, String);

/// Every case, in file order.
pub fn cases() -> Vec<Case> {
    DATA.lines().map(|line| case(&Json::parse(line))).collect()
}

fn copies(tiles: &[Json]) -> Indicators {
    tiles.iter().map(|t| t.str().parse().unwrap()).collect()
}

fn wind(letter: &Json) -> Wind {
    Wind::from_name(letter.str()).unwrap()
}

fn case(row: &Json) -> Case {
    let hand: Vec<TileCopy> = hand_copies(row.at("hand").str());
    let mut red = [0u8; 3];
    for copy in hand.iter().filter(|c| c.red) {
        red[copy.tile.suit() as usize] += 1;
    }
    let win = WinningHand {
        concealed: mahjong_core::Hand::from_tiles(hand.iter().map(|c| c.tile)).unwrap(),
        concealed_red_fives: red,
        melds: row
            .at("melds")
            .array()
            .iter()
            .map(|m| m.str().parse().unwrap())
            .collect(),
        winning_tile: row.at("win").str().parse().unwrap(),
        by: match row.at("by").str() {
            "tsumo" => WinBy::Tsumo,
            _ => WinBy::Ron,
        },
        seat_wind: wind(row.at("seat_wind")),
        round_wind: wind(row.at("round_wind")),
        riichi: [Riichi::None, Riichi::Riichi, Riichi::Double][row.at("riichi").int() as usize],
        ippatsu: row.at("ippatsu").bool(),
        last_tile: row.at("haitei").bool(),
        rinshan: row.at("rinshan").bool(),
        chankan: row.at("chankan").bool(),
        first_turn: row.at("first_turn").bool(),
        dora_indicators: copies(row.at("dora").array()),
        ura_indicators: copies(row.at("ura").array()),
        honba: row.at("honba").int() as u32,
        riichi_sticks: row.at("sticks").int() as u32,
        nukidora: 0,
    };
    (
        row.at("id").str().to_string(),
        win,
        expected(row.at("expect")),
    )
}

/// The tiles of compact MPSZ text with their red flags, one by one (`340m` = 3m 4m 0m).
fn hand_copies(text: &str) -> Vec<TileCopy> {
    let mut copies = Vec::new();
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            copies.extend(
                digits
                    .chars()
                    .map(|d| format!("{d}{c}").parse::<TileCopy>().unwrap()),
            );
            digits.clear();
        }
    }
    copies
}

/// The expected answer as text: `error no_yaku`, or `han 4 fu 40 yaku [tanyao 1, dora 2]
/// limit mangan payment ron 9500 total 12500`.
fn expected(expect: &Json) -> String {
    if let Some(error) = expect.get("error") {
        return format!("error {}", error.str());
    }
    let yaku: Vec<String> = expect
        .at("yaku")
        .array()
        .iter()
        .map(|pair| format!("{} {}", pair.array()[0].str(), pair.array()[1].int()))
        .collect();
    let payment = expect.at("payment");
    let payment = match payment.get("ron") {
        Some(ron) => format!("ron {}", ron.int()),
        None => format!(
            "tsumo {} {}",
            payment.at("tsumo_dealer").int(),
            payment.at("tsumo_other").int()
        ),
    };
    format!(
        "han {} fu {} yaku [{}] limit {} payment {payment} total {}",
        expect.at("han").int(),
        expect.at("fu").int(),
        yaku.join(", "),
        expect.at("limit").str(),
        expect.at("total").int()
    )
}
