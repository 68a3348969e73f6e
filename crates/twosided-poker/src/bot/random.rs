//! The random bot.

use rand::{Rng, RngExt};

use super::Bot;
use crate::action::Action;
use crate::view::View;

/// Plays a uniformly random action from the list of concrete legal actions (so mostly bets
/// and raises, one per level). It picks an index into [`LegalActions`](crate::LegalActions)
/// and allocates nothing.
#[derive(Clone, Debug)]
pub struct Random<R> {
    rng: R,
}

impl<R: Rng> Random<R> {
    /// A random bot drawing from `rng`.
    pub fn new(rng: R) -> Random<R> {
        Random { rng }
    }
}

impl<R: Rng> Bot for Random<R> {
    fn choose(&mut self, view: &View<'_>) -> Option<Action> {
        let len = view.legal.len();
        if len == 0 {
            return None;
        }
        view.legal.get(self.rng.random_range(0..len))
    }
}
