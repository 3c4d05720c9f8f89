"""Component data of Saba – Palast der Königin (Goldsieber 2007).

Everything the rulebook fixes is plain data here; values the rulebook lost with
its pictures are reconstructions, marked **[REC]** with the reading they follow
(see ``rules-data.md`` section B), so they can be corrected in one place.

>>> part_cost(card_id(Shape.FOUNTAIN, 1))
(1, 1, 1, 0)
>>> card_code(card_id(Shape.COLUMN, 8)), card_code(TREASURY_2), card_code(END_CARD)
('C8', 'T2', 'X')

Each component has two names: ``label``, the English word the notation writes in
every language, and ``noun`` (:func:`card_name` for palace cards), its name in the
active language for the texts people read (the terms are in ``docs/glossary/saba.md``):

>>> from pygame_rules.i18n import using
>>> with using("de"):
...     District.STONEMASONS.label, District.STONEMASONS.noun, card_name(card_id(Shape.ARCH, 3))
('stonemasons', 'Steinmetzviertel', 'Torbogen auf 3')
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, IntEnum

from ..i18n import N_, _, ngettext
from ..rng import Rng

#: The title of the box (Goldsieber's German edition), marked so a catalog may adapt it.
TITLE = N_("Saba – Palast der Königin")
MIN_PLAYERS, MAX_PLAYERS = 2, 4


class Res(str, Enum):
    """The four resources, in the order used by every resource vector (a, s, e, g)."""

    ALABASTER = "a"
    SANDSTONE = "s"
    EBONY = "e"
    GOLD = "g"

    @property
    def index(self) -> int:  # type: ignore[override]  # the place in a vector, not str.index
        return RES_INDEX[self]

    @property
    def label(self) -> str:
        """The English word, as the notation writes it."""
        return RES_NAMES[self]

    @property
    def noun(self) -> str:
        """The resource's name in the active language."""
        return _(RES_NAMES[self])


RES_NAMES: dict[Res, str] = {Res.ALABASTER: N_("alabaster"), Res.SANDSTONE: N_("sandstone"),
                             Res.EBONY: N_("ebony"), Res.GOLD: N_("gold")}
RESOURCES: tuple[Res, ...] = tuple(Res)
RES_INDEX: dict[Res, int] = {r: i for i, r in enumerate(Res)}
#: Building materials (everything but gold): what the bazaar swaps and parts cost.
MATERIALS: tuple[Res, ...] = (Res.ALABASTER, Res.SANDSTONE, Res.EBONY)
RES_PER_KIND = 15
RES_TOTAL = RES_PER_KIND * len(RESOURCES)
#: A resource vector: counts of (alabaster, sandstone, ebony, gold).
Vec = tuple[int, int, int, int]
ZERO: Vec = (0, 0, 0, 0)


def amount(res: Res, n: int) -> str:
    """``n`` of ``res`` in the active language: "2 ebony" (the resources are mass nouns;
    French writes "2 × ébène")."""
    return ngettext("{n} {resource}", "{n} {resource}", n).format(n=n, resource=res.noun)


def cost_text(vec: Vec) -> str:
    """'2 alabaster + 1 gold'; 'nothing' for an empty vector (in the active language).

    >>> cost_text((2, 0, 0, 1)), cost_text(ZERO)
    ('2 alabaster + 1 gold', 'nothing')
    """
    parts = [amount(r, n) for r, n in zip(RESOURCES, vec) if n]
    return " + ".join(parts) or _("nothing")


FIGURES_PER_PLAYER = 8
MARKERS_PER_PLAYER = 5
RES_LIMIT = 7
HAND_LIMIT = 3
HAND_LIMIT_PRO = 4
#: Serail fields in use by player count (the seed: 4, 5, "all"; its 3-player example shows all = 6).
SERAIL_FIELDS = {2: 4, 3: 5, 4: 6}

# ------------------------------------------------------------------ harbour
#: Capacities of harbour fields H1..H4.
HARBOUR_CAPACITY: tuple[int, ...] = (2, 2, 3, 4)
#: [REC] faces of each player's two double-sided harbour cards (the picture is lost):
#: card X shows H1 / H3, card Y shows H2 / H4.
HARBOUR_CARDS: tuple[tuple[int, int], ...] = ((1, 3), (2, 4))
#: [REC] faces visible at the start (one per card, same order as HARBOUR_CARDS).
START_FACES: tuple[int, int] = (1, 2)


def flip(face: int) -> int:
    """The other face of the harbour card showing ``face``."""
    for front, back in HARBOUR_CARDS:
        if face in (front, back):
            return back if face == front else front
    raise ValueError(f"no harbour card shows H{face}")  # i18n: internal


# ---------------------------------------------------------------- districts
class District(IntEnum):
    """The six city districts, in board order."""

    STONEMASONS = 0
    CARPENTERS = 1
    MASONS = 2
    GOLDSMITHS = 3
    EXCHANGE = 4
    BAZAAR = 5

    @property
    def label(self) -> str:
        """The English word, as the notation writes it."""
        return DISTRICT_NAMES[self]

    @property
    def noun(self) -> str:
        """The district's name in the active language (sentences add the article)."""
        return _(DISTRICT_NAMES[self])


DISTRICT_NAMES: dict[District, str] = {
    District.STONEMASONS: N_("stonemasons"), District.CARPENTERS: N_("carpenters"),
    District.MASONS: N_("masons"), District.GOLDSMITHS: N_("goldsmiths"),
    District.EXCHANGE: N_("exchange"), District.BAZAAR: N_("bazaar"),
}


#: The resource a district gives (None: a swap district).
DISTRICT_GAIN: dict[District, Res | None] = {
    District.STONEMASONS: Res.ALABASTER, District.CARPENTERS: Res.EBONY,
    District.MASONS: Res.SANDSTONE, District.GOLDSMITHS: Res.GOLD,
    District.EXCHANGE: None, District.BAZAAR: None,
}
VIZIER_START = District.BAZAAR
#: Gold paid for a player's 1st and 2nd figure in one district.
DISTRICT_COST = (1, 2)
MAX_PER_DISTRICT = 2


def swaps(district: District) -> tuple[tuple[Res, Res], ...]:
    """The (give, get) pairs a swap district allows: exchange gold ↔ material, bazaar material → material."""
    if district == District.EXCHANGE:
        return tuple((Res.GOLD, m) for m in MATERIALS) + tuple((m, Res.GOLD) for m in MATERIALS)
    if district == District.BAZAAR:
        return tuple((a, b) for a in MATERIALS for b in MATERIALS if a != b)
    return ()


# ------------------------------------------------------------ palace cards
class Shape(IntEnum):
    """Palace parts by value: a higher part displaces a lower one's balcony figure."""

    ARCH = 1
    FOUNTAIN = 2
    COLUMN = 3

    @property
    def label(self) -> str:
        """The English word, as the notation writes it."""
        return SHAPE_NAMES[self]

    @property
    def noun(self) -> str:
        """The part's name in the active language."""
        return _(SHAPE_NAMES[self])


SHAPE_NAMES: dict[Shape, str] = {Shape.ARCH: N_("arch"), Shape.FOUNTAIN: N_("fountain"),
                                 Shape.COLUMN: N_("column")}


GARDEN_FIELDS = 8
#: Palace card ids: 0..23 are parts (shape-major, field-minor), then the specials.
TREASURY_1, TREASURY_2, END_CARD = 24, 25, 26
PALACE_CARDS = 27
#: Placeholder id of a face-down palace card in a player's view.
HIDDEN_CARD = -1
#: Gold surcharge of build fields 5.1, 5.2, 5.3.
SURCHARGE: tuple[int, ...] = (0, 1, 2)
#: Open palace cards: one per build field.
DISPLAY_SIZE = len(SURCHARGE)
#: The end card is shuffled with the three bottom columns: it lies among the deck's bottom four.
END_CARD_DEPTH = 4
SHAPE_LETTER = {Shape.ARCH: "A", Shape.FOUNTAIN: "F", Shape.COLUMN: "C"}


def _vec(letters: str) -> Vec:
    return tuple(letters.count(r.value) for r in RESOURCES)  # type: ignore[return-value]


# [REC] costs by garden field 1..8. Only "each shape costs one more than the previous"
# is attested; base 2 (arch 2, fountain 3, column 4), materials mixed about evenly.
_PART_COSTS: dict[Shape, tuple[str, ...]] = {
    Shape.ARCH: ("as", "se", "ae", "as", "se", "ae", "aa", "se"),
    Shape.FOUNTAIN: ("ase", "aas", "sse", "eea", "ase", "ass", "see", "eaa"),
    Shape.COLUMN: ("aase", "asse", "asee", "aass", "ssee", "aaee", "aase", "asse"),
}
# [REC] costs of the treasury cards and the end card (3 / 4 / 5 materials).
_SPECIAL_COSTS: dict[int, str] = {TREASURY_1: "ase", TREASURY_2: "asse", END_CARD: "aasee"}

COSTS: tuple[Vec, ...] = tuple(
    _vec(_PART_COSTS[Shape(1 + c // GARDEN_FIELDS)][c % GARDEN_FIELDS]) for c in range(24)
) + tuple(_vec(_SPECIAL_COSTS[c]) for c in (TREASURY_1, TREASURY_2, END_CARD))


def card_id(shape: Shape, field: int) -> int:
    return (shape - 1) * GARDEN_FIELDS + field - 1


def is_part(card: int) -> bool:
    return 0 <= card < 24


def card_shape(card: int) -> Shape:
    return Shape(1 + card // GARDEN_FIELDS)


def part_card(shape: int, field: int) -> int:
    """The palace card of the part ``shape`` on garden field ``field`` (1..8).

    >>> part_card(Shape.FOUNTAIN, 3), card_shape(10), card_field(10)
    (10, <Shape.FOUNTAIN: 2>, 3)
    """
    return (shape - 1) * GARDEN_FIELDS + field - 1


def card_field(card: int) -> int:
    """Garden field 1..8 of a part card."""
    return card % GARDEN_FIELDS + 1


def part_cost(card: int) -> Vec:
    return COSTS[card]


def card_code(card: int) -> str:
    """Short code: A3 (arch on 3), F5, C8, T1, T2, X (end), ? (face down)."""
    if card == HIDDEN_CARD:
        return "?"
    if is_part(card):
        return f"{SHAPE_LETTER[card_shape(card)]}{card_field(card)}"
    return {TREASURY_1: "T1", TREASURY_2: "T2", END_CARD: "X"}[card]


CODE_TO_CARD: dict[str, int] = {card_code(c): c for c in range(-1, PALACE_CARDS)}


def stack_palace_deck(cards: Iterable[int], rng: Rng) -> tuple[int, ...]:
    """``cards`` stacked as the setup stacks the palace deck, bottom first: three columns
    shuffled with the end card, the other columns, treasury 2, the fountains, treasury 1,
    the arches on top, each group shuffled. The setup stacks all the cards; a bot that
    deals the unseen ones gets the orders the setup could have left them in.

    >>> deck = stack_palace_deck(range(PALACE_CARDS), Rng.from_seed(1))
    >>> END_CARD in deck[:END_CARD_DEPTH], [card_code(c) for c in (deck[9], deck[18])]
    (True, ['T2', 'T1'])
    """
    have = set(cards)

    def shuffled(shape: Shape) -> tuple[int, ...]:
        return rng.shuffled(sorted(c for c in have if is_part(c) and card_shape(c) == shape))

    def special(card: int) -> tuple[int, ...]:
        return (card,) if card in have else ()

    columns = shuffled(Shape.COLUMN)
    fountains = shuffled(Shape.FOUNTAIN)
    arches = shuffled(Shape.ARCH)
    bottom = rng.shuffled(columns[:END_CARD_DEPTH - 1] + special(END_CARD))
    return (*bottom, *columns[END_CARD_DEPTH - 1:], *special(TREASURY_2), *fountains,
            *special(TREASURY_1), *arches)


#: The names of the palace cards that are not parts.
SPECIAL_NAMES: dict[int, str] = {TREASURY_1: N_("treasury 1"), TREASURY_2: N_("treasury 2"),
                                 END_CARD: N_("end"), HIDDEN_CARD: N_("face-down card")}


def card_label(card: int) -> str:
    """The notation's name (English): 'fountain on 4', 'treasury 1', 'end'."""
    if is_part(card):
        return f"{card_shape(card).label} on {card_field(card)}"
    return SPECIAL_NAMES[card]


def card_name(card: int) -> str:
    """The card's name in the active language (:func:`card_label` in English)."""
    if is_part(card):
        return _("{part} on {field}").format(part=card_shape(card).noun, field=card_field(card))
    return _(SPECIAL_NAMES[card])


# ------------------------------------------------------------- action cards
class Card(str, Enum):
    """Action cards: four resource cards, the seven pro person cards, and a face-down placeholder."""

    ALABASTER = "A"
    SANDSTONE = "S"
    EBONY = "E"
    GOLD = "G"
    OVERSEER = "O"       # Bouwopzichter: move an own figure to another free district
    CRAFTSMAN = "C"      # Handwerker: one resource of a palace part's price is waived
    HARBOURMASTER = "H"  # Havenmeester: swap two harbour fields' contents
    GUARD = "W"          # Serailwachter: swap two serail markers
    CARAVAN = "K"        # Karavanleider: take one resource of choice
    MERCHANT = "M"       # Koopman: trade 1-2 resources with an opponent
    ROBBER = "R"         # Woestijnrover: steal one resource
    HIDDEN = "?"

    @property
    def label(self) -> str:
        """The English word, as the notation writes it."""
        return CARD_NAMES[self]

    @property
    def noun(self) -> str:
        """The card's name in the active language."""
        return _(CARD_NAMES[self])

    @property
    def resource(self) -> Res | None:
        """The resource a resource card gives (None for person cards)."""
        return CARD_RESOURCE.get(self)


CARD_NAMES: dict[Card, str] = {
    Card.ALABASTER: N_("alabaster"), Card.SANDSTONE: N_("sandstone"), Card.EBONY: N_("ebony"),
    Card.GOLD: N_("gold"), Card.OVERSEER: N_("overseer"), Card.CRAFTSMAN: N_("craftsman"),
    Card.HARBOURMASTER: N_("harbourmaster"), Card.GUARD: N_("guard"), Card.CARAVAN: N_("caravan"),
    Card.MERCHANT: N_("merchant"), Card.ROBBER: N_("robber"), Card.HIDDEN: N_("face-down card"),
}
CARD_RESOURCE: dict[Card, Res] = {Card.ALABASTER: Res.ALABASTER, Card.SANDSTONE: Res.SANDSTONE,
                                  Card.EBONY: Res.EBONY, Card.GOLD: Res.GOLD}
RESOURCE_CARD: dict[Res, Card] = {r: c for c, r in CARD_RESOURCE.items()}
#: [REC] the 20 basic cards: 5 of each resource (distribution unknown).
BASIC_CARDS: tuple[Card, ...] = tuple(c for c in CARD_RESOURCE for _ in range(5))
PERSONS: tuple[Card, ...] = (Card.OVERSEER, Card.CRAFTSMAN, Card.HARBOURMASTER, Card.GUARD,
                             Card.CARAVAN, Card.MERCHANT, Card.ROBBER)
#: The 21 pro person cards: 3 of each kind.
PRO_CARDS: tuple[Card, ...] = tuple(c for c in PERSONS for _ in range(3))

#: Player colours as (name, CSS fill); the seed names blue, red and yellow, the fourth is ours.
#: The names are marked for the places that show them (the notation writes them in English).
PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    (N_("blue"), "royalblue"), (N_("red"), "crimson"), (N_("yellow"), "gold"), (N_("green"), "seagreen"))
COLOUR_NAMES: tuple[str, ...] = tuple(name for name, _ in PLAYER_COLOURS)
RES_COLOURS: dict[Res, str] = {Res.ALABASTER: "#ffffff", Res.SANDSTONE: "#cd853f",
                               Res.EBONY: "#3a2a1a", Res.GOLD: "#daa520"}
