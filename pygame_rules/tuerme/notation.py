"""Move notation and the one-line position notation of Spiel der Türme.

Moves (squares as in chess, files a–n, ranks 1–8):

* ``c3-c7`` to an empty field; ``c3xc7`` covering a piece of another colour
  (an opponent's or a neutral stone); ``c3=c7`` stacking onto an own piece;
* ``N`` in front marks a neutral stone being moved: ``Nd4-d6``;
* a trailing ``+`` means the move entered a symbol field and a bonus move
  follows (the next log entry is that bonus move or ``stop``); a trailing
  ``#`` means the game ended after it;
* ``pass`` when the player cannot move; ``stop`` declines a bonus move.

That is the record (:meth:`~pygame_rules.protocol.Game.record_text`), the same in every
language; people read :func:`action_words`: the moves as they are (squares have no
language), ``pass`` and ``stop`` in words of the active language.

Positions, eight space-separated fields, and a ninth where it is not 0::

    <ranks 8..1 split by "/"> <to move> <bonus> <lock> <players> <options> <end> <rng> [<quiet>]

A rank lists its 14 fields left to right: a number counts empty fields, a
piece is its symbol letter and its colours bottom to top (``Arb`` = a tower of
symbol A, red under blue). ``<to move>`` is a colour letter (r, b, g, p);
``<bonus>`` is ``+`` while a bonus move is pending, else ``-``; ``<lock>`` is the
square of the neutral stone the player to move may not move, or ``-``;
``<options>`` is ``max5`` or ``nomax`` (variant), followed by ``,name`` for each
rule reading that is on (:class:`~.state.Readings`) and by ``,quiet40`` for the quiet end's
limit (:mod:`pygame_rules.quiet`), e.g. ``max5,neutral_district_ends,quiet40`` for the defaults: a
reading or quiet end left out is off, so a position written before they were recorded reads as
it was played (:data:`~.state.LEGACY`, no quiet end); ``<end>`` is ``-`` while the game goes on,
else ``reason:colour`` or ``district:b6-c7:colour``; ``<quiet>`` counts the moves since the last
that built, like the halfmove clock of chess's FEN.

>>> from .state import build
>>> s = build(4, {"d4": "Ar", "d6": "Abr", "d8": "Ab"})
>>> action_text(s, Move(45, 73)), action_text(s, Move(45, 3))
('d4=d6', 'd4-d1')
>>> position_text(s).split()[0]
'3Ab10/14/3Abr10/14/3Ar10/14/14/14'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import IllegalAction, InvalidState
from ..i18n import N_, _, ngettext
from .actions import EndTurn, Move, Skip, TuermeAction
from .data import (
    COLOUR_LETTERS,
    COLUMNS,
    DISTRICT_NAMES,
    MAX_HEIGHT,
    NUM_SQUARES,
    ROWS,
    SQUARE_NAMES,
    parse_square,
    quoted,
    square_text,
)
from .effects import play
from .legal import move_name, move_problem, why_illegal
from .state import COLOUR_INDEX, EndReason, Readings, Stack, TuermeState, check_stack

#: The longest position text read at all: a full board with every field taken is about 350
#: characters, so anything far longer is refused before it is split up.
MAX_POSITION = 1000

_MOVE = re.compile(r"n?([a-n][1-8])[-x=:]?([a-n][1-8])[+#]?")
_PASS = ("pass", "--", "skip")
_STOP = ("stop", "end")


def action_text(state: TuermeState, action: TuermeAction, names: Sequence[str] | None = None) -> str:
    """The action as written in a move log (``state`` is the position before it).

    Total: a move that is not legal now is still written, as its squares (with the
    marks it would have where that makes sense), so a log can name what was refused.
    The notation names no players, so ``names`` changes nothing."""
    if isinstance(action, Skip):
        return "pass"
    if isinstance(action, EndTurn):
        return "stop"
    if not all(type(q) is int and 0 <= q < NUM_SQUARES for q in (action.src, action.dst)) \
            or not state.board[action.src]:
        return move_name(action)
    colour = state.board[action.src][-1]
    there = state.board[action.dst]
    mark = "-" if not there else "=" if there[-1] == colour else "x"
    neutral = "N" if COLOUR_INDEX[colour] >= state.players else ""
    text = f"{neutral}{SQUARE_NAMES[action.src]}{mark}{SQUARE_NAMES[action.dst]}"
    if state.end is None and move_problem(state, state.turn, action.src, action.dst) is None:
        after = play(state, state.turn, action)
        text += "#" if after.end is not None else "+" if after.bonus else ""
    return text


def action_words(state: TuermeState, action: TuermeAction, names: Sequence[str] | None = None) -> str:
    """:func:`action_text` for people, in the active language: a move is its notation (the
    squares and marks have no language); a pass and the end of a turn are words.

    >>> from pygame_rules.i18n import using
    >>> from .state import build
    >>> s = build(4, {"d4": "Ar"})
    >>> with using("de"):
    ...     action_words(s, Skip()), action_words(s, EndTurn()), action_words(s, Move(45, 3))
    ('aussetzen', 'Zug beenden', 'd4-d1#')
    """
    if isinstance(action, Skip):
        return _("skip the turn")
    if isinstance(action, EndTurn):
        return _("end the turn")
    return action_text(state, action, names)


def parse_action(state: TuermeState, text: str) -> tuple[int, TuermeAction]:
    """The action written ``text`` (markers optional: ``c3c7`` = ``c3xc7+``), if legal now."""
    if state.end is not None:
        raise IllegalAction(_("the game is over"))
    wanted = "".join(text.split()).lower()
    action: TuermeAction
    if wanted in _PASS:
        action = Skip()
    elif wanted in _STOP:
        action = EndTurn()
    else:
        match = _MOVE.fullmatch(wanted)
        if match is None:
            raise IllegalAction(_("{text} is not a move (write e.g. c3-c7, pass or stop)").format(
                text=quoted(text.strip())))
        action = Move(parse_square(match[1]), parse_square(match[2]))
    reason = why_illegal(state, state.turn, action)
    if reason is not None:
        raise IllegalAction(reason)
    return state.turn, action


# ------------------------------------------------------------------ positions
def position_text(state: TuermeState) -> str:
    """The whole state on one line (see the module docstring)."""
    ranks = []
    for rank in range(ROWS - 1, -1, -1):
        out, empty = [], 0
        for stack in state.board[rank * COLUMNS:(rank + 1) * COLUMNS]:
            if stack:
                out.append(f"{empty or ''}{stack}")
                empty = 0
            else:
                empty += 1
        ranks.append("".join(out) + (str(empty) if empty else ""))
    quiet_end = (f"{_QUIET}{state.quiet_end}",) if state.quiet_end else ()
    return " ".join((
        "/".join(ranks),
        COLOUR_LETTERS[state.turn],
        "+" if state.bonus else "-",
        "-" if state.lock is None else square_text(state.lock),
        str(state.players),
        ",".join((_HEIGHTS[state.unlimited_height], *state.readings.on(), *quiet_end)),
        _end_text(state),
        state.rng,
        *((str(state.quiet),) if state.quiet else ()),
    ))


#: The height part of the options field: the basic game's limit, or none (variant).
_HEIGHTS = {False: f"max{MAX_HEIGHT}", True: "nomax"}
#: The options field's quiet end: this word and its limit.
_QUIET = "quiet"
#: The longest move count a position may give (far beyond any game's).
_COUNT_DIGITS = 6


def _end_text(state: TuermeState) -> str:
    if state.end is None:
        return "-"
    who = COLOUR_LETTERS[state.ender or 0]
    if state.end_district is not None and 0 <= state.end_district < len(DISTRICT_NAMES):
        return f"{state.end.value}:{DISTRICT_NAMES[state.end_district]}:{who}"
    return f"{state.end.value}:{who}"


#: A rank's tokens: a count of empty fields, a stack, or any other single character (refused).
_TOKEN = re.compile(r"[0-9]+|[A-Z][a-z]*|.")
#: The position's fields, in order, as a message names them.
_FIELDS = (N_("board"), N_("player to move"), N_("bonus"), N_("lock"), N_("players"), N_("options"), N_("end"),
           N_("random state"))


def parse_position(text: str) -> TuermeState:
    """The state written by :func:`position_text` (syntax only; the game checks the rest)."""
    if len(text) > MAX_POSITION:
        raise InvalidState(_("a position is at most {limit} characters long, not {length}").format(
            limit=MAX_POSITION, length=len(text)))
    fields = text.split()
    if len(fields) not in (len(_FIELDS), len(_FIELDS) + 1):
        raise InvalidState(_("a position has {count} fields separated by spaces ({names}), and a move count "
                             "if it is not 0, not {found}").format(
            count=len(_FIELDS), names=", ".join(map(_, _FIELDS)), found=len(fields)))
    board_text, turn, bonus, lock, players, options, end, rng = fields[:len(_FIELDS)]
    count = _count(fields[len(_FIELDS)]) if len(fields) > len(_FIELDS) else 0
    if bonus not in ("+", "-"):
        raise InvalidState(_("the bonus field must be '+' or '-', not {text}").format(text=quoted(bonus)))
    if players not in ("2", "3", "4"):
        raise InvalidState(_("the number of players must be 2, 3 or 4, not {text}").format(text=quoted(players)))
    unlimited, readings, quiet_end = _parse_options(options)
    reason, ender, district = _parse_end(end)
    board = _parse_board(board_text)
    to_move = _colour(turn, N_("the player to move must be a colour letter ({letters}), not {text}"))
    return TuermeState(int(players), board, to_move,
                       bonus == "+", None if lock == "-" else _square(lock), reason, ender, district,
                       unlimited, rng, readings, quiet_end, count)


def _count(text: str) -> int:
    """A whole number of at most :data:`_COUNT_DIGITS` digits (a move count, a limit)."""
    if not (text.isascii() and text.isdigit() and len(text) <= _COUNT_DIGITS):
        raise InvalidState(_("{text} is not a move count (a whole number of at most {digits} digits)").format(
            text=quoted(text), digits=_COUNT_DIGITS))
    return int(text)


def _parse_options(text: str) -> tuple[bool, Readings, int]:
    """The options field: the height, then the readings that are on (the others are off) and
    the quiet end's limit (0 if it is left out)."""
    height, *chosen = text.split(",")
    if height not in _HEIGHTS.values():
        raise InvalidState(_("the options field must start with '{limited}' or '{unlimited}', not {text}").format(
            limited=_HEIGHTS[False], unlimited=_HEIGHTS[True], text=quoted(height)))
    quiet_end = 0
    if chosen and chosen[-1].startswith(_QUIET):
        quiet_end = _count(chosen.pop()[len(_QUIET):])
    names = Readings.names()
    for name in chosen:
        if name not in names:
            raise InvalidState(_("the options field names no rule reading {text} (readings: {names})").format(
                text=quoted(name), names=", ".join(names)))
    if len(set(chosen)) != len(chosen):
        raise InvalidState(_("the options field names a rule reading twice"))
    return height == _HEIGHTS[True], Readings(**{name: name in chosen for name in names}), quiet_end


def _square(text: str) -> int:
    try:
        return parse_square(text)
    except ValueError as exc:
        raise InvalidState(_("the lock: {problem}").format(problem=exc)) from None


def _parse_board(text: str) -> tuple[Stack, ...]:
    ranks = text.split("/")
    if len(ranks) != ROWS:
        raise InvalidState(_("the board needs {count} ranks separated by '/', not {found}").format(
            count=ROWS, found=len(ranks)))
    board: list[Stack] = []
    for number, rank in zip(range(ROWS, 0, -1), ranks):
        row: list[Stack] = []
        for token in _TOKEN.findall(rank):
            if token[0] in "0123456789":
                # Checked before anything is made of it: at most two digits, no leading zero.
                count = int(token) if len(token) <= 2 and token[0] != "0" else 0
                if not 0 < count <= COLUMNS - len(row):
                    raise InvalidState(_("rank {rank}: {text} is no count of empty fields that fits into its "
                                         "{count} fields").format(rank=number, text=quoted(token), count=COLUMNS))
                row.extend([""] * count)
                continue
            try:
                row.append(check_stack(token))
            except ValueError as exc:
                raise InvalidState(_("rank {rank}: {problem}").format(rank=number, problem=exc)) from None
            if len(row) > COLUMNS:
                raise InvalidState(_("rank {rank} describes more than {count} fields").format(
                    rank=number, count=COLUMNS))
        if len(row) != COLUMNS:
            raise InvalidState(ngettext("rank {rank} describes {found} field instead of {count}",
                                        "rank {rank} describes {found} fields instead of {count}",
                                        len(row)).format(rank=number, found=len(row), count=COLUMNS))
        board[:0] = row  # ranks are written top first
    return tuple(board)


def _parse_end(text: str) -> tuple[EndReason | None, int | None, int | None]:
    if text == "-":
        return None, None, None
    parts = text.split(":")
    try:
        reason = EndReason(parts[0])
    except ValueError:
        raise InvalidState(_("unknown end {text}; expected one of {ends}").format(
            text=quoted(parts[0]), ends=", ".join(r.value for r in EndReason))) from None
    district = None
    if reason is EndReason.DISTRICT and len(parts) == 3:
        if parts[1] not in DISTRICT_NAMES:
            raise InvalidState(_("there is no district {text} ({districts})").format(
                text=quoted(parts[1]), districts=", ".join(DISTRICT_NAMES)))
        district = DISTRICT_NAMES.index(parts[1])
    elif len(parts) != 2:
        raise InvalidState(_("the end field {text} must read reason:colour or district:name:colour").format(
            text=quoted(text)))
    ender = _colour(parts[-1], N_("the player who ended the game must be a colour letter ({letters}), not {text}"))
    return reason, ender, district


def _colour(text: str, problem: str) -> int:
    """The colour whose letter is ``text``; else InvalidState with ``problem`` (a marked text to fill)."""
    if len(text) != 1 or text not in COLOUR_LETTERS:
        raise InvalidState(_(problem).format(letters=", ".join(COLOUR_LETTERS), text=quoted(text)))
    return COLOUR_LETTERS.index(text)
