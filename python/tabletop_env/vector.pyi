"""Type stubs of ``tabletop_env.vector``: a Gymnasium vector environment over the Rust batch."""

from typing import Any, Optional

import numpy as np
import numpy.typing as npt
from gymnasium.vector import VectorEnv

from ._core import RawEnv, RawVecEnv

_Observation = dict[str, npt.NDArray[np.generic]]

class TabletopVectorEnv(VectorEnv[_Observation, npt.NDArray[np.integer], npt.NDArray[Any]]):
    """``num_envs`` games stepped together in Rust, every seat played by the caller (self-play)."""

    template: RawEnv
    batch: RawVecEnv
    threads: int
    def __init__(self, game: str, num_envs: int = 1, threads: int = 1, **options: Any) -> None: ...
    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[_Observation, dict[str, Any]]: ...
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        _Observation,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]: ...
