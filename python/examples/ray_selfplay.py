"""A duplicate tournament and self-play shards on a Ray cluster (or in this process).

    python python/examples/ray_selfplay.py                    # a local Ray instance
    python python/examples/ray_selfplay.py --address auto     # the cluster `ray start` made
    python python/examples/ray_selfplay.py --backend local    # no Ray at all

Plays the game's strongest bot against random play over ``--deals`` deals with the seats
rotated, prints each agent's mean return with its 95% interval, then writes ``--episodes``
self-play episodes of a small Python policy to ``--out`` and reads them back in batches. The
numbers are the same on any cluster and with any number of workers.
"""

import argparse
import tempfile

import numpy as np

from tabletop_env import RawEnv, bot_names
from tabletop_env import distributed


def lowest_id(observation, action_mask):
    """A Python agent: the lowest legal id (any callable of observation and mask works)."""
    return int(np.flatnonzero(action_mask)[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="matgo", choices=["omok", "matgo", "poker", "mahjong_hand"])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--episodes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--backend", default="ray", choices=["ray", "local"])
    parser.add_argument("--address", default=None, help="ray.init address ('auto': a `ray start` cluster)")
    parser.add_argument("--out", default=None, help="shard directory (default: a new temporary one)")
    args = parser.parse_args()
    if args.backend == "ray":
        import ray

        ray.init(address=args.address)
    bot = bot_names(args.game)[-1]
    run = {"backend": args.backend, "workers": None if args.backend == "ray" else 1}
    result = distributed.tournament(args.game, [bot, "random"], args.deals, args.seed, shard_size=8, **run)
    print(f"{args.game}: {result.deals} deals, seats rotated")
    for agent in result.agents:
        print(f"  {agent.name:10} {agent.mean:+9.2f} ± {agent.ci95:.2f} per game ({agent.games} games)")
    out = args.out or tempfile.mkdtemp(prefix="tabletop-shards-")
    seats = [bot, lowest_id] + ["random"] * (RawEnv(args.game).num_players - 2)
    paths = distributed.generate_selfplay(args.game, seats, args.episodes, out, args.seed, shard_size=5, **run)
    decisions = sum(len(batch["action"]) for batch in distributed.iter_batches(out, 256))
    print(f"self-play: {len(paths)} shards, {decisions} decisions in {out}")


if __name__ == "__main__":
    main()
