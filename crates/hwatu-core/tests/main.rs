//! The integration tests of hwatu-core, in one test binary: each file of `tests/` is
//! a module here (`cargo test --test tests MODULE::` runs one file's tests), so that
//! they compile and link once rather than once a file.

mod app_api;
mod common;
mod events;
mod gostop;
mod gostop_serde;
mod gostop_strength;
mod gostop_table;
mod hidden_information;
mod house_rules;
mod properties;
mod public_inputs;
mod settlement;
mod strength;
mod tutorial_bugs;
