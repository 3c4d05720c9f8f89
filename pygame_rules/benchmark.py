"""Random full games for a time budget: the engines' speed probe (CPython and the browser).

>>> from pygame_rules import get_game
>>> result = random_games(get_game("tuerme"), 4, budget_s=0.05, seed=3)
>>> result.games >= 1 and result.plies > 0
True
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .protocol import Game
from .rng import Rng
from .steps import Steps, run


@dataclass(frozen=True)
class Speed:
    games: int
    plies: int
    seconds: float

    @property
    def plies_per_second(self) -> float:
        return self.plies / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def random_games(game: Game[Any, Any], players: int, *, options: Mapping[str, Any] | None = None,
                 budget_s: float = 1.0, seed: int = 1) -> Speed:
    """Play whole games of uniformly random legal actions until ``budget_s`` has passed
    (finishing the game under way). A ply is ``legal_actions`` plus ``apply``."""
    return run(playing_random_games(game, players, options=options, budget_s=budget_s, seed=seed))


def playing_random_games(game: Game[Any, Any], players: int, *, options: Mapping[str, Any] | None = None,
                         budget_s: float = 1.0, seed: int = 1) -> Steps[Speed]:
    """:func:`random_games` in steps (:mod:`.steps`): it yields after every ply."""
    rng = Rng.from_seed(seed)
    start = time.perf_counter()
    games = plies = 0
    while games == 0 or time.perf_counter() - start < budget_s:
        state = game.new_game(players, seed=rng.randbelow(1 << 30), options=options)
        while not game.is_over(state):
            player = rng.choice(game.to_move(state))
            state = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
            plies += 1
            yield
        games += 1
    return Speed(games, plies, time.perf_counter() - start)
