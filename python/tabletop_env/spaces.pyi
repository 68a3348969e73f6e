"""Type stubs of ``tabletop_env.spaces``: the Gymnasium spaces of a ``RawEnv``."""

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ._core import RawEnv

def observation_space(raw: RawEnv) -> spaces.Dict:
    """``Dict(observation=Box(uint8, observation_shape), action_mask=Box(int8, (num_actions,)))``."""

def action_space(raw: RawEnv) -> spaces.Discrete:
    """``Discrete(num_actions)``: the game's fixed action ids."""

def observe(raw: RawEnv, seat: int) -> dict[str, npt.NDArray[np.generic]]:
    """``seat``'s observation dict (``uint8`` observation, ``int8`` mask all 0 unless it is to move)."""
