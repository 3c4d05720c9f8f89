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
    plays ``joker`` (virtual cards per kind, two per joker card) and adds the rest from his hand.

    ``replace``: when an accepted offer holds the exchange card, the builder places the
    elements for that helper's cards (True); False leaves the helper his own elements,
    which only the rule reading ``optional_replacing`` allows."""

    offers: tuple[int, ...]
    joker: Counts = (0, 0, 0, 0)
    replace: bool = True


@tagged
@dataclass(frozen=True)
class Decline:
    """The active player does not build; the tile stays and every offerer scores."""


@tagged
@dataclass(frozen=True)
class ThirdBonus:
    """A turned-down offerer decides whether to play a third-bonus card (every one who
    might hold one is asked, so that nobody learns who does)."""

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
    """Play a "double turn" action card: before the first action of one's turn, or (rule
    reading ``late_double_turn``) in the card window after it."""


@tagged
@dataclass(frozen=True)
class Continue:
    """Play no (more) action cards in the card window: the game goes on."""


BabelAction = Union[Pass, Build, Offer, Accept, Decline, ThirdBonus, DrawThree, CardExchange,
                    DoubleTurn, Continue]
Decision = Union[Accept, Decline]
