"""Type stubs of the Rust extension ``tabletop_env._core``."""

from typing import Any, Optional, final

import numpy as np
import numpy.typing as npt

__all__ = ["RawEnv", "RawVecEnv", "bot_names", "derive_seed", "game_names"]

def game_names() -> list[str]:
    """The game names ``RawEnv`` takes."""

def bot_names(game: str) -> list[str]:
    """The bot names of ``game``; ``ValueError`` for an unknown game."""

def derive_seed(seed: int, x: int) -> int:
    """The crate's ``seed::derive(seed, x)``: a new seed from a seed and one more number (both
    ``0..2**64``), the same on every platform."""

def log_samples(
    texts: list[str], rules: str = "tenhou", reward: str = "rank", scope: str = "match", threads: int = 1
) -> tuple[dict[str, np.ndarray], list[Optional[str]]]:
    """The rows of the records ``texts`` (full mjai logs under the mahjong preset ``rules``;
    Tenhou's XML or tenhou.net/6 JSON under the rules they name, of ``rules``' seats), paid by
    ``reward``, each a whole match (``scope="match"``) or hands (``"hands"``), read on
    ``threads`` Rust threads with the GIL released: ``(arrays, errors)``, ``arrays`` the
    ``SHARD_FIELDS`` and ``datasets.LOG_FIELDS`` arrays of the logs that replay (``episode``
    the log's index in ``texts``), ``errors`` per log ``None`` or why it gives no rows (its
    line named). ``ValueError`` for an unknown preset, reward or scope, or 0 threads."""

def mjai_log(seed: int, ids: list[int], rules: str = "tenhou", scope: str = "match") -> str:
    """The full mjai log of the episode of ``seed`` played with ``ids`` in ``RawEnv("mahjong")``
    (``scope="match"``) or ``RawEnv("mahjong_hand")`` (``"hands"``) of preset ``rules``; it
    stops where the ids do. ``ValueError`` for an unknown preset or scope, or an id refused."""

@final
class RawEnv:
    """One environment of any game (see the ``tabletop-env`` crate README for ids and planes)."""

    def __new__(
        cls,
        game: str,
        rule: Optional[str] = None,
        size: Optional[int] = None,
        preset: Optional[str] = None,
        deck: Optional[str] = None,
        reward: Optional[str] = None,
        rules: Optional[str] = None,
    ) -> RawEnv: ...
    @property
    def game(self) -> str: ...
    @property
    def num_players(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> list[int]: ...
    @property
    def to_move(self) -> Optional[int]: ...
    @property
    def is_terminal(self) -> bool: ...
    @property
    def returns(self) -> Optional[list[float]]: ...
    @property
    def seed(self) -> Optional[int]:
        """The seed of the episode being played: the last reset's, 0 for a new environment (dealt
        as ``reset(0)`` deals), ``None`` for a ``RawVecEnv.slot`` copy (not recorded)."""
    @property
    def history(self) -> list[int]: ...
    @property
    def bots(self) -> list[str]: ...
    def reset(self, seed: int) -> None: ...
    def step(self, id: int) -> tuple[list[float], bool, Optional[int]]: ...
    def write_action_mask(self, out: npt.NDArray[np.uint8]) -> None: ...
    def write_observation(self, seat: int, out: npt.NDArray[np.uint8]) -> None: ...
    def action_mask(self) -> npt.NDArray[np.uint8]: ...
    def observation(self, seat: int) -> npt.NDArray[np.uint8]: ...
    def legal_action_ids(self) -> list[int]: ...
    def action_name(self, id: int) -> str: ...
    def bot_action(self, name: str, seed: int = 0) -> Optional[int]: ...
    def render(self) -> str: ...
    def __copy__(self) -> RawEnv: ...
    def __deepcopy__(self, memo: Any) -> RawEnv: ...

@final
class RawVecEnv:
    """N environments of one game stepped together into numpy arrays."""

    def __new__(cls, template: RawEnv, num_envs: int, base_seed: int = 0, threads: int = 1) -> RawVecEnv:
        """``threads`` is at least 1 (0 is a ``ValueError``, as ``VectorEnv``'s); more than
        ``num_envs`` are not used."""
    @property
    def num_envs(self) -> int: ...
    @property
    def buffer_shapes(self) -> list[list[int]]: ...
    def set_threads(self, threads: int) -> None:
        """At least 1 (0 is a ``ValueError``); more than ``num_envs`` are not used."""
    def observe(
        self,
        observations: npt.NDArray[np.uint8],
        masks: npt.NDArray[np.uint8],
        rewards: npt.NDArray[np.float32],
        terminated: npt.NDArray[np.uint8],
        to_move: npt.NDArray[np.uint8],
    ) -> None: ...
    def step(
        self,
        ids: npt.NDArray[np.integer[Any]],
        observations: npt.NDArray[np.uint8],
        masks: npt.NDArray[np.uint8],
        rewards: npt.NDArray[np.float32],
        terminated: npt.NDArray[np.uint8],
        to_move: npt.NDArray[np.uint8],
    ) -> None:
        """``ids``: shape ``(num_envs,)``, any integer dtype (``masks.argmax(1)``'s ``int64``
        too); an id below 0 or above ``2**32 - 1`` is a ``ValueError``, another dtype a
        ``TypeError``."""
    def bot_actions(self, name: str, seed: int = 0) -> npt.NDArray[np.int64]:
        """Bot ``name``'s id for the seat to move in each slot (shape ``(num_envs,)``), slot
        ``i``'s bot seeded with ``derive_seed(seed, i)``; ``ValueError`` for a bot the game
        does not have."""
    def slot(self, i: int) -> RawEnv: ...
    def write_final_observation(self, i: int, out: npt.NDArray[np.uint8]) -> Optional[int]: ...
    def __copy__(self) -> RawVecEnv: ...
    def __deepcopy__(self, memo: Any) -> RawVecEnv: ...
