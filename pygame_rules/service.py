"""JSON-text request handler for the browser's worker thread (no browser imports).

The page sends ``(method, payload)`` with the payload as JSON text and gets JSON
text back, so nothing but strings crosses the thread boundary.

>>> import json
>>> json.loads(handle("ping", "{}"))["games"] == sorted(GAMES)
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from . import __version__
from .benchmark import random_games
from .registry import GAMES, get_game


def _ping(_: dict[str, Any]) -> dict[str, Any]:
    return {"version": __version__, "games": sorted(GAMES)}


def _random_play(request: dict[str, Any]) -> dict[str, Any]:
    """Random full games for ``budget_ms`` milliseconds: a speed probe of this runtime."""
    game = get_game(request["game"])
    speed = random_games(game, int(request.get("players", game.min_players)),
                         budget_s=float(request.get("budget_ms", 1000)) / 1000,
                         seed=int(request.get("seed", 1)))
    return {"games": speed.games, "plies": speed.plies, "seconds": round(speed.seconds, 3)}


def _bot_move(request: dict[str, Any]) -> dict[str, Any]:
    """A bot's move for ``player`` in ``state`` (a saved state or his view; the bot masks
    it again itself) at ``level`` within ``budget_ms``, reproducible by ``seed``.

    >>> from pygame_rules.tuerme import GAME
    >>> state = GAME.state_to_json(GAME.new_game(2, seed=1))
    >>> answer = _bot_move({"game": "tuerme", "state": state, "player": 0, "level": "easy"})
    >>> sorted(answer), answer["iterations"]
    (['action', 'iterations', 'text'], 0)
    """
    started = time.perf_counter()  # the budget also covers the first request's imports
    from .bots import decide, knowledge_for

    game = get_game(request["game"])
    knowledge_for(game)  # imports the game's bot module now, inside the budget
    state = game.state_from_json(request["state"])
    player = int(request["player"])
    view = game.view(state, player)
    budget_s = float(request.get("budget_ms", 1000)) / 1000 - (time.perf_counter() - started)
    decision = decide(game, view, player, str(request.get("level", "medium")),
                      budget_s=max(budget_s, 0.0), seed=int(request.get("seed", 0)))
    return {"action": game.action_to_json(decision.action),
            "text": game.action_text(view, decision.action) or "",
            "iterations": decision.iterations}


METHODS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "ping": _ping,
    "random_play": _random_play,
    "bot_move": _bot_move,
}


def handle(method: str, payload: str) -> str:
    """Run ``method`` on the JSON ``payload``; unknown methods and bad JSON raise ValueError."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; known: {', '.join(sorted(METHODS))}")
    request = json.loads(payload or "{}")
    if not isinstance(request, dict):
        raise ValueError("the payload must be a JSON object")
    return json.dumps(METHODS[method](request))
