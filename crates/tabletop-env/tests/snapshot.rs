//! Snapshots through serde (the `serde` feature): an environment written to JSON mid-episode
//! and read back continues exactly as the original. Without the feature, `Clone` is the
//! snapshot and the conformance suite checks it; here the suite's snapshot check runs through
//! JSON for the mahjong environments.
#![cfg(feature = "serde")]

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;
use tabletop_env::conformance::check_with;
use tabletop_env::gostop::GoStopEnv;
use tabletop_env::mahjong::{ClassroomEnv, MahjongEnv, Reward};
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
    play_randomly(&mut env, before, &mut rng);
    let json = serde_json::to_string(&env).unwrap();
    let mut restored: E = serde_json::from_str(&json).unwrap();
    assert_eq!(format!("{restored:?}"), format!("{env:?}"));
    let (mut obs_a, mut obs_b) = (
        vec![0; env.observation_len()],
        vec![0; env.observation_len()],
    );
    let mut mask = vec![0; env.num_actions()];
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
        round_trip(&gostop(), seed, 12);
    }
}

fn gostop() -> GoStopEnv {
    GoStopEnv::new(hwatu_core::GoStopRules::standard()).unwrap()
}

/// The environment written to JSON and read back.
fn through_json<E: Serialize + DeserializeOwned>(env: &E) -> E {
    serde_json::from_str(&serde_json::to_string(env).unwrap()).unwrap()
}

#[test]
fn every_mahjong_environment_continues_identically_after_a_json_round_trip() {
    let rules = mahjong_core::Rules::tenhou();
    let hand = MahjongEnv::hand(rules, Reward::default()).unwrap();
    // A hand is some 150 to 300 decisions: 500 crosses into a later hand of the match.
    let hanchan = MahjongEnv::game(rules, Reward::Score).unwrap();
    let classroom = ClassroomEnv::new(mahjong_core::Rules::classroom()).unwrap();
    for seed in 0..2 {
        round_trip(&hand, seed, 60);
        round_trip(&hanchan, seed, 500);
        round_trip(&classroom, seed, 40);
    }
}

#[test]
fn a_sanma_hand_and_match_continue_identically_after_a_json_round_trip() {
    let rules = mahjong_core::Rules::tenhou_sanma();
    let hand = MahjongEnv::hand(rules, Reward::for_rules(&rules)).unwrap();
    let game = MahjongEnv::game(rules, Reward::Score).unwrap();
    round_trip(&hand, 3, 60);
    round_trip(&game, 3, 400);
}

#[test]
fn a_four_player_snapshot_from_before_sanma_reads_back_as_the_same_state() {
    // Snapshots written before three-player games lack the tracker's seat count, each
    // pile's kita count and the record's live-wall length: they read as four players.
    let mut env = MahjongEnv::hand(mahjong_core::Rules::tenhou(), Reward::default()).unwrap();
    env.reset(4);
    play_randomly(&mut env, 40, &mut SplitMix64::new(4));
    let mut value = serde_json::to_value(&env).unwrap();
    let tracker = value
        .pointer_mut("/tracker")
        .unwrap()
        .as_object_mut()
        .unwrap();
    assert!(tracker.remove("seats").is_some());
    for pile in tracker["piles"].as_array_mut().unwrap() {
        assert!(pile.as_object_mut().unwrap().remove("kita").is_some());
    }
    let record = value
        .pointer_mut("/record")
        .unwrap()
        .as_object_mut()
        .unwrap();
    assert!(record.remove("live_len").is_some());
    let old: MahjongEnv = serde_json::from_value(value).unwrap();
    assert_eq!(
        serde_json::to_value(&old).unwrap(),
        serde_json::to_value(&env).unwrap()
    );
}

#[test]
fn the_conformance_suite_passes_with_json_snapshots_of_mahjong() {
    let rules = mahjong_core::Rules::tenhou();
    let hand = MahjongEnv::hand(rules, Reward::default()).unwrap();
    let report = check_with(&hand, 1, 31, &through_json).unwrap_or_else(|f| panic!("{f}"));
    assert!(report.decisions > 50, "{report:?}");
    for rules in [
        mahjong_core::Rules::classroom(),
        mahjong_core::Rules::solo(),
    ] {
        let env = ClassroomEnv::new(rules).unwrap();
        check_with(&env, 1, 32, &through_json).unwrap_or_else(|f| panic!("{f}"));
    }
}

#[test]
fn a_mahjong_snapshot_naming_an_impossible_tile_seat_or_hand_is_refused() {
    use mahjong_core::{Hand, Seat, Tile, TileSet};
    assert_eq!(serde_json::to_string(&Tile::from_index(33)).unwrap(), "33");
    assert!(serde_json::from_str::<Tile>("33").is_ok());
    assert!(serde_json::from_str::<Tile>("34").is_err());
    assert_eq!(serde_json::from_str::<Seat>("3").ok(), Seat::new(3));
    assert!(serde_json::from_str::<Seat>("4").is_err());
    assert!(serde_json::from_str::<TileSet>(&(1u64 << 33).to_string()).is_ok());
    assert!(serde_json::from_str::<TileSet>(&(1u64 << 34).to_string()).is_err());
    let hand: Hand = "123m456p789s11z".parse().unwrap();
    let json = serde_json::to_string(&hand).unwrap();
    assert_eq!(serde_json::from_str::<Hand>(&json).ok(), Some(hand));
    let mut five_east = [0u8; 34];
    five_east[27] = 5;
    let tampered = serde_json::to_string(&five_east.to_vec()).unwrap();
    assert!(serde_json::from_str::<Hand>(&tampered).is_err());
    assert!(serde_json::from_str::<Hand>("[1, 2]").is_err());
    // A whole environment with one tile of its wall renamed to a 35th kind.
    let env = MahjongEnv::hand(mahjong_core::Rules::tenhou(), Reward::default()).unwrap();
    let mut value = serde_json::to_value(&env).unwrap();
    let tile = value
        .pointer_mut("/play/Hand/wall/tiles/0/tile")
        .expect("the wall's first tile");
    *tile = 40.into();
    assert!(serde_json::from_value::<MahjongEnv>(value).is_err());
    // Seat counts and wall sizes the game cannot have (the hand divided by the seats and
    // sliced the wall by its size: a panic later, had they been read).
    let env = MahjongEnv::game(mahjong_core::Rules::tenhou(), Reward::default()).unwrap();
    let value = serde_json::to_value(&env).unwrap();
    let hand = serde_json::to_value(
        MahjongEnv::hand(mahjong_core::Rules::tenhou(), Reward::default()).unwrap(),
    )
    .unwrap();
    let tampered = [
        (&hand, "/play/Hand/rules/seats", 0),
        (&hand, "/play/Hand/rules/seats", 2),
        (&hand, "/play/Hand/wall/len", 200),
        (&value, "/play/Match/rules/seats", 1),
        (&value, "/play/Match/table/seats", 0),
    ];
    for (snapshot, pointer, bad) in tampered {
        let mut snapshot = snapshot.clone();
        *snapshot.pointer_mut(pointer).expect(pointer) = bad.into();
        let error = serde_json::from_value::<MahjongEnv>(snapshot).unwrap_err();
        assert!(
            error.to_string().contains(&bad.to_string()),
            "{pointer}: {error}"
        );
    }
}

/// Every leaf of a JSON value (numbers, strings, booleans, nulls) and every array, by JSON
/// pointer.
fn json_paths(value: &serde_json::Value, at: &str, out: &mut Vec<String>) {
    use serde_json::Value;
    match value {
        Value::Array(items) => {
            out.push(at.to_string());
            for (i, item) in items.iter().enumerate() {
                json_paths(item, &format!("{at}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (key, field) in fields {
                json_paths(field, &format!("{at}/{key}"), out);
            }
        }
        _ => out.push(at.to_string()),
    }
}

/// The values a mutation puts in place of `value`: numbers out of range (and just in
/// range), lists one longer, one shorter and empty, booleans flipped, another name.
fn mutations(value: &serde_json::Value) -> Vec<serde_json::Value> {
    use serde_json::{Value, json};
    match value {
        Value::Number(n) => {
            let n = n.as_u64().unwrap_or(0);
            let mut out: Vec<Value> = [0, 3, 4, 9, 40, 60, 99, 255, 999, 65_535, 1 << 20]
                .into_iter()
                .chain([1 << 31, u64::from(u32::MAX), u64::MAX])
                .chain([n.saturating_add(1), n.saturating_sub(1)])
                .filter(|&v| v != n)
                .map(Value::from)
                .collect();
            out.push(json!(-1));
            out
        }
        Value::Array(items) => {
            let mut longer = items.clone();
            longer.push(items.last().cloned().unwrap_or(json!(0)));
            let shorter = items[..items.len().saturating_sub(1)].to_vec();
            vec![json!(longer), json!(shorter), json!([])]
        }
        Value::Bool(b) => vec![json!(!b)],
        Value::String(_) => vec![json!("Bogus"), json!(7)],
        Value::Null => vec![json!(0), json!([0, 0])],
        Value::Object(_) => vec![json!(null)],
    }
}

/// Reads `snapshot` back and, when it is accepted, plays on it: every observation, the
/// mask, determinizations and up to 30 legal steps (the mask's ids, then every legal
/// action's id).
fn exercise<E: Env + DeserializeOwned>(snapshot: serde_json::Value, rng: &mut SplitMix64) {
    let Ok(mut env) = serde_json::from_value::<E>(snapshot) else {
        return;
    };
    let mut obs = vec![0; env.observation_len()];
    let mut mask = vec![0; env.num_actions()];
    for _ in 0..30 {
        for seat in 0..env.num_players() + 1 {
            let _ = env.write_observation(seat, &mut obs);
            let _ = env.determinize(seat, rng.next_u64());
        }
        env.write_action_mask(&mut mask).unwrap();
        let _ = env.returns();
        if env.is_terminal() {
            break;
        }
        for action in env.legal_actions() {
            let id = env.id_of(&action).unwrap();
            assert_eq!(mask[id as usize], 1, "a legal action outside the mask");
        }
        env.step(random_legal_id(&mask, rng)).unwrap();
    }
}

/// How many times the default number of mutations [`mutate_snapshots`] tries:
/// `TABLETOP_ENV_MUTATIONS` when set (a longer search), else 1.
fn mutation_scale() -> usize {
    std::env::var("TABLETOP_ENV_MUTATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

/// Mutates `samples` random fields of JSON snapshots of `template` taken at random points
/// of its episodes (three mutations each) and checks that each mutated snapshot is refused
/// or plays without a panic. Returns how many mutated snapshots were refused.
fn mutate_snapshots<E: Env + Serialize + DeserializeOwned>(
    template: &E,
    seed: u64,
    samples: usize,
) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut refused = 0;
    for episode in 0..3 * mutation_scale() as u64 {
        let mut env = template.clone();
        env.reset(seed + episode);
        let before = rng.below(60) as usize;
        play_randomly(&mut env, before, &mut rng);
        let snapshot = serde_json::to_value(&env).unwrap();
        assert!(serde_json::from_value::<E>(snapshot.clone()).is_ok());
        let mut paths = Vec::new();
        json_paths(&snapshot, "", &mut paths);
        for _ in 0..samples / 3 {
            let path = &paths[rng.below(paths.len() as u64) as usize];
            let choices = mutations(&snapshot.pointer(path).unwrap().clone());
            for _ in 0..3 {
                let new = choices[rng.below(choices.len() as u64) as usize].clone();
                let mut mutated = snapshot.clone();
                *mutated.pointer_mut(path).unwrap() = new.clone();
                refused += usize::from(serde_json::from_value::<E>(mutated.clone()).is_err());
                let mut play_rng = SplitMix64::new(rng.next_u64());
                let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    exercise::<E>(mutated.clone(), &mut play_rng);
                }));
                assert!(
                    run.is_ok(),
                    "a panic on the snapshot with {path} = {new} (seed {seed}, episode {episode}): {mutated}"
                );
            }
        }
    }
    refused
}

/// Snapshots with a field mutated (numbers out of range, lists longer or shorter, seats,
/// tiles, cards, counts) are refused with an error or read back as an environment that
/// plays without a panic; most are refused.
#[test]
fn a_mutated_snapshot_is_refused_or_plays_without_a_panic() {
    use mahjong_core::{MatchLength, Rules};
    let mut sanma_match = Rules::tenhou_sanma();
    sanma_match.match_rules.length = MatchLength::Tonpuusen;
    let counts = [
        mutate_snapshots(&OmokEnv::new(omok_core::Rule::Renju, 15).unwrap(), 1, 150),
        mutate_snapshots(
            &OmokEnv::new(omok_core::Rule::Freestyle, 9).unwrap(),
            2,
            150,
        ),
        mutate_snapshots(
            &MatgoEnv::new(hwatu_core::Rules::standard()).unwrap(),
            3,
            300,
        ),
        mutate_snapshots(
            &PokerEnv::new(twosided_poker::Rules::default()).unwrap(),
            4,
            300,
        ),
        mutate_snapshots(&gostop(), 10, 300),
        mutate_snapshots(
            &PokerEnv::new(twosided_poker::Rules::grand_final()).unwrap(),
            5,
            300,
        ),
        mutate_snapshots(
            &MahjongEnv::hand(Rules::tenhou(), Reward::default()).unwrap(),
            6,
            300,
        ),
        mutate_snapshots(
            &MahjongEnv::hand(Rules::tenhou_sanma(), Reward::default()).unwrap(),
            7,
            300,
        ),
        mutate_snapshots(
            &MahjongEnv::game(sanma_match, Reward::Score).unwrap(),
            8,
            300,
        ),
        mutate_snapshots(&ClassroomEnv::new(Rules::classroom()).unwrap(), 9, 300),
    ];
    assert!(counts.iter().all(|&refused| refused > 50), "{counts:?}");
}

/// The impossible values of the outside check (issue 32), each refused with an error naming
/// what is wrong: they were read back and then panicked (or were taken silently).
#[test]
fn the_impossible_values_of_the_outside_check_are_refused() {
    use serde_json::Value;
    fn snapshot<E: Env + Serialize>(template: &E, decisions: usize) -> Value {
        let mut env = template.clone();
        env.reset(5);
        play_randomly(&mut env, decisions, &mut SplitMix64::new(5));
        serde_json::to_value(&env).unwrap()
    }
    fn refused<E: DeserializeOwned>(snapshot: &Value, pointer: &str, bad: Value) -> String {
        let mut snapshot = snapshot.clone();
        *snapshot.pointer_mut(pointer).expect(pointer) = bad.clone();
        match serde_json::from_value::<E>(snapshot) {
            Ok(_) => panic!("{pointer} = {bad} was read back"),
            Err(e) => e.to_string(),
        }
    }
    let omok = snapshot(&OmokEnv::new(omok_core::Rule::Renju, 15).unwrap(), 6);
    for (pointer, bad) in [("/game/board/size", 99), ("/game/board/cells/0", 9)] {
        refused::<OmokEnv>(&omok, pointer, bad.into());
    }
    let poker = snapshot(&PokerEnv::new(twosided_poker::Rules::default()).unwrap(), 3);
    for (pointer, bad) in [
        ("/game/hand/cards/0/front", 0),
        ("/game/shoe/next", 999),
        ("/game/rules/starting_chips", 0),
    ] {
        refused::<PokerEnv>(&poker, pointer, bad.into());
    }
    let matgo = snapshot(&MatgoEnv::new(hwatu_core::Rules::standard()).unwrap(), 3);
    let error = refused::<MatgoEnv>(&matgo, "/deck/0", 60.into());
    assert!(error.contains("card index 60"), "{error}");
    let gostop = snapshot(&gostop(), 3);
    let error = refused::<GoStopEnv>(&gostop, "/deck/0", 60.into());
    assert!(error.contains("card index 60"), "{error}");
    let first = gostop.pointer("/deck/1").unwrap().clone();
    let error = refused::<GoStopEnv>(&gostop, "/deck/0", first);
    assert!(error.contains("rules' deck"), "{error}");
    let error = refused::<GoStopEnv>(&gostop, "/history/0", serde_json::json!("Go"));
    assert!(error.contains("action 0"), "{error}");
    let tenhou = mahjong_core::Rules::tenhou();
    let mahjong = snapshot(&MahjongEnv::hand(tenhou, Reward::default()).unwrap(), 20);
    for (pointer, bad) in [
        ("/play/Hand/legal/len", 99),
        ("/play/Hand/indicators", 9),
        ("/tracker/indicators/0", 40),
        ("/tracker/drawn/0", 40),
    ] {
        refused::<MahjongEnv>(&mahjong, pointer, bad.into());
    }
    let classroom = ClassroomEnv::new(mahjong_core::Rules::classroom()).unwrap();
    let classroom = snapshot(&classroom, 10);
    let error = refused::<ClassroomEnv>(&classroom, "/game/taken", 999.into());
    assert!(error.contains("999 live tiles taken"), "{error}");
}

/// The game crates' states read back on their own refuse the same impossible values, each
/// with a message naming it: an omok board size, cell or stone count, a move off its
/// board; a Matgo card past the 50th, a stock top past its end and a card in two places
/// (while every state of random games reads back); a poker card face of
/// 0, a shoe's next card past its deck, no starting chips, chips not conserved, hands
/// played past the limit (while every state of random matches reads back); a mahjong hand's 9 dora
/// indicators, legal list past its capacity and live tiles taken past the wall's.
#[test]
fn a_game_state_with_an_impossible_value_is_refused_with_its_reason() {
    use serde_json::{Value, json};
    fn refused<T: Serialize + DeserializeOwned>(state: &T, pointer: &str, bad: Value, says: &str) {
        let mut value = serde_json::to_value(state).unwrap();
        assert!(
            serde_json::from_value::<T>(value.clone()).is_ok(),
            "{pointer}"
        );
        *value.pointer_mut(pointer).expect(pointer) = bad.clone();
        match serde_json::from_value::<T>(value) {
            Ok(_) => panic!("{pointer} = {bad} was read back"),
            Err(e) => assert!(e.to_string().contains(says), "{pointer} = {bad}: {e}"),
        }
    }
    let mut omok = omok_core::Game::with_size(omok_core::Rule::Renju, 15).unwrap();
    omok.play("h8".parse().unwrap()).unwrap();
    refused(&omok, "/board/size", json!(99), "99x99");
    refused(&omok, "/board/cells/0", json!(9), "not the edge");
    refused(
        &omok,
        "/board/stones",
        json!(2),
        "2 stones counted, 1 on the board",
    );
    refused(&omok, "/moves/0/x", json!(40), "does not hold");
    let matgo = MatgoEnv::new(hwatu_core::Rules::standard()).unwrap();
    let matgo = matgo.game();
    refused(matgo, "/hands/0", json!(1u64 << 60), "past the 50th");
    refused(matgo, "/stock/top", json!(60), "top 60");
    let floor_and_hand = matgo.hand(hwatu_core::Player::A) | matgo.floor();
    let two_places = json!(floor_and_hand.bits());
    refused(matgo, "/hands/0", two_places, "a card is in two places");
    every_state_reads_back(
        &MatgoEnv::new(hwatu_core::Rules::standard()).unwrap(),
        |e| e.game().clone(),
    );
    let poker = PokerEnv::new(twosided_poker::Rules::default()).unwrap();
    let poker = poker.game();
    refused(poker, "/hand/cards/0/front", json!(0), "0");
    refused(poker, "/shoe/next", json!(999), "next card 999");
    refused(poker, "/rules/starting_chips", json!(0), "at least 1 chip");
    refused(
        poker,
        "/hand/ante/1",
        json!(u32::MAX),
        "not twice the starting",
    );
    refused(poker, "/chips/0", json!(1000), "not twice the starting");
    refused(
        poker,
        "/hands_played",
        json!(u32::MAX),
        "4294967295 hands played",
    );
    for rules in [
        twosided_poker::Rules::default(),
        twosided_poker::Rules::grand_final(),
    ] {
        every_state_reads_back(&PokerEnv::new(rules).unwrap(), |e| e.game().clone());
    }
    let mahjong = MahjongEnv::hand(mahjong_core::Rules::tenhou(), Reward::default()).unwrap();
    let kyoku = mahjong.kyoku().unwrap();
    refused(kyoku, "/indicators", json!(9), "9 dora indicators");
    refused(kyoku, "/legal/len", json!(99), "99 legal actions");
    refused(kyoku, "/taken", json!(999), "999 live tiles taken");
    let classroom = ClassroomEnv::new(mahjong_core::Rules::classroom()).unwrap();
    refused(
        classroom.game(),
        "/taken",
        json!(999),
        "999 live tiles taken",
    );
}

/// Mutates `samples` random fields of the JSON of a game crate's `state` (one mutation
/// each) and checks that each mutated state is refused or survives `play` (its public
/// calls) without a panic.
fn mutate_game_state<T: Serialize + DeserializeOwned>(
    state: &T,
    samples: usize,
    play: &dyn Fn(&mut T),
) {
    let snapshot = serde_json::to_value(state).unwrap();
    let mut paths = Vec::new();
    json_paths(&snapshot, "", &mut paths);
    let mut rng = SplitMix64::new(samples as u64);
    for _ in 0..samples * mutation_scale() {
        let path = &paths[rng.below(paths.len() as u64) as usize];
        let choices = mutations(&snapshot.pointer(path).unwrap().clone());
        let new = choices[rng.below(choices.len() as u64) as usize].clone();
        let mut mutated = snapshot.clone();
        *mutated.pointer_mut(path).unwrap() = new.clone();
        let Ok(mut state) = serde_json::from_value::<T>(mutated.clone()) else {
            continue;
        };
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| play(&mut state)));
        assert!(
            run.is_ok(),
            "a panic on the state with {path} = {new}: {mutated}"
        );
    }
}

/// The game crates' states on their own (an omok game, a Matgo game, a poker match, a
/// mahjong hand and match, a classroom game), a field mutated, are refused or answer their legal actions, views and
/// actions without a panic.
#[test]
fn a_mutated_game_state_is_refused_or_plays_without_a_panic() {
    use mahjong_core::{Kyoku, Seat};
    let mut rng = SplitMix64::new(3);
    let mut omok = omok_core::Game::new(omok_core::Rule::Renju);
    for p in ["h8", "h9", "i8", "i9"] {
        omok.play(p.parse().unwrap()).unwrap();
    }
    mutate_game_state(&omok, 500, &|game: &mut omok_core::Game| {
        for p in ["a1", "b2", "j8", "c3", "g8"] {
            let _ = game.play(p.parse().unwrap());
        }
        while game.undo().is_ok() {}
    });
    let mut matgo = MatgoEnv::new(hwatu_core::Rules::standard()).unwrap();
    let mut poker = PokerEnv::new(twosided_poker::Rules::default()).unwrap();
    let mut hand = MahjongEnv::hand(mahjong_core::Rules::tenhou(), Reward::default()).unwrap();
    play_randomly(&mut matgo, 8, &mut rng);
    play_randomly(&mut poker, 5, &mut rng);
    play_randomly(&mut hand, 40, &mut rng);
    mutate_game_state(matgo.game(), 500, &|game: &mut hwatu_core::Game| {
        for k in 0..40 {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            let _ = game.view(hwatu_core::Player::A);
            let _ = game.apply(legal[k % legal.len()]);
        }
        let _ = game.settle(1);
    });
    mutate_game_state(poker.game(), 500, &|game: &mut twosided_poker::Match| {
        for k in 0..40 {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            let _ = game.view(twosided_poker::Seat::One);
            let _ = game.apply(legal[k % legal.len()]);
        }
    });
    mutate_game_state(hand.kyoku().unwrap(), 500, &|kyoku: &mut Kyoku| {
        for k in 0..60 {
            let legal = kyoku.legal_actions();
            if legal.is_empty() {
                break;
            }
            let _ = kyoku.view(Seat::ALL[k % 4]);
            let _ = kyoku.apply(legal[k % legal.len()]);
        }
    });
    let mut game = MahjongEnv::game(mahjong_core::Rules::tenhou(), Reward::Score).unwrap();
    play_randomly(&mut game, 40, &mut rng);
    let wall = tabletop_env::mahjong::wall::full_game_wall(1, 1, 0, true).unwrap();
    mutate_game_state(
        game.game_state().unwrap(),
        300,
        &|game: &mut mahjong_core::Match| {
            for k in 0..300 {
                if game.needs_wall() {
                    let _ = game.deal(wall.clone());
                }
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let _ = game.view(Seat::ALL[k % 4]);
                let _ = game.apply(legal[k % legal.len()]);
            }
        },
    );
    let mut classroom = ClassroomEnv::new(mahjong_core::Rules::classroom()).unwrap();
    play_randomly(&mut classroom, 20, &mut rng);
    mutate_game_state(
        classroom.game(),
        500,
        &|game: &mut mahjong_core::classroom::Game| {
            for k in 0..60 {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let _ = game.view(Seat::ALL[k % 4]);
                let _ = game.apply(legal[k % legal.len()]);
            }
        },
    );
}

/// Plays `decisions` random legal decisions of `env` (fewer if its episode ends).
fn play_randomly<E: Env>(env: &mut E, decisions: usize, rng: &mut SplitMix64) {
    let mut mask = vec![0; env.num_actions()];
    for _ in 0..decisions {
        if env.is_terminal() {
            break;
        }
        env.write_action_mask(&mut mask).unwrap();
        env.step(random_legal_id(&mask, rng)).unwrap();
    }
}

/// A determinization's snapshot (its redealt deck orders or wall, its replayed actions)
/// reads back as the same state.
#[test]
fn a_determinized_environment_reads_back_from_its_snapshot() {
    fn check<E: Env + Debug + Serialize + DeserializeOwned>(template: &E, decisions: usize) {
        let mut env = template.clone();
        let mut rng = SplitMix64::new(17);
        play_randomly(&mut env, decisions, &mut rng);
        for seat in 0..env.num_players() {
            let redealt = env.determinize(seat, 9).expect("a determinization");
            let back: E = through_json(&redealt);
            assert_eq!(format!("{back:?}"), format!("{redealt:?}"), "seat {seat}");
        }
    }
    check(&MatgoEnv::new(hwatu_core::Rules::standard()).unwrap(), 6);
    check(&gostop(), 6);
    check(&PokerEnv::new(twosided_poker::Rules::default()).unwrap(), 6);
    let rules = mahjong_core::Rules::tenhou();
    check(&MahjongEnv::hand(rules, Reward::default()).unwrap(), 30);
    check(&MahjongEnv::game(rules, Reward::Score).unwrap(), 30);
}

/// Every state of 30 random episodes of `template`, as `state` takes it out, reads back as
/// itself: the checks refuse no state that play reaches.
fn every_state_reads_back<E: Env, T: Serialize + DeserializeOwned + PartialEq + Debug>(
    template: &E,
    state: impl Fn(&E) -> T,
) {
    let mut rng = SplitMix64::new(11);
    for seed in 0..30 {
        let mut env = template.clone();
        env.reset(seed);
        while !env.is_terminal() {
            let state = state(&env);
            assert_eq!(through_json(&state), state, "seed {seed}");
            play_randomly(&mut env, 1, &mut rng);
        }
        assert_eq!(
            through_json(&state(&env)),
            state(&env),
            "seed {seed}, the end"
        );
    }
}

/// The hwatu environments' `Debug` and snapshot JSON (written by hand over their shared
/// table) keep the fields and order their derives wrote: Matgo `game, deck, history, legal`;
/// Go-Stop `game, rules, deck, history, legal` in `Debug` and `rules, deck, history` in JSON.
#[test]
fn hwatu_snapshots_and_debug_keep_their_fields_in_order() {
    fn in_order(text: &str, fields: &[&str]) -> bool {
        let at: Vec<Option<usize>> = fields.iter().map(|f| text.find(f)).collect();
        at.iter().all(Option::is_some) && at.is_sorted()
    }
    let mut matgo = MatgoEnv::new(hwatu_core::Rules::standard()).unwrap();
    let mut gostop = gostop();
    matgo.reset(5);
    gostop.reset(5);
    let mut rng = SplitMix64::new(5);
    play_randomly(&mut matgo, 6, &mut rng);
    play_randomly(&mut gostop, 6, &mut rng);

    let debug = format!("{matgo:?}");
    assert!(debug.starts_with("MatgoEnv { game: Table { "), "{debug}");
    assert!(in_order(
        &debug,
        &[", deck: [", ", history: [", ", legal: ["]
    ));
    let debug = format!("{gostop:?}");
    assert!(debug.starts_with("GoStopEnv { game: Table { "), "{debug}");
    let fields = [
        ", rules: GoStopRules {",
        ", deck: [",
        ", history: [",
        ", legal: [",
    ];
    assert!(in_order(&debug, &fields), "{debug}");
    assert!(format!("{gostop:#?}").starts_with("GoStopEnv {\n    game: Table {\n"));

    let json = serde_json::to_string(&matgo).unwrap();
    assert!(json.starts_with(r#"{"game":{"#), "{json}");
    assert!(in_order(
        &json,
        &[r#"},"deck":["#, r#"],"history":["#, r#"],"legal":["#]
    ));
    assert!(json.ends_with("]}"));
    let json = serde_json::to_string(&gostop).unwrap();
    assert!(json.starts_with(r#"{"rules":{"#), "{json}");
    assert!(in_order(&json, &[r#"},"deck":["#, r#"],"history":["#]));
    assert!(!json.contains(r#""legal""#) && !json.contains(r#""game""#));
}
