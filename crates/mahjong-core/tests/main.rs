//! The integration tests of mahjong-core, in one test binary: each file of `tests/` is
//! a module here (`cargo test --test tests MODULE::` runs one file's tests), so that
//! they compile and link once rather than once a file.

mod bot_strength;
mod chombo;
mod classroom_hidden;
mod common;
mod differential;
mod families;
mod game_properties;
mod hand_built;
mod hand_built_match;
mod known_answers;
mod kyoku_bots;
mod kyoku_rule_scenarios;
mod kyoku_scenarios;
mod kyoku_strategies;
mod match_bot_strength;
mod match_scenarios;
mod mjai_bot;
mod mjai_fixtures;
mod mjai_round_trip;
mod mjai_sanma;
mod mjai_scenarios;
mod notation;
mod preset_scenarios;
mod reference;
mod sanma_scenarios;
mod scenarios;
mod scoring_cases;
mod scoring_data;
mod scoring_properties;
mod scoring_scenarios;
mod strategies;
mod testdata;
