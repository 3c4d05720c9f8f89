"""``python -m pygame_rules arena GAME``: bots of several levels play each other.

Seats rotate from game to game (each deal is played once per rotation), shared wins
count as fractions, and win rates come with 95 % Wilson confidence intervals::

    python -m pygame_rules arena tuerme --bots hard,medium --games 40 --seed 1 --budget 0.2

With ``--iterations N`` the hard level searches exactly N iterations per decision
instead of a time budget: the run is then reproducible, and its strength does not
depend on how busy the machine is.

>>> wilson(8, 10)
(0.49, 0.943)
>>> seats(("hard", "medium", "easy"), 4, 1)
('medium', 'easy', 'hard', 'medium')
"""

from __future__ import annotations

import argparse
import contextlib
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import quiet
from ..registry import GAMES, get_game
from ..session import MAX_MOVES
from . import LEVELS, decide

HELP = "let bots of several levels play each other: win rates (95% CI) and average scores"  # i18n: internal
#: Two-sided 95 % normal quantile.
Z95 = 1.96


@dataclass(frozen=True)
class Result:
    """One finished game: the level of each seat, scores, winners, plies and search effort."""

    levels: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    plies: int
    iterations: int
    searches: int
    #: True if the game was stopped at the ply limit and judged by the scores at that point.
    adjudicated: bool = False
    #: True if the quiet end (:mod:`pygame_rules.quiet`) ended the game.
    quiet: bool = False


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` may be fractional), rounded."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)


def seats(bots: tuple[str, ...], players: int, game_index: int) -> tuple[str, ...]:
    """The level of every seat in game ``game_index``: the bot list rotated by the index."""
    return tuple(bots[(s + game_index) % len(bots)] for s in range(players))


def play_game(name: str, players: int, levels: tuple[str, ...], seed: int, budget_s: float,
              options: dict[str, Any], max_plies: int = MAX_MOVES,
              fixed_iterations: int | None = None) -> Result:
    """One game between bots of ``levels`` (by seat); bots get distinct seeds per decision,
    and the hard level thinks ``budget_s`` seconds or ``fixed_iterations`` iterations.
    A game still going after ``max_plies`` (by default the app's record limit, which the
    quiet end keeps every game below) is judged by the scores at that point."""
    game = get_game(name)
    state = game.new_game(players, seed=seed, options=options)
    plies = iterations = searches = 0
    while not game.is_over(state):
        if plies >= max_plies:
            scores = game.scores(state)
            best = tuple(p for p, s in enumerate(scores) if s == max(scores))
            return Result(levels, scores, best, plies, iterations, searches, True)
        player = game.to_move(state)[0]
        decision = decide(game, state, player, levels[player], budget_s=budget_s,
                          seed=seed * 100_003 + plies, iterations=fixed_iterations)
        if levels[player] == "hard":
            iterations += decision.iterations
            searches += decision.iterations > 0
        state = game.apply(state, player, decision.action)
        plies += 1
    return Result(levels, game.scores(state), game.winners(state), plies, iterations, searches,
                  quiet=quiet.reached(state.quiet, state.quiet_end))


def _play(job: tuple[str, int, tuple[str, ...], int, float, dict[str, Any], int, int | None]
          ) -> Result:
    return play_game(*job)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--bots", default="hard,medium,easy",
                        help=f"comma-separated levels seated in turn ({', '.join(LEVELS)})")  # i18n: internal
    parser.add_argument("--games", type=int, default=12, help="games to play")  # i18n: internal
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")  # i18n: internal
    parser.add_argument("--players", type=int,
                        help="seats (default: one per bot, within the game's range)")  # i18n: internal
    parser.add_argument("--budget", type=float, default=0.2, help="seconds per hard decision")
    parser.add_argument("--iterations", type=int, metavar="N",
                        help="search exactly N iterations per hard decision instead of --budget")  # i18n: internal
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. pro=true (repeatable)")
    parser.add_argument("--max-plies", type=int, default=MAX_MOVES,
                        help="judge a game by its current scores after this many plies "
                             "(default: the app's record limit)")  # i18n: internal
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--verbose", action="store_true", help="print every game")


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """Options given as ``NAME=VALUE`` texts: ``true``/``false``, whole numbers, else text.

    >>> parse_options(["pro=true", "quiet_end=0", "name=x"])
    {'pro': True, 'quiet_end': 0, 'name': 'x'}
    """
    out: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        low = text.lower()
        out[name] = low == "true" if low in ("true", "false") else int(text) if text.isdigit() else text
    return out


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    bots = tuple(b.strip() for b in args.bots.split(","))
    unknown = [b for b in bots if b not in LEVELS]
    if unknown:
        raise SystemExit(f"unknown level(s) {', '.join(unknown)}; levels: {', '.join(LEVELS)}")
    players = args.players or min(max(len(bots), game.min_players), game.max_players)
    options = game.resolve_options(parse_options(args.option))
    jobs = [(game.name, players, seats(bots, players, i), args.seed * 10_000 + i // len(bots),
             args.budget, options, args.max_plies, args.iterations) for i in range(args.games)]
    start = time.perf_counter()
    results: list[Result] = []
    with contextlib.ExitStack() as stack:
        if args.jobs > 1:
            import multiprocessing
            played: Iterator[Result] = stack.enter_context(multiprocessing.Pool(args.jobs)).imap(_play, jobs)
        else:
            played = map(_play, jobs)
        for i, r in enumerate(played):  # games are printed as they finish, in order
            results.append(r)
            if args.verbose:
                judged = ", judged by the score" if r.adjudicated else ""  # i18n: internal
                print(f"game {i + 1}: {' '.join(r.levels)} scores {r.scores} winners {r.winners} "
                      f"({r.plies} plies{judged})", flush=True)
    print(report(game.title, players, results, args.budget, time.perf_counter() - start,
                 args.iterations))
    return 0


def report(title: str, players: int, results: list[Result], budget_s: float,
           seconds: float, fixed_iterations: int | None = None) -> str:
    """The table of win rates, confidence intervals and average scores per level."""
    levels = sorted({lv for r in results for lv in r.levels}, key=LEVELS.index, reverse=True)
    effort = ""
    if "hard" in levels:
        effort = (f"hard {fixed_iterations} iterations, " if fixed_iterations
                  else f"hard budget {budget_s} s, ")  # i18n: internal
    lines = [f"{title}, {players} players, {len(results)} games, {effort}"
             f"{seconds:.0f} s", f"{'level':8}{'seats':>6}{'wins':>8}{'win rate':>10}"
             f"{'95% CI':>17}{'fair':>7}{'avg score':>11}"]
    for level in levels:
        seated = [(r, s) for r in results for s, lv in enumerate(r.levels) if lv == level]
        wins = sum(1 / len(r.winners) for r, s in seated if s in r.winners)
        low, high = wilson(wins, len(seated))
        score = sum(r.scores[s] for r, s in seated) / len(seated)
        lines.append(f"{level:8}{len(seated):>6}{wins:>8.1f}{wins / len(seated):>10.1%}"
                     f"{f'[{low:.1%}, {high:.1%}]':>17}{1 / players:>7.1%}{score:>11.1f}")
    judged = sum(r.adjudicated for r in results)
    if judged:
        lines.append(f"{judged} game(s) reached the ply limit and were judged by the score")  # i18n: internal
    stalled = sum(r.quiet for r in results)
    if stalled:
        lines.append(f"{stalled} game(s) ended by the quiet end")  # i18n: internal
    searches = sum(r.searches for r in results)
    if searches and not fixed_iterations:
        per = sum(r.iterations for r in results) / searches
        lines.append(f"hard: {per:.0f} iterations per decision ({per / budget_s:.0f}/s)")  # i18n: internal
    return "\n".join(lines)
