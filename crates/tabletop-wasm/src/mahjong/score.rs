//! The hand calculator: mahjong-core's scorer ([`WinningHand::score`]) with its
//! explanation, as the example `mahjong_score` prints it, and as a structured value.

use mahjong_core::score::{Limit, Payment, Score, WinningHand};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::js::{optional_text, text, to_js};
use crate::mahjong::notation::rules;

/// A score (the TypeScript `MahjongScore`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ScoreJs {
    han: u32,
    fu: u32,
    fu_text: String,
    fu_items: Vec<FuItemJs>,
    yaku: Vec<YakuJs>,
    dora: u8,
    ura_dora: u8,
    aka_dora: u8,
    limit: &'static str,
    yakuman: u8,
    basic_points: u32,
    payment: PaymentJs,
    total: u32,
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

impl ScoreJs {
    pub(crate) fn of(score: &Score) -> ScoreJs {
        let parts = score.fu_items().parts();
        ScoreJs {
            han: score.han(),
            fu: score.fu(),
            fu_text: score.fu_items().to_string(),
            fu_items: parts
                .iter()
                .map(|(item, fu)| FuItemJs {
                    item: item.to_string(),
                    fu: *fu,
                })
                .collect(),
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
    #[wasm_bindgen(unchecked_optional_param_type = "MahjongRules", js_name = "rules")]
    rule_name: JsValue,
) -> Result<JsValue, JsValue> {
    let (_, rules) = rules(optional_text(&rule_name, "the rules")?.as_deref())?;
    let win: WinningHand = text(&hand_text, "the hand")?
        .parse()
        .map_err(|e| Code::BadHand.error(format!("cannot read the hand: {e}")))?;
    let score = win
        .score(&rules.scoring)
        .map_err(|e| Code::BadHand.error(format!("{win}: cannot score it: {e}")))?;
    let score = ScoreJs::of(&score);
    let indented: Vec<String> = score.text.lines().map(|l| format!("  {l}")).collect();
    Ok(to_js(&HandScoreJs {
        hand: win.to_string(),
        calculator: format!("{win}\n{}", indented.join("\n")),
        score,
    }))
}
