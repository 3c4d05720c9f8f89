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
from pygame_rules.registry import get_game
from pygame_rules.render_cli import RenderError, parse_highlights
from pygame_rules.session import Seat, Session
from webui.games import interaction_for

#: Longest attribute text accepted (a Babel position is about 600 characters).
MAX_TEXT = 20_000
#: At most this many legal moves are offered in a diagram's move list.
MAX_CHOICES = 300


class Diagram:
    """A position, its given moves and the reader's place in them: a game read through a
    :class:`Controller`, whose record the reader's own moves may branch off."""

    def __init__(self, request: dict[str, Any]) -> None:
        self.game = get_game(_text(request, "game"))
        self.start = read_position(self.game, _text(request, "position"))
        self.given = [(player, action) for player, action, _ in
                      read_moves(self.game, self.start, split_moves(_text(request, "moves")))]
        viewer = read_viewer(self.game, self.start, _text(request, "viewer") or None)
        try:
            self.highlights = parse_highlights(_text(request, "highlight").split())
            self.game.render_svg(self.start, viewer, **self.highlights)
        except (RenderError, TypeError, ValueError, KeyError, IndexError) as exc:
            raise ValueError(f"bad highlight: {exc}") from None
        self.reading = Reading(viewer, bool(request.get("interactive")))
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


def _text(request: dict[str, Any], key: str) -> str:
    value = request.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError(f"{key} must be text of at most {MAX_TEXT} characters")
    return value


_DIAGRAMS: dict[int, Diagram] = {}


def _diagram(request: dict[str, Any]) -> Diagram:
    key = request.get("diagram")
    if key not in _DIAGRAMS:
        raise ValueError("this diagram is not open")
    return _DIAGRAMS[key]


def _open(request: dict[str, Any]) -> Diagram:
    key = request.get("diagram")
    if not isinstance(key, int):
        raise ValueError("a diagram needs a number")
    _DIAGRAMS.pop(key, None)
    _DIAGRAMS[key] = Diagram(request)
    return _DIAGRAMS[key]


def _index(request: dict[str, Any], key: str) -> int:
    value = request.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{key} must be a whole number")
    return value


METHODS: dict[str, Callable[[dict[str, Any]], Diagram]] = {
    "open": _open,
    "goto": lambda r: _act(r, lambda d: d.goto(_index(r, "ply"))),
    "reset": lambda r: _act(r, Diagram.reset),
    "click": lambda r: _act(r, lambda d: d.click({str(k): str(v) for k, v in dict(r.get("target") or {}).items()})),
    "button": lambda r: _act(r, lambda d: d.button(_index(r, "index"))),
    "choose": lambda r: _act(r, lambda d: d.choose(_index(r, "index"))),
}


def _act(request: dict[str, Any], change: Callable[[Diagram], Any]) -> Diagram:
    diagram = _diagram(request)
    change(diagram)
    return diagram


def handle(method: str, payload: str) -> str:
    """Run ``method`` on a diagram; the answer is its new view. Bad requests raise ValueError."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}")
    request = json.loads(payload)
    if not isinstance(request, dict):
        raise ValueError("a request is a JSON object")
    return json.dumps(METHODS[method](request).view())
