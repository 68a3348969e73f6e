"""Type stubs of ``tabletop_env.distributed``: duplicate tournaments and self-play shards."""

import os
import pathlib
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

#: A bot name, or ``f(observation uint8, action_mask int8) -> id``.
_Agent = Union[str, Callable[[npt.NDArray[np.uint8], npt.NDArray[np.int8]], int]]
_Shards = Union[str, os.PathLike[str], Iterable[Union[str, os.PathLike[str]]]]

__all__ = [
    "AgentResult",
    "TournamentResult",
    "tournament",
    "generate_selfplay",
    "read_shards",
    "iter_batches",
    "SHARD_FIELDS",
]

SHARD_FIELDS: dict[str, tuple[str, str]]
SHARD_FORMAT: int

@dataclass(frozen=True)
class AgentResult:
    """One agent's mean return per game over deals, its 95% half-width, its games."""

    name: str
    mean: float
    ci95: float
    games: int

@dataclass(frozen=True)
class TournamentResult:
    """The agents' results in order, and each deal's per-agent scores."""

    deals: int
    agents: tuple[AgentResult, ...]
    per_deal: tuple[tuple[Optional[float], ...], ...]

def tournament(
    game: str,
    agents: Sequence[_Agent],
    deals: int,
    seed: int = 0,
    *,
    seating: Optional[Sequence[int]] = None,
    shard_size: int = 16,
    backend: str = "local",
    workers: Optional[int] = 1,
    **options: Any,
) -> TournamentResult:
    """A duplicate tournament of ``agents`` over ``deals`` seeded deals, seats rotated."""

def tournament_shard(
    game: str,
    options: dict[str, Any],
    agents: Sequence[_Agent],
    seating: Sequence[int],
    seed: int,
    deals: range,
) -> tuple[list[tuple[Optional[float], ...]], list[int]]:
    """The task one tournament shard runs."""

def generate_selfplay(
    game: str,
    agents: Union[_Agent, Sequence[_Agent]],
    episodes: int,
    directory: Union[str, os.PathLike[str]],
    seed: int = 0,
    *,
    shard_size: int = 64,
    backend: str = "local",
    workers: Optional[int] = 1,
    compress: bool = True,
    **options: Any,
) -> list[pathlib.Path]:
    """Self-play episodes written as ``.npz`` shards; returns their paths in order."""

def selfplay_shard(
    game: str, options: dict[str, Any], seat_agents: Sequence[_Agent], seed: int, episodes: range
) -> dict[str, npt.NDArray[Any]]:
    """The task one self-play shard runs."""

def mean_ci95(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the 95% half-width ``1.96 * sd / sqrt(n)``."""

def read_shards(source: _Shards) -> Iterator[dict[str, Any]]:
    """Each shard as a dict of its arrays and ``meta``, one at a time."""

def iter_batches(source: _Shards, batch_size: int, drop_last: bool = False) -> Iterator[dict[str, npt.NDArray[Any]]]:
    """The decisions in order, in batches of ``batch_size`` across shards."""
