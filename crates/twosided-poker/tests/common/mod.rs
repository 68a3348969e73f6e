//! What the property tests share.

use proptest::test_runner::Config;

/// `cases` cases, and no file of failures written (the seeds are in the output).
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}
