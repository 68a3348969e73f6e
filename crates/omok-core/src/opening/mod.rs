//! Openings ([spec](crate::spec) section 4): the competition opening rules (swap2,
//! Soosorv-8, Taraguchi-10) as a phase before the game, and random openings for bot
//! matches, tests and benches.

mod random;
mod rules;
pub(crate) mod symmetry;

pub use random::{OPENING_STONES, random_opening};
pub use rules::{
    Opening, OpeningAction, OpeningError, OpeningEvent, OpeningRule, ParseActionError,
    ParseOpeningRuleError, Seat, Step,
};
