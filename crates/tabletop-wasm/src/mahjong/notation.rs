//! The arguments of the mahjong bindings read with mahjong-core's parsers: seats, rule
//! presets, hands, actions and walls.

use mahjong_core::score::TileCopy;
use mahjong_core::{Hand, KyokuAction, MAX_SEATS, Rules, Seat, TileWall};
use wasm_bindgen::prelude::*;

use crate::Code;

/// The rule presets by name: `Rules::PRESETS` and the two three-player ones.
pub(crate) const RULES: [(&str, Rules); 6] = [
    Rules::PRESETS[0],
    Rules::PRESETS[1],
    Rules::PRESETS[2],
    Rules::PRESETS[3],
    ("tenhou_sanma", Rules::tenhou_sanma()),
    ("mahjong_soul_sanma", Rules::mahjong_soul_sanma()),
];

/// The preset named `name` (`tenhou` when not given), with its name; words joined by `_`
/// as mahjong-core names them (`mahjong_soul`), or by `-` as the platforms of `readLog`
/// and the command-line programs are (`mahjong-soul`).
///
/// # Errors
/// `BAD_ARGUMENT` for another name.
pub(crate) fn preset(name: Option<&str>) -> Result<(&'static str, Rules), JsValue> {
    let name = name.unwrap_or("tenhou");
    let wanted = name.replace('-', "_");
    RULES
        .iter()
        .find(|(preset, _)| *preset == wanted)
        .copied()
        .ok_or_else(|| {
            let names: Vec<&str> = RULES.iter().map(|(n, _)| *n).collect();
            Code::BadArgument.error(format!(
                "`{name}` is not a rule preset: use {}",
                names.join(", ")
            ))
        })
}

/// The seat of index `index` (a JavaScript number: 0 to 3).
///
/// # Errors
/// `BAD_ARGUMENT` for a number that is not a whole number from 0 to 3.
pub(crate) fn seat(index: f64) -> Result<Seat, JsValue> {
    let whole = index.fract() == 0.0 && (0.0..MAX_SEATS as f64).contains(&index);
    whole
        .then(|| Seat::new(index as usize))
        .flatten()
        .ok_or_else(|| {
            Code::BadArgument.error(format!("{index} is not a seat: 0 to {}", MAX_SEATS - 1))
        })
}

/// A concealed hand in MPSZ notation (`123m456p789s11z`, red fives `0` read as fives).
///
/// # Errors
/// `BAD_HAND` with mahjong-core's message for text that is not a hand.
pub(crate) fn hand(text: &str) -> Result<Hand, JsValue> {
    text.parse().map_err(Code::BadHand.with())
}

/// An action in mahjong-core's text (`discard 5m`, `riichi 0p`, `chi 46m`, `pass`...).
///
/// # Errors
/// `BAD_ARGUMENT` with mahjong-core's message for text that is no action.
pub(crate) fn action(text: &str) -> Result<KyokuAction, JsValue> {
    text.parse().map_err(Code::BadArgument.with())
}

/// Tiles in notation, one after another (`1m0p7z`), with the red fives.
pub(crate) fn tiles_text(tiles: &[TileCopy]) -> String {
    tiles.iter().map(ToString::to_string).collect()
}

/// Each tile in notation.
pub(crate) fn tile_names(tiles: &[TileCopy]) -> Vec<String> {
    tiles.iter().map(ToString::to_string).collect()
}

/// A wall written as [`tiles_text`] writes it (spaces allowed between tiles), for `rules`.
///
/// # Errors
/// The first tile that does not read, or mahjong-core's refusal of the wall (its size, a
/// kind not four times, red fives the rules do not have), in words.
pub(crate) fn wall(text: &str, rules: &Rules) -> Result<TileWall, String> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let tiles = chars
        .chunks(2)
        .enumerate()
        .map(|(at, pair)| {
            let tile: String = pair.iter().collect();
            tile.parse::<TileCopy>()
                .map_err(|e| format!("the wall's tile {}, `{tile}`: {e}", at + 1))
        })
        .collect::<Result<Vec<TileCopy>, String>>()?;
    TileWall::from_tiles(&tiles, rules.red_fives).map_err(|e| e.to_string())
}
