"""Gymnasium spaces of a ``RawEnv``: the observation dict of ``pettingzoo.classic``."""

import numpy as np
from gymnasium import spaces


def observation_space(raw):
    """``Dict(observation=Box(uint8, observation_shape), action_mask=Box(int8, (num_actions,)))``.

    Observation entries are 0/1 flags or small counts (the crate README's plane tables); the
    bound 255 is the dtype's. The mask is ``int8`` as in ``pettingzoo.classic``, the dtype
    ``Discrete.sample(mask=...)`` takes (a view of the Rust ``uint8`` mask, not a copy).
    """
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 255, tuple(raw.observation_shape), np.uint8),
            "action_mask": spaces.Box(0, 1, (raw.num_actions,), np.int8),
        }
    )


def action_space(raw):
    """``Discrete(num_actions)``: the game's fixed action ids."""
    return spaces.Discrete(raw.num_actions)


def observe(raw, seat):
    """``seat``'s observation dict: its mask is all 0 unless ``seat`` is to move."""
    mask = raw.action_mask() if raw.to_move == seat else np.zeros(raw.num_actions, np.uint8)
    return {"observation": raw.observation(seat), "action_mask": mask.view(np.int8)}
