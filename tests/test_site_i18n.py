"""The app in Dutch, German and French in Chromium: the browser's language is chosen before
Python starts, every screen follows it, and the switch in the top bar changes it without
losing the game on screen, remembered over a reload.

Texts are compared with what the catalogs say (``i18n.using``), so a better translation
never breaks a test; the words checked are the web area's own and the games' status lines.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_rules import get_game, i18n
from pygame_rules.i18n import _
from pygame_rules.session import Session
from pygame_rules.tuerme import square_name
from site_helpers import READY_TIMEOUT_MS, start_game, wait_ready

pytestmark = pytest.mark.browser

LOCALES = {"nl": "nl-NL", "de": "de-AT", "fr": "fr-FR"}  # de-AT: only the base tag counts
GAMES = {"tuerme": 2, "babel": 3, "saba": 2}
STORAGE_KEY = "pygame_rules.lang"


@pytest.fixture(params=tuple(LOCALES))
def lang(request: Any) -> str:
    return str(request.param)


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any], lang: str) -> dict[str, Any]:
    """A browser whose reader prefers ``lang`` (``navigator.languages``)."""
    return {**browser_context_args, "locale": LOCALES[lang]}


def tr(lang: str, text: str) -> str:
    with i18n.using(lang):
        return _(text)


def open_game(page: Any) -> Session:
    """The game on screen, as its autosave holds it."""
    save_id = page.evaluate("localStorage.getItem('pygame_rules.current')")
    return Session.from_text(page.evaluate(f"localStorage.getItem('pygame_rules.save.{save_id}')"))


def reveal(page: Any) -> None:
    if page.locator("#pass-screen").count():
        page.locator("#reveal").click()
    page.locator("#board svg").wait_for()


def assert_game_screen(page: Any, lang: str) -> None:
    """The game screen's shared texts and the game's status line are in ``lang``."""
    session = open_game(page)
    with i18n.using(lang):
        status = session.game.status_text(session.state, [seat.name for seat in session.seats])
        assert page.locator("#status").inner_text() == status
        assert page.locator("#menu").inner_text() == _("Menu")
        assert page.locator("#undo").inner_text() == _("Undo")
        assert page.locator(".side h2").all_inner_texts()[-1] == _("Moves")
        assert page.locator("#log .log-start button").inner_text() == _("Start")
        assert page.locator("#board").get_attribute("aria-label") == _("Board")


def test_every_screen_in_the_browsers_language(page: Any, guard: Any, site_url: str, lang: str,
                                               tmp_path: Any) -> None:
    page.goto(site_url, wait_until="domcontentloaded")
    # The loading screen is translated by app/i18n.js before Python starts.
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#loading h1").inner_text() == tr(lang, "Board games, offline")
    wait_ready(page)
    assert page.locator("#language").input_value() == lang
    assert tr(lang, "Rulebook examples") in page.locator("#topnav").inner_text()
    assert page.locator("#home h1").inner_text() == tr(lang, "Choose a game")
    assert page.locator("#saved h2").inner_text() == tr(lang, "Saved games")

    bad = tmp_path / "broken.json"
    bad.write_text('{"app": "pygame_rules", "game": "nope"')
    page.set_input_files("#import-file", str(bad))
    toast = page.locator("#toast")
    toast.wait_for()
    with i18n.using(lang):
        prefix = _("Could not import {file}: {problem}").format(file="broken.json", problem="")
    assert toast.inner_text().startswith(prefix.rstrip())

    for game, players in GAMES.items():
        if page.locator("#menu").count():
            page.locator("#menu").click()
        page.locator("#home").wait_for()
        page.click(f".game-card[data-game='{game}'] button")
        assert page.locator("#setup h1").inner_text() == \
            tr(lang, "New game: {game}").format(game=get_game(game).title)
        start_game_here(page, players)
        if page.locator("#pass-screen").count():
            name = open_game(page).seats[0].name
            assert page.locator("#pass-screen h1").inner_text() == \
                tr(lang, "Pass the device to {name}").format(name=name)
        reveal(page)
        assert_game_screen(page, lang)


def start_game_here(page: Any, players: int) -> None:
    """Start the game whose setup is open, with ``players`` people and seed 5."""
    page.select_option("#player-count", str(players))
    page.wait_for_selector(f"#setup .seat:nth-of-type({players})")
    page.fill("#seed", "5")
    page.click("#start-game")
    page.wait_for_selector("#game, #pass-screen", timeout=READY_TIMEOUT_MS)


def board_things(page: Any) -> list[str]:
    """The board's pieces as their data attributes (the position, whatever the language)."""
    return page.locator("#board svg [data-square]").evaluate_all(
        "els => els.map(e => e.outerHTML.match(/<[^>]*>/)[0]"
        ".replace(/\\s(tabindex|role|class|aria-label)=\"[^\"]*\"/g, ''))")


@pytest.mark.parametrize("lang", ["nl"], indirect=True)
def test_switching_keeps_the_game_and_survives_a_reload(page: Any, guard: Any, site_url: str, lang: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    start_game(page, "tuerme", 2, seed=7)
    reveal(page)
    game = get_game("tuerme")
    session = open_game(page)
    move = game.legal_actions(session.state, 0)[0]
    for square in (move.src, move.dst):
        page.locator(f"#board [data-square='{square_name(square)}'][tabindex]").last.click()
    page.wait_for_function("document.querySelectorAll('#log li:not(.log-start)').length === 1")
    before = open_game(page)
    position, log = board_things(page), page.locator("#log li:not(.log-start) button").all_inner_texts()
    assert page.locator("#menu").inner_text() == tr("nl", "Menu")

    page.select_option("#language", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.locator("#menu", has_text=tr("de", "Menu")).wait_for()
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") == "de"
    assert_game_screen(page, "de")
    after = open_game(page)
    assert (after.id, [m.action for m in after.moves]) == (before.id, [m.action for m in before.moves])
    assert board_things(page) == position
    names = [seat.name for seat in after.seats]
    with i18n.using("de"):
        expected = [_("{player}: {move}").format(player=names[m.player], move=game.action_text(
            after.states[k], m.action, names)) for k, m in enumerate(after.moves)]
    assert page.locator("#log li:not(.log-start) button").all_inner_texts() == expected
    assert len(expected) == len(log)
    assert tr("de", "Rulebook examples") in page.locator("#topnav").inner_text()

    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#language").input_value() == "de"
    reveal(page)
    assert_game_screen(page, "de")
    assert board_things(page) == position


def overflowing(page: Any) -> dict[str, Any]:
    """Sideways scroll of the page, and buttons or selects whose text does not fit."""
    return dict(page.evaluate("""() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        clipped: [...document.querySelectorAll('button, select, .topbar a')]
            .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent.trim().slice(0, 40)),
    })"""))


@pytest.mark.parametrize("lang", ["de"], indirect=True)
@pytest.mark.parametrize("width", [1280, 390])
def test_german_layout_holds(page: Any, guard: Any, site_url: str, lang: str, width: int) -> None:
    """German, the longest, at a desktop's and a phone's width: nothing clipped, no sideways scroll."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url)
    wait_ready(page)
    seen = {"home": overflowing(page)}
    page.click(".game-card[data-game='saba'] button")
    page.locator("#rule-readings summary").click()
    seen["setup"] = overflowing(page)
    start_game_here(page, 2)
    if page.locator("#pass-screen").count():
        seen["pass"] = overflowing(page)
    reveal(page)
    seen["game"] = overflowing(page)
    bad = {screen: found for screen, found in seen.items() if found["page"] > 0 or found["clipped"]}
    assert not bad, json.dumps(bad, ensure_ascii=False)


@pytest.mark.parametrize("lang", ["fr"], indirect=True)
def test_a_first_visit_to_a_rules_page_follows_the_browser(page: Any, guard: Any, site_url: str, lang: str) -> None:
    """With no choice stored, the English address of a rules page leads a French browser to the
    French page, as the app's first screen does; a stored choice of English is kept."""
    page.goto(site_url + "rules/tuerme.html#rule-readings")
    page.wait_for_url("**/rules/tuerme.fr.html#rule-readings")
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.locator("nav.languages").get_by_role("link", name="English").click()
    page.wait_for_url("**/rules/tuerme.html")
    page.goto(site_url + "rules/tuerme.html")
    assert page.evaluate("document.documentElement.lang") == "en"
