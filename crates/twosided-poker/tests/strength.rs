//! Measured strength in duplicate matches: each deal is played twice with the seats
//! swapped (the same deck orders, from the same shuffle), so that the luck of the cards
//! cancels out. Default counts are small; `TWOSIDED_POKER_MATCHES=N` plays N matches a
//! pairing (N/2 deals, each in both seats), as the crate's README reports.

use rand::SeedableRng;
use rand::rngs::StdRng;
use twosided_poker::bot::{Bot, Counting, Equilibrium, Random, play_out};
use twosided_poker::{Match, Rules, Seat};

/// The match count of a pairing: `TWOSIDED_POKER_MATCHES`, or `default`.
fn matches(default: u64) -> u64 {
    std::env::var("TWOSIDED_POKER_MATCHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// A match's cap: long enough that nearly every match ends on chips.
const MAX_HANDS: u32 = 500;

/// Match results of `hero` against `other` over `deals` deals, each played with `hero` in
/// seat one and then in seat two from the same deck orders: (wins, draws, losses) of
/// `hero`, and the hands played in all.
fn duplicate<A: Bot, B: Bot>(
    rules: Rules,
    deals: u64,
    mut hero: impl FnMut(u64) -> A,
    mut other: impl FnMut(u64) -> B,
) -> ([u64; 3], u64) {
    let rules = Rules {
        max_hands: Some(MAX_HANDS),
        ..rules
    };
    let (mut results, mut hands) = ([0; 3], 0);
    for deal in 0..deals {
        for hero_seat in Seat::BOTH {
            let mut game = Match::new(rules, &mut StdRng::seed_from_u64(deal)).unwrap();
            let (mut h, mut o) = (hero(deal), other(deal));
            let outcome = match hero_seat {
                Seat::One => play_out(&mut game, [&mut h, &mut o]),
                Seat::Two => play_out(&mut game, [&mut o, &mut h]),
            }
            .unwrap();
            let slot = match outcome.winner {
                Some(seat) if seat == hero_seat => 0,
                None => 1,
                Some(_) => 2,
            };
            results[slot] += 1;
            hands += u64::from(outcome.hands);
        }
    }
    (results, hands)
}

/// The share of wins (a draw counting half) and its 95% confidence interval (normal
/// approximation), as percentages.
fn rate([wins, draws, losses]: [u64; 3]) -> (f64, f64, f64) {
    let n = (wins + draws + losses) as f64;
    let p = (wins as f64 + draws as f64 / 2.0) / n;
    let half = 1.96 * (p * (1.0 - p) / n).sqrt();
    (100.0 * p, 100.0 * (p - half), 100.0 * (p + half))
}

/// Plays `default` matches (or `TWOSIDED_POKER_MATCHES`) of `hero` against `other` in
/// duplicate, prints the result as `name`, and checks that `hero` won at least `bar`% of
/// them.
fn claim<A: Bot, B: Bot>(
    name: &str,
    default: u64,
    bar: f64,
    hero: impl FnMut(u64) -> A,
    other: impl FnMut(u64) -> B,
) {
    let (results, hands) = duplicate(Rules::default(), matches(default) / 2, hero, other);
    let (p, low, high) = rate(results);
    let [w, d, l] = results;
    let n = w + d + l;
    println!(
        "{name}: {n} matches ({:.0} hands each on average), {w} won, {d} drawn, {l} lost: \
         {p:.1}% (95% CI {low:.1}%-{high:.1}%)",
        hands as f64 / n as f64
    );
    assert!(p >= bar, "{name}: won only {p:.1}%");
}

fn equilibrium(deal: u64) -> Equilibrium<StdRng> {
    Equilibrium::new(StdRng::seed_from_u64(deal ^ 0xE0))
}

fn thresholded(deal: u64) -> Equilibrium<StdRng> {
    Equilibrium::thresholded(StdRng::seed_from_u64(deal ^ 0xE0))
}

fn random(deal: u64) -> Random<StdRng> {
    Random::new(StdRng::seed_from_u64(deal ^ 0xA5))
}

fn counting(_deal: u64) -> Counting {
    Counting::new()
}

/// Claim: the equilibrium bot beats the card-counting bot in at least 60% of matches
/// (measured: 68% over 200 matches, short of the 75% target; see the README). With the
/// default 24
/// matches, a bot no better than `Counting` (50%) passes the bar with a chance of about
/// 15%, and a broken one (folding, or playing at random) never.
#[test]
fn equilibrium_beats_counting() {
    claim(
        "Equilibrium against Counting",
        24,
        60.0,
        equilibrium,
        counting,
    );
}

/// Claim: the card-counting bot beats random play in at least 95% of matches. A broken
/// counting bot (one that plays no better than at random) wins about half.
#[test]
fn counting_beats_random() {
    claim("Counting against Random", 200, 95.0, counting, random);
}

/// Claim: the equilibrium bot beats random play in nearly every match. With the default 10
/// matches, a bot that wins half its matches passes the 90% bar with a chance of 1%.
#[test]
fn equilibrium_beats_random() {
    claim("Equilibrium against Random", 10, 90.0, equilibrium, random);
}

/// Claim: the thresholded equilibrium bot beats the card-counting bot in at least 60% of
/// matches (measured: 67% over 200 matches; it won 75% before issue 20 bounded what its
/// thresholding may cost; see the README). With the default 24 matches, a bot no better
/// than `Counting` (50%) passes the bar with a chance of about 15%, and a broken one
/// never.
#[test]
fn thresholded_equilibrium_beats_counting() {
    claim(
        "Thresholded equilibrium against Counting",
        24,
        60.0,
        thresholded,
        counting,
    );
}

/// Claim: the thresholded equilibrium bot beats random play in nearly every match, as
/// `equilibrium_beats_random` claims for the plain one.
#[test]
fn thresholded_equilibrium_beats_random() {
    claim(
        "Thresholded equilibrium against Random",
        10,
        90.0,
        thresholded,
        random,
    );
}
