"""Saba – Palast der Königin (Christian Fiore & Knut Happel, Goldsieber 2007).

Players take resources from the harbour, build the queen's palace part by part,
put figures on its balconies and in the treasury, and use city districts. The
pro rules add person cards, a hand limit of 4, the serail leader's figure and
resources lying on garden fields.

>>> from pygame_rules.saba import GAME, TakeHarbour, Done
>>> state = GAME.new_game(2, seed=3, options={"pro": True})
>>> state = GAME.apply(state, 0, TakeHarbour(1))
>>> GAME.action_text(state, Done())
'end building'
>>> GAME.from_position_text(GAME.position_text(state)) == state
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..record import GameRecord
from . import edit
from .actions import (
    Build,
    Discard,
    Done,
    Exchange,
    MoveVizier,
    PlaceFigure,
    PlayCaravan,
    PlayCard,
    PlayGuard,
    PlayHarbourmaster,
    PlayMerchant,
    PlayOverseer,
    PlayRobber,
    RemoveCard,
    SabaAction,
    SerailChoice,
    Stash,
    TakeHarbour,
    UseDistrict,
)
from .data import Card, District, Res, Shape
from .examples import EXAMPLES
from .interaction import SabaInteraction
from .lessons import LESSONS
from .rules import GAME, Saba
from .state import Phase, Player, Readings, SabaState, Variants

if TYPE_CHECKING:
    from ..bots.knowledge import Knowledge


def _knowledge() -> Knowledge[SabaState, SabaAction]:
    """The computer players' knowledge, imported when first asked for (they import the engine)."""
    from ..bots.saba import KNOWLEDGE
    return KNOWLEDGE


#: The game's record (:mod:`pygame_rules.registry` registers it).
RECORD: GameRecord[SabaState, SabaAction] = GameRecord(GAME, _knowledge, EXAMPLES, LESSONS, SabaInteraction,
                                                       edit)

__all__ = [
    "GAME",
    "RECORD",
    "Build",
    "Card",
    "Discard",
    "District",
    "Done",
    "Exchange",
    "MoveVizier",
    "Phase",
    "PlaceFigure",
    "PlayCaravan",
    "PlayCard",
    "PlayGuard",
    "PlayHarbourmaster",
    "PlayMerchant",
    "PlayOverseer",
    "PlayRobber",
    "Player",
    "Readings",
    "RemoveCard",
    "Res",
    "Saba",
    "SabaAction",
    "SabaState",
    "SerailChoice",
    "Shape",
    "Stash",
    "TakeHarbour",
    "UseDistrict",
    "Variants",
]
