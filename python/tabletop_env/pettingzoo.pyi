"""Type stubs of ``tabletop_env.pettingzoo``: PettingZoo AEC and Parallel environments."""

from typing import Any, Optional, Sequence

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ._core import RawEnv

__all__ = ["TabletopAEC", "TabletopParallel", "env", "parallel_env"]

_Observation = dict[str, npt.NDArray[np.generic]]

class TabletopAEC(AECEnv[str, _Observation, int]):
    """One game as a PettingZoo AEC environment (agents ``player_0``, ... by seat)."""

    metadata: dict[str, Any]
    raw: RawEnv
    render_mode: Optional[str]
    def __init__(self, game: str, render_mode: Optional[str] = None, **options: Any) -> None: ...
    def observation_space(self, agent: str) -> spaces.Space[Any]: ...
    def action_space(self, agent: str) -> spaces.Space[Any]: ...
    def observe(self, agent: str) -> _Observation: ...
    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None: ...
    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` for ``agent_selection`` (``None`` for a done agent); once every
        agent is done (``agents`` empty) it changes nothing and logs PettingZoo's warning."""
    def step_done(self, rewards: Sequence[float], terminated: bool) -> None:
        """The bookkeeping after the Rust step that paid ``rewards``."""
    def render(self) -> Optional[str]: ...
    def close(self) -> None: ...

class TabletopParallel(ParallelEnv[str, _Observation, int]):
    """One game as a PettingZoo Parallel environment, turn by turn."""

    metadata: dict[str, Any]
    on_illegal: str
    render_mode: Optional[str]
    def __init__(
        self, game: str, render_mode: Optional[str] = None, on_illegal: str = "raise", **options: Any
    ) -> None: ...
    def observation_space(self, agent: str) -> spaces.Space[Any]: ...
    def action_space(self, agent: str) -> spaces.Space[Any]: ...
    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, _Observation], dict[str, dict[str, Any]]]: ...
    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, _Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]: ...
    def render(self) -> Optional[str]: ...
    def close(self) -> None: ...

def env(game: str, render_mode: Optional[str] = None, **options: Any) -> TabletopAEC:
    """``TabletopAEC(game, ...)``, the constructor name of ``pettingzoo.classic`` modules."""

def parallel_env(game: str, render_mode: Optional[str] = None, **options: Any) -> TabletopParallel:
    """``TabletopParallel(game, ...)``, the Parallel constructor name of PettingZoo modules."""
