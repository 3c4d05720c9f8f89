"""The Python side of the web embed: one live diagram per element of the host page.

It runs in the embed's hidden iframe (plain Pyodide, no browser imports here) and
answers JSON requests ``handle(method, payload) -> JSON text``. A diagram keeps its
line of positions (the given moves, or the reader's own moves branching off them),
the ply shown, and the game's board interaction (the app's: ``webui.games``).

>>> import json
>>> view = json.loads(handle("open", json.dumps({"diagram": 1, "game": "tuerme",
...     "position": "14/14/14/4Br9/14/14/14/4Bgb9 r - - 4 max5 - 0000000000000000",
...     "moves": "e5-e7+", "interactive": True})))
>>> view["ply"], view["total"], view["moves"]
(0, 1, ['e5-e7+'])
>>> json.loads(handle("goto", json.dumps({"diagram": 1, "ply": 1})))["status"]
'To move: Red (bonus move)'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pygame_rules.controller import Controller, Reading
from pygame_rules.examples import read_moves, read_position, read_viewer, split_moves
from pygame_rules.gate import Fields, Limits, check_text, describe, fail, read_json
from pygame_rules.registry import GAMES
from pygame_rules.render_cli import RenderError, parse_highlights
from pygame_rules.session import Seat, Session
from webui.games import interaction_for

#: Longest attribute text accepted (a Babel position is about 600 characters); embed.js
#: refuses longer ones itself, before sending them.
MAX_TEXT = 20_000
#: The most moves a diagram steps through (a long game has about 600).
MAX_MOVES = 2_000
#: A request's text is read only within these limits (its attributes, quoted as JSON).
REQUEST_LIMITS = Limits("the request", 200_000, 3)
#: What a request may hold: the diagram's attributes, and what the reader did.
FIELDS = ("diagram", "game", "position", "moves", "viewer", "highlight", "interactive", "ply", "index",
          "target")
#: At most this many legal moves are offered in a diagram's move list.
MAX_CHOICES = 300
#: Diagram numbers run from 0 to this (embed.js counts them up from 1).
MAX_DIAGRAMS = 2**31


class Diagram:
    """A position, its given moves and the reader's place in them: a game read through a
    :class:`Controller`, whose record the reader's own moves may branch off."""

    def __init__(self, request: Fields) -> None:
        self.game = GAMES[request.choice("game", sorted(GAMES))]
        self.start = read_position(self.game, _text(request, "position"))
        moves = split_moves(_text(request, "moves"))
        if len(moves) > MAX_MOVES:
            fail(ValueError, f"a diagram steps through at most {MAX_MOVES:,} moves, not {len(moves):,}")
        self.given = [(player, action) for player, action, _ in read_moves(self.game, self.start, moves)]
        viewer = read_viewer(self.game, self.start, _text(request, "viewer") or None)
        try:
            self.highlights = parse_highlights(_text(request, "highlight").split())
            self.game.render_svg(self.start, viewer, **self.highlights)
        except (RenderError, TypeError, ValueError, KeyError, IndexError) as exc:
            fail(ValueError, f"bad highlight: {exc}")
        self.reading = Reading(viewer, request.get("interactive", False) is True)
        self.seats = [Seat(name.capitalize(), name) for name, _ in
                      self.game.colours[:self.game.num_players(self.start)]]
        self.names = [seat.name for seat in self.seats]
        self.ui = interaction_for(self.game)
        self.ui.names = self.names
        self.reset()

    def reset(self) -> None:
        """Back to the given moves, showing the position before them."""
        session = Session.from_position(self.game, self.start, self.seats)
        for player, action in self.given:
            session.play(player, action)
        self.controller = Controller(session, reading=self.reading)
        self.controller.view_move(0)
        self.branched = False
        self.ui.reset()

    def goto(self, ply: int) -> None:
        self.controller.view_move(int(ply))
        self.ui.reset()

    def play(self, player: int, action: Any) -> None:
        """Play a move at the shown ply; the moves after it give way to the reader's line."""
        self.controller.play(player, action)
        self.branched = True
        self.ui.reset()

    def click(self, target: dict[str, str]) -> None:
        player = self.controller.acting_player()
        if player is None:
            return
        action = self.ui.click(self.controller.shown, player, target)
        if action is not None:
            self.play(player, action)

    def button(self, index: int) -> None:
        player = self.controller.acting_player()
        buttons = self.ui.buttons(self.controller.shown, player) if player is not None else []
        if player is None or not 0 <= index < len(buttons):
            raise ValueError("that button is gone; the board has changed")
        chosen = buttons[index]
        if chosen.action is not None:
            self.play(player, chosen.action)
        else:
            self.ui.step(chosen.step)

    def choose(self, index: int) -> None:
        choices = self.choices()
        if not 0 <= index < len(choices):
            raise ValueError("that move is gone; the board has changed")
        player, action, _ = choices[index]
        self.play(player, action)

    def choices(self) -> list[tuple[int, Any, str]]:
        """Every legal move now, with its notation (named by colour when several may move)."""
        state = self.controller.shown
        if self.controller.acting_player() is None:
            return []
        movers = self.game.to_move(state)
        found = []
        for player in movers:
            for action in self.game.legal_actions(state, player)[:MAX_CHOICES]:
                text = self.game.record_text(state, action)
                found.append((player, action, f"{self.names[player]}: {text}" if len(movers) > 1 else text))
        return found[:MAX_CHOICES]

    def view(self) -> dict[str, Any]:
        """What the page shows: the board, where we are, and what the reader may do."""
        controller, player = self.controller, self.controller.acting_player()
        board = controller.board(self.ui)
        given = self.highlights if controller.ply == 0 and not self.branched else {}
        svg = self.game.render_svg(board.state, board.viewer, names=self.names,
                                   **(board.highlights or given))
        buttons = self.ui.buttons(board.state, player) if player is not None else []
        session = controller.session
        return {
            "svg": svg,
            "ply": controller.ply,
            "total": len(session.moves),
            "moves": [self.game.record_text(session.states[k], move.action)
                      for k, move in enumerate(session.moves)],
            "branched": self.branched,
            "status": self.game.status_text(board.state, self.names),
            "prompt": self.ui.prompt(board.state, player) if player is not None else "",
            "buttons": [b.label for b in buttons],
            "choices": [label for _, _, label in self.choices()],
            "clickable": self.ui.clickable(board.state, player) if player is not None else [],
        }


def _text(request: Fields, key: str) -> str:
    """An attribute's text (empty if missing or null), within :data:`MAX_TEXT` characters."""
    value = request.get(key, None)
    return "" if value is None else check_text(value, Limits(f"the {key} attribute", MAX_TEXT), ValueError,
                                               lines=True)


_DIAGRAMS: dict[int, Diagram] = {}


def _diagram(request: Fields) -> Diagram:
    key = request.integer("diagram", 0, MAX_DIAGRAMS)
    if key not in _DIAGRAMS:
        raise ValueError("this diagram is not open")
    return _DIAGRAMS[key]


def _open(request: Fields) -> Diagram:
    key = request.integer("diagram", 0, MAX_DIAGRAMS)
    _DIAGRAMS.pop(key, None)
    _DIAGRAMS[key] = Diagram(request)
    return _DIAGRAMS[key]


def _target(request: Fields) -> dict[str, str]:
    """The ``data-*`` attributes of the board element clicked: a few short texts."""
    target = Fields(request.object("target"), "the clicked element", ValueError)
    if len(target.data) > 8:
        raise ValueError("the clicked element has too many data attributes")
    return {key: target.text(key, 100) for key in target.data}


METHODS: dict[str, Callable[[Fields], Diagram]] = {
    "open": _open,
    "goto": lambda r: _act(r, lambda d: d.goto(r.integer("ply", -(10**6), 10**6))),
    "reset": lambda r: _act(r, Diagram.reset),
    "click": lambda r: _act(r, lambda d: d.click(_target(r))),
    "button": lambda r: _act(r, lambda d: d.button(r.integer("index", 0, MAX_CHOICES))),
    "choose": lambda r: _act(r, lambda d: d.choose(r.integer("index", 0, MAX_CHOICES))),
}


def _act(request: Fields, change: Callable[[Diagram], Any]) -> Diagram:
    diagram = _diagram(request)
    change(diagram)
    return diagram


def handle(method: str, payload: str) -> str:
    """Run ``method`` on a diagram; the answer is its new view. Bad requests raise ValueError
    (the engines' InvalidState and IllegalAction are ValueErrors too), each with a short message."""
    if method not in METHODS:
        fail(ValueError, f"unknown method {describe(method)}")
    request = Fields(read_json(payload, REQUEST_LIMITS, ValueError), "the request", ValueError, known=FIELDS)
    return json.dumps(METHODS[method](request).view())
