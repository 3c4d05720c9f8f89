"""Per-game interaction code: the only part of the front end that differs between games."""

from __future__ import annotations

from typing import Any

from pygame_rules.babel.interaction import BabelInteraction
from pygame_rules.interaction import Button, Interaction
from pygame_rules.protocol import Game
from pygame_rules.saba.interaction import SabaInteraction
from pygame_rules.tuerme.interaction import TuermeInteraction

_BY_GAME: dict[str, type[Interaction]] = {
    "babel": BabelInteraction, "saba": SabaInteraction, "tuerme": TuermeInteraction}


def interaction_for(game: Game[Any, Any]) -> Interaction:
    """The game's own interaction, or the list-of-moves fallback."""
    return _BY_GAME.get(game.name, Interaction)(game)


__all__ = ["Button", "Interaction", "interaction_for"]
