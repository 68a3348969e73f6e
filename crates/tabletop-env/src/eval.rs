//! Duplicate evaluation: agents over the same seeded deals with the seats rotated.

use crate::seed::derive;
use crate::{Agent, Env, EnvError};

/// One agent's result.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentResult {
    /// The agent's name.
    pub name: String,
    /// Its mean return per game, in the game's reward unit.
    pub mean: f64,
    /// The half-width of the 95% confidence interval of the mean (normal approximation over
    /// deals: `1.96 * sd / sqrt(deals)`, the deal being the independent unit).
    pub ci95: f64,
    /// The games it played (each deal, every rotation it sat in).
    pub games: usize,
}

/// The result of [`duplicate`], one entry per agent in the order given.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// The deals played.
    pub deals: usize,
    /// Each agent's result.
    pub agents: Vec<AgentResult>,
}

/// Plays `deals` seeded deals; deal `d` is reset with `derive(seed, d)` once per rotation.
///
/// `seating[s]` is the agent (an index into `agents`) at seat `s` in the first rotation: e.g.
/// `[0, 1]` for two agents at a two-seat game, `[0, 1, 1, 1]` for one agent against three
/// copies of another at mahjong (as Mortal evaluates). Rotation `r` (`0..num_players`) seats
/// `seating[(s + r) % n]` at seat `s`, so every agent meets every deal from every seat it
/// can hold. An agent's score for a deal is its mean return over the seats it held in the
/// deal's rotations; its `mean` is the average over deals and `ci95` comes from their spread.
/// Before each game each agent is reset with `derive(deal seed, rotation)`.
///
/// # Errors
/// [`EnvError::Config`] when `seating` has not one entry per seat or names a missing agent,
/// or `deals` is 0; [`EnvError::AgentError`] when an agent chooses an illegal id.
pub fn duplicate<E: Env>(
    template: &E,
    agents: &mut [&mut dyn Agent<E>],
    seating: &[usize],
    deals: usize,
    seed: u64,
) -> Result<Evaluation, EnvError> {
    let n = template.num_players();
    let config = |reason: String| Err(EnvError::Config { reason });
    if seating.len() != n || seating.iter().any(|&a| a >= agents.len()) {
        return config(format!(
            "seating {seating:?} must give each of {n} seats one of {} agents",
            agents.len()
        ));
    }
    if deals == 0 {
        return config("at least one deal".to_string());
    }
    let mut per_deal = vec![Vec::with_capacity(deals); agents.len()];
    let mut games = vec![0usize; agents.len()];
    for d in 0..deals {
        let deal_seed = derive(seed, d as u64);
        let (mut sum, mut count) = (vec![0f64; agents.len()], vec![0usize; agents.len()]);
        for r in 0..n {
            let seats: Vec<usize> = (0..n).map(|s| seating[(s + r) % n]).collect();
            let returns = play_game(template, agents, &seats, deal_seed, r as u64)?;
            for (s, &a) in seats.iter().enumerate() {
                sum[a] += f64::from(returns[s]);
                count[a] += 1;
            }
        }
        for a in 0..agents.len() {
            if count[a] > 0 {
                per_deal[a].push(sum[a] / count[a] as f64);
                games[a] += count[a];
            }
        }
    }
    let agents = agents
        .iter()
        .zip(per_deal)
        .zip(games)
        .map(|((agent, scores), games)| {
            let (mean, ci95) = mean_ci95(&scores);
            AgentResult {
                name: agent.name(),
                mean,
                ci95,
                games,
            }
        })
        .collect();
    Ok(Evaluation { deals, agents })
}

/// One game of a deal: `seats[s]` is the agent at seat `s`. Returns the returns by seat.
fn play_game<E: Env>(
    template: &E,
    agents: &mut [&mut dyn Agent<E>],
    seats: &[usize],
    deal_seed: u64,
    rotation: u64,
) -> Result<crate::Rewards, EnvError> {
    let mut env = template.clone();
    env.reset(deal_seed);
    for agent in agents.iter_mut() {
        agent.reset(derive(deal_seed, rotation));
    }
    while let Some(seat) = env.to_move() {
        let a = seats[seat];
        let id = agents[a].act(&env, seat);
        env.step_as(seat, id).map_err(|e| EnvError::AgentError {
            agent: a,
            id,
            reason: Box::new(e),
        })?;
    }
    env.returns().ok_or(EnvError::GameOver)
}

/// The mean and the 95% half-width `1.96 * sd / sqrt(n)` (0 for fewer than two values).
#[must_use]
pub fn mean_ci95(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}
