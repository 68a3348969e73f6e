//! The integration tests of mahjong-records, in one test binary: each file of `tests/` is
//! a module here (`cargo test -p mahjong-records --test tests MODULE::` runs one file's
//! tests).

mod tenhou6;
mod tenhou6_read;
