//! The hand analysis JavaScript calls most: shanten, waits and ukeire of a concealed hand
//! (mahjong-core's `Hand`, spec section 2).

use mahjong_core::{Hand, KINDS, MAX_COPIES, Tile, TileSet};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::js::{numbers, text, to_js};
use crate::mahjong::notation::hand;

/// Each kind of `set` in notation, in index order.
fn names(set: TileSet) -> Vec<String> {
    set.iter().map(|t: Tile| t.to_string()).collect()
}

/// The shanten number of a concealed hand in MPSZ notation (`123m456p789s1122z`; `3n+1`
/// or `3n+2` tiles up to 14, fewer after calls): how many tiles it must exchange to be tenpai, `0` =
/// tenpai, `-1` = agari (a complete hand); the least over the standard form and, at 13 or
/// 14 tiles, chiitoitsu and kokushi (mahjong-core's `Hand::shanten`).
///
/// # Errors
/// `BAD_HAND` for text that is not a hand (a tile that does not read, a fifth copy, more
/// than 14 tiles) or a hand of `3n` tiles.
#[wasm_bindgen]
pub fn shanten(
    #[wasm_bindgen(unchecked_param_type = "string")] tiles: JsValue,
) -> Result<i32, JsValue> {
    Ok(shanten_of(&hand(&text(&tiles, "the hand")?)?)?.into())
}

/// The shanten number of the hand of `counts`, mahjong-core's counts per kind (34 numbers
/// indexed 1m..9m, 1p..9p, 1s..9s, E S W N, white green red; a plain array or a typed
/// one), as [`shanten`] gives it for the hand in notation: for engines that keep a hand
/// as counts, without writing it as text.
///
/// # Errors
/// `BAD_HAND` unless there are 34 counts, each a whole number from 0 to 4, `3n+1` or
/// `3n+2` in all, 14 at most.
#[wasm_bindgen(js_name = shantenCounts)]
pub fn shanten_counts(
    #[wasm_bindgen(unchecked_param_type = "ArrayLike<number>")] counts: JsValue,
) -> Result<i32, JsValue> {
    let counts = numbers(&counts, KINDS, "the counts", Code::BadHand)?;
    let mut kinds = [0u8; KINDS];
    if counts.len() != KINDS {
        return Err(Code::BadHand.error(format!(
            "{} counts: a hand is 34 counts, one per kind",
            counts.len()
        )));
    }
    for (kind, &count) in kinds.iter_mut().zip(&counts) {
        if count.fract() != 0.0 || !(0.0..=f64::from(MAX_COPIES)).contains(&count) {
            return Err(Code::BadHand.error(format!(
                "{count} is not a count of a kind: 0 to {MAX_COPIES}"
            )));
        }
        *kind = count as u8;
    }
    let hand = Hand::from_counts(kinds).map_err(Code::BadHand.with())?;
    Ok(shanten_of(&hand)?.into())
}

/// The most hands [`shanten_batch`] takes in one call (34 counts each: 34 MB of input).
const MAX_BATCH: usize = 1 << 20;

/// The shanten numbers of many hands in one call: `counts` holds the hands one after
/// another, 34 counts each (as [`shanten_counts`] takes one), in a `Uint8Array` of `34 * n`
/// bytes; returns an `Int8Array` of the `n` shanten numbers, in order. For tools that
/// analyse many hands (training data, efficiency tables), where the cost of a call into
/// WebAssembly would outweigh the analysis itself.
///
/// # Errors
/// `BAD_HAND` unless `counts` is a `Uint8Array` of a multiple of 34 bytes (at most 2^20
/// hands), and naming the first hand (from 0) with a count above 4, more than 14 tiles or
/// `3n` tiles.
#[wasm_bindgen(js_name = shantenBatch)]
pub fn shanten_batch(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] counts: JsValue,
) -> Result<js_sys::Int8Array, JsValue> {
    let counts = counts
        .dyn_ref::<js_sys::Uint8Array>()
        .filter(|c| {
            let len = c.length() as usize;
            len.is_multiple_of(KINDS) && len <= MAX_BATCH * KINDS
        })
        .ok_or_else(|| {
            Code::BadHand
                .error("the counts must be a Uint8Array of 34 counts a hand, 2^20 hands at most")
        })?
        .to_vec();
    let shanten = counts
        .chunks_exact(KINDS)
        .enumerate()
        .map(|(at, chunk)| {
            let kinds: [u8; KINDS] = chunk.try_into().unwrap_or([u8::MAX; KINDS]);
            let hand = Hand::from_counts(kinds)
                .map_err(|e| Code::BadHand.error(format!("hand {at}: {e}")))?;
            shanten_of(&hand).map_err(|_| {
                Code::BadHand.error(format!("hand {at}: {} tiles, not 3n+1 or 3n+2", hand.len()))
            })
        })
        .collect::<Result<Vec<i8>, JsValue>>()?;
    Ok(js_sys::Int8Array::from(shanten.as_slice()))
}

/// The waits of a hand of `3n+1` tiles (a tenpai hand of 13 tiles, or fewer after calls):
/// the kinds that complete it, in index order, without the kinds it holds four of
/// (mahjong-core's `Hand::waits`); empty when the hand is not tenpai.
///
/// # Errors
/// `BAD_HAND` for text that is not a hand, or a hand that is not of `3n+1` tiles.
#[wasm_bindgen(unchecked_return_type = "Tile[]")]
pub fn waits(
    #[wasm_bindgen(unchecked_param_type = "string")] tiles: JsValue,
) -> Result<Vec<String>, JsValue> {
    Ok(names(
        hand_of_3n1(&text(&tiles, "the hand")?, "waits")?.waits(),
    ))
}

/// The ukeire of a hand of `3n+1` tiles: each kind whose draw lowers the shanten
/// (mahjong-core's `Hand::ukeire`), with the copies the hand does not hold (`4 - held`;
/// the copies of other seats' discards and melds are not known here), and their sum.
///
/// # Errors
/// `BAD_HAND` for text that is not a hand, or a hand that is not of `3n+1` tiles.
#[wasm_bindgen(unchecked_return_type = "MahjongUkeire")]
pub fn ukeire(
    #[wasm_bindgen(unchecked_param_type = "string")] tiles: JsValue,
) -> Result<JsValue, JsValue> {
    let tiles = text(&tiles, "the hand")?;
    #[derive(Serialize)]
    struct Count {
        tile: String,
        count: u8,
    }
    #[derive(Serialize)]
    struct Ukeire {
        shanten: i8,
        tiles: Vec<Count>,
        total: u32,
    }
    let hand = hand_of_3n1(&tiles, "ukeire")?;
    let counts: Vec<Count> = hand
        .ukeire()
        .iter()
        .map(|tile| Count {
            tile: tile.to_string(),
            count: MAX_COPIES - hand.count(tile),
        })
        .collect();
    Ok(to_js(&Ukeire {
        shanten: hand.shanten(),
        total: counts.iter().map(|c| u32::from(c.count)).sum(),
        tiles: counts,
    }))
}

/// The shanten number of `hand`, a hand in play: of `3n+1` tiles (waiting for a draw) or
/// `3n+2` (to discard), 14 at most.
///
/// # Errors
/// `BAD_HAND` for a hand of `3n` tiles (none included), which no deal or call leaves.
fn shanten_of(hand: &Hand) -> Result<i8, JsValue> {
    if hand.len().is_multiple_of(3) {
        return Err(Code::BadHand.error(format!(
            "shanten is asked of a hand of 3n+1 or 3n+2 tiles (13 or 14, fewer after calls), not {}",
            hand.len()
        )));
    }
    Ok(hand.shanten())
}

/// The hand of `tiles`, which must hold `3n+1` tiles for `what`.
fn hand_of_3n1(tiles: &str, what: &str) -> Result<Hand, JsValue> {
    let hand = hand(tiles)?;
    if hand.len() % 3 != 1 {
        return Err(Code::BadHand.error(format!(
            "{what} are asked of a hand of 3n+1 tiles (13, 10, 7, 4 or 1), not {}",
            hand.len()
        )));
    }
    Ok(hand)
}
