"""Masked PPO against a bot, on the Rust batch environment (Matgo, two-sided poker).

One file in the style of CleanRL's PPO: ``num_envs`` games stepped together by ``RawVecEnv``;
in slot ``i`` the learner holds seat ``i % 2`` and the bot the other, whose moves come from
``RawVecEnv.bot_actions``. The policy and the value are two MLPs in JAX (``log1p`` of the
``uint8`` observation, two hidden layers), trained with Optax's Adam on the clipped PPO loss;
illegal ids get a logit of ``-1e9``, so the policy never samples one. A learner's transition
runs from its decision to its next one (the bot's moves between them are the environment's),
and its reward is what the learner's seat received meanwhile; advantages are GAE(lambda).

Every ``--eval-every`` seconds the greedy policy plays a duplicate tournament against the bot
(``report``); the run writes ``curve.csv``, ``curve.png`` and ``params.npz`` under ``--out``.

    python python/examples/train/ppo.py --game matgo --opponent tutorial --minutes 60
    python python/examples/train/ppo.py --game poker --opponent counting --minutes 60

The same ``--seed`` gives the same run on a machine (the games, the samples and the updates);
a time budget (``--minutes``) stops after a number of updates that depends on the machine's
speed, ``--updates`` after a fixed number.
"""

import argparse
import dataclasses
import functools
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import optax

from tabletop_env import RawEnv, RawVecEnv, derive_seed
from tabletop_env import distributed

import imitation
import nets
import report

#: The seed of the evaluation deals: the same deals for every evaluation of every run.
EVAL_SEED = 2026


@dataclasses.dataclass(frozen=True)
class Config:
    """The run's settings: the README's runs used these defaults, with the game, the opponent
    and ``reward_scale`` as ``main`` sets them per game."""

    game: str = "matgo"
    opponent: str = "tutorial"
    num_envs: int = 64
    rollout: int = 64  # batch steps per rollout (about half of them the learner's)
    minibatch: int = 512
    epochs: int = 4
    lr: float = 3e-4
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5
    max_grad_norm: float = 0.5
    gamma: float = 1.0  # episodic games: returns are not discounted
    lam: float = 0.95
    reward_scale: float = 0.02  # the rewards' factor: Matgo's points are tens per game
    hidden: int = 256


# --- the networks ---------------------------------------------------------------------------

def init_params(key, observation_size, num_actions, hidden):
    """The actor (logits of ``num_actions`` ids) and the critic (the learner's return)."""
    actor, critic = jax.random.split(key)
    return {
        "actor": nets.init_mlp(actor, [observation_size, hidden, hidden, num_actions], 0.01),
        "critic": nets.init_mlp(critic, [observation_size, hidden, hidden, 1], 1.0),
    }


def policy(params, observations, masks):
    """``(logits, values)`` of a batch: observations ``uint8 (B, *observation_shape)``,
    masks ``uint8 (B, num_actions)``; masked-out ids get a logit of ``-1e9``."""
    x = nets.features(observations)
    return nets.masked(nets.mlp(params["actor"], x), masks), nets.mlp(params["critic"], x)[:, 0]


@jax.jit
def sample(params, observations, masks, key):
    """Sampled ids, their log-probabilities and the values, for a batch."""
    logits, values = policy(params, observations, masks)
    ids = jax.random.categorical(key, logits)
    logp = jnp.take_along_axis(jax.nn.log_softmax(logits), ids[:, None], 1)[:, 0]
    return ids, logp, values


@jax.jit
def values_of(params, observations, masks):
    return policy(params, observations, masks)[1]


@jax.jit
def greedy(params, observation, mask):
    """The most probable legal id for one observation."""
    return jnp.argmax(policy(params, observation[None], mask[None])[0][0])


def ppo_loss(params, batch, cfg):
    """The clipped PPO loss of a minibatch, and ``(policy, value, entropy)`` terms."""
    logits, values = policy(params, batch["obs"], batch["mask"])
    log_probs = jax.nn.log_softmax(logits)
    logp = jnp.take_along_axis(log_probs, batch["action"][:, None], 1)[:, 0]
    ratio = jnp.exp(logp - batch["logp"])
    adv = (batch["adv"] - batch["adv"].mean()) / (batch["adv"].std() + 1e-8)
    pg = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - cfg.clip, 1 + cfg.clip) * adv).mean()
    v = 0.5 * ((values - batch["ret"]) ** 2).mean()
    probs = jnp.exp(log_probs)
    entropy = -jnp.where(batch["mask"] > 0, probs * log_probs, 0.0).sum(1).mean()
    return pg + cfg.value_coef * v - cfg.entropy * entropy, (pg, v, entropy)


def optimizer(cfg):
    return optax.chain(optax.clip_by_global_norm(cfg.max_grad_norm), optax.adam(cfg.lr, eps=1e-5))


@functools.partial(jax.jit, static_argnames="cfg")
def train_step(params, opt_state, batch, cfg):
    (loss, terms), grads = jax.value_and_grad(ppo_loss, has_aux=True)(params, batch, cfg)
    updates, opt_state = optimizer(cfg).update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss, terms


# --- the games --------------------------------------------------------------------------------

class Collector:
    """``cfg.num_envs`` games against ``cfg.opponent`` on one ``RawVecEnv`` (slot ``i`` seeded
    from ``seed`` as the batch seeds it; the learner at seat ``i % 2``)."""

    def __init__(self, cfg, seed):
        self.cfg, self.seed = cfg, seed
        self.batch = RawVecEnv(RawEnv(cfg.game), cfg.num_envs, seed, 1)
        shapes = self.batch.buffer_shapes
        self.arrays = [np.zeros(s, t) for s, t in
                       zip(shapes, [np.uint8, np.uint8, np.float32, np.uint8, np.uint8])]
        self.batch.observe(*self.arrays)
        self.seat = np.arange(cfg.num_envs) % 2
        self.running = np.zeros(cfg.num_envs)  # the learner's return in each slot's episode
        self.ended = []  # the learner's returns of the episodes ended since the last read
        self.env_steps = self.decisions = self.calls = 0

    def rollout(self, params, key):
        """``cfg.rollout`` batch steps: the learner's transitions, flat, with their advantages
        ``adv`` and return targets ``ret``; every id stepped was legal (the batch refuses any
        other)."""
        cfg, n = self.cfg, self.cfg.num_envs
        obs, masks, rewards, terminated, to_move = self.arrays
        T = cfg.rollout
        store = {"obs": np.zeros((T, *obs.shape), np.uint8), "mask": np.zeros((T, *masks.shape), np.uint8),
                 "action": np.zeros((T, n), np.int32), "logp": np.zeros((T, n), np.float32),
                 "value": np.zeros((T, n), np.float32), "reward": np.zeros((T, n), np.float32),
                 "done": np.zeros((T, n), bool), "acted": np.zeros((T, n), bool)}
        last = np.full(n, -1)  # the step of each slot's last learner decision in this rollout
        slots = np.arange(n)
        for t in range(T):
            key, k = jax.random.split(key)
            ids, logp, values = map(np.asarray, sample(params, obs, masks, k))
            mine = to_move == self.seat
            bot = self.batch.bot_actions(cfg.opponent, derive_seed(self.seed, self.calls))
            self.calls += 1
            for name, value in (("obs", obs), ("mask", masks), ("action", ids), ("logp", logp),
                                ("value", values)):
                store[name][t][mine] = value[mine]
            store["acted"][t] = mine
            last[mine] = t
            self.batch.step(np.where(mine, ids, bot), *self.arrays)
            self.env_steps += n
            self.decisions += int(mine.sum())
            won = rewards[slots, self.seat]
            self.running += won
            had = last >= 0  # a reward before the first decision was bootstrapped last time
            store["reward"][last[had], slots[had]] += won[had] * cfg.reward_scale
            over = terminated.astype(bool)
            store["done"][last[had & over], slots[had & over]] = True
            self.ended.extend(self.running[over].tolist())
            self.running[over] = 0
            last[over] = -1  # the slot's next episode starts with no decision of the learner
        return self._flatten(store, self._advantages(store, self._bootstrap(params)))

    def _bootstrap(self, params):
        """The value of each slot's state now, seen from the learner's seat (its own
        observation even where the bot is to move)."""
        obs, masks, _, _, to_move = self.arrays
        views, view_masks = obs.copy(), masks.copy()
        for i in np.flatnonzero(to_move != self.seat):
            views[i] = self.batch.slot(int(i)).observation(int(self.seat[i]))
            view_masks[i] = 1  # the mask does not enter the value
        return np.asarray(values_of(params, views, view_masks))

    def _advantages(self, store, bootstrap):
        """GAE(lambda) over each slot's own decisions, from the last step back."""
        cfg = self.cfg
        adv = np.zeros_like(store["value"])
        next_value, next_adv = bootstrap.astype(np.float32), np.zeros_like(bootstrap, np.float32)
        for t in reversed(range(cfg.rollout)):
            acted, live = store["acted"][t], ~store["done"][t]
            delta = store["reward"][t] + cfg.gamma * next_value * live - store["value"][t]
            here = delta + cfg.gamma * cfg.lam * live * next_adv
            adv[t] = np.where(acted, here, 0.0)
            next_value = np.where(acted, store["value"][t], next_value)
            next_adv = np.where(acted, here, next_adv)
        return adv

    @staticmethod
    def _flatten(store, adv):
        acted = store["acted"]
        out = {name: store[name][acted] for name in ("obs", "mask", "action", "logp")}
        out["adv"] = adv[acted]
        out["ret"] = adv[acted] + store["value"][acted]
        return out

    def take_ended(self):
        """The learner's returns of the episodes ended since the last call."""
        ended, self.ended = self.ended, []
        return ended


def update(params, opt_state, data, cfg, rng):
    """``cfg.epochs`` passes over ``data`` in shuffled minibatches of ``cfg.minibatch`` (the
    remainder left out, so that every minibatch has one shape); the mean loss."""
    losses = []
    for _ in range(cfg.epochs):
        order = rng.permutation(len(data["action"]))
        for start in range(0, len(order) - cfg.minibatch + 1, cfg.minibatch):
            part = order[start:start + cfg.minibatch]
            batch = {name: jnp.asarray(value[part]) for name, value in data.items()}
            params, opt_state, loss, _ = train_step(params, opt_state, batch, cfg)
            losses.append(float(loss))
    return params, opt_state, float(np.mean(losses)) if losses else float("nan")


def imitation_loss(params, batch, cfg):
    """Behaviour cloning: the cross-entropy of the bot's ids, plus the critic's error on the
    bot's (scaled) returns."""
    logits, values = policy(params, batch["obs"], batch["mask"])
    value = 0.5 * ((values - batch["ret"] * cfg.reward_scale) ** 2).mean()
    return nets.cross_entropy(logits, batch["action"]) + cfg.value_coef * value


@functools.partial(jax.jit, static_argnames=("cfg", "tx"))
def imitation_step(params, opt_state, batch, cfg, tx):
    loss, grads = jax.value_and_grad(imitation_loss)(params, batch, cfg)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def imitate(params, cfg, games, steps, seed, directory):
    """The warm start: ``steps`` Adam steps of ``imitation_loss`` on ``games`` games of
    ``cfg.opponent`` against itself (``imitation.decisions``, seeded from ``seed``); returns
    the parameters and the number of moves played."""
    data, moves = imitation.decisions(games, seed, directory, cfg.game, cfg.opponent)
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        batch = nets.minibatch(data, rng, cfg.minibatch)
        params, opt_state, _ = imitation_step(params, opt_state, batch, cfg, tx)
    return jax.block_until_ready(params), moves  # the caller's clock counts every step


def evaluate(params, cfg, deals):
    """The greedy policy against ``cfg.opponent`` in ``deals`` duplicate deals."""
    agent = lambda observation, mask: int(greedy(params, observation, mask))  # noqa: E731
    result = distributed.tournament(cfg.game, [agent, cfg.opponent], deals, EVAL_SEED)
    return result.agents[0]


def train(cfg, seed, out, minutes=None, updates=None, eval_every=300.0, eval_deals=500,
          final_deals=2000, imitate_games=0, imitate_steps=0, progress=True):
    """Trains for ``minutes`` or ``updates`` (whichever ends first), evaluating every
    ``eval_every`` seconds and at the end (``final_deals`` deals); returns the parameters and
    the ``report.Curve``. With ``imitate_games``, PPO starts from ``imitate`` (its time and
    moves counted in the curve's)."""
    env = RawEnv(cfg.game)
    key = jax.random.PRNGKey(seed)
    key, init = jax.random.split(key)
    params = init_params(init, int(np.prod(env.observation_shape)), env.num_actions, cfg.hidden)
    opt_state = optimizer(cfg).init(params)
    collector = Collector(cfg, seed)
    rng = np.random.default_rng(seed)
    unit = "points" if cfg.game == "matgo" else "chips"
    curve = report.Curve(out, report.EVAL_COLUMNS,
                         report.against_a_bot(f"PPO against {cfg.opponent} ({cfg.game})", unit))
    budget = report.Budget(minutes, updates, "upd", progress)
    last_eval = -float("inf")
    if imitate_games:
        _record(curve, collector, params, cfg, budget.seconds, eval_deals)
        with budget.timed():
            params, collector.env_steps = imitate(params, cfg, imitate_games, imitate_steps,
                                                  seed, pathlib.Path(out) / "shards-imitation")
    while budget.left():
        if budget.seconds - last_eval >= eval_every:
            _record(curve, collector, params, cfg, budget.seconds, eval_deals)
            last_eval = budget.seconds
        with budget.timed():
            key, k = jax.random.split(key)
            data = collector.rollout(params, k)
            params, opt_state, loss = update(params, opt_state, data, cfg, rng)
        budget.advance(1, loss=f"{loss:.3f}", decisions=collector.decisions)
    budget.bar.close()
    _record(curve, collector, params, cfg, budget.seconds, final_deals)
    nets.save(params, pathlib.Path(out) / "params.npz")
    return params, curve


def _record(curve, collector, params, cfg, seconds, deals):
    ended = collector.take_ended()
    result = evaluate(params, cfg, deals)
    curve.add(seconds=round(seconds, 1), env_steps=collector.env_steps,
              decisions=collector.decisions,
              train_return=float(np.mean(ended)) if ended else float("nan"),
              eval_deals=deals, eval_mean=result.mean, eval_ci95=result.ci95)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["matgo", "poker"], default="matgo")
    parser.add_argument("--opponent", help="a bot of the game (default: tutorial, counting)")
    parser.add_argument("--minutes", type=float, default=60.0, help="the training time budget")
    parser.add_argument("--updates", type=int, help="stop after this many updates instead")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=float, default=300.0, help="seconds of training")
    parser.add_argument("--eval-deals", type=int, default=500)
    parser.add_argument("--final-deals", type=int, default=2000)
    parser.add_argument("--imitate-games", type=int, default=0,
                        help="warm start: games of the bot against itself to imitate first")
    parser.add_argument("--imitate-steps", type=int, default=2000)
    parser.add_argument("--out", help="the run's directory (default runs/ppo-GAME)")
    args = parser.parse_args(argv)
    opponent = args.opponent or {"matgo": "tutorial", "poker": "counting"}[args.game]
    scale = {"matgo": 0.02, "poker": 0.05}[args.game]  # a game's return: tens of points, 30 chips
    cfg = Config(game=args.game, opponent=opponent, reward_scale=scale)
    out = args.out or f"runs/ppo-{args.game}"
    _, curve = train(cfg, args.seed, out, args.minutes, args.updates, args.eval_every,
                     args.eval_deals, args.final_deals, args.imitate_games, args.imitate_steps)
    final = curve.rows[-1]
    print(f"{cfg.game} against {opponent}: {final[5]:+.2f} +- {final[6]:.2f} per game over "
          f"{final[4]} duplicate deals after {final[0] / 60:.1f} min; {out}/curve.png")


if __name__ == "__main__":
    main()
