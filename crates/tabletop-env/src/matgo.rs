//! Matgo (two-player Go-Stop) as an environment ([`MatgoEnv`]), over `hwatu-core`.

use std::fmt;

#[cfg(feature = "serde")]
use hwatu_core::Card;
use hwatu_core::{Action, Game, Player, Rules};

use crate::hwatu::{self, COLUMNS, HwatuTable};
use crate::{Env, EnvError, MAX_PLAYERS, Rewards, Step};

/// The size of [`MatgoEnv`]'s action space (the same ids as
/// [`crate::gostop::GOSTOP_ACTIONS`]).
pub const MATGO_ACTIONS: usize = hwatu::ACTIONS;

/// Observation planes of [`MatgoEnv`] (each 50 wide, one column per card).
pub const MATGO_PLANES: usize = hwatu::planes(2);

/// The most decisions of one game (see [`MatgoEnv`]).
pub const MATGO_MAX_DECISIONS: usize = 256;

/// Matgo, one game between seat 0 ([`Player::A`], who plays first) and seat 1 ([`Player::B`]),
/// under any [`Rules`] (presets `standard`, `tutorial`, `classic`).
///
/// - **Ids** (164), a card `c` being its hwatu-core index (`Card::index`: month cards
///   `4 (month - 1) + k` in canonical order, `B2` 48, `B3` 49):
///
///   | id | action |
///   |---|---|
///   | `0 + c` (0..50) | play card `c` from the hand (a bonus card too) |
///   | `50 + c` (50..98) | play month card `c` and shake its month (heundeulgi) |
///   | `98 + m - 1` (98..110) | bomb month `m` (poktan) |
///   | 110 | flip-only turn |
///   | `111 + c` (111..159) | take floor card `c` (a choice between two) |
///   | 159, 160 | count the gukjin as yeol / as ssangpi |
///   | 161, 162 | go / stop |
///   | 163 | declare a chongtong (only under `chongtong_play_on`) |
/// - **Observation** `[15, 50]` `u8`, one column per card, seen by `seat` (what
///   [`Game::view`] shows it, read from the game's public accessors):
///
///   | plane | a 1 at card `c` means |
///   |---|---|
///   | 0 | `c` is in the seat's hand |
///   | 1 | `c` is on the floor |
///   | 2, 3 | the seat / the opponent captured `c` |
///   | 4 | the opponent showed `c` by shaking and still holds it |
///   | 5 | `c` was played or flipped and waits for a floor-card choice |
///   | 6 | `c` is one of the two floor cards the seat must choose between |
///   | 7, 8 | `c` is in a ppuk pile of the seat / of the opponent |
///   | 9, 10 | the seat / the opponent passed over `c` |
///   | 11, 12 | the seat / the opponent discarded `c` (played it matching nothing) |
///   | 13 | the seat has not seen `c` (opponent's hand or stock) |
///   | 14 | scalars in columns 0..24 (counts saturate at 255): base score, goes, shakes, bombs, ppuk, flip-only credits, turns, instant points received — seat then opponent (0..16); 16 opponent's hand size; 17 stock size; 18 seat to move; 19..23 the decision: play, choose, gukjin, go/stop; 23 gukjin counted as ssangpi |
/// - **Rewards** at the end, in points: the settlement's points (nagari multiplier 1) to the
///   winner and their negative to the loser, plus each seat's instant payments received minus
///   those paid. A nagari pays only the instant payments. Zero-sum.
/// - **Seed:** the deck (48 month cards and the rules' bonus cards in canonical order) is
///   shuffled by [`crate::seed::shuffle`] from `SplitMix64::new(derive(seed, k))` for `k = 0, 1, ...` and
///   dealt by [`hwatu_core::Deal::from_deck`] (through [`Game::from_deck`]) with seat 0 first; a deal that is refused (four of a month on
///   the floor under `FloorFour::Redeal`) or that ends at once (a chongtong at the deal) is
///   skipped for the next `k`, so every episode has a decision (this leaves out the games a
///   chongtong at the deal decides: about 1 in 400 deals).
/// - **Bound:** at most 256 decisions (each of at most 14 turns a player begins takes at most
///   5 decisions: play, two floor choices, gukjin, go/stop).
/// - **Snapshots** (feature `serde`) are read back as the deck and the actions, dealt and
///   replayed; [`EnvError::Snapshot`] when the replay is refused or does not give the
///   snapshot's game.
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "MatgoSnapshot"))]
pub struct MatgoEnv {
    /// The game (and in it the rules), the deck dealt, the actions and the legal ids.
    table: HwatuTable<Player, 2>,
}

/// `MatgoEnv { game, deck, history, legal }`.
impl fmt::Debug for MatgoEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.table.fmt_debug(f, "MatgoEnv", None)
    }
}

/// `{"game", "deck", "history", "legal"}`.
#[cfg(feature = "serde")]
impl serde::Serialize for MatgoEnv {
    fn serialize<Ser: serde::Serializer>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error> {
        let game = ("game", &self.table.game);
        self.table.serialize(serializer, "MatgoEnv", game, true)
    }
}

/// What a [`MatgoEnv`] snapshot is rebuilt from: the game (for its rules, and to compare),
/// the deck dealt and the actions.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct MatgoSnapshot {
    game: Game,
    deck: Vec<Card>,
    history: Vec<Action>,
}

#[cfg(feature = "serde")]
impl TryFrom<MatgoSnapshot> for MatgoEnv {
    type Error = EnvError;

    /// The game dealt from the deck with the actions replayed, which must be the snapshot's.
    fn try_from(snapshot: MatgoSnapshot) -> Result<MatgoEnv, EnvError> {
        let MatgoSnapshot {
            game: wanted,
            deck,
            history,
        } = snapshot;
        let table = HwatuTable::replayed(*wanted.rules(), Player::A, deck, history)?;
        if table.game != wanted {
            return Err(EnvError::snapshot(
                "game",
                "is not the game its deck and actions give",
            ));
        }
        Ok(MatgoEnv { table })
    }
}

impl MatgoEnv {
    /// A game under `rules`, dealt from seed 0.
    ///
    /// # Errors
    /// [`EnvError::Config`] when no deal of the seed's sequence gives a game with a decision
    /// (rules under which every deal ends at once).
    pub fn new(rules: Rules) -> Result<MatgoEnv, EnvError> {
        let table = HwatuTable::new(rules, Player::A, "game")?;
        Ok(MatgoEnv { table })
    }

    /// The game being played.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.table.game
    }
}

/// The terminal rewards: settlement points and instant payments, zero-sum.
fn final_rewards(game: &Game) -> Rewards {
    let mut rewards = [0.0; MAX_PLAYERS];
    if let Some(settlement) = game.settle(1) {
        let instant = settlement.instant_points();
        let net_instant = instant[0] as f32 - instant[1] as f32;
        rewards[0] = net_instant;
        if let Some(winner) = settlement.winner() {
            let sign = if winner == Player::A { 1.0 } else { -1.0 };
            rewards[0] += sign * settlement.points as f32;
        }
        // `0.0 - x`, not `-x`: a zero net pays the loser `0.0`, not `-0.0`.
        rewards[1] = 0.0 - rewards[0];
    }
    rewards
}

impl Env for MatgoEnv {
    type Action = Action;

    fn num_players(&self) -> usize {
        2
    }

    fn num_actions(&self) -> usize {
        MATGO_ACTIONS
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![MATGO_PLANES, COLUMNS]
    }

    fn observation_len(&self) -> usize {
        MATGO_PLANES * COLUMNS
    }

    fn reset(&mut self, seed: u64) {
        self.table.reset(seed);
    }

    fn to_move(&self) -> Option<usize> {
        self.table.to_move()
    }

    fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
        self.table.write_action_mask(out)
    }

    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
        self.table.write_observation(seat, out).map(|_| ())
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        self.table.step(id, final_rewards)
    }

    fn returns(&self) -> Option<Rewards> {
        self.table.returns(final_rewards)
    }

    fn max_episode_decisions(&self) -> usize {
        MATGO_MAX_DECISIONS
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.table.legal_actions()
    }

    fn action_of(&self, id: u32) -> Result<Action, EnvError> {
        self.table.action_of(id)
    }

    fn check_legal(&self, id: u32) -> Result<(), EnvError> {
        self.table.check_legal(id)
    }

    fn id_of(&self, action: &Action) -> Result<u32, EnvError> {
        self.table.id_of(*action)
    }

    /// Redeals the cards `seat` has not seen (the opponent's hand but the cards it showed by
    /// shaking, and the stock) among their places in the deck, and replays every action; a
    /// redeal the history cannot be replayed on is drawn again, up to 16 times.
    fn determinize(&self, seat: usize, seed: u64) -> Option<MatgoEnv> {
        let table = self.table.determinize(seat, seed)?;
        Some(MatgoEnv { table })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hwatu::encode;

    fn player_of(seat: usize) -> Player {
        if seat == 0 { Player::A } else { Player::B }
    }

    /// Every entry is written, the scalar plane 14 included (it was left as the caller's
    /// buffer had it): buffers filled with 0 and with 0xAA come out equal, and plane 14
    /// holds the seat's decision, base score and the stock size.
    #[test]
    fn every_plane_is_written() {
        let mut env = MatgoEnv::new(Rules::standard()).unwrap();
        let mut checked = 0;
        for seed in 0..50 {
            env.reset(seed);
            while let Some(mover) = env.to_move() {
                for seat in 0..2 {
                    let mut zeros = vec![0; MATGO_PLANES * COLUMNS];
                    let mut filled = vec![0xAA; MATGO_PLANES * COLUMNS];
                    env.write_observation(seat, &mut zeros).unwrap();
                    env.write_observation(seat, &mut filled).unwrap();
                    assert_eq!(zeros, filled);
                    let scalars = &zeros[14 * COLUMNS..];
                    let game = env.game();
                    let score = game.score(player_of(seat)).total();
                    assert_eq!(u32::from(scalars[0]), score.min(255));
                    assert_eq!(usize::from(scalars[17]), game.stock().len());
                    assert_eq!(scalars[18], u8::from(seat == mover));
                    let asked = scalars[19..23].iter().filter(|&&v| v == 1).count();
                    assert_eq!(asked, usize::from(seat == mover));
                    checked += 1;
                }
                let legal = env.legal_actions();
                let action = legal[checked % legal.len()];
                env.step(encode(action)).unwrap();
            }
        }
        assert!(checked > 1000);
    }

    /// The tutorial bot plays both seats to the end; the returns are the settlement's points
    /// and instant payments, zero-sum, and the winner's is positive.
    #[test]
    fn returns_follow_the_settlement() {
        use hwatu_core::bot::{Bot, TutorialBot};
        let mut checked = 0;
        for seed in 0..20 {
            let mut env = MatgoEnv::new(Rules::standard()).unwrap();
            env.reset(seed);
            while let Some(seat) = env.to_move() {
                let action = TutorialBot::new()
                    .choose(&env.game().view(player_of(seat)))
                    .unwrap();
                env.step(encode(action)).unwrap();
            }
            let returns = env.returns().unwrap();
            let settlement = env.game().settle(1).unwrap();
            assert_eq!(returns[0], -returns[1]);

            let instant = settlement.instant_points();
            match settlement.winner() {
                Some(w) => {
                    let (i, l) = (w.index(), 1 - w.index());
                    let expected = settlement.points as f32 + instant[i] as f32 - instant[l] as f32;
                    assert_eq!(returns[i], expected, "seed {seed}");
                    assert!(settlement.points > 0);
                    checked += 1;
                }
                None => assert_eq!(returns[0], instant[0] as f32 - instant[1] as f32),
            }
        }
        assert!(checked > 10);
    }

    /// A game whose net is zero (a nagari without instant payments) pays both seats `0.0`,
    /// not `-0.0` to the loser.
    #[test]
    fn a_zero_net_pays_positive_zero() {
        let mut zeros = 0;
        for seed in 0..200u64 {
            let mut env = MatgoEnv::new(Rules::standard()).unwrap();
            env.reset(seed);
            let mut k = seed as usize;
            while env.to_move().is_some() {
                let legal = env.legal_actions();
                k = k.wrapping_mul(31).wrapping_add(7);
                env.step(encode(legal[k % legal.len()])).unwrap();
            }
            let returns = env.returns().unwrap();
            if returns[0] == 0.0 {
                zeros += 1;
                let bits = returns.map(f32::to_bits);
                assert_eq!(bits, [0.0f32.to_bits(); MAX_PLAYERS], "seed {seed}");
            }
        }
        assert!(zeros > 0, "no game with a zero net");
    }
}
