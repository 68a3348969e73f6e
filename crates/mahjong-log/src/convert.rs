//! `mahjong-log convert`: records written in another format.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use mahjong_records::{Format, GameRecord, Platform};

use crate::files::Input;
use crate::inputs::{FileError, for_each, read_record};
use crate::output;

/// Converts every file: the one file to standard output without `out`, else each into
/// `out`. Prints each failure (`PATH: reason`) and a summary on standard error; `true`
/// when every file was converted.
pub fn run(files: &[Input], platform: Platform, to: Format, out: Option<&Path>) -> bool {
    let Some(out) = out else {
        return to_stdout(files, platform, to);
    };
    let targets = targets(out, files, to);
    let jobs: Vec<(&Input, &Result<PathBuf, String>)> = files.iter().zip(&targets).collect();
    let results = for_each(&jobs, |(file, target)| {
        let target = target.as_ref().map_err(|e| FileError::Clash(e.clone()))?;
        let text = convert(file, platform, to)?;
        if let Some(folder) = target.parent() {
            fs::create_dir_all(folder).map_err(FileError::Io)?;
        }
        fs::write(target, text).map_err(FileError::Io)
    });
    let mut done = 0;
    for (file, result) in files.iter().zip(&results) {
        match result {
            Ok(()) => done += 1,
            Err(error) => eprintln!("{}: {error}", file.path.display()),
        }
    }
    eprintln!(
        "converted {done} of {} records to {to} in {}",
        files.len(),
        out.display()
    );
    done == files.len()
}

fn to_stdout(files: &[Input], platform: Platform, to: Format) -> bool {
    // Any other count of files without `--out` is refused before, as a bad command line.
    let [file] = files else {
        return false;
    };
    match convert(file, platform, to) {
        Ok(text) => {
            output::write(&text);
            true
        }
        Err(error) => {
            eprintln!("{}: {error}", file.path.display());
            false
        }
    }
}

/// The record of `file` in `to`, written from the record replayed where it replays (so
/// that what its format leaves out, such as a limit hand's fu in tenhou.net/6 JSON, is
/// filled in by the game), else as read.
fn convert(file: &Input, platform: Platform, to: Format) -> Result<String, FileError> {
    let record = read_record(&file.path, platform)?;
    let record = match record.replayed() {
        Ok(events) => GameRecord { events, ..record },
        Err(_) => record,
    };
    record.write(to).map_err(FileError::Record)
}

/// Where each file goes in `out` ([`target`]), or why it may not: another file's conversion
/// goes there too (`a.xml` and `a.xml.gz`), or it is one of the inputs (`--out` the input
/// folder itself).
fn targets(out: &Path, files: &[Input], to: Format) -> Vec<Result<PathBuf, String>> {
    let canonical = |path: &Path| fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let inputs: HashSet<PathBuf> = files.iter().map(|f| canonical(&f.path)).collect();
    let mut taken: HashMap<PathBuf, &Path> = HashMap::new();
    files
        .iter()
        .map(|file| {
            let target = target(out, file, to);
            if inputs.contains(&canonical(&target)) {
                return Err(format!("{} would overwrite an input", target.display()));
            }
            match taken.insert(target.clone(), &file.path) {
                Some(first) => Err(format!(
                    "{} is where {} is converted to already",
                    target.display(),
                    first.display()
                )),
                None => Ok(target),
            }
        })
        .collect()
}

/// Where `file` goes in `out`: its path below the folder it was found in (or its name),
/// with `.gz` and its extension replaced by the format's (`a/b.mjlog.gz` -> `a/b.json`).
fn target(out: &Path, file: &Input, to: Format) -> PathBuf {
    let relative = file
        .root
        .as_deref()
        .and_then(|root| file.path.strip_prefix(root).ok())
        .unwrap_or_else(|| Path::new(file.path.file_name().unwrap_or_default()));
    let mut target = out.join(relative);
    if target.extension().is_some_and(|ext| ext == "gz") {
        target.set_extension("");
    }
    target.set_extension(to.extension());
    target
}
