"""Shared parameters of the Python tests."""

import pytest

#: Every game with the options the tests use (omok on a small board keeps games short).
GAMES = [
    ("omok", {"size": 9}),
    ("matgo", {}),
    ("poker", {}),
    ("mahjong", {}),
]


@pytest.fixture(params=GAMES, ids=[g for g, _ in GAMES])
def game(request):
    """``(game name, options)`` of each game."""
    return request.param
