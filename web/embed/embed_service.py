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

from pygame_rules.examples import read_moves, read_position, read_viewer, split_moves
from pygame_rules.registry import get_game
from pygame_rules.render_cli import RenderError, parse_highlights
from webui.games import interaction_for

#: Longest attribute text accepted (a Babel position is about 600 characters).
MAX_TEXT = 20_000
#: At most this many legal moves are offered in a diagram's move list.
MAX_CHOICES = 300


class Diagram:
    """A position, its given moves and the reader's place in them."""

    def __init__(self, request: dict[str, Any]) -> None:
        self.game = get_game(_text(request, "game"))
        start = read_position(self.game, _text(request, "position"))
        played = read_moves(self.game, start, split_moves(_text(request, "moves")))
        self.viewer = read_viewer(self.game, start, _text(request, "viewer") or None)
        try:
            self.highlights = parse_highlights(_text(request, "highlight").split())
            self.game.render_svg(start, self.viewer, **self.highlights)
        except (RenderError, TypeError, ValueError, KeyError, IndexError) as exc:
            raise ValueError(f"bad highlight: {exc}") from None
        self.interactive = bool(request.get("interactive"))
        self.given = ([start] + [after for _, _, after in played],
                      [(player, action) for player, action, _ in played])
        self.names = [name.capitalize() for name, _ in self.game.colours]
        self.ui = interaction_for(self.game)
        self.ui.names = self.names
        self.reset()

    def reset(self) -> None:
        self.states, self.moves = list(self.given[0]), list(self.given[1])
        self.ply = 0
        self.branched = False
        self.ui.reset()

    def goto(self, ply: int) -> None:
        self.ply = max(0, min(int(ply), len(self.moves)))
        self.ui.reset()

    @property
    def state(self) -> Any:
        return self.states[self.ply]

    def acting(self) -> int | None:
        """The seat the reader moves for: the viewer if it is his turn, else the first to move."""
        if not self.interactive:
            return None
        movers = self.game.to_move(self.state)
        if not movers:
            return None
        return self.viewer if self.viewer in movers else movers[0]

    def play(self, player: int, action: Any) -> None:
        """Play a move at the shown ply; the moves after it give way to the reader's line."""
        after = self.game.apply(self.state, player, action)
        self.states[self.ply + 1:] = [after]
        self.moves[self.ply:] = [(player, action)]
        self.ply += 1
        self.branched = True
        self.ui.reset()

    def click(self, target: dict[str, str]) -> None:
        player = self.acting()
        if player is None:
            return
        action = self.ui.click(self.state, player, target)
        if action is not None:
            self.play(player, action)

    def button(self, index: int) -> None:
        player = self.acting()
        buttons = self.ui.buttons(self.state, player) if player is not None else []
        if not 0 <= index < len(buttons):
            raise ValueError("that button is gone; the board has changed")
        chosen = buttons[index]
        if chosen.action is not None:
            self.play(player, chosen.action)  # type: ignore[arg-type]
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
        if self.acting() is None:
            return []
        movers = self.game.to_move(self.state)
        found = []
        for player in movers:
            for action in self.game.legal_actions(self.state, player)[:MAX_CHOICES]:
                text = _clear_text(self.game, self.state, action)
                found.append((player, action, f"{self.names[player]}: {text}" if len(movers) > 1 else text))
        return found[:MAX_CHOICES]

    def view(self) -> dict[str, Any]:
        """What the page shows: the board, where we are, and what the reader may do."""
        state, player = self.state, self.acting()
        highlights = self.ui.highlights(state, player) if player is not None else {}
        if not highlights and self.ply == 0 and not self.branched:
            highlights = self.highlights
        elif not highlights and self.ply > 0:
            before_player, action = self.moves[self.ply - 1]
            highlights = self.ui.replay_highlights(self.states[self.ply - 1], before_player, action)
        svg = self.game.render_svg(state, self.viewer, names=self.names, **highlights)
        buttons = self.ui.buttons(state, player) if player is not None else []
        return {
            "svg": svg,
            "ply": self.ply,
            "total": len(self.moves),
            "moves": [_clear_text(self.game, self.states[k], a) for k, (_, a) in enumerate(self.moves)],
            "branched": self.branched,
            "status": self.game.status_text(state, self.names),
            "prompt": self.ui.prompt(state, player) if player is not None else "",
            "buttons": [b.label for b in buttons],
            "choices": [label for _, _, label in self.choices()],
            "clickable": self.ui.clickable(state, player) if player is not None else [],
        }


def _text(request: dict[str, Any], key: str) -> str:
    value = request.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError(f"{key} must be text of at most {MAX_TEXT} characters")
    return value


def _clear_text(game: Any, state: Any, action: Any) -> str:
    """The move's notation, in the form the move list accepts back (Babel's offers in clear)."""
    notation = __import__(f"pygame_rules.{game.name}.notation", fromlist=["notation"])
    full_text = getattr(notation, "full_text", None)
    return full_text(state, action) if full_text else game.action_text(state, action)


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
