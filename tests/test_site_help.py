""""Why not?" and hints in Chromium: a click that can't be done says why, beside the
element; the Hint button asks the service and shows the move and its reason."""

from __future__ import annotations

import pytest

from site_helpers import start_game

pytestmark = pytest.mark.browser


def test_an_illegal_click_says_why_until_the_next_action(app):
    start_game(app, "tuerme", 2, 11)
    app.locator("#board g.square[data-square='b2']").click(force=True)  # an empty field
    bubble = app.locator("#why-not")
    bubble.wait_for()
    assert bubble.get_attribute("role") == "status"
    assert bubble.text_content() == "Not possible: b2-b3: there is no piece on b2"
    app.locator("#status").click()
    assert app.locator("#why-not").count() == 0


def test_hint_shows_a_move_and_its_reason(app):
    start_game(app, "tuerme", 2, 11)
    app.click("#hint")
    app.wait_for_function("document.getElementById('hint-text')?.textContent.startsWith('Hint: ')",
                          timeout=120_000)
    assert "(" in app.locator("#hint-text").text_content()
    assert app.locator("#board .last-move").count() >= 1  # the suggested move is drawn on the board
