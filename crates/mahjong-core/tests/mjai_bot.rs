//! Playing over mjai (feature `mjai`): [`MjaiBot`] keeps each seat's hand from its own log
//! alone and answers only legal actions; the referee plays whole matches with bots told
//! only their own view, and treats bots that fail as mjai.app does. Four seats, and three
//! under the sanma presets (`nukidora` answers, illegal sanma answers refused).
//!
//! `MAHJONG_MJAI_BOT_MATCHES=N` sets how many seeded matches the random-match tests play
//! (default 6).
#![cfg(feature = "mjai")]

use std::time::Duration;

use mahjong_core::bot::{ClassroomBot, EfficiencyBot, KyokuBot, RandomBot, play_out_match};
use mahjong_core::mjai::referee::{Fault, MjaiPlayer, Referee, RefereeConfig, Refereed};
use mahjong_core::mjai::{
    MjaiBot, MjaiBotError, MjaiError, MjaiEvent, MjaiTile, MjaiWriter, replay,
};
use mahjong_core::{
    Kyoku, KyokuAction, KyokuError, KyokuStart, KyokuView, Match, Refusal, Rules, Seat, TileWall,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn matches() -> u64 {
    std::env::var("MAHJONG_MJAI_BOT_MATCHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(6)
}

/// The player of seat `seat` in match `m`: a mix of the full-rules bots, random ones
/// seeded by the match so that two runs of it choose alike.
fn player(m: u64, seat: usize) -> Box<dyn KyokuBot + Send> {
    match seat {
        0 => Box::new(EfficiencyBot::new()),
        1 => Box::new(ClassroomBot::new()),
        _ => Box::new(RandomBot::new(StdRng::seed_from_u64(m * 10 + seat as u64))),
    }
}

/// A KyokuBot that forwards to a boxed one (MjaiBot takes its player by value).
struct Boxed(Box<dyn KyokuBot + Send>);

impl KyokuBot for Boxed {
    /// The player's choice; a lone pass without asking it (as the referee does), so that a
    /// random player draws the same numbers here and behind the referee.
    fn choose(&mut self, view: &KyokuView) -> Option<KyokuAction> {
        if view.legal == [KyokuAction::Pass] {
            return Some(KyokuAction::Pass);
        }
        self.0.choose(view)
    }
}

fn walls(m: u64) -> impl FnMut() -> TileWall {
    walls_for(Rules::default(), m)
}

/// The walls of match `m` under `rules` (136 tiles, or 108 in sanma).
fn walls_for(rules: Rules, m: u64) -> impl FnMut() -> TileWall {
    let mut rng = StdRng::seed_from_u64(1000 + m);
    move || TileWall::for_rules(&rules, &mut rng)
}

/// The three-player presets.
const SANMA_PRESETS: [Rules; 2] = [Rules::tenhou_sanma(), Rules::mahjong_soul_sanma()];

/// A whole match `m` under `rules` as each seat's own log tells it: each seat's log is fed
/// to its mjai bot as the game goes and, at every decision, the bot's view is checked to
/// be the game's view of that seat (the same tiles, table and legal actions). Returns the
/// decisions checked, the full log and each seat's log.
fn follow_each_seat(rules: Rules, m: u64) -> (usize, Vec<MjaiEvent>, Vec<Vec<MjaiEvent>>) {
    let seats = rules.seats;
    let mut game = Match::new(rules).unwrap();
    let mut full = MjaiWriter::new();
    let mut writers: Vec<MjaiWriter> = Seat::first(seats).map(MjaiWriter::for_seat).collect();
    let mut sent = [0usize; 4];
    let mut bots: Vec<MjaiBot> = Seat::first(seats)
        .map(|s| MjaiBot::with_rules(s, Boxed(player(m, s.index())), rules).unwrap())
        .collect();
    let mut players: Vec<Boxed> = (0..seats).map(|s| Boxed(player(m, s))).collect();
    let mut wall = walls_for(rules, m);
    let mut decisions = 0;
    while !game.is_over() {
        let events = if game.needs_wall() {
            game.deal(wall()).unwrap()
        } else {
            let seat = game.to_move().unwrap();
            let view = game.view(seat).unwrap();
            if view.legal != [KyokuAction::Pass] {
                let lines = &writers[seat.index()].lines()[sent[seat.index()]..];
                sent[seat.index()] += lines.len();
                let told = bots[seat.index()].react(lines);
                told.unwrap_or_else(|e| panic!("match {m}: seat {seat:?}: {e}"));
                let told = bots[seat.index()].view().unwrap();
                assert_eq!(told, view, "match {m}: seat {seat:?}'s view");
                decisions += 1;
            }
            let action = players[seat.index()].choose(&view).unwrap();
            game.apply(action).unwrap()
        };
        full.record_match(&game, &events);
        writers
            .iter_mut()
            .for_each(|w| w.record_match(&game, &events));
    }
    let seat_logs = writers.iter().map(|w| w.lines().to_vec()).collect();
    (decisions, full.lines().to_vec(), seat_logs)
}

/// Feeds each seat its own log as the game goes and checks, at every decision, that the
/// bot's view is the game's view of that seat: the same tiles, table and legal actions.
#[test]
fn each_seats_own_log_gives_the_games_view_and_legal_actions() {
    for m in 0..matches() {
        // Every other match lets kokushi rob a closed kan: the seats are then asked.
        let rules = Rules {
            kokushi_robs_closed_kan: m % 2 == 1,
            ..Rules::default()
        };
        let (decisions, ..) = follow_each_seat(rules, m);
        assert!(decisions > 50, "match {m}: only {decisions} decisions");
    }
}

/// `line` of the full log as `seat`'s log shows it: its `start_game` with its `id`, the
/// other seats' dealt tiles and draws hidden (`?`), every other line as it is.
fn seen_by(line: &MjaiEvent, seat: usize) -> MjaiEvent {
    let mut line = line.clone();
    match &mut line {
        MjaiEvent::StartGame { id, .. } => *id = Some(seat as u8),
        MjaiEvent::StartKyoku { tehais, .. } => {
            for (other, hand) in tehais.iter_mut().enumerate() {
                if other != seat {
                    hand.iter_mut().for_each(|t| *t = MjaiTile::Hidden);
                }
            }
        }
        MjaiEvent::Tsumo { actor, pai } if usize::from(*actor) != seat => *pai = MjaiTile::Hidden,
        _ => {}
    }
    line
}

/// Three-player matches of both presets followed by each seat's bot from its own log
/// alone: at every decision the bot's view and legal actions are the game's (kita among
/// them), and each seat's log is the full log with exactly the other seats' dealt tiles
/// and draws hidden: no concealed tile or draw of another seat shows, kita or not.
#[test]
fn each_sanma_seats_own_log_gives_the_games_view_and_hides_the_others_tiles() {
    for rules in SANMA_PRESETS {
        let (mut kitas, mut decisions) = (0, 0);
        for m in 0..matches() {
            let (made, full, seat_logs) = follow_each_seat(rules, m);
            // A match may end early on tobi; matches have many decisions on average.
            decisions += made;
            assert_eq!(seat_logs.len(), 3);
            for (seat, log) in seat_logs.iter().enumerate() {
                let expected: Vec<MjaiEvent> = full.iter().map(|l| seen_by(l, seat)).collect();
                assert_eq!(*log, expected, "match {m}: seat {seat}'s log");
                // A seat's log is no full log: it does not replay.
                let text: String = log.iter().map(|l| l.to_json() + "\n").collect();
                assert_eq!(
                    replay(rules, &text).unwrap_err(),
                    MjaiError::SeatView {
                        line: 1,
                        seat: seat as u8
                    }
                );
                let hidden_draws = log
                    .iter()
                    .filter(|l| {
                        matches!(
                            l,
                            MjaiEvent::Tsumo {
                                pai: MjaiTile::Hidden,
                                ..
                            }
                        )
                    })
                    .count();
                let others_draws = full
                    .iter()
                    .filter(|l| matches!(l, MjaiEvent::Tsumo { actor, .. } if usize::from(*actor) != seat))
                    .count();
                assert_eq!(hidden_draws, others_draws, "match {m}: seat {seat}");
            }
            kitas += full
                .iter()
                .filter(|l| matches!(l, MjaiEvent::Nukidora { .. }))
                .count();
        }
        assert!(kitas > 0, "{rules:?}: no kita in {} matches", matches());
        assert!(decisions as u64 > 50 * matches(), "{decisions} decisions");
    }
}

/// In-process mjai bots through the referee under `rules`, match `m`: no fault, the full
/// log replays, and the result is the in-process match's on the same walls (each bot saw
/// exactly its view). Returns the referee's log.
fn refereed_is_in_process(rules: Rules, m: u64) -> Vec<MjaiEvent> {
    let config = RefereeConfig {
        rules,
        ..RefereeConfig::default()
    };
    let seats = rules.seats;
    let mut owned: Vec<MjaiBot> = Seat::first(seats)
        .map(|s| MjaiBot::with_rules(s, Boxed(player(m, s.index())), rules).unwrap())
        .collect();
    let mut players: Vec<&mut dyn MjaiPlayer> =
        owned.iter_mut().map(|b| b as &mut dyn MjaiPlayer).collect();
    let refereed = Referee::new(config)
        .play(&mut players, &mut walls_for(rules, m))
        .unwrap();
    assert_eq!(refereed.faults, [], "match {m}");

    let mut game = Match::new(rules).unwrap();
    let mut direct: Vec<Boxed> = (0..seats).map(|s| Boxed(player(m, s))).collect();
    let mut refs: Vec<&mut dyn KyokuBot> =
        direct.iter_mut().map(|b| b as &mut dyn KyokuBot).collect();
    let (_, result) = play_out_match(&mut game, &mut refs, &mut walls_for(rules, m)).unwrap();
    assert_eq!(refereed.points, result.points, "match {m}");
    let places: [u8; 4] = std::array::from_fn(|s| {
        if s < seats {
            result.place(Seat::ALL[s]) as u8 + 1
        } else {
            0
        }
    });
    assert_eq!(refereed.places, places, "match {m}");

    let text: String = refereed.log.iter().map(|l| l.to_json() + "\n").collect();
    assert_eq!(replay(rules, &text).unwrap(), refereed.log, "match {m}");
    refereed.log
}

/// Four in-process mjai bots through the referee: no fault, the full log replays, and the
/// result is the in-process match's on the same walls (each bot saw exactly its view).
#[test]
fn refereed_matches_are_the_in_process_matches() {
    for m in 0..matches() {
        refereed_is_in_process(Rules::default(), m);
    }
}

/// Three in-process mjai bots through the referee under each three-player preset: whole
/// matches with no fault, the bots' `nukidora` answers taken as kitas, the result the
/// in-process match's on the same walls, and the full log replays under the preset.
#[test]
fn refereed_sanma_matches_are_the_in_process_matches() {
    for rules in SANMA_PRESETS {
        let mut kitas = 0;
        for m in 0..matches() {
            let log = refereed_is_in_process(rules, m);
            let MjaiEvent::StartKyoku { scores, tehais, .. } = &log[1] else {
                panic!("{}", log[1]);
            };
            assert_eq!(scores[3], 0);
            assert!(tehais[3].iter().all(|t| *t == MjaiTile::Hidden));
            assert!(
                log.iter().all(|l| l.actor().is_none_or(|a| a < 3)),
                "match {m}"
            );
            kitas += log
                .iter()
                .filter(|l| matches!(l, MjaiEvent::Nukidora { .. }))
                .count();
        }
        assert!(kitas > 0, "{rules:?}: no kita in {} matches", matches());
    }
}

/// A short scripted conversation: the deal, a draw, the answer; a discard by another seat
/// the bot can pon, then its discard after the pon; a riichi in two answers.
#[test]
fn a_scripted_conversation() {
    let mut bot = MjaiBot::new(Seat::ALL[1], EfficiencyBot::new());
    let start = r#"[{"type":"start_game","id":1},{"type":"start_kyoku","bakaze":"S","kyoku":3,"honba":1,"kyotaku":1,"oya":2,"dora_marker":"9p","scores":[20000,31000,24000,24000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1m","2m","3m","4p","5pr","6p","7s","8s","9s","E","E","P","C"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}]"#;
    // Not East 1, scores given: the match starts mid-way.
    assert_eq!(bot.react_line(start).unwrap(), r#"{"type":"none"}"#);
    let view = bot.view().unwrap();
    assert_eq!(view.points, [20000, 31000, 24000, 24000]);
    assert_eq!((view.honba, view.riichi_sticks), (1, 1));
    // The dealer (seat 2) draws and discards East: seat 1 may pon it.
    let line = r#"[{"type":"tsumo","actor":2,"pai":"?"},{"type":"dahai","actor":2,"pai":"E","tsumogiri":true,"meta":{"x":1}}]"#;
    let answer = bot.react_line(line).unwrap();
    let view = bot.view().unwrap();
    assert!(view.legal.contains(&KyokuAction::Pass));
    assert!(view.legal.iter().any(|a| matches!(a, KyokuAction::Pon(..))));
    assert!(
        answer == r#"{"type":"none"}"#
            || answer.starts_with(r#"{"type":"pon","actor":1,"target":2,"pai":"E""#),
        "{answer}"
    );
    // Everyone passes; seat 3 draws and discards, then seat 0, then seat 1 draws.
    let line = r#"[{"type":"tsumo","actor":3,"pai":"?"},{"type":"dahai","actor":3,"pai":"1s","tsumogiri":false},{"type":"tsumo","actor":0,"pai":"?"},{"type":"dahai","actor":0,"pai":"9m","tsumogiri":true},{"type":"tsumo","actor":1,"pai":"C"}]"#;
    let answer = bot.react_line(line).unwrap();
    let view = bot.view().unwrap();
    assert_eq!(view.live_tiles, 122 - 52 - 4);
    // Tenpai after the draw: the bot declares riichi, and once its `reach` comes back it
    // discards; every other discard is refused with the line and event named.
    assert_eq!(answer, r#"{"type":"reach","actor":1}"#);
    let answer = bot.react_line(r#"[{"type":"reach","actor":1}]"#).unwrap();
    assert!(
        answer.starts_with(r#"{"type":"dahai","actor":1,"#),
        "{answer}"
    );
    let wrong = r#"[{"type":"dahai","actor":1,"pai":"9m","tsumogiri":false}]"#;
    let error = bot.react_line(wrong).unwrap_err();
    assert!(
        matches!(
            error,
            MjaiBotError::Refused {
                line: 5,
                event: 1,
                ..
            }
        ),
        "{error}"
    );
    let right = format!("[{answer}]");
    assert_eq!(bot.react_line(&right).unwrap(), r#"{"type":"none"}"#);
    assert!(bot.view().unwrap().riichi[1]);
}

/// Garbage, unknown types and events out of order are typed errors naming the line and
/// event, never a panic; the bot keeps going after them.
#[test]
fn bad_input_is_a_typed_error_naming_the_line() {
    let mut bot = MjaiBot::new(Seat::ALL[0], RandomBot::new(StdRng::seed_from_u64(1)));
    let error = bot.react_line("not json").unwrap_err();
    assert!(
        matches!(error, MjaiBotError::NotAnArray { line: 1, .. }),
        "{error}"
    );
    let error = bot.react_line(r#"{"type":"none"}"#).unwrap_err();
    assert!(
        matches!(error, MjaiBotError::NotAnArray { line: 2, .. }),
        "{error}"
    );
    let error = bot.react_line(r#"[{"type":"shout"}]"#).unwrap_err();
    assert!(
        matches!(
            error,
            MjaiBotError::Event(MjaiError::UnknownType { line: 3, .. })
        ),
        "{error}"
    );
    let error = bot
        .react_line(r#"[{"type":"start_game"},{"type":"tsumo","actor":0,"pai":"1m"}]"#)
        .unwrap_err();
    assert!(
        matches!(
            error,
            MjaiBotError::OutOfOrder {
                line: 4,
                event: 2,
                ..
            }
        ),
        "{error}"
    );
    let start = r#"[{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","P","C"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}]"#;
    bot.react_line(start).unwrap();
    // Seat 2 cannot draw before the dealer.
    let error = bot
        .react_line(r#"[{"type":"tsumo","actor":2,"pai":"?"}]"#)
        .unwrap_err();
    assert!(
        matches!(
            error,
            MjaiBotError::OutOfOrder {
                line: 6,
                event: 1,
                ..
            }
        ),
        "{error}"
    );
    // Its own draw hidden.
    let error = bot
        .react_line(r#"[{"type":"tsumo","actor":0,"pai":"?"}]"#)
        .unwrap_err();
    assert!(
        matches!(error, MjaiBotError::Hidden { line: 7, .. }),
        "{error}"
    );
    let answer = bot
        .react_line(r#"[{"type":"tsumo","actor":0,"pai":"N"}]"#)
        .unwrap();
    assert!(answer.contains(r#""type":"dahai""#), "{answer}");
}

/// A fake bot: an efficiency bot that answers its first question with `bad` instead.
struct Fake {
    bot: MjaiBot,
    bad: Option<String>,
}

impl MjaiPlayer for Fake {
    fn ask(&mut self, line: &str, limit: Duration) -> Result<String, Fault> {
        let answer = self.bot.ask(line, limit);
        self.bad.take().map_or(answer, Ok)
    }
}

fn play_with(seat1: &mut dyn MjaiPlayer) -> mahjong_core::mjai::referee::Refereed {
    let config = RefereeConfig {
        limit: Duration::from_millis(300),
        ..RefereeConfig::default()
    };
    let mut bots = [0, 2, 3].map(|s| MjaiBot::new(Seat::ALL[s], EfficiencyBot::new()));
    let [a, b, c] = &mut bots;
    let mut players: [&mut dyn MjaiPlayer; 4] = [a, seat1, b, c];
    Referee::new(config)
        .play(&mut players, &mut walls(0))
        .unwrap()
}

/// A fault's message quotes the answer with its control characters escaped, so that a bot's
/// binary garbage cannot write raw bytes to the referee's terminal or log.
#[test]
fn a_fault_quotes_an_answer_with_control_characters_escaped() {
    let raw = "\u{0}\u{1b}[2J\u{fffd}";
    for fault in [
        Fault::Malformed { answer: raw.into() },
        Fault::Illegal { answer: raw.into() },
        Fault::TooMuch { answer: raw.into() },
    ] {
        let message = fault.to_string();
        // The replacement character of invalid UTF-8 is printable: it stays.
        assert!(message.contains("`\\0\\u{1b}[2J\u{fffd}`"), "{message}");
        assert!(!message.contains('\u{1b}'), "{message}");
    }
}

/// Garbage or an illegal answer is a chombo: seat 1 (not the dealer) pays 8,000 points, the
/// dealer gets 4,000, the others 2,000, the hand ends with the `error` ryukyoku, and the
/// dealer deals again with one more honba; the match then plays to its end.
#[test]
fn garbage_and_illegal_answers_are_chombo_and_play_resumes() {
    for (answer, fault) in [
        (
            "lol",
            Fault::Malformed {
                answer: "lol".into(),
            },
        ),
        (
            r#"{"type":"dahai","actor":1,"pai":"?","tsumogiri":false}"#,
            Fault::Malformed {
                answer: mahjong_core::excerpt(r#"{"type":"dahai","actor":1"#),
            },
        ),
        (
            r#"{"type":"ankan","actor":1,"consumed":["1m","1m","1m","1m"]}"#,
            Fault::Illegal {
                answer: mahjong_core::excerpt(r#"{"type":"ankan","actor":1"#),
            },
        ),
    ] {
        let mut fake = Fake {
            bot: MjaiBot::new(Seat::ALL[1], EfficiencyBot::new()),
            bad: Some(answer.to_string()),
        };
        let refereed = play_with(&mut fake);
        assert_eq!(refereed.faults.len(), 1, "{answer}");
        let first = &refereed.faults[0];
        assert_eq!((first.seat, first.fault.clone()), (Seat::ALL[1], fault));
        let error = refereed
            .log
            .iter()
            .position(|l| matches!(l, MjaiEvent::Ryukyoku { reason: Some(r), .. } if r == "error"))
            .unwrap();
        let after = [29_000, 17_000, 27_000, 27_000];
        assert_eq!(
            refereed.log[error],
            MjaiEvent::Ryukyoku {
                actor: None,
                reason: Some("error".into()),
                tenpais: None,
                deltas: Some([4_000, -8_000, 2_000, 2_000]),
                scores: Some(after),
            }
        );
        assert_eq!(refereed.log[error + 1], MjaiEvent::EndKyoku);
        let MjaiEvent::StartKyoku {
            kyoku,
            honba,
            oya,
            scores,
            ..
        } = &refereed.log[error + 2]
        else {
            panic!("{}", refereed.log[error + 2]);
        };
        assert_eq!((*kyoku, *honba, *oya, *scores), (1, 1, 0, after));
        assert!(matches!(
            refereed.log.last(),
            Some(MjaiEvent::EndGame { .. })
        ));
        assert_ne!(refereed.places, [0; 4]);
        replays_with_its_chombos(&refereed.log);
    }
}

/// The referee's log with its chombo lines replays, as a match and hand by hand, to the
/// same lines.
fn replays_with_its_chombos(log: &[MjaiEvent]) {
    let text: String = log.iter().map(|l| l.to_json() + "\n").collect();
    assert!(text.contains(r#""reason":"error""#), "{text}");
    assert_eq!(replay(Rules::default(), &text).unwrap(), log);
    let hands = mahjong_core::mjai::replay_hands(Rules::default(), &text).unwrap();
    assert_eq!(hands, log);
}

#[cfg(unix)]
mod processes {
    use super::*;
    use mahjong_core::mjai::referee::process::ProcessPlayer;

    /// Whether a fault is of the kind a case expects.
    type IsFault = fn(&Fault) -> bool;

    fn script(text: &str) -> ProcessPlayer {
        ProcessPlayer::spawn("sh", &["-c".to_string(), text.to_string()]).unwrap()
    }

    /// The chombos the log charges seat 1: `ryukyoku` lines with `reason` `error` whose
    /// `deltas` take its points.
    fn chombos_of_seat_1(log: &[MjaiEvent]) -> usize {
        log.iter()
            .filter(|line| {
                matches!(line, MjaiEvent::Ryukyoku { reason: Some(r), deltas: Some(d), .. }
                    if r == "error" && d[1] < 0)
            })
            .count()
    }

    /// Each failing bot program is a fault of its kind at every question (and keeps
    /// failing, each hand thrown out, until it goes below zero after four chombos), each
    /// fault charged with exactly one chombo; the referee neither panics nor waits past the
    /// limit, and its log replays.
    #[test]
    fn failing_bot_programs_are_faults() {
        let cases: [(&str, IsFault); 6] = [
            // Crashes at once.
            ("exit 3", |f| *f == Fault::Crashed),
            // Closes its output, reads everything.
            ("exec >&-; cat > /dev/null", |f| *f == Fault::Crashed),
            // Writes nothing, reads everything: late.
            ("cat > /dev/null", |f| matches!(f, Fault::Late { .. })),
            // Slow: answers after a second.
            (
                r#"while read l; do sleep 1; echo '{"type":"none"}'; done"#,
                |f| matches!(f, Fault::Late { .. }),
            ),
            // Garbage.
            ("while read l; do echo garbage; done", |f| {
                matches!(f, Fault::Malformed { .. })
            }),
            // Two lines per question.
            (
                r#"while read l; do echo '{"type":"none"}'; echo '{"type":"none"}'; done"#,
                |f| matches!(f, Fault::TooMuch { .. } | Fault::Illegal { .. }),
            ),
        ];
        for (text, expected) in cases {
            let mut bot = script(text);
            let refereed = play_with(&mut bot);
            assert_eq!(refereed.faults.len(), 4, "{text}: {:?}", refereed.faults);
            for fault in &refereed.faults {
                assert_eq!(fault.seat, Seat::ALL[1], "{text}");
                assert!(expected(&fault.fault), "{text}: {}", fault.fault);
            }
            assert_eq!(chombos_of_seat_1(&refereed.log), 4, "{text}");
            assert!(refereed.points[1] < 0, "{text}: {:?}", refereed.points);
            let text_log: String = refereed.log.iter().map(|l| l.to_json() + "\n").collect();
            assert_eq!(replay(Rules::default(), &text_log).unwrap(), refereed.log);
        }
    }
}

/// The `start_kyoku` line for seat 0 dealt `hand` (13 tiles) with `dora` the indicator.
fn start_with(hand: &str, dora: &str) -> String {
    let hidden = format!("[{}]", vec![r#""?""#; 13].join(","));
    let own: Vec<String> = hand.split(' ').map(|t| format!(r#""{t}""#)).collect();
    format!(
        r#"[{{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"{dora}","scores":[25000,25000,25000,25000],"tehais":[[{}],{hidden},{hidden},{hidden}]}}]"#,
        own.join(",")
    )
}

/// A deal or a draw that gives the seat a fifth copy of a kind, or a second red five, is
/// refused: the bot never plays (nor declares a kan of) a hand no wall can deal.
#[test]
fn tiles_past_the_walls_copies_are_refused() {
    let impossible = [
        start_with("1m 1m 1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m", "E"),
        start_with("1m 1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m E", "1m"),
        start_with("5mr 5mr 1m 2m 3m 4m 6m 7m 8m 9m E E E", "S"),
    ];
    for line in &impossible {
        let mut bot = MjaiBot::new(Seat::ALL[0], EfficiencyBot::new());
        let error = bot.react_line(line).unwrap_err();
        assert!(
            matches!(
                error,
                MjaiBotError::Impossible {
                    line: 1,
                    event: 1,
                    ..
                }
            ),
            "{error}"
        );
        assert!(bot.view().is_none(), "no hand is kept");
    }
    let mut bot = MjaiBot::new(Seat::ALL[0], EfficiencyBot::new());
    let start = start_with("1m 1m 1m 1m 5m 5m 5mr 2p 3p 4p E E S", "N");
    assert_eq!(bot.react_line(&start).unwrap(), r#"{"type":"none"}"#);
    for draw in ["1m", "5mr"] {
        let line = format!(r#"[{{"type":"tsumo","actor":0,"pai":"{draw}"}}]"#);
        let error = bot.react_line(&line).unwrap_err();
        assert!(
            matches!(error, MjaiBotError::Impossible { event: 1, ref tile, .. } if tile == draw),
            "{error}"
        );
        assert_eq!(
            bot.view().unwrap().concealed.len(),
            13,
            "the hand is unchanged"
        );
    }
    let answer = bot
        .react_line(r#"[{"type":"tsumo","actor":0,"pai":"5m"}]"#)
        .unwrap();
    assert_ne!(answer, r#"{"type":"none"}"#);
}

/// Seat 0's bot dealt `hand` with `dora` the indicator, seat 1 the dealer, fed `lines` in
/// turn: the first error, with the line it came on (counting the deal as line 1).
fn first_error(hand: &str, dora: &str, lines: &[&str]) -> Option<(usize, MjaiBotError)> {
    let mut bot = MjaiBot::new(Seat::ALL[0], EfficiencyBot::new());
    let start = start_with(hand, dora).replace(r#""oya":0"#, r#""oya":1"#);
    bot.react_line(&start).unwrap();
    lines
        .iter()
        .enumerate()
        .find_map(|(i, line)| bot.react_line(line).err().map(|e| (i + 2, e)))
}

/// Another seat's discard, call or kan and a dora indicator are counted with every copy
/// the seat saw (its hand, the melds, the discards not called, the indicators): a fifth
/// copy of a kind or a second red five is refused, four copies are not.
#[test]
fn other_seats_tiles_past_the_walls_copies_are_refused() {
    let discard = |seat: u8, pai: &str| {
        format!(
            r#"[{{"type":"tsumo","actor":{seat},"pai":"?"}},{{"type":"dahai","actor":{seat},"pai":"{pai}","tsumogiri":false}}]"#
        )
    };
    let pon_by_2 = r#"[{"type":"pon","actor":2,"target":1,"pai":"1m","consumed":["1m","1m"]}]"#;
    let dora_1m = r#"[{"type":"tsumo","actor":1,"pai":"?"},{"type":"dora","dora_marker":"1m"}]"#;
    let four_1m = "1m 1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m E";
    let three_1m = "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m E E";
    let red = "5mr 1m 2m 3m 4m 6m 7m 8m 9m E E E S";
    let (d1_1m, d2_1m, d1_5mr) = (discard(1, "1m"), discard(2, "1m"), discard(1, "5mr"));
    // (hand, indicator, lines, the line and event of the error, the tile named).
    let (d1_1m, d2_1m, d1_5mr) = (d1_1m.as_str(), d2_1m.as_str(), d1_5mr.as_str());
    // (hand, indicator, lines, the line and event of the error, the tile named).
    let refused = [
        (four_1m, "S", vec![d1_1m], (2, 2), "1m"),
        (three_1m, "1m", vec![d1_1m], (2, 2), "1m"),
        (red, "S", vec![d1_5mr], (2, 2), "5mr"),
        (three_1m, "S", vec![d1_1m, d2_1m], (3, 2), "1m"),
        (three_1m, "1m", vec![dora_1m], (2, 2), "1m"),
    ];
    for (hand, dora, lines, (line, event), tile) in &refused {
        let found = first_error(hand, dora, lines);
        assert!(
            matches!(
                &found,
                Some((l, MjaiBotError::Impossible { event: e, tile: t, .. }))
                    if l == line && e == event && t == tile
            ),
            "{hand} / {dora} / {lines:?}: {found:?}"
        );
    }
    let two_1m = "1m 1m 2m 3m 4m 5m 6m 7m 8m 9m E E E";
    let found = first_error(two_1m, "S", &[d1_1m, pon_by_2]);
    assert!(
        matches!(&found, Some((3, MjaiBotError::Impossible { event: 1, .. }))),
        "a pon of two more 1m: {found:?}"
    );
    // Four copies in all are possible: a discard, a pon of it and the seat's own.
    let one_1m = "1m 2m 3m 4m 5m 6m 7m 8m 9m E E E S";
    assert_eq!(first_error(one_1m, "N", &[d1_1m, pon_by_2]), None);
    assert_eq!(first_error(three_1m, "S", &[d1_1m]), None);
}

/// The mjai bot follows the four-player game and the three-player one: other seat counts
/// are refused, and so is seat 3, the empty seat of a three-player table.
#[test]
fn with_rules_refuses_other_seat_counts() {
    for seats in [1, 2, 5] {
        let rules = Rules {
            seats,
            ..Rules::default()
        };
        let bot = MjaiBot::with_rules(Seat::ALL[0], EfficiencyBot::new(), rules);
        assert_eq!(
            bot.err(),
            Some(mahjong_core::RulesError::FullGameSeats { seats })
        );
    }
    let bot = MjaiBot::with_rules(Seat::ALL[2], EfficiencyBot::new(), Rules::default());
    assert_eq!(bot.map(|bot| bot.seat()).ok(), Some(Seat::ALL[2]));
    for rules in SANMA_PRESETS {
        let bot = MjaiBot::with_rules(Seat::ALL[2], EfficiencyBot::new(), rules).unwrap();
        assert_eq!((bot.seat(), bot.rules().seats), (Seat::ALL[2], 3));
        let error = MjaiBot::with_rules(Seat::ALL[3], EfficiencyBot::new(), rules)
            .err()
            .unwrap();
        assert_eq!(
            error,
            mahjong_core::RulesError::EmptySeat { seat: 3, seats: 3 }
        );
        assert_eq!(
            error.to_string(),
            "seat 3 is not at the table: a 3-seat game is played by seats 0 to 2"
        );
    }
}

/// The table of a three-player hand dealt by seat 0: 35,000 points for each seat at it.
fn sanma_start() -> KyokuStart {
    KyokuStart {
        points: [35_000, 35_000, 35_000, 0],
        ..KyokuStart::default()
    }
}

/// A hand-set three-player deal of each preset: the dealer (seat 0) holds
/// `123p456p789p11s22s` and draws North. Its mjai bot, told seat 0's log only, answers
/// `nukidora` (the efficiency bot sets each North aside as soon as it may); the kita goes
/// through the game (the other two seats may ron the North, and pass), the replacement tile
/// 1s comes from the dead wall in the next `tsumo`, and the bot answers the tsumo win. At
/// both decisions its view is the game's: the tiles, the kita, the live tiles left.
#[test]
fn an_mjai_bot_answers_nukidora_and_wins_on_the_replacement_tile() {
    let s0 = Seat::ALL[0];
    for rules in SANMA_PRESETS {
        let hands = ["123p456p789p11s22s", "", ""];
        let wall = crate::common::kyoku::sanma_wall(hands, "4z", "1s9s9s9s7z");
        let mut kyoku = Kyoku::from_wall(rules, sanma_start(), wall).unwrap();
        let mut log = MjaiWriter::for_seat(s0);
        log.start_kyoku(&kyoku);
        let mut bot = MjaiBot::with_rules(s0, EfficiencyBot::new(), rules).unwrap();
        let answer = bot.react(log.lines()).unwrap().unwrap();
        assert_eq!(
            answer.to_json(),
            r#"{"type":"nukidora","actor":0,"pai":"N"}"#
        );
        assert_eq!(bot.view().unwrap(), kyoku.view(s0));
        assert!(bot.view().unwrap().legal.contains(&KyokuAction::Kita));

        let sent = log.lines().len();
        log.record(&kyoku.apply(KyokuAction::Kita).unwrap());
        // Seats 1 and 2 are asked about a ron on the North: they have none.
        while kyoku.to_move() != Some(s0) {
            assert_eq!(kyoku.legal_actions(), [KyokuAction::Pass]);
            log.record(&kyoku.apply(KyokuAction::Pass).unwrap());
        }
        let told: Vec<String> = log.lines()[sent..].iter().map(|l| l.to_json()).collect();
        assert_eq!(
            told,
            [
                r#"{"type":"nukidora","actor":0,"pai":"N"}"#,
                r#"{"type":"tsumo","actor":0,"pai":"1s"}"#,
            ]
        );
        let answer = bot.react(&log.lines()[sent..]).unwrap().unwrap();
        assert_eq!(
            answer.to_json(),
            r#"{"type":"hora","actor":0,"target":0,"pai":"1s"}"#
        );
        let view = bot.view().unwrap();
        assert_eq!(view, kyoku.view(s0));
        assert_eq!((view.kita, view.live_tiles), ([1, 0, 0, 0], 94 - 40 - 1));
        assert!(view.legal.contains(&KyokuAction::Tsumo));
    }
}

/// `start_game` and `start_kyoku` of seat `seat`'s log at a table of `seats` (4, or 3 in
/// sanma; seat 0 deals), the seat dealt `hand`, `dora` the indicator.
fn start_at(seats: usize, seat: usize, hand: &str, dora: &str) -> String {
    let hidden = format!("[{}]", vec![r#""?""#; 13].join(","));
    let own: Vec<String> = hand.split(' ').map(|t| format!(r#""{t}""#)).collect();
    let own = format!("[{}]", own.join(","));
    let tehais: Vec<&str> = (0..4)
        .map(|s| {
            if s == seat {
                own.as_str()
            } else {
                hidden.as_str()
            }
        })
        .collect();
    let scores = if seats == 3 {
        "35000,35000,35000,0"
    } else {
        "25000,25000,25000,25000"
    };
    format!(
        r#"[{{"type":"start_game","id":{seat}}},{{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"{dora}","scores":[{scores}],"tehais":[{}]}}]"#,
        tehais.join(",")
    )
}

/// [`start_at`] a three-player table.
fn sanma_start_with(seat: usize, hand: &str, dora: &str) -> String {
    start_at(3, seat, hand, dora)
}

/// Whether `error` is the refusal of this seat's own `action` for `reason`, on `line`.
fn refused_for(error: &MjaiBotError, line: usize, action: KyokuAction, reason: Refusal) -> bool {
    matches!(
        error,
        MjaiBotError::Refused { line: l, error: KyokuError::NotAllowed { action: a, reason: r }, .. }
            if *l == line && *a == action && *r == reason
    )
}

/// A sanma action of the bot's own seat that the rules refuse is its typed error, the line
/// named, the hand kept: a `nukidora` with no North held, a `chi` (three players have
/// none), a `nukidora` at four seats. Another seat's `nukidora` at four seats, a
/// `nukidora` of another tile, a draw by the empty seat 3 and a 2m dealt at three seats
/// cannot be followed either.
#[test]
fn illegal_sanma_actions_are_refused_with_their_typed_errors() {
    let sanma = Rules::tenhou_sanma();
    let hand = "1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s E E";
    // Seat 0 deals and draws 9s: no North to set aside.
    let mut bot = MjaiBot::with_rules(Seat::ALL[0], EfficiencyBot::new(), sanma).unwrap();
    bot.react_line(&sanma_start_with(0, hand, "S")).unwrap();
    let answer = bot
        .react_line(r#"[{"type":"tsumo","actor":0,"pai":"9s"}]"#)
        .unwrap();
    assert_ne!(answer, r#"{"type":"none"}"#);
    let before = bot.view().unwrap();
    let error = bot
        .react_line(r#"[{"type":"nukidora","actor":0,"pai":"N"}]"#)
        .unwrap_err();
    assert!(
        refused_for(&error, 3, KyokuAction::Kita, Refusal::NoKita),
        "{error}"
    );
    assert_eq!(bot.view().unwrap(), before, "the hand is kept");
    // Another tile than North.
    let error = bot
        .react_line(r#"[{"type":"nukidora","actor":0,"pai":"E"}]"#)
        .unwrap_err();
    assert!(
        matches!(error, MjaiBotError::OutOfOrder { line: 4, event: 1, ref expected, .. } if expected.contains("`N`")),
        "{error}"
    );

    // Seat 1 holds 2p 3p; the dealer discards 1p: no chi at three seats.
    let mut bot = MjaiBot::with_rules(Seat::ALL[1], EfficiencyBot::new(), sanma).unwrap();
    bot.react_line(&sanma_start_with(1, hand, "S")).unwrap();
    let discard = r#"[{"type":"tsumo","actor":0,"pai":"?"},{"type":"dahai","actor":0,"pai":"1p","tsumogiri":true}]"#;
    bot.react_line(discard).unwrap();
    assert!(
        bot.view()
            .unwrap()
            .legal
            .iter()
            .all(|a| !matches!(a, KyokuAction::Chi(..)))
    );
    let chi = r#"[{"type":"chi","actor":1,"target":0,"pai":"1p","consumed":["2p","3p"]}]"#;
    let error = bot.react_line(chi).unwrap_err();
    let two_three = |tile: &str| tile.parse().unwrap();
    let action = KyokuAction::Chi(two_three("2p"), two_three("3p"));
    assert!(
        refused_for(&error, 3, action, Refusal::ChiInSanma),
        "{error}"
    );
    assert!(error.to_string().contains("no chi"), "{error}");
    // The empty seat 3 never draws.
    let error = bot
        .react_line(r#"[{"type":"tsumo","actor":3,"pai":"?"}]"#)
        .unwrap_err();
    assert!(
        matches!(error, MjaiBotError::OutOfOrder { line: 4, .. }),
        "{error}"
    );

    // A 2m dealt at three seats: the 108-tile wall has none.
    let mut bot = MjaiBot::with_rules(Seat::ALL[0], EfficiencyBot::new(), sanma).unwrap();
    let error = bot
        .react_line(&sanma_start_with(
            0,
            "2m 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s E E",
            "S",
        ))
        .unwrap_err();
    assert!(
        matches!(error, MjaiBotError::Impossible { line: 1, event: 2, ref tile, .. } if tile == "2m"),
        "{error}"
    );

    // Four seats: no kita, the bot's own or another's.
    let mut bot = MjaiBot::new(Seat::ALL[0], EfficiencyBot::new());
    bot.react_line(&start_with("1m 2m 3m 4p 5p 6p 7s 8s 9s E E N N", "S"))
        .unwrap();
    bot.react_line(r#"[{"type":"tsumo","actor":0,"pai":"N"}]"#)
        .unwrap();
    let error = bot
        .react_line(r#"[{"type":"nukidora","actor":0,"pai":"N"}]"#)
        .unwrap_err();
    assert!(
        refused_for(&error, 3, KyokuAction::Kita, Refusal::KitaAtFourSeats),
        "{error}"
    );
    let mut bot = MjaiBot::new(Seat::ALL[1], EfficiencyBot::new());
    bot.react_line(&start_at(4, 1, "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S", "S"))
        .unwrap();
    let error = bot
        .react_line(
            r#"[{"type":"tsumo","actor":0,"pai":"?"},{"type":"nukidora","actor":0,"pai":"N"}]"#,
        )
        .unwrap_err();
    assert!(
        matches!(
            error,
            MjaiBotError::OutOfOrder {
                line: 2,
                event: 2,
                ..
            }
        ),
        "{error}"
    );
}

/// When a fake bot answers its bad line: a test of its view after the question.
type When = fn(&KyokuView) -> bool;

/// A fake bot: an mjai bot that, the first time its view after a question satisfies
/// `when`, answers `bad` instead.
struct FakeWhen {
    bot: MjaiBot,
    bad: Option<String>,
    when: When,
}

impl MjaiPlayer for FakeWhen {
    fn ask(&mut self, line: &str, limit: Duration) -> Result<String, Fault> {
        let answer = self.bot.ask(line, limit);
        let now = self.bot.view().is_some_and(|view| (self.when)(&view));
        match self.bad.take() {
            Some(bad) if now => Ok(bad),
            bad => {
                self.bad = bad;
                answer
            }
        }
    }
}

/// A three-player match of `rules` in which seat 1 is `seat1` and seats 0 and 2 are
/// efficiency bots, with a short time limit.
fn play_sanma_with(rules: Rules, seat1: &mut dyn MjaiPlayer) -> Refereed {
    let config = RefereeConfig {
        rules,
        limit: Duration::from_millis(300),
    };
    let bot = |s: usize| MjaiBot::with_rules(Seat::ALL[s], EfficiencyBot::new(), rules).unwrap();
    let (mut a, mut c) = (bot(0), bot(2));
    let mut players: [&mut dyn MjaiPlayer; 3] = [&mut a, seat1, &mut c];
    Referee::new(config)
        .play(&mut players, &mut walls_for(rules, 0))
        .unwrap()
}

/// Bad sanma answers through the referee: a `chi` (three players have none) and a
/// `nukidora` with no North held are illegal, a `nukidora` of another tile or of the empty
/// seat 3 is no action of the seat: each is a fault charged with a chombo among three
/// (seat 1, not the dealer, pays 6,000: 4,000 to the dealer and 2,000 to seat 2, the mangan
/// tsumo of tsumo-loss; seat 3 stays at 0), the dealer deals again with one more honba,
/// the match plays to its end, and the log replays under the preset.
#[test]
fn illegal_sanma_answers_are_chombo_among_three() {
    fn own_turn_without_north(view: &KyokuView) -> bool {
        view.drawn.is_some() && !view.legal.contains(&KyokuAction::Kita)
    }
    fn any(_: &KyokuView) -> bool {
        true
    }
    let chi = r#"{"type":"chi","actor":1,"target":0,"pai":"3p","consumed":["1p","2p"]}"#;
    let nukidora = r#"{"type":"nukidora","actor":1,"pai":"N"}"#;
    let east = r#"{"type":"nukidora","actor":1,"pai":"E"}"#;
    let seat3 = r#"{"type":"nukidora","actor":3,"pai":"N"}"#;
    let illegal = |text: &str| Fault::Illegal {
        answer: mahjong_core::excerpt(text),
    };
    let malformed = |text: &str| Fault::Malformed {
        answer: mahjong_core::excerpt(text),
    };
    let cases: [(&str, When, Fault); 4] = [
        (chi, any, illegal(chi)),
        (nukidora, own_turn_without_north, illegal(nukidora)),
        (east, any, malformed(east)),
        (seat3, any, malformed(seat3)),
    ];
    for rules in SANMA_PRESETS {
        for (answer, when, fault) in cases.clone() {
            let mut fake = FakeWhen {
                bot: MjaiBot::with_rules(Seat::ALL[1], EfficiencyBot::new(), rules).unwrap(),
                bad: Some(answer.to_string()),
                when,
            };
            let refereed = play_sanma_with(rules, &mut fake);
            let first = &refereed.faults[0];
            assert_eq!(
                (first.seat, &first.fault),
                (Seat::ALL[1], &fault),
                "{answer}"
            );
            assert_eq!(refereed.faults.len(), 1, "{answer}: {:?}", refereed.faults);
            let error = refereed
                .log
                .iter()
                .position(
                    |l| matches!(l, MjaiEvent::Ryukyoku { reason: Some(r), .. } if r == "error"),
                )
                .unwrap();
            let MjaiEvent::Ryukyoku {
                deltas: Some(deltas),
                scores: Some(after),
                ..
            } = &refereed.log[error]
            else {
                unreachable!()
            };
            assert_eq!(*deltas, [4_000, -6_000, 2_000, 0], "{answer}");
            assert_eq!(refereed.log[error + 1], MjaiEvent::EndKyoku);
            let MjaiEvent::StartKyoku {
                kyoku,
                honba,
                oya,
                scores,
                ..
            } = &refereed.log[error + 2]
            else {
                panic!("{}", refereed.log[error + 2]);
            };
            assert_eq!((*kyoku, *oya, scores), (1, 0, after), "{answer}");
            assert_eq!(*honba, 1, "{answer}: the chombo was in the first hand");
            assert_eq!(refereed.places[3], 0);
            let mut places = refereed.places[..3].to_vec();
            places.sort();
            assert_eq!(places, [1, 2, 3]);
            let text: String = refereed.log.iter().map(|l| l.to_json() + "\n").collect();
            assert_eq!(replay(rules, &text).unwrap(), refereed.log, "{answer}");
        }
    }
}

/// A seat's log with three-seat lists, as RiichiEnv and the Mortal sanma fork
/// Mateces/mortal-sanma write a three-player `start_kyoku` (`scores` and `tehais` of
/// three), and RiichiEnv's `kita` for a kita: the bot reads them as the four-seat lists
/// and `nukidora`, and answers the same.
#[test]
fn a_sanma_log_with_three_seat_lists_is_played() {
    let three = r#"[{"type":"start_game","id":0},{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1p","scores":[35000,35000,35000],"tehais":[["1p","2p","3p","4p","5p","6p","7p","8p","9p","2s","3s","N","N"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]},{"type":"tsumo","actor":0,"pai":"1m"}]"#;
    let four = sanma_start_with(0, "1p 2p 3p 4p 5p 6p 7p 8p 9p 2s 3s N N", "1p")
        .replace("]}]", r#"]},{"type":"tsumo","actor":0,"pai":"1m"}]"#);
    let mut views = Vec::new();
    for (text, kita) in [(three, "kita"), (four.as_str(), "nukidora")] {
        let mut bot =
            MjaiBot::with_rules(Seat::ALL[0], EfficiencyBot::new(), Rules::tenhou_sanma()).unwrap();
        let answer = bot.react_line(text).unwrap();
        assert_eq!(answer, r#"{"type":"nukidora","actor":0,"pai":"N"}"#);
        let line = format!(
            r#"[{{"type":"{kita}","actor":0,"pai":"N"}},{{"type":"tsumo","actor":0,"pai":"9m"}}]"#
        );
        bot.react_line(&line).unwrap();
        let view = bot.view().unwrap();
        assert_eq!(view.kita, [1, 0, 0, 0]);
        assert_eq!(view.points, [35_000, 35_000, 35_000, 0]);
        views.push(view);
    }
    assert_eq!(views[0], views[1]);
}

/// A riichi hand holding all four 1m wins by tsumo: the bot's own reconstruction of the
/// hand knows no ura-dora indicator (before, a plain 1m stood in for the unknown one and
/// the win looked like a hand with a fifth 1m, so the bot was offered no tsumo).
#[test]
fn a_riichi_win_holding_four_1m_is_offered() {
    let mut bot = MjaiBot::new(Seat::ALL[0], EfficiencyBot::new());
    bot.react_line(&start_with("1m 1m 1m 1m 2m 3m 4p 5p 6p 7s 8s 9s S", "N"))
        .unwrap();
    bot.react_line(r#"[{"type":"tsumo","actor":0,"pai":"E"}]"#)
        .unwrap();
    let others: Vec<String> = (1..4)
        .map(|s| {
            format!(
                r#"{{"type":"tsumo","actor":{s},"pai":"?"}},{{"type":"dahai","actor":{s},"pai":"W","tsumogiri":true}}"#
            )
        })
        .collect();
    let line = format!(
        r#"[{{"type":"reach","actor":0}},{{"type":"dahai","actor":0,"pai":"S","tsumogiri":false}},{{"type":"reach_accepted","actor":0}},{},{{"type":"tsumo","actor":0,"pai":"E"}}]"#,
        others.join(",")
    );
    let answer = bot.react_line(&line).unwrap();
    assert_eq!(answer, r#"{"type":"hora","actor":0,"target":0,"pai":"E"}"#);
    let view = bot.view().unwrap();
    assert!(view.riichi[0]);
    assert!(view.legal.contains(&KyokuAction::Tsumo));
}
