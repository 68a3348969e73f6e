//! Riichi mahjong environments.
mod classroom;
mod full;
pub mod ids;
pub mod obs;
mod record;
pub mod reward;
pub mod wall;

pub use classroom::{CLASSROOM_PLANES, ClassroomEnv};
pub use full::{MAX_HAND_DECISIONS, MAX_MATCH_HANDS, MahjongEnv};
pub use reward::{MORTAL_RANK_POINTS, Reward};
