//! Known answers: the first hand of mjx's first-example.mjlog read by hand from its tags,
//! line by line (names, the deal, a tsumogiri, riichi and its stick, a chi with the copies of
//! its `m` bits, the exhaustive draw with its tenpai payments).

use mahjong_core::mjai::MjaiEvent;
use mahjong_records::mjlog;

use crate::common::data;

fn line(json: &str) -> MjaiEvent {
    json.parse().unwrap_or_else(|e| panic!("{json}: {e}"))
}

#[test]
fn the_first_hand_of_first_example_reads_as_its_tags_say() {
    let text = std::fs::read_to_string(data().join("mjlog/mjx/first-example.mjlog")).unwrap();
    let record = mjlog::read(&text).unwrap();
    let events = &record.events;
    // `<UN n0="%2D%72%6F%6E%2D" n1="%41%53%41%50%49%4E" n2="%E3%81%86%E3%81%8D%E3%81%A7%E3%82%93"
    // n3="%E8%B6%85%E3%83%92%E3%83%A2%E3%83%AA%E3%83%AD">`
    assert_eq!(
        events[0],
        line(r#"{"type":"start_game","names":["-ron-","ASAPIN","うきでん","超ヒモリロ"]}"#)
    );
    // `<INIT seed="0,0,0,2,2,112" ten="250,250,250,250" oya="0" hai0="48,16,19,34,2,76,13,7,
    // 128,1,39,121,87" ...>`: id 112 is a South (kind 28), id 16 the red 5m.
    let MjaiEvent::StartKyoku {
        bakaze,
        kyoku,
        honba,
        kyotaku,
        oya,
        dora_marker,
        scores,
        tehais,
    } = &events[1]
    else {
        panic!("{}", events[1])
    };
    assert_eq!(
        (bakaze.to_string(), *kyoku, *honba, *kyotaku, *oya),
        ("E".into(), 1, 0, 0, 0)
    );
    assert_eq!(dora_marker.to_string(), "S");
    assert_eq!(*scores, [25000; 4]);
    let seat0: Vec<String> = tehais[0].iter().map(ToString::to_string).collect();
    assert_eq!(
        seat0,
        [
            "4p", "5mr", "5m", "9m", "1m", "2s", "4m", "2m", "F", "1m", "1p", "N", "4s"
        ]
    );
    // `<T107/><D39/>`: seat 0 draws 9s, discards 1p from the hand.
    assert_eq!(events[2], line(r#"{"type":"tsumo","actor":0,"pai":"9s"}"#));
    assert_eq!(
        events[3],
        line(r#"{"type":"dahai","actor":0,"pai":"1p","tsumogiri":false}"#)
    );
    // `<T122/><D122/>`: a tsumogiri of a North.
    let at = events
        .iter()
        .position(|e| *e == line(r#"{"type":"tsumo","actor":0,"pai":"N"}"#))
        .unwrap();
    assert_eq!(
        events[at + 1],
        line(r#"{"type":"dahai","actor":0,"pai":"N","tsumogiri":true}"#)
    );
    // `<REACH who="1" step="1"/><E115/><REACH who="1" ten="250,240,250,250" step="2"/>`
    let reach = events
        .iter()
        .position(|e| matches!(e, MjaiEvent::Reach { .. }))
        .unwrap();
    assert_eq!(events[reach], line(r#"{"type":"reach","actor":1}"#));
    assert_eq!(
        events[reach + 1],
        line(r#"{"type":"dahai","actor":1,"pai":"S","tsumogiri":false}"#)
    );
    assert_eq!(
        events[reach + 2],
        line(
            r#"{"type":"reach_accepted","actor":1,"deltas":[0,-1000,0,0],"scores":[25000,24000,25000,25000]}"#
        )
    );
    // `<V94/><F68/><N who="3" m="42031" /><G23/>`: m = 0xA42F, a chi from the previous seat
    // (bits 0-1: 3) of sequence 13 (7p-8p-9p), the called tile the third (9p, id 68), the
    // copies 1, 1, 0 (ids 61, 65, 68); then seat 3 discards 6m (id 23).
    assert_eq!(
        events[reach + 5],
        line(r#"{"type":"chi","actor":3,"target":2,"pai":"9p","consumed":["7p","8p"]}"#)
    );
    assert_eq!(
        events[reach + 6],
        line(r#"{"type":"dahai","actor":3,"pai":"6m","tsumogiri":false}"#)
    );
    // `<RYUUKYOKU ba="0,1" sc="250,-10,240,30,250,-10,250,-10" hai1="..." />`
    let end = events
        .iter()
        .position(|e| *e == MjaiEvent::EndKyoku)
        .unwrap();
    assert_eq!(
        events[end - 1],
        line(
            r#"{"type":"ryukyoku","reason":"fanpai","tenpais":[false,true,false,false],"deltas":[-1000,3000,-1000,-1000],"scores":[24000,27000,24000,24000]}"#
        )
    );
    assert!(matches!(
        events[end + 1],
        MjaiEvent::StartKyoku {
            honba: 1,
            kyotaku: 1,
            ..
        }
    ));
}

/// A win's fields: the first `AGARI` of mjlog2json's 2019021004gm-00a9-0000-e2f6516d.xml.
#[test]
fn a_win_reads_every_field_of_its_agari() {
    let path = data().join("mjlog/mjlog2json/2019021004gm-00a9-0000-e2f6516d.xml");
    let text = std::fs::read_to_string(path).unwrap();
    let agari_at = text.find("<AGARI").unwrap();
    let agari = &text[agari_at..agari_at + text[agari_at..].find("/>").unwrap()];
    let record = mjlog::read(&text).unwrap();
    let hora = record
        .events
        .iter()
        .find(|e| matches!(e, MjaiEvent::Hora { .. }))
        .unwrap();
    // `hai="24,26,27,128,130" m="45161,6665,42058" machi="26" ten="40,12000,2"
    // yaku="28,2,14,1,12,1,34,2" who="2" fromWho="2" sc="250,-60,250,-30,250,120,250,-30"`:
    // seat 2's tsumo on a 7m (id 26), toitoi (28), the round wind East (14), its seat wind
    // West (12), honitsu (34): a haneman of 40 fu, 6,000 from the dealer, 3,000 from the others.
    assert!(
        agari.contains("ten=\"40,12000,2\" yaku=\"28,2,14,1,12,1,34,2\""),
        "{agari}"
    );
    assert_eq!(
        *hora,
        line(
            r#"{"type":"hora","actor":2,"target":2,"pai":"7m","uradora_markers":[],"yakus":[["jikaze",1],["bakaze",1],["toitoiho",2],["honiso",2]],"fu":40,"fan":6,"hora_points":12000,"deltas":[-6000,-3000,12000,-3000],"scores":[19000,22000,37000,22000]}"#
        )
    );
}
