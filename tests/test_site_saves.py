"""Saves in Chromium: what the page itself does with the browser's storage and files. A storage
that is really full (every write is read back; the app tells the player, offers the export, and
says when saving works again), a browser that refuses any storage, files chosen through the
file input (one too large is never read), the browser's own question before a delete.

Damaged saves, crafted files, recovery and the rest of what the screens do with saves are tested
in CPython (``tests/test_screens_saves.py``), through the same commands the page carries out.
"""

from __future__ import annotations

import json

import pytest

from pygame_rules import get_game
from pygame_rules.session import Seat, Session
from pygame_rules.tuerme import Move, square_name
from site_helpers import click_board, log_texts, settled, start_game, wait_ready

pytestmark = pytest.mark.browser

PREFIX, CURRENT = "pygame_rules.save.", "pygame_rules.current"
GAME = get_game("tuerme")


def play(page, count: int) -> None:
    """Make the next ``count`` moves of a 2-player Türme game of seed 11 by clicking (the
    first legal move each time), continuing from the moves in the log."""
    state = GAME.new_game(2, seed=11)
    for entry in log_texts(page):
        state = GAME.apply(state, *GAME.parse_action(state, entry.split(": ", 1)[1]))
    for _ in range(count):
        player = GAME.to_move(state)[0]
        move = next(a for a in GAME.legal_actions(state, player) if isinstance(a, Move))
        click_board(page, page.locator(f"#board g.piece[data-square='{square_name(move.src)}']"))
        click_board(page, page.locator(f"#board g.square.target[data-square='{square_name(move.dst)}']"))
        settled(page)
        state = GAME.apply(state, player, move)


FILL = """() => {
    // Fill the origin's storage to the last character: halve the chunk until nothing fits.
    let chunk = 'x'.repeat(1 << 20), n = 0;
    while (chunk.length) {
        try { localStorage.setItem('filler-' + n++, chunk); }
        catch { chunk = chunk.slice(Math.ceil(chunk.length / 2)); }
    }
}"""


def test_a_full_storage_is_said_plainly_and_the_game_can_be_exported(app, tmp_path):
    try:
        full_storage(app, tmp_path)
    finally:  # the storage is the origin's: the other tests' tabs share it
        app.evaluate(EMPTY)


#: Takes FILL's text out of the storage again.
EMPTY = """() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('filler-')) localStorage.removeItem(key);
}"""


def full_storage(app, tmp_path):
    """The storage filled to the last character, a new game: the player is told, can export the
    game from the notice, dismiss it, and hears when saving works again."""
    app.evaluate(FILL)
    start_game(app, "tuerme", 2, 11)
    play(app, 1)  # (a new game is stored from its first move on)
    settled(app)  # the page's report of the failed write has reached the app, and its notice the page
    notice = app.locator("#notice-save")
    assert "storage is full" in notice.text_content()
    assert app.evaluate(f"() => localStorage.getItem('{CURRENT}')") is None  # nothing claims it was stored
    assert notice.is_visible()  # it stays, through every re-render
    with app.expect_download() as download:
        notice.get_by_role("button", name="Export this game").click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    assert len(Session.from_text(saved.read_text()).moves) == 1
    notice.get_by_role("button", name="Dismiss").click()
    settled(app)
    assert notice.count() == 0
    # Room again: the next move is saved, and the player is told so.
    app.evaluate(EMPTY)
    play(app, 1)
    settled(app)
    assert "saved again" in notice.text_content()
    save_id = app.evaluate(f"() => localStorage.getItem('{CURRENT}')")
    assert len(Session.from_text(app.evaluate(f"() => localStorage.getItem('{PREFIX}{save_id}')")).moves) == 2


def test_a_browser_without_storage_still_plays(page, guard, site_url):
    page.add_init_script("Object.defineProperty(window, 'localStorage', "
                         "{get() { throw new DOMException('denied', 'SecurityError'); }})")
    page.goto(site_url)
    wait_ready(page)
    assert "does not let the app store anything" in page.locator("#notice-storage").text_content()
    start_game(page, "tuerme", 2, 11)
    play(page, 1)  # (a new game is stored from its first move on)
    settled(page)
    assert "games are not saved" in page.locator("#notice-save").text_content()
    assert len(log_texts(page)) == 1


def test_files_chosen_on_the_page_are_imported_and_a_huge_one_is_never_read(app, tmp_path):
    """A game file chosen in the file input is imported; a file larger than any save is refused
    by its size alone (the page sends the app its name and size, not its 17 MB); choosing a
    file again imports it again; a delete asks the browser's own question first."""
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * 17_000_000)
    app.set_input_files("#import-file", str(huge))
    app.wait_for_selector("#toast.error")
    assert "huge.json: the file is too large to be a saved game" in app.locator("#toast").text_content()

    session = Session.new("tuerme", [Seat("Ada", "red"), Seat("Bo", "blue")], 3)
    game = tmp_path / "game.json"
    game.write_text(session.to_text(), encoding="utf-8")
    app.set_input_files("#import-file", str(game))
    app.wait_for_selector("#game")
    settled(app)  # stored: then the app says so
    assert app.locator("#toast").text_content() == "Imported Spiel der Türme."
    app.click("#menu")
    app.set_input_files("#import-file", str(game))  # the same file again: opened, not stored twice
    app.wait_for_selector("#game")
    assert "already saved here" in app.locator("#toast").text_content()
    app.click("#menu")
    app.wait_for_selector(".saved-game")
    assert app.locator(".saved-game").count() == 1
    questions = []
    app.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    app.locator(".saved-game").get_by_role("button", name="Delete").click()
    settled(app)
    assert questions == ["Delete this saved game? This cannot be undone."]
    assert app.locator(".saved-game").count() == 1  # "no": kept
    app.once("dialog", lambda dialog: dialog.accept())
    app.locator(".saved-game").get_by_role("button", name="Delete").click()
    app.wait_for_selector(".saved-game", state="detached")
    assert json.loads(app.evaluate("() => JSON.stringify(Object.keys(localStorage))")) == []
