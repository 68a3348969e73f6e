//! Every one of the 3,000 scored wins of the shared test data: han, fu, the yaku list with
//! its han (in order), dora, limit, payment and total, or the `no_yaku` error; and the text
//! form of each win reads back to the same win.

mod scoring_cases;

use mahjong_core::score::{ScoreError, ScoringRules, WinningHand};
use scoring_cases::{answer, cases};

#[test]
fn every_scored_win_of_the_test_data_agrees() {
    let rules = ScoringRules::tenhou();
    let cases = cases();
    assert_eq!(cases.len(), 3_000);
    let mut failures = Vec::new();
    for case in &cases {
        let actual = match case.win.score(&rules) {
            Ok(score) => answer(&score),
            Err(ScoreError::NoYaku) => "error no_yaku".to_string(),
            Err(other) => format!("error {other}"),
        };
        if actual != case.expected {
            failures.push(format!(
                "{} ({}):\n  expected {}\n  actual   {actual}",
                case.id, case.win, case.expected
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of 3,000 wins disagree:\n{}",
        failures.len(),
        failures[..failures.len().min(15)].join("\n")
    );
}

#[test]
fn every_win_of_the_test_data_reads_back_from_its_text() {
    for case in cases() {
        let text = case.win.to_string();
        let parsed: WinningHand = text
            .parse()
            .unwrap_or_else(|e| panic!("{}: {text}: {e}", case.id));
        assert_eq!(parsed, case.win, "{}: {text}", case.id);
    }
}
