"""How long games between computer players last, and whether each ended by the game's own
rules or by the quiet end (:mod:`pygame_rules.quiet`): a table per game, player count and
mix of levels, for ``docs/bots.md``.

Every cell plays the same seeds (0, 1, 2, …), the levels seated in turn from a seat that
moves on with the seed, under the game's default options (the quiet end on) unless
``--option`` says otherwise. A game is never cut short: the arena's ply limit is the app's
record limit (:data:`pygame_rules.session.MAX_MOVES`), and the table would flag a game that
reached it. The hard level searches a fixed number of iterations per decision
(``--iterations``), so a run gives the same table on any machine.

Usage::

    python bench/bench_lengths.py [--seeds 500] [--jobs 2] [--iterations 50] [--only tuerme]
                                  [--without hard] [--option quiet_end=0]

The table's columns: the seeds, the median, 99th percentile and longest game in plies (moves of
the record), the share of games that ended within 1,500 plies, and the share the quiet end
ended (the others ended by the rulebook's own ends, or the engine's "settled"/"blocked").
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_rules.bots.arena import Result, parse_options, play_game, seats
from pygame_rules.registry import get_game
from pygame_rules.session import MAX_MOVES

#: The cells measured: game, player count and the levels seated in turn. Every game and
#: player count with easy players only; the Türme, whose players could stall a game, with
#: every mix of levels that the arena compares and each level among its own.
CELLS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    *((name, n, ("easy",)) for name, counts in (("babel", (3, 4, 5)), ("saba", (2, 3, 4)), ("tuerme", (2, 3, 4)))
      for n in counts),
    ("tuerme", 2, ("medium", "easy")), ("tuerme", 3, ("medium", "easy", "easy")),
    ("tuerme", 4, ("medium", "easy", "easy", "easy")),
    ("tuerme", 2, ("medium",)), ("tuerme", 3, ("medium",)), ("tuerme", 4, ("medium",)),
    ("tuerme", 2, ("hard", "medium")), ("tuerme", 3, ("hard", "medium", "medium")),
    ("tuerme", 4, ("hard", "medium", "medium", "medium")),
    ("tuerme", 2, ("hard", "easy")), ("tuerme", 2, ("hard",)),
    ("saba", 2, ("medium",)), ("saba", 4, ("medium",)), ("babel", 3, ("medium",)),
)
#: The length a game between bots should end within.
TARGET = 1500


def _play(job: tuple[str, int, tuple[str, ...], int, dict[str, object], int]) -> Result:
    name, players, bots, seed, options, iterations = job
    return play_game(name, players, seats(bots, players, seed), seed, 0.0, options, MAX_MOVES, iterations)


def percentile(values: list[int], share: float) -> int:
    """The value below which ``share`` of the sorted ``values`` lie (nearest rank).

    >>> percentile(list(range(1, 101)), 0.99), percentile(list(range(1, 501)), 0.99), percentile([5], 0.5)
    (99, 495, 5)
    """
    rank = math.ceil(len(values) * share - 1e-9)
    return values[max(rank, 1) - 1]


def row(name: str, players: int, bots: tuple[str, ...], results: list[Result]) -> str:
    """One line of the Markdown table."""
    plies = sorted(r.plies for r in results)
    n = len(plies)
    within = sum(p <= TARGET for p in plies) / n
    quiet = sum(r.quiet for r in results) / n
    flagged = " (record limit reached!)" if any(r.adjudicated for r in results) else ""
    return (f"| {get_game(name).title} | {players} | {', '.join(bots)} | {n} | {percentile(plies, 0.5)} | "
            f"{percentile(plies, 0.99)} | {plies[-1]} | {within:.1%} | {quiet:.1%}{flagged} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=500, help="games per cell")
    parser.add_argument("--jobs", type=int, default=2, help="games played in parallel processes")
    parser.add_argument("--iterations", type=int, default=50, help="search iterations per hard decision")
    parser.add_argument("--only", help="measure only this game")
    parser.add_argument("--without", metavar="LEVEL", help="leave out the cells with this level")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option for every game, e.g. quiet_end=0 (repeatable)")
    args = parser.parse_args()
    options = parse_options(args.option)
    print(f"{args.seeds} seeds per cell, hard {args.iterations} iterations per decision, "
          f"options {options or 'default'} (Python {sys.version.split()[0]})")
    print("| game | players | levels | seeds | median | 99th pct. | longest | within 1,500 | quiet end |")
    print("|---|---|---|---|---|---|---|---|---|")
    with multiprocessing.Pool(args.jobs) as pool:
        for name, players, bots in CELLS:
            if (args.only and name != args.only) or args.without in bots:
                continue
            start = time.perf_counter()
            jobs = [(name, players, bots, seed, options, args.iterations) for seed in range(args.seeds)]
            played: Iterator[Result] = pool.imap_unordered(_play, jobs, chunksize=4)
            print(row(name, players, bots, list(played)), flush=True)
            print(f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
