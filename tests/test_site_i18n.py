"""The app in Dutch, German and French in Chromium: a first visit speaks the browser's language
before Python starts (the start screen the build drew in each language), the switch in the top
bar changes it for the app's worker and is remembered over a reload, German's long words fit a
desktop and a phone, and a rules page follows the browser too.

What every screen says in each language is tested in CPython (``tests/test_screens_i18n.py``).
Texts are compared with what the catalogs say (``i18n.using``), so a better translation never
breaks a test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_rules import i18n
from pygame_rules.i18n import _
from site_helpers import click_board, people, settled, start_game, wait_ready

pytestmark = pytest.mark.browser

LOCALES = {"nl": "nl-NL", "de": "de-AT", "fr": "fr-FR"}  # de-AT: only the base tag counts
STORAGE_KEY = "pygame_rules.lang"


def tr(lang: str, text: str) -> str:
    with i18n.using(lang):
        return _(text)


@pytest.mark.parametrize("lang", tuple(LOCALES))
def test_a_first_visit_speaks_the_browsers_language(own_context: Any, site_url: str, lang: str) -> None:
    page = own_context(locale=LOCALES[lang]).new_page()
    page.goto(site_url, wait_until="domcontentloaded")
    # before Python: app/i18n.js chose the language and put the build's start screen in it
    assert page.evaluate("() => [document.documentElement.lang, document.body.dataset.ready ?? null]") == [lang, None]
    assert page.locator("#home h1").inner_text() == tr(lang, "Choose a game")
    assert page.locator("#language").input_value() == lang
    assert tr(lang, "Rulebook examples") in page.locator("#topnav").inner_text()
    if lang != "de":
        return  # the app's Python, in one language: enough (a first visit boots Python afresh)
    wait_ready(page)
    assert page.locator("#home h1").inner_text() == tr(lang, "Choose a game")  # the live screen
    assert page.locator("#saved h2").inner_text() == tr(lang, "Saved games")
    assert page.locator(".game-card button").first.inner_text() == tr(lang, "New game")


def test_switching_keeps_the_game_and_survives_a_reload(app: Any) -> None:
    start_game(app, "tuerme", 2, seed=7)
    click_board(app, app.locator("#board [tabindex]").first)
    click_board(app, app.locator("#board .target").first)
    settled(app)
    log = app.locator("#log li:not(.log-start) button").all_inner_texts()
    assert len(log) == 1
    app.select_option("#language", "de")
    settled(app)
    assert app.evaluate("() => document.documentElement.lang") == "de"
    assert app.evaluate(f"() => localStorage.getItem('{STORAGE_KEY}')") == "de"
    assert app.locator("#menu").inner_text() == tr("de", "Menu")
    assert app.locator("#undo").inner_text() == tr("de", "Undo")
    assert tr("de", "Rulebook examples") in app.locator("#topnav").inner_text()
    assert len(app.locator("#log li:not(.log-start) button").all_inner_texts()) == 1

    app.reload()
    wait_ready(app)
    assert app.evaluate("() => document.documentElement.lang") == "de"
    assert app.locator("#language").input_value() == "de"
    assert app.locator("#menu").inner_text() == tr("de", "Menu")  # the game, resumed, in German
    assert app.locator("#board").get_attribute("aria-label") == tr("de", "Board")


def overflowing(page: Any) -> dict[str, Any]:
    """Sideways scroll of the page, and buttons or selects whose text does not fit."""
    return dict(page.evaluate("""() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        clipped: [...document.querySelectorAll('button, select, .topbar a')]
            .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent.trim().slice(0, 40)),
    })"""))


@pytest.mark.parametrize("width", [1280, 390])
def test_german_layout_holds(page: Any, guard: Any, site_url: str, width: int) -> None:
    """German, the longest, at a desktop's and a phone's width: nothing clipped, no sideways scroll."""
    page.add_init_script(f"localStorage.setItem({json.dumps(STORAGE_KEY)}, 'de')")
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("() => document.documentElement.lang") == "de"
    seen = {"home": overflowing(page)}
    page.click(".game-card[data-game='saba'] button")
    page.locator("#rule-readings summary").click()
    seen["setup"] = overflowing(page)
    page.select_option("#player-count", "2")
    page.wait_for_selector("#setup .seat:nth-of-type(2)")
    people(page, 2)
    page.fill("#seed", "5")
    page.click("#start-game")
    page.wait_for_selector("#pass-screen")
    seen["pass"] = overflowing(page)
    page.locator("#reveal").click()
    page.locator("#board svg").wait_for()
    seen["game"] = overflowing(page)
    bad = {screen: found for screen, found in seen.items() if found["page"] > 0 or found["clipped"]}
    assert not bad, json.dumps(bad, ensure_ascii=False)


def test_a_first_visit_to_a_rules_page_follows_the_browser(own_context: Any, site_url: str) -> None:
    """With no choice stored, the English address of a rules page leads a French browser to the
    French page, as the app's first screen does; a stored choice of English is kept."""
    page = own_context(locale="fr-FR").new_page()
    page.goto(site_url + "rules/tuerme.html#rule-readings")
    page.wait_for_url("**/rules/tuerme.fr.html#rule-readings")
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    page.locator("nav.languages").get_by_role("link", name="English").click()
    page.wait_for_url("**/rules/tuerme.html")
    page.goto(site_url + "rules/tuerme.html")
    assert page.evaluate("() => document.documentElement.lang") == "en"
