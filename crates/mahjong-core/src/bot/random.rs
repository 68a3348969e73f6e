//! A player that picks uniformly among the legal actions, of the classroom game or of a
//! hand of the full game.

use rand::{Rng, RngExt};

use crate::bot::{Bot, KyokuBot};
use crate::game::classroom::action::Action;
use crate::game::classroom::view::View;
use crate::game::kyoku::{KyokuAction, KyokuView};

/// Picks any legal action with equal chance, from its own random number generator.
#[derive(Clone, Debug)]
pub struct RandomBot<R> {
    rng: R,
}

impl<R: Rng> RandomBot<R> {
    /// A random bot drawing from `rng`.
    pub fn new(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }
}

impl<R: Rng> RandomBot<R> {
    /// One of `legal` with equal chance, `None` when it is empty.
    fn pick<A: Copy>(&mut self, legal: &[A]) -> Option<A> {
        if legal.is_empty() {
            return None;
        }
        legal.get(self.rng.random_range(0..legal.len())).copied()
    }
}

impl<R: Rng> Bot for RandomBot<R> {
    fn choose(&mut self, view: &View) -> Option<Action> {
        self.pick(&view.legal)
    }
}

impl<R: Rng> KyokuBot for RandomBot<R> {
    fn choose(&mut self, view: &KyokuView) -> Option<KyokuAction> {
        self.pick(&view.legal)
    }
}
