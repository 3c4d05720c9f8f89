"""The registry of game engines by short name."""

from __future__ import annotations

import importlib
from typing import Any

from .i18n import _
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
        known = ", ".join(sorted(GAMES)) or _("none")
        raise ValueError(_("unknown game {name}; known games: {known}").format(name=repr(name), known=known)) from None
