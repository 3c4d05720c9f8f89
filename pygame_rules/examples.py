"""Rulebook examples as data, and reading the positions and move lists of diagrams.

Each game's worked examples live in ``pygame_rules/<game>/examples.py`` as
:class:`Example` records, which the game's registry record holds: a position in the
game's one-line notation, the moves that play the example out, and a caption. The
gallery page renders them as live diagrams and the rulebook tests start from the very
same positions, so the pictures can never drift from the rules.

The readers below are shared by the command-line renderer and the web embed:
they turn the text an author writes into states, with messages fit for a reader
(in the active language). An example's ``title`` and ``caption`` are English marked
with ``N_``, translated where they are shown.

>>> ex = example("tuerme", "picture-1")
>>> [get_game("tuerme").position_text(s) == ex.position for s in ex.states()[:1]]
[True]
>>> len(ex.states()) == len(ex.moves) + 1
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from .errors import IllegalAction, InvalidState
from .i18n import _
from .protocol import Game
from .registry import RECORDS, get_game, get_record


@dataclasses.dataclass(frozen=True)
class Example:
    """One worked example: where it starts, how it goes on, and what it teaches."""

    game: str
    name: str
    title: str
    caption: str
    position: str
    moves: tuple[str, ...] = ()
    #: The seat whose view is drawn (None: a spectator); matters for hidden cards only.
    viewer: int | None = None
    #: Keyword arguments for ``render_svg`` on the starting position.
    highlights: dict[str, Any] = dataclasses.field(default_factory=dict)

    def start(self) -> Any:
        """The starting position as a state."""
        return read_position(get_game(self.game), self.position)

    def states(self) -> list[Any]:
        """The starting state and the state after each move."""
        game = get_game(self.game)
        states = [self.start()]
        for _player, _action, after in read_moves(game, states[0], self.moves):
            states.append(after)
        return states


def examples(game: str | None = None) -> tuple[Example, ...]:
    """Every example of ``game`` (of all games if None), in rulebook order."""
    names = sorted(RECORDS) if game is None else [get_record(game).name]
    return tuple(ex for name in names for ex in get_record(name).examples)


def example(game: str, name: str) -> Example:
    """The example called ``name`` of ``game``; ValueError lists the known names."""
    return named(examples(game), name)


def named(found: Iterable[Example], name: str) -> Example:
    """The example called ``name`` among ``found``, one game's examples (a game's lessons
    take theirs so); ValueError lists the known names."""
    by_name = {ex.name: ex for ex in found}
    if name not in by_name:
        game = next(iter(by_name.values())).game if by_name else ""
        raise ValueError(_("{game} has no example {name}; known: {known}").format(
            game=game, name=repr(name), known=", ".join(by_name)))
    return by_name[name]


# ---------------------------------------------------------------- reading
def read_position(game: Game[Any, Any], text: str) -> Any:
    """The state written ``text`` in ``game``'s position notation; InvalidState says what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidState(_("the position is empty"))
    return game.from_diagram_text(text.strip())


def split_moves(text: str) -> list[str]:
    """A move list as written by an author: moves separated by ``;`` or new lines.

    Babel's accept notation holds ``;`` itself (``accept yellow; add 4 ship``);
    :func:`read_moves` joins such pieces back together.
    """
    return [part.strip() for line in text.splitlines() for part in line.split(";") if part.strip()]


#: The most pieces of a move list one move spans (Babel's ``accept …; add …; joker …``).
MAX_PIECES = 3


def read_moves(game: Game[Any, Any], state: Any,
               moves: Sequence[str]) -> list[tuple[int, Any, Any]]:
    """``(player, action, state after)`` for each move, from ``state`` on.

    A piece that is not a move on its own is joined to the next ones with ``"; "``, up
    to :data:`MAX_PIECES` in all (see :func:`split_moves`), so reading takes time in
    proportion to the list. IllegalAction names the move number and the reason.
    """
    played: list[tuple[int, Any, Any]] = []
    pieces = list(moves)
    i = 0
    while i < len(pieces):
        first_error: IllegalAction | None = None
        for j in range(i + 1, min(len(pieces), i + MAX_PIECES) + 1):
            text = "; ".join(pieces[i:j])
            try:
                player, action = game.parse_action(state, text)
            except IllegalAction as exc:
                first_error = first_error or exc
                continue
            state = game.apply(state, player, action)
            played.append((player, action, state))
            i = j
            break
        else:
            raise IllegalAction(_("move {number} ({move}): {reason}").format(
                number=len(played) + 1, move=repr(pieces[i]), reason=first_error))
    return played


def read_viewer(game: Game[Any, Any], state: Any, text: str | int | None) -> int | None:
    """The seat whose view is drawn: a seat number from 0, a colour name, or None/"" for a spectator."""
    if text is None or text == "":
        return None
    count = game.num_players(state)
    colours = [name.lower() for name, _css in game.colours[:count]]
    value = str(text).strip().lower()
    if value in colours:
        return colours.index(value)
    if value.isdigit() and int(value) < count:
        return int(value)
    choices = ", ".join([str(p) for p in range(count)] + colours)
    raise ValueError(_("the viewer must be a seat ({choices}), not {value}").format(
        choices=choices, value=repr(str(text))))
