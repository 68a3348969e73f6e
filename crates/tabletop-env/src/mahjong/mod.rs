//! Riichi mahjong as environments: the full game as a match or one hand ([`MahjongEnv`]:
//! Tenhou's, the other four-player presets, and three-player riichi) and the classroom game
//! ([`ClassroomEnv`]).
//!
//! The id tables ([`ids`]), the observation planes ([`obs`]), the rewards ([`Reward`]) and
//! the walls' seeds ([`wall`]) are documented there and in the crate README's mahjong
//! section.

mod classroom;
mod full;
pub mod ids;
#[cfg(feature = "logs")]
pub mod logs;
pub mod obs;
mod record;
pub mod reward;
pub mod wall;

pub use classroom::{CLASSROOM_PLANES, ClassroomEnv};
pub use full::{MAX_HAND_DECISIONS, MAX_MATCH_HANDS, MahjongEnv};
pub use reward::{MORTAL_RANK_POINTS, Reward, SANMA_RANK_POINTS};

/// The outcome of an accepted step: no reward until the end, then what `settle` pays.
fn step_outcome(to_move: Option<usize>, settle: impl FnOnce() -> crate::Rewards) -> crate::Step {
    crate::Step {
        rewards: match to_move {
            None => settle(),
            Some(_) => [0.0; crate::MAX_PLAYERS],
        },
        terminated: to_move.is_none(),
        to_move,
    }
}
