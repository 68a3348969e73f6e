"""Gymnasium's checker on the single-agent environments, and the vector environment's contract."""

import copy
import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabletop_env
from tabletop_env import SingleAgentEnv, VectorEnv

OPPONENTS = {"omok": "threat", "matgo": "tutorial", "poker": "counting", "mahjong": "efficiency",
             "mahjong_hand": "efficiency", "gostop": "tutorial"}


def test_check_env(game):
    name, options = game
    env = SingleAgentEnv(name, opponent=OPPONENTS[name], on_illegal="ignore", **options)
    check_env(env, skip_render_check=True)


def test_ignored_illegal_actions_change_nothing():
    env = SingleAgentEnv("omok", on_illegal="ignore", size=9)
    env.reset(seed=0)
    env.step(40)
    obs, reward, terminated, truncated, info = env.step(40)
    assert info == {"illegal_action": True} and reward == 0.0 and not terminated
    assert env.raw.history[0] == 40 and obs["action_mask"][40] == 0


@pytest.mark.parametrize("seat", [0, 1])
def test_episodes_end_and_pay_the_learner(seat):
    env = SingleAgentEnv("omok", seat=seat, opponent="random", size=9)
    obs, _ = env.reset(seed=1)
    total, terminated, rng = 0.0, False, np.random.default_rng(0)
    while not terminated:
        assert env.raw.to_move == seat
        obs, reward, terminated, _, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        total += reward
    assert total == env.raw.returns[seat]
    with pytest.raises(ValueError, match="episode is over"):
        env.step(0)


def test_bad_actions_change_nothing():
    env = SingleAgentEnv("poker", opponent="counting")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for bad, error in [(illegal, ValueError), (-3, ValueError), (np.nan, TypeError), ("1", TypeError)]:
        with pytest.raises(error):
            env.step(bad)
    assert env.raw.history == []


def test_unknown_opponent_and_seat():
    with pytest.raises(ValueError, match="unknown bot"):
        SingleAgentEnv("omok", opponent="alphazero")
    with pytest.raises(ValueError, match="seat 4"):
        SingleAgentEnv("mahjong", seat=4)


def test_snapshot_of_the_single_agent_env():
    env = SingleAgentEnv("matgo", opponent="random")
    obs, _ = env.reset(seed=5)
    for how in (copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))):
        snap = how(env)
        a = int(np.flatnonzero(obs["action_mask"])[0])
        out_env, out_snap = env.step(a), snap.step(a)
        assert out_env[1:4] == out_snap[1:4]
        assert np.array_equal(out_env[0]["observation"], out_snap[0]["observation"])
        obs = out_env[0]
        if out_env[2]:
            break


def test_registered_ids_make_both_kinds():
    env = gymnasium.make("tabletop/Poker-v0", opponent="counting")
    assert env.unwrapped.raw.game == "poker"
    vec = gymnasium.make_vec("tabletop/Omok-v0", num_envs=3, vectorization_mode="vector_entry_point", size=9)
    assert isinstance(vec.unwrapped, VectorEnv)
    assert set(tabletop_env.GYM_IDS) <= set(gymnasium.registry)


def test_vector_env_contract(game):
    name, options = game
    vec = VectorEnv(name, num_envs=4, threads=2, **options)
    obs, info = vec.reset(seed=7)
    assert obs in vec.observation_space
    rng = np.random.default_rng(0)
    episodes = 0
    for _ in range(400):
        masks = obs["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        seats = info["to_move"].copy()
        obs, reward, terminated, truncated, info = vec.step(actions)
        assert obs["observation"].dtype == np.uint8 and obs["observation"].shape == (4, *vec.template.observation_shape)
        assert obs["action_mask"].shape == (4, vec.template.num_actions)
        assert reward.dtype == np.float32 and reward.shape == (4,)
        assert terminated.dtype == bool and not truncated.any()
        assert np.array_equal(reward, info["rewards"][np.arange(4), seats])
        # Auto-reset: every slot has a legal action at once, also after its episode ended.
        assert (obs["action_mask"].sum(axis=1) > 0).all()
        episodes += int(terminated.sum())
    if name in ("omok", "poker"):
        assert episodes > 0


def test_vector_env_is_seeded_and_thread_count_free():
    runs = []
    for threads in (1, 2):
        vec = VectorEnv("matgo", num_envs=5, threads=threads)
        obs, _ = vec.reset(seed=3)
        rng, trace = np.random.default_rng(1), []
        for _ in range(50):
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
            obs, reward, terminated, _, _ = vec.step(actions)
            trace.append((obs["observation"].tobytes(), reward.tobytes(), terminated.tobytes()))
        runs.append(trace)
    assert runs[0] == runs[1]


def test_vector_env_final_observation_is_where_the_episode_ended():
    # Each ended slot's infos["final_obs"] is what replaying its episode in a RawEnv (seeded by
    # the crate's episode_seed(base, slot, k)) shows the seat that made the last move.
    vec = VectorEnv("matgo", num_envs=3)
    obs, info = vec.reset(seed=5)
    rng = np.random.default_rng(2)
    played, episode, checked = [[] for _ in range(3)], [0, 0, 0], 0
    for _ in range(150):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        seats = info["to_move"].copy()
        obs, _, terminated, truncated, info = vec.step(actions)
        for i in range(3):
            played[i].append(int(actions[i]))
        if not terminated.any():
            assert "final_obs" not in info
            continue
        assert np.array_equal(info["_final_obs"], terminated | truncated)
        assert np.array_equal(info["_final_info"], terminated)
        for i in range(3):
            if not terminated[i]:
                assert info["final_obs"][i] is None
                continue
            raw = tabletop_env.RawEnv("matgo")
            raw.reset(tabletop_env.derive_seed(tabletop_env.derive_seed(5, i), episode[i]))
            for a in played[i]:
                raw.step(a)
            assert raw.to_move is None
            final = info["final_obs"][i]
            assert info["final_info"]["seat"][i] == seats[i]
            assert np.array_equal(final["observation"], raw.observation(int(seats[i])))
            assert final["action_mask"].dtype == np.int8 and not final["action_mask"].any()
            assert final in vec.single_observation_space
            played[i], episode[i], checked = [], episode[i] + 1, checked + 1
    assert checked >= 2


def test_vector_env_bad_actions():
    vec = VectorEnv("omok", num_envs=2, size=9)
    vec.reset(seed=0)
    for bad, error in [(np.array([0.5, 1.0]), TypeError), (np.array([0, 1, 2]), ValueError),
                       (np.array([-1, 0]), ValueError), (np.array([81, 0]), ValueError)]:
        with pytest.raises(error):
            vec.step(bad)


def test_bad_seats_and_counts_are_refused_with_the_reason():
    # A float seat was taken: no seat ever equalled it, so reset() dealt forever.
    with pytest.raises(TypeError, match="a seat is an integer, not 1.5"):
        SingleAgentEnv("omok", seat=1.5, size=9)
    with pytest.raises(TypeError, match="a seat is an integer, not '0'"):
        SingleAgentEnv("omok", seat="0", size=9)
    with pytest.raises(ValueError, match="seat 2 does not exist: this game has 2 seats, 0 to 1"):
        SingleAgentEnv("omok", seat=2, size=9)
    assert SingleAgentEnv("omok", seat=np.int64(1), size=9).seat == 1
    # numpy's "negative dimensions are not allowed" and a bare float error before.
    with pytest.raises(ValueError, match="num_envs must be at least 1, not -1"):
        VectorEnv("omok", num_envs=-1, size=9)
    with pytest.raises(TypeError, match="num_envs is an integer, not 2.5"):
        VectorEnv("omok", num_envs=2.5, size=9)
    with pytest.raises(ValueError, match="threads must be at least 1, not 0"):
        VectorEnv("omok", num_envs=2, threads=0, size=9)


def test_a_step_before_reset_is_refused():
    # It stepped the state the constructor made, an episode no seed describes.
    env = SingleAgentEnv("omok", size=9)
    with pytest.raises(ValueError, match="call reset\\(\\) before step\\(\\)"):
        env.step(0)
    assert env.raw.history == []


def test_reset_checks_the_seed_before_gymnasium():
    # Gymnasium saw the seed first: it refused numpy integers, and raised its own
    # gymnasium.error.Error for -1, 1.5 and "x".
    for make in (lambda: SingleAgentEnv("poker"), lambda: gymnasium.make("tabletop/Poker-v0")):
        env = make()
        obs, _ = env.reset(seed=np.int32(3))
        again, _ = env.reset(seed=3)
        assert np.array_equal(obs["observation"], again["observation"])
        assert env.unwrapped.raw.seed == 3
        for bad, error in [(-1, ValueError), (2**64, ValueError), (1.5, TypeError), ("x", TypeError),
                           (True, TypeError)]:
            with pytest.raises(error, match="a seed is"):
                env.reset(seed=bad)
