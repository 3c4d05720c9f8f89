"""A live diagram's players and the moves its list offers, wherever a diagram is made: the
embed's runtime (``web/embed/embed_service.py``), and the markup written before any Python runs
in the reader's browser (``render --embed``, the editor's snippet, the gallery's pages), which
puts those moves into ``data-choices`` so that the list is full before the diagram wakes.

>>> from pygame_rules.examples import example, read_position
>>> from pygame_rules.registry import get_game
>>> ex = example("tuerme", "picture-2")
>>> first_choices(get_game("tuerme"), read_position(get_game("tuerme"), ex.position), ex.viewer)
['d4-d3', 'd4-d2', 'd4-d1', 'd4-c4', 'd4-b4', 'd4-a4']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .controller import Controller, Reading
from .i18n import N_, _
from .protocol import Game
from .session import Seat, Session

#: At most this many legal moves are offered in a diagram's move list.
MAX_CHOICES = 300
#: A diagram's players are named by their colours (``Game.colours``), in the diagram's language.
SEAT_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow"),
              "purple": N_("Purple")}


def diagram_seats(game: Game[Any, Any], players: int) -> list[Seat]:
    """The seats of a diagram, named by their colours in the active language."""
    return [Seat(_(SEAT_NAMES.get(name, name.capitalize())), name) for name, _fill in game.colours[:players]]


def move_choices(controller: Controller, names: Sequence[str]) -> list[tuple[int, Any, str]]:
    """Every legal move the reader of a diagram (``controller`` reads one) may make on the
    position shown, as its mover knows it, named by ``names`` when several may move: a
    diagram read from one seat offers that seat's only. At most :data:`MAX_CHOICES`."""
    state, acting = controller.shown, controller.acting_player()
    if acting is None:
        return []
    game = controller.game
    reading = controller.reading
    movers = game.to_move(state) if reading is None or reading.viewer is None else (acting,)
    found = []
    for player in movers:
        for action in game.legal_actions(state, player)[:MAX_CHOICES]:
            text = game.action_text(state, action, viewer=player, mover=player)
            found.append((player, action, f"{names[player]}: {text}" if len(movers) > 1 else text))
    return found[:MAX_CHOICES]


def first_choices(game: Game[Any, Any], start: Any, viewer: int | None) -> list[str]:
    """The moves an interactive diagram of ``start`` read by ``viewer`` lists before its reader
    has done anything (its given moves follow the start), in the active language."""
    seats = diagram_seats(game, game.num_players(start))
    controller = Controller(Session.from_position(game, start, seats), reading=Reading(viewer, True))
    return [label for _player, _action, label in move_choices(controller, [seat.name for seat in seats])]
