"""Benchmark of the Babel engine: full random games per second and plies per second.

Each ply is legal-action generation plus ``apply`` (which re-checks legality).
Run with ``python bench/bench_babel.py [games]``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_rules.babel import GAME  # noqa: E402
from pygame_rules.rng import Rng  # noqa: E402


def run(games: int) -> tuple[float, float]:
    rng = Rng.from_seed(2024)
    plies = 0
    start = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game(3 + seed % 3, seed=seed,
                              options={"two_colour_tiles": seed % 2 == 1})
        while not GAME.is_over(state):
            player = rng.choice(GAME.to_move(state))
            state = GAME.apply(state, player, rng.choice(GAME.legal_actions(state, player)))
            plies += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    per_game, per_ply = run(count)
    print(f"babel: {count} random games (3-5 players): {per_game:.1f} games/s, {per_ply:.0f} plies/s")
