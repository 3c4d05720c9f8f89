"""Der Turmbau zu Babel (Reiner Knizia, Hans im Glück 2005): the rules engine.

>>> from pygame_rules.babel import GAME, Build, Offer, Accept
>>> s = GAME.new_game(3, seed=2, options={"two_colour_tiles": True})
>>> s = GAME.apply(s, 0, Build(0, 0))                 # red asks for a tile
>>> GAME.to_move(s)                                   # both others offer at once
(1, 2)
>>> s = GAME.apply(s, 1, Offer((0, 0, 0, 0)))
>>> s = GAME.apply(s, 2, Offer((0, 0, 0, 0), exchange=True))
>>> s.revealed, GAME.to_move(s)
(True, (0,))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..record import GameRecord
from . import edit
from .actions import (
    Accept,
    BabelAction,
    Build,
    CardExchange,
    Continue,
    Decline,
    DoubleTurn,
    DrawThree,
    Offer,
    Pass,
    ThirdBonus,
)
from .data import ActionCard, Card
from .examples import EXAMPLES
from .interaction import BabelInteraction
from .lessons import LESSONS
from .rules import GAME, Babel
from .state import BabelState, Options, Phase, Player, Readings, StoredOffer, Target, Variants, Wonder

if TYPE_CHECKING:
    from ..bots.knowledge import Knowledge


def _knowledge() -> Knowledge[BabelState, BabelAction]:
    """The computer players' knowledge, imported when first asked for (they import the engine)."""
    from ..bots.babel import KNOWLEDGE
    return KNOWLEDGE


#: The game's record (:mod:`pygame_rules.registry` registers it).
RECORD: GameRecord[BabelState, BabelAction] = GameRecord(GAME, _knowledge, EXAMPLES, LESSONS, BabelInteraction,
                                                         edit)

__all__ = [
    "GAME",
    "RECORD",
    "Accept",
    "ActionCard",
    "Babel",
    "BabelAction",
    "BabelState",
    "Build",
    "Card",
    "CardExchange",
    "Continue",
    "Decline",
    "DoubleTurn",
    "DrawThree",
    "Offer",
    "Options",
    "Pass",
    "Phase",
    "Player",
    "Readings",
    "StoredOffer",
    "Target",
    "ThirdBonus",
    "Variants",
    "Wonder",
]
