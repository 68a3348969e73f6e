"""PettingZoo's own checkers on every game, and snapshots of the AEC environment."""

import copy
import pickle

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from tabletop_env import aec_env, parallel_env


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


def test_parallel_api(game):
    name, options = game
    parallel_api_test(parallel_env(name, **options), num_cycles=300)


def test_parallel_seed(game):
    name, options = game
    parallel_seed_test(lambda: parallel_env(name, on_illegal="ignore", **options), num_cycles=100)


def test_parallel_marks_the_acting_seat_and_needs_its_action():
    env = parallel_env("poker")
    obs, infos = env.reset(seed=4)
    acting = [a for a in env.agents if infos[a]["acting"]]
    assert len(acting) == 1
    other = next(a for a in env.agents if a != acting[0])
    assert obs[other]["action_mask"].sum() == 0 and obs[acting[0]]["action_mask"].sum() > 0
    with pytest.raises(ValueError, match="must act"):
        env.step({other: 0})
    assert env._aec.raw.history == []


def test_parallel_ignore_mode_steps_nothing_on_a_masked_out_id():
    env = parallel_env("omok", on_illegal="ignore", size=9)
    env.reset(seed=0)
    env.step({"player_0": 40, "player_1": 0})
    obs, rewards, dones, _, infos = env.step({"player_1": 40})
    assert infos["player_1"] == {"acting": True, "illegal_action": True}
    assert env._aec.raw.history == [40] and not any(dones.values())
    assert obs["player_1"]["action_mask"][40] == 0


def test_a_step_before_reset_and_an_unknown_agent_say_so():
    # Both were an AttributeError / "'x' is not in list".
    with pytest.raises(ValueError, match="call reset\\(\\) before step\\(\\)"):
        aec_env("omok", size=9).step(0)
    with pytest.raises(ValueError, match="call reset\\(\\) before step\\(\\)"):
        parallel_env("omok", size=9).step({"player_0": 0})
    env = aec_env("omok", size=9)
    env.reset(seed=1)
    with pytest.raises(ValueError, match="unknown agent 'nobody': the agents are player_0, player_1"):
        env.observe("nobody")


def test_a_step_after_every_agent_is_done_changes_nothing_and_warns():
    # It raised KeyError: 'player_1' (the last agent stepped with None had been removed).
    # PettingZoo's OrderEnforcingWrapper, around every pettingzoo.classic env, warns instead.
    from pettingzoo.utils.env_logger import EnvLogger

    env = aec_env("omok", size=9)
    env.reset(seed=0)
    play(env, np.random.default_rng(0), 10_000)
    assert env.agents == [] and env.raw.is_terminal
    before = (env.raw.history, env.raw.returns, env.agent_selection)
    EnvLogger.flush()
    env.step(None)
    assert (env.raw.history, env.raw.returns, env.agent_selection) == before
    assert EnvLogger.mqueue == [
        "[WARNING]: step() called after all agents are terminated or truncated. Should reset() first."
    ]
    EnvLogger.flush()


def test_gostop_three_agents_play_a_hand_to_the_end_with_legal_actions():
    env = aec_env("gostop")
    env.reset(seed=5)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.observation_space("player_2")["observation"].shape == (20, 50)
    rng, totals, acted, steps = np.random.default_rng(5), dict.fromkeys(env.possible_agents, 0.0), set(), 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert env.possible_agents.index(agent) == env.raw.to_move
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(legal) == env.raw.legal_action_ids()
        for other in env.possible_agents:
            if other != agent:
                assert env.observe(other)["action_mask"].sum() == 0
        env.step(int(rng.choice(legal)))
        acted.add(agent)
        steps += 1
    assert acted == set(env.possible_agents) and steps == len(env.raw.history) and env.raw.is_terminal
    returns = env.raw.returns
    assert len(returns) == 3 and sum(returns) == 0
    assert [totals[a] for a in env.possible_agents] == returns
