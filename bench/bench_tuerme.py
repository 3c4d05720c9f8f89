"""Benchmark of the Spiel der Türme engine: full random games per second and plies per second.

Each ply is legal-action generation plus ``apply`` (which re-checks legality and, when the
turn passes, looks whether the next player can move). Games cycle through 2, 3 and 4 players,
every other one with the unlimited-height variant; figures are also given per player count.
Run with ``python bench/bench_tuerme.py [games]``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_rules.rng import Rng  # noqa: E402
from pygame_rules.tuerme import GAME  # noqa: E402


def run(games: int, players: tuple[int, ...] = (2, 3, 4)) -> tuple[float, float]:
    """Random games split over ``players``; returns (games per second, plies per second)."""
    rng = Rng.from_seed(2024)
    plies = 0
    start = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game(players[seed % len(players)], seed=seed,
                              options={"unlimited_height": seed % 2 == 1})
        while not GAME.is_over(state):
            player = state.turn
            state = GAME.apply(state, player, rng.choice(GAME.legal_actions(state, player)))
            plies += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    per_game, per_ply = run(count)
    print(f"tuerme: {count} random games (2-4 players): {per_game:.1f} games/s, {per_ply:.0f} plies/s")
    for n in (2, 3, 4):
        per_game, per_ply = run(max(count // 3, 10), (n,))
        print(f"tuerme: {n} players: {per_game:.1f} games/s, {per_ply:.0f} plies/s")
