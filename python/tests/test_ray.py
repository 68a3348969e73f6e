"""tabletop_env.distributed on a two-node Ray cluster started on this machine.

The cluster (``ray.cluster_utils.Cluster``: a head and one worker node, one CPU each) is
started once for the module; its start dominates the time of these tests. Every Ray process
listens on the loopback address only.
"""

import os
import time

import numpy as np
import pytest

from tabletop_env import distributed as D

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def cluster():
    """A two-node Ray cluster, the driver connected to it."""
    from ray.cluster_utils import Cluster

    # Ray resolves 127.0.0.1 to the machine's outward address on Linux unless its
    # Windows/macOS single-machine mode is forced off, which keeps it on loopback.
    saved = {k: os.environ.get(k) for k in ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "RAY_USAGE_STATS_ENABLED")}
    os.environ.update(RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0", RAY_USAGE_STATS_ENABLED="0")
    import ray._private.ray_constants as constants

    enabled, constants.ENABLE_RAY_CLUSTER = constants.ENABLE_RAY_CLUSTER, False
    node = {"num_cpus": 1, "node_ip_address": "127.0.0.1", "object_store_memory": 80 * 2**20}
    two_nodes = Cluster(initialize_head=True, head_node_args={**node, "include_dashboard": False})
    two_nodes.add_node(**node)
    ray.init(address=two_nodes.address, logging_level="warning", log_to_driver=False)
    yield two_nodes
    ray.shutdown()
    two_nodes.shutdown()
    constants.ENABLE_RAY_CLUSTER = enabled
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def test_the_cluster_has_two_nodes(cluster):
    assert sum(node["Alive"] for node in ray.nodes()) == 2
    assert ray.cluster_resources()["CPU"] == 2


def test_ray_tournament_equals_the_single_process_run(cluster):
    args = ("matgo", ["tutorial", "random"], 6, 21)
    local = D.tournament(*args, shard_size=6)
    assert D.tournament(*args, shard_size=1, backend="ray") == local
    assert D.tournament(*args, shard_size=4, backend="ray", workers=1) == local


def test_ray_tournament_runs_lambdas_and_reports_their_errors(cluster):
    args = ("omok", ["threat", lambda o, m: int(np.flatnonzero(m)[0])], 2)
    assert D.tournament(*args, backend="ray", shard_size=1, size=9) == D.tournament(*args, size=9)
    with pytest.raises(ValueError, match="the mask rules out"):
        D.tournament("omok", ["random", lambda o, m: 0], 2, backend="ray", shard_size=1, size=5)


def test_ray_selfplay_shards_equal_the_single_process_shards(cluster, tmp_path):
    D.generate_selfplay("poker", ["counting", "random"], 5, tmp_path / "local", 3, shard_size=5)
    D.generate_selfplay("poker", ["counting", "random"], 5, tmp_path / "ray", 3, shard_size=2,
                        backend="ray")
    local = list(D.read_shards(tmp_path / "local"))
    remote = list(D.read_shards(tmp_path / "ray"))
    assert len(local) == 1 and len(remote) == 3
    for name in D.SHARD_FIELDS:
        assert np.array_equal(local[0][name], np.concatenate([s[name] for s in remote])), name


def test_a_failing_task_stops_the_job_after_the_tasks_in_flight(cluster, tmp_path):
    # With workers=None every shard was submitted at once and ran on after the error. Now at
    # most the cluster's two CPUs' worth are in flight: shard 0 fails at once and shard 1,
    # running beside it, marks its file after two seconds; no shard after them may start,
    # and the error reaches the caller only once shard 1 has ended (its outcome read).
    def fail_or_mark(directory, i):
        import pathlib
        import time

        if i == 0:
            raise ValueError("shard 0 failed")
        time.sleep(2)
        (pathlib.Path(directory) / str(i)).touch()

    jobs = [(str(tmp_path), i) for i in range(30)]
    with pytest.raises(ValueError, match="shard 0 failed"):
        list(D._run(fail_or_mark, jobs, "ray", None))
    assert [path.name for path in tmp_path.iterdir()] == ["1"]
    time.sleep(3)  # a shard submitted after the error would have marked its file by now
    assert [path.name for path in tmp_path.iterdir()] == ["1"]


def test_only_the_first_error_is_raised_and_no_other_is_logged(cluster, monkeypatch):
    # When every shard fails (a failing agent), the driver raised shard 0's error, dropped the
    # other tasks' references, and Ray logged an "Unhandled error" traceback for each error
    # nobody read. Here all eight shards are in flight and shard 0 fails after the others
    # have failed, so that there are many.
    import gc

    import ray._private.worker as ray_worker

    unhandled = []
    monkeypatch.setattr(ray_worker, "_unhandled_error_handler", unhandled.append)

    def fail(i):
        import time

        if i == 0:
            time.sleep(3)
        raise ValueError(f"shard {i} failed")

    with pytest.raises(ValueError, match="shard 0 failed"):
        list(D._run(fail, [(i,) for i in range(8)], "ray", 8))
    gc.collect()
    time.sleep(2)  # Ray reports a dropped error from its own thread
    assert unhandled == []


def test_ray_shards_of_logs_equal_the_local_ones(cluster, tmp_path):
    import pathlib

    from tabletop_env import datasets

    folder = pathlib.Path(__file__).resolve().parents[2] / "crates/mahjong-core/tests/data/mjai"
    logs = sorted(folder.glob("mlibriichi-*.jsonl"))[:3]
    local = datasets.from_logs(logs, tmp_path / "local", logs_per_shard=3)
    remote = datasets.from_logs(logs, tmp_path / "ray", logs_per_shard=1, backend="ray", workers=2)
    assert len(local) == 1 and len(remote) == 3

    def rows(paths):
        arrays = []
        for path in paths:
            with np.load(path) as data:
                arrays.append({k: data[k] for k in data.files if k != "meta"})
        return {k: np.concatenate([a[k] for a in arrays]) for k in arrays[0]}

    a, b = rows(local), rows(remote)
    assert set(a) == {*D.SHARD_FIELDS, *datasets.LOG_FIELDS}
    for name in a:
        assert np.array_equal(a[name], b[name]), name
