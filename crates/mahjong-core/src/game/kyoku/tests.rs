//! Properties over random legal hands of the full game, and the hidden-information check.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::game::hanchan::MatchRules;
use crate::hand::score::{SanmaTsumo, ScoringRules, TileCopy};
use crate::hand::tile::Tile;

/// Takes wins and riichi, calls now and then, and mostly discards toward tenpai, so that
/// wins, calls, kans and draws all come up.
pub(crate) fn test_choice(kyoku: &Kyoku, rng: &mut StdRng) -> KyokuAction {
    let seat = kyoku.to_move().unwrap_or(Seat::ALL[0]);
    let legal = kyoku.legal_actions();
    let pick = |kind: fn(&KyokuAction) -> bool| legal.iter().copied().find(kind);
    if let Some(win) = pick(|a| matches!(a, KyokuAction::Tsumo | KyokuAction::Ron)) {
        return win;
    }
    if rng.random_range(0..4) == 0 {
        return legal[rng.random_range(0..legal.len())];
    }
    if let Some(kan) = pick(|a| matches!(a, KyokuAction::ClosedKan(_) | KyokuAction::AddedKan(_))) {
        return kan;
    }
    if let Some(riichi) =
        pick(|a| matches!(a, KyokuAction::Riichi(_) | KyokuAction::RiichiTsumogiri))
    {
        return riichi;
    }
    let tiles = kyoku.players[seat.index()].tiles;
    let mut shanten = |action: &KyokuAction| match *action {
        KyokuAction::Discard(copy) => tiles.without(copy).hand.shanten(),
        KyokuAction::Tsumogiri => match kyoku.phase {
            Phase::Turn { drawn: Some(d), .. } => tiles.without(d).hand.shanten(),
            _ => i8::MAX,
        },
        KyokuAction::Pass => i8::MAX - 1,
        _ if rng.random_range(0..3) == 0 => i8::MIN,
        _ => i8::MAX,
    };
    let mut best = legal[0];
    let mut low = i8::MAX;
    for action in &legal {
        let s = shanten(action);
        if s < low {
            (best, low) = (*action, s);
        }
    }
    best
}

/// Every action of each kind, for the refusal check: a few tiles of each.
fn candidates(rng: &mut StdRng) -> Vec<KyokuAction> {
    let mut copy = || {
        let tile = Tile::ALL[rng.random_range(0..34)];
        let red = tile.number() == 5 && !tile.is_honor() && rng.random_range(0..2) == 0;
        TileCopy { tile, red }
    };
    let (a, b, c) = (copy(), copy(), copy());
    vec![
        KyokuAction::Tsumogiri,
        KyokuAction::Discard(a),
        KyokuAction::RiichiTsumogiri,
        KyokuAction::Riichi(b),
        KyokuAction::Tsumo,
        KyokuAction::Ron,
        KyokuAction::Chi(a, b),
        KyokuAction::Pon(c, c),
        KyokuAction::OpenKan,
        KyokuAction::ClosedKan(a.tile),
        KyokuAction::AddedKan(b.tile),
        KyokuAction::KyuushuKyuuhai,
        KyokuAction::Pass,
        KyokuAction::Kita,
    ]
}

/// The table `n` picks: the preset [`preset_of`]`(n >> 2)`, at three seats
/// ([`at_three_seats`]) when bit 0 is set, with tsumo-loss or, by bit 1, the North share
/// split; so that every property runs under each preset at four seats and at three.
pub(crate) fn table_of(n: u64) -> Rules {
    let preset = preset_of(n >> 2);
    let tsumo = if n & 2 == 0 {
        SanmaTsumo::TsumoLoss
    } else {
        SanmaTsumo::NorthSplit
    };
    if n & 1 == 1 {
        at_three_seats(preset, tsumo)
    } else {
        preset
    }
}

/// The hands of `preset` at a table of three: its choices, kita ronnable, tsumo paid as
/// `tsumo` says. Tenhou's and Mahjong Soul's with their tsumo payments are the sanma
/// presets of those platforms (`sanma_presets_are_their_platforms_choices_at_three_seats`).
pub(crate) fn at_three_seats(preset: Rules, tsumo: SanmaTsumo) -> Rules {
    Rules {
        seats: 3,
        kita_ron: true,
        scoring: ScoringRules {
            sanma: Some(tsumo),
            ..preset.scoring
        },
        ..preset
    }
}

#[test]
fn sanma_presets_are_their_platforms_choices_at_three_seats() {
    let sanma = |preset: Rules, tsumo| Rules {
        match_rules: MatchRules::tenhou_sanma(),
        ..at_three_seats(preset, tsumo)
    };
    let tenhou = sanma(Rules::tenhou(), SanmaTsumo::TsumoLoss);
    assert_eq!(tenhou, Rules::tenhou_sanma());
    let mahjong_soul = sanma(Rules::mahjong_soul(), SanmaTsumo::NorthSplit);
    assert_eq!(mahjong_soul, Rules::mahjong_soul_sanma());
}

/// The table of random hand `seed` at a table of `seats`: a dealer, round, honba and
/// sticks from the seed; 25,000 points each, 0 for a seat not at the table.
fn start_of(seed: u64, seats: usize) -> KyokuStart {
    KyokuStart {
        dealer: Seat::ALL[(seed % seats as u64) as usize],
        round_wind: Wind::ALL[(seed / 4 % 2) as usize],
        honba: (seed % 3) as u32,
        riichi_sticks: (seed % 2) as u32,
        points: std::array::from_fn(|s| if s < seats { 25_000 } else { 0 }),
    }
}

/// Tiles in hands, melds, uncalled discards and the wall left.
fn tiles_on_table(kyoku: &Kyoku) -> usize {
    let players: usize = kyoku
        .players
        .iter()
        .map(|p| p.tile_count() + p.discards.iter().filter(|d| !d.called).count())
        .sum();
    players + kyoku.wall.tiles().len() - kyoku.taken - kyoku.rinshan
}

fn total_points(kyoku: &Kyoku) -> i64 {
    kyoku.points.iter().map(|&p| i64::from(p)).sum::<i64>() + i64::from(kyoku.sticks) * 1_000
}

/// Plays a random hand, checking every invariant at every step; returns the hand at its
/// end and all its events.
pub(crate) fn play_checked(seed: u64, refusals: bool) -> (Kyoku, Vec<KyokuEvent>) {
    let mut rng = StdRng::seed_from_u64(seed);
    // The table from bit 11 on (three seats one hand in two, every preset).
    let preset = table_of(seed >> 11);
    let start = start_of(seed, preset.seats);
    // One hand in eight plays with one rule of its preset switched.
    let flag = |bit: u64| (seed >> 8) % 8 != bit;
    let rules = Rules {
        furiten: flag(1),
        red_fives: preset.red_fives == flag(2),
        double_ron: preset.double_ron == flag(3),
        abortive_draws: preset.abortive_draws == flag(4),
        nagashi_mangan: preset.nagashi_mangan == flag(5),
        honba_to_each_winner: preset.honba_to_each_winner != flag(6),
        kokushi_robs_closed_kan: preset.kokushi_robs_closed_kan != flag(7),
        ..preset
    };
    let mut kyoku = Kyoku::new(rules, start, &mut rng).unwrap();
    let points = total_points(&kyoku);
    let tiles = kyoku.wall.tiles().len();
    let mut all = Vec::new();
    for _ in 0..2_000 {
        if kyoku.is_over() {
            break;
        }
        let legal = kyoku.legal_actions();
        assert!(!legal.is_empty());
        if refusals {
            for action in candidates(&mut rng) {
                if !legal.contains(&action) {
                    let before = kyoku.clone();
                    assert!(kyoku.apply(action).is_err(), "{action} accepted");
                    assert_eq!(kyoku, before);
                }
            }
        }
        let action = test_choice(&kyoku, &mut rng);
        let events = kyoku.apply(action).expect("a legal action is accepted");
        assert_eq!(tiles_on_table(&kyoku), tiles);
        assert_eq!(total_points(&kyoku), points);
        assert_eq!(kyoku.kans(), kyoku.kans_in_melds());
        all.extend(events);
    }
    assert!(kyoku.is_over(), "the hand ends");
    (kyoku, all)
}

/// The preset `n` picks (of [`Rules::PRESETS`], in turn), so that every property of the
/// hand runs under each.
pub(crate) fn preset_of(n: u64) -> Rules {
    Rules::PRESETS[(n % Rules::PRESETS.len() as u64) as usize].1
}

/// Cases of a property: `default`, or `MAHJONG_KYOKU_HANDS` when set.
fn cases(default: u32) -> u32 {
    std::env::var("MAHJONG_KYOKU_HANDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(48)))]

    #[test]
    fn random_hands_keep_every_invariant(seed in any::<u64>()) {
        let (kyoku, events) = play_checked(seed, true);
        let outcome = kyoku.outcome().unwrap();
        // Every point change is explained by the payment events.
        let mut changes = [0i64; 4];
        for event in &events {
            match event {
                KyokuEvent::Payment { payer, payee, points, .. } => {
                    if let Some(p) = payer { changes[p.index()] -= i64::from(*points); }
                    if let Some(p) = payee { changes[p.index()] += i64::from(*points); }
                }
                KyokuEvent::Win { hand, score, .. } => {
                    // Every win's score is the scorer's answer for the same hand.
                    prop_assert_eq!(hand.score(&kyoku.rules.scoring), Ok(*score));
                }
                _ => {}
            }
        }
        prop_assert_eq!(changes, outcome.changes.map(i64::from));
    }
}

/// `kyoku` with every tile `seat` cannot see dealt again in another order: the other
/// concealed hands, the live wall after the next tile, the replacement tiles after the
/// next, the dora indicators that the next action cannot show, and the ura indicators.
pub(crate) fn reshuffle_hidden(kyoku: &Kyoku, seat: Seat, rng: &mut StdRng) -> Kyoku {
    let others: Vec<Seat> = kyoku.seats().filter(|&s| s != seat).collect();
    let mut tiles = kyoku.wall.tiles().to_vec();
    let live = kyoku.wall.live_len();
    // The slot of the replacement tile `i`: the dead wall's four, then the live wall's end.
    let rinshan_slot = |i: usize| match i.checked_sub(RINSHAN_TILES) {
        None => live + i,
        Some(refill) => live - 1 - refill,
    };
    let drawn: Vec<usize> = (0..kyoku.taken)
        .chain((0..kyoku.rinshan).map(rinshan_slot))
        .collect();
    let next = [kyoku.taken, rinshan_slot(kyoku.rinshan)];
    let shown_from = live + RINSHAN_TILES;
    let shown = shown_from..shown_from + kyoku.indicators + kyoku.pending_dora + 1;
    let hidden_slots: Vec<usize> = (0..tiles.len())
        .filter(|i| !drawn.contains(i) && !next.contains(i) && !shown.contains(i))
        .collect();
    let mut pool: Vec<TileCopy> = others.iter().flat_map(|&s| kyoku.concealed(s)).collect();
    pool.extend(hidden_slots.iter().map(|&i| tiles[i]));
    pool.shuffle(rng);
    let mut copy = kyoku.clone();
    let mut rest = pool.into_iter();
    for &s in &others {
        let len = kyoku.players[s.index()].tiles.hand.len();
        let mut concealed = player::Concealed::default();
        rest.by_ref().take(len).for_each(|c| concealed.add(c));
        copy.players[s.index()].tiles = concealed;
    }
    for (&slot, tile) in hidden_slots.iter().zip(rest) {
        tiles[slot] = tile;
    }
    // The slots already drawn hold, in any order, every copy the other slots do not.
    let mut left: Vec<TileCopy> = kyoku.wall.tiles().to_vec();
    for (i, tile) in tiles.iter().enumerate() {
        if !drawn.contains(&i) {
            let at = left.iter().position(|t| t == tile).unwrap();
            left.swap_remove(at);
        }
    }
    for (&slot, tile) in drawn.iter().zip(left) {
        tiles[slot] = tile;
    }
    copy.wall = TileWall::from_tiles(&tiles, kyoku.rules.red_fives).unwrap();
    // What the hand keeps of the tiles (the waits, the legal actions) follows them.
    copy.players.iter_mut().for_each(player::Player::refresh);
    copy.refresh_legal();
    copy
}

/// Whether `events` show another seat's concealed tiles to `seat`: a win, or a kan,
/// whose copies (the red five among them) come from the hand.
pub(crate) fn reveals(events: &[KyokuEvent], seat: Seat) -> bool {
    events.iter().any(|event| match event {
        KyokuEvent::Win { seat: s, .. } => *s != seat,
        KyokuEvent::Meld { seat: s, meld } => *s != seat && meld.meld.kind().is_kan(),
        _ => false,
    })
}

/// Plays the hand of `seed`, checking before each action that every seat's view, and the
/// events it sees, are the same whatever the tiles it cannot see.
fn check_nothing_hidden(seed: u64) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let rules = table_of(seed);
    let start = start_of(0, rules.seats);
    let mut kyoku = Kyoku::new(rules, start, &mut rng).unwrap();
    let (mut actions, mut compared) = (0, 0);
    while kyoku.to_move().is_some() {
        let action = test_choice(&kyoku, &mut rng);
        for seat in kyoku.seats() {
            let other = reshuffle_hidden(&kyoku, seat, &mut rng);
            prop_assert_eq!(kyoku.view(seat), other.view(seat));
            let (Ok(mine), Ok(theirs)) = (kyoku.after(action), other.after(action)) else {
                continue;
            };
            // Who is asked next about a claim, and how a hand ends, depend on hidden
            // tiles; compare the events when both go on the same way. Another seat's win
            // or kan shows its tiles (a kan of fives shows whether it holds the red one),
            // which the two deals may differ in.
            let same = mine.to_move() == theirs.to_move() && !mine.is_over() && !theirs.is_over();
            if !same {
                continue;
            }
            let events = |mut k: Kyoku| k.apply(action).unwrap();
            let (mine, theirs) = (events(kyoku.clone()), events(other));
            if reveals(&mine, seat) || reveals(&theirs, seat) {
                continue;
            }
            let seen = |events: Vec<KyokuEvent>| -> Vec<KyokuEvent> {
                events.iter().map(|e| e.seen_by(seat)).collect()
            };
            prop_assert_eq!(seen(mine), seen(theirs));
            compared += 1;
        }
        kyoku.apply(action).unwrap();
        actions += 1;
    }
    // A hand that ends on its first action (tenhou, kyuushu kyuuhai) has no events left
    // to compare; any longer hand has.
    prop_assert!(compared > 0 || actions == 1);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    #[test]
    fn views_and_events_show_nothing_hidden(seed in any::<u64>()) {
        check_nothing_hidden(seed)?;
    }
}

/// A hand the dealer ends at once with kyuushu kyuuhai compares views only: the check
/// passes it rather than failing for want of events.
#[test]
fn a_hand_ended_on_the_first_action_shows_nothing_hidden() {
    let seed = 8_371_229_842_862_461_844;
    let mut kyoku = Kyoku::new(
        Rules::tenhou(),
        KyokuStart::default(),
        &mut StdRng::seed_from_u64(seed),
    )
    .unwrap();
    let events = kyoku.apply(KyokuAction::KyuushuKyuuhai).unwrap();
    assert_eq!(
        events,
        [KyokuEvent::Abort {
            draw: AbortiveDraw::KyuushuKyuuhai
        }]
    );
    check_nothing_hidden(seed).unwrap();
}

/// The random hands above reach every part of the game: wins of both kinds, double ron,
/// calls of each kind, kans, riichi, the exhaustive draw and abortive draws.
#[test]
fn random_hands_reach_every_part_of_the_game() {
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..300 {
        let (kyoku, events) = play_checked(seed, false);
        for event in &events {
            let name = match event {
                KyokuEvent::Win { from: None, .. } => "tsumo",
                KyokuEvent::Win { from: Some(_), .. } => "ron",
                KyokuEvent::Meld { meld, .. } => meld.meld.kind().word(),
                KyokuEvent::Riichi { .. } => "riichi",
                KyokuEvent::Ryuukyoku { .. } => "ryuukyoku",
                KyokuEvent::Abort { .. } => "abort",
                KyokuEvent::DoraIndicator { .. } => "kan dora",
                _ => continue,
            };
            *seen.entry(name).or_default() += 1;
        }
        if let Some(KyokuOutcome {
            end: KyokuEnd::Win { winners },
            ..
        }) = kyoku.outcome()
            && winners.len() == 2
        {
            *seen.entry("double ron").or_default() += 1;
        }
    }
    println!("{seen:?}");
    for part in [
        "tsumo",
        "ron",
        "chi",
        "pon",
        "kan",
        "ankan",
        "kakan",
        "riichi",
        "ryuukyoku",
        "kan dora",
    ] {
        assert!(
            seen.get(part).copied().unwrap_or(0) > 0,
            "{part} never came up: {seen:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(16)))]

    /// Any table a hand may start from, extreme points, honba and sticks included, plays
    /// to its end without a panic, every seat's view answering all along.
    #[test]
    fn any_start_plays_to_the_end(
        seed in any::<u64>(),
        points in any::<[i32; 4]>(),
        honba in any::<u32>(),
        riichi_sticks in any::<u32>(),
        dealer in 0..4usize,
        wind in 0..4usize,
    ) {
        let start = KyokuStart {
            dealer: Seat::ALL[dealer],
            round_wind: Wind::ALL[wind],
            points,
            honba,
            riichi_sticks,
        };
        let mut rng = StdRng::seed_from_u64(seed);
        let mut kyoku = Kyoku::new(Rules::tenhou(), start, &mut rng).unwrap();
        for _ in 0..2_000 {
            if kyoku.is_over() {
                break;
            }
            for seat in Seat::ALL {
                let _ = kyoku.view(seat);
            }
            let action = test_choice(&kyoku, &mut rng);
            kyoku.apply(action).unwrap();
        }
        prop_assert!(kyoku.is_over());
        prop_assert!(kyoku.apply(KyokuAction::Pass).is_err());
    }
}

/// Another seat's open kan of fives shows whether it holds the red five: the check
/// compares no events that show another seat's tiles (the hand of this seed has one).
#[test]
fn another_seats_kan_may_show_a_red_five_the_check_did_not_know() {
    check_nothing_hidden(194_819_414_178_299_081).unwrap();
}

/// Plays `hands` random hands (the seeds from `first`), checking before every action that
/// the fast legal actions are the reference's, list for list, and that every seat's kept
/// waits are its tiles' waits.
fn check_legal_against_reference(first: u64, hands: u64) {
    for seed in first..first + hands {
        let mut rng = StdRng::seed_from_u64(seed);
        // Three-player riichi one hand in two, every preset.
        let preset = table_of(seed);
        let seats = preset.seats;
        let start = KyokuStart {
            dealer: Seat::ALL[(seed % seats as u64) as usize],
            // Low points now and then, so that riichi is refused for want of 1,000.
            // The empty seat 3 of a three-player table at 0.
            points: std::array::from_fn(|s| match (s < seats, seed % 5 == 0) {
                (false, _) => 0,
                (true, true) => [25_000, 900, 25_000, 1_000][s],
                (true, false) => 25_000,
            }),
            ..KyokuStart::default()
        };
        let rules = Rules {
            abortive_draws: seed % 7 != 0,
            furiten: seed % 11 != 0,
            kokushi_robs_closed_kan: seed % 3 == 0,
            ..preset
        };
        let mut kyoku = Kyoku::new(rules, start, &mut rng).unwrap();
        while !kyoku.is_over() {
            for player in &kyoku.players {
                assert_eq!(player.waits, player.tiles.hand.waits(), "seed {seed}");
                if player.tiles.hand.len() % 3 == 2 {
                    assert_eq!(player.shanten, player.tiles.hand.shanten(), "seed {seed}");
                }
            }
            let fast = kyoku.legal();
            assert_eq!(
                fast.as_slice(),
                reference::legal_actions(&kyoku),
                "seed {seed}"
            );
            let mut fresh = LegalActions::default();
            kyoku.legal_into(&mut fresh);
            assert_eq!(*fast, fresh);
            assert_eq!(kyoku.legal_actions(), fast.as_slice());
            let action = test_choice(&kyoku, &mut rng);
            kyoku.apply(action).unwrap();
        }
        assert!(kyoku.legal().is_empty());
    }
}

/// The fast legal actions equal the slow reference over thousands of random hands (every
/// action of each: some 300,000 positions); `MAHJONG_KYOKU_HANDS` sets the count.
#[test]
fn fast_legal_actions_are_the_reference() {
    check_legal_against_reference(0, u64::from(cases(2_000)));
}

/// A view refreshed by `view_into` from any earlier view is the view made afresh.
#[test]
fn a_refreshed_view_is_a_fresh_view() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut kyoku = Kyoku::new(Rules::tenhou(), KyokuStart::default(), &mut rng).unwrap();
    let mut kept = kyoku.view(Seat::ALL[2]);
    let mut steps = 0;
    while !kyoku.is_over() {
        for seat in Seat::ALL {
            kyoku.view_into(seat, &mut kept);
            assert_eq!(kept, kyoku.view(seat));
        }
        let action = test_choice(&kyoku, &mut rng);
        kyoku.apply(action).unwrap();
        steps += 1;
    }
    kyoku.view_into(Seat::ALL[1], &mut kept);
    assert_eq!(kept, kyoku.view(Seat::ALL[1]));
    assert!(kept.outcome.is_some() && steps > 10);
}

#[test]
fn the_seat_accessors_read_each_seats_own_tiles_waits_and_furiten() {
    let mut rng = StdRng::seed_from_u64(17);
    for seed in 0..20 {
        let wall = TileWall::shuffled(true, &mut StdRng::seed_from_u64(seed));
        let mut kyoku = Kyoku::from_wall(Rules::tenhou(), KyokuStart::default(), wall).unwrap();
        while let Some(mover) = kyoku.to_move() {
            for seat in Seat::ALL {
                let player = &kyoku.players[seat.index()];
                assert_eq!(kyoku.hand(seat), &player.tiles.hand);
                let concealed = kyoku.concealed(seat);
                let reds =
                    [4, 13, 22].map(|i| concealed.iter().any(|c| c.red && c.tile.index() == i));
                assert_eq!(kyoku.red_fives(seat), reds);
                assert_eq!(kyoku.waits(seat), kyoku.hand(seat).waits());
                let furiten = !player.waits.is_empty() && player.is_furiten(player.waits);
                assert_eq!(kyoku.is_furiten(seat), furiten);
            }
            let action = test_choice(&kyoku, &mut rng);
            kyoku.apply(action).unwrap();
            let _ = mover;
        }
    }
}
