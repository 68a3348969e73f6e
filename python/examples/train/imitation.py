"""Riichi mahjong by imitation: a policy learned from the efficiency bot's hanchan.

The data are self-play shards (``distributed.generate_selfplay``: four efficiency bots, every
decision of every seat with its ``uint8 (56, 34)`` observation, mask and id; ``decisions``
reads them, for any game and bot), ``--games``
hanchan to learn from and ``--held-out`` others (other seeds) to measure on. Decisions with a
single legal id teach nothing and are left out. The policy is an MLP in JAX (``nets``) over
the observation, its illegal ids masked, trained with Optax's AdamW on the cross-entropy of the
bot's ids. Every ``--eval-every`` steps the run writes the held-out loss and **agreement** (the
share of held-out decisions where the policy's most probable id is the bot's) to
``curve.csv``/``curve.png``; at the end the greedy policy plays whole hanchan, one seat
against three bots, in duplicate deals (every rotation of the seats) against the efficiency
bot and the random bot, and ``report.json`` holds those results with their 95% intervals.

    python python/examples/train/imitation.py --games 1000 --held-out 100 --minutes 20
"""

import argparse
import functools
import json
import pathlib
import shutil

import jax
import jax.numpy as jnp
import numpy as np
import optax

from tabletop_env import RawEnv, distributed

import nets
import report

#: The seeds of the held-out games and of the evaluation deals (the learning games' is
#: ``--seed``).
HELD_OUT_SEED, EVAL_SEED = 1_000_003, 2026
COLUMNS = ["seconds", "step", "samples", "train_loss", "held_out_loss", "agreement"]


def decisions(game_count, seed, directory, game="mahjong", bot="efficiency"):
    """The decisions with more than one legal id in ``game_count`` games of ``game`` with
    ``bot`` at every seat (seeded from ``seed``, their shards written to ``directory``), as
    arrays ``obs``, ``mask``, ``action`` and ``ret`` (the acting seat's return), and the
    number of moves of those games."""
    directory = pathlib.Path(directory)
    shutil.rmtree(directory, ignore_errors=True)
    distributed.generate_selfplay(game, bot, game_count, directory, seed, shard_size=50)
    parts, moves = {"obs": [], "mask": [], "action": [], "ret": []}, 0
    for shard in distributed.read_shards(directory):
        moves += len(shard["action"])
        keep = shard["action_mask"].sum(1) > 1
        parts["obs"].append(shard["observation"][keep])
        parts["mask"].append(shard["action_mask"][keep])
        parts["action"].append(shard["action"][keep].astype(np.int32))
        parts["ret"].append(shard["return"][keep])
    return {name: np.concatenate(arrays) for name, arrays in parts.items()}, moves


def init_params(key, hidden):
    env = RawEnv("mahjong")
    size = int(np.prod(env.observation_shape))
    return nets.init_mlp(key, [size, hidden, hidden, env.num_actions], 0.01)


def loss_and_agreement(params, batch):
    logits = nets.masked(nets.mlp(params, nets.features(batch["obs"])), batch["mask"])
    agreement = (jnp.argmax(logits, 1) == batch["action"]).mean()
    return nets.cross_entropy(logits, batch["action"]), agreement


@functools.partial(jax.jit, static_argnames="tx")
def train_step(params, opt_state, batch, tx):
    (loss, _), grads = jax.value_and_grad(loss_and_agreement, has_aux=True)(params, batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


measure = jax.jit(loss_and_agreement)


def held_out_scores(params, data, batch_size=4096):
    """The mean loss and agreement over all of ``data``."""
    n = len(data["action"])
    total_loss = total_agree = 0.0
    for start in range(0, n, batch_size):
        part = {k: jnp.asarray(v[start:start + batch_size]) for k, v in data.items()}
        loss, agree = measure(params, part)
        size = len(part["action"])
        total_loss += float(loss) * size
        total_agree += float(agree) * size
    return total_loss / n, total_agree / n


@jax.jit
def greedy(params, observation, mask):
    logits = nets.masked(nets.mlp(params, nets.features(observation[None])), mask[None])
    return jnp.argmax(logits[0])


def play(params, opponent, deals):
    """The greedy policy at one seat against three ``opponent`` bots in ``deals`` duplicate
    hanchan: ``(policy, bot)`` results (mean return per hanchan, rank reward, and 95% half-width)."""
    agent = lambda observation, mask: int(greedy(params, observation, mask))  # noqa: E731
    result = distributed.tournament("mahjong", [agent, opponent], deals, EVAL_SEED)
    return [{"name": a.name if i else "policy", "mean": a.mean, "ci95": a.ci95, "games": a.games}
            for i, a in enumerate(result.agents)]


def train(train_data, held_out, out, seed=0, minutes=None, steps=None, batch_size=1024,
          lr=1e-3, weight_decay=1e-4, hidden=512, eval_every=200, progress=True):
    """AdamW on the cross-entropy until ``minutes`` of training or ``steps`` steps; returns
    the parameters and the ``report.Curve``."""
    key = jax.random.PRNGKey(seed)
    params = init_params(key, hidden)
    tx = optax.adamw(lr, weight_decay=weight_decay)
    opt_state = tx.init(params)
    rng = np.random.default_rng(seed)
    curve = report.Curve(out, COLUMNS, report.panels(
        "Imitation of the efficiency bot (riichi mahjong)", "samples", "training samples",
        [("cross-entropy", ["train_loss", "held_out_loss"]), ("held-out agreement", ["agreement"])]))
    budget, losses = report.Budget(minutes, steps, "step", progress), []
    while budget.left():
        with budget.timed():
            batch = nets.minibatch(train_data, rng, batch_size)
            params, opt_state, loss = train_step(params, opt_state, batch, tx)
            losses.append(float(loss))
        budget.advance(1)
        step = budget.done
        if step % eval_every == 0 or step == steps:
            held_loss, agreement = held_out_scores(params, held_out)
            curve.add(seconds=round(budget.seconds, 1), step=step, samples=step * batch_size,
                      train_loss=float(np.mean(losses)), held_out_loss=held_loss,
                      agreement=agreement)
            budget.bar.set_postfix(loss=f"{np.mean(losses):.3f}", agreement=f"{agreement:.3f}")
            losses = []
    budget.bar.close()
    nets.save(params, pathlib.Path(out) / "params.npz")
    return params, curve


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="hanchan to learn from")
    parser.add_argument("--held-out", type=int, default=100, help="hanchan to measure on")
    parser.add_argument("--minutes", type=float, default=20.0, help="the training time budget")
    parser.add_argument("--steps", type=int, help="stop after this many steps instead")
    parser.add_argument("--eval-every", type=int, default=200, help="steps")
    parser.add_argument("--eval-deals", type=int, default=100, help="duplicate hanchan per bot")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="runs/imitation-mahjong")
    args = parser.parse_args(argv)
    out = pathlib.Path(args.out)
    train_data, _ = decisions(args.games, args.seed, out / "shards-train")
    held_out, _ = decisions(args.held_out, HELD_OUT_SEED, out / "shards-held-out")
    print(f"{len(train_data['action'])} decisions to learn from, {len(held_out['action'])} held out")
    params, curve = train(train_data, held_out, out, args.seed, args.minutes, args.steps,
                          eval_every=args.eval_every)
    results = {bot: play(params, bot, args.eval_deals) for bot in ("efficiency", "random")}
    final = dict(zip(COLUMNS, curve.rows[-1]))
    (out / "report.json").write_text(json.dumps({"final": final, "duplicate": results}, indent=1))
    print(f"held-out agreement {final['agreement']:.3f} after {final['seconds'] / 60:.1f} min")
    for bot, (policy, other) in results.items():
        print(f"against {bot} x3: policy {policy['mean']:+.1f} +- {policy['ci95']:.1f}, "
              f"{bot} {other['mean']:+.1f} +- {other['ci95']:.1f} per hanchan "
              f"({args.eval_deals} deals, every rotation)")


if __name__ == "__main__":
    main()
