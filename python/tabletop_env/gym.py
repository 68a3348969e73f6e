"""A Gymnasium environment: one seat of a game against the crates' bots."""

import gymnasium
from gymnasium.utils import seeding

from . import _checks, spaces
from ._core import RawEnv


class SingleAgentEnv(gymnasium.Env):
    """``seat`` of ``game`` played by the learner, every other seat by bot ``opponent``
    (a name of ``bot_names(game)``: ``random`` in every game, and ``threat`` (omok),
    ``tutorial`` (Matgo and Go-Stop), ``counting`` (poker), ``efficiency`` (mahjong)).

    Observations are the PettingZoo dict ``{"observation", "action_mask"}`` of ``seat``;
    actions the game's ids; the reward of a step is the sum of ``seat``'s rewards over the
    learner's action and the bots' replies. ``reset(seed=s)`` deals the Rust episode of seed
    ``s`` (a deal in which ``seat`` never decides is skipped for the next seed of the
    generator seeded by ``s``); ``s`` is a Python or numpy integer from 0 to 2**64-1
    (``ValueError`` outside that range, ``TypeError`` for a non-integer). A masked-out id, a
    non-integer action, a step before the first reset or after the end raise ``ValueError``
    / ``TypeError`` and change nothing; with
    ``on_illegal="ignore"`` an integer id that is not legal now is instead answered with the
    same observation, reward 0 and ``info["illegal_action"] = True`` (for tools that step
    unmasked samples, such as Gymnasium's ``check_env``).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, seat=0, opponent="random", render_mode=None, on_illegal="raise", **options):
        self.on_illegal = _checks.on_illegal_mode(on_illegal)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' or None")
        self.raw = RawEnv(game, **options)
        if opponent not in self.raw.bots:
            raise ValueError(f"unknown bot {opponent!r}: choose one of {', '.join(self.raw.bots)}")
        self.seat = _checks.seat_index(seat, self.raw.num_players)
        self.opponent = opponent
        self.render_mode = render_mode
        self.observation_space = spaces.observation_space(self.raw)
        self.action_space = spaces.action_space(self.raw)
        self._rng, _ = seeding.np_random(None)
        self._dealt = False  # set by reset(): the raw environment's first state is not an episode

    def _bots_play(self):
        """The bots' moves until the learner's turn or the end: the learner's reward."""
        reward = 0.0
        while self.raw.to_move is not None and self.raw.to_move != self.seat:
            bot_seed = _checks.draw_seed(self._rng)
            rewards, _, _ = self.raw.step(self.raw.bot_action(self.opponent, bot_seed))
            reward += rewards[self.seat]
        return reward

    def reset(self, seed=None, options=None):
        # Checked before Gymnasium sees it: Gymnasium takes Python ints only (not numpy's)
        # and raises its own error class for a negative or non-integer seed.
        seed = None if seed is None else _checks.seed_value(seed)
        super().reset(seed=seed)
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
            episode = seed
        else:
            episode = _checks.draw_seed(self._rng)
        while True:
            self.raw.reset(episode)
            self._bots_play()
            if self.raw.to_move == self.seat:
                self._dealt = True
                return spaces.observe(self.raw, self.seat), {}
            episode = _checks.draw_seed(self._rng)

    def step(self, action):
        if not self._dealt:
            raise ValueError("call reset() before step(): there is no episode yet")
        action = _checks.action_id(action)
        if _checks.ignored(self.raw, self.on_illegal, action):
            return spaces.observe(self.raw, self.seat), 0.0, False, False, {"illegal_action": True}
        rewards, _, _ = self.raw.step(action)
        reward = rewards[self.seat] + self._bots_play()
        terminated = self.raw.to_move is None
        return spaces.observe(self.raw, self.seat), float(reward), terminated, False, {}

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use render_mode='ansi')")
            return None
        return self.raw.render()
