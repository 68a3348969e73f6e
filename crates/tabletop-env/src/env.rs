//! The [`Env`] trait: one game as an environment.

use crate::EnvError;

/// The most seats of any game here (mahjong). Per-seat arrays such as [`Rewards`] have this
/// length; the entries at and past [`Env::num_players`] are always 0.
pub const MAX_PLAYERS: usize = 4;

/// Rewards or returns per seat, indexed by seat; entries past `num_players` are 0.
///
/// Units are the game's own (omok: +1/-1/0; Matgo: points; poker: chips; mahjong: as its
/// environment documents), as `f32` so that numpy and learners take them as they are.
pub type Rewards = [f32; MAX_PLAYERS];

/// What one accepted step did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// The reward each seat received for this step (most games pay only at the end).
    pub rewards: Rewards,
    /// True when the episode ended with this step.
    pub terminated: bool,
    /// The seat to decide next; `None` once terminated.
    pub to_move: Option<usize>,
}

/// A game as an environment for learning and search.
///
/// **Ids.** Actions are the ids `0..num_actions()`, fixed per game and variant (tables in the
/// crate README). At every decision each legal action of the game crate has exactly one id,
/// and every id whose mask entry is 1 maps back to exactly one legal action.
///
/// **Buffers.** Masks and observations are `u8` tensors written into caller-owned slices
/// (C order, row-major), so that a numpy array or one row of a batch buffer is written without
/// a copy. A mask entry is 1 (legal) or 0. An observation is `observation_shape()` in C order,
/// each entry a 0/1 flag or a small count as its plane table documents.
///
/// **Errors.** Every method that can be refused returns [`EnvError`] and leaves the
/// environment exactly as before. No method panics.
///
/// **Seats** are `0..num_players()`; one seat decides at a time ([`Env::to_move`]).
pub trait Env: Clone + Send {
    /// The game crate's action type that ids stand for.
    type Action: Clone + core::fmt::Debug;

    /// The number of seats.
    fn num_players(&self) -> usize;

    /// The size of the action space: ids are `0..num_actions()`.
    fn num_actions(&self) -> usize;

    /// The shape of one seat's observation tensor (C order), e.g. `[planes, rows, cols]`.
    fn observation_shape(&self) -> Vec<usize>;

    /// The number of `u8` entries of one observation: the product of
    /// [`Env::observation_shape`].
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Starts a new episode whose chance (deals, walls) is derived from `seed` as the
    /// environment documents (see [`crate::seed`]). The same seed always gives the same
    /// episode for the same actions.
    fn reset(&mut self, seed: u64);

    /// The seat whose decision it is, or `None` when the episode is over.
    fn to_move(&self) -> Option<usize>;

    /// True when the episode is over.
    fn is_terminal(&self) -> bool {
        self.to_move().is_none()
    }

    /// Writes the legal-action mask of the seat to move: `out[id]` is 1 when `id` is legal,
    /// else 0 (all 0 when the episode is over).
    ///
    /// # Errors
    /// [`EnvError::BufferLength`] when `out.len() != num_actions()`.
    fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError>;

    /// Writes `seat`'s observation: only what that seat may know, laid out as the plane table
    /// of the environment documents. Any seat may be observed at any time, also after the end.
    ///
    /// # Errors
    /// [`EnvError::NoSuchSeat`] for a seat `>= num_players()`; [`EnvError::BufferLength`] when
    /// `out.len() != observation_len()`.
    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError>;

    /// Plays action `id` for the seat to move.
    ///
    /// # Errors
    /// [`EnvError::GameOver`] after the end; [`EnvError::IdOutOfRange`] for
    /// `id >= num_actions()`; [`EnvError::IllegalAction`] for a masked-out id. The state is
    /// unchanged on every error.
    fn step(&mut self, id: u32) -> Result<Step, EnvError>;

    /// Plays action `id` as `seat`, checking that `seat` is the one to move.
    ///
    /// # Errors
    /// [`EnvError::NoSuchSeat`], [`EnvError::WrongSeat`], then as [`Env::step`].
    fn step_as(&mut self, seat: usize, id: u32) -> Result<Step, EnvError> {
        if seat >= self.num_players() {
            return Err(EnvError::NoSuchSeat {
                seat,
                num_players: self.num_players(),
            });
        }
        match self.to_move() {
            Some(s) if s == seat => self.step(id),
            None => Err(EnvError::GameOver),
            to_move => Err(EnvError::WrongSeat { seat, to_move }),
        }
    }

    /// The sum of each seat's rewards over the episode, once it is over (`None` before).
    fn returns(&self) -> Option<Rewards>;

    /// True when the returns of every finished episode sum to zero over the seats.
    fn is_zero_sum(&self) -> bool {
        true
    }

    /// An upper bound on the decisions of one episode (documented per game; the conformance
    /// suite checks every episode ends within it).
    fn max_episode_decisions(&self) -> usize;

    /// The legal ids now, ascending (empty when the episode is over). Allocates: learners
    /// use [`Env::write_action_mask`].
    fn legal_action_ids(&self) -> Vec<u32> {
        let mut mask = vec![0u8; self.num_actions()];
        if self.write_action_mask(&mut mask).is_err() {
            return Vec::new();
        }
        (0u32..)
            .zip(mask)
            .filter_map(|(id, m)| (m != 0).then_some(id))
            .collect()
    }

    /// Whether `id` may be stepped now, without stepping it. The default asks
    /// [`Env::action_of`]; environments override it when a cheaper test exists.
    ///
    /// # Errors
    /// As [`Env::step`]: [`EnvError::GameOver`], [`EnvError::IdOutOfRange`],
    /// [`EnvError::IllegalAction`].
    fn check_legal(&self, id: u32) -> Result<(), EnvError> {
        self.action_of(id).map(|_| ())
    }

    /// The game crate's legal actions now, as the crate lists them (empty when over).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// The game action that `id` stands for now.
    ///
    /// # Errors
    /// [`EnvError::IdOutOfRange`]; [`EnvError::IllegalAction`] when `id` is not legal now
    /// (some ids mean different actions in different states, so only legal ids map);
    /// [`EnvError::GameOver`] after the end.
    fn action_of(&self, id: u32) -> Result<Self::Action, EnvError>;

    /// The id of a legal game action now.
    ///
    /// # Errors
    /// [`EnvError::NoId`] when the action has no id in this environment;
    /// [`EnvError::NotLegal`] when it has one but is not legal now; [`EnvError::GameOver`]
    /// after the end.
    fn id_of(&self, action: &Self::Action) -> Result<u32, EnvError>;

    /// A state that `seat` cannot tell from this one, with everything it cannot see drawn
    /// anew from `seed` (unseen cards or tiles redealt, the same actions replayed): the
    /// determinization of information-set search, and the hidden-information check of the
    /// conformance suite. `None` for games of perfect information, or when the redeal cannot
    /// replay the history.
    fn determinize(&self, seat: usize, seed: u64) -> Option<Self>
    where
        Self: Sized;
}

/// Checks a buffer's length, the first check of every `write_*` method.
///
/// # Errors
/// [`EnvError::BufferLength`] naming `buffer` when `got != expected`.
pub fn check_len(buffer: &'static str, expected: usize, got: usize) -> Result<(), EnvError> {
    if expected == got {
        Ok(())
    } else {
        Err(EnvError::BufferLength {
            buffer,
            expected,
            got,
        })
    }
}

/// Checks a seat, the first check of [`Env::write_observation`].
///
/// # Errors
/// [`EnvError::NoSuchSeat`] when `seat >= num_players`.
pub fn check_seat(seat: usize, num_players: usize) -> Result<(), EnvError> {
    if seat < num_players {
        Ok(())
    } else {
        Err(EnvError::NoSuchSeat { seat, num_players })
    }
}

/// Checks an id against the action space and the mask before a step: the shared prologue of
/// every [`Env::step`].
///
/// # Errors
/// [`EnvError::GameOver`] when `terminal`, [`EnvError::IdOutOfRange`],
/// [`EnvError::IllegalAction`] when `legal(id)` is false.
pub fn check_id(
    id: u32,
    num_actions: usize,
    terminal: bool,
    legal: impl FnOnce(u32) -> bool,
) -> Result<(), EnvError> {
    if terminal {
        return Err(EnvError::GameOver);
    }
    if id as usize >= num_actions {
        return Err(EnvError::IdOutOfRange { id, num_actions });
    }
    if legal(id) {
        Ok(())
    } else {
        Err(EnvError::IllegalAction { id })
    }
}
