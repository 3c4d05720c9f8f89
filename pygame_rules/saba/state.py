"""The frozen state of a game of Saba, and small helpers on it.

Resource vectors are tuples (alabaster, sandstone, ebony, gold). Piles are
tuples whose last item is the top card. Garden fields and districts are
stored 0-based in tuples; the notation shows garden fields 1..8.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .. import quiet
from ..i18n import N_, _
from ..options import reading, variant
from .data import (
    COSTS,
    DISTRICT_COST,
    HAND_LIMIT,
    HAND_LIMIT_PRO,
    PALACE_CARDS,
    RES_LIMIT,
    SERAIL_FIELDS,
    SURCHARGE,
    Card,
    Res,
    Vec,
    card_field,
    card_shape,
    is_part,
)


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

    @property
    def noun(self) -> str:
        """The step's name in the active language (the notation writes ``value``)."""
        return _(STEP_NAMES[self])


STEP_NAMES: dict[Phase, str] = {
    Phase.HARBOUR: N_("harbour"), Phase.REMOVE: N_("remove"), Phase.VIZIER: N_("vizier"),
    Phase.SWAP: N_("swap"), Phase.BUILD: N_("build"), Phase.SERAIL: N_("serail"),
    Phase.STASH: N_("stash"), Phase.PLACE: N_("place"), Phase.END: N_("end"), Phase.OVER: N_("over"),
}


#: The quiet end's default: moves in a row without building a palace card that end the game
#: (:mod:`pygame_rules.quiet`). Every step and free action of a turn is a move, so a turn
#: without building takes some 5 to 12 (2 to 5 rounds with four players); easy computer
#: players went without building for over 100 moves in 1 to 3 % of their games.
QUIET_END = 100
#: The most moves a game can last with the quiet end at its default (4,087): each build takes
#: one of the 27 palace cards, and a turn without one has at most 46 moves: the harbour, the
#: vizier and his swap, 9 district uses (8 figures and the overseer's), 5 action cards, the
#: ends of 2 steps, the figure, and at the end the discards, at most 2 cards and 24
#: resources (7 kept, 4 from the harbour, 1 from the vizier's district, 9 from the uses and
#: 2 per card played), and the end of the turn.
LONGEST_GAME = quiet.longest_game(builds=PALACE_CARDS, limit=QUIET_END, turn=46)


@dataclass(frozen=True)
class Variants:
    """The table's choices of rules (a state keeps each as a field of its own)."""

    pro: bool = variant(False, N_("Pro rules (person cards, hand limit 4, serail figure, garden resources)"))


@dataclass(frozen=True)
class Readings:
    """The rule readings: for each sentence of the rulebook that can be read two ways, the
    reading the game is played by, by default the one the text supports best (the rules page
    ``web/static/rules/saba.html`` argues why). A ``quote`` is the rulebook's own sentence and
    stays in its language."""

    #: A player who displaces his own balcony figure may also put a serail marker.
    serail_on_self: bool = reading(
        True, N_("A displaced own figure also earns a serail marker"),
        quote="Het is toegelaten om een eigen spelfiguur door een verbouwing te vervangen. "
              "[…] Als een speler door een verbouwing een spelfiguur terugkrijgt van een "
              "balkon, mag hij één van zijn serailmarkers op het 1ste veld in het serail "
              "leggen.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("Replacing one's own figure by a rebuilding is allowed. […] When a player "
                   "gets a figure back from a balcony through a rebuilding, he may put one of "
                   "his serail markers on the first field of the serail."))
    #: Several players may have figures in one district (else a district is one player's).
    shared_districts: bool = reading(
        False, N_("Several players may have figures in one district"),
        quote="Voor het plaatsen van de eerste spelfiguur op een stadswijk moet hij 1x goud "
              "in de algemene voorraad leggen, voor de tweede spelfiguur moet hij 2x goud "
              "[…]. Als dezelfde speler 2 spelfiguren op een stadswijk heeft, kan hij deze "
              "actie tweemaal uitvoeren.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("For placing the first figure on a district he must put 1 gold into the "
                   "general supply, for the second figure 2 gold […]. If the same player has "
                   "2 figures on a district, he can carry out this action twice."))
    #: A treasury card and the end card may both be built in one turn.
    treasury_and_end: bool = reading(
        False, N_("A treasury card and the end card may both be built in one turn"),
        quote="De actieve speler mag, in plaats van of extra aan de bouw van een paleisdeel, "
              "één blootgelegde schatkamerkaart […] uitvoeren. […] als de kaart 'einde' in "
              "plaats van of als extra bij de bouw van een paleisdeel […] wordt "
              "uitgevoerd.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("Instead of or in addition to building a palace part, the active player may "
                   "carry out one open treasury card. […] when the 'end' card is carried out "
                   "instead of or in addition to building a palace part."))
    #: The last palace part ends the game before its displaced figure's owner may take a marker.
    end_before_serail: bool = reading(
        False, N_("The last palace part ends the game before the displaced player may take a serail marker"),
        quote="Het spel eindigt onmiddellijk als ofwel alle paleisbouwkaarten zijn gebouwd "
              "of uit het spel zijn verwijderd […]",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("The game ends immediately when either all palace building cards have been "
                   "built or removed from the game […]"))
    #: The swap of the exchange or bazaar the vizier moved to may be declined.
    optional_vizier_swap: bool = reading(
        False, N_("The exchange or bazaar swap may be declined when the vizier moves there"),
        quote="De actie van deze stadswijk moet hij direct uitvoeren. […] De actieve speler "
              "mag 1x goud uit zijn voorraad ruilen tegen 1x albast, 1x ebbenhout of 1x "
              "zandsteen uit de algemene voorraad of omgekeerd.",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("He must carry out the action of this district at once. […] The active "
                   "player may swap 1 gold from his stock for 1 alabaster, 1 ebony or 1 "
                   "sandstone from the general supply, or the other way round."))
    #: A figure the overseer moved is used from its owner's next turn on (else at once).
    overseer_waits: bool = reading(
        False, N_("A figure moved by the overseer is used only from its owner's next turn on"),
        quote="[…] mag hij een stadswijk naar keuze met één van zijn spelfiguren bezetten en "
              "vanaf zijn volgende speelbeurt benutten. […] (de nieuwe bezette stadswijk "
              "kan, naast de vorige stadswijk, onmiddellijk worden benut)",  # i18n: internal (quote)
        quote_lang="nl",
        english=N_("[…] he may occupy a district of his choice with one of his figures and use "
                   "it from his next turn on. […] (the newly occupied district can be used "
                   "at once, beside the previous district)"))


@dataclass(frozen=True)
class Player:
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
    #: The rule readings the game is played with (options, like ``pro``).
    readings: Readings
    current: int
    phase: Phase
    players: tuple[Player, ...]
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
    #: The owners of the figures in each district, sorted (at most 2 per player).
    districts: tuple[tuple[int, ...], ...]
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
    #: Moves in a row without building that end the game (the quiet end, see
    #: :mod:`pygame_rules.quiet`; 0: never, as states written before it existed were played).
    quiet_end: int = 0
    #: Moves since the last that built a palace card (a part, a treasury card or the end card).
    quiet: int = 0

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
    def me(self) -> Player:
        return self.players[self.current]

    def figures_in(self, district: int, player: int) -> int:
        """How many of ``player``'s figures stand in ``district``."""
        return self.districts[district].count(player)

    def over_limits(self, player: int) -> tuple[bool, bool]:
        """(too many cards, too many resources) for ``player``."""
        p = self.players[player]
        return len(p.hand) > self.hand_limit, p.total > RES_LIMIT

    def parts_left(self) -> bool:
        """Whether a palace part card is still in the deck or on display."""
        return parts_left(self.display, self.palace_deck)


def parts_left(display: Sequence[int], palace_deck: Sequence[int]) -> bool:
    """Whether a palace part card is still on display or in the deck (a face-down one may be)."""
    return any(is_part(c) for c in display) or any(c < 0 or is_part(c) for c in palace_deck)


def buildable(card: int, levels: Sequence[int]) -> bool:
    """A part card can be built while its field holds no higher part; specials always."""
    return not is_part(card) or levels[card_field(card) - 1] < card_shape(card)


def build_cost(state: SabaState, slot: int, waive: Res | None) -> Vec:
    """What building the card on ``slot`` costs: card price, the field's gold surcharge,
    one extra of a resource lying on the garden field (pro), minus a waived unit."""
    card = state.display[slot]
    cost = list(COSTS[card])
    cost[Res.GOLD.index] += SURCHARGE[slot]
    if is_part(card):
        lying = state.stash[card_field(card) - 1]
        if lying is not None:
            cost[lying.index] += 1
    if waive is not None:
        cost[waive.index] -= 1
    return tuple(cost)  # type: ignore[return-value]


def place_cost(state: SabaState, district: int, player: int) -> int:
    """Gold ``player`` pays for a figure in ``district``: 1 for his first there, 2 for his
    second (and 2 for any further one, which the rules refuse, so the notation can price it)."""
    return DISTRICT_COST[min(state.figures_in(district, player), len(DISTRICT_COST) - 1)]


def serail_decide(candidates: Iterable[int], serail: Sequence[int]) -> tuple[int, ...]:
    """The serail rule: the candidates with most markers in the serail, then the one
    whose marker lies nearest field 1. Several are left only if none has a marker.

    >>> serail_decide((0, 1, 2), (2, 1, 2, 1, 0))
    (2,)
    >>> serail_decide((0, 3), (1, 2))
    (0, 3)
    """
    cands = tuple(candidates)
    counts = {p: serail.count(p) for p in cands}
    most = max(counts.values(), default=0)
    if most == 0:
        return cands
    tied = [p for p in cands if counts[p] == most]
    return (min(tied, key=serail.index),)


def serail_leader(num_players: int, serail: Sequence[int]) -> int | None:
    """The player the serail rule ranks first among all (None while the serail is empty)."""
    best = serail_decide(range(num_players), serail)
    return best[0] if len(best) == 1 else None
