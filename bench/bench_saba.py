"""Benchmark: random full games of Saba per second and plies (legal actions + apply) per second.

Run with ``python bench/bench_saba.py [games]``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_rules.rng import Rng  # noqa: E402
from pygame_rules.saba import GAME  # noqa: E402


def play_one(num_players: int, seed: int, pro: bool) -> int:
    """One game of uniformly random legal actions; returns its number of plies."""
    rng = Rng.from_seed(seed)
    state = GAME.new_game(num_players, seed=seed, options={"pro": pro})
    plies = 0
    while not GAME.is_over(state):
        player = GAME.to_move(state)[0]
        state = GAME.apply(state, player, rng.choice(GAME.legal_actions(state, player)))
        plies += 1
    return plies


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    for pro in (False, True):
        for n in (2, 3, 4):
            start = time.perf_counter()
            plies = sum(play_one(n, seed, pro) for seed in range(games))
            took = time.perf_counter() - start
            print(f"{n} players, {'pro  ' if pro else 'basic'}: {games / took:7.1f} games/s, "
                  f"{plies / took:8.0f} plies/s ({plies / games:.0f} plies/game)")


if __name__ == "__main__":
    main()
