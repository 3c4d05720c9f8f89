"""The frozen state of a game of Saba, and small helpers on it.

Resource vectors are tuples (alabaster, sandstone, ebony, gold). Piles are
tuples whose last item is the top card. Garden fields and districts are
stored 0-based in tuples; the notation shows garden fields 1..8.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .data import (HAND_LIMIT, HAND_LIMIT_PRO, RES_LIMIT, SERAIL_FIELDS, Card, Res, Vec,
                   is_part)


class Phase(str, Enum):
    """Where the turn stands; the phases follow the rulebook's order."""

    HARBOUR = "harbour"   # choose a harbour card
    REMOVE = "remove"     # H2: remove an open palace card
    VIZIER = "vizier"     # H3: move the vizier
    SWAP = "swap"         # H3: the vizier district's swap
    BUILD = "build"       # build a palace part and/or a treasury or end card
    SERAIL = "serail"     # a displaced figure's owner decides on a serail marker
    STASH = "stash"       # pro: put a resource on the garden field just built
    PLACE = "place"       # place a figure in a district
    END = "end"           # after the draw: limits, then end the turn
    OVER = "over"


@dataclass(frozen=True)
class PlayerState:
    """One player's own things: resources, harbour cards, figures and markers in supply, hand."""

    res: Vec
    #: The visible face of each harbour card (card X, card Y).
    faces: tuple[int, int]
    figures: int
    markers: int
    hand: tuple[Card, ...]

    @property
    def total(self) -> int:
        return sum(self.res)

    def has(self, cost: Vec) -> bool:
        return all(h >= c for h, c in zip(self.res, cost))


@dataclass(frozen=True)
class SabaState:
    """The whole game. See :mod:`.notation` for its one-line form."""

    pro: bool
    #: Option: a player who displaces his own balcony figure may also take a serail marker.
    serail_on_self: bool
    current: int
    phase: Phase
    players: tuple[PlayerState, ...]
    supply: Vec
    harbour_res: tuple[Res, ...]
    harbour_n: tuple[int, ...]
    palace_deck: tuple[int, ...]
    #: Open palace cards on build fields 5.1, 5.2, 5.3 (fewer once the deck is out).
    display: tuple[int, ...]
    #: Palace cards built or removed, in order.
    gone: tuple[int, ...]
    #: Highest shape built on each garden field (0 = none).
    levels: tuple[int, ...]
    balcony: tuple[int | None, ...]
    #: Pro: the resource lying on each garden field.
    stash: tuple[Res | None, ...]
    treasury: tuple[int, ...]
    #: Serail markers by owner, field 1 first (markers always fill from field 1).
    serail: tuple[int, ...]
    #: Pro: owner of the figure standing on the serail leader's marker.
    serail_figure: int | None
    district_owner: tuple[int | None, ...]
    district_count: tuple[int, ...]
    vizier: int
    #: Uses left this turn for the current player, per district.
    uses: tuple[int, ...]
    built_part: bool
    built_special: bool
    #: The player deciding on a serail marker (phase SERAIL), and the phase after it.
    decider: int | None
    after: Phase
    #: Garden field (0-based) of the part built this turn, for the pro stash (-1: none).
    last_field: int
    action_deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    rng: str

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def serail_size(self) -> int:
        return SERAIL_FIELDS[len(self.players)]

    @property
    def hand_limit(self) -> int:
        return HAND_LIMIT_PRO if self.pro else HAND_LIMIT

    @property
    def me(self) -> PlayerState:
        return self.players[self.current]

    def over_limits(self, player: int) -> tuple[bool, bool]:
        """(too many cards, too many resources) for ``player``."""
        p = self.players[player]
        return len(p.hand) > self.hand_limit, p.total > RES_LIMIT

    def parts_left(self) -> bool:
        """Whether a palace part card is still in the deck or on display."""
        return any(is_part(c) for c in self.display) or any(
            c < 0 or is_part(c) for c in self.palace_deck)
