"""The actions of Der Turmbau zu Babel: one small frozen value per decision.

Card counts are tuples per kind (camel, crane, ship, stonemason), so an offer of two
ships and the exchange card is ``Offer((0, 0, 2, 0), True)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..codec import tagged
from .data import Counts


@tagged
@dataclass(frozen=True)
class Pass:
    """The active player passes: he draws 1, then everyone draws 1."""


@tagged
@dataclass(frozen=True)
class Build:
    """The active player asks for the tile in ``slot`` (0–2) of ``wonder`` (0–7)."""

    wonder: int
    slot: int


@tagged
@dataclass(frozen=True)
class Offer:
    """A sealed offer of building cards (any kinds: bluffs allowed) and maybe the exchange card."""

    cards: Counts
    exchange: bool = False


@tagged
@dataclass(frozen=True)
class Accept:
    """The active player builds: he accepts the whole offers of ``offers`` (players, ascending),
    plays ``joker`` (virtual cards per kind, two per joker card) and adds the rest from his hand."""

    offers: tuple[int, ...]
    joker: Counts = (0, 0, 0, 0)


@tagged
@dataclass(frozen=True)
class Decline:
    """The active player does not build; the tile stays and every offerer scores."""


@tagged
@dataclass(frozen=True)
class ThirdBonus:
    """A rejected offerer with a third-bonus card decides whether to play it."""

    use: bool


@tagged
@dataclass(frozen=True)
class DrawThree:
    """Play a "draw three" action card."""


@tagged
@dataclass(frozen=True)
class CardExchange:
    """Play a "card exchange" action card: discard these 1–5 cards and draw as many."""

    cards: Counts


@tagged
@dataclass(frozen=True)
class DoubleTurn:
    """Play a "double turn" action card before the first action of one's turn."""


BabelAction = Union[Pass, Build, Offer, Accept, Decline, ThirdBonus, DrawThree, CardExchange,
                    DoubleTurn]
Decision = Union[Accept, Decline]
