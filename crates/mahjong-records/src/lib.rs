#![doc = include_str!("../README.md")]

pub mod mjlog;
mod record;

pub use record::GameRecord;
