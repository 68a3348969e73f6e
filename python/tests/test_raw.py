"""RawEnv and RawVecEnv: bad input, snapshots, and the batch against single environments."""

import copy
import pickle

import numpy as np
import pytest

from tabletop_env import RawEnv, RawVecEnv, bot_names, game_names


def play_random(env, rng, steps):
    """Plays up to ``steps`` uniformly random legal ids; gives the ids played."""
    played = []
    for _ in range(steps):
        if env.is_terminal:
            break
        ids = env.legal_action_ids()
        played.append(int(rng.choice(ids)))
        env.step(played[-1])
    return played


def state_of(env):
    """Everything a caller can read of an environment."""
    seats = range(env.num_players)
    return (
        env.to_move,
        env.returns,
        env.action_mask().tobytes(),
        tuple(env.observation(s).tobytes() for s in seats),
    )


def test_game_and_bot_names():
    assert game_names() == ["omok", "matgo", "poker", "mahjong", "mahjong_hand"]
    assert bot_names("poker") == ["random", "counting"]
    with pytest.raises(ValueError, match="unknown game"):
        bot_names("chess")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "omok", "rule": "go"}, "unknown rule"),
        ({"game": "omok", "size": 40}, "invalid configuration"),
        ({"game": "matgo", "preset": "x"}, "unknown preset"),
        ({"game": "poker", "deck": "x"}, "unknown deck"),
        ({"game": "mahjong", "reward": "x"}, "unknown reward"),
        ({"game": "poker", "size": 9}, "does not apply"),
    ],
)
def test_unknown_options_are_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        RawEnv(**kwargs)


def test_an_unknown_option_name_is_a_type_error():
    with pytest.raises(TypeError):
        RawEnv("omok", colour="red")


def test_bad_actions_are_refused_and_change_nothing(game):
    name, options = game
    env = RawEnv(name, **options)
    env.reset(5)
    before = state_of(env)
    mask = env.action_mask()
    illegal = [i for i in range(env.num_actions) if mask[i] == 0]
    cases = [(-1, ValueError), (env.num_actions, ValueError), (2**40, ValueError), (1.5, TypeError),
             (float("nan"), TypeError), ("3", TypeError), (None, TypeError)]
    if illegal:
        cases.append((illegal[0], ValueError))
    for bad, error in cases:
        with pytest.raises(error):
            env.step(bad)
        assert state_of(env) == before, bad


def test_a_step_after_the_end_is_refused(game):
    name, options = game
    env = RawEnv(name, **options)
    env.reset(1)
    play_random(env, np.random.default_rng(1), 100_000)
    assert env.is_terminal and env.returns is not None
    before = state_of(env)
    with pytest.raises(ValueError, match="episode is over"):
        env.step(0)
    assert state_of(env) == before


def test_bad_buffers_are_refused(game):
    name, options = game
    env = RawEnv(name, **options)
    n, shape = env.num_actions, tuple(env.observation_shape)
    with pytest.raises(TypeError):
        env.write_action_mask(np.zeros(n, np.float32))
    with pytest.raises(ValueError, match="shape"):
        env.write_action_mask(np.zeros(n + 1, np.uint8))
    with pytest.raises(ValueError, match="contiguous"):
        env.write_action_mask(np.zeros(2 * n, np.uint8)[::2])
    with pytest.raises(TypeError):
        env.write_observation(0, np.zeros(shape, np.int64))
    with pytest.raises(ValueError, match="shape"):
        env.write_observation(0, np.zeros((1,) + shape, np.uint8))
    with pytest.raises(ValueError, match="seat"):
        env.write_observation(env.num_players, np.zeros(shape, np.uint8))
    out = np.zeros(shape, np.uint8)
    env.write_observation(0, out)
    assert np.array_equal(out, env.observation(0))
    mask = np.zeros(n, np.uint8)
    env.write_action_mask(mask)
    assert sorted(np.flatnonzero(mask)) == env.legal_action_ids()


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_snapshots_continue_identically(game, how):
    name, options = game
    env = RawEnv(name, **options)
    env.reset(11)
    play_random(env, np.random.default_rng(2), 20)
    snap = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    assert state_of(snap) == state_of(env)
    rest = play_random(env, np.random.default_rng(3), 100_000)
    for id_ in rest:
        snap.step(id_)
    assert state_of(snap) == state_of(env)
    assert snap.returns == env.returns


def vec_buffers(batch):
    shapes = batch.buffer_shapes
    return (np.zeros(shapes[0], np.uint8), np.zeros(shapes[1], np.uint8),
            np.zeros(shapes[2], np.float32), np.zeros(shapes[3], np.uint8),
            np.zeros(shapes[4], np.uint8))


@pytest.mark.parametrize("threads", [1, 2])
def test_the_batch_steps_as_its_slots_do(game, threads):
    name, options = game
    template = RawEnv(name, **options)
    batch = RawVecEnv(template, 3, 9, threads)
    out = vec_buffers(batch)
    batch.observe(*out)
    rng = np.random.default_rng(4)
    for _ in range(60):
        singles = [batch.slot(i) for i in range(3)]
        for i, env in enumerate(singles):
            assert np.array_equal(out[0][i], env.observation(env.to_move)), i
            assert np.array_equal(out[1][i], env.action_mask())
            assert out[4][i] == env.to_move
        ids = np.array([rng.choice(env.legal_action_ids()) for env in singles], np.uint32)
        batch.step(ids, *out)
        for i, env in enumerate(singles):
            rewards, terminated, _ = env.step(int(ids[i]))
            assert list(out[2][i]) == rewards
            assert bool(out[3][i]) == terminated


def test_the_batch_refuses_bad_input_and_writes_nothing():
    template = RawEnv("omok", size=9)
    batch = RawVecEnv(template, 2, 0, 2)
    out = vec_buffers(batch)
    batch.observe(*out)
    before = [a.copy() for a in out]
    with pytest.raises(ValueError, match="not legal"):
        batch.step(np.array([0, 0], np.uint32), *out)  # seat 0 played nothing yet: legal
        batch.step(np.array([0, 0], np.uint32), *out)  # point 0 is taken now
    out = vec_buffers(batch)
    batch.observe(*out)
    before = [a.copy() for a in out]
    with pytest.raises(TypeError):
        batch.step(np.array([1, 1], np.int64), *out)
    with pytest.raises(ValueError, match="ids"):
        batch.step(np.array([1, 1, 1], np.uint32), *out)
    with pytest.raises(ValueError, match="masks"):
        batch.step(np.array([1, 1], np.uint32), out[0], out[1][:, :-1], *out[2:])
    with pytest.raises(ValueError, match="not legal"):
        batch.step(np.array([1, 0], np.uint32), *out)
    for a, b in zip(out, before):
        assert np.array_equal(a, b)
    with pytest.raises(ValueError, match="at least one"):
        RawVecEnv(template, 0)


def test_a_pickled_batch_slot_continues_identically(game):
    # A slot has no seed or history of its own: only its snapshot holds its state.
    name, options = game
    batch = RawVecEnv(RawEnv(name, **options), 2, 5, 1)
    buffers = vec_buffers(batch)
    batch.observe(*buffers)
    rng = np.random.default_rng(4)
    for _ in range(15):
        masks = buffers[1]
        ids = np.array([rng.choice(np.flatnonzero(m)) for m in masks], np.uint32)
        batch.step(ids, *buffers)
    slot = batch.slot(1)
    snap = pickle.loads(pickle.dumps(slot))
    assert state_of(snap) == state_of(slot)
    rest = play_random(slot, np.random.default_rng(5), 100_000)
    for id_ in rest:
        snap.step(id_)
    assert state_of(snap) == state_of(slot)
    assert snap.returns == slot.returns


def test_a_snapshot_of_another_game_is_refused():
    env = RawEnv("mahjong_hand")
    state = env.__reduce__()[2]
    omok = RawEnv("omok")
    with pytest.raises(ValueError, match="snapshot is not an environment"):
        omok.__setstate__(state)
    with pytest.raises(ValueError, match="snapshot does not read"):
        omok.__setstate__({**state, "snapshot": "{"})
