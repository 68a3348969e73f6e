//! The integration tests of twosided-poker, in one test binary: each file of `tests/` is
//! a module here (`cargo test --test tests MODULE::` runs one file's tests), so that
//! they compile and link once rather than once a file.

mod bots;
mod common;
mod hidden;
mod positions;
mod properties;
mod scenarios;
mod strength;
