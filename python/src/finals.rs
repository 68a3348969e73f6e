//! `Finals<E>`: an environment that keeps the last observation of each episode it ends.
//!
//! The batch resets a slot in the same call that ends its episode, so the ended episode's
//! last observation is gone by the time Python sees the step. Gymnasium's vector API (same-step
//! auto-reset) reports it as `infos["final_obs"]`: each slot of the batch is a `Finals`, which
//! writes the observation of the seat that made the last move just before a reset.

use tabletop_env::{Env, EnvError, Rewards, Step};

/// An environment that records, on each reset after an ended episode, the observation of the
/// seat that made the episode's last move.
#[derive(Clone, Debug)]
pub struct Finals<E> {
    env: E,
    /// The seat that made the last step of the current episode.
    last_seat: Option<usize>,
    /// The seat and observation of the last ended episode (`None` before any).
    last_final: Option<usize>,
    final_observation: Vec<u8>,
}

impl<E: Env> Finals<E> {
    /// `env`, with no ended episode yet.
    pub fn new(env: E) -> Self {
        Finals {
            env,
            last_seat: None,
            last_final: None,
            final_observation: Vec::new(),
        }
    }

    /// The environment inside.
    pub fn inner(&self) -> &E {
        &self.env
    }

    /// The seat that made the last move of the episode that ended at the last reset, and its
    /// observation then; `None` when that reset did not follow an ended episode.
    pub fn final_observation(&self) -> Option<(usize, &[u8])> {
        self.last_final
            .map(|seat| (seat, self.final_observation.as_slice()))
    }
}

impl<E: Env> Env for Finals<E> {
    type Action = E::Action;

    fn num_players(&self) -> usize {
        self.env.num_players()
    }

    fn num_actions(&self) -> usize {
        self.env.num_actions()
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.env.observation_shape()
    }

    fn observation_len(&self) -> usize {
        self.env.observation_len()
    }

    fn reset(&mut self, seed: u64) {
        self.last_final = None;
        if let (true, Some(seat)) = (self.env.is_terminal(), self.last_seat) {
            self.final_observation.resize(self.env.observation_len(), 0);
            if self
                .env
                .write_observation(seat, &mut self.final_observation)
                .is_ok()
            {
                self.last_final = Some(seat);
            }
        }
        self.last_seat = None;
        self.env.reset(seed);
    }

    fn to_move(&self) -> Option<usize> {
        self.env.to_move()
    }

    fn is_terminal(&self) -> bool {
        self.env.is_terminal()
    }

    fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
        self.env.write_action_mask(out)
    }

    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
        self.env.write_observation(seat, out)
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        let seat = self.env.to_move();
        let step = self.env.step(id)?;
        self.last_seat = seat;
        Ok(step)
    }

    fn returns(&self) -> Option<Rewards> {
        self.env.returns()
    }

    fn is_zero_sum(&self) -> bool {
        self.env.is_zero_sum()
    }

    fn max_episode_decisions(&self) -> usize {
        self.env.max_episode_decisions()
    }

    fn legal_action_ids(&self) -> Vec<u32> {
        self.env.legal_action_ids()
    }

    fn check_legal(&self, id: u32) -> Result<(), EnvError> {
        self.env.check_legal(id)
    }

    fn legal_actions(&self) -> Vec<Self::Action> {
        self.env.legal_actions()
    }

    fn action_of(&self, id: u32) -> Result<Self::Action, EnvError> {
        self.env.action_of(id)
    }

    fn id_of(&self, action: &Self::Action) -> Result<u32, EnvError> {
        self.env.id_of(action)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Option<Self> {
        self.env.determinize(seat, seed).map(Finals::new)
    }
}
