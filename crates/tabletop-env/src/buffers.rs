//! The output buffers of a batch: [`BatchBuffers`] borrows them (a numpy array's memory, a
//! caller's vectors), [`OwnedBatchBuffers`] owns them.

use crate::{Env, EnvError};

/// The caller's buffers for one batch call, all contiguous, slot-major (slot `i` owns the
/// `i`-th row of each). Nothing is allocated per call: the batch writes into these.
///
/// | buffer | dtype | shape | content |
/// |---|---|---|---|
/// | `observations` | `u8` | `[N, observation_len]` | the observation of the seat to move next |
/// | `masks` | `u8` | `[N, num_actions]` | the legal-action mask of the seat to move next |
/// | `rewards` | `f32` | `[N, num_players]` | each seat's reward for this step |
/// | `terminated` | `u8` | `[N]` | 1 when the slot's episode ended at this step (it was reset) |
/// | `to_move` | `u8` | `[N]` | the seat to move next |
#[derive(Debug)]
pub struct BatchBuffers<'a> {
    /// `[N, observation_len]`.
    pub observations: &'a mut [u8],
    /// `[N, num_actions]`.
    pub masks: &'a mut [u8],
    /// `[N, num_players]`.
    pub rewards: &'a mut [f32],
    /// `[N]`.
    pub terminated: &'a mut [u8],
    /// `[N]`.
    pub to_move: &'a mut [u8],
}

/// The five buffers of a batch of N slots, owned: the same shapes and contents as
/// [`BatchBuffers`] (which [`OwnedBatchBuffers::view`] lends), for a caller that keeps its
/// buffers in Rust. Two values compare equal when every entry is equal (rewards as `f32`).
///
/// ```
/// use tabletop_env::matgo::MatgoEnv;
/// use tabletop_env::{Env, OwnedBatchBuffers, VecEnv};
///
/// let env = MatgoEnv::new(hwatu_core::Rules::standard())?;
/// let batch = VecEnv::new(&env, 4, 0, 1)?;
/// let mut out = OwnedBatchBuffers::for_env(&env, 4)?;
/// batch.observe(out.view())?;
/// assert_eq!(out.masks.len(), 4 * env.num_actions());
/// # Ok::<(), tabletop_env::EnvError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OwnedBatchBuffers {
    /// `u8`, `[N, observation_len]`.
    pub observations: Vec<u8>,
    /// `u8`, `[N, num_actions]`.
    pub masks: Vec<u8>,
    /// `f32`, `[N, num_players]`.
    pub rewards: Vec<f32>,
    /// `u8`, `[N]`.
    pub terminated: Vec<u8>,
    /// `u8`, `[N]`.
    pub to_move: Vec<u8>,
}

impl OwnedBatchBuffers {
    /// Buffers for `n` slots of `obs` observation entries, `actions` ids and `players`
    /// seats, all zero.
    ///
    /// # Errors
    /// [`EnvError::Config`] when a buffer's length overflows `usize` or its memory cannot
    /// be reserved.
    pub fn new(
        n: usize,
        obs: usize,
        actions: usize,
        players: usize,
    ) -> Result<OwnedBatchBuffers, EnvError> {
        Ok(OwnedBatchBuffers {
            observations: zeroed(n, obs, "observations")?,
            masks: zeroed(n, actions, "masks")?,
            rewards: zeroed(n, players, "rewards")?,
            terminated: zeroed(n, 1, "terminated")?,
            to_move: zeroed(n, 1, "to_move")?,
        })
    }

    /// Buffers for `n` slots of `env`'s shapes, all zero.
    ///
    /// # Errors
    /// [`EnvError::Config`] when a buffer's length overflows `usize` or its memory cannot
    /// be reserved.
    pub fn for_env<E: Env>(env: &E, n: usize) -> Result<OwnedBatchBuffers, EnvError> {
        OwnedBatchBuffers::new(
            n,
            env.observation_len(),
            env.num_actions(),
            env.num_players(),
        )
    }

    /// Lends the buffers for one batch call.
    pub fn view(&mut self) -> BatchBuffers<'_> {
        BatchBuffers {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            to_move: &mut self.to_move,
        }
    }

    /// Copies every buffer into `out`, whose buffers have the same lengths (a shorter or
    /// longer one is left as it was, the others copied).
    pub fn copy_to(&self, out: BatchBuffers<'_>) {
        copy(out.observations, &self.observations);
        copy(out.masks, &self.masks);
        copy(out.rewards, &self.rewards);
        copy(out.terminated, &self.terminated);
        copy(out.to_move, &self.to_move);
    }
}

/// A buffer of `n` rows of `row` zeros, or the error naming `name`.
fn zeroed<T: Copy + Default>(n: usize, row: usize, name: &str) -> Result<Vec<T>, EnvError> {
    let fail = |why: String| EnvError::Config {
        reason: format!("the {name} buffer of {n} slots of {row}: {why}"),
    };
    let len = n
        .checked_mul(row)
        .ok_or_else(|| fail("its length overflows usize".to_string()))?;
    let mut buffer = Vec::new();
    buffer
        .try_reserve_exact(len)
        .map_err(|e| fail(e.to_string()))?;
    buffer.resize(len, T::default());
    Ok(buffer)
}

/// Copies `from` into `to` when their lengths agree (never panics).
fn copy<T: Copy>(to: &mut [T], from: &[T]) {
    if to.len() == from.len() {
        to.copy_from_slice(from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_too_large_for_memory_are_an_error() {
        let error = OwnedBatchBuffers::new(usize::MAX, 2, 1, 1).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("observations buffer"), "{message}");
        assert!(message.contains("its length overflows usize"), "{message}");
        let error = OwnedBatchBuffers::new(1 << 60, 1, 1, 1).unwrap_err();
        assert!(matches!(error, EnvError::Config { .. }), "{error}");
        let small = OwnedBatchBuffers::new(3, 4, 5, 2).unwrap();
        assert_eq!(
            [
                small.observations.len(),
                small.masks.len(),
                small.rewards.len()
            ],
            [12, 15, 6]
        );
        assert_eq!([small.terminated.len(), small.to_move.len()], [3, 3]);
    }
}
