"""PettingZoo AEC environments of the four games, in the style of ``pettingzoo.classic``."""

import gymnasium
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from . import _checks, spaces
from ._core import RawEnv


class TabletopAEC(AECEnv):
    """One game as a PettingZoo AEC environment.

    Agents are ``player_0``, ``player_1``, ... by seat; the agent to act is the Rust
    environment's ``to_move``. ``observe(agent)`` gives ``{"observation", "action_mask"}``
    (``uint8``; the mask is all 0 for an agent not to act). Rewards are the Rust step
    rewards (omok +1/-1/0 at the end; Matgo points; poker chips; mahjong rank points by
    default). ``reset(seed=s)`` deals the Rust episode of seed ``s``; later resets without a
    seed draw theirs from a generator seeded by ``s``. ``render_mode="ansi"`` returns the table
    as text. ``copy.deepcopy`` and ``pickle`` work (the Rust state is replayed from its seed).
    Options (``rule``, ``size``, ``preset``, ``deck``, ``reward``) are those of ``RawEnv``.
    """

    metadata = {"render_modes": ["ansi"], "name": "tabletop_v0", "is_parallelizable": False}

    def __init__(self, game, render_mode=None, **options):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' or None")
        self.raw = RawEnv(game, **options)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tabletop_{game}_v0")
        self.possible_agents = [f"player_{s}" for s in range(self.raw.num_players)]
        self.observation_spaces = {a: spaces.observation_space(self.raw) for a in self.possible_agents}
        self.action_spaces = {a: spaces.action_space(self.raw) for a in self.possible_agents}
        self._rng, _ = seeding.np_random(None)
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        return spaces.observe(self.raw, self.possible_agents.index(agent))

    def reset(self, seed=None, options=None):
        if seed is not None:
            seed = _checks.seed_value(seed)
            self._rng, _ = seeding.np_random(seed)
        self.raw.reset(_checks.draw_seed(self._rng) if seed is None else seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.raw.to_move]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        rewards, terminated, to_move = self.raw.step(_checks.action_id(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: float(r) for a, r in zip(self.possible_agents, rewards)}
        if terminated:
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[to_move]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use render_mode='ansi')")
            return None
        return self.raw.render()

    def close(self):
        pass


def env(game, render_mode=None, **options):
    """``TabletopAEC(game, ...)``, the constructor name of ``pettingzoo.classic`` modules."""
    return TabletopAEC(game, render_mode=render_mode, **options)


__all__ = ["TabletopAEC", "env"]
