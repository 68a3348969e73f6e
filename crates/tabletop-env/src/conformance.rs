//! The conformance suite, generic over [`Env`]: every environment of every game and variant
//! runs the same checks (`tests/conformance.rs` calls [`check`] for each).
//!
//! [`check`] plays random episodes (uniform over the mask, from [`SplitMix64`]) and checks, at
//! every decision:
//! 1. the mask equals the game crate's legal actions: `id_of` maps the crate's legal actions
//!    one to one onto the mask's 1 entries, and `action_of` maps each back;
//! 2. every masked-out id and every out-of-range id is refused with the typed error, and the
//!    state (its `Debug` form, which shows everything) is unchanged;
//! 3. a step for the wrong seat or a seat that does not exist, and buffers of the wrong
//!    length, are refused and change nothing;
//! 4. a seat's observation and (for the seat to move) its mask are the same in a state where
//!    only what that seat cannot see was redealt ([`Env::determinize`]);
//! 5. a snapshot taken at the decision continues identically: a clone for [`check`], any
//!    round trip (through serde, say) for [`check_with`];
//!
//! and per episode: the same seed and actions give the same trajectory, the episode ends
//! within [`Env::max_episode_decisions`], the returns are `None` before the end and then the
//! sum of the step rewards, zero-sum where [`Env::is_zero_sum`], a step after the end is
//! refused with [`EnvError::GameOver`]. The batch's equivalence with single environments is
//! [`crate::VecEnv`]'s own check, [`check_batch`].

use std::fmt::Debug;

use thiserror::Error;

use crate::seed::{SplitMix64, derive};
use crate::{Env, EnvError, Rewards, random_legal_id};

/// A violated property, with where it happened.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("conformance failure at episode seed {seed}, decision {decision}: {check}: {detail}")]
pub struct Failure {
    /// The seed of the episode.
    pub seed: u64,
    /// How many decisions had been made in the episode.
    pub decision: usize,
    /// Which check failed.
    pub check: &'static str,
    /// What was seen.
    pub detail: String,
}

/// What a passing run covered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Report {
    /// Episodes played.
    pub episodes: usize,
    /// Decisions checked.
    pub decisions: usize,
    /// Decisions where a determinization was compared (0 for perfect-information games).
    pub hidden_checks: usize,
}

/// One episode in progress: where a failure is reported from.
struct Probe {
    seed: u64,
    decision: usize,
}

impl Probe {
    fn fail(&self, check: &'static str, detail: impl Into<String>) -> Failure {
        Failure {
            seed: self.seed,
            decision: self.decision,
            check,
            detail: detail.into(),
        }
    }

    fn ensure(
        &self,
        ok: bool,
        check: &'static str,
        detail: impl FnOnce() -> String,
    ) -> Result<(), Failure> {
        if ok {
            Ok(())
        } else {
            Err(self.fail(check, detail()))
        }
    }
}

/// Runs the whole suite on `episodes` random episodes, the `k`-th reset with seed
/// `derive(seed, k)`; the snapshot of check 5 is a clone.
///
/// # Errors
/// The first [`Failure`] found.
pub fn check<E>(env: &E, episodes: usize, seed: u64) -> Result<Report, Failure>
where
    E: Env + Debug,
    E::Action: PartialEq,
{
    check_with(env, episodes, seed, &E::clone)
}

/// [`check`] with the snapshot of check 5 made by `snapshot` (a serde round trip, say): at
/// every decision the environment `snapshot` returns must continue as the original does.
///
/// # Errors
/// The first [`Failure`] found.
pub fn check_with<E>(
    env: &E,
    episodes: usize,
    seed: u64,
    snapshot: &dyn Fn(&E) -> E,
) -> Result<Report, Failure>
where
    E: Env + Debug,
    E::Action: PartialEq,
{
    let mut report = Report::default();
    for k in 0..episodes {
        let episode_seed = derive(seed, k as u64);
        let trajectory = check_episode(env, episode_seed, snapshot, &mut report)?;
        report.episodes += 1;
        let replay = play_ids(env, episode_seed, &trajectory.ids);
        let probe = Probe {
            seed: episode_seed,
            decision: trajectory.ids.len(),
        };
        probe.ensure(
            replay == trajectory.fingerprints,
            "same seed, same trajectory",
            || "a replay of the same ids from the same seed differed".to_string(),
        )?;
    }
    Ok(report)
}

/// The ids played and the state after each (as `Debug` text), for the replay check.
struct Trajectory {
    ids: Vec<u32>,
    fingerprints: Vec<String>,
}

fn play_ids<E: Env + Debug>(template: &E, seed: u64, ids: &[u32]) -> Vec<String> {
    let mut env = template.clone();
    env.reset(seed);
    ids.iter()
        .map(|&id| {
            let _ = env.step(id);
            format!("{env:?}")
        })
        .collect()
}

fn check_episode<E>(
    template: &E,
    seed: u64,
    snapshot: &dyn Fn(&E) -> E,
    report: &mut Report,
) -> Result<Trajectory, Failure>
where
    E: Env + Debug,
    E::Action: PartialEq,
{
    let mut env = template.clone();
    env.reset(seed);
    let mut rng = SplitMix64::new(derive(seed, 0x5EED));
    let mut probe = Probe { seed, decision: 0 };
    let mut mask = vec![0u8; env.num_actions()];
    let mut summed: Rewards = [0.0; crate::MAX_PLAYERS];
    let mut trajectory = Trajectory {
        ids: Vec::new(),
        fingerprints: Vec::new(),
    };
    while let Some(seat) = env.to_move() {
        probe.ensure(
            probe.decision < env.max_episode_decisions(),
            "episode bound",
            || format!("more than {} decisions", env.max_episode_decisions()),
        )?;
        probe.ensure(env.returns().is_none(), "returns before the end", || {
            "returns() is Some before the episode ended".to_string()
        })?;
        env.write_action_mask(&mut mask)
            .map_err(|e| probe.fail("mask", e.to_string()))?;
        check_mask_matches_legal_actions(&env, &mask, &probe)?;
        check_refusals(&mut env, seat, &mask, &probe)?;
        report.hidden_checks += check_hidden(&env, &mask, &probe, &mut rng)?;
        let id = random_legal_id(&mask, &mut rng);
        check_snapshot(&env, snapshot, id, &probe, &mut rng)?;
        let step = env
            .step(id)
            .map_err(|e| probe.fail("step of a legal id", e.to_string()))?;
        for (s, r) in summed.iter_mut().zip(step.rewards) {
            *s += r;
        }
        probe.ensure(
            step.terminated == env.is_terminal() && step.to_move == env.to_move(),
            "step outcome",
            || format!("{step:?} disagrees with the state"),
        )?;
        trajectory.ids.push(id);
        trajectory.fingerprints.push(format!("{env:?}"));
        probe.decision += 1;
        report.decisions += 1;
    }
    check_end(&mut env, summed, &probe)?;
    Ok(trajectory)
}

/// Check 1: the mask and the crate's legal actions are the same set, through ids.
fn check_mask_matches_legal_actions<E>(env: &E, mask: &[u8], probe: &Probe) -> Result<(), Failure>
where
    E: Env,
    E::Action: PartialEq,
{
    let legal = env.legal_actions();
    let mut from_actions = vec![0u8; mask.len()];
    for action in &legal {
        let id = env
            .id_of(action)
            .map_err(|e| probe.fail("id_of a legal action", format!("{action:?}: {e}")))?;
        let slot = from_actions
            .get_mut(id as usize)
            .ok_or_else(|| probe.fail("id range", format!("{action:?} -> {id}")))?;
        probe.ensure(*slot == 0, "one id per legal action", || {
            format!("two legal actions share id {id}")
        })?;
        *slot = 1;
        let back = env
            .action_of(id)
            .map_err(|e| probe.fail("action_of a legal id", e.to_string()))?;
        probe.ensure(back == *action, "id <-> action bijection", || {
            format!("{action:?} -> {id} -> {back:?}")
        })?;
    }
    probe.ensure(
        from_actions == mask,
        "mask equals the legal actions",
        || {
            let extra: Vec<usize> = (0..mask.len())
                .filter(|&i| mask[i] != from_actions[i])
                .collect();
            format!("ids where they differ: {extra:?}")
        },
    )?;
    probe.ensure(!legal.is_empty(), "a decision has a legal action", || {
        "empty".to_string()
    })
}

/// Checks 2 and 3: refused calls, each with its error, and the state unchanged.
fn check_refusals<E: Env + Debug>(
    env: &mut E,
    seat: usize,
    mask: &[u8],
    probe: &Probe,
) -> Result<(), Failure> {
    let before = format!("{env:?}");
    let n = env.num_actions();
    for id in (0u32..).take(n).filter(|&id| mask[id as usize] == 0) {
        expect(
            env.step(id),
            |e| matches!(e, EnvError::IllegalAction { .. }),
            probe,
            "masked-out id",
        )?;
        expect(
            env.action_of(id),
            |e| matches!(e, EnvError::IllegalAction { .. }),
            probe,
            "action_of a masked-out id",
        )?;
    }
    for id in [n as u32, u32::MAX] {
        expect(
            env.step(id),
            |e| matches!(e, EnvError::IdOutOfRange { .. }),
            probe,
            "out-of-range id",
        )?;
    }
    let players = env.num_players();
    let legal = (0u32..)
        .zip(mask)
        .find(|(_, m)| **m != 0)
        .map_or(0, |(id, _)| id);
    for other in (0..players).filter(|&s| s != seat) {
        expect(
            env.step_as(other, legal),
            |e| matches!(e, EnvError::WrongSeat { .. }),
            probe,
            "wrong seat",
        )?;
    }
    expect(
        env.step_as(players, legal),
        |e| matches!(e, EnvError::NoSuchSeat { .. }),
        probe,
        "no such seat",
    )?;
    check_buffers(env, probe)?;
    probe.ensure(
        format!("{env:?}") == before,
        "state unchanged by refused calls",
        || "a refused call changed the state".to_string(),
    )
}

fn check_buffers<E: Env>(env: &E, probe: &Probe) -> Result<(), Failure> {
    let (n, len, players) = (env.num_actions(), env.observation_len(), env.num_players());
    for bad in [0, n - 1, n + 1] {
        expect(
            env.write_action_mask(&mut vec![0; bad]),
            |e| matches!(e, EnvError::BufferLength { .. }),
            probe,
            "mask buffer length",
        )?;
    }
    for bad in [0, len - 1, len + 1] {
        expect(
            env.write_observation(0, &mut vec![0; bad]),
            |e| matches!(e, EnvError::BufferLength { .. }),
            probe,
            "observation buffer length",
        )?;
    }
    expect(
        env.write_observation(players, &mut vec![0; len]),
        |e| matches!(e, EnvError::NoSuchSeat { .. }),
        probe,
        "observation of no such seat",
    )
}

fn expect<T: Debug>(
    result: Result<T, EnvError>,
    wanted: impl Fn(&EnvError) -> bool,
    probe: &Probe,
    check: &'static str,
) -> Result<(), Failure> {
    match result {
        Err(e) if wanted(&e) => Ok(()),
        other => Err(probe.fail(check, format!("got {other:?}"))),
    }
}

/// Check 4: every seat's observation, and the mover's mask, survive a redeal of what the seat
/// cannot see. Returns how many comparisons were made.
fn check_hidden<E: Env>(
    env: &E,
    mask: &[u8],
    probe: &Probe,
    rng: &mut SplitMix64,
) -> Result<usize, Failure> {
    let mut compared = 0;
    let len = env.observation_len();
    let (mut here, mut there) = (vec![0u8; len], vec![0u8; len]);
    for seat in 0..env.num_players() {
        let Some(other) = env.determinize(seat, rng.next_u64()) else {
            continue;
        };
        env.write_observation(seat, &mut here)
            .map_err(|e| probe.fail("observation", e.to_string()))?;
        other
            .write_observation(seat, &mut there)
            .map_err(|e| probe.fail("observation", e.to_string()))?;
        probe.ensure(
            here == there,
            "observation hides what the seat cannot see",
            || {
                let at: Vec<usize> = (0..len).filter(|&i| here[i] != there[i]).collect();
                format!(
                    "seat {seat}: entries {at:?} differ after a redeal of its unseen information"
                )
            },
        )?;
        probe.ensure(
            other.to_move() == env.to_move(),
            "determinization keeps the turn",
            || format!("seat {seat}"),
        )?;
        if env.to_move() == Some(seat) {
            let mut other_mask = vec![0u8; mask.len()];
            other
                .write_action_mask(&mut other_mask)
                .map_err(|e| probe.fail("mask", e.to_string()))?;
            probe.ensure(
                other_mask == mask,
                "mask hides what the seat cannot see",
                || format!("seat {seat}"),
            )?;
        }
        compared += 1;
    }
    Ok(compared)
}

/// Check 5: a snapshot continues exactly as the original (the same step results and the same
/// state, `Debug`, after each step), for a few random decisions.
fn check_snapshot<E: Env + Debug>(
    env: &E,
    snapshot: &dyn Fn(&E) -> E,
    id: u32,
    probe: &Probe,
    rng: &mut SplitMix64,
) -> Result<(), Failure> {
    let (mut a, mut b) = (env.clone(), snapshot(env));
    let mut mask = vec![0u8; env.num_actions()];
    let mut next = id;
    for _ in 0..4 {
        let (ra, rb) = (a.step(next), b.step(next));
        probe.ensure(
            ra == rb && format!("{a:?}") == format!("{b:?}"),
            "snapshot continues identically",
            || format!("{ra:?} vs {rb:?}"),
        )?;
        if a.is_terminal() || a.write_action_mask(&mut mask).is_err() {
            break;
        }
        next = random_legal_id(&mask, rng);
    }
    Ok(())
}

/// The end: returns, zero sum, refusals after the end, observations still written.
fn check_end<E: Env + Debug>(env: &mut E, summed: Rewards, probe: &Probe) -> Result<(), Failure> {
    let returns = env
        .returns()
        .ok_or_else(|| probe.fail("returns at the end", "None"))?;
    probe.ensure(returns == summed, "returns are the summed rewards", || {
        format!("{returns:?} vs {summed:?}")
    })?;
    if env.is_zero_sum() {
        let total: f32 = returns.iter().sum();
        probe.ensure(total.abs() < 1e-3, "zero-sum returns", || {
            format!("{returns:?}")
        })?;
    }
    let before = format!("{env:?}");
    expect(
        env.step(0),
        |e| matches!(e, EnvError::GameOver),
        probe,
        "step after the end",
    )?;
    let mut mask = vec![1u8; env.num_actions()];
    env.write_action_mask(&mut mask)
        .map_err(|e| probe.fail("mask at the end", e.to_string()))?;
    probe.ensure(
        mask.iter().all(|&m| m == 0),
        "empty mask at the end",
        || "a 1 entry".to_string(),
    )?;
    probe.ensure(
        env.legal_actions().is_empty(),
        "no legal actions at the end",
        || "some".to_string(),
    )?;
    let mut obs = vec![0u8; env.observation_len()];
    for seat in 0..env.num_players() {
        env.write_observation(seat, &mut obs)
            .map_err(|e| probe.fail("observation at the end", e.to_string()))?;
    }
    probe.ensure(
        format!("{env:?}") == before,
        "state unchanged after the end",
        String::new,
    )
}

/// The batch gives the same results as `n` single environments: a [`crate::VecEnv`] of `n`
/// copies on 1, 2 and 3 threads and `n` clones stepped one by one (with the documented reset
/// seeds) write identical buffers for `steps` batch steps of random legal ids.
///
/// # Errors
/// A [`Failure`] (its `seed` is `seed`, its `decision` the batch step).
pub fn check_batch<E: Env>(template: &E, n: usize, seed: u64, steps: usize) -> Result<(), Failure> {
    let mut probe = Probe { seed, decision: 0 };
    let make =
        |threads| crate::VecEnv::new(template, n, seed, threads).map_err(|e| probe_fail(seed, e));
    let mut batches = [make(1)?, make(2)?, make(3)?];
    let mut singles: Vec<E> = batches[0].envs().cloned().collect();
    let mut episodes = vec![0u64; n];
    let (obs, actions, players) = (
        template.observation_len(),
        template.num_actions(),
        template.num_players(),
    );
    let mut buffers = (0..=batches.len())
        .map(|_| crate::OwnedBatchBuffers::new(n, obs, actions, players))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| probe_fail(seed, e))?;
    let mut rng = SplitMix64::new(seed);
    let mut ids = vec![0u32; n];
    for (batch, buf) in batches.iter().zip(buffers.iter_mut()) {
        batch
            .observe(buf.view())
            .map_err(|e| probe.fail("batch observe", e.to_string()))?;
    }
    for step in 0..steps {
        probe.decision = step;
        for (i, env) in singles.iter_mut().enumerate() {
            let mut mask = vec![0u8; actions];
            env.write_action_mask(&mut mask)
                .map_err(|e| probe.fail("mask", e.to_string()))?;
            ids[i] = random_legal_id(&mask, &mut rng);
            let expected = &mut buffers[0];
            let out = env
                .step(ids[i])
                .map_err(|e| probe.fail("single step", e.to_string()))?;
            expected.rewards[i * players..(i + 1) * players]
                .copy_from_slice(&out.rewards[..players]);
            expected.terminated[i] = u8::from(out.terminated);
            if out.terminated {
                episodes[i] += 1;
                env.reset(crate::seed::episode_seed(seed, i as u64, episodes[i]));
            }
            let seat = env.to_move().unwrap_or(0);
            expected.to_move[i] = seat as u8;
            env.write_observation(seat, &mut expected.observations[i * obs..(i + 1) * obs])
                .and_then(|()| {
                    env.write_action_mask(&mut expected.masks[i * actions..(i + 1) * actions])
                })
                .map_err(|e| probe.fail("single write", e.to_string()))?;
        }
        let (expected, rest) = buffers.split_at_mut(1);
        for (threads, (batch, got)) in batches.iter_mut().zip(rest.iter_mut()).enumerate() {
            batch
                .step(&ids, got.view())
                .map_err(|e| probe.fail("batch step", e.to_string()))?;
            probe.ensure(
                *got == expected[0],
                "batch equals single environments",
                || format!("{} thread(s)", threads + 1),
            )?;
        }
    }
    Ok(())
}

fn probe_fail(seed: u64, e: EnvError) -> Failure {
    Probe { seed, decision: 0 }.fail("batch construction", e.to_string())
}
