//! The form every record format converts through: the rules and the full mjai log.

use mahjong_core::Rules;
use mahjong_core::mjai::MjaiEvent;

/// A game record as every format is read into and written from: the rules it was played
/// under (the format's rule flags where it has them, else the caller's) and its full mjai
/// log, every seat's tiles shown (`start_game` .. `end_game` for a whole match, or hands
/// `start_kyoku` .. `end_kyoku` alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The rules of the game: seats (3 or 4), red fives, open tanyao, the match's length.
    pub rules: Rules,
    /// The mjai lines of the game (`mahjong_core::mjai`'s mapping).
    pub events: Vec<MjaiEvent>,
}
