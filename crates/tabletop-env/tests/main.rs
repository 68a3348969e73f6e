//! The integration tests of tabletop-env, in one test binary: each file of `tests/` is
//! a module here (`cargo test --test tests MODULE::` runs one file's tests), so that
//! they compile and link once rather than once a file.

mod conformance;
mod eval;
mod mahjong_eval;
#[cfg(feature = "logs")]
mod mahjong_logs;
mod mahjong_obs;
mod snapshot;
