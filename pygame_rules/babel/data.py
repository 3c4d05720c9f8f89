"""Component data of Der Turmbau zu Babel (Knizia, Hans im Glück 2005).

Card counts per kind are always tuples in the order of :data:`KINDS`
(camel, crane, ship, stonemason). A building tile is such a tuple too: the
cards it asks for, e.g. ``(5, 0, 0, 0)`` for "5 camels" and ``(3, 2, 0, 0)``
for the two-colour tile "3 camels + 2 cranes".

Names shown to people (kinds, colours, wonders, action cards) are marked with ``N_``:
the notation and the ids use them as they are, the screen shows them through
:func:`~pygame_rules.i18n._` (see :func:`kind_name`, :func:`counts_words`, :func:`tile_words`).

Values marked RECONSTRUCTION are not printed in any source we have (the
rulebook pictures are lost); they follow the recommended readings of
``rules-data.md`` A3/A5 and are kept here so they are easy to correct.

>>> tile_text((3, 2, 0, 0))
'camel 3 + crane 2'
>>> SET_BONUS[4]
20
>>> from pygame_rules.i18n import using
>>> with using("nl"):
...     counts_words((2, 0, 1, 0)), tile_words((3, 2, 0, 0))
('2 kamelen + 1 schip', 'kameel 3 + kraan 2')
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from ..i18n import N_, _, ngettext

Counts = tuple[int, int, int, int]
Tile = Counts

#: The four kinds of building card, in the order of every count tuple.
KINDS: tuple[str, ...] = (N_("camel"), N_("crane"), N_("ship"), N_("stonemason"))
#: One-letter codes of the kinds (position notation).
KIND_LETTERS = "cksm"
NO_CARDS: Counts = (0, 0, 0, 0)

#: The game's name, the box's own (German) in every language.
TITLE = "Der Turmbau zu Babel"  # i18n: internal (a name, never translated)
CARDS_PER_KIND = 25
START_HAND = 4
MIN_PLAYERS, MAX_PLAYERS = 3, 5

#: Seat colours (name, CSS fill); the rulebook examples use the first four, the fifth is our choice.
PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    (N_("red"), "#d62728"), (N_("yellow"), "#e6c300"), (N_("green"), "#2ca02c"),
    (N_("blue"), "#1f63c6"), (N_("purple"), "#8e44ad"))
COLOURS: tuple[str, ...] = tuple(name for name, _ in PLAYER_COLOURS)


class Card(enum.Enum):
    """A building card in the supply; HIDDEN stands for a card a viewer may not see."""

    CAMEL = "camel"
    CRANE = "crane"
    SHIP = "ship"
    STONEMASON = "stonemason"
    HIDDEN = "hidden"


#: Card of each kind index.
CARD_OF_KIND: tuple[Card, ...] = (Card.CAMEL, Card.CRANE, Card.SHIP, Card.STONEMASON)
KIND_OF_CARD: dict[Card, int] = {card: k for k, card in enumerate(CARD_OF_KIND)}


class ActionCard(enum.Enum):
    """The seven kinds of action card (HIDDEN: a card a viewer may not see); the value
    is the card's name (shown as ``_(card.value)``) and its id on the board."""

    CARD_EXCHANGE = N_("card exchange")
    DRAW_THREE = N_("draw three")
    DOUBLE_TURN = N_("double turn")
    JOKER = N_("joker")
    THIRD_BONUS = N_("third bonus")
    FIVE_POINTS = N_("five points")
    TILE_POINTS = N_("tile points")
    HIDDEN = "hidden"


#: How many of each action card the game has (15 in all).
ACTION_CARD_COUNTS: dict[ActionCard, int] = {
    ActionCard.CARD_EXCHANGE: 2, ActionCard.DRAW_THREE: 3, ActionCard.DOUBLE_TURN: 2,
    ActionCard.JOKER: 2, ActionCard.THIRD_BONUS: 2, ActionCard.FIVE_POINTS: 2,
    ActionCard.TILE_POINTS: 2,
}
#: One-letter codes of the action cards (position notation).
ACTION_LETTERS: dict[ActionCard, str] = {
    ActionCard.CARD_EXCHANGE: "E", ActionCard.DRAW_THREE: "D", ActionCard.DOUBLE_TURN: "T",
    ActionCard.JOKER: "J", ActionCard.THIRD_BONUS: "B", ActionCard.FIVE_POINTS: "F",
    ActionCard.TILE_POINTS: "P", ActionCard.HIDDEN: "?",
}
#: Cards that may be discarded with one card exchange.
CARD_EXCHANGE_MAX = 5
#: Building cards drawn with "draw three".
DRAW_THREE_COUNT = 3
#: VP of each "five points" card at the end.
FIVE_POINTS = 5

#: The eight wonders in the order of the rulebook epilogue (board position has no effect).
WONDERS: tuple[str, ...] = (
    N_("Pyramids of Giza"), N_("Colossus of Rhodes"), N_("Statue of Zeus"), N_("Hanging Gardens"),
    N_("Mausoleum"), N_("Lighthouse of Alexandria"), N_("Temple of Artemis"), N_("Tower of Babel"),
)
#: Short names used by the move notation.
WONDER_SHORT: tuple[str, ...] = (
    "Pyramids", "Colossus", "Zeus", "Gardens", "Mausoleum", "Lighthouse", "Artemis", "Babel",
)
SLOTS_PER_WONDER = 3

#: RECONSTRUCTION (rules-data A3): the values of the six one-colour tiles of each kind.
#: Sources only say "3 to 6, at least one 5"; this multiset sums to 25 = the cards of a kind.
TILE_VALUES: tuple[int, ...] = (3, 3, 4, 4, 5, 6)
#: The value-5 tile of each kind that the two-colour variant removes.
REPLACED_VALUE = 5
#: The four two-colour tiles. Camel 3 + crane 2 is printed (Dutch example), camel 2 +
#: stonemason 3 is attested (French example); the other two are a RECONSTRUCTION (the
#: cyclic "3 of one kind + 2 of the next" that gives every kind its 5 cards back).
TWO_COLOUR_TILES: tuple[Tile, ...] = ((3, 2, 0, 0), (0, 3, 2, 0), (0, 0, 3, 2), (2, 0, 0, 3))

#: Wonder scoring table rows (first place, second place), top row first.
SCORING_ROWS: tuple[tuple[int, int], ...] = (
    (8, 4), (10, 5), (12, 6), (14, 7), (16, 8), (18, 9), (20, 10))
#: Points for every other player present on a wonder, in every row.
OTHER_PLACE_POINTS = 3
#: The light row used for unfinished wonders at the end of the game.
FINAL_ROW: tuple[int, int] = (10, 5)

#: Set bonus by the number of tiles assigned to one kind. 0, 1, 2 and 4 are printed;
#: 3 → 10 and 5, 6 → 20 are a RECONSTRUCTION (rules-data A5; the table tops out at 20).
SET_BONUS: tuple[int, ...] = (0, 0, 5, 10, 20, 20, 20, 20)


def one_colour_tile(kind: int, value: int) -> Tile:
    """The one-colour tile asking for ``value`` cards of ``kind``.

    >>> one_colour_tile(2, 5)
    (0, 0, 5, 0)
    """
    return tuple(value if k == kind else 0 for k in range(4))  # type: ignore[return-value]


def tile_set(two_colour: bool) -> tuple[Tile, ...]:
    """All tiles of a game (sorted): 24 one-colour tiles, or 20 + the 4 two-colour ones."""
    tiles: list[Tile] = []
    for kind in range(4):
        values = list(TILE_VALUES)
        if two_colour:
            values.remove(REPLACED_VALUE)
        tiles += [one_colour_tile(kind, v) for v in values]
    if two_colour:
        tiles += TWO_COLOUR_TILES
    return tuple(sorted(tiles))


def tile_kinds(tile: Tile) -> tuple[int, ...]:
    """The kinds a tile asks for (one, or two for a two-colour tile)."""
    return tuple(k for k in range(4) if tile[k])


def counts_text(counts: Counts, joiner: str = " + ") -> str:
    """Counts in words, e.g. ``2 camel + 1 ship`` (``nothing`` when empty).

    >>> counts_text((2, 0, 1, 0))
    '2 camel + 1 ship'
    """
    parts = [f"{n} {KINDS[k]}" for k, n in enumerate(counts) if n]
    return joiner.join(parts) if parts else "nothing"


def tile_text(tile: Tile) -> str:
    """A tile as the kinds and numbers printed on it, e.g. ``camel 5`` (move notation)."""
    return " + ".join(f"{KINDS[k]} {tile[k]}" for k in tile_kinds(tile))


# ------------------------------------------------------------------ in the active language
def kind_name(kind: int) -> str:
    """The name of a kind of building card, in the active language."""
    return _(KINDS[kind])


#: ``n`` cards of each kind as a label, singular or plural as the number asks ("1 camel",
#: "2 ships"; the move notation keeps its own singular nouns, see :func:`counts_text`).
_KIND_COUNTS: tuple[Callable[[int], str], ...] = (
    lambda n: ngettext("{n} camel", "{n} camels", n),
    lambda n: ngettext("{n} crane", "{n} cranes", n),
    lambda n: ngettext("{n} ship", "{n} ships", n),
    lambda n: ngettext("{n} stonemason", "{n} stonemasons", n),
)


def kind_count(kind: int, n: int) -> str:
    """``n`` cards of ``kind`` as a label in the active language, e.g. ``2 camels``."""
    return _KIND_COUNTS[kind](n).format(n=n)


#: ``n`` building cards of each kind, in a sentence.
_KIND_CARDS: tuple[Callable[[int], str], ...] = (
    lambda n: ngettext("{n} camel card", "{n} camel cards", n),
    lambda n: ngettext("{n} crane card", "{n} crane cards", n),
    lambda n: ngettext("{n} ship card", "{n} ship cards", n),
    lambda n: ngettext("{n} stonemason card", "{n} stonemason cards", n),
)


def kind_cards(kind: int, n: int) -> str:
    """``n`` building cards of ``kind`` in a sentence, e.g. ``1 crane card``."""
    return _KIND_CARDS[kind](n).format(n=n)


def counts_words(counts: Counts) -> str:
    """:func:`counts_text` in the active language, for the screen (``nothing`` when empty).

    >>> counts_words((2, 0, 1, 0))
    '2 camels + 1 ship'
    """
    parts = [kind_count(k, n) for k, n in enumerate(counts) if n]
    return " + ".join(parts) if parts else _("nothing")


def tile_words(tile: Tile) -> str:
    """:func:`tile_text` in the active language, for the screen: ``camel 3 + crane 2``."""
    return " + ".join(f"{kind_name(k)} {tile[k]}" for k in tile_kinds(tile))
