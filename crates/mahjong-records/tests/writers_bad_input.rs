//! The writers given events no reader makes (built by hand in Rust): each is written or
//! refused with an error, never a panic.

use mahjong_core::mjai::{MjaiEvent, MjaiTile};
use mahjong_records::{Format, GameRecord, Platform};

use crate::common::data;

/// `event` with one of its fields broken in the `kind`-th way.
fn broken(event: &MjaiEvent, kind: usize) -> MjaiEvent {
    let mut event = event.clone();
    let seat = [4, 200, 255][kind % 3];
    match &mut event {
        MjaiEvent::Tsumo { actor, pai } | MjaiEvent::Dahai { actor, pai, .. } => match kind % 2 {
            0 => *actor = seat,
            _ => *pai = MjaiTile::Hidden,
        },
        MjaiEvent::Chi {
            actor,
            target,
            consumed,
            ..
        }
        | MjaiEvent::Pon {
            actor,
            target,
            consumed,
            ..
        }
        | MjaiEvent::Daiminkan {
            actor,
            target,
            consumed,
            ..
        } => match kind % 4 {
            0 => consumed.clear(),
            1 => *target = seat,
            2 => *actor = seat,
            _ => consumed.extend([MjaiTile::Hidden; 3]),
        },
        MjaiEvent::Kakan {
            actor, consumed, ..
        }
        | MjaiEvent::Ankan { actor, consumed } => match kind % 2 {
            0 => consumed.clear(),
            _ => *actor = seat,
        },
        MjaiEvent::Hora {
            actor,
            target,
            deltas,
            yakus,
            ..
        } => match kind % 4 {
            0 => *actor = seat,
            1 => *target = seat,
            2 => *deltas = Some([i32::MAX, i32::MIN, 0, 0]),
            _ => *yakus = Some(vec![("no such yaku".to_string(), 200)]),
        },
        MjaiEvent::StartKyoku {
            oya, kyoku, tehais, ..
        } => match kind % 3 {
            0 => *oya = seat,
            1 => *kyoku = 0,
            _ => tehais[0].clear(),
        },
        MjaiEvent::Reach { actor } | MjaiEvent::ReachAccepted { actor, .. } => *actor = seat,
        _ => {}
    }
    event
}

#[test]
fn events_no_reader_makes_are_written_or_refused_never_a_panic() {
    let path = data().join("mjlog/mjlog2json/2019103023gm-00a9-0000-f90e0fe9.xml");
    let record = GameRecord::read(&std::fs::read_to_string(path).unwrap(), Platform::Tenhou);
    let record = record.unwrap();
    let (mut written, mut refused) = (0, 0);
    // The first 300 events (the first hands), each broken in four ways, in both writers.
    for at in 0..300 {
        for kind in 0..4 {
            let mut events = record.events.clone();
            events[at] = broken(&events[at], kind);
            let edited = GameRecord {
                events,
                ..record.clone()
            };
            for format in [Format::TenhouXml, Format::TenhouJson] {
                match edited.write(format) {
                    Ok(_) => written += 1,
                    Err(_) => refused += 1,
                }
            }
        }
    }
    assert!(refused > 1000, "{refused} refused, {written} written");
}
