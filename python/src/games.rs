//! The games the extension knows, by name, with their options and bots.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_env::bots::BotAgent;
use tabletop_env::gostop::GoStopEnv;
use tabletop_env::mahjong::{MahjongEnv, Reward};
use tabletop_env::matgo::MatgoEnv;
use tabletop_env::omok::OmokEnv;
use tabletop_env::poker::PokerEnv;
use tabletop_env::{Agent, Env, EnvError, RandomAgent};

use crate::int_arg::Int;

/// One environment of any game.
// One per Python object, never in an array: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum AnyEnv {
    /// Omok / gomoku / renju.
    Omok(OmokEnv),
    /// Matgo.
    Matgo(MatgoEnv),
    /// Go-Stop among three.
    GoStop(GoStopEnv),
    /// Two-sided poker.
    Poker(PokerEnv),
    /// Riichi mahjong (a hanchan or one hand).
    Mahjong(MahjongEnv),
}

/// Runs `$body` with `$e` bound to the environment inside `$any`, whatever its game.
#[macro_export]
macro_rules! with_env {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            $crate::games::AnyEnv::Omok($e) => $body,
            $crate::games::AnyEnv::Matgo($e) => $body,
            $crate::games::AnyEnv::GoStop($e) => $body,
            $crate::games::AnyEnv::Poker($e) => $body,
            $crate::games::AnyEnv::Mahjong($e) => $body,
        }
    };
}

/// The game names [`Options::build`] takes.
pub const GAMES: [&str; 6] = [
    "omok",
    "matgo",
    "poker",
    "mahjong",
    "mahjong_hand",
    "gostop",
];

/// A game's name and options, as Python gives them (`None`: the default).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// One of [`GAMES`].
    pub game: String,
    /// Omok: `freestyle`, `standard`, `renju` (default) or `omok`.
    pub rule: Option<String>,
    /// Omok: the board size, 5 to 26 (default 15).
    pub size: Option<u8>,
    /// Matgo: `standard` (default), `tutorial` or `classic`; Go-Stop: `standard` (the only
    /// one, [`GOSTOP_PRESETS`]).
    pub preset: Option<String>,
    /// Poker: `standard` (default) or `grand_final`.
    pub deck: Option<String>,
    /// Mahjong: `rank` (default: Mortal's 90/45/0/-135 at four seats, 90/0/-90 at three),
    /// `points` or `score`.
    pub reward: Option<String>,
    /// Mahjong: a rule preset by name, one of [`mahjong_rules_names`] (default `tenhou`).
    pub rules: Option<String>,
}

/// The Go-Stop rule presets `preset` takes: hwatu-core's standard rules of three-player
/// Go-Stop.
pub const GOSTOP_PRESETS: [(&str, hwatu_core::GoStopRules); 1] =
    [("standard", hwatu_core::GoStopRules::standard())];

/// The mahjong rule presets `rules` takes: mahjong-core's four-player `Rules::PRESETS` and
/// the three-player `tenhou_sanma` and `mahjong_soul_sanma`.
pub fn mahjong_presets() -> [(&'static str, mahjong_core::Rules); 6] {
    let [a, b, c, d] = mahjong_core::Rules::PRESETS;
    [
        a,
        b,
        c,
        d,
        ("tenhou_sanma", mahjong_core::Rules::tenhou_sanma()),
        (
            "mahjong_soul_sanma",
            mahjong_core::Rules::mahjong_soul_sanma(),
        ),
    ]
}

/// The mahjong preset `name` (one of [`mahjong_rules_names`]).
///
/// # Errors
/// `ValueError` for another name.
pub fn mahjong_rules(name: &str) -> PyResult<mahjong_core::Rules> {
    mahjong_presets()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, r)| r)
        .ok_or_else(|| bad("rules", name, &mahjong_rules_names()))
}

/// The mahjong reward `name` (`rank`: the rules' rank points, `points`, `score`).
///
/// # Errors
/// `ValueError` for another name.
pub fn mahjong_reward(name: &str, rules: &mahjong_core::Rules) -> PyResult<Reward> {
    match name {
        "rank" => Ok(Reward::for_rules(rules)),
        "points" => Ok(Reward::Points),
        "score" => Ok(Reward::Score),
        other => Err(bad("reward", other, &["rank", "points", "score"])),
    }
}

/// The names of [`mahjong_presets`].
pub fn mahjong_rules_names() -> [&'static str; 6] {
    mahjong_presets().map(|(name, _)| name)
}

/// The `ValueError` of a name that is not one of `choices`. Names are matched exactly (in
/// lower case, as listed), for every option alike.
fn bad(what: &str, value: &str, choices: &[&str]) -> PyErr {
    PyValueError::new_err(format!(
        "unknown {what} {value:?}: choose one of {} (names are matched exactly, in lower case)",
        choices.join(", ")
    ))
}

fn unused(game: &str, name: &str, value: bool) -> PyResult<()> {
    if value {
        Err(PyValueError::new_err(format!(
            "option `{name}` does not apply to {game}"
        )))
    } else {
        Ok(())
    }
}

/// An [`EnvError`] as a Python `ValueError` carrying its message.
pub fn value_error(error: EnvError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

impl Options {
    /// The environment these options describe.
    ///
    /// # Errors
    /// `ValueError` for an unknown game or option value, or an option of another game.
    pub fn build(&self) -> PyResult<AnyEnv> {
        let g = self.game.as_str();
        let omok = g == "omok";
        let mahjong = g.starts_with("mahjong");
        unused(g, "rule", !omok && self.rule.is_some())?;
        unused(g, "size", !omok && self.size.is_some())?;
        let hwatu = g == "matgo" || g == "gostop";
        unused(g, "preset", !hwatu && self.preset.is_some())?;
        unused(g, "deck", g != "poker" && self.deck.is_some())?;
        unused(g, "reward", !mahjong && self.reward.is_some())?;
        unused(g, "rules", !mahjong && self.rules.is_some())?;
        let env = match g {
            "omok" => {
                let name = self.rule.as_deref().unwrap_or("renju");
                // Matched exactly, as every name the package takes (omok-core's `FromStr`
                // also takes `Renju` and ` renju `).
                let rule = omok_core::Rule::ALL
                    .into_iter()
                    .find(|r| r.name() == name)
                    .ok_or_else(|| bad("rule", name, &omok_core::Rule::ALL.map(|r| r.name())))?;
                AnyEnv::Omok(OmokEnv::new(rule, self.size.unwrap_or(15)).map_err(value_error)?)
            }
            "matgo" => {
                let name = self.preset.as_deref().unwrap_or("standard");
                let presets = hwatu_core::Rules::PRESETS;
                let rules = presets
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, r)| *r)
                    .ok_or_else(|| bad("preset", name, &presets.map(|(n, _)| n)))?;
                AnyEnv::Matgo(MatgoEnv::new(rules).map_err(value_error)?)
            }
            "gostop" => {
                let name = self.preset.as_deref().unwrap_or("standard");
                let rules = GOSTOP_PRESETS
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, r)| *r)
                    .ok_or_else(|| bad("preset", name, &GOSTOP_PRESETS.map(|(n, _)| n)))?;
                AnyEnv::GoStop(GoStopEnv::new(rules).map_err(value_error)?)
            }
            "poker" => {
                let rules = match self.deck.as_deref().unwrap_or("standard") {
                    "standard" => twosided_poker::Rules::default(),
                    "grand_final" => twosided_poker::Rules::grand_final(),
                    other => return Err(bad("deck", other, &["standard", "grand_final"])),
                };
                AnyEnv::Poker(PokerEnv::new(rules).map_err(value_error)?)
            }
            "mahjong" | "mahjong_hand" => {
                let rules = mahjong_rules(self.rules.as_deref().unwrap_or("tenhou"))?;
                let reward = mahjong_reward(self.reward.as_deref().unwrap_or("rank"), &rules)?;
                let env = if g == "mahjong" {
                    MahjongEnv::game(rules, reward)
                } else {
                    MahjongEnv::hand(rules, reward)
                };
                AnyEnv::Mahjong(env.map_err(value_error)?)
            }
            other => return Err(bad("game", other, &GAMES)),
        };
        Ok(env)
    }
}

/// A game's bots by name (`random` plays a uniformly random legal id), as `bot_action`
/// builds them.
pub trait Bots: Env + Sized {
    /// The bot names of this game.
    const NAMES: &'static [&'static str];

    /// Bot `name`, or `None` when this game has no bot of that name. `random` draws from
    /// `seed`.
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>>;
}

/// The bot names of `env`'s game.
pub fn bots_of(env: &AnyEnv) -> &'static [&'static str] {
    fn names<E: Bots>(_: &E) -> &'static [&'static str] {
        E::NAMES
    }
    crate::with_env!(env, e => names(e))
}

/// `impl Bots for $env`: `random`, then each `$name` a `BotAgent` over `$bot`.
macro_rules! bots {
    ($env:ty, $($name:literal => $bot:expr),*) => {
        impl Bots for $env {
            const NAMES: &'static [&'static str] = &["random", $($name),*];
            fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
                match name {
                    "random" => Some(Box::new(RandomAgent::new(seed))),
                    $($name => Some(Box::new(BotAgent::new(name, $bot))),)*
                    _ => None,
                }
            }
        }
    };
}

bots!(OmokEnv, "threat" => omok_core::bot::ThreatBot::new());
bots!(MatgoEnv, "tutorial" => hwatu_core::bot::TutorialBot::new());
// A hwatu-core bot of Go-Stop (`Bot<SeatView>`) is added here.
bots!(GoStopEnv, "tutorial" => hwatu_core::bot::TutorialBot::new());
bots!(PokerEnv, "counting" => twosided_poker::bot::Counting::new());
bots!(MahjongEnv, "efficiency" => mahjong_core::bot::EfficiencyBot::new());

/// Bot `name` of game `E`, seeded with `seed`.
///
/// # Errors
/// `ValueError` for a bot this game does not have.
pub fn bot_of<E: Bots>(name: &str, seed: u64) -> PyResult<Box<dyn Agent<E>>> {
    E::bot(name, seed).ok_or_else(|| bad("bot", name, E::NAMES))
}

/// The id `agent` plays for the seat to move (`None` when the episode is over), after a
/// reset with `seed`.
pub fn ask<E: Env>(agent: &mut dyn Agent<E>, env: &E, seed: u64) -> Option<u32> {
    let seat = env.to_move()?;
    agent.reset(seed);
    Some(agent.act(env, seat))
}

/// The id bot `name` plays for the seat to move (`None` when the episode is over); `seed`
/// seeds a randomised bot.
///
/// # Errors
/// `ValueError` for a bot this game does not have.
pub fn bot_action(env: &AnyEnv, name: &str, seed: u64) -> PyResult<Option<u32>> {
    crate::with_env!(env, e => Ok(ask(bot_of(name, seed)?.as_mut(), e, seed)))
}

/// The game names `RawEnv` takes.
#[pyfunction]
pub fn game_names() -> Vec<&'static str> {
    GAMES.to_vec()
}

/// `derive(seed, x)` of the crate's `seed` module: a new seed from a seed and one more
/// number (`mix64(seed ^ mix64(x + GAMMA))` in wrapping 64-bit arithmetic), the same on every
/// platform. `eval::duplicate` seeds deal `d` with `derive(seed, d)`.
#[pyfunction]
///
/// Raises `ValueError` for a number outside `0..2**64`, `TypeError` for a non-integer.
pub fn derive_seed(seed: Int<u64>, x: Int<u64>) -> u64 {
    tabletop_env::seed::derive(seed.0, x.0)
}

/// The bot names of `game`.
///
/// # Errors
/// `ValueError` for an unknown game.
#[pyfunction]
pub fn bot_names(game: &str) -> PyResult<Vec<&'static str>> {
    let env = Options {
        game: game.to_string(),
        ..Options::default()
    }
    .build()?;
    Ok(bots_of(&env).to_vec())
}

macro_rules! any_from {
    ($($variant:ident($ty:ty)),*) => {$(
        impl From<$ty> for AnyEnv {
            fn from(env: $ty) -> AnyEnv {
                AnyEnv::$variant(env)
            }
        }
    )*};
}

any_from!(
    Omok(OmokEnv),
    Matgo(MatgoEnv),
    GoStop(GoStopEnv),
    Poker(PokerEnv),
    Mahjong(MahjongEnv)
);
