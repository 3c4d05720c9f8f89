"""Setting up a Spiel der Türme position by hand (see :mod:`pygame_rules.edit`).

A tool is a stone, its symbol letter and colour letter (``"Ar"``: a red A stone), or the
removal. A stone put onto an empty field lies there alone; onto a stack of its symbol it
covers it (a tower grows stone by stone); onto a stack of another symbol on an alley it takes
its place. A symbol field takes stones of its own symbol only. The removal takes the top
stone away. What the rules say of the result (5 stones of each kind, no neutral stone on top
of a tower, the turn and the end) the game's check judges (:mod:`.check`).

>>> from .state import build
>>> s = place(build(2, {"d4": "Ar"}), "Ab", {"square": "d4"})
>>> s.board[45], place(s, "remove", {"square": "d4"}).board[45]
('Arb', 'Ar')
>>> place(s, "Cb", {"square": "b7"})
Traceback (most recent call last):
    ...
pygame_rules.edit.EditError: b7 is a symbol field for A: only A stones go there
>>> judge(with_setting(s, "turn", "1"), diagram=True) is None
True
>>> judge(place(s, "Ag", {"square": "d4"}), diagram=True).marks
{'targets': ['d4']}
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping

from ..edit import (
    REMOVE,
    EditError,
    Problem,
    Setting,
    Tool,
    checked_choice,
    count_choices,
    judged,
    option_values,
    seat_choices,
    setting,
)
from ..i18n import N_, _, ngettext
from ..protocol import OptionValue
from .check import check_state
from .data import (
    ALLEYS,
    COLOUR_FILLS,
    COLOUR_LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_SQUARES,
    SQUARE_NAMES,
    SYMBOL_AT,
    SYMBOLS,
    colour_name,
    parse_square,
)
from .rules import GAME
from .state import Readings, TuermeState, owner

#: A square's name in a message (the check names the squares it is about: ``d4``, ``b6-c7``).
_SQUARE = re.compile(r"\b[a-n][1-8]\b")
#: The settings' labels.
_LABELS = {"players": N_("Players"), "turn": N_("Player to move"), "bonus": N_("Bonus move pending"),
           "lock": N_("Neutral stone that may not move (the last player moved it)"),
           "quiet": N_("Moves since the last that built")}

#: Whether a position may leave pieces out (a rulebook figure shows the stones that matter).
DIAGRAMS = True


def tools(state: TuermeState) -> tuple[Tool, ...]:
    """A stone of each symbol and colour, then the removal."""
    stones = tuple(Tool(symbol + letter, _("stone {symbol}, {colour}").format(symbol=symbol,
                                                                              colour=colour_name(colour)),
                        COLOUR_FILLS[colour], symbol)
                   for symbol in SYMBOLS for colour, letter in enumerate(COLOUR_LETTERS))
    return (*stones, Tool(REMOVE, _("Take the top stone away")))


def targets(state: TuermeState) -> list[dict[str, str]]:
    """Every field of the board."""
    return [{"square": name} for name in SQUARE_NAMES]


def place(state: TuermeState, tool: str, target: Mapping[str, str]) -> TuermeState:
    """``state`` with ``tool`` used on the field ``target["square"]`` (see the module docstring)."""
    try:
        square = parse_square(target.get("square", ""))
    except ValueError:
        raise EditError(_("Click a field of the board.")) from None
    name, cell = SQUARE_NAMES[square], state.board[square]
    if tool == REMOVE:
        if not cell:
            raise EditError(_("{square} is empty").format(square=name))
        stack = cell[:-1] if len(cell) > 2 else ""
    else:
        if len(tool) != 2 or tool[0] not in SYMBOLS or tool[1] not in COLOUR_LETTERS:
            raise EditError(_("there is no stone {tool}").format(tool=repr(tool)))
        if SYMBOL_AT[square] and SYMBOL_AT[square] != tool[0]:
            raise EditError(_("{square} is a symbol field for {field}: only {field} stones go there").format(
                square=name, field=SYMBOL_AT[square]))
        stack = cell + tool[1] if cell[:1] == tool[0] else tool
    board = list(state.board)
    board[square] = stack
    return _going_on(dataclasses.replace(state, board=tuple(board),
                                         lock=None if state.lock == square else state.lock))


def cleared(state: TuermeState) -> TuermeState:
    """``state`` with no stone on the board."""
    return _going_on(dataclasses.replace(state, board=("",) * NUM_SQUARES, lock=None, bonus=False))


def _going_on(state: TuermeState) -> TuermeState:
    """An edited position is one of a game that goes on (the check says if it should be over)."""
    return dataclasses.replace(state, end=None, ender=None, end_district=None)


def settings(state: TuermeState) -> tuple[Setting, ...]:
    """The number of players, the player to move, the bonus move, the locked neutral stone and
    the count of moves without building."""
    locks = [s for s in ALLEYS if len(state.board[s]) == 2 and owner(state.board[s]) >= state.players]
    return (
        setting(_LABELS, "players", str(state.players),
                 tuple((str(n), ngettext("{n} player", "{n} players", n).format(n=n))
                       for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))),
        setting(_LABELS, "turn", str(state.turn), seat_choices([colour_name(p) for p in range(state.players)])),
        setting(_LABELS, "bonus", "yes" if state.bonus else "no", (("no", _("no")), ("yes", _("yes")))),
        setting(_LABELS, "lock", "-" if state.lock is None else SQUARE_NAMES[state.lock],
                 (("-", _("none")), *((SQUARE_NAMES[s], SQUARE_NAMES[s]) for s in locks))),
        setting(_LABELS, "quiet", str(state.quiet), count_choices(state.quiet_end, state.quiet)),
    )


def with_setting(state: TuermeState, name: str, value: str) -> TuermeState:
    """``state`` with the setting ``name`` at ``value`` (one of its choices)."""
    checked_choice(settings(state), name, value)
    if name == "players":
        players = int(value)
        changed = dataclasses.replace(state, players=players, turn=min(state.turn, players - 1), lock=None)
    elif name == "turn":
        changed = dataclasses.replace(state, turn=int(value))
    elif name == "bonus":
        changed = dataclasses.replace(state, bonus=value == "yes")
    elif name == "lock":
        changed = dataclasses.replace(state, lock=None if value == "-" else parse_square(value))
    else:
        changed = dataclasses.replace(state, quiet=int(value))
    return _going_on(changed)


def options(state: TuermeState) -> dict[str, OptionValue]:
    """The variant, the quiet end and the readings ``state`` is played by."""
    return {"unlimited_height": state.unlimited_height, "quiet_end": state.quiet_end,
            **{name: getattr(state.readings, name) for name in Readings.names()}}


def with_options(state: TuermeState, values: Mapping[str, OptionValue]) -> TuermeState:
    """``state`` played by the options ``values`` (those not named stay as they are)."""
    chosen = option_values(GAME.options, options(state), values)
    return _going_on(dataclasses.replace(
        state, unlimited_height=bool(chosen["unlimited_height"]), quiet_end=int(chosen["quiet_end"]),
        readings=Readings(**{name: bool(chosen[name]) for name in Readings.names()})))


def judge(state: TuermeState, diagram: bool) -> Problem | None:
    """The check's reason against ``state`` (all 80 stones on the board unless a ``diagram``),
    with the fields it names ringed."""
    return judged(lambda s: check_state(s, complete=not diagram), state, _marks)


def _marks(reason: str) -> dict[str, object]:
    """The fields ``reason`` names, ringed."""
    squares = [name for name in dict.fromkeys(_SQUARE.findall(reason)) if name in SQUARE_NAMES]
    return {"targets": squares} if squares else {}
