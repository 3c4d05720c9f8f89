"""The easy and medium levels: a filtered random choice, and a greedy one-ply look.

Both work on the player's view only; whatever they need that the view hides is
sampled by the game's :meth:`~.knowledge.Knowledge.determinize`.

>>> from pygame_rules.bots import knowledge_for
>>> from pygame_rules.steps import run
>>> from pygame_rules.tuerme import GAME
>>> k = knowledge_for(GAME)
>>> state = GAME.new_game(2, seed=4)
>>> action = run(medium(k, state, 0, Rng.from_seed(1)))
>>> GAME.why_illegal(state, 0, action) is None
True
"""

from __future__ import annotations

import time
from typing import Any

from ..rng import Rng
from ..steps import Steps
from .knowledge import Knowledge, leads

#: Values closer than this count as a tie (broken at random).
TIE = 1e-9
#: Plies the medium level plays at most to settle a pending step.
SETTLE_PLIES = 40


def easy(k: Knowledge[Any, Any], view: Any, player: int, rng: Rng) -> Any:
    """A random sensible action."""
    actions = k.moves(view, player)
    return rng.choice(k.sensible(view, player, actions) or actions)


def greedy(k: Knowledge[Any, Any], state: Any, player: int, actions: list[Any], rng: Rng) -> Any:
    """The action after which ``player``'s lead over the best opponent is largest
    (``state`` is a full state; ties broken at random)."""
    game = k.game
    best: list[Any] = []
    best_value = float("-inf")
    for action in actions:
        value = leads(k.evaluate(game.play(state, player, action)))[player]
        if value > best_value + TIE:
            best, best_value = [action], value
        elif value > best_value - TIE:
            best.append(action)
    return rng.choice(best)


def settle(k: Knowledge[Any, Any], state: Any, rng: Rng) -> Any:
    """Play a pending step (see :meth:`~.knowledge.Knowledge.pending`) to its end, every
    mover choosing greedily."""
    game = k.game
    for _ in range(SETTLE_PLIES):
        if game.is_over(state) or not k.pending(state):
            break
        mover = game.to_move(state)[0]
        state = game.play(state, mover, greedy(k, state, mover, k.moves(state, mover), rng))
    return state


def ranking(k: Knowledge[Any, Any], view: Any, player: int, actions: list[Any],
            rng: Rng, deadline: float | None = None) -> Steps[list[tuple[float, Any]]]:
    """(value, action) pairs, best first: ``player``'s lead one ply after each action,
    averaged over a few samples of the hidden information (others' simultaneous choices
    played out greedily); equal values in random order. With a ``deadline`` (a
    :func:`time.perf_counter` value) the actions are valued in the game's cheap
    :meth:`~.knowledge.Knowledge.ordered` order and those left at the deadline are left out.
    In steps: it yields after each action's value in each sample."""
    game = k.game
    worlds = [k.determinize(view, player, rng) for _ in range(k.samples)]
    if deadline is not None:
        actions = k.ordered(worlds[0], player, actions, rng)
    scored: list[tuple[float, int, Any]] = []
    for action in actions:
        if deadline is not None and scored and time.perf_counter() >= deadline:
            break
        value = 0.0
        for world in worlds:
            after = settle(k, game.play(world, player, action), rng)
            value += leads(k.evaluate(after))[player]
            yield
        scored.append((value / len(worlds), rng.next32(), action))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(value, action) for value, _, action in scored]


def medium(k: Knowledge[Any, Any], view: Any, player: int, rng: Rng) -> Steps[Any]:
    """The candidate with the best :func:`ranking` value (ties broken at random), in steps."""
    actions = k.moves(view, player)
    if len(actions) == 1:
        return actions[0]
    return (yield from ranking(k, view, player, actions, rng))[0][1]
