//! The record files a command reads: paths named, folders walked, gzip unpacked.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use flate2::read::MultiGzDecoder;
use mahjong_records::{GameRecord, Platform, RecordError};
use rayon::prelude::*;

use crate::progress::Progress;

/// A record file to read: its path, and the folder named on the command line it was found
/// in (`None` for a file named itself).
#[derive(Clone, Debug)]
pub struct Input {
    pub path: PathBuf,
    pub root: Option<PathBuf>,
}

/// The extensions of record files looked for in folders (a `.gz` of any of them too).
const EXTENSIONS: [&str; 5] = ["json", "jsonl", "mjson", "xml", "mjlog"];

/// The files of `paths`: each file as named, each folder's record files (by extension,
/// recursively, in name order).
///
/// # Errors
/// A path that does not exist or a folder that cannot be read, with its path.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<Input>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            walk(path, &mut found).map_err(|e| format!("{}: {e}", path.display()))?;
            found.sort();
            files.extend(found.into_iter().map(|file| Input {
                path: file,
                root: Some(path.clone()),
            }));
        } else if path.exists() {
            files.push(Input {
                path: path.clone(),
                root: None,
            });
        } else {
            return Err(format!("{}: no such file or folder", path.display()));
        }
    }
    Ok(files)
}

fn walk(folder: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(folder)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, found)?;
        } else if is_record_file(&path) {
            found.push(path);
        }
    }
    Ok(())
}

fn is_record_file(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let name = name.strip_suffix(".gz").unwrap_or(name);
    EXTENSIONS
        .iter()
        .any(|ext| name.ends_with(&format!(".{ext}")))
}

/// Why a file gives no record.
#[derive(Debug)]
pub enum FileError {
    Io(io::Error),
    NotText,
    Record(RecordError),
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Io(error) => write!(f, "cannot be read: {error}"),
            FileError::NotText => f.write_str("not UTF-8 text (nor gzip of it)"),
            FileError::Record(error) => error.fmt(f),
        }
    }
}

/// The text of `path`, unpacked when it is gzip (told by its first bytes, whatever its name).
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = fs::read(path).map_err(FileError::Io)?;
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut unpacked = Vec::new();
        MultiGzDecoder::new(&bytes[..])
            .read_to_end(&mut unpacked)
            .map_err(FileError::Io)?;
        unpacked
    } else {
        bytes
    };
    String::from_utf8(bytes).map_err(|_| FileError::NotText)
}

/// The record of `path`, mjai logs read under `platform`.
pub fn read_record(path: &Path, platform: Platform) -> Result<GameRecord, FileError> {
    GameRecord::read(&read_text(path)?, platform).map_err(FileError::Record)
}

/// `work` done for every file in parallel, with a progress line on a terminal; the results
/// in the files' order.
pub fn for_each<T: Send>(files: &[Input], work: impl Fn(&Input) -> T + Sync) -> Vec<T> {
    let progress = Progress::new(files.len());
    let results = files
        .par_iter()
        .map(|file| {
            let result = work(file);
            progress.step();
            result
        })
        .collect();
    progress.finish();
    results
}
