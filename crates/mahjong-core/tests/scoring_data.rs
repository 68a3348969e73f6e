//! Every one of the 3,000 scored wins of the shared test data: han, fu, the yaku list with
//! its han (in order), dora, limit, payment and total, or the `no_yaku` error; and the text
//! form of each win reads back to the same win.

use crate::scoring_cases;

use mahjong_core::score::{Payment, Score, ScoreError, ScoringRules, WinningHand};
use scoring_cases::cases;

#[test]
fn every_scored_win_of_the_test_data_agrees() {
    let rules = ScoringRules::tenhou();
    let cases = cases();
    assert_eq!(cases.len(), 3_000);
    let mut failures = Vec::new();
    for (id, win, expected) in &cases {
        let actual = match win.score(&rules) {
            Ok(score) => answer(&score),
            Err(ScoreError::NoYaku) => "error no_yaku".to_string(),
            Err(other) => format!("error {other}"),
        };
        if actual != *expected {
            failures.push(format!(
                "{id} ({win}):\n  expected {expected}\n  actual   {actual}"
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
    for (id, win, _) in cases() {
        let text = win.to_string();
        let parsed: WinningHand = text.parse().unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
        assert_eq!(parsed, win, "{id}: {text}");
    }
}

/// A score written as `scoring_cases` writes the test data's answer.
fn answer(score: &Score) -> String {
    let mut yaku: Vec<String> = score.yaku().map(|(y, han)| format!("{y} {han}")).collect();
    let dora = [
        ("dora", score.dora()),
        ("aka_dora", score.red_fives()),
        ("ura_dora", score.ura_dora()),
    ];
    yaku.extend(
        dora.iter()
            .filter(|(_, n)| *n > 0)
            .map(|(name, n)| format!("{name} {n}")),
    );
    let payment = match score.payment() {
        Payment::Ron { discarder } => format!("ron {discarder}"),
        Payment::Tsumo { dealer, others } => format!("tsumo {dealer} {others}"),
    };
    format!(
        "han {} fu {} yaku [{}] limit {} payment {payment} total {}",
        score.han(),
        score.fu(),
        yaku.join(", "),
        score.limit().name(),
        score.total()
    )
}
