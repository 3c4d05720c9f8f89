""""Why not?" in Chromium: a click that can't be done says why in a bubble beside the element,
until the next click or key. (Which reason, and the hints: CPython, ``tests/test_screens_play.py``.)"""

from __future__ import annotations

import pytest

from site_helpers import click_board, start_game

pytestmark = pytest.mark.browser


def test_an_illegal_click_says_why_until_the_next_action(app):
    start_game(app, "tuerme", 2, 11)
    field = app.locator("#board g.square[data-square='b2']")
    click_board(app, field)  # an empty field
    bubble = app.locator("#why-not")
    bubble.wait_for()
    assert bubble.get_attribute("role") == "status"
    assert bubble.text_content() == "Not possible: there is no piece on b2 to move: pick one of your stones or towers"
    below, box = field.bounding_box(), bubble.bounding_box()
    assert box["y"] >= below["y"] + below["height"] and box["x"] >= 0  # under the field, on the screen
    app.locator("#status").click()
    assert app.locator("#why-not").count() == 0
    click_board(app, field)
    bubble.wait_for()
    app.keyboard.press("Shift")
    assert app.locator("#why-not").count() == 0
