"""Training data from game records: riichi mahjong's mjai logs written as the ``.npz`` shards
the self-play generator writes (``tabletop_env.distributed.generate_selfplay``), so that
``distributed.read_shards`` and ``distributed.iter_batches`` read both alike.

Each decision of each seat in a log is one row: the seat's observation exactly as
``RawEnv("mahjong")`` writes it at that decision, its legal mask, the id the log's player
took and the seat's result. The log is replayed by the Rust crates (mahjong-core's mjai
replay checks every line against the rules) and played again in the environment
(tabletop-env's ``mahjong::logs``): a log that does not replay is refused with the line
that breaks it.
"""

import gzip
import json
import os
import pathlib
import zlib

import numpy as np

from . import _checks
from ._core import log_samples
from .distributed import SHARD_FORMAT as _SHARD_FORMAT
from .distributed import _check_run, _run

__all__ = ["LOG_FIELDS", "from_logs", "log_shard"]

#: The arrays a shard of logs has beyond ``SHARD_FIELDS``, one row per decision:
#: ``(dtype, meaning)``. ``episode`` is the log's index in the ``paths`` given, and ``return``
#: the acting seat's result of the match (of the hand for ``scope="hands"``).
LOG_FIELDS = {
    "hand": ("int64", "the hand's index in its log (0 for the first)"),
    "hand_return": ("float32", "the seat's result of the hand, as a one-hand environment pays it"),
    "line": ("int64", "the log line the action was read from (1-based)"),
}

_SCOPES = {"match": "mahjong", "hands": "mahjong_hand"}
_DEFAULTS = {"rules": "tenhou", "reward": "rank"}


def _read(path):
    """The text of the log at ``path`` (``.gz`` unzipped) as UTF-8, and ``None``; or ``""``
    and why it cannot be read (not UTF-8, a broken gzip). ``FileNotFoundError`` when it is
    missing."""
    path = pathlib.Path(path)
    try:
        with open(path, "rb") as file:
            data = file.read()
        if data[:2] == b"\x1f\x8b":  # gzip, whatever the name (Tenhou's .mjlog files are)
            data = gzip.decompress(data)
        return data.decode("utf-8-sig"), None  # a byte-order mark first is dropped
    except FileNotFoundError:
        raise
    except (UnicodeDecodeError, OSError, EOFError, zlib.error) as error:
        return "", f"not a text log ({error})"


def _read_all(paths):
    """The texts of ``paths`` and, per path, ``None`` or why it cannot be read."""
    read = [_read(p) for p in paths]
    return [t for t, _ in read], [e for _, e in read]


def log_shard(texts, rules, reward, scope, threads):
    """The rows of the records ``texts`` (``SHARD_FIELDS`` and ``LOG_FIELDS`` arrays) and,
    per record, ``None`` or why it gives no samples. The task a shard runs (locally or on Ray)."""
    return log_samples(texts, rules=rules, reward=reward, scope=scope, threads=threads)


_EXTENSIONS = tuple(e + gz for e in (".jsonl", ".json", ".xml", ".mjlog") for gz in ("", ".gz"))


def _paths(paths):
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    try:
        paths = [pathlib.Path(p) for p in paths]
    except TypeError as error:
        raise TypeError(f"paths is a path or a list of paths, not {paths!r} ({error})") from None
    files = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.name.endswith(_EXTENSIONS)))
        else:
            files.append(path)
    return files


def from_logs(paths, out_dir, *, rules="tenhou", reward="rank", scope="match", logs_per_shard=64,
              backend="local", workers=1, threads=None, errors="raise", compress=True):
    """Reads the game records at ``paths`` and writes every decision to ``.npz`` shards.

    ``paths`` is a path or a list of paths: files (gzip is unzipped) or directories (their
    ``*.jsonl``, ``*.json``, ``*.xml``, ``*.mjlog`` and gzipped ones, in name order). A record
    is a full mjai log, or Tenhou's XML (mjlog) or tenhou.net/6 JSON, told by its text;
    Tenhou's records are read under the rules they name, which must seat as many players as
    ``rules``. Each log is a whole match from
    East 1 (``scope="match"``, the episode of ``RawEnv("mahjong")``) or hands each on the
    table its ``start_kyoku`` gives (``scope="hands"``, each the episode of
    ``RawEnv("mahjong_hand")``), under the preset ``rules`` (``"tenhou"``, ``"tenhou_sanma"``
    ...) and paid by ``reward`` (``"rank"``, ``"points"``, ``"score"``), as ``RawEnv`` takes
    them. A row is every decision of the environment, a seat's lone pass on a claim included
    (keep the rows whose mask has more than one legal id for the real choices); a claim that
    a claim of higher priority beat is a pass (mjai writes only the claim made).

    Shard ``k`` holds logs ``k * logs_per_shard`` up to the next shard's, in
    ``out_dir/shard-{k:05d}.npz``, with the arrays of ``distributed.SHARD_FIELDS`` (same names
    and dtypes as a self-play shard; ``episode`` is the log's index in the list of files),
    those of ``LOG_FIELDS``, and ``meta``, a JSON string: game, options (``rules`` and ``reward``
unless the defaults, as a self-play shard of the same game writes them, so that
``distributed.iter_batches`` streams both together), seed (0), first_episode,
    episodes, agents (empty), format, and ``logs`` (the files) and ``skipped`` (the logs that
    gave no samples, with the reason, when ``errors="skip"``).

    ``backend="local"`` reads each shard's logs on ``threads`` Rust threads (``workers`` when
    ``None``), shards one after another; ``backend="ray"`` runs one Ray task per shard, at most
    ``workers`` in flight (the texts travel with the task: no shared directory is needed).
    The shards are the same for every backend and number of workers.

    Returns the shard paths in order. Raises ``ValueError`` for an unknown preset, reward or
    scope, a log that does not replay (with ``errors="raise"``: the file and the line), or no
    logs; ``FileExistsError`` when ``out_dir`` already holds shards; ``FileNotFoundError`` for
    a missing file.
    """
    if scope not in _SCOPES:
        raise ValueError(f"unknown scope {scope!r}: choose one of {', '.join(_SCOPES)}")
    if errors not in ("raise", "skip"):
        raise ValueError(f"errors {errors!r}: 'raise' or 'skip'")
    _check_run(backend, workers, 1)
    logs_per_shard = _checks.positive_int("logs_per_shard", logs_per_shard)
    threads = _checks.positive_int("threads", workers if threads is None else threads)
    files = _paths(paths)
    if not files:
        raise ValueError(f"no logs in {paths!r}")
    log_samples([], rules=rules, reward=reward, scope=scope)  # the options, checked early
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    if any(out_dir.glob("shard-*.npz")):
        raise FileExistsError(f"{out_dir} already holds shards: choose an empty directory")
    save = np.savez_compressed if compress else np.savez
    shards = [files[s:s + logs_per_shard] for s in range(0, len(files), logs_per_shard)]
    read = [None] * len(shards)

    def texts(k):
        read[k] = _read_all(shards[k])
        return read[k][0]

    if backend == "ray":  # the texts travel with the tasks, read here
        jobs = [(texts(k), rules, reward, scope, 1) for k in range(len(shards))]
        results = _run(log_shard, jobs, backend, workers)
    else:  # one shard at a time in memory, its logs read on Rust threads
        results = (log_shard(texts(k), rules, reward, scope, threads) for k in range(len(shards)))
    # As RawEnv's options given to the self-play generator: the defaults left out.
    options = {k: v for k, v in (("rules", rules), ("reward", reward)) if v != _DEFAULTS[k]}
    written, first = [], 0
    for k, (shard, (arrays, failures)) in enumerate(zip(shards, results)):
        failures = [unread or failed for unread, failed in zip(read[k][1], failures)]
        read[k] = None
        skipped = [{"log": str(p), "error": e} for p, e in zip(shard, failures) if e is not None]
        if skipped and errors == "raise":
            raise ValueError(f"{skipped[0]['log']}: {skipped[0]['error']}")
        arrays["episode"] = arrays["episode"] + first  # Ray gives read-only arrays
        meta = {"game": _SCOPES[scope], "options": options, "seed": 0,
                "first_episode": first, "episodes": len(shard), "agents": [],
                "format": _SHARD_FORMAT, "logs": [str(p) for p in shard], "skipped": skipped}
        path = out_dir / f"shard-{k:05d}.npz"
        partial = out_dir / f".shard-{k:05d}.partial.npz"
        save(partial, meta=np.array(json.dumps(meta)), **arrays)
        os.replace(partial, path)
        written.append(path)
        first += len(shard)
    return written

