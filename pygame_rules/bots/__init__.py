"""Computer opponents for every game, at three levels, that see only what their seat sees.

* ``easy`` — a random action among the sensible ones (no declined bonus, no refused free build…);
* ``medium`` — greedy: the action with the best evaluation one ply ahead, averaged over a few
  samples of the hidden cards; a step the evaluation cannot judge halfway (the others' sealed
  offers and the build they lead to, the rest of a Saba turn, a Türme bonus move) is first
  played out greedily;
* ``hard`` — information-set Monte Carlo tree search within a time budget (:mod:`.mcts`).

Whatever state it is given, a bot first masks it with ``game.view(state, player)``,
so it can never read hidden cards, sealed offers or deck orders.

>>> from pygame_rules.tuerme import GAME
>>> state = GAME.new_game(2, seed=5)
>>> decision = decide(GAME, state, 0, "hard", budget_s=0.05, seed=1)
>>> GAME.why_illegal(state, 0, decision.action) is None, decision.iterations > 0
(True, True)
>>> choose_action(GAME, state, 0, "easy", seed=3) == choose_action(GAME, state, 0, "easy", seed=3)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..protocol import Game
from ..registry import knowledge_for
from ..rng import Rng
from ..steps import Steps, run
from .knowledge import Knowledge
from .levels import easy, medium
from .mcts import search

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
#: Seconds a hard bot thinks per decision unless told otherwise.
DEFAULT_BUDGET_S = 1.0

@dataclass(frozen=True)
class Decision:
    """A bot's action and the search iterations it took (0 below the hard level)."""

    action: Any
    iterations: int = 0


def decide(game: Game[Any, Any], state: Any, player: int, level: str, *,
           budget_s: float = DEFAULT_BUDGET_S, seed: int = 0,
           iterations: int | None = None) -> Decision:
    """The action ``player`` takes at ``level`` in ``state`` (a full state or his view).

    The hard level thinks ``budget_s`` seconds, or exactly ``iterations`` iterations if
    given (reproducible whatever the machine). Raises ValueError if ``player`` is not to
    move or the level is unknown.
    """
    return run(deciding(game, state, player, level, budget_s=budget_s, seed=seed, iterations=iterations))


def deciding(game: Game[Any, Any], state: Any, player: int, level: str, *,
             budget_s: float = DEFAULT_BUDGET_S, seed: int = 0,
             iterations: int | None = None) -> Steps[Decision]:
    """:func:`decide` in steps (:mod:`pygame_rules.steps`), for a caller that runs it in
    slices; the same decision. Its errors are raised at once, before the first step.

    >>> from pygame_rules.tuerme import GAME
    >>> steps = deciding(GAME, GAME.new_game(2, seed=5), 0, "medium", seed=1)
    >>> run(steps) == decide(GAME, GAME.new_game(2, seed=5), 0, "medium", seed=1)
    True
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")  # i18n: internal
    view = game.view(state, player)
    if player not in game.to_move(view):
        raise ValueError(f"player {player} is not to move")  # i18n: internal
    return _thinking(knowledge_for(game), view, player, level, budget_s, Rng.from_seed(seed), iterations)


def _thinking(k: Knowledge[Any, Any], view: Any, player: int, level: str, budget_s: float, rng: Rng,
              iterations: int | None) -> Steps[Decision]:
    if level == "easy":
        return Decision(easy(k, view, player, rng))
    if level == "medium":
        return Decision((yield from medium(k, view, player, rng)))
    action, done = yield from search(k, view, player, rng, budget_s=budget_s, iterations=iterations)
    return Decision(action, done)


def choose_action(game: Game[Any, Any], state: Any, player: int, level: str, *,
                  budget_s: float = DEFAULT_BUDGET_S, seed: int = 0) -> Any:
    """Just the action of :func:`decide`."""
    return decide(game, state, player, level, budget_s=budget_s, seed=seed).action


__all__ = ["DEFAULT_BUDGET_S", "LEVELS", "Decision", "Knowledge", "choose_action", "decide",
           "deciding", "knowledge_for"]
