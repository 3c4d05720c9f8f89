"""The state of a game of Spiel der Türme.

A field holds a stack written as text: ``""`` when empty, otherwise the
symbol letter (A–D) followed by the colour letters of its stones, bottom to
top (r red, b blue, g green, p purple). ``"Ar"`` is one red A stone,
``"Agb"`` an A tower of two stones, a green one under a blue one, owned by
blue. Player ``p`` plays colour ``p``; with 2 or 3 players the colours
``players..3`` are neutral. (Strings keep the saved JSON readable and about
four times faster to write and read than nested lists of stones.)

>>> s = build(2, {"c3": "Ar", "c5": "Agb"})
>>> s.board[30], owner(s.board[58]), height(s.board[58]), s.neutral_colours
('Ar', 1, 2, (2, 3))

Where the rulebook can be read two ways, the state records the reading it is
played by (:class:`Readings`, whose fields are the game's options quoting the
rulebook; its rules page argues for each default).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields

from .. import quiet
from ..i18n import N_, _
from ..options import reading, variant
from .data import (
    ALLEYS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    MAX_HEIGHT,
    NUM_SQUARES,
    STONES_PER_KIND,
    SYMBOLS,
    parse_square,
    quoted,
)

#: A field's contents: "" or a symbol letter and colour letters bottom to top.
Stack = str

#: Colour letter → colour (seat) index.
COLOUR_INDEX = {letter: i for i, letter in enumerate(COLOUR_LETTERS)}


def owner(stack: Stack) -> int:
    """The colour on top of a non-empty stack (the owner, if it is a player's)."""
    return COLOUR_INDEX[stack[-1]]


def height(stack: Stack) -> int:
    return len(stack) - 1


#: Early end 2 in the rulebook's words, quoted by the two readings of it (the quotes stay
#: Dutch in every language; their English renderings are translated where shown).
_EARLY_END_2 = ("als een speler geen geldige zet meer kan maken omdat zijn stenen respectievelijk zijn "
                "torens ofwel op symboolvelden staan ofwel zich in torens van andere spelers "
                "bevinden.")  # i18n: internal (the rulebook's words, never translated)
_EARLY_END_2_EN = N_("if a player can no longer make a valid move because his stones or towers either stand "
                     "on symbol fields or are inside other players' towers.")
_EARLY_END = f"Het spel moet voortijdig worden beëindigd: […] 2. {_EARLY_END_2}"  # i18n: internal (likewise)
_EARLY_END_EN = N_("The game must be ended early: […] 2. if a player can no longer make a valid move because his "
                   "stones or towers either stand on symbol fields or are inside other players' towers.")


@dataclass(frozen=True)
class Variants:
    """The table's choices of rules (a state keeps each as a field of its own)."""

    unlimited_height: bool = variant(False, N_("Variant: towers of any height (never safe)"))


@dataclass(frozen=True)
class Readings:
    """The rule readings a game is played by, one flag per option of the same name.

    ``Readings()`` holds the game's defaults, the readings the rulebook's text supports best
    (the rules page ``web/static/rules/tuerme.html`` argues why); :data:`LEGACY` how the
    engine played before they were options.
    """

    #: Early end 2 looks at a player's own pieces only: once none of them is left on
    #: the alleys the game ends, even if he could still move a neutral stone.
    early_end_own_pieces: bool = reading(
        False, N_("Early end 2 counts only a player's own pieces (neutral stones he could still move don't)"),
        quote=_EARLY_END_2, quote_lang="nl", english=_EARLY_END_2_EN)
    #: Early end 2 ends the game as soon as a move leaves a player stuck for good,
    #: not only when his turn comes round.
    early_end_at_once: bool = reading(
        False, N_("Early end 2 ends the game at once, not only when the stuck player's turn comes"),
        quote=_EARLY_END, quote_lang="nl", english=_EARLY_END_EN)
    #: A district whose four fields all hold one neutral colour ends the game too.
    neutral_district_ends: bool = reading(
        True, N_("A district filled with one neutral colour ends the game too"),
        quote="Zodra precies één stadswijk op alle 4 verschillende stukken bouwgrond (symboolvelden) "
              "met de overeenkomstige stenen respectievelijk torens van één kleur is bezet, "
              "eindigt het spel onmiddellijk.",  # i18n: internal (the rulebook's words)
        quote_lang="nl",
        english=N_("As soon as exactly one district is occupied on all 4 different building plots "
                   "(symbol fields) by the matching stones or towers of one colour, the game ends "
                   "at once."))
    #: The start player is drawn from the seed instead of being the first seat.
    random_start: bool = reading(
        False, N_("The start player is drawn at random (from the seed), not the first seat"),
        quote="Een startspeler wordt gekozen.", quote_lang="nl",  # i18n: internal (the rulebook's)
        english=N_("A start player is chosen."))

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The readings' names (also the names of the game's options)."""
        return tuple(f.name for f in fields(cls))

    def on(self) -> tuple[str, ...]:
        """The names of the readings that are on."""
        return tuple(name for name in self.names() if getattr(self, name))


#: The readings of rules version 1, before they were options: what a state or a
#: position written then, which does not name its readings, was played by.
LEGACY = Readings(neutral_district_ends=False)

#: The quiet end's default (:mod:`pygame_rules.quiet`): moves in a row without building (no
#: piece put onto a building plot or onto another piece) that end the game. A Türme turn
#: without building is one move, so with two players this is 20 rounds, with four 10.
QUIET_END = 40
#: The most moves a game can last with the quiet end at its default (3,320): every move that
#: builds leaves one stack fewer on the 80 alley fields, and a turn without building is one
#: move (a move along the alleys, a pass or a declined bonus move).
LONGEST_GAME = quiet.longest_game(builds=len(ALLEYS), limit=QUIET_END, turn=1)


class EndReason(enum.Enum):
    """Why the game ended."""

    #: One district's four symbol fields all hold pieces of one player's colour.
    DISTRICT = "district"
    #: No stone is left on the alleys (early end 1).
    ALLEYS = "alleys"
    #: The player to move cannot move, all his pieces being fixed or buried (early end 2).
    STUCK = "stuck"
    #: Nobody can move at all, so skipping would go on for ever (an engine reading).
    BLOCKED = "blocked"
    #: No player's piece on the alleys could ever enter or cover a symbol field any more,
    #: so the score is final (an engine reading; in 2–3 player games neutral moves could
    #: otherwise go on for ever).
    SETTLED = "settled"
    #: Nobody built for as many moves in a row as the quiet end allows (:mod:`pygame_rules.quiet`).
    QUIET = "quiet"


@dataclass(frozen=True)
class TuermeState:
    """A position: the board, whose turn it is, and the turn's sub-state."""

    #: Number of players (2–4).
    players: int
    #: 112 fields (see :mod:`.data` for the numbering), each a stack like ``"Agb"`` or ``""``.
    board: tuple[Stack, ...]
    #: The player to move (also kept, unchanged, once the game is over).
    turn: int
    #: True while the player to move may make a bonus move (his last move entered a symbol field).
    bonus: bool
    #: Square of the neutral stone the player to move may not move (the previous player just
    #: moved it); None when there is none and once the game is over.
    lock: int | None
    #: Why the game ended, or None while it goes on.
    end: EndReason | None
    #: The player who ended the game (his move, or his being stuck); None while it goes on.
    ender: int | None
    #: Index of the district that ended the game (counts double for ``ender``).
    end_district: int | None
    #: Variant: towers may grow without limit (and are never safe).
    unlimited_height: bool
    #: Random generator state (only used for dealing the stones and drawing the start player).
    rng: str
    #: The rule readings played by (states written before they were recorded: :data:`LEGACY`).
    readings: Readings = LEGACY
    #: Moves in a row without building that end the game (the quiet end; 0: never, as states
    #: written before it existed were played).
    quiet_end: int = 0
    #: Moves since the last one that built: put a piece onto a symbol field or onto another piece.
    quiet: int = 0

    @property
    def neutral_colours(self) -> tuple[int, ...]:
        return tuple(range(self.players, len(COLOUR_NAMES)))

    @property
    def max_height(self) -> int:
        """The tallest tower allowed (the number of stones in the variant)."""
        return NUM_STONES if self.unlimited_height else MAX_HEIGHT

    @property
    def over(self) -> bool:
        return self.end is not None


NUM_STONES = len(COLOUR_NAMES) * len(SYMBOLS) * STONES_PER_KIND


def check_stack(text: str) -> Stack:
    """``text`` if it is a well-formed stack (see the module docstring), else ValueError."""
    if len(text) < 2 or text[0] not in SYMBOLS or any(c not in COLOUR_INDEX for c in text[1:]):
        raise ValueError(_("{text} is not a stack (a symbol {symbols} then colour letters {letters} bottom "
                           "to top, e.g. 'Arb')").format(text=quoted(text), symbols="/".join(SYMBOLS),
                                                         letters="/".join(COLOUR_LETTERS)))
    return text


def build(players: int, pieces: Mapping[str, str], *, turn: int = 0, bonus: bool = False,
          lock: str | None = None, unlimited_height: bool = False,
          readings: Readings = Readings(), quiet_end: int = QUIET_END, quiet: int = 0) -> TuermeState:
    """A position from ``{"c3": "Arb", ...}`` (square → stack), for puzzles and tests,
    played by the default readings and quiet end unless ``readings`` and ``quiet_end`` say
    otherwise, ``quiet`` moves after the last that built.

    The rest of the board is empty, so such a position usually holds fewer than
    80 stones and would not pass ``check_state``; the rules work on it all the same.
    A player with no piece on it is stuck for good, which ends the game (early end 2).
    """
    board = [""] * NUM_SQUARES
    for name, text in pieces.items():
        board[parse_square(name)] = check_stack(text)
    return TuermeState(players, tuple(board), turn, bonus,
                       None if lock is None else parse_square(lock), None, None, None,
                       unlimited_height, "0" * 16, readings, quiet_end, quiet)
