//! The rule set of a game: data, with the simplified classroom game and its solo variant
//! as presets ([spec](crate::spec) section 3).

/// The rules a [`crate::Game`] follows. `Default` is [`Rules::classroom`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The number of seats, 1 to 4; seat 0 plays first. The classroom game has 4; its solo
    /// variant 1 (with one seat there is no ron). Other values are refused by
    /// [`crate::Game::new`].
    pub seats: usize,
    /// Furiten (standard rule, section 3): a riichi player cannot ron when one of its waits
    /// is among its own discards, or after it passed a ron since declaring riichi. On by
    /// default.
    pub furiten: bool,
}

impl Rules {
    /// The simplified four-player game of a class assignment (spec section 3): four seats, riichi,
    /// tsumo, ron only in riichi, furiten.
    pub const fn classroom() -> Rules {
        Rules {
            seats: 4,
            furiten: true,
        }
    }

    /// The class assignment's solo variant: one player alone, winning by tsumo only.
    pub const fn solo() -> Rules {
        Rules {
            seats: 1,
            furiten: true,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::classroom()
    }
}

/// Rules a game cannot be played by.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not 1 to 4 seats.
    #[error("a game has 1 to 4 seats, not {seats}")]
    Seats {
        /// The number asked for.
        seats: usize,
    },
}
