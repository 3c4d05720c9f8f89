"""Spiel der Türme in Chromium: a whole game played by clicking the board, like a person, and a
move made with the keyboard."""

from __future__ import annotations

import pytest

from pygame_rules import get_game
from pygame_rules.rng import Rng
from pygame_rules.tuerme import Move, square_name
from pygame_rules.tuerme.data import SYMBOL_FIELDS
from site_helpers import log_texts, settled, start_game

pytestmark = pytest.mark.browser
GAME = get_game("tuerme")
PLOTS = set(SYMBOL_FIELDS)


def choose(state, player, rng):
    """A purposeful player: prefer moves onto building plots, else any legal action."""
    actions = GAME.legal_actions(state, player)
    plot_moves = [a for a in actions if isinstance(a, Move) and a.dst in PLOTS]
    return rng.choice(plot_moves or actions)


def short_game(players: int, limit: int) -> tuple[int, int]:
    """A seed whose game, played by :func:`choose`, ends within ``limit`` moves."""
    for seed in range(1, 500):
        state, rng, plies = GAME.new_game(players, seed=seed), Rng.from_seed(seed), 0
        while not GAME.is_over(state) and plies <= limit:
            player = GAME.to_move(state)[0]
            state = GAME.apply(state, player, choose(state, player, rng))
            plies += 1
        if GAME.is_over(state):
            return seed, plies
    raise AssertionError("no short game found")


def click_square(page, square: int) -> None:
    page.locator(f"#board g.piece[data-square='{square_name(square)}'], "
                 f"#board g.square[data-square='{square_name(square)}']").last.click()
    settled(page)


def test_complete_game_by_clicking(app):
    """Two people, every move clicked on the board (four people: in CPython, tests/test_screens_play.py)."""
    players = 2
    seed, plies = short_game(players, 90)
    start_game(app, "tuerme", players, seed)
    state, rng = GAME.new_game(players, seed=seed), Rng.from_seed(seed)
    for ply in range(plies):
        player = GAME.to_move(state)[0]
        action = choose(state, player, rng)
        expected = GAME.action_text(state, action)
        if isinstance(action, Move):
            click_square(app, action.src)
            assert app.locator("#board .selected").count() >= 1
            assert app.locator(f"#board .target[data-square='{square_name(action.dst)}']").count() == 1
            click_square(app, action.dst)
        else:
            app.locator("#game-buttons button").first.click()
            settled(app)
        state = GAME.apply(state, player, action)
        app.wait_for_function(f"() => document.querySelectorAll('#log li[data-ply]').length === {ply + 2}")
        assert log_texts(app)[-1].endswith(expected)
    assert GAME.is_over(state)
    assert app.locator("#winner").is_visible()
    totals = app.locator("#final-scores tbody tr").last.locator("th").all_text_contents()[1:]
    assert [int(t) for t in totals] == list(GAME.scores(state))
    winner_text = app.locator("#winner").text_content()
    assert all(f"Player {p + 1}" in winner_text for p in GAME.winners(state))


def test_keyboard_selects_and_moves(app):
    start_game(app, "tuerme", 4, 3)
    state = GAME.new_game(4, seed=3)
    move = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Move))
    focusable = app.locator("#board [tabindex]")
    assert focusable.count() > 0
    app.locator(f"#board [tabindex][data-square='{square_name(move.src)}']").first.focus()
    app.keyboard.press("Enter")
    app.wait_for_selector("#board .selected")
    app.locator(f"#board [tabindex][data-square='{square_name(move.dst)}']").first.focus()
    app.keyboard.press("Enter")
    app.wait_for_function("() => document.querySelectorAll('#log li[data-ply]').length === 2")
    assert log_texts(app)[-1].endswith(GAME.action_text(state, move))
