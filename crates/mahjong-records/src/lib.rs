#![doc = include_str!("../README.md")]

mod record;

pub use record::GameRecord;
