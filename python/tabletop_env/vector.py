"""A Gymnasium vector environment over the Rust batch (``RawVecEnv``)."""

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from gymnasium.utils import seeding

from . import _checks, spaces
from ._core import RawEnv, RawVecEnv


class TabletopVectorEnv(VectorEnv):
    """``num_envs`` games stepped together in Rust, every seat played by the caller (self-play).

    Each step takes one id per slot for the seat to move there and returns the observation
    dict ``{"observation", "action_mask"}`` of the seat to move next, batched. The arrays
    returned are the very buffers Rust writes into (no copy): they are overwritten by the
    next ``step``, so copy what you keep. The GIL is released while Rust steps.

    ``reward[i]`` is slot ``i``'s reward to the seat that just acted; ``infos["rewards"]``
    has every seat's (``(num_envs, num_players)``), ``infos["to_move"]`` the seat to move.
    Auto-reset is Gymnasium's ``SAME_STEP`` mode: on the step that ends an episode,
    ``terminated`` and the rewards are the ended episode's, and the observation is the next
    episode's first. As Gymnasium's ``SyncVectorEnv`` in that mode, ``infos["final_obs"]`` is
    then an object array of ``num_envs`` entries: for each ended slot the observation dict its
    episode ended on (the seat that made the last move, its mask all 0), ``None`` elsewhere;
    ``infos["_final_obs"]`` marks the ended slots, and ``infos["final_info"]`` (with
    ``infos["_final_info"]``) holds ``seat``, the seat each ended slot's final observation
    belongs to. The keys are absent on a step that ends no episode. Slot ``i``'s episodes are
    seeded by ``episode_seed(seed, i, k)`` of the crate; ``threads`` changes nothing but the
    speed.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game, num_envs=1, threads=1, **options):
        self.template = RawEnv(game, **options)
        self.num_envs = _checks.positive_int("num_envs", num_envs)
        self.threads = _checks.positive_int("threads", threads)
        self.single_observation_space = spaces.observation_space(self.template)
        self.single_action_space = spaces.action_space(self.template)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._rng, _ = seeding.np_random(None)
        self.batch = RawVecEnv(self.template, self.num_envs, 0, self.threads)
        shapes = self.batch.buffer_shapes
        self._obs = np.zeros(shapes[0], np.uint8)
        self._masks = np.zeros(shapes[1], np.uint8)
        self._rewards = np.zeros(shapes[2], np.float32)
        self._terminated = np.zeros(shapes[3], np.uint8)
        self._to_move = np.zeros(shapes[4], np.uint8)
        self._buffers = (self._obs, self._masks, self._rewards, self._terminated, self._to_move)
        self.batch.observe(*self._buffers)

    def _result(self):
        return {"observation": self._obs, "action_mask": self._masks.view(np.int8)}

    def reset(self, seed=None, options=None):
        if seed is not None:
            if not isinstance(seed, (int, np.integer)):
                raise TypeError("a vector environment takes one integer seed")
            self._rng, _ = seeding.np_random(_checks.seed_value(seed))
            base = _checks.seed_value(seed)
        else:
            base = _checks.draw_seed(self._rng)
        self.batch = RawVecEnv(self.template, self.num_envs, base, self.threads)
        self.batch.observe(*self._buffers)
        return self._result(), {"to_move": self._to_move}

    def step(self, actions):
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions have shape {ids.shape}, expected ({self.num_envs},)")
        if not np.issubdtype(ids.dtype, np.integer):
            raise TypeError(f"actions are integer ids, not {ids.dtype}")
        if ids.size and (ids.min() < 0 or ids.max() >= self.template.num_actions):
            n = self.template.num_actions
            raise ValueError(f"action ids are 0 to {n - 1}, got ids from {ids.min()} to {ids.max()}")
        acted = self._to_move.astype(np.intp)
        self.batch.step(np.ascontiguousarray(ids, np.uint32), *self._buffers)
        reward = self._rewards[np.arange(self.num_envs), acted]
        terminated = self._terminated.astype(bool)
        truncated = np.zeros(self.num_envs, bool)
        infos = {"rewards": self._rewards, "to_move": self._to_move}
        if terminated.any():
            infos.update(self._finals(terminated))
        return self._result(), reward, terminated, truncated, infos

    def _finals(self, ended):
        """The ``final_obs`` and ``final_info`` entries of the slots marked in ``ended``."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        seats = np.zeros(self.num_envs, np.int64)
        for i in np.flatnonzero(ended):
            observation = np.zeros(self.template.observation_shape, np.uint8)
            seats[i] = self.batch.write_final_observation(int(i), observation)
            final_obs[i] = {
                "observation": observation,
                "action_mask": np.zeros(self.template.num_actions, np.int8),
            }
        return {
            "final_obs": final_obs,
            "_final_obs": ended.copy(),
            "final_info": {"seat": seats, "_seat": ended.copy()},
            "_final_info": ended.copy(),
        }
