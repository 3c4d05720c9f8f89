"""The score of Saba: figures on balconies, in the treasury and (pro) on the serail, ties
broken by the serail rule.

>>> from pygame_rules.saba import GAME
>>> state = GAME.new_game(2, seed=1, options={"pro": True})
>>> [[(line.label, line.points) for line in lines] for lines in breakdown(state)][0]
[('balconies', 0), ('treasury', 0), ('serail figure', 0)]
>>> leaders(state)                 # nobody has a figure or a marker yet: all tie
(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from ..protocol import ScoreLine
from .state import SabaState, serail_decide


def breakdown(state: SabaState) -> tuple[tuple[ScoreLine, ...], ...]:
    """Per player: his balcony figures, treasury figures and (pro) the serail figure
    (the categories named in the active language)."""
    out = []
    for p in range(state.num_players):
        lines = [ScoreLine(_("balconies"), state.balcony.count(p)),
                 ScoreLine(_("treasury"), state.treasury.count(p))]
        if state.pro:
            lines.append(ScoreLine(_("serail figure"), int(state.serail_figure == p)))
        out.append(tuple(lines))
    return tuple(out)


def figure_counts(num_players: int, balcony: Sequence[int | None], treasury: Sequence[int],
                  serail_figure: int | None) -> tuple[int, ...]:
    """Figures per player that count in scorings: balconies, treasury, serail figure."""
    return tuple(balcony.count(p) + treasury.count(p) + (serail_figure == p)
                 for p in range(num_players))


def scoring_figures(state: SabaState) -> tuple[int, ...]:
    """Per player, the figures of ``state`` that count in scorings (see :func:`figure_counts`)."""
    return figure_counts(state.num_players, state.balcony, state.treasury, state.serail_figure)


def top_by_serail(counts: Sequence[int], serail: Sequence[int]) -> tuple[int, ...]:
    """Players with the most figures, narrowed by the serail rule."""
    best = max(counts)
    return serail_decide((p for p, c in enumerate(counts) if c == best), serail)


def leaders(state: SabaState) -> tuple[int, ...]:
    """Who leads (the winners once the game is over): most scoring figures, the serail rule
    breaking ties; players it cannot separate share the lead."""
    return top_by_serail(scoring_figures(state), state.serail)
