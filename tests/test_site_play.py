"""Playing in Chromium: undo, log replay, reload-resume, export/import, bad files, full storage.

Spiel der Türme is the game used here (no hidden information, quick moves).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_rules import get_game
from pygame_rules.tuerme import Move, square_name
from site_helpers import log_texts, start_game, wait_ready

pytestmark = pytest.mark.browser
GAME = get_game("tuerme")
SEED = 11


def play_moves(page, count: int) -> list[str]:
    """Make ``count`` moves by clicking (the first legal move each time); returns their texts."""
    state = GAME.new_game(2, seed=SEED)
    for entry in log_texts(page):  # continue from the moves already on screen
        state = GAME.apply(state, *GAME.parse_action(state, entry.split(": ", 1)[1]))
    texts = []
    for _ in range(count):
        player = GAME.to_move(state)[0]
        move = next(a for a in GAME.legal_actions(state, player) if isinstance(a, Move))
        texts.append(GAME.action_text(state, move))
        click_move(page, move)
        state = GAME.apply(state, player, move)
    return texts


def click_move(page, move: Move) -> None:
    before = len(log_texts(page))
    page.locator(f"#board g.piece[data-square='{square_name(move.src)}']").click()
    page.locator(f"#board g.square[data-square='{square_name(move.dst)}']").click(force=True)
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {before + 2}")


def test_undo_takes_back_only_your_own_moves(app):
    """In a hotseat game a player may take back his own move while the turn is still his
    (a bonus move is pending), never the move of the person who played before him."""
    start_game(app, "tuerme", 2, SEED)
    state = GAME.new_game(2, seed=SEED)
    moves = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Move)]
    bonus = next(m for m in moves if tuple(GAME.to_move(GAME.apply(state, 0, m))) == (0,))
    click_move(app, bonus)
    app.click("#undo")
    app.wait_for_function("document.querySelectorAll('#log li').length === 1")
    assert "taken back" in app.locator("#toast").text_content()
    assert app.get_attribute("#undo", "aria-disabled") == "true"
    app.click("#undo", force=True)  # still clickable: it says why it can't undo
    assert "no move to take back" in app.locator("#toast").text_content()
    plain = next(m for m in moves if tuple(GAME.to_move(GAME.apply(state, 0, m))) == (1,))
    click_move(app, plain)
    app.click("#undo", force=True)
    assert "only your own" in app.locator("#toast").text_content()
    assert [text.split(": ", 1)[1] for text in log_texts(app)] == [GAME.action_text(state, plain)]  # not the undone


def test_log_replay_shows_past_positions_read_only(app):
    start_game(app, "tuerme", 2, SEED)
    play_moves(app, 2)
    present = app.locator("#board").inner_html()
    app.locator("#log li").nth(1).locator("button").click()
    assert app.locator(".replay-banner").is_visible()
    assert app.locator("#board .last-move").count() == 2
    assert app.locator("#board").inner_html() != present
    assert app.locator("#board [tabindex]").count() == 0  # nothing to play while replaying
    app.click("#back-to-present")
    assert app.locator(".replay-banner").count() == 0
    assert app.locator("#board [tabindex]").count() > 0


#: Tags each log entry on the page (a JS property, which a rewritten entry doesn't have); its HTML.
TAG_LOG = """() => [...document.querySelectorAll('#log li')].map((li, k) => { li.pgrTag = k; return li.outerHTML; })"""
#: Each log entry's HTML, and whether it still carries its tag (the last render left it as it was).
LOG_NOW = "() => [...document.querySelectorAll('#log li')].map((li) => [li.outerHTML, li.pgrTag !== undefined])"


def kept_entries(page: Any, before: list[str]) -> int:
    """How many log entries the last render left as they were; every entry it kept looks as it
    did, and every other one looks different (the render wrote only what changed)."""
    now = page.evaluate(LOG_NOW)
    for k, (entry, kept) in enumerate(now):
        assert kept == (k < len(before) and entry == before[k]), (k, entry)
    return sum(kept for _, kept in now)


def test_a_render_writes_only_the_log_entries_it_changes(app):
    """A click draws the board and the side panel again, but of the move log only the entries
    whose look changed (the one shown, the last turn's marks): a long game's log is not parsed,
    styled and laid out again each time (issue 25: clicks in a 300-move game took 46–56 ms while
    it was, 34 ms since)."""
    start_game(app, "tuerme", 2, SEED)
    play_moves(app, 4)  # 5 entries: the start and 4 moves
    before = app.evaluate(TAG_LOG)
    app.locator("#log li").nth(2).locator("button").click()
    app.wait_for_selector(".replay-banner")
    assert kept_entries(app, before) >= 3
    before = app.evaluate(TAG_LOG)
    app.click("#back-to-present")
    app.wait_for_function("!document.querySelector('.replay-banner')")
    assert kept_entries(app, before) >= 3
    before = app.evaluate(TAG_LOG)
    play_moves(app, 1)
    assert kept_entries(app, before) >= 3
    assert app.locator("#log li[data-shown]").get_attribute("data-ply") == "5"


def test_reload_resumes_the_game(app):
    start_game(app, "tuerme", 2, SEED, names=["Ada", "Bo"])
    texts = play_moves(app, 3)
    app.reload()
    wait_ready(app)
    assert [t.split(": ", 1)[1] for t in log_texts(app)] == texts
    assert log_texts(app)[0].startswith("Ada: ")


def test_export_import_roundtrip_and_bad_files(app, tmp_path):
    start_game(app, "tuerme", 2, SEED)
    texts = play_moves(app, 2)
    with app.expect_download() as download:
        app.click("#export")
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["format"] == "pygame_rules.save" and len(data["moves"]) == 2

    app.click("#menu")
    assert app.locator(".saved-game").count() == 1
    bad = tmp_path / "bad.json"
    for content, message in [("{not json", "not valid JSON"),
                             (json.dumps({"hello": "world"}), "not a pygame_rules saved game"),
                             (json.dumps({**data, "moves": data["moves"][:1]}), "inconsistent")]:
        bad.write_text(content)
        app.set_input_files("#import-file", str(bad))
        app.wait_for_function("document.getElementById('toast')?.className === 'toast error'")
        assert message in app.locator("#toast").text_content()
        app.evaluate("document.getElementById('toast').className = 'toast hidden'")
        assert app.locator(".saved-game").count() == 1  # nothing lost or overwritten

    app.set_input_files("#import-file", str(saved))
    app.wait_for_selector("#game")
    assert "already saved here" in app.locator("#toast").text_content()
    assert [t.split(": ", 1)[1] for t in log_texts(app)] == texts
    app.click("#menu")
    assert app.locator(".saved-game").count() == 1  # the same game: opened, not stored twice


def test_damaged_save_is_listed_not_lost(app):
    app.evaluate("localStorage.setItem('pygame_rules.save.broken', '{\"game\": 42')")
    app.reload()
    wait_ready(app)
    entry = app.locator(".saved-game[data-save='broken']")
    assert "Can't be opened: the saved game is not valid JSON" in entry.text_content()
    assert app.evaluate("localStorage.getItem('pygame_rules.save.broken')") == '{"game": 42'


def test_full_storage_warns_and_play_goes_on(page, guard, site_url):
    page.add_init_script("""
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (window.fillStorage && key.startsWith('pygame_rules.save.'))
                throw new DOMException('full', 'QuotaExceededError');
            return real.call(this, key, value);
        };""")
    page.goto(site_url)
    wait_ready(page)
    start_game(page, "tuerme", 2, SEED)
    page.evaluate("window.fillStorage = true")
    play_moves(page, 1)
    assert "storage is full" in page.locator("#notice-save").text_content()
    play_moves(page, 1)
    assert len(log_texts(page)) == 2


def test_phone_width_keeps_the_page_within_the_screen(page, guard, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url)
    wait_ready(page)
    start_game(page, "tuerme", 2, SEED)
    sizes = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1]  # no sideways scrolling of the page itself
    board = page.locator("#board svg").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390  # the board fits the screen (drawn upright)
    play_moves(page, 1)  # and can be played by tapping
