//! The conformance suite ([`tabletop_env::conformance`]) on every game and variant.
//!
//! `TABLETOP_ENV_EPISODES` sets the episodes per variant (default 3).

use omok_core::Rule;
use tabletop_env::conformance::{check, check_batch};
use tabletop_env::omok::OmokEnv;

fn episodes() -> usize {
    std::env::var("TABLETOP_ENV_EPISODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

#[test]
fn omok_every_rule_on_15_and_19() {
    for rule in Rule::ALL {
        for size in [15, 19] {
            let env = OmokEnv::new(rule, size).unwrap();
            let report =
                check(&env, episodes(), 21).unwrap_or_else(|f| panic!("{rule} {size}: {f}"));
            assert_eq!(report.episodes, episodes());
            assert!(report.decisions >= 9 * episodes(), "{report:?}");
        }
    }
}

#[test]
fn omok_small_board_batch_equals_singles() {
    // A 7x7 board ends episodes often, so the auto-reset is exercised.
    let env = OmokEnv::new(Rule::Renju, 7).unwrap();
    check_batch(&env, 5, 3, 120).unwrap();
}

#[test]
fn poker_both_decks() {
    use tabletop_env::poker::PokerEnv;
    use twosided_poker::Rules;
    for rules in [Rules::default(), Rules::grand_final()] {
        let env = PokerEnv::new(rules).unwrap();
        let report =
            check(&env, episodes(), 22).unwrap_or_else(|f| panic!("{:?}: {f}", rules.deck));
        assert!(report.hidden_checks > 0, "{report:?}");
        check_batch(&env, 4, 9, 300).unwrap();
    }
}

#[test]
fn matgo_every_preset() {
    use tabletop_env::matgo::MatgoEnv;
    for (name, rules) in hwatu_core::Rules::PRESETS {
        let env = MatgoEnv::new(rules).unwrap();
        let report = check(&env, episodes(), 23).unwrap_or_else(|f| panic!("{name}: {f}"));
        assert!(report.hidden_checks > 0, "{report:?}");
        check_batch(&env, 4, 10, 150).unwrap();
    }
}
