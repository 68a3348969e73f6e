//! The tests of the `mahjong-log` program, in one test binary: each file of `tests/` is a
//! module here.

mod program;
