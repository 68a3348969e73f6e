"""Decisions per second from Python through the batch API (observation and mask included).

A decision is one seat choosing one id. Every slot plays uniformly random legal ids, picked
in numpy from the mask the batch wrote (that pick is counted in the time). Prints one line
per game: the median of ``--repeats`` timed runs.

    python python/bench/batch_speed.py --envs 256 --steps 200 --threads 1 2
"""

import argparse
import statistics
import time

import numpy as np

from tabletop_env import RawEnv, RawVecEnv

GAMES = {"omok": {"size": 15}, "matgo": {}, "gostop": {}, "poker": {}, "mahjong": {}}


def run(game, envs, steps, threads, rng, options=None):
    """Decisions per second of ``envs`` slots of ``game`` stepped ``steps`` times on ``threads``
    threads (``options``: the game's, by default those of ``GAMES``)."""
    batch = RawVecEnv(RawEnv(game, **(GAMES[game] if options is None else options)), envs, 1, threads)
    shapes = batch.buffer_shapes
    out = (np.zeros(shapes[0], np.uint8), np.zeros(shapes[1], np.uint8),
           np.zeros(shapes[2], np.float32), np.zeros(shapes[3], np.uint8),
           np.zeros(shapes[4], np.uint8))
    batch.observe(*out)
    start = time.perf_counter()
    for _ in range(steps):
        ids = (rng.random(out[1].shape, np.float32) * out[1]).argmax(axis=1).astype(np.uint32)
        batch.step(ids, *out)
    return envs * steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    for game in args.games:
        for threads in args.threads:
            rates = [run(game, args.envs, args.steps, threads, rng) for _ in range(args.repeats)]
            print(f"{game:8} threads={threads} envs={args.envs}: "
                  f"median {statistics.median(rates):,.0f} decisions/s "
                  f"(min {min(rates):,.0f}, max {max(rates):,.0f})")


if __name__ == "__main__":
    main()
