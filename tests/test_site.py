"""The built static site in Debian's Chromium: the start screen before Python, the engines' service.

What the screens show and do is tested in CPython (``tests/test_screens*.py``); here, what only
the page can do."""

from __future__ import annotations

import pytest

import pygame_rules

pytestmark = pytest.mark.browser

#: Clicks "New game" of Türme on the page as it is, saying whether the app was ready then and
#: whether the page then said that the game engine is starting.
EARLY_CLICK = """() => {
    const ready = Boolean(document.body.dataset.ready);
    document.querySelector(".game-card[data-game='tuerme'] button").click();
    return { ready, starting: !document.getElementById("starting").hidden };
}"""


def test_the_start_screen_is_on_the_page_before_python_and_a_click_on_it_is_kept(page, guard, site_url):
    """The build drew the start screen (every game, with its buttons) into the page, so it shows
    before the worker's Python runs; a click on it then is kept, the page says that the game
    engine is starting, and the click is made again on the live screen."""
    page.goto(site_url, wait_until="domcontentloaded")
    titles = page.locator(".game-card h2").all_text_contents()
    assert sorted(titles) == sorted(g.title for g in pygame_rules.GAMES.values())
    names = page.locator(".game-card").evaluate_all("els => els.map(e => e.dataset.game)")
    assert sorted(names) == sorted(pygame_rules.GAMES)
    early = page.evaluate(EARLY_CLICK)
    assert early == {"ready": False, "starting": True}  # Python takes a second at least
    page.wait_for_selector("#setup h1")
    assert page.locator("#setup h1").text_content() == f"New game: {pygame_rules.get_game('tuerme').title}"
    assert page.evaluate("() => document.body.dataset.ready") == "1"
    assert page.locator("#starting").count() == 0


def test_service_reports_errors_instead_of_hanging(app):
    """Every call is answered (by the worker's Python); an error is a short message, never a
    traceback, and the service goes on answering."""
    messages = app.evaluate("""async () => {
        const ask = (method, payload) => window.pygameRules.call(method, payload).then(() => 'ok', e => e.message);
        return [await ask('no_such_method', '{}'), await ask('bot_move', '['.repeat(90000) + ']'.repeat(90000)),
                await ask('ping', {not: 'text'}), await ask('ping', '{}')];
    }""")
    assert messages == ["unknown method 'no_such_method'; known: bot_move, hint, ping, random_play",
                        "the request is nested more than 16 levels deep",
                        "a request needs a method name and a JSON text payload", "ok"]
    result = app.evaluate("""async () => JSON.parse(await window.pygameRules.call("random_play",
        JSON.stringify({game: "tuerme", budget_ms: 300})))""")
    assert result["plies"] > 0
