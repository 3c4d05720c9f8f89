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
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from .data import COLOUR_LETTERS, COLOUR_NAMES, MAX_HEIGHT, NUM_SQUARES, STONES_PER_KIND, SYMBOLS, parse_square

#: A field's contents: "" or a symbol letter and colour letters bottom to top.
Stack = str

#: Colour letter → colour (seat) index.
COLOUR_INDEX = {letter: i for i, letter in enumerate(COLOUR_LETTERS)}


def owner(stack: Stack) -> int:
    """The colour on top of a non-empty stack (the owner, if it is a player's)."""
    return COLOUR_INDEX[stack[-1]]


def height(stack: Stack) -> int:
    return len(stack) - 1


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
    #: Square of the neutral stone the player to move may not move (the previous player just moved it).
    lock: int | None
    #: Why the game ended, or None while it goes on.
    end: EndReason | None
    #: The player who ended the game (his move, or his being stuck); None while it goes on.
    ender: int | None
    #: Index of the district that ended the game (counts double for ``ender``).
    end_district: int | None
    #: Variant: towers may grow without limit (and are never safe).
    unlimited_height: bool
    #: Random generator state (only used for dealing the stones).
    rng: str

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
        raise ValueError(f"{text!r} is not a stack (a symbol {'/'.join(SYMBOLS)} then colour "
                         f"letters {'/'.join(COLOUR_LETTERS)} bottom to top, e.g. 'Arb')")
    return text


def build(players: int, pieces: Mapping[str, str], *, turn: int = 0, bonus: bool = False,
          lock: str | None = None, unlimited_height: bool = False) -> TuermeState:
    """A position from ``{"c3": "Arb", ...}`` (square → stack), for puzzles and tests.

    The rest of the board is empty, so such a position usually holds fewer than
    80 stones and would not pass ``check_state``; the rules work on it all the same.
    """
    board = [""] * NUM_SQUARES
    for name, text in pieces.items():
        board[parse_square(name)] = check_stack(text)
    return TuermeState(players, tuple(board), turn, bonus,
                       None if lock is None else parse_square(lock), None, None, None,
                       unlimited_height, "0" * 16)
