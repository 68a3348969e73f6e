//! The conformance suite ([`tabletop_env::conformance`]) on every game and variant.
//!
//! `TABLETOP_ENV_EPISODES` sets the episodes per variant (default 3; 1 for the mahjong
//! presets and three-player games, whose match is a tonpuusen unless it is set).

use omok_core::Rule;
use tabletop_env::conformance::{check, check_batch};
use tabletop_env::omok::OmokEnv;

fn episodes() -> usize {
    episodes_or(3)
}

/// `TABLETOP_ENV_EPISODES` when set, else `default`.
fn episodes_or(default: usize) -> usize {
    std::env::var("TABLETOP_ENV_EPISODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
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

#[test]
fn gostop_standard() {
    use tabletop_env::Env;
    use tabletop_env::gostop::GoStopEnv;
    let env = GoStopEnv::new(hwatu_core::GoStopRules::standard()).unwrap();
    assert_eq!((env.num_players(), env.num_actions()), (3, 164));
    assert_eq!(env.observation_shape(), [20, 50]);
    let report = check(&env, episodes(), 31).unwrap_or_else(|f| panic!("gostop: {f}"));
    assert!(report.hidden_checks > 0, "{report:?}");
    check_batch(&env, 4, 14, 150).unwrap();
}

#[test]
fn mahjong_one_hand_a_hanchan_and_the_classroom_game() {
    use mahjong_core::Rules;
    use tabletop_env::mahjong::{ClassroomEnv, MahjongEnv, Reward};
    let hand = MahjongEnv::hand(Rules::tenhou(), Reward::default()).unwrap();
    let report = check(&hand, episodes(), 24).unwrap_or_else(|f| panic!("hand: {f}"));
    assert!(report.hidden_checks > 0, "{report:?}");
    check_batch(&hand, 3, 11, 400).unwrap();
    let points = MahjongEnv::hand(Rules::tenhou(), Reward::Points).unwrap();
    check(&points, 1, 25).unwrap_or_else(|f| panic!("hand, points: {f}"));
    // A hanchan is some thousands of decisions: one episode by default.
    let hanchan = MahjongEnv::game(Rules::tenhou(), Reward::Score).unwrap();
    let report =
        check(&hanchan, episodes().div_ceil(3), 26).unwrap_or_else(|f| panic!("hanchan: {f}"));
    assert!(report.hidden_checks > 0, "{report:?}");
    for rules in [Rules::classroom(), Rules::solo()] {
        let env = ClassroomEnv::new(rules).unwrap();
        check(&env, episodes(), 27).unwrap_or_else(|f| panic!("classroom {}: {f}", rules.seats));
        check_batch(&env, 3, 12, 300).unwrap();
    }
}

#[test]
fn mahjong_sanma_hands_and_a_match() {
    use mahjong_core::{MatchLength, Rules};
    use tabletop_env::Env;
    use tabletop_env::mahjong::{MahjongEnv, Reward};
    for rules in [Rules::tenhou_sanma(), Rules::mahjong_soul_sanma()] {
        let hand = MahjongEnv::hand(rules, Reward::for_rules(&rules)).unwrap();
        assert_eq!((hand.num_players(), hand.num_actions()), (3, 158));
        let report = check(&hand, episodes_or(1), 28).unwrap_or_else(|f| panic!("sanma hand: {f}"));
        assert!(report.hidden_checks > 0, "{report:?}");
        check_batch(&hand, 2, 13, 150).unwrap();
    }
    // A tonpuusen by default (a hanchan is twice the hands), the hanchan of the preset
    // when TABLETOP_ENV_EPISODES is set.
    let mut rules = Rules::tenhou_sanma();
    if std::env::var_os("TABLETOP_ENV_EPISODES").is_none() {
        rules.match_rules.length = MatchLength::Tonpuusen;
    }
    let game = MahjongEnv::game(rules, Reward::Score).unwrap();
    let report = check(&game, episodes_or(1), 29).unwrap_or_else(|f| panic!("match: {f}"));
    assert!(report.hidden_checks > 0, "{report:?}");
}

#[test]
fn mahjong_every_four_player_preset() {
    use tabletop_env::mahjong::{MahjongEnv, Reward};
    // Tenhou's own is played above.
    for (name, rules) in mahjong_core::Rules::PRESETS.into_iter().skip(1) {
        let hand = MahjongEnv::hand(rules, Reward::for_rules(&rules)).unwrap();
        let report = check(&hand, episodes_or(1), 30).unwrap_or_else(|f| panic!("{name}: {f}"));
        assert!(report.hidden_checks > 0, "{name}: {report:?}");
    }
}

#[test]
fn a_batch_of_zero_or_too_many_environments_is_refused() {
    use tabletop_env::{EnvError, VecEnv};
    let env = OmokEnv::new(Rule::Renju, 7).unwrap();
    for n in [0, usize::MAX / 2, usize::MAX] {
        let refused = VecEnv::new(&env, n, 1, 2).err();
        assert!(matches!(refused, Some(EnvError::Config { .. })), "{n}");
    }
}

/// Plays `env` at random to the end of its episode, but never riichi (so every state is one
/// a determinization must give), and checks every seat's determinization at every
/// decision: it exists, shows the seat the same observation, keeps the turn and (for the
/// seat to move) the mask, and keeps the seat's concealed tiles. Returns the
/// determinizations checked.
fn check_determinize_without_riichi(
    env: &mut tabletop_env::mahjong::MahjongEnv,
    seed: u64,
) -> usize {
    use mahjong_core::Seat;
    use tabletop_env::Env;
    use tabletop_env::mahjong::ids::{RIICHI, RIICHI_TSUMOGIRI};
    use tabletop_env::seed::SplitMix64;
    let mut rng = SplitMix64::new(seed);
    let (len, seats) = (env.observation_len(), env.num_players());
    let (mut here, mut there) = (vec![0u8; len], vec![0u8; len]);
    let (mut mask, mut other_mask) = (vec![0u8; env.num_actions()], vec![0u8; env.num_actions()]);
    let mut checked = 0;
    while let Some(mover) = env.to_move() {
        env.write_action_mask(&mut mask).unwrap();
        let kyoku = env.kyoku().unwrap();
        assert!(Seat::ALL[..seats].iter().all(|&s| !kyoku.is_riichi(s)));
        for seat in 0..seats {
            let k = rng.next_u64();
            let other = env
                .determinize(seat, k)
                .unwrap_or_else(|| panic!("seed {seed}, seat {seat}, redeal {k}: none"));
            env.write_observation(seat, &mut here).unwrap();
            other.write_observation(seat, &mut there).unwrap();
            assert_eq!(here, there, "seed {seed}, seat {seat}, redeal {k}");
            assert_eq!(other.to_move(), Some(mover));
            let (a, b) = (kyoku, other.kyoku().unwrap());
            assert_eq!(a.concealed(Seat::ALL[seat]), b.concealed(Seat::ALL[seat]));
            if seat == mover {
                other.write_action_mask(&mut other_mask).unwrap();
                assert_eq!(mask, other_mask, "seed {seed}, seat {seat}, redeal {k}");
            }
            checked += 1;
        }
        let ids: Vec<u32> = (0..mask.len() as u32)
            .filter(|&id| mask[id as usize] == 1)
            .filter(|id| !(u32::from(RIICHI)..=u32::from(RIICHI_TSUMOGIRI)).contains(id))
            .collect();
        env.step(ids[rng.below(ids.len() as u64) as usize]).unwrap();
    }
    checked
}

/// A determinization exists for every mid-hand state without riichi (the README's only
/// reason for none), at four and three seats and across the hands of a match: a seat that
/// was dealt a kind and later drew another copy of it keeps the copy it showed.
#[test]
fn mahjong_determinize_every_state_without_riichi() {
    use mahjong_core::{MatchLength, Rules};
    use tabletop_env::Env;
    use tabletop_env::mahjong::{MahjongEnv, Reward};
    let mut checked = 0;
    for rules in [Rules::tenhou(), Rules::tenhou_sanma()] {
        let mut env = MahjongEnv::hand(rules, Reward::default()).unwrap();
        for seed in 0..12 {
            env.reset(seed);
            checked += check_determinize_without_riichi(&mut env, seed);
        }
    }
    let mut rules = Rules::tenhou();
    rules.match_rules.length = MatchLength::Tonpuusen;
    let mut game = MahjongEnv::game(rules, Reward::Score).unwrap();
    game.reset(3);
    checked += check_determinize_without_riichi(&mut game, 3);
    assert!(checked > 5000, "{checked}");
}

/// A claim another seat has answered while the others are still being asked is hidden
/// from the seat to move: its determinization replays it as a pass, so once every other
/// answer passes, the claimer has its meld in the real hand and not in the redeal.
#[test]
fn mahjong_determinize_hides_a_claim_still_waiting_for_answers() {
    use mahjong_core::{KyokuAction, Rules, Seat};
    use tabletop_env::Env;
    use tabletop_env::mahjong::ids::PASS;
    use tabletop_env::mahjong::{MahjongEnv, Reward};
    use tabletop_env::seed::SplitMix64;
    let melds = |env: &MahjongEnv, seat: usize| env.kyoku().unwrap().melds(Seat::ALL[seat]).len();
    // The other seats asked pass, until the claims resolve.
    let pass_all = |env: &mut MahjongEnv| {
        while env.legal_actions().contains(&KyokuAction::Pass) {
            env.step(u32::from(PASS)).unwrap();
        }
    };
    let mut env = MahjongEnv::hand(Rules::tenhou(), Reward::default()).unwrap();
    let mut found = 0;
    for seed in 0..40 {
        env.reset(seed);
        let mut rng = SplitMix64::new(seed);
        while let Some(mover) = env.to_move() {
            let legal = env.legal_actions();
            let claim = legal
                .iter()
                .find(|a| matches!(a, KyokuAction::Pon(..) | KyokuAction::Chi(..)));
            if let (Some(claim), 0) = (claim, melds(&env, mover)) {
                let mut claimed = env.clone();
                claimed.step(claimed.id_of(claim).unwrap()).unwrap();
                let asked = claimed.to_move().unwrap();
                if asked != mover && melds(&claimed, mover) == 0 {
                    let mut redealt = claimed.determinize(asked, seed).unwrap();
                    pass_all(&mut claimed);
                    pass_all(&mut redealt);
                    assert_eq!(melds(&claimed, mover), 1, "seed {seed}");
                    assert_eq!(melds(&redealt, mover), 0, "seed {seed}");
                    found += 1;
                }
            }
            let ids: Vec<u32> = legal.iter().map(|a| env.id_of(a).unwrap()).collect();
            env.step(ids[rng.below(ids.len() as u64) as usize]).unwrap();
        }
    }
    assert!(found > 5, "{found}");
}
