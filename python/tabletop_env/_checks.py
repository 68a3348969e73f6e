"""Checks of Python values before they reach Rust: each bad value is a clear exception."""

import numbers

import numpy as np

SEED_LIMIT = 2**64


def is_integer(value):
    """True for a Python or numpy integer, not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def action_id(action):
    """``action`` as a Python int, or ``TypeError`` for a value that is not an integer."""
    if not is_integer(action):
        raise TypeError(f"an action is an integer id, not {action!r} ({type(action).__name__})")
    return int(action)


def seed_value(seed):
    """``seed`` as an int in ``0..2**64``, or ``TypeError`` / ``ValueError``."""
    if not is_integer(seed):
        raise TypeError(f"a seed is an integer, not {seed!r}")
    if not 0 <= int(seed) < SEED_LIMIT:
        raise ValueError(f"a seed is from 0 to 2**64-1, not {seed}")
    return int(seed)


def positive_int(name, value):
    """``value`` as an int of at least 1, or ``TypeError`` / ``ValueError`` naming ``name``."""
    if not is_integer(value):
        raise TypeError(f"{name} is an integer, not {value!r}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, not {value}")
    return int(value)


def seat_index(seat, num_players):
    """``seat`` as an int in ``0..num_players``, or ``TypeError`` / ``ValueError``."""
    if not is_integer(seat):
        raise TypeError(f"a seat is an integer, not {seat!r}")
    if not 0 <= seat < num_players:
        raise ValueError(f"seat {seat} does not exist: this game has {num_players} seats, 0 to {num_players - 1}")
    return int(seat)


def draw_seed(rng):
    """A seed for the Rust environment drawn from a numpy generator."""
    return int(rng.integers(0, 2**63, dtype=np.int64))


def on_illegal_mode(mode):
    """``mode`` checked: ``"raise"`` (a masked-out id raises) or ``"ignore"``."""
    if mode not in ("raise", "ignore"):
        raise ValueError(f"on_illegal {mode!r}: 'raise' or 'ignore'")
    return mode


def ignored(raw, mode, action):
    """True when ``action`` (an int) is to be ignored rather than stepped: ``mode`` is
    ``"ignore"``, the episode goes on and the id is not legal now."""
    return mode == "ignore" and raw.to_move is not None and action not in raw.legal_action_ids()
