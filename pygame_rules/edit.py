"""Setting up a position by hand (the position editor): what each game's ``edit`` module offers.

Each game whose positions can be edited has a module ``pygame_rules/<game>/edit.py`` with the
same public names (:class:`Editing` lists them), and its record holds it
(:attr:`~pygame_rules.record.GameRecord.edit`). The editor (``web/webui/editor.py``) draws
what these say and hands them the reader's clicks; every edited state is judged by the
game's own consistency check (its ``check.py``), whose reason the editor shows beside what
it is about (:class:`Problem`): an edit may well make a position inconsistent on the way to
a consistent one (a tower built stone by stone), only a consistent one is exported.

>>> from pygame_rules.registry import get_record
>>> edit = get_record("tuerme").edit
>>> state = edit.cleared(get_record("tuerme").engine.new_game(2, seed=1))
>>> state = edit.place(state, "Ar", {"square": "d4"})
>>> state.board[45], edit.judge(state, diagram=True)
('Ar', None)
>>> edit.judge(state, diagram=False).reason
'stones are not conserved: 1 red A stone instead of 5'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import InvalidState
from .i18n import _
from .protocol import Option, OptionValue

#: The tool that takes a piece away (every game's :func:`Editing.tools` may offer it).
REMOVE = "remove"


class EditError(ValueError):
    """An edit the game does not make (a stone of another symbol onto a symbol field); the
    message, in the active language, says why."""


@dataclass(frozen=True)
class Tool:
    """A thing to place (or the removal) by clicking the board: its ``key`` for
    :meth:`Editing.place`, its name in the active language, and the fill of a swatch
    beside it ("" for none)."""

    key: str
    label: str
    fill: str = ""
    #: A short text drawn on the tool's button (a symbol letter); "" for the label itself.
    mark: str = ""


@dataclass(frozen=True)
class Setting:
    """A choice about the position beyond its pieces (the player to move, the phase): its
    ``name`` for :meth:`Editing.with_setting`, its label in the active language, the value
    now, and the values it may take with their labels (a list to choose from)."""

    name: str
    label: str
    value: str
    choices: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Problem:
    """Why a position is not consistent (the game's check, in the active language), and
    where: the highlights that mark the offending part on the board (none: the reason is
    about a setting, not the pieces)."""

    reason: str
    marks: dict[str, Any] = field(default_factory=dict)


class Editing(Protocol):
    """The editing operations of one game (its ``edit`` module's public names)."""

    #: Whether the game's positions may leave pieces out, as a rulebook figure does (a diagram).
    DIAGRAMS: bool

    def tools(self, state: Any) -> tuple[Tool, ...]:
        """What can be placed on the board of ``state``, and the removal (:data:`REMOVE`)."""

    def targets(self, state: Any) -> list[dict[str, str]]:
        """The ``data-*`` of the board elements a tool may be used on (they become the board's
        controls for keyboards)."""

    def place(self, state: Any, tool: str, target: Mapping[str, str]) -> Any:
        """``state`` with ``tool`` used on the board element whose ``data-*`` are ``target``;
        EditError if the game puts no such thing there."""

    def cleared(self, state: Any) -> Any:
        """``state`` with an empty board (the setting and options kept)."""

    def settings(self, state: Any) -> tuple[Setting, ...]:
        """The choices about ``state`` beyond its pieces."""

    def with_setting(self, state: Any, name: str, value: str) -> Any:
        """``state`` with the setting ``name`` at ``value``; EditError if it can't be."""

    def options(self, state: Any) -> dict[str, OptionValue]:
        """The values of the game's options (variants, quiet end, readings) ``state`` is played by."""

    def with_options(self, state: Any, values: Mapping[str, OptionValue]) -> Any:
        """``state`` played by the options ``values`` (each checked by the game's option)."""

    def judge(self, state: Any, diagram: bool) -> Problem | None:
        """Why ``state`` is not consistent, or None; ``diagram``: pieces may be left out (as in
        a rulebook figure), else the position must be one of a game (every piece in play)."""


# ------------------------------------------------------- shared by the games' edit modules
def checked_choice(settings: Iterable[Setting], name: str, value: str) -> Setting:
    """The setting ``name`` of ``settings`` if ``value`` is one of its choices, else EditError.

    >>> checked_choice([Setting("turn", "Player to move", "0", (("0", "red"), ("1", "blue")))], "turn", "2")
    Traceback (most recent call last):
        ...
    pygame_rules.edit.EditError: '2' is not a choice for Player to move
    """
    setting = next((s for s in settings if s.name == name), None)
    if setting is None or value not in dict(setting.choices):
        raise EditError(_("{value} is not a choice for {setting}").format(
            value=repr(value)[:40], setting=setting.label if setting else repr(name)[:40]))
    return setting


def setting(labels: Mapping[str, str], name: str, value: str, choices: tuple[tuple[str, str], ...]) -> Setting:
    """The setting ``name`` at ``value``, labelled ``labels[name]`` (English marked ``N_``) in the
    active language."""
    return Setting(name, _(labels[name]), value, choices)


def count_choices(limit: int, value: int) -> tuple[tuple[str, str], ...]:
    """The choices of a count below ``limit`` (at least 0), and ``value`` if it is beyond.

    >>> count_choices(3, 5)
    (('0', '0'), ('1', '1'), ('2', '2'), ('5', '5'))
    """
    return tuple((str(n), str(n)) for n in sorted({*range(max(limit, 1)), value}))


def seat_choices(names: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """A choice of seat, by number, named ``names`` (the seats' colours in the active language)."""
    return tuple((str(p), name) for p, name in enumerate(names))


def colour_of(colours: Sequence[tuple[str, str]], seat: int) -> str:
    """The colour of ``seat`` among a game's ``colours`` (name, fill), in the active language."""
    return _(colours[seat][0])


def seat_and_count(labels: Mapping[str, str], seat: tuple[str, int], colours: Sequence[tuple[str, str]],
                   players: int, quiet: int, quiet_end: int) -> tuple[Setting, Setting]:
    """The settings of a game whose turn is a seat and a count of moves without building: the
    seat ``(name, seat now)`` among ``players``, and ``quiet`` (below ``quiet_end``)."""
    return (setting(labels, seat[0], str(seat[1]), seat_choices([colour_of(colours, p) for p in range(players)])),
            setting(labels, "quiet", str(quiet), count_choices(quiet_end, quiet)))


def consistent_choices(now: str, candidates: Iterable[tuple[str, str]], make: Callable[[str], Any],
                       check: Callable[[Any], None]) -> tuple[tuple[str, str], ...]:
    """Those of the ``candidates`` (value, label; the value ``now`` among them, ``make(now)`` the
    position as it is) in whose state ``make(value)`` ``check`` finds no fault it does not find now,
    and ``now`` itself, each value once: a setting whose choices are those the rest of the position
    allows, such as the step of the turn. (Of a consistent position, the choices that keep it so; of
    one that is not, those that leave its first fault the one named, so that a setting can be
    chosen before the rest is put right.)

    >>> def check(n):
    ...     if n > 3:
    ...         raise InvalidState("too big")
    ...     if n % 2:
    ...         raise InvalidState("odd")
    >>> numbers = [("1", "one"), ("2", "two"), ("3", "three"), ("4", "four")]
    >>> consistent_choices("2", numbers, int, check), consistent_choices("3", numbers, int, check)
    ((('2', 'two'),), (('1', 'one'), ('2', 'two'), ('3', 'three')))
    """
    fault = judged(check, make(now))
    offered: dict[str, str] = {}
    for value, label in candidates:
        if value not in offered and (value == now or _same_fault(judged(check, make(value)), fault)):
            offered[value] = label
    return tuple(offered.items())


def _same_fault(problem: Problem | None, fault: Problem | None) -> bool:
    """Whether ``problem`` is none, or the ``fault`` that was there before."""
    return problem is None or (fault is not None and problem.reason == fault.reason)


def consistent_setting(name: str, label: str, now: str, candidates: Iterable[tuple[str, str]],
                       make: Callable[[str], Any], check: Callable[[Any], None], **fields: str) -> Setting:
    """The setting ``name`` at ``now``, labelled ``label`` (English, marked ``N_``) in the active
    language with the ``fields`` filled in, offering those of the ``candidates`` that
    :func:`consistent_choices` keeps (each value once, its first label)."""
    return Setting(name, _(label).format(**fields) if fields else _(label), now,
                   consistent_choices(now, candidates, make, check))


def numbered(name: str) -> tuple[str, int | None]:
    """A setting's ``name`` split into its stem and the number after its last ``-`` (one setting
    per seat or per field: ``offer-2``), None if it ends in none.

    >>> numbered("offer-2"), numbered("offer-points-10"), numbered("phase"), numbered("deck-top")
    (('offer', 2), ('offer-points', 10), ('phase', None), ('deck-top', None))
    """
    stem, _sep, number = name.rpartition("-")
    return (stem, int(number)) if stem and number.isdigit() else (name, None)


def dealt(hand: tuple[Any, ...], pile: tuple[Any, ...], hidden: Any, back: bool,
          colour: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """``hand`` and ``pile`` (its top last) after an action card went from the top of the pile
    into the hand of the player of ``colour`` (``back``: the last card of the hand back on top);
    EditError if there is none to move (``hidden``: the face-down placeholder of a view).

    >>> dealt(("x",), ("y", "z"), "?", False, "red"), dealt(("x",), ("y", "z"), "?", True, "red")
    ((('x', 'z'), ('y',)), ((), ('y', 'z', 'x')))
    >>> dealt((), ("?",), "?", False, "red")
    Traceback (most recent call last):
        ...
    pygame_rules.edit.EditError: the pile has no action card left
    """
    if back:
        if not hand:
            raise EditError(_("{colour} has no action card in hand").format(colour=colour))
        return hand[:-1], (*pile, hand[-1])
    if not pile or pile[-1] == hidden:
        raise EditError(_("the pile has no action card left"))
    return (*hand, pile[-1]), pile[:-1]


def number_below(text: str | None, below: int) -> int | None:
    """The whole number ``text`` (a ``data-*`` value) if it is under ``below``, else None.

    >>> number_below("2", 3), number_below("3", 3), number_below("x", 3), number_below(None, 3)
    (2, None, None, None)
    """
    return int(text) if text is not None and text.isdigit() and int(text) < below else None


def option_values(options: Iterable[Option], now: Mapping[str, OptionValue],
                  values: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The options ``now`` with ``values`` in place (each checked by its option: ValueError)."""
    return {**now, **{o.name: o.check(values[o.name]) for o in options if o.name in values}}


def judged(check: Callable[[Any], None], state: Any,
           marks: Callable[[str], dict[str, Any]] = lambda reason: {}) -> Problem | None:
    """``check``'s reason against ``state`` (None: consistent), with the ``marks`` of the parts it
    names."""
    try:
        check(state)
    except InvalidState as exc:
        return Problem(str(exc), marks(str(exc)))
    return None
