"""How the scores grew: a small line chart of each player's score after every move.

Drawn from numbers in Python as an element tree (:mod:`.markup`), so every text in it is escaped by
construction; its look comes from CSS classes (``play.css``), its colours from the seats' fills,
which pass the same check as :func:`~webui.markup.swatch`'s. A reader who can't see it gets its
title and description (``role="img"``) and a table of the same scores below it.

Long games are sampled: at most :data:`POINTS` positions are drawn and :data:`ROWS` listed, always
the first and the last.

>>> from pygame_rules import get_game
>>> game = get_game("tuerme")
>>> states = [game.new_game(2, seed=3)]
>>> figure = score_chart(game, states, ["Ann", "Bob"], ["#cc0000", "#0000cc"])
>>> from webui.markup import markup
>>> text = markup([figure])
>>> 'role="img"' in text and "<title" in text and "<table" in text
True
>>> sample(10, 4)
[0, 3, 7, 10]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pygame_rules.i18n import _
from pygame_rules.protocol import Game

from .markup import Element, h, swatch

#: The most positions a chart draws, and the most rows its table lists.
POINTS = 160
ROWS = 11
#: The drawing's size in its own units (it scales to the panel's width).
WIDTH, HEIGHT = 300, 150
#: Room for the axes' labels: left, right, top, bottom.
LEFT, RIGHT, TOP, BOTTOM = 30, 8, 8, 22
#: A colour that is nothing else (as :func:`~webui.markup.swatch` admits).
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}|[a-z]{3,24}")


def sample(last: int, most: int) -> list[int]:
    """At most ``most`` (at least 2) numbers of moves from 0 to ``last``, evenly spread, with
    both ends.

    >>> sample(3, 10)
    [0, 1, 2, 3]
    >>> sample(0, 10)
    [0]
    """
    if last + 1 <= most:
        return list(range(last + 1))
    return sorted({round(k * last / (most - 1)) for k in range(most)})


class Scores:
    """Each player's score after each move of a record, each position scored once: a replay draws
    the chart at every click, and a long game's 160 positions cost a few milliseconds to score.
    A position is known by its place in the record and by identity, so one taken back, or
    replaced by another line played from an earlier move, is scored anew.

    >>> from pygame_rules import get_game
    >>> game = get_game("tuerme")
    >>> states = [game.new_game(2, seed=3)]
    >>> scores = Scores(game)
    >>> scores.of(states, [0]) == scores.of(states, [0]) == [tuple(game.scores(states[0]))]
    True
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self._known: dict[int, tuple[object, tuple[int, ...]]] = {}

    def of(self, states: Sequence[Any], plies: Sequence[int]) -> list[tuple[int, ...]]:
        """The scores after each of ``plies`` moves (``states[k]``: after k moves)."""
        out = []
        for k in plies:
            known = self._known.get(k)
            if known is None or known[0] is not states[k]:
                known = self._known[k] = (states[k], tuple(self.game.scores(states[k])))
            out.append(known[1])
        return out


def _ticks(high: int) -> list[int]:
    """Round values for the score axis from 0 up to ``high`` (at most 5 of them).

    >>> _ticks(78), _ticks(3), _ticks(0)
    ([0, 20, 40, 60, 80], [0, 1, 2, 3], [0, 1])
    """
    high = max(high, 1)
    step = 1
    for base in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        step = base
        if high / base <= 4:
            break
    top = -(-high // step) * step
    return list(range(0, top + 1, step))


def _fill(colour: str) -> str:
    return colour if _COLOUR.fullmatch(colour) else "currentColor"


def score_chart(game: Game[Any, Any], states: Sequence[Any], names: Sequence[str], palette: Sequence[str], *,
                shown: int | None = None, chart_id: str = "score-chart", scores: Scores | None = None) -> Element:
    """The chart of the scores after each move of ``states`` (``states[k]``: after k moves),
    a line per player (``names``, drawn in ``palette``); ``shown``: the number of moves of
    the position on show in a replay, marked by an upright line; ``scores``: the record's
    positions scored so far (kept by the screen from one drawing to the next)."""
    last = len(states) - 1
    if shown is not None and not 0 <= shown <= last:
        shown = None
    # (the lines are the same whichever position is on show: a replay's click moves the marker only)
    scores = scores or Scores(game)
    plies = sample(last, POINTS)
    values = scores.of(states, plies)
    low = min(0, min(min(v) for v in values))
    ticks = _ticks(max(max(v) for v in values) - low)
    ticks = [low + t for t in ticks]
    top = ticks[-1]
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(ply: int) -> float:
        return LEFT + (inner_w * ply / last if last else inner_w / 2)

    def y(score: int) -> float:
        return TOP + inner_h * (1 - (score - low) / (top - low or 1))

    grid = [h("g",
              h("line", x1=f"{LEFT}", x2=f"{WIDTH - RIGHT}", y1=f"{y(t):.1f}", y2=f"{y(t):.1f}", class_="chart-grid"),
              h("text", str(t), x=f"{LEFT - 4}", y=f"{y(t) + 3:.1f}", class_="chart-tick", text_anchor="end"))
            for t in ticks]
    move_ticks = sorted({0, last} | ({last // 2} if last > 1 else set()))
    axis = [h("text", str(k), x=f"{x(k):.1f}", y=f"{HEIGHT - BOTTOM + 12}", class_="chart-tick",
              text_anchor="start" if k == 0 and last else "end" if k == last and last else "middle")
            for k in move_ticks]
    lines = []
    for p in range(len(names)):
        points = " ".join(f"{x(k):.1f},{y(v[p]):.1f}" for k, v in zip(plies, values))
        lines.append(h("polyline", points=points, class_=f"chart-line chart-line-{p}", stroke=_fill(palette[p]),
                       data_player=str(p)))
    marker = None
    if shown is not None:
        marker = h("line", x1=f"{x(shown):.1f}", x2=f"{x(shown):.1f}", y1=f"{TOP}", y2=f"{HEIGHT - BOTTOM}",
                   class_="chart-now")
    final = values[-1]
    title = _("Scores over the game")
    desc = _("Each player's score after every move, from the start to move {n}.").format(n=last) \
        + " " + _("At the end of the chart: {scores}.").format(
            scores=", ".join(f"{name} {final[p]}" for p, name in enumerate(names)))
    if shown is not None:
        desc += " " + _("The upright line marks the position on show, after move {n}.").format(n=shown)
    drawing = h("svg",
                h("title", title, id=f"{chart_id}-title"),
                h("desc", desc, id=f"{chart_id}-desc"),
                grid,
                h("line", x1=f"{LEFT}", x2=f"{LEFT}", y1=f"{TOP}", y2=f"{HEIGHT - BOTTOM}", class_="chart-axis"),
                h("line", x1=f"{LEFT}", x2=f"{WIDTH - RIGHT}", y1=f"{HEIGHT - BOTTOM}", y2=f"{HEIGHT - BOTTOM}",
                  class_="chart-axis"),
                axis, lines, marker,
                xmlns="http://www.w3.org/2000/svg", viewbox=f"0 0 {WIDTH} {HEIGHT}", class_="chart-drawing",
                role="img", aria_labelledby=f"{chart_id}-title {chart_id}-desc")
    legend = h("ul", [h("li", h("svg", h("line", x1="1", x2="23", y1="5", y2="5",
                                         class_=f"chart-line chart-line-{p}", stroke=_fill(palette[p])),
                                viewbox="0 0 24 10", class_="chart-key", aria_hidden="true", focusable="false"),
                        swatch(palette[p]), " ", name, " ", h("strong", str(final[p])))
                   for p, name in enumerate(names)],
               class_="chart-legend")
    return h("figure",
             h("figcaption", title),
             drawing, legend,
             _table(plies, values, scores.of(states, [shown]) if shown is not None else [], names, shown),
             class_="score-chart", id=chart_id)


def _table(plies: Sequence[int], values: Sequence[tuple[int, ...]], at_shown: Sequence[tuple[int, ...]],
           names: Sequence[str], shown: int | None) -> Any:
    """The chart's scores as a table (at most :data:`ROWS` rows, from the start to the last move,
    and the position on show, whose scores are ``at_shown``)."""
    picked = {plies[i] for i in sample(len(plies) - 1, ROWS)}
    by_ply = dict(zip(plies, values))
    if shown is not None:
        picked.add(shown)
        by_ply[shown] = at_shown[0]
    rows = []
    for k in sorted(picked):
        scores = by_ply[k]
        rows.append(h("tr", h("th", _("Start") if k == 0 else str(k), scope="row"),
                      [h("td", str(score)) for score in scores],
                      aria_current="true" if k == shown else None))
    return h("details",
             h("summary", _("The scores as a table")),
             h("table", h("thead", h("tr", h("th", _("After move"), scope="col"),
                                     [h("th", name, scope="col") for name in names])),
               h("tbody", rows), class_="scores chart-table"),
             class_="chart-data")
