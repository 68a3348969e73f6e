//! Properties of whole matches with random legal play (the kyoku tests' mix: wins and
//! riichi taken, calls now and then, discards toward tenpai), under rules that vary with the
//! seed, and the hidden-information check of the kyoku tests over whole matches.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::result::ranking;
use super::*;
use crate::game::kyoku::tests::{reshuffle_hidden, reveals, table_of, test_choice};
use crate::game::kyoku::{KyokuEvent, PaymentReason};

/// Cases of a property: `default`, or `MAHJONG_MATCHES` when set.
fn cases(default: u32) -> u32 {
    std::env::var("MAHJONG_MATCHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// More hands than any match should need: renchan has no limit, so this is the bound a
/// match that does not end would cross.
const MAX_HANDS: u32 = 400;

/// The rules of the match of `seed`: each of its low bits switches one choice of the
/// match from Tenhou's (tonpuusen, 8,000 start points for frequent tobi, tobi off, sudden
/// death off, agari-yame off, uma and oka, tenpai-yame off, ties split by bit 11), and
/// the hands are those of the table [`table_of`]`(seed >> 7)`: three seats by bit 7, every
/// preset.
fn rules_of(seed: u64) -> Rules {
    let bit = |n: u32| (seed >> n) & 1 == 1;
    let table = table_of(seed >> 7);
    let start_points = if bit(1) { 8_000 } else { 25_000 };
    let (uma, oka) = match (bit(5), table.seats) {
        (true, 3) => ([15_000, 0, -15_000, 0], 15_000),
        (true, _) => ([15_000, 5_000, -5_000, -15_000], 20_000),
        (false, _) => ([0; MAX_SEATS], 0),
    };
    let match_rules = MatchRules {
        length: if bit(0) {
            MatchLength::Tonpuusen
        } else {
            MatchLength::Hanchan
        },
        start_points,
        target_points: start_points + 5_000,
        tobi: !bit(2),
        sudden_death: !bit(3),
        agari_yame: !bit(4),
        tenpai_yame: !bit(6),
        uma,
        oka,
        ties: if bit(11) {
            Ties::Split
        } else {
            Ties::SeatOrder
        },
    };
    Rules {
        match_rules,
        ..table
    }
}

/// Points and riichi sticks on the table.
fn on_table(game: &Match) -> i64 {
    let points: i64 = game.points().iter().map(|&p| i64::from(p)).sum();
    points + i64::from(game.riichi_sticks()) * 1_000
}

/// Plays the match of `seed` to its end, calling `check` before each action, and checking
/// after each step that points plus sticks stay what they were; returns the match and its
/// events.
fn play_match(
    seed: u64,
    mut check: impl FnMut(&Match, KyokuAction, &mut StdRng) -> Result<(), TestCaseError>,
) -> Result<(Match, Vec<MatchEvent>), TestCaseError> {
    let rules = rules_of(seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Match::new(rules).unwrap();
    let total = on_table(&game);
    let mut events = Vec::new();
    while !game.is_over() {
        prop_assert!(game.hands() <= MAX_HANDS, "the match does not end");
        if game.needs_wall() {
            let wall = TileWall::for_rules(&rules, &mut rng);
            events.extend(game.deal(wall).unwrap());
        } else {
            let action = test_choice(game.kyoku().unwrap(), &mut rng);
            check(&game, action, &mut rng)?;
            events.extend(game.apply(action).unwrap());
        }
        prop_assert_eq!(on_table(&game), total);
    }
    Ok((game, events))
}

/// One hand as the events tell it.
#[derive(Clone, Debug, Default)]
struct Hand {
    /// The seats at the table.
    seats: usize,
    /// Round (0 East) times the seats plus the hand's number minus 1.
    place: usize,
    dealer: usize,
    honba: u32,
    sticks: u32,
    points: [i32; MAX_SEATS],
    /// Points after the hand.
    after: [i32; MAX_SEATS],
    sticks_after: u32,
    winners: Vec<usize>,
    dealer_tenpai: bool,
    abort: bool,
}

impl Hand {
    fn renchan(&self) -> bool {
        self.winners.contains(&self.dealer) || self.dealer_tenpai || self.abort
    }

    /// Whether the dealer repeats and is then first with what ends a match (the target
    /// points, unless sudden death is off), by a win with agari-yame or tenpai with
    /// tenpai-yame: then the match ends if this was the last hand.
    fn dealer_may_stop(&self, rules: &MatchRules) -> bool {
        let reached = self.after.iter().any(|&p| p >= rules.target_points);
        let first = ranking(self.after, self.seats)[0].index() == self.dealer;
        let yame = if self.winners.contains(&self.dealer) {
            rules.agari_yame
        } else {
            rules.tenpai_yame && self.dealer_tenpai && self.winners.is_empty()
        };
        yame && first && (reached || !rules.sudden_death)
    }
}

/// The hands of a match of `seats` from its events.
fn hands(events: &[MatchEvent], seats: usize) -> Vec<Hand> {
    let mut hands: Vec<Hand> = Vec::new();
    for event in events {
        if let MatchEvent::HandStarted {
            round_wind,
            number,
            dealer,
            honba,
            riichi_sticks,
            points,
        } = *event
        {
            hands.push(Hand {
                seats,
                place: round_wind as usize * seats + usize::from(number) - 1,
                dealer: dealer.index(),
                honba,
                sticks: riichi_sticks,
                points,
                after: points,
                sticks_after: riichi_sticks,
                ..Hand::default()
            });
            continue;
        }
        let (MatchEvent::Kyoku(event), Some(hand)) = (event, hands.last_mut()) else {
            continue;
        };
        match *event {
            KyokuEvent::Win { seat, .. } => hand.winners.push(seat.index()),
            KyokuEvent::Ryuukyoku { tenpai, .. } => hand.dealer_tenpai = tenpai[hand.dealer],
            KyokuEvent::Abort { .. } => hand.abort = true,
            KyokuEvent::Payment {
                payer,
                payee,
                points,
                reason,
            } => {
                let points = points as i32;
                if let Some(payer) = payer {
                    hand.after[payer.index()] -= points;
                }
                if let Some(payee) = payee {
                    hand.after[payee.index()] += points;
                }
                match reason {
                    PaymentReason::RiichiStick => hand.sticks_after += 1,
                    PaymentReason::RiichiSticks => hand.sticks_after = 0,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    hands
}

/// Each hand follows the one before as spec section 4 says: the points and sticks it left,
/// the same dealer with one more honba after renchan, else the next hand with honba back to
/// 0 after a non-dealer win or one more after a draw; and the match did not go on past an
/// end.
fn check_hands(rules: &MatchRules, seats: usize, hands: &[Hand]) -> Result<(), TestCaseError> {
    let all_last = rules.length.rounds() * seats - 1;
    for pair in hands.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        prop_assert_eq!(b.points, a.after);
        prop_assert_eq!(b.sticks, a.sticks_after);
        prop_assert_eq!(b.dealer, b.place % seats);
        if rules.tobi {
            prop_assert!(a.after.iter().all(|&p| p >= 0), "tobi ends the match");
        }
        let reached = a.after.iter().any(|&p| p >= rules.target_points);
        if a.renchan() {
            prop_assert_eq!((b.place, b.honba), (a.place, a.honba + 1));
        } else {
            prop_assert_eq!(b.place, a.place + 1);
            let honba = if a.winners.is_empty() { a.honba + 1 } else { 0 };
            prop_assert_eq!(b.honba, honba);
            prop_assert!(a.place < all_last || rules.sudden_death && !reached);
        }
        // On the last hand a repeating dealer plays on unless it may stop, even when a
        // seat has the target points; after any other hand of sudden death, no seat has.
        if a.place >= all_last && a.renchan() {
            prop_assert!(
                !a.dealer_may_stop(rules),
                "agari-yame or tenpai-yame ends it"
            );
        } else {
            prop_assert!(
                a.place <= all_last || !reached,
                "sudden death ends at the target"
            );
        }
    }
    Ok(())
}

/// The match ended as spec section 4 says, and its result ranks and scores the points.
fn check_end(
    rules: &MatchRules,
    seats: usize,
    hands: &[Hand],
    result: &MatchResult,
) -> Result<(), TestCaseError> {
    let last = hands.last().unwrap();
    let all_last = rules.length.rounds() * seats - 1;
    let extra_last = all_last + if rules.sudden_death { seats } else { 0 };
    prop_assert!(last.place <= extra_last);
    prop_assert_eq!(result.hands as usize, hands.len());
    let reached = last.after.iter().any(|&p| p >= rules.target_points);
    match result.end {
        MatchEnd::Tobi => prop_assert!(rules.tobi && last.after.iter().any(|&p| p < 0)),
        MatchEnd::AgariYame | MatchEnd::TenpaiYame => {
            let won = last.winners.contains(&last.dealer);
            prop_assert_eq!(won, result.end == MatchEnd::AgariYame);
            prop_assert!(last.place >= all_last && last.dealer_may_stop(rules));
        }
        MatchEnd::SuddenDeath => {
            prop_assert!(last.place > all_last && reached && !last.renchan());
        }
        MatchEnd::LastHand => {
            prop_assert!(!last.renchan() && last.place >= all_last);
            prop_assert!(last.place == extra_last || reached || !rules.sudden_death);
        }
    }
    // Final points: the sticks left to first place; ranked by points, ties by seat order.
    let mut points = last.after;
    points[result.ranking[0].index()] += last.sticks_after as i32 * 1_000;
    prop_assert_eq!(result.points, points);
    prop_assert!(
        points[seats..].iter().all(|&p| p == 0),
        "no one in an empty seat"
    );
    prop_assert!(result.ranking[seats..].iter().all(|s| s.index() >= seats));
    for pair in result.ranking[..seats].windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (pa, pb) = (points[a.index()], points[b.index()]);
        prop_assert!(pa > pb || pa == pb && a < b, "{:?}", result);
    }
    let total = |values: &[i64]| values.iter().sum::<i64>();
    let uma = total(&rules.uma.map(i64::from)[..seats]);
    prop_assert_eq!(total(&result.scores), total(&points.map(i64::from)) + uma);
    // Seats tied before the sticks share their places' uma and oka when split: theirs
    // differ by a remainder smaller than the seats tied, at most.
    let bonus = |s: Seat| result.scores[s.index()] - i64::from(points[s.index()]);
    let at_table = Seat::ALL.into_iter().take(seats);
    let tied = |a: Seat| {
        at_table
            .clone()
            .filter(move |b| last.after[b.index()] == last.after[a.index()])
    };
    for a in at_table.clone().filter(|_| rules.ties == Ties::Split) {
        for b in tied(a) {
            let apart = (bonus(a) - bonus(b)).abs();
            prop_assert!(apart < tied(a).count() as i64, "{:?}", result);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    /// Points plus sticks are conserved, every match ends within its bounds, every hand
    /// follows from the one before, and the result ranks by points with ties by seat order.
    #[test]
    fn random_matches_keep_every_rule_of_the_match(seed in any::<u64>()) {
        let (game, events) = play_match(seed, |_, _, _| Ok(()))?;
        let (rules, seats) = (game.rules().match_rules, game.rules().seats);
        let result = game.result().unwrap();
        prop_assert_eq!(events.last(), Some(&MatchEvent::MatchEnded(*result)));
        let hands = hands(&events, seats);
        check_hands(&rules, seats, &hands)?;
        check_end(&rules, seats, &hands, result)?;
    }
}

/// `game` with `action` applied, and the events `seat` sees of it; `None` when the action
/// is refused (the other seats' tiles dealt again may not allow it).
fn seen(game: &Match, action: KyokuAction, seat: Seat) -> Option<(Match, Vec<MatchEvent>)> {
    let mut game = game.clone();
    let events = game.apply(action).ok()?;
    Some((game, events.iter().map(|e| e.seen_by(seat)).collect()))
}

/// Before each action of the match of `seed`, every seat's view of the match, and the
/// events it sees, are the same whatever the tiles it cannot see (the kyoku check's
/// reshuffle); returns how many steps had their events compared.
fn check_nothing_hidden(seed: u64) -> Result<usize, TestCaseError> {
    let mut compared = 0;
    play_match(seed, |game, action, rng| {
        for seat in Seat::first(game.rules().seats) {
            let mut other = game.clone();
            other.kyoku = game.kyoku.as_ref().map(|k| reshuffle_hidden(k, seat, rng));
            prop_assert_eq!(game.view(seat), other.view(seat));
            let (Some((mine, mine_seen)), Some((theirs, theirs_seen))) =
                (seen(game, action, seat), seen(&other, action, seat))
            else {
                continue;
            };
            // How a hand ends and who is asked next depend on hidden tiles; another seat's
            // win or kan shows its tiles (see the kyoku check).
            let playing = |g: &Match| !g.needs_wall() && !g.is_over();
            let kyoku = |events: &[MatchEvent]| -> Vec<KyokuEvent> {
                events
                    .iter()
                    .filter_map(|e| match e {
                        MatchEvent::Kyoku(k) => Some(k.clone()),
                        _ => None,
                    })
                    .collect()
            };
            if mine.to_move() != theirs.to_move()
                || !playing(&mine)
                || !playing(&theirs)
                || reveals(&kyoku(&mine_seen), seat)
                || reveals(&kyoku(&theirs_seen), seat)
            {
                continue;
            }
            prop_assert_eq!(mine_seen, theirs_seen);
            compared += 1;
        }
        Ok(())
    })?;
    Ok(compared)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(2)))]

    #[test]
    fn match_views_and_events_show_nothing_hidden(seed in any::<u64>()) {
        prop_assert!(check_nothing_hidden(seed)? > 0);
    }
}

/// The random matches above reach every way a match ends, renchan, riichi sticks carried
/// to a later hand, and the sudden-death round.
#[test]
fn random_matches_reach_every_part_of_the_match() {
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..256 {
        let (game, events) = play_match(seed, |_, _, _| Ok(())).unwrap();
        let (rules, seats) = (game.rules().match_rules, game.rules().seats);
        let end = match game.result().unwrap().end {
            MatchEnd::LastHand => "last hand",
            MatchEnd::SuddenDeath => "sudden death",
            MatchEnd::AgariYame => "agari-yame",
            MatchEnd::TenpaiYame => "tenpai-yame",
            MatchEnd::Tobi => "tobi",
        };
        *seen.entry(end).or_default() += 1;
        let hands = hands(&events, seats);
        let all_last = rules.length.rounds() * seats - 1;
        for (i, hand) in hands.iter().enumerate() {
            let parts = [
                ("renchan", hand.renchan() && i + 1 < hands.len()),
                ("sticks carried", hand.sticks > 0),
                ("sudden-death round", hand.place > all_last),
            ];
            for (part, _) in parts.iter().filter(|(_, yes)| *yes) {
                *seen.entry(part).or_default() += 1;
            }
        }
    }
    println!("{seen:?}");
    for part in [
        "last hand",
        "sudden death",
        "agari-yame",
        "tenpai-yame",
        "tobi",
        "renchan",
        "sticks carried",
        "sudden-death round",
    ] {
        assert!(
            seen.get(part).copied().unwrap_or(0) > 0,
            "{part} never came up: {seen:?}"
        );
    }
}
