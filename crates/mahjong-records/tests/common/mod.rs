//! What several test files share: the records of `tests/data`.

use std::path::{Path, PathBuf};

/// The folder of the test data.
pub fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Every mjlog record under `tests/data/mjlog`, sorted, with its path relative to
/// `tests/data` and its text.
pub fn mjlogs() -> Vec<(String, String)> {
    let root = data().join("mjlog");
    let mut files = Vec::new();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/data/mjlog")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let mut here: Vec<PathBuf> = std::fs::read_dir(&folder)
            .expect("folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| {
                matches!(
                    p.extension().and_then(|e| e.to_str()),
                    Some("xml" | "mjlog")
                )
            })
            .collect();
        here.sort();
        for path in here {
            let text = std::fs::read_to_string(&path).expect("a UTF-8 record");
            let name = path
                .strip_prefix(data())
                .expect("under data")
                .display()
                .to_string();
            files.push((name, text));
        }
    }
    files
}
