"""Benchmark of the hard bot: Monte Carlo tree search iterations per second, per game.

The search runs from states taken along random games (every few plies, for the player
to move), each for ``budget`` seconds; the figure is total iterations over total time,
which includes the one-ply ranking of the root actions. Run with
``python bench/bench_bots.py [budget_s] [positions]``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_rules.bots import decide
from pygame_rules.registry import get_game
from pygame_rules.rng import Rng

SETUPS = (("babel", (3, 4, 5)), ("saba", (2, 3, 4)), ("tuerme", (2, 3, 4)))


def positions(name: str, players: int, count: int, seed: int = 1) -> list[tuple[object, int]]:
    """(state, player to move) pairs spread along random games, searches having a choice."""
    game = get_game(name)
    rng = Rng.from_seed(seed)
    out: list[tuple[object, int]] = []
    while len(out) < count:
        state = game.new_game(players, seed=rng.randbelow(1 << 30))
        ply = 0
        while not game.is_over(state) and len(out) < count:
            player = game.to_move(state)[0]
            actions = game.legal_actions(state, player)
            if ply % 7 == 3 and len(actions) > 1:
                out.append((state, player))
            state = game.play(state, player, rng.choice(actions))
            ply += 1
    return out


def run(name: str, players: int, budget: float, count: int) -> float:
    """Iterations per second of the hard bot over ``count`` positions."""
    game = get_game(name)
    iterations = 0
    start = time.perf_counter()
    for i, (state, player) in enumerate(positions(name, players, count)):
        iterations += decide(game, state, player, "hard", budget_s=budget, seed=i).iterations
    return iterations / (time.perf_counter() - start)


if __name__ == "__main__":
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 0.5
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    print(f"hard bot, {budget} s per decision, {count} positions each "
          f"(Python {sys.version.split()[0]})")
    for name, counts in SETUPS:
        for players in counts:
            print(f"{name:7} {players} players: {run(name, players, budget, count):7.0f} iterations/s")
