//! Positions the omok benches share (included with `#[path]` by each bench target).

use omok_core::bot::{Bot, ThreatBot};
use omok_core::opening::random_opening;
use omok_core::{Game, Rule};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Quiet early positions: a random three-stone renju opening (seeds 0 to `count - 1`),
/// then the threat-aware bot for both sides up to twelve stones; games that ended are left
/// out.
pub fn early_positions(count: u64) -> Vec<Game> {
    (0..count)
        .filter_map(|seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = random_opening(Rule::Renju, 15, &mut rng).ok()?;
            while game.moves().len() < 12 && !game.is_over() {
                game.play(ThreatBot.choose(&game)?).ok()?;
            }
            (!game.is_over()).then_some(game)
        })
        .collect()
}
