//! The integration tests of omok-core, in one test binary: each file of `tests/` is
//! a module here (`cargo test --test tests MODULE::` runs one file's tests), so that
//! they compile and link once rather than once a file.

mod baseline;
mod differential;
mod foul_map;
mod openings;
mod properties;
mod reference;
mod scenarios;
mod strength;
mod testdata;
