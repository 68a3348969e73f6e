//! Every example ends quietly when its standard output is closed (`example | head -2`):
//! status 0, nothing on standard error (no panic, no backtrace).

use std::process::{Command, Stdio};

use crate::common;

/// Runs the example `name` with `args` and no input, its output closed before it writes,
/// and checks it ends with status 0 and says nothing on standard error.
fn ends_quietly(name: &str, args: &[&str]) {
    let mut child = Command::new(common::build_example(name))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the example ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{name}: {:?}\n{stderr}",
        output.status
    );
    assert_eq!(stderr, "", "{name}");
}

#[test]
fn mahjong() {
    ends_quietly("mahjong", &["--bots", "--seed", "7"]);
}

#[test]
fn mahjong_score() {
    ends_quietly("mahjong_score", &[]);
}

#[test]
fn matgo() {
    ends_quietly("matgo", &["--bots", "--seed", "7"]);
}

#[test]
fn omok() {
    ends_quietly("omok", &["--bots", "--seed", "7"]);
}

#[test]
fn twosided_poker() {
    ends_quietly("twosided_poker", &["--bots", "--seed", "7"]);
}

#[test]
fn matgo_at_a_go_stop_table() {
    ends_quietly("matgo", &["--bots", "--seed", "7", "--players", "4"]);
}
