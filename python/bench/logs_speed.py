"""Training samples from mjai logs per second, side by side with riichienv's log loader.

Reads the same full mjai logs with both, in the same run, on 1 process/thread and on 2:

- ours: ``tabletop_env._core.log_samples`` (what ``datasets.from_logs`` runs per shard): every
  decision's observation (56x34 uint8) and mask (157) written as ``RawEnv("mahjong")`` writes
  them, the log replayed and checked line by line; the rows returned as numpy arrays. Two
  threads: the same call with ``threads=2`` (rayon, one log per task).
- riichienv 0.4.11 (PyPI): ``MjaiReplay.from_jsonl(path).take_kyokus()``, each kyoku's
  ``steps(skip_single_action=False)`` yielding ``(seat, Observation, Action)``, and for each
  step ``Observation.encode()`` (its planes as bytes) and ``mask()``: its loader of training
  data from mjai logs. Two processes: a ``multiprocessing`` pool of 2 over the logs.

The loaders count decisions differently: ours every decision of the environment (each seat
asked about a claim answers, a lone ``pass`` included), riichienv's only the steps its replay
yields. So the line compares logs per second (the same input, each loader giving all its
samples), and prints both decision counts and ours without the lone passes.

    cargo bench -p tabletop-benches --bench env_logs --no-run   # then, with the binary named:
    TABLETOP_LOGS_DUMP=/tmp/logs target/release/deps/env_logs-<hash>
    python python/bench/logs_speed.py /tmp/logs --repeats 5

Not a test. Mortal's own ``libriichi`` dataset loader (``GameplayLoader``) is not measured: the
only build of libriichi on PyPI (``mjai`` 0.2.1's ``mjai.mlibriichi``) ships ``arena``,
``state`` and ``tools`` but no ``dataset`` module.
"""

import argparse
import multiprocessing
import pathlib
import statistics
import time

from tabletop_env._core import log_samples


def ours(texts, threads):
    arrays, errors = log_samples(texts, threads=threads)
    assert not any(errors), errors
    return len(arrays["action"]), int((arrays["action_mask"].sum(axis=1) > 1).sum())


def riichienv_log(path):
    import riichienv

    steps = 0
    for kyoku in riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus():
        for _seat, obs, _action in kyoku.steps(skip_single_action=False):
            obs.encode()
            obs.mask()
            steps += 1
    return steps


def riichienv_all(paths, processes):
    if processes == 1:
        return sum(riichienv_log(p) for p in paths)
    with multiprocessing.Pool(processes) as pool:
        return sum(pool.map(riichienv_log, paths))


def timed(run, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", type=pathlib.Path, help="a directory of full mjai logs (*.jsonl)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    paths = sorted(args.logs.glob("*.jsonl"))
    texts = [p.read_text() for p in paths]
    print(f"{len(paths)} logs, {sum(t.count(chr(10)) for t in texts)} lines; medians of {args.repeats} runs")
    for workers in (1, 2):
        t_ours, (decisions, choices) = timed(lambda: ours(texts, workers), args.repeats)
        t_theirs, steps = timed(lambda: riichienv_all(paths, workers), args.repeats)
        print(
            f"{workers} core(s): ours {len(paths) / t_ours:8.1f} logs/s, {decisions / t_ours / 1e6:.3f}M decisions/s "
            f"({decisions} decisions, {choices} with a choice: {choices / t_ours / 1e6:.3f}M/s) | "
            f"riichienv {len(paths) / t_theirs:8.1f} logs/s, {steps / t_theirs / 1e6:.3f}M steps/s ({steps} steps) | "
            f"ratio (logs/s) {t_theirs / t_ours:.1f}x"
        )


if __name__ == "__main__":
    main()
