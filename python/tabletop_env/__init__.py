"""The tabletop-rules games (omok, Matgo, Go-Stop among three, two-sided poker, riichi mahjong)
as environments.

``RawEnv`` and ``RawVecEnv`` are the Rust environments (ids, masks and observations as the
``tabletop-env`` crate README documents); ``aec_env`` gives a PettingZoo AEC environment,
``SingleAgentEnv`` a Gymnasium environment against the crates' bots and ``VectorEnv`` a
Gymnasium vector environment over the Rust batch. The PettingZoo and Gymnasium parts import
those packages only when used.
"""

from ._core import RawEnv, RawVecEnv, bot_names, derive_seed, game_names

#: ``SingleAgentEnv`` and ``VectorEnv`` are added when gymnasium is installed (``_register``),
#: so that ``from tabletop_env import *`` works without it.
__all__ = [
    "RawEnv",
    "RawVecEnv",
    "bot_names",
    "derive_seed",
    "game_names",
    "aec_env",
    "parallel_env",
]


#: Gymnasium ids registered when gymnasium is installed: ``gymnasium.make(id, opponent=...)``
#: gives a ``SingleAgentEnv``, ``gymnasium.make_vec(id, num_envs=...)`` a ``VectorEnv``.
GYM_IDS = {
    "tabletop/Omok-v0": "omok",
    "tabletop/Matgo-v0": "matgo",
    "tabletop/GoStop-v0": "gostop",
    "tabletop/Poker-v0": "poker",
    "tabletop/Mahjong-v0": "mahjong",
}


def _register():
    """Registers ``GYM_IDS`` and exports the Gymnasium classes, when gymnasium is installed."""
    try:
        import gymnasium
    except ImportError:
        return
    __all__.extend(["SingleAgentEnv", "VectorEnv"])
    for gym_id, game in GYM_IDS.items():
        if gym_id not in gymnasium.registry:
            gymnasium.register(
                gym_id,
                entry_point="tabletop_env.gym:SingleAgentEnv",
                vector_entry_point="tabletop_env.vector:TabletopVectorEnv",
                kwargs={"game": game},
            )


_register()


def aec_env(game, render_mode=None, **options):
    """A PettingZoo AEC environment of ``game`` (see ``tabletop_env.pettingzoo``)."""
    from .pettingzoo import TabletopAEC

    return TabletopAEC(game, render_mode=render_mode, **options)


def parallel_env(game, render_mode=None, **options):
    """A PettingZoo Parallel environment of ``game`` (see ``tabletop_env.pettingzoo``)."""
    from .pettingzoo import TabletopParallel

    return TabletopParallel(game, render_mode=render_mode, **options)


def __getattr__(name):
    if name == "SingleAgentEnv":
        from .gym import SingleAgentEnv

        return SingleAgentEnv
    if name == "VectorEnv":
        from .vector import TabletopVectorEnv

        return TabletopVectorEnv
    raise AttributeError(f"module 'tabletop_env' has no attribute {name!r}")
