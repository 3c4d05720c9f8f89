"""Scoring: wonder majorities with the rulebook's tie rules, set bonuses, action cards.

>>> wonder_points((6, 2, 1, 0), (8, 4))   # first example of the rulebook
(8, 4, 3, 0)
>>> wonder_points((5, 5, 2, 1), (8, 4))   # second example: a tie for the most
(4, 4, 3, 3)
"""

from __future__ import annotations

from itertools import product

from ..i18n import _
from ..protocol import ScoreLine
from .data import FINAL_ROW, FIVE_POINTS, OTHER_PLACE_POINTS, SET_BONUS, ActionCard, Tile, tile_kinds
from .state import BabelState, Phase, Player


def wonder_points(elements: tuple[int, ...], row: tuple[int, int]) -> tuple[int, ...]:
    """Points per player for one wonder scored on ``row`` (first, second place).

    Several players tied for the most each get the second value; a single leader gets
    the first value, and the second value goes to the runner-up only if he is alone
    there. Every other player with an element on the wonder gets 3; absent players 0.
    """
    first, second = row
    present = [v for v in elements if v > 0]
    if not present:
        return tuple(0 for _ in elements)
    top = max(present)
    leaders = present.count(top)
    rest = [v for v in present if v < top]
    runner_up = max(rest) if rest else None
    lone_second = runner_up is not None and rest.count(runner_up) == 1

    def points(v: int) -> int:
        if v == 0:
            return 0
        if v == top:
            return second if leaders > 1 else first
        if v == runner_up and lone_second and leaders == 1:
            return second
        return OTHER_PLACE_POINTS

    return tuple(points(v) for v in elements)


def set_bonus(tiles: tuple[Tile, ...]) -> int:
    """The best set bonus for these tiles, each two-colour tile counted for one of its kinds.

    >>> set_bonus(((5, 0, 0, 0),) * 3 + ((3, 2, 0, 0), (0, 0, 4, 0), (0, 0, 3, 0), (0, 6, 0, 0)))
    25
    """
    fixed = [0, 0, 0, 0]
    choices: list[tuple[int, ...]] = []
    for tile in tiles:
        kinds = tile_kinds(tile)
        if len(kinds) == 1:
            fixed[kinds[0]] += 1
        else:
            choices.append(kinds)
    best = 0
    for assignment in product(*choices):
        counts = list(fixed)
        for kind in assignment:
            counts[kind] += 1
        best = max(best, sum(SET_BONUS[min(n, len(SET_BONUS) - 1)] for n in counts))
    return best


def action_card_points(player: Player) -> int:
    """Points of the kept "five points" and "one point per tile" cards."""
    fives = player.actions.count(ActionCard.FIVE_POINTS)
    per_tile = player.actions.count(ActionCard.TILE_POINTS)
    return fives * FIVE_POINTS + per_tile * len(player.tiles)


def unfinished_wonder_points(state: BabelState) -> tuple[int, ...]:
    """Per player, the points of every unfinished wonder scored on the final (light) row."""
    totals = [0] * state.num_players
    for wonder in state.wonders:
        if not wonder.complete:
            for p, pts in enumerate(wonder_points(wonder.elements, FINAL_ROW)):
                totals[p] += pts
    return tuple(totals)


def breakdown(state: BabelState) -> tuple[tuple[ScoreLine, ...], ...]:
    """Score lines per player: the final-scoring categories count once the game is over."""
    over = state.phase is Phase.OVER
    final = unfinished_wonder_points(state) if over else (0,) * state.num_players
    return tuple(
        (ScoreLine(_("Wonders"), player.wonder_vp + final[p]),
         ScoreLine(_("Rejected offers"), player.offer_vp),
         ScoreLine(_("Set bonuses"), set_bonus(player.tiles) if over else 0),
         ScoreLine(_("Action cards"), action_card_points(player) if over else 0))
        for p, player in enumerate(state.players))


def totals(state: BabelState) -> tuple[int, ...]:
    """Each player's score: the sum of his :func:`breakdown` lines."""
    return tuple(sum(line.points for line in lines) for lines in breakdown(state))
