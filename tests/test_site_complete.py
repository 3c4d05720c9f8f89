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

#: Once the page shows what the app made of the last click: what the screen offers, as the
#: centres of the board's controls and of the game's buttons (a real mouse click goes there).
SCREEN = """async () => {
    await window.pygameRules.call('ping', '{}');
    const centres = (selector) => [...document.querySelectorAll(selector)].map((e) => {
        const box = e.getBoundingClientRect();
        return [box.left + box.width / 2, box.top + box.height / 2];
    });
    return {
        pass: centres('#reveal')[0] || null,
        over: !!document.getElementById('winner'),
        board: centres('#board [tabindex]'),
        buttons: centres('#game-buttons button'),
        boardOnPassScreen: !!document.querySelector('#pass-screen svg, #pass-screen #board'),
    };
}"""


def play_to_the_end(page, seed: int, max_steps: int = 6000) -> int:
    """Click (the mouse, where the page shows it) what the screen offers until the game is over;
    the clicks it took."""
    rng = Rng.from_seed(seed)
    for step in range(max_steps):
        screen = page.evaluate(SCREEN)
        if screen["over"]:
            return step
        if screen["pass"]:
            assert not screen["boardOnPassScreen"], "private view visible while passing the device"
            page.mouse.click(*screen["pass"])
        elif screen["board"] and (not screen["buttons"] or rng.randbelow(10) < 6):
            page.mouse.click(*screen["board"][rng.randbelow(len(screen["board"]))])
        else:
            assert screen["buttons"], "nothing to do on the game screen"
            page.mouse.click(*screen["buttons"][rng.randbelow(len(screen["buttons"]))])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_name, players, options", [
    ("babel", 3, {"two_colour_tiles": True}),
    ("saba", 2, {"pro": True}),
])
def test_complete_game_by_clicking(app, game_name, players, options):
    game = get_game(game_name)
    app.set_viewport_size({"width": 1280, "height": 1500})  # the whole screen in view: no scrolling
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
