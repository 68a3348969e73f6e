"""tabletop_env.distributed without Ray: tournaments, self-play shards, bad input."""

import pathlib
import subprocess
import sys
import time

import numpy as np
import pytest

from tabletop_env import RawEnv, derive_seed
from tabletop_env import distributed as D


def first_legal(observation, action_mask):
    """A deterministic agent: the lowest legal id."""
    return int(np.flatnonzero(action_mask)[0])


def last_legal(observation, action_mask):
    """A deterministic agent: the highest legal id."""
    return int(np.flatnonzero(action_mask)[-1])


def test_tournament_rotates_seats_and_scores_every_game():
    # Omok has no chance: the threat bot beats the lowest-id player from both colours.
    result = D.tournament("omok", ["threat", first_legal], 3, 5, size=9)
    assert result.agents == (
        D.AgentResult("threat", 1.0, 0.0, 6),
        D.AgentResult("first_legal", -1.0, 0.0, 6),
    )
    assert result.per_deal == ((1.0, -1.0),) * 3


def test_tournament_deals_are_seeded_and_replayed_in_every_rotation():
    # Seat 0 moves first at Matgo. Deal d is reset from derive_seed(seed, d) in both
    # rotations, so its first observation reaches agent 0 (seat 0 in rotation 0) and agent 1
    # (seat 0 in rotation 1).
    seen = {0: set(), 1: set()}

    def recorder(a):
        def agent(observation, action_mask):
            seen[a].add(observation.tobytes())
            return first_legal(observation, action_mask)

        return agent

    D.tournament("matgo", [recorder(0), recorder(1)], 2, 11)
    raw = RawEnv("matgo")

    def first_observation(seed):
        raw.reset(seed)
        return raw.observation(0).tobytes()

    for d in range(2):
        first = first_observation(derive_seed(11, d))
        assert first in seen[0] and first in seen[1]
    assert first_observation(derive_seed(12, 0)) not in seen[0] | seen[1]


def test_tournament_mean_is_the_mean_over_deals_of_the_rotation_means():
    result = D.tournament("mahjong_hand", ["efficiency", "random"], 3, 2)
    assert [a.games for a in result.agents] == [3 * 4, 3 * 4 * 3]  # [0, 1, 1, 1] rotated
    for a, agent in enumerate(result.agents):
        scores = [deal[a] for deal in result.per_deal]
        mean = sum(scores) / 3
        sd = (sum((s - mean) ** 2 for s in scores) / 2) ** 0.5
        assert agent.mean == pytest.approx(mean)
        assert agent.ci95 == pytest.approx(1.96 * sd / 3**0.5)
    # Rank points are zero-sum over the four seats, so over one seat against three.
    for deal in result.per_deal:
        assert deal[0] + 3 * deal[1] == pytest.approx(0.0)


@pytest.mark.parametrize("shard_size,workers", [(1, 1), (2, 1), (3, 2)])
def test_tournament_is_the_same_for_any_shard_size_and_workers(shard_size, workers):
    args = ("poker", ["counting", "random"], 5, 9)
    assert D.tournament(*args, shard_size=shard_size, workers=workers) == D.tournament(*args, shard_size=5)


def test_selfplay_shards_replay_to_the_recorded_returns(tmp_path):
    paths = D.generate_selfplay("matgo", ["tutorial", last_legal], 5, tmp_path, 4, shard_size=2)
    assert [p.name for p in paths] == ["shard-00000.npz", "shard-00001.npz", "shard-00002.npz"]
    shards = list(D.read_shards(tmp_path))
    assert [s["meta"]["first_episode"] for s in shards] == [0, 2, 4]
    assert shards[0]["meta"]["agents"] == ["tutorial", "last_legal"]
    data = {k: np.concatenate([s[k] for s in shards]) for k in D.SHARD_FIELDS}
    for name, (dtype, _) in D.SHARD_FIELDS.items():
        assert data[name].dtype == np.dtype(dtype), name
    assert data["observation"].shape[1:] == (15, 50)
    assert sorted(set(data["episode"].tolist())) == [0, 1, 2, 3, 4]
    raw = RawEnv("matgo")
    for e in range(5):
        rows = np.flatnonzero(data["episode"] == e)
        raw.reset(derive_seed(4, e))
        for i in rows:
            seat = int(data["seat"][i])
            assert seat == raw.to_move
            assert np.array_equal(data["observation"][i], raw.observation(seat))
            assert np.array_equal(data["action_mask"][i], raw.action_mask())
            assert data["action_mask"][i][data["action"][i]] == 1
            if seat == 1:
                assert data["action"][i] == raw.legal_action_ids()[-1]
            raw.step(int(data["action"][i]))
        assert raw.to_move is None
        assert data["return"][rows].tolist() == [raw.returns[s] for s in data["seat"][rows]]


def test_selfplay_shards_are_the_same_for_any_shard_size_and_workers(tmp_path):
    def stream(directory):
        return {k: np.concatenate([s[k] for s in D.read_shards(directory)]) for k in D.SHARD_FIELDS}

    D.generate_selfplay("poker", "random", 6, tmp_path / "a", 1, shard_size=6)
    D.generate_selfplay("poker", "random", 6, tmp_path / "b", 1, shard_size=2, workers=2)
    a, b = stream(tmp_path / "a"), stream(tmp_path / "b")
    for name in D.SHARD_FIELDS:
        assert np.array_equal(a[name], b[name]), name


def test_iter_batches_streams_fixed_batches_across_shards(tmp_path):
    D.generate_selfplay("omok", "random", 3, tmp_path, 0, shard_size=1, size=5)
    total = sum(len(s["action"]) for s in D.read_shards(tmp_path))
    batches = list(D.iter_batches(tmp_path, 7))
    assert [len(b["action"]) for b in batches] == [7] * (total // 7) + ([total % 7] if total % 7 else [])
    whole = np.concatenate([s["observation"] for s in D.read_shards(tmp_path)])
    assert np.array_equal(np.concatenate([b["observation"] for b in batches]), whole)
    assert sum(len(b["action"]) for b in D.iter_batches(tmp_path, 7, drop_last=True)) == total // 7 * 7


def test_selfplay_refuses_a_directory_that_holds_shards(tmp_path):
    D.generate_selfplay("omok", "random", 1, tmp_path, size=5)
    with pytest.raises(FileExistsError, match="already holds shards"):
        D.generate_selfplay("omok", "random", 1, tmp_path, size=5)


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        ({"agents": ["random", "nobody"]}, ValueError, "unknown bot 'nobody'"),
        ({"agents": ["random", 3]}, TypeError, "bot name or a callable"),
        ({"agents": "random"}, TypeError, "list"),
        ({"agents": []}, ValueError, "at least one agent"),
        ({"seed": -1}, ValueError, "0 to 2\\*\\*64-1"),
        ({"seed": 2**64}, ValueError, "0 to 2\\*\\*64-1"),
        ({"seed": 1.5}, TypeError, "a seed is an integer"),
        ({"seed": "7"}, TypeError, "a seed is an integer"),
        ({"deals": 0}, ValueError, "deals must be at least 1"),
        ({"deals": 2.0}, TypeError, "deals is an integer"),
        ({"seating": [0, 2]}, ValueError, "seating"),
        ({"seating": [0]}, ValueError, "seating"),
        ({"shard_size": 0}, ValueError, "shard_size"),
        ({"workers": 0}, ValueError, "workers"),
        ({"backend": "dask"}, ValueError, "backend"),
        ({"preset": "classic"}, ValueError, "does not apply"),
        ({"agents": ["random", lambda o, m: 0], "workers": 2}, TypeError, "pickles the agents"),
    ],
)
def test_tournament_bad_input(kwargs, error, match):
    args = {"game": "omok", "agents": ["random", "threat"], "deals": 1, "size": 5, **kwargs}
    with pytest.raises(error, match=match):
        D.tournament(**args)


def test_a_callable_choosing_a_masked_out_id_is_a_value_error():
    with pytest.raises(ValueError, match="chose id 0, which the mask rules out"):
        D.tournament("omok", ["random", lambda o, m: 0], 1, size=5)  # 0 is taken at once
    with pytest.raises(ValueError, match="chose id 99"):
        D.tournament("omok", [lambda o, m: 99, "random"], 1, size=5)
    with pytest.raises(TypeError, match="not an integer action id"):
        D.tournament("omok", [lambda o, m: 0.0, "random"], 1, size=5)


def test_selfplay_bad_input(tmp_path):
    with pytest.raises(ValueError, match="one per seat"):
        D.generate_selfplay("omok", ["random"] * 3, 1, tmp_path, size=5)
    with pytest.raises(ValueError, match="unknown bot"):
        D.generate_selfplay("omok", "tutorial", 1, tmp_path, size=5)
    with pytest.raises(ValueError, match="episodes"):
        D.generate_selfplay("omok", "random", 0, tmp_path, size=5)
    with pytest.raises(ValueError, match="not a directory"):
        next(D.read_shards(tmp_path / "missing"))
    with pytest.raises(ValueError, match="batch_size"):
        next(D.iter_batches(tmp_path, 0))


def test_the_example_script_runs_without_ray(tmp_path):
    script = pathlib.Path(__file__).resolve().parents[1] / "examples" / "ray_selfplay.py"
    args = ["--backend", "local", "--deals", "3", "--episodes", "2", "--out", str(tmp_path)]
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "tutorial" in done.stdout and "6 games" in done.stdout
    assert "self-play: 1 shards" in done.stdout


def test_numpy_integer_ids_and_unseated_agents():
    numpy_ids = D.tournament("poker", [lambda o, m: np.flatnonzero(m)[0], "counting", "random"], 2, 3,
                             seating=[0, 1])
    plain_ids = D.tournament("poker", [first_legal, "counting", "random"], 2, 3, seating=[0, 1])
    assert [a.mean for a in numpy_ids.agents] == [a.mean for a in plain_ids.agents]
    assert numpy_ids.agents[2] == D.AgentResult("random", 0.0, 0.0, 0)
    assert [deal[2] for deal in numpy_ids.per_deal] == [None, None]


def test_read_shards_refuses_truncated_and_foreign_files(tmp_path):
    good = D.generate_selfplay("omok", "random", 1, tmp_path / "good", size=5)[0]
    data = good.read_bytes()
    bad = tmp_path / "bad"
    bad.mkdir()
    arrays = dict(np.load(good))
    cases = {
        "truncated": lambda p: p.write_bytes(data[: len(data) // 2]),
        "empty": lambda p: p.write_bytes(b""),
        "text": lambda p: p.write_text("not a shard"),
        "foreign": lambda p: np.savez(p, x=np.zeros(3)),
        "dtype": lambda p: np.savez(p, **{**arrays, "action": arrays["action"].astype(np.float64)}),
        "rows": lambda p: np.savez(p, **{**arrays, "seat": arrays["seat"][:-1]}),
        "format": lambda p: np.savez(p, **{**arrays, "meta": np.array('{"format": 99}')}),
    }
    for name, write in cases.items():
        path = bad / f"{name}.npz"
        write(path)
        with pytest.raises(ValueError, match=f"{name}.npz is not a (readable )?self-play shard"):
            next(D.read_shards([path]))
    with pytest.raises(FileNotFoundError):
        next(D.read_shards([bad / "missing.npz"]))


def test_iter_batches_copies_each_row_once(tmp_path, monkeypatch):
    # Batches of one row from a shard of many: re-stacking the shard's rest for every batch
    # copied the shard once per row (quadratic time, a hang on real shards).
    D.generate_selfplay("omok", "random", 2, tmp_path, 0, shard_size=2, size=5)
    rows = sum(len(s["action"]) for s in D.read_shards(tmp_path))
    copied = []
    concatenate = np.concatenate
    monkeypatch.setattr(np, "concatenate", lambda arrays, *a, **k: copied.append(sum(map(len, arrays))) or
                        concatenate(arrays, *a, **k))
    assert sum(len(b["action"]) for b in D.iter_batches(tmp_path, 1)) == rows
    assert sum(copied) == rows * len(D.SHARD_FIELDS)


def test_iter_batches_refuses_shards_of_two_games(tmp_path):
    a = D.generate_selfplay("omok", "random", 1, tmp_path / "a", size=5)
    b = D.generate_selfplay("omok", "random", 1, tmp_path / "b", size=7)
    with pytest.raises(ValueError, match="one game only"):
        list(D.iter_batches(a + b, 10**6))


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11+")
def test_a_raising_callable_keeps_its_exception_and_says_where():
    def broken(observation, action_mask):
        raise KeyError("policy bug")

    with pytest.raises(KeyError, match="policy bug") as raised:
        D.tournament("omok", [broken, "random"], 1, 3, size=5)
    assert raised.value.__notes__ == [
        f"raised by agent {broken.__qualname__} at seat 0 (episode seed {derive_seed(3, 0)}, decision 0)"
    ]


def test_numpy_options_and_bad_sources_and_seatings(tmp_path):
    # A numpy size was taken by RawEnv but broke the shard's JSON meta after all the play.
    paths = D.generate_selfplay("omok", "random", 1, tmp_path, size=np.int64(5))
    assert next(D.read_shards(paths))["meta"]["options"] == {"size": 5}
    with pytest.raises(TypeError, match="a directory or a list of paths, not None"):
        next(D.read_shards(None))
    with pytest.raises(TypeError, match="seating is a list of agent indices"):
        D.tournament("omok", ["random", "random"], 1, seating=5, size=5)


def mark_or_fail(directory, i):
    """A shard task for the pool: job 0 fails at once, the others leave a file after half a second.

    The pool's two processes run the jobs in order, so by the time the first few jobs are done
    the caller has long seen job 0's error, even on a busy machine.
    """
    if i == 0:
        raise ValueError("shard 0 failed")
    time.sleep(0.5)
    (pathlib.Path(directory) / str(i)).touch()


def test_a_failing_shard_in_the_pool_cancels_the_shards_not_started(tmp_path):
    # The pool ran every remaining shard before the error reached the caller.
    jobs = [(str(tmp_path), i) for i in range(40)]
    with pytest.raises(ValueError, match="shard 0 failed"):
        list(D._run(mark_or_fail, jobs, "local", 2))
    assert len(list(tmp_path.iterdir())) < 10
