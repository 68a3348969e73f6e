//! The integration tests of mahjong-records, in one test binary: each file of `tests/` is
//! a module here (`cargo test -p mahjong-records --test tests MODULE::` runs one file's
//! tests).

mod common;
mod mjlog_bad_input;
mod mjlog_known_answers;
mod mjlog_real;
mod mjlog_round_trip;
mod mjlog_tenhou6_twins;
mod record;
mod round_trips;
mod tenhou6;
mod tenhou6_read;
mod writers_bad_input;
