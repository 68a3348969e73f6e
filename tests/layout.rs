//! The workspace's test layout: each package's integration tests are one binary,
//! `tests/main.rs`, with every file of its `tests/` folder as a module (the packages set
//! `autotests = false`, so a file that `main.rs` does not name would never be compiled).

use std::fs;
use std::path::Path;

/// The folders of the workspace's packages that have integration tests.
const PACKAGES: [&str; 8] = [
    ".",
    "crates/hwatu-core",
    "crates/mahjong-core",
    "crates/mahjong-log",
    "crates/mahjong-records",
    "crates/omok-core",
    "crates/tabletop-env",
    "crates/twosided-poker",
];

#[test]
fn every_file_of_a_tests_folder_is_a_module_of_its_main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for package in PACKAGES {
        let tests = root.join(package).join("tests");
        let main = fs::read_to_string(tests.join("main.rs")).unwrap();
        let declared: Vec<&str> = main
            .lines()
            .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
            .collect();
        for entry in fs::read_dir(&tests).unwrap() {
            let path = entry.unwrap().path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let Some(module) = name.strip_suffix(".rs").filter(|m| *m != "main") else {
                continue;
            };
            assert!(
                declared.contains(&module),
                "{} is not a module of {}",
                path.display(),
                tests.join("main.rs").display()
            );
        }
    }
}
