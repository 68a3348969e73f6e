//! Round trips: every real record read, written and read again gives the same record; a
//! match mahjong-core's bots play, written as an mjlog and read back, gives the same
//! events (four and three players).

use mahjong_core::bot::{EfficiencyBot, KyokuBot, RandomBot};
use mahjong_core::mjai::{MjaiEvent, MjaiWriter};
use mahjong_core::{Match, Rules, TileWall};
use mahjong_records::GameRecord;
use mahjong_records::mjlog;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::common::mjlogs;

#[test]
fn every_real_record_reads_back_the_same_after_writing() {
    for (name, text) in mjlogs() {
        let record = mjlog::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = mjlog::write(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = mjlog::read(&written).unwrap_or_else(|e| panic!("{name}: {e}\n{written}"));
        assert_eq!(again.rules, record.rules, "{name}");
        for (at, (a, b)) in again.events.iter().zip(&record.events).enumerate() {
            assert_eq!(a, b, "{name}: event {at}");
        }
        assert_eq!(again, record, "{name}");
        // Written once more, the text is the same: the ids are given out deterministically.
        assert_eq!(mjlog::write(&again).as_ref(), Ok(&written), "{name}");
    }
}

/// A match of `rules` played by an efficiency bot and random bots (whose calls, kans and
/// riichi vary the record), as mahjong-core's writer records it.
fn bot_match(rules: Rules, seed: u64) -> GameRecord {
    let mut shuffle = StdRng::seed_from_u64(seed);
    let mut random = RandomBot::new(StdRng::seed_from_u64(seed ^ 0x5eed));
    let mut game = Match::new(rules).expect("rules");
    let names = ["東家 a&b", "south", "西", ""].map(String::from);
    let mut log = MjaiWriter::named(names);
    let mut turns = 0;
    while !game.is_over() {
        turns += 1;
        assert!(turns < 100_000, "the match ends");
        let events = if game.needs_wall() {
            game.deal(TileWall::for_rules(&rules, &mut shuffle))
                .expect("a wall")
        } else {
            let seat = game.to_move().expect("a seat to move");
            let view = game.view(seat).expect("a view");
            let action = if seat.index().is_multiple_of(2) {
                EfficiencyBot.choose(&view)
            } else {
                random.choose(&view)
            };
            game.apply(action.expect("an action"))
                .expect("a legal action")
        };
        log.record_match(&game, &events);
    }
    GameRecord {
        rules,
        events: log.lines().to_vec(),
    }
}

fn round_trips(rules: Rules, seeds: std::ops::Range<u64>) -> usize {
    let mut kinds = std::collections::BTreeSet::new();
    for seed in seeds {
        let record = bot_match(rules, seed);
        let written = mjlog::write(&record).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let read = mjlog::read(&written).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(read.rules, record.rules, "seed {seed}");
        for (at, (a, b)) in read.events.iter().zip(&record.events).enumerate() {
            assert_eq!(a, b, "seed {seed}, event {at}");
        }
        assert_eq!(read.events.len(), record.events.len(), "seed {seed}");
        kinds.extend(record.events.iter().map(MjaiEvent::kind));
    }
    kinds.len()
}

#[test]
fn four_player_bot_matches_round_trip() {
    let kinds = round_trips(Rules::tenhou(), 0..12);
    // Every kind of line but nukidora (sanma only) appeared.
    assert!(kinds >= 15, "{kinds} kinds of line");
}

#[test]
fn three_player_bot_matches_round_trip() {
    let kinds = round_trips(Rules::tenhou_sanma(), 0..12);
    assert!(kinds >= 13, "{kinds} kinds of line");
}

#[test]
fn rules_of_each_flag_round_trip() {
    let mut no_red = Rules::tenhou();
    no_red.red_fives = false;
    no_red.scoring.red_fives = false;
    no_red.scoring.open_tanyao = false;
    no_red.match_rules.length = mahjong_core::MatchLength::Tonpuusen;
    round_trips(no_red, 0..3);
}

#[test]
fn rules_no_flag_names_are_refused() {
    let record = GameRecord {
        rules: Rules::m_league(),
        events: vec![],
    };
    assert!(matches!(
        mjlog::write(&record),
        Err(mjlog::MjlogError::Unwritable { event: 0, .. })
    ));
}
