"""Omok by self-play: AlphaZero's search and learning on 9x9 freestyle gomoku, on two cores.

The search is PUCT Monte Carlo tree search over the environment itself: a node keeps its own
``RawEnv`` (a copy of its parent's, stepped by the edge's id), so the rules, the legal points
and the end of the game are the crate's; Python only counts visits. A small convolutional
network in JAX (``nets``; 5 input planes, the ``RawEnv`` observation) gives each leaf its
prior over the 81 points and its value for the player to move; the leaves of ``--parallel``
games are evaluated in one batch. Self-play adds Dirichlet noise at the root and picks the
first ``TEMPERATURE_MOVES`` moves in proportion to the visits, then the most visited; each
position is learnt (in its 8 symmetries) from the root's visit distribution and the game's
result, with Optax's AdamW. ``--imitate-games`` first fills the buffer with ``ThreatBot``'s
own games (from random openings; each of its moves a one-point target) and learns them for
``--imitate-steps`` steps: a warm start, as AlphaGo's policy began from human games.

Every ``--eval-every`` seconds of training the searching agent (``--eval-simulations``
simulations a move, no noise, most visited) plays the crate's ``ThreatBot`` from ``--eval-openings``
openings (two random stones in the central 5x5, then the agent black in one game and white in
the other): ``curve.csv``/``curve.png`` hold its mean result (+1 win, 0 draw, -1 loss) with the
95% interval over the openings' pairs.

    python python/examples/train/alphazero.py --minutes 120
    python python/examples/train/alphazero.py --minutes 45 --imitate-games 1000 --imitate-steps 3000
"""

import argparse
import functools
import math
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import optax

from tabletop_env import RawEnv

import nets
import report

SIZE, RULE = 9, "freestyle"
POINTS = SIZE * SIZE
C_PUCT, DIRICHLET, NOISE = 1.5, 0.3, 0.25
TEMPERATURE_MOVES = 6
EVAL_SEED = 2026


def new_game(opening=()):
    """A new game, the stones of ``opening`` played."""
    env = RawEnv("omok", rule=RULE, size=SIZE)
    for point in opening:
        env.step(point)
    return env


# --- the network ------------------------------------------------------------------------------

def init_params(key, channels=64, blocks=3):
    """Convolutions ``3x3`` (5 planes to ``channels``, then ``blocks`` more), a policy head
    (``1x1`` to 2 planes, dense to 81 logits) and a value head (``1x1`` to 1 plane, dense 64,
    dense 1, ``tanh``)."""
    keys = iter(jax.random.split(key, blocks + 6))
    conv = lambda k, i, o, s: jax.nn.initializers.he_normal()(k, (s, s, i, o))  # noqa: E731
    return {
        "trunk": [conv(next(keys), 5 if b == 0 else channels, channels, 3) for b in range(blocks + 1)],
        "policy_conv": conv(next(keys), channels, 2, 1),
        "policy": nets.init_mlp(next(keys), [2 * POINTS, POINTS], 0.01),
        "value_conv": conv(next(keys), channels, 1, 1),
        "value": nets.init_mlp(next(keys), [POINTS, 64, 1], 1.0),
    }


def _conv(x, w):
    return jax.lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                        dimension_numbers=("NHWC", "HWIO", "NHWC"))


def forward(params, observations, masks):
    """``(logits, values)``: observations ``uint8 (B, 5, 9, 9)``, masks ``uint8 (B, 81)``;
    logits of illegal points ``-1e9``, values in ``[-1, 1]`` for the player to move."""
    x = jnp.transpose(observations.astype(jnp.float32), (0, 2, 3, 1))
    for w in params["trunk"]:
        x = jax.nn.relu(_conv(x, w))
    b = x.shape[0]
    logits = nets.mlp(params["policy"], jax.nn.relu(_conv(x, params["policy_conv"])).reshape(b, -1))
    value = nets.mlp(params["value"], jax.nn.relu(_conv(x, params["value_conv"])).reshape(b, -1))
    return nets.masked(logits, masks), jnp.tanh(value[:, 0])


@jax.jit
def evaluate(params, observations, masks):
    logits, values = forward(params, observations, masks)
    return jax.nn.softmax(logits), values


def loss_fn(params, batch):
    logits, values = forward(params, batch["obs"], batch["mask"])
    policy = -(batch["pi"] * jax.nn.log_softmax(logits)).sum(1).mean()
    value = ((values - batch["z"]) ** 2).mean()
    return policy + value, (policy, value)


@functools.partial(jax.jit, static_argnames="tx")
def train_step(params, opt_state, batch, tx):
    (loss, terms), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss, terms


# --- the search -------------------------------------------------------------------------------

class Node:
    """A position: its environment, and per legal point the prior, visits and value sum
    (from the point of view of the player to move here)."""

    __slots__ = ("env", "ids", "prior", "visits", "value_sum", "children", "terminal")

    def __init__(self, env, terminal=None):
        self.env, self.terminal = env, terminal
        self.ids = self.prior = None
        self.children = {}

    def expand(self, probs):
        self.ids = np.flatnonzero(self.env.action_mask())
        prior = probs[self.ids]
        self.prior = prior / prior.sum()
        self.visits = np.zeros(len(self.ids))
        self.value_sum = np.zeros(len(self.ids))

    def select(self):
        """The index (into ``ids``) of the PUCT choice."""
        total = self.visits.sum()
        q = np.where(self.visits > 0, self.value_sum / np.maximum(self.visits, 1), 0.0)
        return int(np.argmax(q + C_PUCT * self.prior * math.sqrt(total + 1) / (1 + self.visits)))

    def child(self, k):
        point = int(self.ids[k])
        if point not in self.children:
            self.children[point] = stepped(self.env.__copy__(), point)
        return self.children[point]


def stepped(env, point):
    """The node of ``env`` after ``point`` (stepped in it); when that ends the game, its value
    for the player to move there: the one who just moved won (-1) or drew (0)."""
    rewards, over, _ = env.step(point)
    return Node(env, -abs(rewards[0]) if over else None)


class Search:
    """One tree per game, ``simulations`` simulations a move, the leaves of all the games
    evaluated in one batch."""

    def __init__(self, params, simulations, noise_rng=None):
        self.params, self.simulations, self.noise_rng = params, simulations, noise_rng

    def _evaluate(self, nodes):
        obs = np.stack([n.env.observation(n.env.to_move) for n in nodes])
        masks = np.stack([n.env.action_mask() for n in nodes])
        probs, values = evaluate(self.params, obs, masks)
        return np.asarray(probs), np.asarray(values)

    def run(self, roots):
        """Searches every root (expanded here if new); returns the roots' visit counts."""
        fresh = [r for r in roots if r.ids is None]
        if fresh:
            probs, _ = self._evaluate(fresh)
            for root, p in zip(fresh, probs):
                root.expand(p)
        if self.noise_rng is not None:
            for root in roots:
                noise = self.noise_rng.dirichlet([DIRICHLET] * len(root.ids))
                root.prior = (1 - NOISE) * root.prior + NOISE * noise
        for _ in range(self.simulations):
            paths, leaves = [], []
            for root in roots:
                node, path = root, []
                while node.ids is not None and node.terminal is None:
                    k = node.select()
                    path.append((node, k))
                    node = node.child(k)
                paths.append(path)
                leaves.append(node)
            pending = [n for n in leaves if n.terminal is None and n.ids is None]
            values = {}
            if pending:
                probs, vals = self._evaluate(pending)
                for n, p, v in zip(pending, probs, vals):
                    n.expand(p)
                    values[id(n)] = float(v)
            for path, leaf in zip(paths, leaves):
                v = leaf.terminal if leaf.terminal is not None else values[id(leaf)]
                for node, k in reversed(path):
                    v = -v  # the parent's point of view
                    node.visits[k] += 1
                    node.value_sum[k] += v
        return [r.visits for r in roots]


def symmetric(boards):
    """The 8 symmetries of the square ``boards`` ``(B, ..., 9, 9)``: ``(8 B, ..., 9, 9)``, the
    eight images of each board ``B`` apart."""
    images = []
    for flipped in (boards, boards[..., ::-1]):
        images.extend(np.rot90(flipped, turn, axes=(-2, -1)) for turn in range(4))
    return np.concatenate(images)


# --- self-play, training, evaluation ----------------------------------------------------------

class SelfPlay:
    """``parallel`` games of the network against itself, their positions (each in its 8
    symmetries) into a ring buffer of the last ``capacity``."""

    def __init__(self, parallel, simulations, seed, capacity=200_000):
        self.rng = np.random.default_rng(seed)
        self.parallel, self.simulations = parallel, simulations
        self.games = [self._new() for _ in range(parallel)]
        self.buffer = {"obs": np.zeros((capacity, 5, SIZE, SIZE), np.uint8),
                       "mask": np.zeros((capacity, POINTS), np.uint8),
                       "pi": np.zeros((capacity, POINTS), np.float32),
                       "z": np.zeros(capacity, np.float32)}
        self.written = 0  # positions ever written; the ring holds the last `capacity`
        self.moves = self.finished = 0

    @staticmethod
    def _new():
        return {"root": Node(new_game()), "records": []}

    def step(self, params):
        """One move in every game (a search each); finished games go to the buffer."""
        search = Search(params, self.simulations, self.rng)
        visits = search.run([g["root"] for g in self.games])
        for i, (game, counts) in enumerate(zip(self.games, visits)):
            root = game["root"]
            pi = np.zeros(POINTS, np.float32)
            pi[root.ids] = counts / counts.sum()
            game["records"].append(self._position(root.env, pi))
            if len(game["records"]) <= TEMPERATURE_MOVES:
                k = int(self.rng.choice(len(counts), p=counts / counts.sum()))
            else:
                k = int(np.argmax(counts))
            child = root.child(k)
            self.moves += 1
            if child.terminal is not None:
                self._store(game["records"], child.env.returns)
                self.games[i] = self._new()
            else:
                game["root"] = child

    @staticmethod
    def _position(env, pi):
        """A record of the position of ``env`` for ``_store``, with its target ``pi``."""
        return env.observation(env.to_move), env.action_mask(), pi, env.to_move

    def _store(self, records, returns):
        obs, masks, pis, seats = (np.stack(a) for a in zip(*records))
        rows = {"obs": symmetric(obs),
                "mask": symmetric(masks.reshape(-1, SIZE, SIZE)).reshape(-1, POINTS),
                "pi": symmetric(pis.reshape(-1, SIZE, SIZE)).reshape(-1, POINTS),
                "z": np.tile(np.asarray(returns, np.float32)[seats], 8)}
        capacity = len(self.buffer["z"])
        at = (self.written + np.arange(len(rows["z"]))) % capacity
        for name, value in rows.items():
            self.buffer[name][at] = value
        self.written += len(rows["z"])
        self.finished += 1

    def add_bot_games(self, openings_):
        """The warm start's data: ``ThreatBot`` against itself from each opening (two stones,
        as ``openings`` draws them), each of its moves a target (its point with probability
        1) with the game's result; returns the number of moves played."""
        played = 0
        for opening in openings_:
            env, records = new_game(opening), []
            while not env.is_terminal:
                point = env.bot_action("threat")
                pi = np.zeros(POINTS, np.float32)
                pi[point] = 1
                records.append(self._position(env, pi))
                env.step(point)
            played += len(records)
            self._store(records, env.returns)
        return played

    def size(self):
        return min(self.written, len(self.buffer["z"]))

    def sample(self, batch_size):
        return nets.minibatch(self.buffer, self.rng, batch_size, self.size())


def openings(count, seed):
    """``count`` openings of two stones (black then white) on distinct points of the central
    5x5, drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    centre = [y * SIZE + x for y in range(2, 7) for x in range(2, 7)]
    return [tuple(int(p) for p in rng.choice(centre, 2, replace=False)) for _ in range(count)]


def play_threat_bot(params, simulations, opening_count, seed=EVAL_SEED):
    """The searching agent against ``ThreatBot`` from each opening with each colour: the
    agent's mean result per opening pair (+1 win, 0 draw, -1 loss), its 95% half-width, and
    the agent's wins, draws and losses."""
    games = []
    for opening in openings(opening_count, seed):
        for agent_seat in (0, 1):
            games.append({"root": Node(new_game(opening)), "seat": agent_seat})
    search = Search(params, simulations)
    while any(g["root"].terminal is None for g in games):
        live = [g for g in games if g["root"].terminal is None]
        mine = [g for g in live if g["root"].env.to_move == g["seat"]]
        theirs = [g for g in live if g["root"].env.to_move != g["seat"]]
        if mine:
            for g, counts in zip(mine, search.run([g["root"] for g in mine])):
                g["root"] = g["root"].child(int(np.argmax(counts)))
        for g in theirs:
            env = g["root"].env.__copy__()
            g["root"] = stepped(env, env.bot_action("threat"))
    results = np.array([g["root"].env.returns[g["seat"]] for g in games])
    pairs = results.reshape(-1, 2).mean(1)
    ci = 1.96 * pairs.std(ddof=1) / math.sqrt(len(pairs)) if len(pairs) > 1 else float("nan")
    return float(results.mean()), float(ci), [int((results == r).sum()) for r in (1, 0, -1)]


def train(out, seed=0, minutes=None, moves=None, parallel=32, simulations=64, batch_size=256,
          steps_per_round=4, lr=1e-3, eval_every=600.0, eval_simulations=128, eval_openings=50,
          imitate_games=0, imitate_steps=0, progress=True):
    """Self-play and learning until ``minutes`` of it or ``moves`` self-play moves (in every
    game together): after each round (a move in every game), ``steps_per_round`` AdamW steps
    on minibatches of ``batch_size`` from the buffer. Evaluations every ``eval_every``
    seconds and at the end. With ``imitate_games``, a warm start first: that many
    ``ThreatBot`` games into the buffer (``SelfPlay.add_bot_games``, openings of another seed
    than the evaluation's) and ``imitate_steps`` steps on them, counted in the time and the
    steps."""
    params = init_params(jax.random.PRNGKey(seed))
    tx = optax.adamw(lr, weight_decay=1e-4)
    opt_state = tx.init(params)
    selfplay = SelfPlay(parallel, simulations, seed)
    curve = report.Curve(out, report.EVAL_COLUMNS, report.against_a_bot(
        f"AlphaZero-style self-play, 9x9 {RULE}, against ThreatBot", "+1 win, -1 loss"))
    # The budget's units are the moves played, the warm start's included (`selfplay.moves`).
    budget, last_eval = report.Budget(minutes, moves, "move", progress), -float("inf")
    loss = float("nan")

    def record(opening_count):
        mean, ci, tally = play_threat_bot(params, eval_simulations, opening_count)
        seconds = budget.seconds
        curve.add(seconds=round(seconds, 1), env_steps=selfplay.moves, decisions=selfplay.moves,
                  train_return=float("nan"), eval_deals=opening_count, eval_mean=mean,
                  eval_ci95=ci)
        budget.bar.write(f"{seconds / 60:.1f} min, {selfplay.finished} games: {mean:+.3f} +- "
                         f"{ci:.3f} (won, drawn, lost {tally})")

    def learn(steps):
        nonlocal params, opt_state, loss
        for _ in range(steps):
            params, opt_state, loss, _ = train_step(params, opt_state, selfplay.sample(batch_size), tx)
        loss = float(loss)  # waits for JAX's asynchronous steps, so that the clock counts them

    if imitate_games:
        record(eval_openings)
        with budget.timed():
            played = selfplay.add_bot_games(openings(imitate_games, seed + 1))
            selfplay.moves += played
            learn(imitate_steps)
        budget.advance(played)
    while budget.left():
        if budget.seconds - last_eval >= eval_every:
            record(eval_openings)
            last_eval = budget.seconds
        with budget.timed():
            selfplay.step(params)
            learn(steps_per_round if selfplay.size() >= batch_size else 0)
        budget.advance(parallel, loss=f"{loss:.3f}", games=selfplay.finished)
    budget.bar.close()
    record(eval_openings)
    nets.save(params, pathlib.Path(out) / "params.npz")
    return params, curve


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=120.0, help="the training time budget")
    parser.add_argument("--moves", type=int, help="stop after this many self-play moves instead")
    parser.add_argument("--parallel", type=int, default=32, help="self-play games at once")
    parser.add_argument("--simulations", type=int, default=64, help="a self-play move's")
    parser.add_argument("--eval-simulations", type=int, default=128)
    parser.add_argument("--eval-every", type=float, default=600.0, help="seconds of training")
    parser.add_argument("--eval-openings", type=int, default=50, help="two games each")
    parser.add_argument("--imitate-games", type=int, default=0,
                        help="warm start: ThreatBot games (from random openings) to learn first")
    parser.add_argument("--imitate-steps", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="runs/alphazero-omok")
    args = parser.parse_args(argv)
    _, curve = train(args.out, args.seed, args.minutes, args.moves, args.parallel,
                     args.simulations, eval_every=args.eval_every,
                     eval_simulations=args.eval_simulations, eval_openings=args.eval_openings,
                     imitate_games=args.imitate_games, imitate_steps=args.imitate_steps)
    final = dict(zip(report.EVAL_COLUMNS, curve.rows[-1]))
    print(f"against ThreatBot: {final['eval_mean']:+.3f} +- {final['eval_ci95']:.3f} per game "
          f"over {2 * final['eval_deals']} games after {final['seconds'] / 60:.1f} min; "
          f"{args.out}/curve.png")


if __name__ == "__main__":
    main()
