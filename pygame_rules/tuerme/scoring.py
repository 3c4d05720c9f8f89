"""Scoring: only pieces on symbol fields count, one point per stone for the tower's owner.

The district that ended the game counts a second time for the player who
ended it. Neutral colours never score.

>>> from .state import build
>>> s = build(2, {"b7": "Ar", "c7": "Bgbr", "d8": "Cb"})
>>> [line.points for line in breakdown(s)[0]][:2], sum(l.points for l in breakdown(s)[1])
([4, 0], 0)
"""

from __future__ import annotations

from ..i18n import _
from ..protocol import ScoreLine
from .data import DISTRICT_NAMES, DISTRICTS
from .state import EndReason, TuermeState, height, owner


def district_points(state: TuermeState) -> list[list[int]]:
    """``points[player][district]``: stones in that district under that player's top stones."""
    board = state.board
    points = [[0] * len(DISTRICTS) for _ in range(state.players)]
    for d, fields in enumerate(DISTRICTS):
        for square in fields:
            stack = board[square]
            if stack and owner(stack) < state.players:
                points[owner(stack)][d] += height(stack)
    return points


def doubled(state: TuermeState, player: int, points: list[list[int]]) -> int:
    """The extra points ``player`` gets for the district with which he ended the game."""
    if state.end is EndReason.DISTRICT and state.ender == player and state.end_district is not None:
        return points[player][state.end_district]
    return 0


def breakdown(state: TuermeState) -> tuple[tuple[ScoreLine, ...], ...]:
    """Per player: one line per district, then the doubling of the ending district
    (labelled in the active language)."""
    points = district_points(state)
    districts = [_("District {name}").format(name=name) for name in DISTRICT_NAMES]
    twice = _("Ending district counted twice")
    return tuple(
        tuple(ScoreLine(label, points[p][d]) for d, label in enumerate(districts))
        + (ScoreLine(twice, doubled(state, p, points)),)
        for p in range(state.players))
