//! Omok, gomoku and renju as an environment ([`OmokEnv`]), over `omok-core`.

use omok_core::{Game, Outcome, Point, Rule, Stone};

use crate::{Env, EnvError, MAX_PLAYERS, Rewards, Step, check_id, check_len, check_seat};

/// The number of observation planes of [`OmokEnv`].
pub const OMOK_PLANES: usize = 5;

/// Omok / gomoku / renju on a `size` x `size` board under one [`Rule`].
///
/// - **Seats:** seat 0 plays black (first), seat 1 white.
/// - **Ids:** `y * size + x` for the point at column `x` from the left and row `y` from the
///   top (omok-core's [`Point`]); `num_actions = size * size`. An id is legal when its point is
///   empty and not forbidden to the player to move under the rule (omok-core spec section 3).
/// - **Observation** `[5, size, size]` `u8`, seen by `seat`: plane 0 the seat's own stones,
///   1 the opponent's stones, 2 all 1 when the seat is to move, 3 the points forbidden to the
///   player to move, 4 the last move. Omok hides nothing, so both seats see the whole board.
/// - **Rewards:** +1 to the winner and -1 to the loser on the winning move, 0 each on a draw
///   (full board, or no legal point for the player to move). Zero-sum.
/// - **Seed:** omok has no chance: every episode starts from the empty board, whatever the
///   seed.
/// - **Bound:** at most `size * size` decisions.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OmokEnv {
    game: Game,
    /// The legal-action mask of the player to move, kept up to date at every step.
    mask: Vec<u8>,
    /// Points forbidden to the player to move (1), row-major like the ids.
    forbidden: Vec<u8>,
    returns: Rewards,
}

impl OmokEnv {
    /// A new game of `rule` on a `size` x `size` board.
    ///
    /// # Errors
    /// [`EnvError::Config`] unless `size` is from 5 to 26 (omok-core's board sizes).
    pub fn new(rule: Rule, size: u8) -> Result<OmokEnv, EnvError> {
        let game = Game::with_size(rule, size).map_err(|e| EnvError::Config {
            reason: e.to_string(),
        })?;
        let cells = usize::from(size) * usize::from(size);
        let mut env = OmokEnv {
            game,
            mask: vec![1; cells],
            forbidden: vec![0; cells],
            returns: [0.0; MAX_PLAYERS],
        };
        env.refresh_mask();
        Ok(env)
    }

    /// The game being played.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The rule set.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.game.rule()
    }

    /// The side length of the board.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.game.size()
    }

    fn point_of(&self, id: u32) -> Point {
        let size = u32::from(self.size());
        Point::new((id % size) as u8, (id / size) as u8)
    }

    fn id_of_point(&self, p: Point) -> u32 {
        u32::from(p.y) * u32::from(self.size()) + u32::from(p.x)
    }

    /// Recomputes the forbidden points of the player to move and the mask. Without fouls for
    /// that colour only the last move changed (the mask is updated in `step`).
    fn refresh_mask(&mut self) {
        let Some(stone) = self.game.to_move() else {
            self.mask.fill(0);
            self.forbidden.fill(0);
            return;
        };
        let rule = self.rule();
        let had_fouls = self.forbidden.iter().any(|&f| f != 0);
        if had_fouls {
            for (m, f) in self.mask.iter_mut().zip(self.forbidden.iter_mut()) {
                *m |= *f;
                *f = 0;
            }
        }
        if rule.has_fouls(stone) {
            for (p, _) in self.game.board().fouls(stone, rule) {
                let i = self.id_of_point(p) as usize;
                self.forbidden[i] = 1;
                self.mask[i] = 0;
            }
        }
    }
}

fn seat_of(stone: Stone) -> usize {
    match stone {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

impl Env for OmokEnv {
    type Action = Point;

    fn num_players(&self) -> usize {
        2
    }

    fn num_actions(&self) -> usize {
        self.mask.len()
    }

    fn observation_shape(&self) -> Vec<usize> {
        let size = usize::from(self.size());
        vec![OMOK_PLANES, size, size]
    }

    fn observation_len(&self) -> usize {
        OMOK_PLANES * self.mask.len()
    }

    fn reset(&mut self, _seed: u64) {
        let (rule, size) = (self.rule(), self.size());
        if let Ok(fresh) = OmokEnv::new(rule, size) {
            *self = fresh;
        }
    }

    fn to_move(&self) -> Option<usize> {
        self.game.to_move().map(seat_of)
    }

    fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
        check_len("action_mask", self.mask.len(), out.len())?;
        out.copy_from_slice(&self.mask);
        Ok(())
    }

    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
        check_seat(seat, 2)?;
        check_len("observation", self.observation_len(), out.len())?;
        let cells = self.mask.len();
        let (own, rest) = out.split_at_mut(cells);
        let (theirs, rest) = rest.split_at_mut(cells);
        let (turn, rest) = rest.split_at_mut(cells);
        let (forbidden, last) = rest.split_at_mut(cells);
        let me = if seat == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        let board = self.game.board();
        for (i, p) in board.points().enumerate() {
            let stone = board.get(p);
            own[i] = u8::from(stone == Some(me));
            theirs[i] = u8::from(stone == Some(me.opponent()));
        }
        turn.fill(u8::from(self.game.to_move() == Some(me)));
        forbidden.copy_from_slice(&self.forbidden);
        last.fill(0);
        if let Some(p) = self.game.last_move() {
            last[self.id_of_point(p) as usize] = 1;
        }
        Ok(())
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        check_id(id, self.mask.len(), self.game.is_over(), |id| {
            self.mask[id as usize] != 0
        })?;
        let p = self.point_of(id);
        let mover = self.to_move().unwrap_or(0);
        // The mask proved the point legal, so omok-core accepts it.
        let outcome = self
            .game
            .play(p)
            .map_err(|_| EnvError::IllegalAction { id })?;
        self.mask[id as usize] = 0;
        self.refresh_mask();
        let mut rewards = [0.0; MAX_PLAYERS];
        if let Some(Outcome::Win { .. }) = outcome {
            rewards[mover] = 1.0;
            rewards[1 - mover] = -1.0;
        }
        for (r, g) in self.returns.iter_mut().zip(rewards) {
            *r += g;
        }
        Ok(Step {
            rewards,
            terminated: outcome.is_some(),
            to_move: self.to_move(),
        })
    }

    fn returns(&self) -> Option<Rewards> {
        self.game.is_over().then_some(self.returns)
    }

    fn max_episode_decisions(&self) -> usize {
        self.mask.len()
    }

    fn legal_actions(&self) -> Vec<Point> {
        self.game.legal_actions()
    }

    fn action_of(&self, id: u32) -> Result<Point, EnvError> {
        check_id(id, self.mask.len(), self.game.is_over(), |id| {
            self.mask[id as usize] != 0
        })?;
        Ok(self.point_of(id))
    }

    fn id_of(&self, action: &Point) -> Result<u32, EnvError> {
        if self.game.is_over() {
            return Err(EnvError::GameOver);
        }
        let size = self.size();
        if !action.is_on(size) {
            return Err(EnvError::NoId {
                action: action.notation(size).to_string(),
            });
        }
        let id = self.id_of_point(*action);
        if self.mask[id as usize] == 0 {
            return Err(EnvError::NotLegal {
                action: action.notation(size).to_string(),
            });
        }
        Ok(id)
    }

    fn determinize(&self, _seat: usize, _seed: u64) -> Option<OmokEnv> {
        None
    }
}
