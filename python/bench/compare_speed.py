"""Decisions per second from Python, side by side with other engines' Python packages.

Mahjong beside PyPI ``riichienv`` 0.4.11 (its ``RiichiEnv`` hanchan, ``4p-red-half``), omok
beside PyPI ``open-spiel``'s ``gomoku`` (15x15, five in a row). A decision is one seat choosing
one id; every engine plays uniformly random legal actions and produces, at every decision, the
acting seat's observation tensor and legal-action mask:

- ours, batch: ``RawVecEnv`` on one thread (the mask and observation written into numpy arrays
  by the step, the random pick made in numpy from the masks), as ``batch_speed.py``;
- ours, single: one ``RawEnv``, ``observation(seat)``, ``action_mask()``, a random legal id,
  ``step`` per decision;
- riichienv: ``Observation.encode()`` (its 74x34 float32 planes, as a numpy view) and
  ``mask()`` for every seat asked, then ``random.choice(legal_actions())``;
- open-spiel: ``observation_tensor()`` (as a numpy array), ``legal_actions_mask()``,
  ``random.choice(legal_actions())``, ``apply_action``.

Everything runs on one core, each measure repeated and the median printed. Not a test: needs
``pip install riichienv==0.4.11 open-spiel`` (kept out of CI).

    python python/bench/compare_speed.py --seconds 3 --repeats 3
"""

import argparse
import pathlib
import random
import statistics
import sys
import time

import numpy as np

from tabletop_env import RawEnv

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from batch_speed import run as batch_rate  # noqa: E402


def timed(play, seconds):
    """Runs ``play()`` (which returns the decisions it made) until ``seconds`` have passed:
    decisions per second."""
    decisions, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        decisions += play()
    return decisions / elapsed


def ours_single(game, options, seed):
    env, rng = RawEnv(game, **options), random.Random(seed)

    def episode():
        env.reset(rng.getrandbits(64))
        n = 0
        while (seat := env.to_move) is not None:
            env.observation(seat)
            mask = env.action_mask()
            env.step(rng.choice(np.flatnonzero(mask).tolist()))
            n += 1
        return n

    return episode


def riichienv_hanchan(seed):
    from riichienv import RiichiEnv

    rng = random.Random(seed)
    env = RiichiEnv(game_mode="4p-red-half", seed=seed, skip_mjai_logging=True)

    def episode():
        observations, n = env.reset(), 0
        while not env.done():
            actions = {}
            for seat, obs in observations.items():
                legal = obs.legal_actions()
                if not legal:
                    continue
                np.frombuffer(obs.encode(), np.float32).reshape(74, 34)
                np.frombuffer(obs.mask(), np.bool_)
                actions[seat] = rng.choice(legal)
                n += 1
            observations = env.step(actions)
        return n

    return episode


def spiel_gomoku(seed):
    import pyspiel

    game, rng = pyspiel.load_game("gomoku"), random.Random(seed)

    def episode():
        state, n = game.new_initial_state(), 0
        while not state.is_terminal():
            np.asarray(state.observation_tensor(), np.float32)
            state.legal_actions_mask()
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return episode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measure")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    rows = {
        "mahjong hanchan": [
            ("tabletop_env batch, 1 thread", lambda: batch_rate("mahjong", 64, 200, 1, rng, {})),
            ("tabletop_env single RawEnv", lambda: timed(ours_single("mahjong", {}, 1), args.seconds)),
            ("riichienv 0.4.11 RiichiEnv", lambda: timed(riichienv_hanchan(1), args.seconds)),
        ],
        "omok / gomoku 15x15": [
            ("tabletop_env batch freestyle", lambda: batch_rate("omok", 64, 100, 1, rng, {"rule": "freestyle"})),
            ("tabletop_env batch renju", lambda: batch_rate("omok", 64, 100, 1, rng, {"rule": "renju"})),
            ("tabletop_env single freestyle", lambda: timed(ours_single("omok", {"rule": "freestyle"}, 1), args.seconds)),
            ("open_spiel gomoku", lambda: timed(spiel_gomoku(1), args.seconds)),
        ],
    }
    for title, measures in rows.items():
        print(title)
        results = {}
        for name, measure in measures:
            results[name] = statistics.median(measure() for _ in range(args.repeats))
        baseline = list(results.values())[-1]
        for name, rate in results.items():
            print(f"  {name:32} {rate:>12,.0f} decisions/s  {rate / baseline:6.1f}x")


if __name__ == "__main__":
    main()
