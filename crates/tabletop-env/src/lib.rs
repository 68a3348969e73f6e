#![doc = include_str!("../README.md")]

mod agent;
mod bits;
mod env;
mod error;
pub mod mahjong;
pub mod seed;
#[cfg(feature = "serde")]
mod serde_array;

pub use agent::{Agent, RandomAgent, random_legal_id};
pub use env::{Env, MAX_PLAYERS, Rewards, Step, check_id, check_len, check_seat};
pub use error::EnvError;
mod batch;
pub mod conformance;
pub mod omok;
pub use batch::VecEnv;
mod buffers;
pub use buffers::{BatchBuffers, OwnedBatchBuffers};
pub mod bots;
pub mod eval;
pub mod gostop;
mod hwatu;
pub mod matgo;
pub mod poker;
