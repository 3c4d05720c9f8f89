"""Accessibility in Chromium: axe-core (npm, pinned) finds nothing on any screen (the boards'
drawings included) nor on the gallery, rules and Learn pages, the board is one Tab stop whose
controls the arrow keys walk, and the focus stays on the board after a keyboard move.
"""

from __future__ import annotations

from typing import Any

import pytest
from layout_helpers import GAMES, axe, describe, finished_save, import_save, make_a_move

from pygame_rules import get_game
from pygame_rules.tuerme import Move, square_name
from site_helpers import people, start_game, wait_ready

pytestmark = pytest.mark.browser

def check(page: Any, screen: str, found: dict[str, list[dict[str, Any]]]) -> None:
    """Run axe on ``screen``; keep its violations in ``found``."""
    violations = axe(page)
    if violations:
        found[screen] = violations


@pytest.mark.parametrize("game_name", GAMES)
def test_axe_finds_nothing_on_the_app_screens(app, game_name, tmp_path):
    """Start, setup, a hotseat game after a move (and its pass screen, if any), the end screen."""
    found: dict[str, list[dict[str, Any]]] = {}
    check(app, "start", found)
    app.click(f".game-card[data-game='{game_name}'] button")
    app.wait_for_selector("#setup")
    check(app, "setup", found)
    app.select_option("#player-count", str(get_game(game_name).min_players))
    app.wait_for_selector(f"#setup .seat:nth-of-type({get_game(game_name).min_players})")
    people(app, get_game(game_name).min_players)
    app.fill("#seed", "5")
    app.click("#start-game")
    app.wait_for_selector("#game, #pass-screen")
    if app.locator("#pass-screen").count():
        check(app, "pass screen", found)
    make_a_move(app)
    check(app, "game", found)
    app.click("#settings-button")
    app.wait_for_selector("#dialog-settings[open]")
    check(app, "settings", found)
    app.keyboard.press("Escape")
    import_save(app, finished_save(game_name), tmp_path)
    app.wait_for_selector("#winner")
    check(app, "end", found)
    assert found == {}, "; ".join(f"{screen}: {describe(v)}" for screen, v in found.items())


@pytest.mark.parametrize("path", ["gallery.html", "rules/index.html", "rules/tuerme.html", "learn.html"])
def test_axe_finds_nothing_on_the_pages(page, guard, site_url, path):
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    violations = axe(page)
    assert violations == [], f"{path}: {describe(violations)}"


def focused(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("""() => {
        const e = document.activeElement, box = e.getBoundingClientRect();
        return { board: !!e.closest("#board"), square: e.dataset.square || null,
                 x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }"""))


def test_the_board_is_one_tab_stop_walked_by_the_arrow_keys(app):
    game = get_game("tuerme")
    start_game(app, "tuerme", 2, 11)
    assert app.locator("#board [tabindex]").count() > 1
    assert app.locator("#board [tabindex='0']").count() == 1
    app.locator("#undo").focus()  # after the board, which Shift+Tab enters at its one stop ...
    app.keyboard.press("Shift+Tab")
    while not focused(app)["board"]:
        app.keyboard.press("Shift+Tab")
    start = focused(app)
    app.keyboard.press("Shift+Tab")  # ... and one more leaves it
    assert not focused(app)["board"]
    app.keyboard.press("Tab")
    assert focused(app) == start
    for key, axis, sign in (("ArrowRight", "x", 1), ("ArrowDown", "y", 1), ("ArrowLeft", "x", -1),
                            ("ArrowUp", "y", -1)):
        before = focused(app)
        app.keyboard.press(key)
        after = focused(app)
        assert after["board"], key
        if after != before:
            assert (after[axis] - before[axis]) * sign > 0, key
    # A move by keyboard: the focus stays on the board, on the square moved to.
    state = game.new_game(2, seed=11)
    move = next(a for a in game.legal_actions(state, 0) if isinstance(a, Move))
    app.locator(f"#board [tabindex][data-square='{square_name(move.src)}']").last.focus()
    app.keyboard.press("Enter")
    app.wait_for_selector("#board .selected")
    assert focused(app)["square"] == square_name(move.src)
    app.locator(f"#board [tabindex][data-square='{square_name(move.dst)}']").last.focus()
    app.keyboard.press("Enter")
    app.wait_for_function("() => document.querySelectorAll('#log li[data-ply]').length === 2")
    app.wait_for_timeout(200)
    assert focused(app)["board"]
    assert app.locator("#board [tabindex='0']").count() == 1


#: Counts the boxes measured (``getBoundingClientRect``: a layout, if one is due), and records after
#: every change in the app how many were measured so far and how many of the board's controls
#: were in the tab order: an observer added after app/boardkeys.js's runs after it, in the same task.
MEASURES = """() => {
  window.measured = 0;
  window.seen = [];
  const box = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function () { window.measured += 1; return box.call(this); };
  new MutationObserver(() => window.seen.push(
    [window.measured, document.querySelectorAll("#board [tabindex='0']").length]))
    .observe(document.getElementById("app"), { childList: true, subtree: true });
}"""


def test_a_redraw_with_the_focus_elsewhere_measures_the_board_in_the_next_frame(app):
    """Finding the board's tab stop in reading order measures its controls, which forces a layout
    in the task that drew the board; with the focus elsewhere nothing has to go back at once, so
    that waits for the next frame (whose layout is due anyway). The board has one tab stop
    throughout."""
    start_game(app, "tuerme", 2, 11)
    make_a_move(app)
    app.locator("#log li.log-start button").focus()
    app.keyboard.press("Enter")  # the start position, shown from the log
    app.wait_for_selector("#log li.log-start[data-shown]")
    app.wait_for_timeout(200)
    app.locator("#log li:not(.log-start) button").last.focus()
    app.evaluate(MEASURES)
    app.keyboard.press("Enter")  # back to the game as it stands, its board playable again
    app.wait_for_selector("#log li.log-start:not([data-shown])")
    app.wait_for_timeout(200)
    seen = app.evaluate("window.seen")
    assert seen and all(measured == 0 for measured, _ in seen), seen
    assert seen[-1][1] == 1
    assert app.evaluate("window.measured") > 0  # in the next frame
    assert app.locator("#board [tabindex='0']").count() == 1


#: Plays a sound through app/sound.js (the page's own module): whether it played.
PLAY = "async (name) => (await import(new URL('app/sound.js', location.href))).play(name)"


def test_the_top_bar_has_the_settings_and_links_in_the_language_shown(app):
    """Settings (sound off, animations on, normal pace by default) in a modal dialog, kept across
    visits and followed by the sounds; under reduced motion nothing is animated; the Learn, gallery
    and rules links follow the language. (What each setting does to the screens: CPython,
    ``tests/test_screens_i18n.py``.)"""
    assert app.locator(".game-card[data-game='saba'] a.learn-link").get_attribute("href") == "./learn.html#saba"
    assert app.evaluate(PLAY, "move") is False  # silent by default
    app.click("#settings-button")
    app.wait_for_selector("#dialog-settings[open]")
    assert app.evaluate("() => document.activeElement.closest('dialog') !== null")  # a modal dialog took the focus
    assert not app.locator("#setting-sound").is_checked() and app.locator("#setting-animate").is_checked()
    assert app.locator("#setting-pace").input_value() == "normal"
    app.locator("#setting-sound").check()
    app.select_option("#setting-pace", "fast")
    app.wait_for_function("() => JSON.parse(localStorage.getItem('pygame_rules.settings'))?.pace === 'fast'")
    app.click("#settings-close")
    app.wait_for_selector("#dialog-settings", state="detached")
    assert app.evaluate("() => JSON.parse(localStorage.getItem('pygame_rules.settings'))") == {
        "sound": True, "animate": True, "pace": "fast", "skip": True}
    assert app.evaluate("() => document.documentElement.dataset.sound") == "1"
    assert app.evaluate(PLAY, "end") is True
    app.select_option("#language", "nl")
    app.wait_for_function("() => document.querySelector(\".game-card[data-game='saba'] a.learn-link\")"
                          ".getAttribute('href') === './learn.nl.html#saba'")
    assert app.locator("#gallery-link").get_attribute("href") == "./gallery.nl.html"
    assert app.locator("#rules-link").get_attribute("href") == "./rules/index.nl.html"
    app.emulate_media(reduced_motion="reduce")
    app.reload()
    wait_ready(app)
    assert app.evaluate("() => document.documentElement.dataset.animate") == "0"
    app.click("#settings-button")
    app.wait_for_selector("#dialog-settings[open]")
    assert app.locator("#setting-sound").is_checked() and app.locator("#setting-pace").input_value() == "fast"
    assert app.locator("#setting-animate").is_disabled() and not app.locator("#setting-animate").is_checked()
    app.keyboard.press("Escape")  # the browser's own way out of a modal dialog
    app.wait_for_selector("#dialog-settings[open]", state="detached")
