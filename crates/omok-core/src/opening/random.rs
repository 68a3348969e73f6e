//! Random openings, for bot matches, tests and benches that want varied but balanced games.

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::board::SizeError;
use crate::game::Game;
use crate::point::Point;
use crate::rule::Rule;

/// Stones of a random opening: black, white, black.
pub const OPENING_STONES: usize = 3;

/// A new `size` x `size` game under `rule` after a random opening: [`OPENING_STONES`]
/// moves (black, white, black), each a uniformly random legal point within two points of
/// the centre in both directions (a 5x5 square), drawn from `rng`. White is to move.
///
/// The same `rng` state gives the same opening, so a seeded generator makes a match
/// reproducible.
///
/// # Errors
/// [`SizeError`] unless `size` is from 5 to 26.
///
/// ```
/// use omok_core::opening::{OPENING_STONES, random_opening};
/// use omok_core::{Rule, Stone};
/// use rand::SeedableRng;
///
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let game = random_opening(Rule::Renju, 15, &mut rng)?;
/// assert_eq!(game.moves().len(), OPENING_STONES);
/// assert_eq!(game.to_move(), Some(Stone::White));
/// # Ok::<(), omok_core::SizeError>(())
/// ```
pub fn random_opening<R: Rng + ?Sized>(
    rule: Rule,
    size: u8,
    rng: &mut R,
) -> Result<Game, SizeError> {
    let mut game = Game::with_size(rule, size)?;
    let centre = size / 2;
    while game.moves().len() < OPENING_STONES {
        let near: Vec<Point> = game
            .legal_actions()
            .into_iter()
            .filter(|p| p.x.abs_diff(centre) <= 2 && p.y.abs_diff(centre) <= 2)
            .collect();
        // Three stones never fill the 5x5 square, win or leave no legal point in it.
        let Some(&p) = near.choose(rng) else { break };
        if game.play(p).is_err() {
            break;
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stone::Stone;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn three_legal_stones_near_the_centre_white_to_move() {
        let mut seen = std::collections::HashSet::new();
        for (seed, size) in (0..200).zip([5u8, 6, 15, 26].into_iter().cycle()) {
            for rule in Rule::ALL {
                let mut rng = StdRng::seed_from_u64(seed);
                let game = random_opening(rule, size, &mut rng).unwrap();
                assert_eq!(game.moves().len(), OPENING_STONES);
                assert_eq!(game.to_move(), Some(Stone::White));
                let centre = size / 2;
                for p in game.moves() {
                    assert!(
                        p.x.abs_diff(centre) <= 2 && p.y.abs_diff(centre) <= 2,
                        "{p}"
                    );
                }
                // The same generator state gives the same opening.
                let again = random_opening(rule, size, &mut StdRng::seed_from_u64(seed)).unwrap();
                assert_eq!(again, game);
                if size == 15 {
                    seen.insert(game.record());
                }
            }
        }
        assert!(seen.len() > 40, "varied openings: {}", seen.len());
    }

    #[test]
    fn sizes_off_the_range_are_refused() {
        let mut rng = StdRng::seed_from_u64(1);
        assert_eq!(random_opening(Rule::Omok, 4, &mut rng), Err(SizeError(4)));
        assert_eq!(random_opening(Rule::Omok, 27, &mut rng), Err(SizeError(27)));
    }
}
