"""RawEnv and RawVecEnv: bad input, snapshots, and the batch against single environments."""

import copy
import pickle

import numpy as np
import pytest

from tabletop_env import RawEnv, RawVecEnv, bot_names, derive_seed, game_names


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
    assert game_names() == ["omok", "matgo", "poker", "mahjong", "mahjong_hand", "gostop"]
    assert bot_names("gostop") == ["random", "tutorial"]
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
        ({"game": "gostop", "preset": "tutorial"}, "unknown preset"),
        ({"game": "gostop", "deck": "standard"}, "does not apply"),
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
        batch.step(np.array([1.0, 1.0]), *out)
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
    with pytest.raises(ValueError, match="snapshot is not the environment"):
        omok.__setstate__(state)
    with pytest.raises(ValueError, match="snapshot does not read"):
        omok.__setstate__({**state, "snapshot": "{"})


def test_a_snapshot_of_other_options_seed_or_history_is_refused():
    # Checked before by game and sizes only: a points-reward hand restored under rank
    # rewards played on with points, an m_league hand under tenhou with m_league's rules.
    env = RawEnv("mahjong_hand", reward="points")
    env.reset(7)
    play_random(env, np.random.default_rng(1), 5)
    state = env.__reduce__()[2]
    for other in [RawEnv("mahjong_hand", reward="rank"), RawEnv("mahjong_hand", rules="m_league")]:
        with pytest.raises(ValueError, match="snapshot is not the environment"):
            other.__setstate__(state)
    same = RawEnv("mahjong_hand", reward="points")
    for wrong in [{"seed": 999}, {"history": state["history"][:-1]}]:
        with pytest.raises(ValueError, match="seed and history"):
            same.__setstate__({**state, **wrong})
    same.__setstate__(state)
    assert state_of(same) == state_of(env)
    # A batch slot's copy (no seed) is checked against its options alone.
    slot = RawVecEnv(env, 1).slot(0)
    slot_state = slot.__reduce__()[2]
    with pytest.raises(ValueError, match="snapshot is not the environment"):
        RawEnv("mahjong_hand", reward="rank").__setstate__(slot_state)


def test_integers_out_of_range_are_value_errors_and_bools_type_errors():
    # PyO3 alone raised OverflowError (not a ValueError) for these, and took True for 1.
    env = RawEnv("omok", size=9)
    env.reset(3)
    env.step(40)
    batch = RawVecEnv(env, 2)
    out = np.zeros(env.observation_shape, np.uint8)
    before = state_of(env), env.history, env.seed
    calls = [
        lambda: env.step(2**70), lambda: env.step(-(2**70)), lambda: env.reset(-1),
        lambda: env.reset(2**64), lambda: env.observation(-1), lambda: env.write_observation(-1, out),
        lambda: env.action_name(2**70), lambda: env.bot_action("random", -1),
        lambda: RawEnv("omok", size=300), lambda: RawEnv("omok", size=-1),
        lambda: derive_seed(-1, 0), lambda: derive_seed(0, 2**64),
        lambda: RawVecEnv(env, -1), lambda: RawVecEnv(env, 2, -1), lambda: RawVecEnv(env, 2, 0, -1),
        lambda: batch.set_threads(-1), lambda: batch.slot(-1), lambda: batch.write_final_observation(-1, out),
        lambda: env.__setstate__({"seed": -1, "history": []}),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="out of range: an integer from 0 to"):
            call()
    for call in [lambda: env.step(True), lambda: env.reset(False), lambda: RawEnv("omok", size=True)]:
        with pytest.raises(TypeError, match="not the bool"):
            call()
    assert (state_of(env), env.history, env.seed) == before


def test_read_only_aliased_and_fortran_arrays_are_refused(game):
    # rust-numpy panicked (PanicException, past `except Exception`) on the first two and
    # wrote C-order data into Fortran-order arrays.
    name, options = game
    env = RawEnv(name, **options)
    env.reset(2)
    batch = RawVecEnv(env, 2)
    out = vec_buffers(batch)
    batch.observe(*out)
    before = [a.copy() for a in out]
    ids = np.array([env.legal_action_ids()[0]] * 2, np.uint32)
    read_only = out[1].copy()
    read_only.flags.writeable = False
    mask = np.zeros(env.num_actions, np.uint8)
    mask.flags.writeable = False
    with pytest.raises(ValueError, match="`out` is read-only"):
        env.write_action_mask(mask)
    with pytest.raises(ValueError, match="`masks` is read-only"):
        batch.step(ids, out[0], read_only, *out[2:])
    with pytest.raises(ValueError, match="`to_move` is in use"):
        batch.step(ids, *out[:4], out[3])
    with pytest.raises(ValueError, match="`masks` is in use"):
        batch.observe(out[0], out[0].reshape(2, -1)[:, : env.num_actions], *out[2:])
    with pytest.raises(ValueError, match="`observations` must be C-contiguous"):
        batch.step(ids, np.asfortranarray(out[0]), *out[1:])
    fortran = np.asfortranarray(np.zeros(env.observation_shape, np.uint8))
    if fortran.ndim > 1:
        with pytest.raises(ValueError, match="`out` must be C-contiguous"):
            env.write_observation(0, fortran)
    for a, b in zip(out, before):
        assert np.array_equal(a, b)


def test_batch_errors_name_the_array_and_its_dtype():
    batch = RawVecEnv(RawEnv("omok", size=9), 2)
    out = vec_buffers(batch)
    with pytest.raises(TypeError, match=r"`ids` must be a numpy array of an integer dtype \(uint32, int64, ...\) with ndim 1, not an array of dtype float64"):
        batch.step(np.array([np.nan, 1.0]), *out)
    with pytest.raises(TypeError, match=r"`ids` must be a numpy array of an integer dtype \(uint32, int64, ...\) with ndim 1, not a list"):
        batch.step([1, 2], *out)
    with pytest.raises(TypeError, match="`masks` must be a numpy array of dtype uint8 with ndim 2, not an array of dtype int8"):
        batch.observe(out[0], out[1].view(np.int8), *out[2:])
    with pytest.raises(TypeError, match="expected the 5 arrays observations, masks, rewards, terminated, to_move, got 4"):
        batch.observe(*out[:4])


def test_zero_threads_is_refused_as_vector_env_refuses_it():
    # RawVecEnv(..., threads=0) and set_threads(0) stepped on one thread without a word.
    template = RawEnv("omok", size=9)
    with pytest.raises(ValueError, match="threads must be at least 1, not 0"):
        RawVecEnv(template, 2, 0, 0)
    batch = RawVecEnv(template, 2, 0, 2)
    with pytest.raises(ValueError, match="threads must be at least 1, not 0"):
        batch.set_threads(0)
    batch.set_threads(5)  # more threads than slots are not used: taken


def test_a_wrong_number_of_dimensions_is_a_shape_value_error():
    # An array of the right dtype with another ndim (ids of shape (4, 1)) was a TypeError.
    batch = RawVecEnv(RawEnv("omok", size=9), 4)
    out = vec_buffers(batch)
    batch.observe(*out)
    before = [a.copy() for a in out]
    with pytest.raises(ValueError, match=r"`ids` has shape \[4, 1\], expected \[4\]"):
        batch.step(np.zeros((4, 1), np.uint32), *out)
    with pytest.raises(ValueError, match=r"`masks` has shape \[4, 81, 1\], expected an array with ndim 2"):
        batch.step(np.zeros(4, np.uint32), out[0], out[1][..., None], *out[2:])
    with pytest.raises(ValueError, match=r"`out` has shape \[81, 1\], expected an array with ndim 1"):
        RawEnv("omok", size=9).write_action_mask(np.zeros((81, 1), np.uint8))
    for a, b in zip(out, before):
        assert np.array_equal(a, b)


def test_ids_of_any_integer_dtype_are_taken_when_they_fit():
    # masks.argmax(1) gives int64 ids, which were a TypeError: only uint32 was taken.
    runs = []
    for dtype in (np.uint32, np.int64, np.int32, np.uint64, np.int16, np.uint8):
        batch = RawVecEnv(RawEnv("omok", size=9), 3, 1)
        out = vec_buffers(batch)
        batch.observe(*out)
        for _ in range(5):
            batch.step(out[1].argmax(1).astype(dtype), *out)
        runs.append([a.tobytes() for a in out])
    assert all(run == runs[0] for run in runs)
    before = [a.copy() for a in out]
    for bad, shown in [(np.array([0, -1, 0]), "-1"), (np.array([0, 2**32, 0], np.int64), str(2**32))]:
        with pytest.raises(ValueError, match=rf"`ids\[1\]` is {shown}: an action id is from 0 to 4294967295"):
            batch.step(bad, *out)
    for bad in (np.array([0.0, 1.0, 2.0]), np.array([True, False, True]), [0, 1, 2]):
        with pytest.raises(TypeError, match="`ids` must be a numpy array of an integer dtype"):
            batch.step(bad, *out)
    for a, b in zip(out, before):
        assert np.array_equal(a, b)


def test_a_new_environment_is_dealt_from_seed_0_and_says_so(game):
    # `.seed` was None while a new environment played seed 0's deal.
    name, options = game
    env = RawEnv(name, **options)
    assert env.seed == 0 and env.history == []
    dealt = RawEnv(name, **options)
    dealt.reset(0)
    assert state_of(env) == state_of(dealt)
    snap = pickle.loads(pickle.dumps(env))
    assert snap.seed == 0 and state_of(snap) == state_of(env)
    assert RawVecEnv(env, 1).slot(0).seed is None  # a slot's seed is not recorded


@pytest.mark.parametrize(
    "kwargs",
    [
        {"game": "Omok"},
        {"game": "omok", "rule": "Renju"},
        {"game": "omok", "rule": " renju"},
        {"game": "matgo", "preset": "Standard"},
        {"game": "poker", "deck": "Grand_Final"},
        {"game": "mahjong", "rules": "Tenhou"},
        {"game": "mahjong", "reward": "RANK"},
    ],
)
def test_every_name_is_matched_exactly_in_lower_case(kwargs):
    # rule="Renju" was taken (omok-core's parser ignores case and spaces) while
    # preset="Standard" was refused.
    with pytest.raises(ValueError, match="names are matched exactly, in lower case"):
        RawEnv(**kwargs)
    with pytest.raises(ValueError, match="names are matched exactly, in lower case"):
        RawEnv("poker").bot_action("Random")


@pytest.mark.parametrize("game", ["omok", "matgo", "gostop", "poker", "mahjong"])
def test_the_batch_bot_actions_equal_each_slot_bot_action(game):
    template = RawEnv(game, size=9) if game == "omok" else RawEnv(game)
    batch = RawVecEnv(template, 5, 3)
    arrays = [np.zeros(shape, dtype) for shape, dtype in
              zip(batch.buffer_shapes, [np.uint8, np.uint8, np.float32, np.uint8, np.uint8])]
    for step in range(6):
        for name in bot_names(game):
            ids = batch.bot_actions(name, step)
            assert ids.dtype == np.int64 and ids.shape == (5,)
            expected = [batch.slot(i).bot_action(name, derive_seed(step, i)) for i in range(5)]
            assert ids.tolist() == expected
        batch.step(batch.bot_actions(bot_names(game)[-1], step), *arrays)
    with pytest.raises(ValueError, match="unknown bot"):
        batch.bot_actions("Random")
    with pytest.raises(ValueError):
        batch.bot_actions("random", -1)
