"""Type stubs of ``tabletop_env.gym``: one seat of a game against the crates' bots."""

from typing import Any, Optional, SupportsInt, Union

import gymnasium
import numpy as np
import numpy.typing as npt

from ._core import RawEnv

_Observation = dict[str, npt.NDArray[np.generic]]

class SingleAgentEnv(gymnasium.Env[_Observation, int]):
    """``seat`` of ``game`` played by the learner, every other seat by bot ``opponent``."""

    raw: RawEnv
    seat: int
    opponent: str
    on_illegal: str
    render_mode: Optional[str]
    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponent: str = "random",
        render_mode: Optional[str] = None,
        on_illegal: str = "raise",
        **options: Any,
    ) -> None: ...
    def reset(
        self, seed: Optional[Union[int, np.integer[Any]]] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[_Observation, dict[str, Any]]:
        """``seed``: a Python or numpy integer, 0 to ``2**64 - 1`` (``ValueError`` outside,
        ``TypeError`` for a non-integer), checked before Gymnasium sees it."""
    def step(self, action: SupportsInt) -> tuple[_Observation, float, bool, bool, dict[str, Any]]: ...
    def render(self) -> Optional[str]: ...
