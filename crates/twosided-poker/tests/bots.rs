//! The bots against each other: card counting beats random play, and its rate against
//! itself.

use rand::SeedableRng;
use rand::rngs::StdRng;
use twosided_poker::bot::{Counting, Random, play_out};
use twosided_poker::{Match, Rules, Seat};

/// Plays `Counting` against `Random` over `matches` seeded matches, the counting bot in
/// seat one for even seeds and seat two for odd ones; returns the counting bot's wins.
fn counting_wins(matches: u64) -> u64 {
    let mut wins = 0;
    for seed in 0..matches {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Match::new(Rules::default(), &mut rng).unwrap();
        let mut counting = Counting::new();
        let mut random = Random::new(StdRng::seed_from_u64(seed + 1_000_000));
        let counting_seat = if seed % 2 == 0 { Seat::One } else { Seat::Two };
        let outcome = if counting_seat == Seat::One {
            play_out(&mut game, [&mut counting, &mut random])
        } else {
            play_out(&mut game, [&mut random, &mut counting])
        }
        .unwrap();
        wins += u64::from(outcome.winner == Some(counting_seat));
    }
    wins
}

#[test]
fn counting_beats_random_in_95_percent() {
    let wins = counting_wins(1000);
    println!("Counting beats Random in {wins} of 1000 matches");
    assert!(wins >= 950, "Counting won only {wins} of 1000");
}
