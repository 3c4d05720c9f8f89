"""Boards readable on a desktop (issue 44, finding 3): at the size the game page shows a board
on a 1280 × 900 screen, no text of any board is under 12 CSS px.

The page (web/static/app/style.css) gives the board the width of its panel and at most 78 % of
the window's height, and keeps the drawing's shape: a board is drawn at the scale of whichever
limit it meets first. The drawing is the one the page asks for at that width (the interaction's
``board_options``). Positions: the start and moments along a seeded random game, as each
player and a spectator see them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from pygame_rules import get_game
from pygame_rules.registry import interaction_for
from pygame_rules.rng import Rng

NS = "{http://www.w3.org/2000/svg}"
#: The board panel at 1280 × 900: the host's width as the page passes it to ``board_options``
#: (``clientWidth``, padding included), the drawing's box inside the padding, and 78vh.
HOST_WIDTH, BOX_WIDTH, BOX_HEIGHT = 926, 910, 0.78 * 900
MIN_PX = 12
PLAYERS = {"babel": (3, 4, 5), "saba": (2, 3, 4), "tuerme": (2, 3, 4)}
OPTIONS: dict[str, dict[str, Any]] = {"babel": {"two_colour_tiles": True}, "saba": {"pro": True}, "tuerme": {}}


def moments(name: str, players: int, seed: int = 7, every: int = 9, count: int = 8) -> Iterator[Any]:
    """The start, then every ``every``-th position of a seeded random game (``count`` in all)."""
    game = get_game(name)
    state = game.new_game(players, seed=seed, options=OPTIONS[name])
    rng = Rng.from_seed(seed)
    for ply in range(every * count):
        if ply % every == 0:
            yield state
        if game.is_over(state):
            return
        player = rng.choice(game.to_move(state))
        state = game.apply(state, player, rng.choice(game.legal_actions(state, player)))


def font_sizes(root: ET.Element) -> list[float]:
    """The size of every text that shows something, in user units."""
    return [float(t.get("font-size") or "nan") for t in root.iter(f"{NS}text") if "".join(t.itertext()).strip()]


def shown_scale(root: ET.Element) -> float:
    """CSS px per user unit where the page shows the drawing: the panel's width or 78vh, whichever it meets first."""
    _x, _y, width, height = (float(v) for v in root.get("viewBox", "").split())
    return min(BOX_WIDTH / width, BOX_HEIGHT / height)


@pytest.mark.parametrize(("name", "players"), [(g, n) for g, counts in PLAYERS.items() for n in counts])
def test_no_text_under_12_px_on_a_desktop(name: str, players: int) -> None:
    game = get_game(name)
    options = interaction_for(game).board_options(HOST_WIDTH)
    assert not options.get("portrait")
    smallest: tuple[float, str] = (float("inf"), "")
    for k, state in enumerate(moments(name, players)):
        for viewer in (*range(players), None):
            root = ET.fromstring(game.render_svg(state, viewer, **options))
            sizes = font_sizes(root)
            assert all(size == size for size in sizes), "every text has a font-size attribute"
            px = min(sizes) * shown_scale(root)
            smallest = min(smallest, (px, f"moment {k}, viewer {viewer}"))
    assert smallest[0] >= MIN_PX, (name, players, smallest)
