"""The actions of Saba: small steps, one decision each.

Turn steps: :class:`TakeHarbour` (then :class:`RemoveCard` after H2, or
:class:`MoveVizier` and maybe :class:`Exchange` after H3), :class:`Build`,
:class:`Stash` (pro), :class:`PlaceFigure`, :class:`Discard`, and :class:`Done` to
close the build, stash, placement or end step. :class:`SerailChoice` is asked of
the owner of a displaced balcony figure. At any moment of his own turn a player
may also take :class:`UseDistrict` and play action cards (:class:`PlayCard` for a
resource card, one class per person card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..codec import tagged
from .data import Card, Res


@tagged
@dataclass(frozen=True)
class TakeHarbour:
    """Use the visible harbour-card face ``field`` (1..4): take that field's resources."""

    field: int


@tagged
@dataclass(frozen=True)
class RemoveCard:
    """H2: remove the palace part card on build field 5.``slot+1``."""

    slot: int


@tagged
@dataclass(frozen=True)
class MoveVizier:
    """H3: move the vizier to ``district`` (0..5) and carry out its action."""

    district: int


@tagged
@dataclass(frozen=True)
class Exchange:
    """H3 on the exchange or bazaar: give one ``give`` to the supply for one ``get``."""

    give: Res
    get: Res


@tagged
@dataclass(frozen=True)
class Build:
    """Build the card on build field 5.``slot+1`` (a part, a treasury card or the end card).

    ``waive``: pro craftsman card, the one resource of the price not paid.
    ``from_district``: with no figure in supply, the district the balcony figure comes from.
    """

    slot: int
    waive: Res | None = None
    from_district: int | None = None


@tagged
@dataclass(frozen=True)
class Stash:
    """Pro: put one own resource on the garden field of the part just built."""

    res: Res


@tagged
@dataclass(frozen=True)
class PlaceFigure:
    """Put a figure from supply into ``district`` (1 gold, 2 gold for a second one there)."""

    district: int


@tagged
@dataclass(frozen=True)
class UseDistrict:
    """Use one of one's figures in ``district``; the swap districts need ``give`` and ``get``."""

    district: int
    give: Res | None = None
    get: Res | None = None


@tagged
@dataclass(frozen=True)
class PlayCard:
    """Play a resource action card: take its resource from the supply."""

    card: Card


@tagged
@dataclass(frozen=True)
class PlayOverseer:
    """Pro: move an own figure from district ``source`` to the free district ``target``."""

    source: int
    target: int


@tagged
@dataclass(frozen=True)
class PlayHarbourmaster:
    """Pro: swap the contents of harbour fields ``first`` and ``second`` (1..4)."""

    first: int
    second: int


@tagged
@dataclass(frozen=True)
class PlayGuard:
    """Pro: swap the serail markers on fields ``first`` and ``second`` (1-based)."""

    first: int
    second: int


@tagged
@dataclass(frozen=True)
class PlayCaravan:
    """Pro: take one ``res`` from the supply."""

    res: Res


@tagged
@dataclass(frozen=True)
class PlayMerchant:
    """Pro: take ``take`` (1–2 resources) from ``opponent`` and give him as many: ``give``."""

    opponent: int
    take: tuple[Res, ...]
    give: tuple[Res, ...]


@tagged
@dataclass(frozen=True)
class PlayRobber:
    """Pro: steal one ``res`` from ``opponent``."""

    opponent: int
    res: Res


@tagged
@dataclass(frozen=True)
class SerailChoice:
    """The owner of a displaced figure puts a serail marker on field 1 (``place``) or not."""

    place: bool


@tagged
@dataclass(frozen=True)
class Discard:
    """At the end of the turn, over a limit: discard one action ``card`` or one resource ``res``."""

    card: Card | None = None
    res: Res | None = None


@tagged
@dataclass(frozen=True)
class Done:
    """Close the current step: building, stash, placement, or (at the end) the turn."""


SabaAction = Union[TakeHarbour, RemoveCard, MoveVizier, Exchange, Build, Stash, PlaceFigure,
                   UseDistrict, PlayCard, PlayOverseer, PlayHarbourmaster, PlayGuard, PlayCaravan,
                   PlayMerchant, PlayRobber, SerailChoice, Discard, Done]
