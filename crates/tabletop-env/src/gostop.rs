//! Go-Stop among three as an environment ([`GoStopEnv`]), over `hwatu-core`'s [`GoStop`].
//!
//! The ids are Matgo's (the same 164, [`crate::matgo::MatgoEnv`]'s table), and the
//! observation is Matgo's layout written for three seats: both are written once, in the
//! crate's shared hwatu module.

use std::fmt;

use hwatu_core::{Action, GoStop, GoStopRules, Seat};
#[cfg(feature = "serde")]
use hwatu_core::{Card, Deck};

use crate::hwatu::{self, COLUMNS, HwatuTable};
use crate::{Env, EnvError, MAX_PLAYERS, Rewards, Step};

/// The size of [`GoStopEnv`]'s action space: Matgo's 164 ids
/// ([`crate::matgo::MATGO_ACTIONS`]).
pub const GOSTOP_ACTIONS: usize = hwatu::ACTIONS;

/// Observation planes of [`GoStopEnv`] (each 50 wide, one column per card).
pub const GOSTOP_PLANES: usize = hwatu::planes(3);

/// The most decisions of one hand (see [`GoStopEnv`]).
pub const GOSTOP_MAX_DECISIONS: usize = 256;

/// The seats of a hand.
const SEATS: usize = 3;

/// Go-Stop among three, one hand between seats 0, 1 and 2 ([`Seat::A`], who leads, then
/// [`Seat::B`] and [`Seat::C`] in turn order), under any [`GoStopRules`] (preset
/// [`GoStopRules::standard`]).
///
/// - **Ids**: Matgo's 164 ([`crate::matgo::MatgoEnv`] has the table: play, shake, bomb,
///   flip-only, choose a floor card, gukjin yeol / ssangpi, go, stop, chongtong), a card `c`
///   being its hwatu-core index (`Card::index`). The mask is the game's
///   [`hwatu_core::LegalSet`].
/// - **Observation** `[20, 50]` `u8`, one column per card, seen by `seat`; "next" is the
///   seat after it in turn order (`(seat + 1) % 3`) and "last" the one after that
///   (`(seat + 2) % 3`). Only what [`GoStop::view`] shows the seat is read:
///
///   | plane | a 1 at card `c` means |
///   |---|---|
///   | 0 | `c` is in the seat's hand |
///   | 1 | `c` is on the floor |
///   | 2, 3, 4 | the seat / next / last captured `c` |
///   | 5, 6 | next / last showed `c` by shaking and still holds it |
///   | 7 | `c` was played or flipped and waits for a floor-card choice |
///   | 8 | `c` is one of the two floor cards the seat must choose between |
///   | 9, 10, 11 | `c` is in a ppuk pile of the seat / next / last |
///   | 12, 13, 14 | the seat / next / last passed over `c` |
///   | 15, 16, 17 | the seat / next / last discarded `c` (played it matching nothing) |
///   | 18 | the seat has not seen `c` (the other two hands but their shown cards, and the stock) |
///   | 19 | scalars in columns 0..38 (counts saturate at 255): column `3 i + k` is value `i` of seat `k` (0 the seat, 1 next, 2 last), the values being base score, goes, shakes, bombs, ppuk, flip-only credits, turns, instant points received (0..24); 24, 25 next's / last's hand size; 26 stock size; 27 the seat is to move; 28..32 the decision: play, choose, gukjin, go/stop; 32 gukjin counted as ssangpi; 33, 34 next / last is to move; 35, 36, 37 the seat / next / last led the hand |
///
///   Planes 0 to 18 and columns 0 to 32 are Matgo's planes and columns for three seats
///   (Matgo's plane `k` for the opponent becomes two planes, next and last).
/// - **Rewards** at the end, in points at a stake of 1 a point (money per hand):
///   [`hwatu_core::GoStopSettlement::transfers`]`(1)` of [`GoStop::settle`] under the
///   environment's rules with a nagari multiplier of 1, i.e. what each seat receives or pays
///   for the hand's result (each loser's share with its own baks, or the dokbak payer paying
///   for both) and for the early payments (an early ppuk, the first ttadak: half from each
///   opponent). A nagari pays only the early payments. Zero-sum. Entry 3 of [`Rewards`] is always 0.
/// - **Seed:** the deck (48 month cards and the rules' bonus cards in canonical order,
///   [`Deck::of`]) is shuffled by [`crate::seed::shuffle`] from
///   `SplitMix64::new(derive(seed, k))` for `k = 0, 1, ...` and dealt by
///   [`GoStop::from_deck`] with seat 0 leading (7 cards a hand, 6 to the floor, the rest the
///   stock, as [`hwatu_core::Deal::three_from_deck`]); a deal that is refused (four of a month
///   on the floor under `FloorFour::Redeal`) or that ends at once (a chongtong at the deal) is
///   skipped for the next `k`, as [`crate::matgo::MatgoEnv`] does, so every episode has a
///   decision.
/// - **Bound:** at most 256 decisions, Matgo's bound (three hands of 7 cards begin at most 21
///   turns, a bonus card played from the hand being replaced and a bomb's extra cards made
///   up by flip-only turns; each turn takes at most 5 decisions: play, two floor choices,
///   gukjin, go/stop; with the bonus-card plays, about 110 at most). The conformance suite
///   checks the bound on every episode.
/// - **Bots:** [`crate::RandomAgent`], and any hwatu-core bot of Go-Stop
///   (`hwatu_core::bot::Bot<SeatView>`: its `TutorialBot`, `RandomBot`, `SearchBot`) through
///   [`crate::bots::BotAgent`], which gives it the seat's [`GoStop::view`].
/// - **Snapshots** (feature `serde`) are written as the rules, the deck and the actions
///   (`{"rules", "deck", "history"}`: the hand is their replay, not written), and read back by
///   dealing the deck and replaying the actions; [`EnvError::Snapshot`] when the deck is not
///   the rules' deck or an action is refused.
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GoStopSnapshot"))]
pub struct GoStopEnv {
    /// The hand (and in it the turn's rules), the deck dealt, the actions and the legal ids.
    table: HwatuTable<Seat, SEATS>,
    /// The rules of the table: the turn's (the hand's own) and the settlement's.
    rules: GoStopRules,
}

/// `GoStopEnv { game, rules, deck, history, legal }`.
impl fmt::Debug for GoStopEnv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.table.fmt_debug(f, "GoStopEnv", Some(&self.rules))
    }
}

/// `{"rules", "deck", "history"}`: the hand is their replay.
#[cfg(feature = "serde")]
impl serde::Serialize for GoStopEnv {
    fn serialize<Ser: serde::Serializer>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error> {
        let rules = ("rules", &self.rules);
        self.table.serialize(serializer, "GoStopEnv", rules, false)
    }
}

/// What a [`GoStopEnv`] snapshot is rebuilt from.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct GoStopSnapshot {
    rules: GoStopRules,
    deck: Vec<Card>,
    history: Vec<Action>,
}

#[cfg(feature = "serde")]
impl TryFrom<GoStopSnapshot> for GoStopEnv {
    type Error = EnvError;

    /// The hand dealt from the deck (which must be the rules' whole deck) with the actions
    /// replayed.
    fn try_from(snapshot: GoStopSnapshot) -> Result<GoStopEnv, EnvError> {
        let GoStopSnapshot {
            rules,
            deck,
            history,
        } = snapshot;
        use hwatu_core::CardSet;
        let full = Deck::of(&rules.rules);
        let cards: CardSet = deck.iter().copied().collect();
        let wanted: CardSet = full.cards().iter().copied().collect();
        if deck.len() != full.cards().len() || cards != wanted {
            return Err(EnvError::snapshot(
                "deck",
                format!(
                    "is not the {} cards of the rules' deck, each once",
                    full.cards().len()
                ),
            ));
        }
        let table = HwatuTable::replayed(rules.rules, Seat::A, deck, history)?;
        Ok(GoStopEnv { table, rules })
    }
}

impl GoStopEnv {
    /// A hand under `rules`, dealt from seed 0.
    ///
    /// # Errors
    /// [`EnvError::Config`] when no deal of the seed's sequence gives a hand with a decision
    /// (rules under which every deal ends at once).
    pub fn new(rules: GoStopRules) -> Result<GoStopEnv, EnvError> {
        let table = HwatuTable::new(rules.rules, Seat::A, "hand")?;
        Ok(GoStopEnv { table, rules })
    }

    /// The hand being played.
    #[must_use]
    pub fn game(&self) -> &GoStop {
        &self.table.game
    }

    /// The rules of the table (the turn's and the settlement's).
    #[must_use]
    pub fn rules(&self) -> &GoStopRules {
        &self.rules
    }
}

/// The terminal rewards of `game` under `rules`: each seat's transfer at a stake of 1 a
/// point, zero-sum.
fn final_rewards(game: &GoStop, rules: &GoStopRules) -> Rewards {
    let mut rewards = [0.0; MAX_PLAYERS];
    if let Some(settlement) = game.settle(rules, 1) {
        for (r, t) in rewards.iter_mut().zip(settlement.transfers(1)) {
            *r = t as f32;
        }
    }
    rewards
}

impl Env for GoStopEnv {
    type Action = Action;

    fn num_players(&self) -> usize {
        SEATS
    }

    fn num_actions(&self) -> usize {
        GOSTOP_ACTIONS
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![GOSTOP_PLANES, COLUMNS]
    }

    fn observation_len(&self) -> usize {
        GOSTOP_PLANES * COLUMNS
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
        let (seats, at) = self.table.write_observation(seat, out)?;
        // The columns of three seats after Matgo's: who else is to move, who led.
        if let Some(scalars) = out.as_chunks_mut::<COLUMNS>().0.last_mut() {
            let to_move = self.game().to_move();
            scalars[at] = u8::from(to_move == Some(seats[1]));
            scalars[at + 1] = u8::from(to_move == Some(seats[2]));
            let first = self.game().first();
            for (k, &s) in seats.iter().enumerate() {
                scalars[at + 2 + k] = u8::from(first == s);
            }
        }
        Ok(())
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        self.table.step(id, |game| final_rewards(game, &self.rules))
    }

    fn returns(&self) -> Option<Rewards> {
        self.table.returns(|game| final_rewards(game, &self.rules))
    }

    fn max_episode_decisions(&self) -> usize {
        GOSTOP_MAX_DECISIONS
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

    /// Redeals the cards `seat` has not seen (the other two hands but the cards they showed
    /// by shaking, and the stock) among their places in the deck, and replays every action;
    /// a redeal the history cannot be replayed on is drawn again, up to 16 times.
    fn determinize(&self, seat: usize, seed: u64) -> Option<GoStopEnv> {
        let table = self.table.determinize(seat, seed)?;
        Some(GoStopEnv {
            table,
            rules: self.rules,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hwatu::encode;
    use crate::seed::SplitMix64;
    use hwatu_core::{Card, CardSet};

    fn env() -> GoStopEnv {
        GoStopEnv::new(GoStopRules::standard()).unwrap()
    }

    /// Every entry is written (buffers filled with 0 and with 0xAA come out equal), and the
    /// scalar plane holds the seat's base score, the stock size, who is to move and who led,
    /// relative to the seat.
    #[test]
    fn every_plane_is_written() {
        let mut env = env();
        let mut checked = 0;
        let len = GOSTOP_PLANES * COLUMNS;
        for seed in 0..40 {
            env.reset(seed);
            while let Some(mover) = env.to_move() {
                for seat in 0..SEATS {
                    let (mut zeros, mut filled) = (vec![0; len], vec![0xAA; len]);
                    env.write_observation(seat, &mut zeros).unwrap();
                    env.write_observation(seat, &mut filled).unwrap();
                    assert_eq!(zeros, filled);
                    let scalars = &zeros[19 * COLUMNS..];
                    let game = env.game();
                    let me = Seat::new(seat).unwrap();
                    assert_eq!(u32::from(scalars[0]), game.score(me).total().min(255));
                    assert_eq!(usize::from(scalars[26]), game.stock().len());
                    let next = Seat::new((seat + 1) % 3).unwrap();
                    assert_eq!(usize::from(scalars[24]), game.hand(next).len());
                    let moving = [27, 33, 34].map(|c| scalars[c]);
                    let relative = (mover + 3 - seat) % 3;
                    assert_eq!(moving, [0, 1, 2].map(|k| u8::from(k == relative)));
                    let led = [35, 36, 37].map(|c| scalars[c]);
                    assert_eq!(led, [0, 2, 1].map(|k| u8::from(k == seat)));
                    let asked = scalars[28..32].iter().filter(|&&v| v == 1).count();
                    assert_eq!(asked, usize::from(seat == mover));
                    assert!(scalars[38..].iter().all(|&v| v == 0));
                    checked += 1;
                }
                let legal = env.legal_actions();
                env.step(encode(legal[checked % legal.len()])).unwrap();
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// The seat's own cards and the public cards are where the game has them: the hand,
    /// the floor and each capture pile in the seat's order.
    #[test]
    fn card_planes_are_relative_to_the_seat() {
        let mut env = env();
        let mut rng = SplitMix64::new(3);
        let mut obs = vec![0; GOSTOP_PLANES * COLUMNS];
        let plane = |obs: &[u8], p: usize| -> CardSet {
            (0..COLUMNS)
                .filter(|&c| obs[p * COLUMNS + c] == 1)
                .filter_map(|c| Card::from_index(c as u8))
                .collect()
        };
        for _ in 0..30 {
            if env.to_move().is_none() {
                env.reset(rng.next_u64());
            }
            for seat in 0..SEATS {
                env.write_observation(seat, &mut obs).unwrap();
                let game = env.game();
                let at = |k: usize| Seat::new((seat + k) % 3).unwrap();
                assert_eq!(plane(&obs, 0), game.hand(at(0)));
                assert_eq!(plane(&obs, 1), game.floor());
                for k in 0..3 {
                    assert_eq!(plane(&obs, 2 + k), game.captured(at(k)));
                }
                let held = |k| game.hand(at(k)) - game.shown(at(k));
                let stock: CardSet = game.stock().iter().copied().collect();
                assert_eq!(plane(&obs, 18), held(1) | held(2) | stock);
            }
            let legal = env.legal_actions();
            let pick = rng.below(legal.len() as u64) as usize;
            env.step(encode(legal[pick])).unwrap();
        }
    }

    /// A redeal of what a seat cannot see changes the other hands (the check is not
    /// vacuous) and leaves the seat's observation, and the mover's mask, as they were.
    #[test]
    fn observations_hide_the_other_hands_and_the_stock() {
        let mut env = env();
        let mut rng = SplitMix64::new(8);
        let len = GOSTOP_PLANES * COLUMNS;
        let (mut here, mut there) = (vec![0; len], vec![0; len]);
        let (mut mask, mut other_mask) = (vec![0; GOSTOP_ACTIONS], vec![0; GOSTOP_ACTIONS]);
        let (mut compared, mut changed) = (0, 0);
        for seed in 0..30 {
            env.reset(seed);
            while let Some(mover) = env.to_move() {
                for seat in 0..SEATS {
                    let Some(other) = env.determinize(seat, rng.next_u64()) else {
                        continue;
                    };
                    env.write_observation(seat, &mut here).unwrap();
                    other.write_observation(seat, &mut there).unwrap();
                    assert_eq!(here, there, "seed {seed}, seat {seat}");
                    let s = Seat::new(seat).unwrap();
                    assert_eq!(other.game().hand(s), env.game().hand(s));
                    let lens =
                        |e: &GoStopEnv| [Seat::A, Seat::B, Seat::C].map(|k| e.game().hand(k).len());
                    assert_eq!(lens(&other), lens(&env));
                    let hands =
                        |e: &GoStopEnv| [Seat::A, Seat::B, Seat::C].map(|k| e.game().hand(k));
                    let stock = |e: &GoStopEnv| e.game().stock().to_vec();
                    if hands(&other) != hands(&env) || stock(&other) != stock(&env) {
                        changed += 1;
                    }
                    if seat == mover {
                        env.write_action_mask(&mut mask).unwrap();
                        other.write_action_mask(&mut other_mask).unwrap();
                        assert_eq!(mask, other_mask);
                    }
                    compared += 1;
                }
                let legal = env.legal_actions();
                let pick = rng.below(legal.len() as u64) as usize;
                env.step(encode(legal[pick])).unwrap();
            }
        }
        assert!(
            compared > 1000 && changed * 2 > compared,
            "{compared} {changed}"
        );
    }

    /// The returns are the settlement's transfers at 1 a point, zero-sum, and the winner's
    /// is positive when it did not pay early payments on the way.
    #[test]
    fn returns_are_the_settlement_transfers() {
        let mut env = env();
        let mut rng = SplitMix64::new(5);
        let mut wins = 0;
        for seed in 0..200 {
            env.reset(seed);
            while env.to_move().is_some() {
                let legal = env.legal_actions();
                let pick = rng.below(legal.len() as u64) as usize;
                env.step(encode(legal[pick])).unwrap();
            }
            let returns = env.returns().unwrap();
            let settlement = env.game().settle(&GoStopRules::standard(), 1).unwrap();
            let transfers = settlement.transfers(1).map(|t| t as f32);
            assert_eq!(returns[..3], transfers, "seed {seed}");
            assert_eq!(returns[3].to_bits(), 0.0f32.to_bits());
            assert_eq!(returns.iter().sum::<f32>(), 0.0);
            if let Some(w) = settlement.winner() {
                if settlement.instant_points == [0; 3] {
                    assert!(returns[w.index()] > 0.0, "seed {seed}: {returns:?}");
                }
                wins += 1;
            }
        }
        assert!(wins > 50, "{wins}");
    }

    /// Bad seats and ids are typed errors, never a panic.
    #[test]
    fn bad_seats_and_ids_are_refused() {
        let mut env = env();
        let mut obs = vec![0; GOSTOP_PLANES * COLUMNS];
        for seat in [3, 4, 5, usize::MAX] {
            assert!(matches!(
                env.write_observation(seat, &mut obs),
                Err(EnvError::NoSuchSeat { .. })
            ));
            assert!(env.determinize(seat, 1).is_none());
            assert!(matches!(
                env.step_as(seat, 0),
                Err(EnvError::NoSuchSeat { .. })
            ));
        }
        for id in [164, 1000, u32::MAX] {
            assert!(matches!(env.step(id), Err(EnvError::IdOutOfRange { .. })));
        }
        let bad = Action::Bomb { month: 13 };
        assert!(matches!(env.id_of(&bad), Err(EnvError::NoId { .. })));
    }
}
