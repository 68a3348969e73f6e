#![doc = include_str!("../README.md")]

mod record;
pub mod tenhou6;

pub use record::GameRecord;
