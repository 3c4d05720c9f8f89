"""Engine speed in CPython: random full games per second and plies per second, per game,
player count and rule variant. A ply is legal-action generation plus ``apply``.

Usage: ``python bench/bench_engines.py [seconds per row]`` (default 3).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_rules import GAMES
from pygame_rules.benchmark import random_games

#: The variant switch measured for each game (each row is run with it off and on).
VARIANTS = {"babel": "two_colour_tiles", "saba": "pro", "tuerme": "unlimited_height"}


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"{'game':7} {'players':>7} {'variant':>18} {'games/s':>8} {'plies/s':>9} {'plies/game':>10}")
    for name, game in sorted(GAMES.items()):
        for players in range(game.min_players, game.max_players + 1):
            for on in (False, True):
                speed = random_games(game, players, options={VARIANTS[name]: on}, budget_s=budget)
                label = VARIANTS[name] if on else "basic"
                print(f"{name:7} {players:>7} {label:>18} {speed.games_per_second:8.1f} "
                      f"{speed.plies_per_second:9.0f} {speed.plies / speed.games:10.0f}", flush=True)


if __name__ == "__main__":
    main()
