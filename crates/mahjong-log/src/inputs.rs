//! Reading the record files: gzip unpacked, in parallel with a progress line.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

use flate2::read::MultiGzDecoder;
use mahjong_records::{GameRecord, Platform, RecordError};
use rayon::prelude::*;

use crate::progress::Progress;

/// Why a file gives no record.
#[derive(Debug)]
pub enum FileError {
    Io(io::Error),
    /// Its conversion may not be written where it would go (`--out`).
    Clash(String),
    NotText,
    /// Gzip that unpacks to more than [`UNPACKED_LIMIT`] bytes.
    TooLarge,
    Record(RecordError),
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Io(error) => write!(f, "cannot be read: {error}"),
            FileError::Clash(reason) => f.write_str(reason),
            FileError::TooLarge => write!(f, "unpacks to more than {UNPACKED_LIMIT} bytes"),
            FileError::NotText => f.write_str("not UTF-8 text (nor gzip of it)"),
            FileError::Record(error) => error.fmt(f),
        }
    }
}

/// The most a gzipped record may unpack to: 1 GiB (a hanchan's record is under 1 MB; a
/// "gzip bomb" would otherwise take the memory of every worker at once).
pub const UNPACKED_LIMIT: u64 = 1 << 30;

/// The text of `path`, unpacked when it is gzip (told by its first bytes, whatever its name).
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = fs::read(path).map_err(FileError::Io)?;
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut unpacked = Vec::new();
        MultiGzDecoder::new(&bytes[..])
            .take(UNPACKED_LIMIT + 1)
            .read_to_end(&mut unpacked)
            .map_err(FileError::Io)?;
        if unpacked.len() as u64 > UNPACKED_LIMIT {
            return Err(FileError::TooLarge);
        }
        unpacked
    } else {
        bytes
    };
    let text = String::from_utf8(bytes).map_err(|_| FileError::NotText)?;
    // A byte-order mark first is no part of the record.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The record of `path`, mjai logs read under `platform`.
pub fn read_record(path: &Path, platform: Platform) -> Result<GameRecord, FileError> {
    GameRecord::read(&read_text(path)?, platform).map_err(FileError::Record)
}

/// `work` done for every file in parallel, with a progress line on a terminal; the results
/// in the files' order.
pub fn for_each<F: Sync, T: Send>(files: &[F], work: impl Fn(&F) -> T + Sync) -> Vec<T> {
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
