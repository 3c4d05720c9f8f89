"""The end screen in Chromium at a desktop's width (1280 px): Babel's final table fits the side
panel (the page never scrolls sideways), the result is said once, the chart of the scores is shown
(issue 44, finding 8). The markup and the rest are tested in CPython (``test_screens_setup.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from layout_helpers import SIDEWAYS, import_save

from pygame_rules import get_game
from pygame_rules.rng import Rng
from pygame_rules.session import Seat, Session

pytestmark = pytest.mark.browser

FITS = """() => {
    const table = document.getElementById('final-scores'), panel = table.closest('.panel');
    const chart = document.querySelector('.final #score-chart svg');
    const text = document.body.innerText;
    const result = document.getElementById('winner').innerText.trim();
    return { table: table.getBoundingClientRect().right, panel: panel.getBoundingClientRect().right,
             chart: chart ? chart.getBoundingClientRect().width : 0,
             results: text.split(result).length - 1 };
}"""


@pytest.mark.parametrize("players", [3, 5])
def test_babels_end_fits_a_desktop_screen(app: Any, tmp_path: Path, players: int) -> None:
    game = get_game("babel")
    seats = [Seat(f"Player {n + 1}", colour) for n, (colour, _css) in enumerate(game.colours[:players])]
    session = Session.new("babel", seats, seed=3)
    rng = Rng.from_seed(3)
    while not game.is_over(session.state):
        player = rng.choice(game.to_move(session.state))
        session.play(player, rng.choice(game.legal_actions(session.state, player)))
    app.set_viewport_size({"width": 1280, "height": 900})
    import_save(app, session.to_text(), tmp_path)
    app.wait_for_selector("#winner")
    sideways = app.evaluate(SIDEWAYS)
    assert sideways["scroll"] <= sideways["width"], sideways
    fits = app.evaluate(FITS)
    assert fits["table"] <= fits["panel"] + 0.5, fits
    assert fits["results"] == 1 and fits["chart"] > 200, fits
