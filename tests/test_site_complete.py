"""Whole games in Chromium, played by clicking like a person, until the final score screen.

A seeded "player" picks among what the screen offers (focusable board elements and
the game's buttons), confirms every hotseat pass screen, and checks that no private
information is on screen while the device is being passed. At the end the autosave
is replayed in CPython and must give the scores on the screen.
"""

from __future__ import annotations

import pytest

from pygame_rules import get_game
from pygame_rules.rng import Rng
from pygame_rules.session import Session
from site_helpers import start_game, wait_ready

pytestmark = pytest.mark.browser

SCREEN = """() => ({
    pass: !!document.getElementById('pass-screen'),
    over: !!document.getElementById('winner'),
    board: document.querySelectorAll('#board [tabindex]').length,
    buttons: document.querySelectorAll('#game-buttons button').length,
    boardOnPassScreen: !!document.querySelector('#pass-screen svg, #pass-screen #board'),
})"""


def play_to_the_end(page, seed: int, max_steps: int = 6000) -> int:
    rng = Rng.from_seed(seed)
    for step in range(max_steps):
        screen = page.evaluate(SCREEN)
        if screen["over"]:
            return step
        if screen["pass"]:
            assert not screen["boardOnPassScreen"], "private view visible while passing the device"
            page.click("#reveal")
            continue
        if screen["board"] and (not screen["buttons"] or rng.randbelow(10) < 6):
            page.locator('#board [tabindex]').nth(rng.randbelow(screen["board"])).click(force=True)
        else:
            assert screen["buttons"], "nothing to do on the game screen"
            page.locator("#game-buttons button").nth(rng.randbelow(screen["buttons"])).click()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_name, players, options", [
    ("babel", 3, {}),
    ("babel", 5, {"two_colour_tiles": True}),
    ("saba", 2, {}),
    ("saba", 4, {"pro": True}),
])
def test_complete_game_by_clicking(app, game_name, players, options):
    game = get_game(game_name)
    start_game(app, game_name, players, seed=7, options=options)
    steps = play_to_the_end(app, seed=players)
    assert steps > 10
    shown = [int(t) for t in app.locator("#final-scores tbody tr").last.locator("th").all_text_contents()[1:]]
    save_id = app.evaluate("localStorage.getItem('pygame_rules.current')")
    session = Session.from_text(app.evaluate(f"localStorage.getItem('pygame_rules.save.{save_id}')"))
    assert game.is_over(session.state) and list(game.scores(session.state)) == shown
    assert session.options == game.resolve_options(options)
    # The finished game is listed, and reopens on its final screen after a reload.
    app.reload()
    wait_ready(app)
    assert app.locator("#final-scores").is_visible()
