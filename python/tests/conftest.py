"""Shared parameters of the Python tests."""

import pytest

#: Every game with the options the tests use (omok on a small board keeps games short).
GAMES = [
    ("omok", {"size": 9}),
    ("matgo", {}),
    ("poker", {}),
    ("mahjong", {}),
    # Three-player riichi, one hand (a hand is short; the hanchan is the four-player one's).
    ("mahjong_hand", {"rules": "tenhou_sanma"}),
    # Go-Stop among three: one hand.
    ("gostop", {}),
]


@pytest.fixture(params=GAMES, ids=[g + "".join(f"-{v}" for v in o.values()) for g, o in GAMES])
def game(request):
    """``(game name, options)`` of each game."""
    return request.param
