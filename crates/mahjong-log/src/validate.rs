//! `mahjong-log validate`: every record replayed, every disagreement reported.

use std::path::Path;

use mahjong_records::{Disagreement, Format, GameRecord, Platform, mjlog};

use crate::files::Input;
use crate::inputs::{FileError, for_each, read_text};
use crate::output::say;

/// What replaying one file found: nothing, each disagreement described, or why it could
/// not be read.
enum Outcome {
    Follows,
    Disagrees(Vec<String>),
    Unreadable(FileError),
}

/// Prints each disagreement (`PATH: HAND: line N: reason`, the tag after the hand for Tenhou's
/// XML), each unreadable file (`PATH: reason`) and a summary; `true` when every record
/// follows the rules.
pub fn run(files: &[Input], platform: Platform) -> bool {
    let outcomes = for_each(files, |file| check(&file.path, platform));
    let (mut follow, mut disagree, mut found, mut unreadable) = (0, 0, 0, 0);
    for (file, outcome) in files.iter().zip(&outcomes) {
        let path = file.path.display();
        match outcome {
            Outcome::Follows => follow += 1,
            Outcome::Disagrees(all) => {
                disagree += 1;
                found += all.len();
                all.iter().for_each(|d| say(&format!("{path}: {d}")));
            }
            Outcome::Unreadable(error) => {
                unreadable += 1;
                say(&format!("{path}: {error}"));
            }
        }
    }
    say(&format!(
        "{} files: {follow} follow the rules, {disagree} disagree ({found} disagreements), \
         {unreadable} unreadable",
        files.len()
    ));
    disagree == 0 && unreadable == 0
}

fn check(path: &Path, platform: Platform) -> Outcome {
    let text = match read_text(path) {
        Ok(text) => text,
        Err(error) => return Outcome::Unreadable(error),
    };
    let found = match GameRecord::read(&text, platform) {
        Ok(record) => record.validate(),
        Err(error) => return Outcome::Unreadable(FileError::Record(error)),
    };
    if found.is_empty() {
        return Outcome::Follows;
    }
    // A Tenhou XML record's disagreements are shown at the tag they come from.
    let tags = match Format::detect(&text) {
        Some(Format::TenhouXml) => mjlog::read_with_tags(&text).ok().map(|(_, tags)| tags),
        _ => None,
    };
    Outcome::Disagrees(found.iter().map(|d| describe(d, tags.as_deref())).collect())
}

/// `HAND: reason`, with the tag of a Tenhou XML record after the hand (`HAND, tag N, its
/// text: reason`).
fn describe(disagreement: &Disagreement, tags: Option<&[(usize, String)]>) -> String {
    let tag = disagreement
        .line()
        .zip(tags)
        .and_then(|(line, tags)| tags.get(line.checked_sub(1)?));
    match (tag, &disagreement.hand) {
        (Some((index, tag)), Some(hand)) => {
            format!("{hand}, tag {index} `{tag}`: {}", disagreement.error)
        }
        _ => disagreement.to_string(),
    }
}
