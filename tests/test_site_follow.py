"""Following a game in Chromium: the replay's keys reach the app and the focus stays on the replay
buttons; a computer's move is announced and its marks pulse (the page's CSS animation).

When computers' moves are shown, skipping ahead, what a replay shows and the end screen are
tested in CPython (``tests/test_screens_play.py``)."""

from __future__ import annotations

import json

import pytest

from pygame_rules import get_game
from pygame_rules.tuerme import Move, square_name
from site_helpers import click_board, log_texts, settled, start_game, wait_ready

pytestmark = pytest.mark.browser
GAME = get_game("tuerme")


def plain_move(state, player: int) -> Move:
    """A move that ends the turn (no bonus move follows)."""
    return next(m for m in GAME.legal_actions(state, player)
                if isinstance(m, Move) and GAME.to_move(GAME.apply(state, player, m)) != (player,))


def click_move(page, move: Move) -> None:
    click_board(page, page.locator(f"#board g.piece[data-square='{square_name(move.src)}']"))
    click_board(page, page.locator(f"#board g.square.target[data-square='{square_name(move.dst)}']"))
    settled(page)


def shown_ply(page) -> str:
    settled(page)
    return str(page.locator("#log li[data-shown]").get_attribute("data-ply"))


def test_replay_by_keys_and_buttons(app):
    start_game(app, "tuerme", 2, 11)
    state = GAME.new_game(2, seed=11)
    for _ in range(3):
        player = GAME.to_move(state)[0]
        move = plain_move(state, player)
        click_move(app, move)
        state = GAME.apply(state, player, move)
    assert len(log_texts(app)) == 3
    present = app.locator("#board").inner_html()
    app.locator("#status").click()  # the focus leaves the board (whose own arrow keys move on it)
    app.keyboard.press("ArrowLeft")
    assert shown_ply(app) == "2" and app.locator(".replay-banner").is_visible()
    app.keyboard.press("Home")
    assert shown_ply(app) == "0"
    app.click("#replay-next")
    assert shown_ply(app) == "1"
    assert app.evaluate("() => document.activeElement.id") == "replay-next"  # the focus stays on the button
    app.keyboard.press("ArrowRight")  # a key on a replay button is the reader's too
    assert shown_ply(app) == "2"
    app.keyboard.press("End")
    assert shown_ply(app) == "3" and app.locator(".replay-banner").count() == 0
    assert app.locator("#board").inner_html() == present


def test_a_computer_move_is_announced_and_its_marks_pulse(page, guard, site_url):
    """After the person's move, the computer's (an easy one, 0.1 s): "Your turn" is announced in
    the live region and the marks of the turn just shown pulse once (animations on)."""
    settings = json.dumps(json.dumps({"pace": "instant", "animate": True}))
    page.add_init_script(f"localStorage.setItem('pygame_rules.settings', {settings})")
    page.goto(site_url)
    wait_ready(page)
    page.click(".game-card[data-game='tuerme'] button")
    page.select_option("#player-count", "2")
    page.wait_for_selector("#setup .seat:nth-of-type(2)")
    page.select_option("select[name='kind1']", "easy")
    page.fill("#bot-time", "0.1")
    page.fill("#seed", "5")
    page.click("#start-game")
    page.wait_for_selector("#game")
    click_move(page, plain_move(GAME.new_game(2, seed=5), 0))
    page.wait_for_selector("#your-turn")
    assert "Your turn, Player 1." in page.locator("#announcer").text_content()
    assert page.locator("#announcer").get_attribute("aria-live") == "polite"
    assert page.locator("#board .turn-mark").count() >= 2
    assert page.evaluate("() => getComputedStyle(document.querySelector('#board.fresh .turn-mark')).animationName") \
        == "turn-mark-in"
