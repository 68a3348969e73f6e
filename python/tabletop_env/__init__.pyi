"""Type stubs of ``tabletop_env``: the games (omok, Matgo, Go-Stop, poker, mahjong) as numpy,
PettingZoo and Gymnasium environments."""

from typing import Any, Optional

from ._core import RawEnv as RawEnv
from ._core import RawVecEnv as RawVecEnv
from ._core import bot_names as bot_names
from ._core import derive_seed as derive_seed
from ._core import game_names as game_names
from .gym import SingleAgentEnv as SingleAgentEnv
from .pettingzoo import TabletopAEC, TabletopParallel
from .vector import TabletopVectorEnv

VectorEnv = TabletopVectorEnv

__all__ = [
    "RawEnv",
    "RawVecEnv",
    "bot_names",
    "derive_seed",
    "game_names",
    "aec_env",
    "parallel_env",
    "SingleAgentEnv",
    "VectorEnv",
]

#: Gymnasium ids registered on import, each to its game name.
GYM_IDS: dict[str, str]

def aec_env(game: str, render_mode: Optional[str] = None, **options: Any) -> TabletopAEC:
    """A PettingZoo AEC environment of ``game`` (see ``tabletop_env.pettingzoo``)."""

def parallel_env(game: str, render_mode: Optional[str] = None, **options: Any) -> TabletopParallel:
    """A PettingZoo Parallel environment of ``game`` (see ``tabletop_env.pettingzoo``)."""
