"""The app on a phone (390×844 CSS px, touch), in Chromium: no screen scrolls sideways, the
page's own controls are tap targets of at least 40×40 px, and the boards' text (≥ 11 px)
and tap targets (≥ 40 px) are measured and printed.

The boards are drawn by the games' renderers (``pygame_rules/<game>/render.py``), upright
where the page asks for it (``board_options``).
"""

from __future__ import annotations

from typing import Any

import pytest
from layout_helpers import BOARD_SIZES, GAMES, SIDEWAYS, SMALL_CONTROLS, finished_save, import_save, make_a_move

from pygame_rules import get_game
from site_helpers import people, wait_ready

pytestmark = pytest.mark.browser

def measure(page: Any, screen: str, problems: list[str]) -> None:
    """Sideways scrolling and small page controls on ``screen``, added to ``problems``."""
    sideways = page.evaluate(SIDEWAYS)
    if sideways["scroll"] > sideways["width"]:
        problems.append(f"{screen} scrolls sideways: {sideways}")
    small = page.evaluate(SMALL_CONTROLS)
    if small:
        problems.append(f"{screen}: controls under 40×40 px: {small}")


@pytest.mark.parametrize("game_name", GAMES)
def test_every_screen_fits_a_phone(phone_page, site_url, game_name, tmp_path):
    page = phone_page
    page.goto(site_url)
    wait_ready(page)
    problems: list[str] = []
    measure(page, "start", problems)
    page.locator(f".game-card[data-game='{game_name}'] button").tap()
    page.wait_for_selector("#setup")
    assert page.locator("#setup h1").is_visible()
    measure(page, "setup", problems)
    page.select_option("#player-count", str(get_game(game_name).min_players))
    page.wait_for_selector(f"#setup .seat:nth-of-type({get_game(game_name).min_players})")
    people(page, get_game(game_name).min_players)
    page.fill("#seed", "5")
    page.locator("#start-game").tap()
    page.wait_for_selector("#game, #pass-screen")
    if page.locator("#pass-screen").count():
        measure(page, "pass screen", problems)
    make_a_move(page)
    measure(page, "game", problems)
    assert page.evaluate("getComputedStyle(document.getElementById('board')).touchAction") == "manipulation"
    board = page.evaluate(BOARD_SIZES)
    page.locator("#settings-button").tap()
    page.wait_for_selector("#dialog-settings[open]")
    measure(page, "settings", problems)
    page.locator("#settings-close").tap()
    page.wait_for_selector("#dialog-settings", state="detached")
    import_save(page, finished_save(game_name), tmp_path)
    page.wait_for_selector("#winner")
    measure(page, "end", problems)
    end_board = page.evaluate(BOARD_SIZES)
    print(f"{game_name} at 390 px: game board {board}; end board {end_board}")
    assert problems == []
    small = [f"{what}: smallest text {b['minText']:.1f} px ({b['smallTexts']} of {b['texts']} under 11), "
             f"smallest tap target {b['minTarget']} px ({b['smallTargets']} of {b['targets']} under 40)"
             for what, b in (("game", board), ("end", end_board))
             if (b["minText"] or 99) < 11 or (b["minTarget"] or 99) < 40]
    assert small == []

