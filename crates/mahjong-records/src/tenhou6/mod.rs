//! tenhou.net/6 JSON game logs (moved from mahjong-core's `mjai::tenhou`).

mod read;

pub use read::{TenhouError, TenhouLog, replay_tenhou, tenhou_to_mjai};
