//! The platform whose rules a record is read under when the record does not say.

use std::fmt;
use std::str::FromStr;

use mahjong_core::Rules;
use thiserror::Error;

/// A platform with rule presets in `mahjong-core`: mjai logs name no rules, so they are read
/// under the platform a user names, its three-player preset for a three-player log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Platform {
    /// Tenhou's ranked lobby: [`Rules::tenhou`], [`Rules::tenhou_sanma`].
    #[default]
    Tenhou,
    /// Mahjong Soul: [`Rules::mahjong_soul`], [`Rules::mahjong_soul_sanma`].
    MahjongSoul,
    /// M-League: [`Rules::m_league`] (no three-player game).
    MLeague,
    /// The World Riichi Championship: [`Rules::wrc`] (no three-player game).
    Wrc,
}

/// A platform name [`Platform::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a platform (tenhou, mahjong-soul, m-league, wrc)")]
pub struct UnknownPlatform(pub String);

impl Platform {
    /// Every platform.
    pub const ALL: [Platform; 4] = [
        Platform::Tenhou,
        Platform::MahjongSoul,
        Platform::MLeague,
        Platform::Wrc,
    ];

    /// The platform's name on a command line: `tenhou`, `mahjong-soul`, `m-league`, `wrc`.
    pub const fn name(self) -> &'static str {
        match self {
            Platform::Tenhou => "tenhou",
            Platform::MahjongSoul => "mahjong-soul",
            Platform::MLeague => "m-league",
            Platform::Wrc => "wrc",
        }
    }

    /// The platform's rules for a table of `seats` (4, or 3 for sanma); `None` when it has
    /// no such game (M-League and the WRC play four only; any other count).
    pub const fn rules(self, seats: usize) -> Option<Rules> {
        match (self, seats) {
            (Platform::Tenhou, 4) => Some(Rules::tenhou()),
            (Platform::Tenhou, 3) => Some(Rules::tenhou_sanma()),
            (Platform::MahjongSoul, 4) => Some(Rules::mahjong_soul()),
            (Platform::MahjongSoul, 3) => Some(Rules::mahjong_soul_sanma()),
            (Platform::MLeague, 4) => Some(Rules::m_league()),
            (Platform::Wrc, 4) => Some(Rules::wrc()),
            _ => None,
        }
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Platform {
    type Err = UnknownPlatform;

    /// A platform by its [`Platform::name`].
    ///
    /// # Errors
    /// [`UnknownPlatform`] for any other text.
    fn from_str(name: &str) -> Result<Platform, UnknownPlatform> {
        Platform::ALL
            .into_iter()
            .find(|platform| platform.name() == name)
            .ok_or_else(|| UnknownPlatform(name.to_string()))
    }
}
