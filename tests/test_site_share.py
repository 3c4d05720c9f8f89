"""Games as links in Chromium: a few moves, Share, the link opened in a new tab shows the replay
(axe finds nothing on the dialog or the replay); a bad link pasted into the address bar of the
open page gives the message. What the link holds and how the app reads it is tested in CPython
(``tests/test_share.py``, ``tests/test_screens_share.py``)."""

from __future__ import annotations

import pytest
from layout_helpers import axe, describe
from test_site_saves import play

from site_helpers import settled, start_game, wait_ready

pytestmark = pytest.mark.browser

COPIED = ("Link copied.", "The browser did not let the page copy")


def test_a_shared_link_opens_the_replay_in_a_new_page(app, context, site_url):
    start_game(app, "tuerme", 2, 11)
    play(app, 3)
    app.click("#share")
    field = app.locator("#dialog-share[open] #share-link")
    link = field.input_value()
    assert link.startswith(site_url) and "#game=" in link
    assert axe(app) == [], describe(axe(app))
    app.click("#share-copy")
    app.locator("#toast:not(.hidden)").wait_for()
    assert app.locator("#toast").text_content().startswith(COPIED)
    if app.locator("#toast").text_content() != COPIED[0]:  # (no clipboard here: the link is left selected)
        assert app.evaluate("() => document.activeElement.id") == "share-link"

    replay = context.new_page()
    try:
        replay.goto(link)
        wait_ready(replay)
        replay.locator("#shared").wait_for()
        assert replay.locator("#shared-where").text_content() == "After move 3 of 3."
        assert replay.locator("#log li").count() == 4 and replay.locator("#board svg").count() == 1
        replay.click("#replay-first")
        settled(replay)
        assert replay.locator("#shared-where").text_content() == "The starting position."
        assert axe(replay) == [], describe(axe(replay))
        replay.click("#keep-copy")
        replay.locator("#game").wait_for()
        assert "#" not in replay.url and len(replay.locator("#log li:not(.log-start)").all()) >= 3
    finally:
        replay.close()


def test_a_bad_link_gives_the_message(app, site_url):
    """Pasted into the open page's address bar (only the fragment changes), then loaded anew."""
    app.goto(site_url + "#game=AAAA")
    message = app.locator("#home-message")
    message.wait_for()
    assert message.text_content().startswith("This link holds no game")
    app.reload()
    wait_ready(app)
    assert app.locator("#home-message").text_content().startswith("This link holds no game")
