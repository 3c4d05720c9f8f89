"""The actions of Spiel der Türme.

>>> Move(30, 86)
Move(src=30, dst=86)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..codec import tagged


@tagged
@dataclass(frozen=True)
class Move:
    """Move the stone or tower on ``src`` in a straight line to ``dst`` (squares 0..111)."""

    src: int
    dst: int


@tagged
@dataclass(frozen=True)
class Skip:
    """Pass the turn: only when the player has no legal move (and no bonus move is pending)."""


@tagged
@dataclass(frozen=True)
class EndTurn:
    """Decline the pending bonus move and end the turn."""


TuermeAction = Union[Move, Skip, EndTurn]
