"""Mahjong's rule presets by name, three-player riichi (sanma) included."""

import pickle

import numpy as np
import pytest

from tabletop_env import RawEnv, VectorEnv, aec_env, parallel_env
from tabletop_env.distributed import tournament

PRESETS = ["tenhou", "mahjong_soul", "m_league", "wrc", "tenhou_sanma", "mahjong_soul_sanma"]


@pytest.mark.parametrize("rules", PRESETS)
def test_every_preset_builds_with_its_seats_and_ids(rules):
    env = RawEnv("mahjong_hand", rules=rules)
    sanma = rules.endswith("_sanma")
    assert env.num_players == (3 if sanma else 4)
    assert env.num_actions == (158 if sanma else 157)
    assert env.observation_shape == [56, 34]
    env.reset(3)
    assert env.action_mask().shape == (env.num_actions,)


def test_an_unknown_preset_is_a_value_error_listing_the_names():
    with pytest.raises(ValueError) as error:
        RawEnv("mahjong", rules="tenhou_yonma")
    message = str(error.value)
    assert "tenhou_yonma" in message
    for name in PRESETS:
        assert name in message


def test_rules_is_a_mahjong_option_only():
    with pytest.raises(ValueError, match="rules"):
        RawEnv("omok", rules="tenhou")


def test_sanma_has_three_agents_and_spaces_of_its_size():
    env = aec_env("mahjong", rules="tenhou_sanma")
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    space = env.action_space("player_0")
    assert space.n == 158
    assert env.observation_space("player_2")["observation"].shape == (56, 34)
    assert env.observation_space("player_2")["action_mask"].shape == (158,)


def play_randomly(env, seed, steps):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if env.to_move is None:
            break
        env.step(int(rng.choice(np.flatnonzero(env.action_mask()))))


def test_a_sanma_hanchan_pickles_mid_game_and_plays_on_identically():
    env = RawEnv("mahjong", rules="tenhou_sanma")
    env.reset(11)
    play_randomly(env, 0, 300)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.num_players == 3
    for _ in range(200):
        if env.to_move is None:
            break
        assert copy.to_move == env.to_move
        assert np.array_equal(copy.action_mask(), env.action_mask())
        for seat in range(3):
            assert np.array_equal(copy.observation(seat), env.observation(seat))
        id_ = int(np.flatnonzero(env.action_mask())[0])
        assert copy.step(id_) == env.step(id_)


def test_a_sanma_hand_pays_three_seats_zero_sum_rank_points():
    env = RawEnv("mahjong_hand", rules="tenhou_sanma")
    env.reset(5)
    play_randomly(env, 1, 2000)
    assert env.to_move is None
    returns = env.returns
    assert len(returns) == 3
    assert sorted(returns) == [-90.0, 0.0, 90.0]


def test_out_of_range_messages_of_sanma_name_the_last_seat_and_id():
    # Inclusive ranges: "seats 0..3" read as holding the seat 3 it refuses.
    env = RawEnv("mahjong", rules="tenhou_sanma")
    env.reset(2)
    mask = env.action_mask()
    with pytest.raises(ValueError, match=r"seat 3 does not exist: this game has 3 seats, 0 to 2$"):
        env.observation(3)
    with pytest.raises(ValueError, match=r"action id 158 is out of range: this environment has 158 ids, 0 to 157$"):
        env.step(158)
    assert np.array_equal(env.action_mask(), mask)
    vector = VectorEnv("mahjong", 2, rules="tenhou_sanma")
    vector.reset(seed=0)
    with pytest.raises(ValueError, match=r"action ids are 0 to 157, got ids from 0 to 158$"):
        vector.step(np.array([0, 158]))
    with pytest.raises(ValueError, match=r"an agent index, 0 to 1$"):
        tournament("mahjong_hand", ["random", "efficiency"], 1, seating=[0, 1, 2], rules="tenhou_sanma")


def test_a_sanma_parallel_step_refuses_an_action_for_a_fourth_agent():
    env = parallel_env("mahjong", rules="tenhou_sanma")
    observations, infos = env.reset(seed=0)
    acting = next(a for a in env.agents if infos[a]["acting"])
    mask = observations[acting]["action_mask"]
    actions = {a: 0 for a in env.agents}
    actions[acting] = int(np.flatnonzero(mask)[0])
    actions["player_3"] = 0
    with pytest.raises(ValueError, match=r"actions has entries for player_3, not agents of this game \(player_0, player_1, player_2\)"):
        env.step(actions)
    # Nothing was stepped: the same actions give what they give a fresh game.
    del actions["player_3"]
    fresh = parallel_env("mahjong", rules="tenhou_sanma")
    fresh.reset(seed=0)
    after, expected = env.step(actions)[0], fresh.step(actions)[0]
    for agent in env.agents:
        assert np.array_equal(after[agent]["observation"], expected[agent]["observation"])
