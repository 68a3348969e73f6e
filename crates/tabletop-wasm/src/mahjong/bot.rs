//! mahjong-core's bots, by name, choosing from a seat's view alone.

use mahjong_core::bot::{ClassroomBot, EfficiencyBot, KyokuBot, RandomBot};
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::seed::rng;

/// The bot named `name`; `random` draws from `seed` (0 when not given).
///
/// # Errors
/// `BAD_ARGUMENT` for a name that is not `efficiency`, `classroom` or `random`.
pub(crate) fn named(name: &str, seed: Option<f64>) -> Result<Box<dyn KyokuBot>, JsValue> {
    Ok(match name {
        "efficiency" => Box::new(EfficiencyBot::new()),
        "classroom" => Box::new(ClassroomBot::new()),
        "random" => Box::new(RandomBot::new(rng(seed.unwrap_or(0.0)))),
        other => {
            return Err(Code::BadArgument.error(format!(
                "`{other}` is not a mahjong bot: use efficiency, classroom or random"
            )));
        }
    })
}
