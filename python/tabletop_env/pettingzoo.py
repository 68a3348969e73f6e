"""PettingZoo AEC environments of the games, in the style of ``pettingzoo.classic``."""

import gymnasium
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.env_logger import EnvLogger

from . import _checks, spaces
from ._core import RawEnv


class TabletopAEC(AECEnv):
    """One game as a PettingZoo AEC environment.

    Agents are ``player_0``, ``player_1``, ... by seat; the agent to act is the Rust
    environment's ``to_move``. ``observe(agent)`` gives ``{"observation", "action_mask"}``
    (``uint8``; the mask is all 0 for an agent not to act). Rewards are the Rust step
    rewards (omok +1/-1/0 at the end; Matgo points; Go-Stop money at 1 a point; poker chips; mahjong rank points by
    default, 90/45/0/-135 at four seats and 90/0/-90 at three). ``reset(seed=s)`` deals the Rust episode of seed ``s``; later resets without a
    seed draw theirs from a generator seeded by ``s``. Once every agent is done and has been
    stepped with ``None`` (``agents`` empty), ``step`` changes nothing and logs PettingZoo's
    warning "step() called after all agents are terminated or truncated", as
    ``pettingzoo.classic`` environments do. ``render_mode="ansi"`` returns the table
    as text. ``copy.deepcopy`` and ``pickle`` work (the Rust state is cloned, or pickled as
    its serde snapshot).
    Options (``rule``, ``size``, ``preset``, ``deck``, ``reward``, ``rules``) are those of
    ``RawEnv``; Go-Stop (``gostop``) and mahjong's three-player rules
    (``rules="tenhou_sanma"``) have three agents.
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
        return spaces.observe(self.raw, self._seat(agent))

    def _seat(self, agent):
        """``agent``'s seat, or ``ValueError`` for a name not in ``possible_agents``."""
        if agent not in self.possible_agents:
            raise ValueError(f"unknown agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    def _check_reset(self):
        """``ValueError`` unless ``reset`` was called: there is no episode to step before."""
        if not hasattr(self, "agent_selection"):
            raise ValueError("call reset() before step(): there is no episode yet")

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
        self._check_reset()
        if not self.agents:
            # Every agent is done and removed: PettingZoo's OrderEnforcingWrapper (around every
            # pettingzoo.classic env) warns and steps nothing; without it this was a KeyError.
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        rewards, terminated, _ = self.raw.step(_checks.action_id(action))
        self.step_done(rewards, terminated)

    def step_done(self, rewards, terminated):
        """The bookkeeping after the Rust step that paid ``rewards``."""
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.rewards = {a: float(r) for a, r in zip(self.possible_agents, rewards)}
        if terminated:
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.raw.to_move]
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


def parallel_env(game, render_mode=None, **options):
    """``TabletopParallel(game, ...)``, the Parallel constructor name of PettingZoo modules."""
    return TabletopParallel(game, render_mode=render_mode, **options)


class TabletopParallel(ParallelEnv):
    """One game as a PettingZoo Parallel environment, turn by turn.

    Every agent stays in ``agents`` until the end and gets an observation each step, but only
    the seat that must act has a non-zero ``action_mask`` and ``infos[agent]["acting"]``
    true; ``step(actions)`` plays that seat's id and ignores the entries of the others (it
    raises ``ValueError`` when the acting seat has none). Rewards, seeds, options, rendering
    and snapshots are those of ``TabletopAEC``. With ``on_illegal="ignore"`` a masked-out id
    of the acting seat steps nothing: rewards 0 and ``infos[agent]["illegal_action"]`` true
    (for tools that send unmasked samples, such as PettingZoo's ``parallel_seed_test``).
    """

    metadata = {"render_modes": ["ansi"], "name": "tabletop_parallel_v0"}

    def __init__(self, game, render_mode=None, on_illegal="raise", **options):
        self._aec = TabletopAEC(game, render_mode=render_mode, **options)
        self.on_illegal = _checks.on_illegal_mode(on_illegal)
        self.render_mode = render_mode
        self.possible_agents = self._aec.possible_agents
        self.observation_spaces = self._aec.observation_spaces
        self.action_spaces = self._aec.action_spaces
        self.metadata = dict(self.metadata, name=f"tabletop_{game}_parallel_v0")
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _infos(self):
        acting = self._aec.raw.to_move
        return {a: {"acting": s == acting} for s, a in enumerate(self.possible_agents)}

    def _observations(self):
        return {a: self._aec.observe(a) for a in self.possible_agents}

    def reset(self, seed=None, options=None):
        self._aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(self, actions):
        self._aec._check_reset()
        acting = self._aec.agent_selection
        if acting not in actions:
            raise ValueError(f"{acting} must act now, but actions has no entry for it")
        strangers = [a for a in actions if a not in self.possible_agents]
        if strangers:
            # A loop written for four seats, given a three-player game, would be ignored.
            raise ValueError(
                f"actions has entries for {', '.join(map(str, strangers))}, not agents of this game "
                f"({', '.join(self.possible_agents)})"
            )
        action = _checks.action_id(actions[acting])
        illegal = _checks.ignored(self._aec.raw, self.on_illegal, action)
        if illegal:
            rewards, terminated = [0.0] * len(self.possible_agents), False
        else:
            rewards, terminated, _ = self._aec.raw.step(action)
            self._aec.step_done(rewards, terminated)
        infos = self._infos()
        if illegal:
            infos[acting]["illegal_action"] = True
        rewards = {a: float(r) for a, r in zip(self.possible_agents, rewards)}
        dones = dict.fromkeys(self.possible_agents, terminated)
        truncations = dict.fromkeys(self.possible_agents, False)
        observations = self._observations()
        if terminated:
            self.agents = []
        return observations, rewards, dones, truncations, infos

    def render(self):
        return self._aec.render()

    def close(self):
        pass


__all__ = ["TabletopAEC", "TabletopParallel", "env", "parallel_env"]
