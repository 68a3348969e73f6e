//! The observation planes and ids of the full game on a dealt hand, plane by plane, after
//! the deal and after the dealer's tsumogiri.

use mahjong_core::{Rules, Seat};
use tabletop_env::Env;
use tabletop_env::mahjong::ids::{PASS, TSUMOGIRI};
use tabletop_env::mahjong::obs::*;
use tabletop_env::mahjong::{MahjongEnv, Reward};

fn plane(obs: &[u8], index: usize) -> &[u8] {
    &obs[index * 34..(index + 1) * 34]
}

fn observe(env: &MahjongEnv, seat: usize) -> Vec<u8> {
    let mut obs = vec![0; OBS_LEN];
    env.write_observation(seat, &mut obs).unwrap();
    obs
}

/// A plane with 1 at `kind` only.
fn one_hot(kind: usize) -> Vec<u8> {
    let mut plane = vec![0; 34];
    plane[kind] = 1;
    plane
}

#[test]
fn the_deal_and_a_tsumogiri_plane_by_plane() {
    let mut env = MahjongEnv::hand(Rules::tenhou(), Reward::default()).unwrap();
    env.reset(5);
    let kyoku = env.kyoku().unwrap().clone();
    let dealer = Seat::ALL[0];
    let wall = kyoku.wall().tiles();
    let drawn = wall[52].tile.index() as usize;
    let indicator = wall[126].tile.index() as usize;
    let obs = observe(&env, 0);
    assert_eq!(plane(&obs, HAND), kyoku.hand(dealer).counts());
    assert_eq!(plane(&obs, DRAWN), one_hot(drawn));
    assert_eq!(plane(&obs, OFFERED), [0; 34]);
    assert_eq!(plane(&obs, DORA_INDICATORS), one_hot(indicator));
    let dora = tabletop_env::mahjong::obs::dora_of(wall[126].tile).index() as usize;
    assert_eq!(plane(&obs, DORA), one_hot(dora));
    assert_eq!(plane(&obs, ROUND_WIND), one_hot(27));
    assert_eq!(plane(&obs, SEAT_WIND), one_hot(27));
    assert_eq!(
        plane(&observe(&env, 2), SEAT_WIND),
        one_hot(29),
        "seat 2 is West"
    );
    let reds = kyoku.red_fives(dealer);
    for (suit, column) in [4, 13, 22].into_iter().enumerate() {
        assert_eq!(plane(&obs, RED)[column], u8::from(reds[suit]));
    }
    let scalars = plane(&obs, SCALARS);
    assert_eq!(scalars[COL_LIVE], 69);
    assert_eq!(&scalars[COL_POINTS..COL_POINTS + 4], [25; 4]);
    assert_eq!(&scalars[COL_PLACE..COL_PLACE + 4], [0, 1, 2, 3]);
    assert_eq!((scalars[COL_DEALER], scalars[COL_PHASE]), (0, 0));
    // Seat 3 sees the dealer as the seat after it.
    assert_eq!(plane(&observe(&env, 3), SCALARS)[COL_DEALER], 1);
    assert_eq!(plane(&observe(&env, 3), SCALARS)[COL_PHASE], 5);

    // The dealer discards its drawn tile: seat 1 is asked first.
    let step = env.step(u32::from(TSUMOGIRI)).unwrap();
    assert_eq!(step.to_move, Some(1));
    let asked = observe(&env, 1);
    assert_eq!(plane(&asked, OFFERED), one_hot(drawn));
    assert_eq!(plane(&asked, SCALARS)[COL_PHASE], 2);
    // For seat 1 the dealer is the previous seat, r = 3.
    assert_eq!(plane(&asked, DISCARDS + 3), one_hot(drawn));
    assert_eq!(plane(&asked, RECENT_DISCARDS + RECENT * 3), one_hot(drawn));
    assert_eq!(
        plane(&asked, TEDASHI + 3),
        [0; 34],
        "a tsumogiri is not tedashi"
    );
    let own = kyoku.hand(Seat::ALL[1]).counts();
    let seen: Vec<u8> = (0..34)
        .map(|k| own[k] + u8::from(k == drawn) + u8::from(k == indicator))
        .collect();
    assert_eq!(plane(&asked, VISIBLE), seen);
    let dealer_now = observe(&env, 0);
    assert_eq!(plane(&dealer_now, DISCARDS), one_hot(drawn));
    assert_eq!(plane(&dealer_now, DRAWN), [0; 34]);
    assert_eq!(plane(&dealer_now, SCALARS)[COL_TURN], 1);
    assert_eq!(
        plane(&observe(&env, 2), OFFERED),
        [0; 34],
        "seat 2 is not asked yet"
    );
    let mut mask = vec![0; env.num_actions()];
    env.write_action_mask(&mut mask).unwrap();
    assert_eq!(mask[usize::from(PASS)], 1);
}

/// The waits plane by its definition: with `3n+1` tiles the hand's waits; with `3n+2` each
/// kind held whose discard leaves waits.
fn waits_by_definition(hand: &mahjong_core::Hand) -> Vec<u8> {
    (0..34u8)
        .map(|k| {
            let tile = mahjong_core::Tile::from_index(k).unwrap();
            let tenpai = if hand.len() % 3 == 2 {
                let mut rest = *hand;
                rest.remove(tile).is_ok() && !rest.waits().is_empty()
            } else {
                hand.waits().contains(tile)
            };
            u8::from(tenpai)
        })
        .collect()
}

#[test]
fn every_seat_at_every_decision_of_bot_hands_sees_its_waits_and_no_stale_bytes() {
    use mahjong_core::bot::EfficiencyBot;
    use tabletop_env::Agent;
    use tabletop_env::bots::BotAgent;
    // The efficiency bot plays towards tenpai, so that the waits planes are not all empty.
    let mut bot = BotAgent::new("efficiency", EfficiencyBot::new());
    let mut env = MahjongEnv::hand(Rules::tenhou(), Reward::default()).unwrap();
    let mut tenpai_seen = 0;
    for seed in 0..4 {
        env.reset(seed);
        while let Some(mover) = env.to_move() {
            let kyoku = env.kyoku().unwrap();
            for seat in 0..4 {
                let obs = observe(&env, seat);
                // Written over garbage, the observation is the same: no plane is left stale.
                let mut dirty = vec![0xAB; OBS_LEN];
                env.write_observation(seat, &mut dirty).unwrap();
                assert_eq!(dirty, obs, "seed {seed} seat {seat}");
                let expected = waits_by_definition(kyoku.hand(Seat::ALL[seat]));
                assert_eq!(plane(&obs, WAITS), expected, "seed {seed} seat {seat}");
                tenpai_seen += usize::from(expected.contains(&1));
            }
            let id = bot.act(&env, mover);
            env.step(id).unwrap();
        }
    }
    assert!(
        tenpai_seen > 50,
        "the bots' hands reach tenpai: {tenpai_seen}"
    );
}

/// `Tracker::write` into a buffer shorter than `OBS_LEN` gives the observation's first
/// bytes (the hand plane first), and a longer one zeros past `OBS_LEN`.
#[test]
fn a_short_buffer_gets_the_observations_first_bytes() {
    let mut env = MahjongEnv::hand(Rules::tenhou(), Reward::default()).unwrap();
    env.reset(5);
    let kyoku = env.kyoku().unwrap();
    let tracker = Tracker::new(kyoku, 0);
    let full = observe(&env, 0);
    for len in [0, 1, 34, OBS_LEN - 1] {
        let mut short = vec![7; len];
        tracker.write(kyoku, Seat::ALL[0], &mut short);
        assert_eq!(short, full[..len], "a buffer of {len} bytes");
    }
    let mut long = vec![7; OBS_LEN + 3];
    tracker.write(kyoku, Seat::ALL[0], &mut long);
    assert_eq!(long[..OBS_LEN], full[..]);
    assert_eq!(long[OBS_LEN..], [0; 3]);
}

/// Plays a three-player hand by the lowest legal id, but kita whenever it is legal, until a
/// kita has been declared; the seat that declared it.
fn play_to_a_kita(env: &mut MahjongEnv) -> Option<usize> {
    use tabletop_env::mahjong::ids::KITA;
    let mut mask = vec![0; env.num_actions()];
    while let Some(seat) = env.to_move() {
        env.write_action_mask(&mut mask).unwrap();
        if mask[usize::from(KITA)] == 1 {
            env.step(u32::from(KITA)).unwrap();
            return Some(seat);
        }
        let id = mask.iter().position(|&m| m == 1).unwrap();
        env.step(id as u32).unwrap();
    }
    None
}

#[test]
fn a_sanma_kita_is_an_id_a_public_tile_and_a_column_and_seat_3_is_empty() {
    use tabletop_env::EnvError;
    use tabletop_env::mahjong::ids::KITA;
    let mut env = MahjongEnv::hand(Rules::tenhou_sanma(), Reward::default()).unwrap();
    let (seed, kita) = (0..50)
        .find_map(|seed| {
            env.reset(seed);
            play_to_a_kita(&mut env).map(|seat| (seed, seat))
        })
        .expect("a kita within 50 deals");
    let kyoku = env.kyoku().unwrap();
    assert_eq!(kyoku.kita(Seat::ALL[kita]), 1, "seed {seed}");
    let north = 30;
    for seat in 0..3 {
        let obs = observe(&env, seat);
        let scalars = plane(&obs, SCALARS);
        let r = (kita + 3 - seat) % 3;
        for o in 0..4 {
            assert_eq!(
                scalars[COL_KITA + o],
                u8::from(o == r),
                "seat {seat}, r {o}"
            );
        }
        // The North set aside is seen by all: the seat's own Norths plus the public one.
        let own = kyoku.hand(Seat::ALL[seat]).counts()[north];
        assert!(plane(&obs, VISIBLE)[north] > own, "seat {seat}");
        // Seat 3 does not play: its relative planes and columns stay 0.
        for p in [
            MELDS + 3,
            DISCARDS + 3,
            TEDASHI + 3,
            RIICHI + 3,
            RIICHI_TILE + 3,
        ] {
            assert_eq!(plane(&obs, p), [0; 34], "seat {seat}, plane {p}");
        }
        assert_eq!(scalars[COL_POINTS + 3], 0);
        assert_eq!(scalars[COL_PLACE + 3], 0);
    }
    let mut obs = vec![0; OBS_LEN];
    assert!(matches!(
        env.write_observation(3, &mut obs),
        Err(EnvError::NoSuchSeat { .. })
    ));
    // Nor has it a determinization; the seat that declared kita has one.
    assert!(env.determinize(3, 1).is_none());
    assert!(env.determinize(kita, 1).is_some(), "seed {seed}");
    // The four-player table has no kita id.
    let mut four = MahjongEnv::hand(Rules::tenhou(), Reward::default()).unwrap();
    assert!(matches!(
        four.step(u32::from(KITA)),
        Err(EnvError::IdOutOfRange {
            id: 157,
            num_actions: 157
        })
    ));
}

#[test]
fn a_sanma_1m_indicator_makes_9m_the_dora() {
    // 2m-8m are not in a three-player wall: the dora after 1m is 9m (mahjong-core's
    // `dora_in`), where four players have 2m.
    let mut env = MahjongEnv::hand(Rules::tenhou_sanma(), Reward::default()).unwrap();
    let seed = (0..2000)
        .find(|&seed| {
            env.reset(seed);
            env.kyoku().unwrap().dora_indicators()[0].tile.index() == 0
        })
        .expect("a 1m indicator within 2000 deals");
    let obs = observe(&env, 0);
    assert_eq!(plane(&obs, DORA), one_hot(8), "seed {seed}");
}
