//! What the tests of the examples share: building an example and finding its executable.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The executable of the example `name`, built in the `test` profile (the tests' own
/// optimised build, which `.ci/run` also runs the examples from: a release build here
/// compiled every crate a second time), since `cargo test` builds an example only as its
/// unit tests. It is built with the features of the whole workspace, as `cargo test
/// --workspace` builds the crates (the Python package turns on their `serde`): built for
/// this package alone, every game crate was compiled again without it.
pub fn build_example(name: &str) -> PathBuf {
    let output = Command::new(env!("CARGO"))
        .args(["build", "--profile", "test", "--quiet", "--workspace"])
        .args(["--example", name])
        .arg("--message-format=json")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stderr(Stdio::inherit())
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "the example {name} builds");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let kind = r#""kind":["example"]"#;
    let named = format!(r#""name":"{name}""#);
    let line = stdout
        .lines()
        .find(|l| l.contains(kind) && l.contains(&named))
        .expect("cargo reports the example");
    let (_, rest) = line.split_once(r#""executable":""#).expect("an executable");
    PathBuf::from(rest.split('"').next().unwrap_or_default())
}
