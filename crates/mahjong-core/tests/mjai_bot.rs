//! Playing over mjai (feature `mjai`): [`MjaiBot`] keeps each seat's hand from its own log
//! alone and answers only legal actions; the referee plays whole matches with bots told
//! only their own view, and treats bots that fail as mjai.app does.
//!
//! `MAHJONG_MJAI_BOT_MATCHES=N` sets how many seeded matches the random-match tests play
//! (default 6).
#![cfg(feature = "mjai")]

use std::time::Duration;

use mahjong_core::bot::{ClassroomBot, EfficiencyBot, KyokuBot, RandomBot, play_out_match};
use mahjong_core::mjai::referee::{Fault, MjaiPlayer, Referee, RefereeConfig};
use mahjong_core::mjai::{MjaiBot, MjaiBotError, MjaiError, MjaiEvent, MjaiWriter, replay};
use mahjong_core::{KyokuAction, KyokuView, Match, Rules, Seat, TileWall};
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
    let mut rng = StdRng::seed_from_u64(1000 + m);
    move || TileWall::shuffled(true, &mut rng)
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
        let mut game = Match::new(rules).unwrap();
        let mut writers = Seat::ALL.map(MjaiWriter::for_seat);
        let mut sent = [0usize; 4];
        let mut bots =
            Seat::ALL.map(|s| MjaiBot::with_rules(s, Boxed(player(m, s.index())), rules).unwrap());
        let mut players: Vec<_> = (0..4).map(|s| player(m, s)).collect();
        let mut wall = walls(m);
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
            writers
                .iter_mut()
                .for_each(|w| w.record_match(&game, &events));
        }
        assert!(decisions > 50, "match {m}: only {decisions} decisions");
    }
}

/// Four in-process mjai bots through the referee: no fault, the full log replays, and the
/// result is the in-process match's on the same walls (each bot saw exactly its view).
#[test]
fn refereed_matches_are_the_in_process_matches() {
    let referee = Referee::default();
    for m in 0..matches() {
        let mut owned = Seat::ALL.map(|s| MjaiBot::new(s, Boxed(player(m, s.index()))));
        let mut players: Vec<&mut dyn MjaiPlayer> =
            owned.iter_mut().map(|b| b as &mut dyn MjaiPlayer).collect();
        let refereed = referee.play(&mut players, &mut walls(m)).unwrap();
        assert_eq!(refereed.faults, [], "match {m}");

        let mut game = Match::new(Rules::default()).unwrap();
        let mut direct: Vec<Boxed> = (0..4).map(|s| Boxed(player(m, s))).collect();
        let mut refs: Vec<&mut dyn KyokuBot> =
            direct.iter_mut().map(|b| b as &mut dyn KyokuBot).collect();
        let (_, result) = play_out_match(&mut game, &mut refs, &mut walls(m)).unwrap();
        assert_eq!(refereed.points, result.points, "match {m}");

        let text: String = refereed.log.iter().map(|l| l.to_json() + "\n").collect();
        replay(Rules::default(), &text).unwrap();
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

/// The mjai bot follows the four-player game: other seat counts are refused.
#[test]
fn with_rules_refuses_other_seat_counts() {
    for seats in [1, 3, 5] {
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
}
