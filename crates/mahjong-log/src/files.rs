//! The record files a command is given: paths named, folders walked.

use std::collections::HashSet;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// A record file to read: its path, and the folder named on the command line it was found
/// in (`None` for a file named itself).
#[derive(Clone, Debug)]
pub struct Input {
    pub path: PathBuf,
    pub root: Option<PathBuf>,
}

/// The files found, and what could not be looked at (`PATH: reason`), which the command
/// reports and counts as a failure while it goes on with the files.
#[derive(Default)]
pub struct Found {
    pub files: Vec<Input>,
    pub problems: Vec<String>,
}

/// The extensions of record files looked for in folders, in any case (a `.gz` of any of
/// them too).
const EXTENSIONS: [&str; 5] = ["json", "jsonl", "mjson", "xml", "mjlog"];

/// The files of `paths`: each regular file as named, each folder's record files (by
/// extension, recursively, in name order; symbolic links to folders are not followed, so a
/// link loop is walked once; pipes and devices are left out), each file once.
///
/// # Errors
/// A named path that does not exist or cannot be looked at (a bad command line).
pub fn collect(paths: &[PathBuf]) -> Result<Found, String> {
    let mut found = Found::default();
    let mut seen = HashSet::new();
    let mut push = |found: &mut Found, path: PathBuf, root: Option<&Path>| {
        let key = fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        if seen.insert(key) {
            let root = root.map(Path::to_path_buf);
            found.files.push(Input { path, root });
        }
    };
    for path in paths {
        let meta = fs::metadata(path).map_err(|error| match error.kind() {
            ErrorKind::NotFound => format!("{}: no such file or folder", path.display()),
            _ => format!("{}: {error}", path.display()),
        })?;
        if meta.is_dir() {
            let mut here = Vec::new();
            walk(path, &mut here, &mut found.problems);
            here.sort();
            here.into_iter()
                .for_each(|file| push(&mut found, file, Some(path)));
        } else if meta.is_file() {
            push(&mut found, path.clone(), None);
        } else {
            found
                .problems
                .push(format!("{}: not a regular file", path.display()));
        }
    }
    Ok(found)
}

/// Adds the record files below `folder` to `files`, and each entry that cannot be read to
/// `problems`.
fn walk(folder: &Path, files: &mut Vec<PathBuf>, problems: &mut Vec<String>) {
    let entries = match fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(error) => return problems.push(format!("{}: {error}", folder.display())),
    };
    for entry in entries {
        let (path, kind) = match entry.and_then(|e| Ok((e.path(), e.file_type()?))) {
            Ok(found) => found,
            Err(error) => {
                problems.push(format!("{}: {error}", folder.display()));
                continue;
            }
        };
        if kind.is_dir() {
            walk(&path, files, problems);
        } else if is_record_name(&path) && fs::metadata(&path).is_ok_and(|m| m.is_file()) {
            files.push(path);
        }
    }
}

fn is_record_name(path: &Path) -> bool {
    let name = path
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .to_lowercase();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    EXTENSIONS
        .iter()
        .any(|ext| name.ends_with(&format!(".{ext}")))
}
