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

from .. import quiet
from ..i18n import _
from ..protocol import ScoreLine
from .data import END_CARD
from .state import SabaState, parts_left, serail_decide


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


def end_reason(state: SabaState, names: Sequence[str]) -> str:
    """Why the game is over, and how the serail rule judged a tie for the most figures, in
    whole sentences of the active language (``names``: one per player).

    >>> from pygame_rules.saba import GAME
    >>> from dataclasses import replace
    >>> over = replace(GAME.new_game(2, seed=1), gone=(END_CARD,), serail=(1, 0, 1))
    >>> end_reason(over, ["Ann", "Bob"])
    'The game ended when Ann built the end card. The serail rule broke the tie: Bob has the most markers in the serail.'
    """
    if END_CARD in state.gone:
        ended = _("The game ended when {player} built the end card.").format(player=names[state.current])
    elif not parts_left(state.display, state.palace_deck):
        ended = _("The game ended because every palace building card was built or removed.")
    else:
        ended = quiet.ended(state.quiet_end)
    counts = scoring_figures(state)
    tied = [p for p, n in enumerate(counts) if n == max(counts)]
    if len(tied) == 1:
        return ended
    best = serail_decide(tied, state.serail)
    if len(best) > 1:
        tie = _("None of them has a marker in the serail, so the serail rule cannot break the tie.")
    elif sum(state.serail.count(p) == state.serail.count(best[0]) for p in tied) == 1:
        tie = _("The serail rule broke the tie: {player} has the most markers in the serail.").format(
            player=names[best[0]])
    else:
        tie = _("The serail rule broke the tie: {player}'s marker lies nearest to field 1.").format(
            player=names[best[0]])
    return f"{ended} {tie}"
