//! The integration tests of mahjong-records, in one test binary: each file of `tests/` is
//! a module here (`cargo test -p mahjong-records --test tests MODULE::` runs one file's
//! tests).

mod common;
mod mjlog_real;
mod mjlog_round_trip;
