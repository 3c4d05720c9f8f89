"""The easy and medium levels: a filtered random choice, and a greedy one-ply look.

Both work on the player's view only; whatever they need that the view hides is
sampled by the game's :meth:`~.knowledge.Knowledge.determinize`. Both prefer actions
that bring the game nearer its end (:meth:`~.knowledge.Knowledge.progress`): the easy
level half of the time, the medium level among equally good ones.

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
#: How often (in percent) the easy level picks among the actions of most progress. Never
#: lets it stall a game; always makes it much stronger (medium won 56 % of two-player Türme
#: games against such an easy player, 77 % against this one; see ``docs/bots.md``).
PROGRESS_CHANCE = 50


def easy(k: Knowledge[Any, Any], view: Any, player: int, rng: Rng) -> Any:
    """A random sensible action: with a chance of :data:`PROGRESS_CHANCE` percent one of
    those that make the most progress, else any."""
    actions = k.moves(view, player)
    sensible = k.sensible(view, player, actions) or actions
    if rng.randbelow(100) < PROGRESS_CHANCE:
        grades = [k.progress(view, player, a) for a in sensible]
        sensible = [a for a, grade in zip(sensible, grades) if grade == max(grades)]
    return rng.choice(sensible)


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
    played out greedily); of equal values (within :data:`TIE`) those of more progress first,
    then in random order. With a ``deadline`` (a
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
    scored.sort(key=lambda t: -t[0])
    ranked: list[tuple[float, Any]] = []
    start = 0
    while start < len(scored):  # each run of values within TIE of its first: most progress first
        end = start + 1
        while end < len(scored) and scored[end][0] > scored[start][0] - TIE:
            end += 1
        tied = sorted(scored[start:end], key=lambda t: (-k.progress(view, player, t[2]), t[1]))
        ranked += [(value, action) for value, _, action in tied]
        start = end
    return ranked


def medium(k: Knowledge[Any, Any], view: Any, player: int, rng: Rng) -> Steps[Any]:
    """The candidate with the best :func:`ranking` value (ties broken at random), in steps."""
    actions = k.moves(view, player)
    if len(actions) == 1:
        return actions[0]
    return (yield from ranking(k, view, player, actions, rng))[0][1]
