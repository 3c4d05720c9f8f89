"""The registry of game engines by short name."""

from __future__ import annotations

import importlib
from typing import Any

from .protocol import Game

#: Game packages in this distribution; each exposes ``GAME``.
_PACKAGES: tuple[str, ...] = (
    "babel",
    "saba",
    "tuerme",
)

GAMES: dict[str, Game[Any, Any]] = {}
for _package in _PACKAGES:
    _game = importlib.import_module(f"pygame_rules.{_package}").GAME
    GAMES[_game.name] = _game


def get_game(name: str) -> Game[Any, Any]:
    """The engine called ``name``; an unknown name raises ValueError listing the known ones."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES)) or "none"
        raise ValueError(f"unknown game {name!r}; known games: {known}") from None
