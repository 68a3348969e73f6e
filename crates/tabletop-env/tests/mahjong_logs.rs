//! Training samples from mjai logs (`mahjong::logs`, feature `logs`): games played in the
//! environment, written as mjai logs, give back from the log the environment's own
//! decisions (seat, observation, mask, id), decision by decision, and its results; the logs
//! of other engines (Mortal's libriichi, riichienv) give samples whose actions are legal.

use mahjong_core::bot::EfficiencyBot;
use mahjong_core::mjai::{MjaiError, MjaiWriter, parse_log};
use mahjong_core::{Kyoku, KyokuAction, KyokuEvent, Match, MatchEvent, Rules};
use tabletop_env::bots::BotAgent;
use tabletop_env::mahjong::ids::{ANKAN, CHI, KYUUSHU, PASS, RON};
use tabletop_env::mahjong::logs::{LogError, LogSamples, LogScope, mjai_log};
use tabletop_env::mahjong::obs::OBS_LEN;
use tabletop_env::mahjong::wall::wall_for_rules;
use tabletop_env::mahjong::{MahjongEnv, Reward};
use tabletop_env::{Agent, Env, RandomAgent, Rewards};

/// One decision as the environment saw it.
struct Row {
    seat: usize,
    observation: Vec<u8>,
    mask: Vec<u8>,
    action: u16,
}

/// A game played in the environment: its decisions, its mjai log, its returns and, for
/// each hand, the points each seat won or lost in it (from mahjong-core's outcome).
struct Played {
    rows: Vec<Row>,
    log: String,
    returns: Rewards,
    hand_points: Vec<Rewards>,
    /// Claims beaten by a claim of higher priority (their rows say pass).
    beaten: usize,
    /// The ids played, in order.
    ids: Vec<u32>,
}

/// The game of the environment, played again on mahjong-core's side to write its log.
// One per game played: boxing the match would only add an indirection.
#[allow(clippy::large_enum_variant)]
enum Mirror {
    Hand(Kyoku),
    Match(Match),
}

/// Seat `s` played by a random agent or the efficiency bot, by `bots[s]`.
fn agents(bots: [bool; 4], seed: u64) -> Vec<Box<dyn Agent<MahjongEnv>>> {
    (0..4)
        .map(|s| -> Box<dyn Agent<MahjongEnv>> {
            match bots[s] {
                true => Box::new(BotAgent::new("efficiency", EfficiencyBot)),
                false => Box::new(RandomAgent::new(seed * 10 + s as u64)),
            }
        })
        .collect()
}

/// The points of each seat after `kyoku` against its start, as game points.
fn points_won(kyoku: &Kyoku) -> Rewards {
    let end = kyoku.outcome().expect("the hand is over").points;
    let start = kyoku.start().points;
    std::array::from_fn(|s| (end[s] - start[s]) as f32)
}

/// The claims asked and not yet resolved: the row and seat of each claim declared.
#[derive(Default)]
struct Claims(Vec<(usize, usize)>, usize);

impl Claims {
    /// Once the claims resolve (`events` not empty), each claim that did not become its
    /// seat's meld or win was beaten by one of higher priority: an mjai log has no line for
    /// it, so its row is what the log can tell, a pass (the state after it is the same).
    fn resolve<'a>(&mut self, events: impl IntoIterator<Item = &'a KyokuEvent>, rows: &mut [Row]) {
        let mut events = events.into_iter().peekable();
        if events.peek().is_none() {
            return;
        }
        let took: Vec<usize> = events
            .filter_map(|event| match event {
                KyokuEvent::Meld { seat, .. } | KyokuEvent::Win { seat, .. } => Some(seat.index()),
                _ => None,
            })
            .collect();
        for (row, seat) in self.0.drain(..) {
            if !took.contains(&seat) {
                rows[row].action = PASS;
                self.1 += 1;
            }
        }
    }
}

/// Whether `action` claims an offered tile.
fn is_claim(action: KyokuAction) -> bool {
    matches!(
        action,
        KyokuAction::Chi(..) | KyokuAction::Pon(..) | KyokuAction::OpenKan | KyokuAction::Ron
    )
}

/// Plays the episode of `seed` in `env`, recording each decision before it is taken, and
/// writes its log with mahjong-core's writer from the same walls and actions.
fn play(mut env: MahjongEnv, seed: u64, bots: [bool; 4]) -> Played {
    let mut agents = agents(bots, seed);
    env.reset(seed);
    let rules = *env.kyoku().unwrap().rules();
    let mut writer = MjaiWriter::new();
    writer.start_kyoku(env.kyoku().unwrap());
    let mut mirror = match env.game_state() {
        Some(game) => Mirror::Match(game.clone()),
        None => Mirror::Hand(env.kyoku().unwrap().clone()),
    };
    let (mut rows, mut hand_points) = (Vec::new(), Vec::new());
    let mut claims = Claims::default();
    let mut ids = Vec::new();
    while let Some(seat) = env.to_move() {
        let mut observation = vec![0; OBS_LEN];
        env.write_observation(seat, &mut observation).unwrap();
        let mut mask = vec![0; env.num_actions()];
        env.write_action_mask(&mut mask).unwrap();
        let id = agents[seat].act(&env, seat);
        let action = env.action_of(id).unwrap();
        ids.push(id);
        rows.push(Row {
            seat,
            observation,
            mask,
            action: id as u16,
        });
        if is_claim(action) {
            claims.0.push((rows.len() - 1, seat));
        }
        env.step(id).unwrap();
        match &mut mirror {
            Mirror::Hand(kyoku) => {
                let events = kyoku.apply(action).unwrap();
                claims.resolve(&events, &mut rows);
                writer.record(&events);
                if kyoku.is_over() {
                    hand_points.push(points_won(kyoku));
                }
            }
            Mirror::Match(game) => {
                let events = game.apply(action).unwrap();
                let hand_events = events.iter().filter_map(|event| match event {
                    MatchEvent::Kyoku(event) => Some(event),
                    _ => None,
                });
                claims.resolve(hand_events, &mut rows);
                writer.record_match(game, &events);
                if game.kyoku().unwrap().is_over() {
                    hand_points.push(points_won(game.kyoku().unwrap()));
                }
                if game.needs_wall() {
                    let wall = wall_for_rules(seed, game.hands(), game.honba(), &rules).unwrap();
                    let events = game.deal(wall).unwrap();
                    writer.record_match(game, &events);
                }
            }
        }
    }
    Played {
        rows,
        log: writer.to_jsonl(),
        returns: env.returns().unwrap(),
        hand_points,
        beaten: claims.1,
        ids,
    }
}

/// Checks that the samples of the game's log equal the game's decisions one by one, that
/// the episode's results are the environment's returns, and that each hand's result is
/// the points it moved (under `Reward::Points`).
///
/// Returns the claims made (calls and rons) and the claims beaten.
fn check_log_equals_env(rules: Rules, scope: LogScope, seed: u64, bots: [bool; 4]) -> [usize; 2] {
    let reward = Reward::for_rules(&rules);
    let env = match scope {
        LogScope::Match => MahjongEnv::game(rules, reward),
        LogScope::Hands => MahjongEnv::hand(rules, reward),
    };
    let mut env = env.unwrap();
    let played = play(env.clone(), seed, bots);
    assert_eq!(mjai_log(&mut env, seed, &played.ids).unwrap(), played.log);
    let samples = LogSamples::from_text(rules, reward, &played.log, scope)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{}", played.log));
    assert_eq!(samples.len(), played.rows.len(), "seed {seed}: decisions");
    for (i, (sample, row)) in samples.iter().zip(&played.rows).enumerate() {
        let at = format!("seed {seed}, decision {i}, line {}", sample.line);
        assert_eq!((sample.seat, sample.action), (row.seat, row.action), "{at}");
        let plane = (0..OBS_LEN / 34).find(|p| {
            let cols = p * 34..(p + 1) * 34;
            sample.observation[cols.clone()] != row.observation[cols]
        });
        assert_eq!(plane, None, "{at}: the first plane that differs");
        assert!(sample.action_mask == row.mask, "{at}: the masks differ");
        assert_eq!(sample.action_mask[usize::from(sample.action)], 1);
    }
    match scope {
        LogScope::Match => assert_eq!(samples.match_result(), Some(played.returns)),
        LogScope::Hands => {
            assert_eq!(samples.match_result(), None);
            assert_eq!(samples.hand_results(), [played.returns]);
        }
    }
    let by_points = LogSamples::from_text(rules, Reward::Points, &played.log, scope).unwrap();
    assert_eq!(by_points.hand_results(), played.hand_points);
    let events = parse_log(&played.log).unwrap();
    let from_events = LogSamples::from_events(rules, reward, &events, scope).unwrap();
    assert_eq!(from_events, samples, "the events give what the text gives");
    let claims = samples
        .iter()
        .filter(|s| (CHI..KYUUSHU).contains(&s.action) || s.action == RON);
    [claims.count(), played.beaten]
}

#[test]
fn samples_of_the_logs_of_hands_equal_the_environments_decisions() {
    let rules = [
        Rules::tenhou(),
        Rules::mahjong_soul(),
        Rules::tenhou_sanma(),
    ];
    for (seed, bots) in (0..24).zip(
        [[false; 4], [true; 4], [true, false, true, false]]
            .iter()
            .cycle(),
    ) {
        let rules = rules[seed as usize % rules.len()];
        check_log_equals_env(rules, LogScope::Hands, seed, *bots);
    }
}

#[test]
fn samples_of_the_logs_of_matches_equal_the_environments_decisions() {
    let mut counts = [0; 2];
    let mut count = |[claims, beaten]: [usize; 2]| {
        counts[0] += claims;
        counts[1] += beaten;
    };
    for seed in 0..4 {
        for rules in [Rules::tenhou(), Rules::tenhou_sanma()] {
            count(check_log_equals_env(
                rules,
                LogScope::Match,
                seed,
                [true, false, true, false],
            ));
            count(check_log_equals_env(
                rules,
                LogScope::Match,
                seed + 100,
                [true; 4],
            ));
        }
    }
    count(check_log_equals_env(
        Rules::tenhou(),
        LogScope::Match,
        7,
        [false; 4],
    ));
    let [claims, beaten] = counts;
    assert!(
        claims > 100 && beaten > 0,
        "{claims} claims, {beaten} beaten"
    );
}

/// The logs of other engines in mahjong-core's test data, with their rules.
fn engine_logs() -> Vec<(String, Rules, String)> {
    let folder = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../mahjong-core/tests/data/mjai"
    );
    let mut logs: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let rules = match name.starts_with("sanma") {
                true => Rules::tenhou_sanma(),
                false => Rules::tenhou(),
            };
            (name, rules, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    logs.sort_by(|a, b| a.0.cmp(&b.0));
    logs
}

#[test]
fn the_logs_of_other_engines_give_legal_samples_one_per_decision() {
    let logs = engine_logs();
    assert_eq!(logs.len(), 13);
    for (name, rules, text) in logs {
        let samples =
            LogSamples::from_text(rules, Reward::for_rules(&rules), &text, LogScope::Match)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        let dahai = text.lines().filter(|l| l.contains("\"dahai\"")).count();
        let hands = text
            .lines()
            .filter(|l| l.contains("\"start_kyoku\""))
            .count();
        let mut discards = 0;
        for sample in samples.iter() {
            assert!(sample.seat < rules.seats, "{name}: seat {}", sample.seat);
            assert_eq!(
                sample.action_mask[usize::from(sample.action)],
                1,
                "{name}: line {}",
                sample.line
            );
            assert_eq!(sample.observation.len(), OBS_LEN);
            // The observer holds 13 tiles, or 14 on its turn, less 3 a meld.
            let held: u32 = sample.observation[..34].iter().map(|&c| u32::from(c)).sum();
            assert!(
                (1..=14).contains(&held),
                "{name}: line {}: {held} tiles",
                sample.line
            );
            discards += usize::from(sample.action < ANKAN);
        }
        assert_eq!(discards, dahai, "{name}: one discard sample per dahai line");
        assert_eq!(samples.hand_results().len(), hands, "{name}");
        let result = samples.match_result().expect("a match");
        assert_eq!(
            result.iter().sum::<f32>(),
            0.0,
            "{name}: rank points are zero-sum"
        );
    }
}

#[test]
fn a_log_that_does_not_replay_names_its_line_and_nothing_panics() {
    let rules = Rules::tenhou();
    let played = play(
        MahjongEnv::game(rules, Reward::default()).unwrap(),
        3,
        [true; 4],
    );
    let lines: Vec<&str> = played.log.lines().collect();
    // Cut after line 40: the game goes on past the log's end.
    let cut = lines[..40].join("\n");
    let error = LogSamples::from_text(rules, Reward::default(), &cut, LogScope::Match).unwrap_err();
    assert!(
        matches!(
            error,
            LogError::Replay(MjaiError::Truncated { line: 40, .. })
        ),
        "{error}"
    );
    // A discard changed to a tile its seat does not hold.
    let at = lines.iter().position(|l| l.contains("\"dahai\"")).unwrap();
    let mut bad = lines.clone();
    let changed = lines[at].replace("\"pai\":\"", "\"pai\":\"X");
    bad[at] = &changed;
    let error = LogSamples::from_text(rules, Reward::default(), &bad.join("\n"), LogScope::Match)
        .unwrap_err();
    assert!(
        error.to_string().starts_with(&format!("line {}:", at + 1)),
        "{error}"
    );
    // Every cut and every line dropped gives samples or an error.
    for end in 0..lines.len().min(300) {
        let _ = LogSamples::from_text(
            rules,
            Reward::default(),
            &lines[..end].join("\n"),
            LogScope::Match,
        );
        let mut dropped = lines.clone();
        dropped.remove(end);
        let result = LogSamples::from_text(
            rules,
            Reward::default(),
            &dropped.join("\n"),
            LogScope::Match,
        );
        if end > 0 {
            assert!(result.is_err(), "line {end} dropped");
        }
    }
    // Every line with its seat or a tile changed gives samples or an error, never a panic;
    // a changed actor or discard is refused.
    let mutations: [(&str, &str); 4] = [
        ("\"actor\":0", "\"actor\":1"),
        ("\"actor\":1", "\"actor\":3"),
        ("\"pai\":\"1", "\"pai\":\"9"),
        ("\"pai\":\"5", "\"pai\":\"5mr\",\"x\":\""),
    ];
    for at in 0..lines.len().min(200) {
        for (from, to) in mutations {
            if !lines[at].contains(from) {
                continue;
            }
            let mut mutated = lines.clone();
            let changed = lines[at].replacen(from, to, 1);
            mutated[at] = &changed;
            let result = LogSamples::from_text(
                rules,
                Reward::default(),
                &mutated.join("\n"),
                LogScope::Match,
            );
            if lines[at].contains("\"dahai\"") && from.contains("actor") {
                let error = result.expect_err("another seat's discard");
                assert!(error.to_string().starts_with("line "), "{error}");
            }
        }
    }
    // A three-player log read under four-player rules.
    let sanma = play(
        MahjongEnv::hand(Rules::tenhou_sanma(), Reward::default()).unwrap(),
        1,
        [true; 4],
    );
    let error =
        LogSamples::from_text(rules, Reward::default(), &sanma.log, LogScope::Hands).unwrap_err();
    assert!(
        matches!(
            error,
            LogError::Replay(MjaiError::ThreePlayerLog { line: 2 })
        ),
        "{error}"
    );
}

#[test]
fn the_first_decisions_of_a_libriichi_log_field_by_field() {
    use mahjong_core::mjai::{MjaiEvent, MjaiTile};
    use tabletop_env::mahjong::ids::FullGameIds;
    use tabletop_env::mahjong::obs::{DRAWN, HAND, OFFERED};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../mahjong-core/tests/data/mjai/mlibriichi-11.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let lines = parse_log(&text).unwrap();
    let samples =
        LogSamples::from_events(Rules::tenhou(), Reward::default(), &lines, LogScope::Match)
            .unwrap();
    // Lines 2 to 4: the deal, the dealer's draw (S), its discard of 6p from the hand.
    let MjaiEvent::StartKyoku { tehais, .. } = &lines[1] else {
        panic!("{:?}", lines[1])
    };
    let copy = |tile: &MjaiTile| tile.copy().unwrap();
    let MjaiEvent::Tsumo { pai: drawn, .. } = lines[2] else {
        panic!()
    };
    let MjaiEvent::Dahai {
        pai: discarded,
        tsumogiri: false,
        ..
    } = lines[3]
    else {
        panic!()
    };
    let first = samples.iter().next().unwrap();
    assert_eq!((first.seat, first.line, first.hand), (0, 4, 0));
    let id = FullGameIds::encode(KyokuAction::Discard(copy(&discarded)), None).unwrap();
    assert_eq!(first.action, id);
    let mut hand = [0u8; 34];
    for tile in tehais[0].iter().chain([&drawn]) {
        hand[usize::from(copy(tile).tile.index())] += 1;
    }
    assert_eq!(first.observation[HAND * 34..(HAND + 1) * 34], hand);
    let mut drawn_plane = [0u8; 34];
    drawn_plane[usize::from(copy(&drawn).tile.index())] = 1;
    assert_eq!(first.observation[DRAWN * 34..(DRAWN + 1) * 34], drawn_plane);
    // Every tile of the hand is a legal discard; nothing else.
    let legal: Vec<usize> = (0..first.action_mask.len())
        .filter(|&i| first.action_mask[i] == 1)
        .collect();
    assert!(legal.contains(&usize::from(id)) && legal.iter().all(|&i| i < usize::from(ANKAN)));
    // Then seats 1, 2 and 3 are asked about the 6p in turn: the line that settles it is
    // seat 1's draw (line 5), and no seat claims.
    let asked: Vec<_> = samples.iter().skip(1).take(3).collect();
    assert_eq!(
        asked
            .iter()
            .map(|s| (s.seat, s.action, s.line))
            .collect::<Vec<_>>(),
        [(1, PASS, 5), (2, PASS, 5), (3, PASS, 5)]
    );
    let six_pin = usize::from(copy(&discarded).tile.index());
    for sample in &asked {
        assert_eq!(sample.observation[OFFERED * 34 + six_pin], 1);
        assert_eq!(sample.action_mask[usize::from(PASS)], 1);
    }
    // The results: each hand's in rank points, the match's zero-sum.
    assert!(
        samples
            .iter()
            .all(|s| s.match_result == samples.match_result())
    );
    assert_eq!(
        samples.hand_results().len(),
        samples.iter().last().unwrap().hand + 1
    );
}

#[test]
fn a_match_read_as_hands_gives_the_same_samples_but_the_hand_index() {
    use tabletop_env::mahjong::obs::{COL_HAND_INDEX, SCALARS};
    for (name, rules, text) in engine_logs().into_iter().step_by(4) {
        let reward = Reward::Points;
        let whole = LogSamples::from_text(rules, reward, &text, LogScope::Match).unwrap();
        let hands = LogSamples::from_text(rules, reward, &text, LogScope::Hands).unwrap();
        assert_eq!(whole.len(), hands.len(), "{name}");
        assert_eq!(whole.hand_results(), hands.hand_results(), "{name}");
        assert_eq!(hands.match_result(), None);
        let hand_index = SCALARS * 34 + COL_HAND_INDEX;
        for (a, b) in whole.iter().zip(hands.iter()) {
            assert_eq!(
                (a.seat, a.action, a.line, a.hand),
                (b.seat, b.action, b.line, b.hand)
            );
            assert_eq!(a.action_mask, b.action_mask);
            assert_eq!(
                usize::from(a.observation[hand_index]),
                a.hand.min(255),
                "{name}"
            );
            assert_eq!(b.observation[hand_index], 0, "{name}: a hand on its own");
            let differ: Vec<usize> = (0..OBS_LEN)
                .filter(|&i| a.observation[i] != b.observation[i])
                .collect();
            assert!(
                differ.iter().all(|&i| i == hand_index),
                "{name}: line {}: {differ:?}",
                a.line
            );
        }
    }
}
