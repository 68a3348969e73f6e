"""PettingZoo's own checkers on every game, and snapshots of the AEC environment."""

import copy
import pickle

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tabletop_env import aec_env


def test_api(game):
    name, options = game
    api_test(aec_env(name, **options), num_cycles=300)


def test_seed(game):
    name, options = game
    seed_test(lambda: aec_env(name, **options), num_cycles=100)


def test_render_ansi_shows_the_table():
    env = aec_env("omok", render_mode="ansi", size=9)
    env.reset(seed=0)
    env.step(40)
    text = env.render()
    assert text.splitlines()[4] == "....X...."
    assert "seat 1 to move" in text


def test_render_without_mode_gives_none():
    env = aec_env("poker")
    env.reset(seed=0)
    assert env.render() is None


def play(env, rng, steps):
    trace = []
    for agent in env.agent_iter(steps):
        obs, reward, term, trunc, _ = env.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        trace.append((agent, reward, action, obs["observation"].tobytes()))
        env.step(action)
    return trace


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_snapshots_continue_identically(game, how):
    name, options = game
    env = aec_env(name, **options)
    env.reset(seed=3)
    play(env, np.random.default_rng(0), 15)
    snap = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert play(snap, np.random.default_rng(1), 400) == play(env, np.random.default_rng(1), 400)
