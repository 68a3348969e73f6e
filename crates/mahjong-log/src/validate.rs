//! `mahjong-log validate`: every record replayed, every disagreement reported.

use mahjong_records::{Disagreement, Platform};

use crate::inputs::{FileError, Input, for_each, read_record};

/// What replaying one file found.
enum Outcome {
    Follows,
    Disagrees(Vec<Disagreement>),
    Unreadable(FileError),
}

/// Prints each disagreement and unreadable file (`PATH: HAND: line N: reason`) and a
/// summary; `true` when every record follows the rules.
pub fn run(files: &[Input], platform: Platform) -> bool {
    let outcomes = for_each(files, |file| match read_record(&file.path, platform) {
        Ok(record) => match record.validate() {
            found if found.is_empty() => Outcome::Follows,
            found => Outcome::Disagrees(found),
        },
        Err(error) => Outcome::Unreadable(error),
    });
    let (mut follow, mut disagree, mut found, mut unreadable) = (0, 0, 0, 0);
    for (file, outcome) in files.iter().zip(&outcomes) {
        let path = file.path.display();
        match outcome {
            Outcome::Follows => follow += 1,
            Outcome::Disagrees(all) => {
                disagree += 1;
                found += all.len();
                all.iter().for_each(|d| println!("{path}: {d}"));
            }
            Outcome::Unreadable(error) => {
                unreadable += 1;
                println!("{path}: {error}");
            }
        }
    }
    println!(
        "{} files: {follow} follow the rules, {disagree} disagree ({found} disagreements), \
         {unreadable} unreadable",
        files.len()
    );
    disagree == 0 && unreadable == 0
}
