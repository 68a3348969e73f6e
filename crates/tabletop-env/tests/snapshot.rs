//! Snapshots through serde (the `serde` feature): an environment written to JSON mid-episode
//! and read back continues exactly as the original. Without the feature, `Clone` is the
//! snapshot and the conformance suite checks it.
#![cfg(feature = "serde")]

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;
use tabletop_env::matgo::MatgoEnv;
use tabletop_env::omok::OmokEnv;
use tabletop_env::poker::PokerEnv;
use tabletop_env::seed::SplitMix64;
use tabletop_env::{Env, random_legal_id};

/// Plays `before` random decisions, round-trips the env through JSON, then plays the rest of
/// the episode on both and compares every step, mask and observation.
fn round_trip<E: Env + Debug + Serialize + DeserializeOwned>(
    template: &E,
    seed: u64,
    before: usize,
) {
    let mut env = template.clone();
    env.reset(seed);
    let mut rng = SplitMix64::new(seed);
    let mut mask = vec![0; env.num_actions()];
    for _ in 0..before {
        if env.is_terminal() {
            break;
        }
        env.write_action_mask(&mut mask).unwrap();
        env.step(random_legal_id(&mask, &mut rng)).unwrap();
    }
    let json = serde_json::to_string(&env).unwrap();
    let mut restored: E = serde_json::from_str(&json).unwrap();
    assert_eq!(format!("{restored:?}"), format!("{env:?}"));
    let (mut obs_a, mut obs_b) = (
        vec![0; env.observation_len()],
        vec![0; env.observation_len()],
    );
    let mut mask_b = mask.clone();
    while !env.is_terminal() {
        env.write_action_mask(&mut mask).unwrap();
        restored.write_action_mask(&mut mask_b).unwrap();
        assert_eq!(mask, mask_b);
        for seat in 0..env.num_players() {
            env.write_observation(seat, &mut obs_a).unwrap();
            restored.write_observation(seat, &mut obs_b).unwrap();
            assert_eq!(obs_a, obs_b);
        }
        let id = random_legal_id(&mask, &mut rng);
        assert_eq!(env.step(id), restored.step(id));
    }
    assert_eq!(env.returns(), restored.returns());
    assert!(restored.is_terminal());
}

#[test]
fn every_game_continues_identically_after_a_json_round_trip() {
    for seed in 0..4 {
        round_trip(&OmokEnv::new(omok_core::Rule::Renju, 15).unwrap(), seed, 20);
        round_trip(
            &PokerEnv::new(twosided_poker::Rules::grand_final()).unwrap(),
            seed,
            30,
        );
        round_trip(
            &MatgoEnv::new(hwatu_core::Rules::standard()).unwrap(),
            seed,
            12,
        );
    }
}
