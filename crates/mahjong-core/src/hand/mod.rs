//! Tiles, hands and their analysis, and scoring: pure functions of tiles, with no game state.
//! Nothing here depends on [`crate::game`] or [`crate::bot`].

pub(crate) mod analysis;
pub(crate) mod concealed;
pub(crate) mod decompose;
pub(crate) mod lanes;
pub(crate) mod riichi;
pub mod score;
pub(crate) mod special;
pub(crate) mod tables;
pub(crate) mod tile;
pub(crate) mod tile_set;
