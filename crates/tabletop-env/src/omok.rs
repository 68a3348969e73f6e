//! Omok, gomoku and renju as an environment ([`OmokEnv`]), over `omok-core`.

use omok_core::{FoulMap, Game, Outcome, Point, Rule, Stone};

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
///
/// A snapshot (feature `serde`) is read back as its game and rebuilt by replaying the game's
/// moves ([`EnvError::Snapshot`] when they are not a legal game from the empty board).
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "OmokSnapshot"))]
pub struct OmokEnv {
    game: Game,
    /// The points forbidden to black and to white (seat order), each kept up to date near
    /// the last move by omok-core's [`FoulMap`] (all 0 for a colour the rule gives no fouls).
    fouls: [FoulMap; 2],
    /// The black stones then the white stones, row-major like the ids, kept up to date at
    /// every step so that an observation is copied, not rebuilt from the board.
    stones: Vec<u8>,
    returns: Rewards,
}

/// What an [`OmokEnv`] snapshot is rebuilt from: the game (the rest are caches of it).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct OmokSnapshot {
    game: Game,
}

#[cfg(feature = "serde")]
impl TryFrom<OmokSnapshot> for OmokEnv {
    type Error = EnvError;

    /// The environment of the game's rule and size with the game's moves played.
    fn try_from(snapshot: OmokSnapshot) -> Result<OmokEnv, EnvError> {
        let game = &snapshot.game;
        let size = game.board().size();
        let mut env = OmokEnv::new(game.rule(), size).map_err(|e| EnvError::snapshot("game", e))?;
        for &p in game.moves() {
            if !p.is_on(size) {
                return Err(EnvError::snapshot(
                    "game",
                    format!("move {p:?} is off the board"),
                ));
            }
            let id = env.id_of_point(p);
            env.step(id)
                .map_err(|e| EnvError::snapshot("game", format!("move {p:?}: {e}")))?;
        }
        if env.game != *game {
            return Err(EnvError::snapshot(
                "game",
                "is not the position its moves give from the empty board",
            ));
        }
        Ok(env)
    }
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
        let fouls = [Stone::Black, Stone::White].map(|s| FoulMap::new(game.board(), s, rule));
        Ok(OmokEnv {
            game,
            fouls,
            stones: vec![0; 2 * cells],
            returns: [0.0; MAX_PLAYERS],
        })
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

    fn cells(&self) -> usize {
        self.stones.len() / 2
    }

    fn point_of(&self, id: u32) -> Point {
        let size = u32::from(self.size());
        Point::new((id % size) as u8, (id / size) as u8)
    }

    fn id_of_point(&self, p: Point) -> u32 {
        u32::from(p.y) * u32::from(self.size()) + u32::from(p.x)
    }

    /// The points forbidden to the player to move, row-major (all 0 once the game is over).
    fn forbidden_now(&self) -> Option<&[u8]> {
        self.game
            .to_move()
            .map(|stone| self.fouls[seat_of(stone)].as_slice())
    }

    /// Whether the point of `id` (in range) is empty and not forbidden to the player to move.
    fn is_legal_id(&self, id: u32) -> bool {
        let (i, cells) = (id as usize, self.cells());
        self.forbidden_now()
            .is_some_and(|f| self.stones[i] | self.stones[cells + i] | f[i] == 0)
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
        self.cells()
    }

    fn observation_shape(&self) -> Vec<usize> {
        let size = usize::from(self.size());
        vec![OMOK_PLANES, size, size]
    }

    fn observation_len(&self) -> usize {
        OMOK_PLANES * self.cells()
    }

    /// Takes every move back (the game always starts from the empty board), keeping the
    /// memory: nothing is allocated.
    fn reset(&mut self, _seed: u64) {
        while self.game.undo().is_ok() {}
        for map in &mut self.fouls {
            map.reset(self.game.board());
        }
        self.stones.fill(0);
        self.returns = [0.0; MAX_PLAYERS];
    }

    fn to_move(&self) -> Option<usize> {
        self.game.to_move().map(seat_of)
    }

    fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
        let cells = self.cells();
        check_len("action_mask", cells, out.len())?;
        match self.forbidden_now() {
            Some(forbidden) => {
                let (black, white) = self.stones.split_at(cells);
                for (((m, b), w), f) in out.iter_mut().zip(black).zip(white).zip(forbidden) {
                    *m = u8::from(b | w | f == 0);
                }
            }
            None => out.fill(0),
        }
        Ok(())
    }

    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
        check_seat(seat, 2)?;
        check_len("observation", self.observation_len(), out.len())?;
        let cells = self.cells();
        let (own, rest) = out.split_at_mut(cells);
        let (theirs, rest) = rest.split_at_mut(cells);
        let (turn, rest) = rest.split_at_mut(cells);
        let (forbidden, last) = rest.split_at_mut(cells);
        let (black, white) = self.stones.split_at(cells);
        let (mine, other) = if seat == 0 {
            (black, white)
        } else {
            (white, black)
        };
        own.copy_from_slice(mine);
        theirs.copy_from_slice(other);
        turn.fill(u8::from(self.to_move() == Some(seat)));
        match self.forbidden_now() {
            Some(f) => forbidden.copy_from_slice(f),
            None => forbidden.fill(0),
        }
        last.fill(0);
        if let Some(p) = self.game.last_move() {
            last[self.id_of_point(p) as usize] = 1;
        }
        Ok(())
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        check_id(id, self.cells(), self.game.is_over(), |id| {
            self.is_legal_id(id)
        })?;
        let p = self.point_of(id);
        let mover = self.to_move().unwrap_or(0);
        // The mask proved the point legal, so omok-core accepts it.
        let outcome = self
            .game
            .play(p)
            .map_err(|_| EnvError::IllegalAction { id })?;
        let at = mover * self.cells() + id as usize;
        self.stones[at] = 1;
        if outcome.is_none() {
            for map in &mut self.fouls {
                map.update(self.game.board(), p);
            }
        }
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
        self.cells()
    }

    fn legal_actions(&self) -> Vec<Point> {
        self.game.legal_actions()
    }

    fn check_legal(&self, id: u32) -> Result<(), EnvError> {
        check_id(id, self.cells(), self.game.is_over(), |id| {
            self.is_legal_id(id)
        })
    }

    fn action_of(&self, id: u32) -> Result<Point, EnvError> {
        self.check_legal(id)?;
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
        if !self.is_legal_id(id) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn id(x: u32, y: u32) -> u32 {
        y * 15 + x
    }

    /// Black builds five along row 7 while white plays row 0: every step's rewards and the
    /// planes seen by each seat.
    #[test]
    fn a_five_pays_plus_one_and_minus_one_and_planes_follow_the_board() {
        let mut env = OmokEnv::new(Rule::Freestyle, 15).unwrap();
        let mut obs = vec![0u8; env.observation_len()];
        for k in 0..4 {
            let black = env.step(id(3 + k, 7)).unwrap();
            assert_eq!(
                black,
                Step {
                    rewards: [0.0; 4],
                    terminated: false,
                    to_move: Some(1)
                }
            );
            let white = env.step(id(k, 0)).unwrap();
            assert_eq!(white.to_move, Some(0));
        }
        env.write_observation(1, &mut obs).unwrap();
        let plane = |obs: &[u8], p: usize, x: u32, y: u32| obs[p * 225 + id(x, y) as usize];
        // White's view: its own stones on row 0, black's on row 7, not its turn, last move 3,0.
        assert_eq!(
            (
                plane(&obs, 0, 0, 0),
                plane(&obs, 1, 3, 7),
                plane(&obs, 0, 3, 7)
            ),
            (1, 1, 0)
        );
        assert_eq!(
            (
                plane(&obs, 2, 9, 9),
                plane(&obs, 4, 3, 0),
                plane(&obs, 4, 6, 7)
            ),
            (0, 1, 0)
        );
        env.write_observation(0, &mut obs).unwrap();
        assert_eq!(
            (
                plane(&obs, 0, 3, 7),
                plane(&obs, 1, 0, 0),
                plane(&obs, 2, 14, 14)
            ),
            (1, 1, 1)
        );
        let win = env.step(id(7, 7)).unwrap();
        assert_eq!(
            win,
            Step {
                rewards: [1.0, -1.0, 0.0, 0.0],
                terminated: true,
                to_move: None
            }
        );
        assert_eq!(env.returns(), Some([1.0, -1.0, 0.0, 0.0]));
        assert_eq!(env.step(id(8, 8)), Err(EnvError::GameOver));
        env.reset(0);
        assert_eq!(
            (env.to_move(), env.returns(), env.legal_action_ids().len()),
            (Some(0), None, 225)
        );
    }

    /// Renju: black's double-three point is masked out, shown on plane 3, and refused.
    #[test]
    fn a_forbidden_point_is_masked_and_shown() {
        let mut env = OmokEnv::new(Rule::Renju, 15).unwrap();
        // Black: 7,7 8,7 and 7,8 9,... set up two open twos crossing at 7,6? Use the classic
        // shape: black at (6,7) (7,7) and (8,6) (8,5); white far away. Black on (8,7) makes an
        // open three on row 7 and one on column 8: a double-three.
        for (b, w) in [
            ((6, 7), (0, 0)),
            ((7, 7), (0, 14)),
            ((8, 6), (14, 0)),
            ((8, 5), (14, 14)),
        ] {
            env.step(id(b.0, b.1)).unwrap();
            env.step(id(w.0, w.1)).unwrap();
        }
        let foul = id(8, 7);
        let mut mask = vec![0u8; 225];
        env.write_action_mask(&mut mask).unwrap();
        assert_eq!(mask[foul as usize], 0);
        let mut obs = vec![0u8; env.observation_len()];
        env.write_observation(1, &mut obs).unwrap();
        assert_eq!(
            obs[3 * 225 + foul as usize],
            1,
            "white sees black's forbidden point"
        );
        assert_eq!(
            obs[3 * 225..4 * 225]
                .iter()
                .map(|&v| usize::from(v))
                .sum::<usize>(),
            1
        );
        assert_eq!(env.step(foul), Err(EnvError::IllegalAction { id: foul }));
        assert!(matches!(
            env.id_of(&Point::new(8, 7)),
            Err(EnvError::NotLegal { .. })
        ));
        assert!(matches!(
            env.id_of(&Point::new(15, 0)),
            Err(EnvError::NoId { .. })
        ));
        assert_eq!(env.id_of(&Point::new(9, 9)), Ok(id(9, 9)));
    }

    #[test]
    fn sizes_outside_the_board_range_are_refused() {
        assert!(matches!(
            OmokEnv::new(Rule::Omok, 4),
            Err(EnvError::Config { .. })
        ));
        assert!(matches!(
            OmokEnv::new(Rule::Omok, 27),
            Err(EnvError::Config { .. })
        ));
        assert_eq!(
            OmokEnv::new(Rule::Omok, 19).unwrap().observation_shape(),
            [5, 19, 19]
        );
    }
}
