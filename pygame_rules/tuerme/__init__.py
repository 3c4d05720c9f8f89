"""Spiel der Türme (Rudi Hoffmann, Schmidt Spiele 1993): towers of stones on a city board.

Two to four players move their stones and towers in straight lines through
the alleys, cover stones with the same symbol to build towers, and settle
them on the districts' symbol fields, the only places that score.

>>> from pygame_rules.tuerme import GAME, Move
>>> state = GAME.new_game(2, seed=3)
>>> state.neutral_colours
(2, 3)
>>> player, action = GAME.parse_action(state, "e1xe4")
>>> action, GAME.action_text(state, action)
(Move(src=4, dst=46), 'e1xe4')
>>> state = GAME.apply(state, player, action)
>>> GAME.to_move(state), state.board[46]
((1,), 'Dbr')
>>> GAME.from_position_text(GAME.position_text(state)) == state
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..record import GameRecord
from . import edit
from .actions import EndTurn, Move, Skip, TuermeAction
from .data import parse_square, square_name
from .examples import EXAMPLES
from .interaction import TuermeInteraction
from .lessons import LESSONS
from .rules import GAME, Tuerme
from .state import LEGACY, EndReason, Readings, TuermeState, Variants, build

if TYPE_CHECKING:
    from ..bots.knowledge import Knowledge


def _knowledge() -> Knowledge[TuermeState, TuermeAction]:
    """The computer players' knowledge, imported when first asked for (they import the engine)."""
    from ..bots.tuerme import KNOWLEDGE
    return KNOWLEDGE


#: The game's record (:mod:`pygame_rules.registry` registers it).
RECORD: GameRecord[TuermeState, TuermeAction] = GameRecord(GAME, _knowledge, EXAMPLES, LESSONS, TuermeInteraction,
                                                           edit)

__all__ = [
    "GAME",
    "LEGACY",
    "RECORD",
    "EndReason",
    "EndTurn",
    "Move",
    "Readings",
    "Skip",
    "Tuerme",
    "TuermeAction",
    "TuermeState",
    "Variants",
    "build",
    "parse_square",
    "square_name",
]
