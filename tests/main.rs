//! The integration tests of the root package (the examples and the programs), in one test
//! binary: each file of `tests/` is a module here (`cargo test --test tests MODULE::` runs
//! one file's tests), so that they compile and link once rather than once a file.

mod closed_output;
mod common;
mod layout;
mod mahjong_example;
mod matgo_example;
mod mjai_programs;
mod omok_engine;
