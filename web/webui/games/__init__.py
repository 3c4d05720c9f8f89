"""Per-game interaction code: the only part of the front end that differs between games."""

from __future__ import annotations

from typing import Any

from pygame_rules.protocol import Game

from .babel import BabelInteraction
from .base import Button, Interaction
from .saba import SabaInteraction
from .tuerme import TuermeInteraction

_BY_GAME: dict[str, type[Interaction]] = {
    "babel": BabelInteraction, "saba": SabaInteraction, "tuerme": TuermeInteraction}


def interaction_for(game: Game[Any, Any]) -> Interaction:
    """The game's own interaction, or the list-of-moves fallback."""
    return _BY_GAME.get(game.name, Interaction)(game)


__all__ = ["Button", "Interaction", "interaction_for"]
