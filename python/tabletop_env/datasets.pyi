"""Type stubs of ``tabletop_env.datasets``: training shards from mjai logs."""

import os
import pathlib
from typing import Optional, Sequence, Union

import numpy as np

_Path = Union[str, os.PathLike[str]]

__all__ = ["LOG_FIELDS", "from_logs", "log_shard"]

#: The arrays of a shard of logs beyond ``distributed.SHARD_FIELDS``: ``(dtype, meaning)``.
LOG_FIELDS: dict[str, tuple[str, str]]

def log_shard(
    texts: list[str], rules: str, reward: str, scope: str, threads: int
) -> tuple[dict[str, np.ndarray], list[Optional[str]]]:
    """The rows of the records ``texts`` and, per record, ``None`` or why it gives no rows."""

def from_logs(
    paths: Union[_Path, Sequence[_Path]],
    out_dir: _Path,
    *,
    rules: str = "tenhou",
    reward: str = "rank",
    scope: str = "match",
    logs_per_shard: int = 64,
    backend: str = "local",
    workers: Optional[int] = 1,
    threads: Optional[int] = None,
    errors: str = "raise",
    compress: bool = True,
) -> list[pathlib.Path]:
    """Reads the game records at ``paths`` (full mjai logs, Tenhou's XML or tenhou.net/6 JSON;
    gzipped or not) and writes every decision to ``.npz`` shards of
    the self-play generator's layout in ``out_dir``; returns the shard paths in order."""
