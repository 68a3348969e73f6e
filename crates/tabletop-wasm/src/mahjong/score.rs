//! The hand calculator: mahjong-core's scorer ([`WinningHand::score`]) with its
//! explanation, as the example `mahjong_score` prints it, and as a structured value.

use mahjong_core::score::{Limit, Payment, Score, WinningHand};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::js::{optional_text, text, to_js};
use crate::mahjong::notation::preset;

/// A score's values (the TypeScript `MahjongScoreValues`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ValuesJs {
    han: u32,
    fu: u32,
    yaku: Vec<YakuJs>,
    dora: u8,
    ura_dora: u8,
    aka_dora: u8,
    limit: &'static str,
    yakuman: u8,
    basic_points: u32,
    payment: PaymentJs,
    total: u32,
}

/// A score with its explanation (the TypeScript `MahjongScore`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScoreJs {
    #[serde(flatten)]
    values: ValuesJs,
    fu_text: String,
    fu_items: Vec<FuItemJs>,
    text: String,
}

#[derive(Serialize)]
struct FuItemJs {
    item: String,
    fu: u8,
}

#[derive(Serialize)]
struct YakuJs {
    name: &'static str,
    han: u8,
}

#[derive(Serialize)]
#[serde(untagged)]
enum PaymentJs {
    Ron {
        ron: u32,
    },
    Tsumo {
        #[serde(rename = "tsumoDealer")]
        tsumo_dealer: u32,
        #[serde(rename = "tsumoOthers")]
        tsumo_others: u32,
    },
}

impl ValuesJs {
    fn of(score: &Score) -> ValuesJs {
        ValuesJs {
            han: score.han(),
            fu: score.fu(),
            yaku: score
                .yaku()
                .map(|(yaku, han)| YakuJs {
                    name: yaku.name(),
                    han,
                })
                .collect(),
            dora: score.dora(),
            ura_dora: score.ura_dora(),
            aka_dora: score.red_fives(),
            limit: score.limit().name(),
            yakuman: match score.limit() {
                Limit::Yakuman(count) => count,
                _ => 0,
            },
            basic_points: score.basic_points(),
            payment: match score.payment() {
                Payment::Ron { discarder } => PaymentJs::Ron { ron: discarder },
                Payment::Tsumo { dealer, others } => PaymentJs::Tsumo {
                    tsumo_dealer: dealer,
                    tsumo_others: others,
                },
            },
            total: score.total(),
        }
    }
}

impl ScoreJs {
    pub(crate) fn of(score: &Score) -> ScoreJs {
        ScoreJs {
            values: ValuesJs::of(score),
            fu_text: score.fu_items().to_string(),
            fu_items: score
                .fu_items()
                .parts()
                .iter()
                .map(|(item, fu)| FuItemJs {
                    item: item.to_string(),
                    fu: *fu,
                })
                .collect(),
            text: score.to_string(),
        }
    }
}

/// A scored hand (the TypeScript `MahjongHandScore`).
#[derive(Serialize)]
struct HandScoreJs {
    hand: String,
    calculator: String,
    #[serde(flatten)]
    score: ScoreJs,
}

/// The win of `text` in the calculator's notation, and its score under the preset
/// `rule_name` (`tenhou` when not given).
///
/// # Errors
/// As [`score_hand`].
fn scored(hand: &JsValue, rule_name: &JsValue) -> Result<(WinningHand, Score), JsValue> {
    let (_, rules) = preset(optional_text(rule_name, "the rules")?.as_deref())?;
    let win: WinningHand = text(hand, "the hand")?
        .parse()
        .map_err(|e| Code::BadHand.error(format!("cannot read the hand: {e}")))?;
    let score = win
        .score(&rules.scoring)
        .map_err(|e| Code::BadHand.error(format!("{win}: cannot score it: {e}")))?;
    Ok((win, score))
}

/// Scores a winning hand written in the calculator's notation (mahjong-core's
/// `WinningHand` text, spec section 5): the concealed tiles (0 = red five) with or without
/// the winning tile, then in any order the melds (`chi 345m`, `pon 777p`, `kan 1111z`,
/// `ankan 9999s`, `kakan 5555p`), the winning tile (`3m` or `win 3m`; else the last tile
/// written), `ron` (default) or `tsumo`, `seat E|S|W|N` (default S), `round E|S|W|N`
/// (default E), `riichi`, `double-riichi`, `ippatsu`, `last-tile`, `rinshan`, `chankan`,
/// `first-turn`, `dora <indicators>`, `ura <indicators>`, `honba N`, `sticks N`. E.g.
/// `123m456p789s2399s 4s ron riichi dora 1m`.
///
/// Returns a `MahjongHandScore`: han, fu and its items, the yaku with their han, dora,
/// ura-dora and red fives, the limit, the payment (points, honba included) and the total
/// (riichi sticks included), with the explanation (`text`) and the calculator's whole
/// answer (`calculator`, as `cargo run --example mahjong_score` prints it). `rules` is a
/// preset's name (`tenhou` when not given: the scoring of `Rules::scoring`).
///
/// # Errors
/// `BAD_ARGUMENT` for an unknown preset; `BAD_HAND` for text that does not read as a hand
/// ("cannot read the hand: ...") and for a hand the scorer refuses ("cannot score it: ...":
/// no yaku, not complete, a fifth copy, an impossible situation...).
#[wasm_bindgen(js_name = scoreHand, unchecked_return_type = "MahjongHandScore")]
pub fn score_hand(
    #[wasm_bindgen(unchecked_param_type = "string", js_name = "hand")] hand_text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "MahjongRules")] rules: JsValue,
) -> Result<JsValue, JsValue> {
    let (win, score) = scored(&hand_text, &rules)?;
    let score = ScoreJs::of(&score);
    let hand = win.to_string();
    let indented: Vec<String> = score.text.lines().map(|l| format!("  {l}")).collect();
    Ok(to_js(&HandScoreJs {
        calculator: format!("{hand}\n{}", indented.join("\n")),
        hand,
        score,
    }))
}

/// The values of a winning hand's score, as [`score_hand`] reads and scores it, without the
/// explanation (`MahjongScoreValues`: han, fu, yaku, dora, limit, payment, total): for
/// scoring many hands, at a third of the cost.
///
/// # Errors
/// As [`score_hand`].
#[wasm_bindgen(js_name = scoreValues, unchecked_return_type = "MahjongScoreValues")]
pub fn score_values(
    #[wasm_bindgen(unchecked_param_type = "string", js_name = "hand")] hand_text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "MahjongRules")] rules: JsValue,
) -> Result<JsValue, JsValue> {
    let (_, score) = scored(&hand_text, &rules)?;
    Ok(to_js(&ValuesJs::of(&score)))
}
