"""JSON-text requests to the engines: computer players' moves, hints, speed probes (no browser imports).

The page asks ``(method, payload)`` with the payload as JSON text and gets JSON text back
(``window.pygameRules.call``), the same whoever asks: the front end, a test, a benchmark.
A payload passes the gate (:mod:`pygame_rules.gate`) first: size and depth limits before it
is parsed, then every field checked before use; a bad request raises :class:`RequestError`
with a message of at most 200 characters, in the active language (:mod:`.i18n`).

:func:`reply` never raises: its answer is ``{"result": ...}`` or ``{"error": "a short
message"}``, so no Python traceback ever reaches the page (an unexpected failure prints its
traceback to the console and answers briefly). :func:`replying` is the same in steps
(:mod:`.steps`): the page runs a computer player's decision a slice at a time, so that its
thread is never busy for long.

>>> json.loads(handle("ping", "{}"))["games"] == sorted(GAMES)
True
>>> print(reply("bot_move", '{"game": "chess"}'))
{"error": "the request's game must be one of babel, saba, tuerme, not 'chess'"}
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from collections.abc import Callable
from inspect import isgenerator
from typing import Any

from . import __version__
from .benchmark import playing_random_games
from .errors import InvalidState
from .gate import MAX_INT, Fields, Limits, describe, fail, read_json
from .i18n import N_, _
from .protocol import Game
from .registry import GAMES
from .steps import Steps, run

#: A request's text is read only within these limits (a Babel state is about 3 kB).
REQUEST_LIMITS = Limits(N_("the request"), 200_000, 16)
#: The longest computation a request may ask for, in milliseconds.
MAX_BUDGET_MS = 60_000


class RequestError(ValueError):
    """A worker request that can't be answered; the message says why."""


def _ping(request: Fields) -> dict[str, Any]:
    return {"version": __version__, "games": sorted(GAMES)}


def _random_play(request: Fields) -> Steps[dict[str, Any]]:
    """Random full games for ``budget_ms`` milliseconds: a speed probe of this runtime."""
    game = _game(request)
    players = request.integer("players", game.min_players, game.max_players, default=game.min_players)
    speed = yield from playing_random_games(
        game, players, budget_s=request.number("budget_ms", 0, MAX_BUDGET_MS, default=1000) / 1000,
        seed=request.integer("seed", 0, MAX_INT, default=1))
    return {"games": speed.games, "plies": speed.plies, "seconds": round(speed.seconds, 3)}


def _bot_move(request: Fields) -> Steps[dict[str, Any]]:
    """A bot's move for ``player`` in ``state`` (a saved state or his view; the bot masks
    it again itself) at ``level`` within ``budget_ms``, reproducible by ``seed``.

    >>> from pygame_rules.tuerme import GAME
    >>> state = GAME.state_to_json(GAME.new_game(2, seed=1))
    >>> request = {"game": "tuerme", "state": state, "player": 0, "level": "easy"}
    >>> answer = run(_bot_move(Fields(request, "the request", RequestError)))
    >>> sorted(answer), answer["iterations"]
    (['action', 'iterations', 'text'], 0)
    """
    started = time.perf_counter()  # the budget also covers the first request's imports
    from .bots import LEVELS, deciding, knowledge_for

    game = _game(request)
    knowledge_for(game)  # imports the game's computer players now (its record loads them), inside the budget
    state = _state(request)
    player = _player(request, game, state)
    level = request.choice("level", LEVELS, default="medium")
    budget_s = request.number("budget_ms", 0, MAX_BUDGET_MS, default=1000) / 1000
    view = game.view(state, player)
    decision = yield from deciding(game, view, player, level,
                                   budget_s=max(budget_s - (time.perf_counter() - started), 0.0),
                                   seed=request.integer("seed", 0, MAX_INT, default=0))
    return {"action": game.action_to_json(decision.action),
            "text": game.action_text(view, decision.action, viewer=player, mover=player),
            "iterations": decision.iterations}


def _hint(request: Fields) -> Steps[dict[str, Any]]:
    """What the medium computer player would do for ``player`` seen from ``state`` (his
    view: the page sends nothing else, and it is masked again here), with the reason as
    an English template and its fields (:class:`~.bots.hint.Hint`), which the page
    translates (:func:`~.bots.hint.hint_text`).

    >>> from pygame_rules.tuerme import GAME
    >>> state = GAME.state_to_json(GAME.new_game(2, seed=1))
    >>> answer = run(_hint(Fields({"game": "tuerme", "state": state, "player": 0}, "the request", RequestError)))
    >>> sorted(answer)
    ['action', 'fields', 'reason', 'text']
    """
    from .bots.hint import hinting

    game, state = _game(request), _state(request)
    player = _player(request, game, state)
    found = yield from hinting(game, game.view(state, player), player)
    return {"action": game.action_to_json(found.action), "text": found.notation, "reason": found.reason,
            "fields": [list(field) for field in found.fields]}


def _state(request: Fields) -> Any:
    try:
        return _game(request).state_from_json(request.object("state"))
    except InvalidState as exc:
        fail(RequestError, _("the request's state is invalid: {reason}").format(reason=exc))


def _player(request: Fields, game: Game[Any, Any], state: Any) -> int:
    """The request's player, who must have something to do in ``state``."""
    player = request.integer("player", 0, game.num_players(state) - 1)
    if player not in game.to_move(state):
        fail(RequestError, _("player {player} has nothing to do in this position").format(player=player))
    return player


def _game(request: Fields) -> Game[Any, Any]:
    return GAMES[request.choice("game", sorted(GAMES))]


#: Each method (its answer, or the steps to it) with the fields its request may have.
METHODS: dict[str, tuple[Callable[[Fields], dict[str, Any] | Steps[dict[str, Any]]], tuple[str, ...]]] = {
    "ping": (_ping, ()),
    "random_play": (_random_play, ("game", "players", "budget_ms", "seed")),
    "bot_move": (_bot_move, ("game", "state", "player", "level", "budget_ms", "seed")),
    "hint": (_hint, ("game", "state", "player")),
}


def handle(method: object, payload: object) -> str:
    """Run ``method`` on the JSON ``payload`` and answer JSON text; an unknown method or
    a bad payload raises RequestError."""
    return run(handling(method, payload))


def handling(method: object, payload: object) -> Steps[str]:
    """:func:`handle` in steps."""
    if not isinstance(method, str) or method not in METHODS:
        fail(RequestError, f"unknown method {describe(method)}; known: {', '.join(sorted(METHODS))}")  # i18n: internal
    compute, known = METHODS[method]
    request = Fields(read_json(payload or "{}", REQUEST_LIMITS, RequestError), REQUEST_LIMITS.what,
                     RequestError, known=known)
    answer = compute(request)
    if isgenerator(answer):
        answer = yield from answer
    return json.dumps(answer)


def reply(method: object, payload: object) -> str:
    """The answer as ``{"result": <the answer>}`` or ``{"error": <why>}`` in JSON text. It
    never raises; a failure that is no bad request (a bug) prints its traceback to the
    console and answers with a short message."""
    return run(replying(method, payload))


def replying(method: object, payload: object) -> Steps[str]:
    """:func:`reply` in steps; nor does it raise, at any step."""
    try:
        return f'{{"result": {(yield from handling(method, payload))}}}'
    except RequestError as exc:
        return json.dumps({"error": str(exc)})
    except Exception as exc:  # the thread boundary: report, never let a traceback through
        traceback.print_exc(file=sys.stderr)
        return json.dumps({"error": _("the computation failed ({error}); details are in the browser's console").format(
            error=type(exc).__name__)})
