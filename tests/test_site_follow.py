"""Following a game in Chromium: computer turns shown move by move at the reader's pace,
"your turn", the log's replay by keys and buttons, and the end in plain words."""

from __future__ import annotations

import itertools
import json

import pytest

from pygame_rules import get_game
from pygame_rules.rng import Rng
from pygame_rules.session import Seat, Session
from pygame_rules.tuerme import Move, square_name
from site_helpers import log_texts, start_game

pytestmark = pytest.mark.browser
GAME = get_game("tuerme")

#: Records every distinct board (where each piece stands) drawn after the person's move,
#: with when it was first seen, until it is the person's turn again.
WATCH = """() => {
    window.boards = [];
    const seen = new Set();
    window.watcher = setInterval(() => {
        const pieces = [...document.querySelectorAll('#board g.piece')]
            .map((g) => `${g.dataset.square}${g.dataset.colour}${g.dataset.height}`).join(' ');
        if (pieces && !seen.has(pieces)) { seen.add(pieces); window.boards.push(performance.now()); }
    }, 20);
}"""


def plain_move(state, player: int) -> Move:
    """A move that ends the turn (no bonus move follows)."""
    return next(m for m in GAME.legal_actions(state, player)
                if isinstance(m, Move) and GAME.to_move(GAME.apply(state, player, m)) != (player,))


def click_move(page, move: Move) -> None:
    page.locator(f"#board g.piece[data-square='{square_name(move.src)}']").click()
    page.locator(f"#board g.square[data-square='{square_name(move.dst)}']").click(force=True)



def start_against_computers(page, site_url: str, settings: dict, players: int, bot_time: str) -> None:
    """With ``settings`` stored, a Türme game (seed 5) of a person in seat 1 against easy
    computer players in the other seats, each thinking ``bot_time`` seconds."""
    page.add_init_script(f"localStorage.setItem('pygame_rules.settings', {json.dumps(json.dumps(settings))})")
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=180_000)
    page.click(".game-card[data-game='tuerme'] button")
    page.select_option("#player-count", str(players))
    page.wait_for_selector(f"#setup .seat:nth-of-type({players})")
    for seat in range(1, players):
        page.select_option(f"select[name='kind{seat}']", "easy")
    page.fill("#bot-time", bot_time)
    page.fill("#seed", "5")
    page.click("#start-game")
    page.wait_for_selector("#game")


def test_computer_turns_play_out_move_by_move(page, guard, site_url):
    """Two computer seats after the person: each of their moves stays on screen (pace
    "normal", 700 ms) before the next; then "your turn", the log marks the last turn, the
    active seat is highlighted and every move was announced."""
    start_against_computers(page, site_url, {"sound": False, "animate": True, "pace": "normal"}, 3, "0.2")
    state = GAME.new_game(3, seed=5)
    page.evaluate(WATCH)
    click_move(page, plain_move(state, 0))
    page.wait_for_selector("#your-turn", timeout=120_000)
    boards = page.evaluate("window.boards")
    moves = len(log_texts(page))
    assert moves >= 3 and len(boards) >= 3, (moves, boards)  # the person's move, >= 1 in between, the last
    gaps = [b - a for a, b in itertools.pairwise(boards[1:])]  # from the person's move on
    assert min(gaps) >= 600, gaps  # each computer move stayed on screen for the pace
    assert "Your turn, Player 1" in page.locator("#your-turn").text_content()
    assert page.locator(".seats tr.seat-active").count() == 1
    assert page.locator("#log li.log-turn").count() >= 1
    assert page.locator("#log li").last.get_attribute("class") == "log-turn"
    assert "Your turn, Player 1." in page.locator("#announcer").text_content()


def test_a_click_skips_ahead_to_the_present(page, guard, site_url):
    """At the slowest pace, a click on the page shows the computers' moves as they come."""
    page.add_init_script("localStorage.setItem('pygame_rules.settings', JSON.stringify({pace: 'slow'}))")
    page.goto(site_url)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=180_000)
    page.click(".game-card[data-game='tuerme'] button")
    page.select_option("#player-count", "2")
    page.wait_for_selector("#setup .seat:nth-of-type(2)")
    page.select_option("select[name='kind0']", "easy")
    page.select_option("select[name='kind1']", "easy")
    page.fill("#bot-time", "0.1")
    page.fill("#seed", "7")
    page.click("#start-game")
    page.wait_for_selector("#game")
    page.wait_for_function("document.querySelectorAll('#log li').length >= 2", timeout=60_000)
    started = page.evaluate("performance.now()")
    page.locator("#status").click()
    page.wait_for_function("document.querySelectorAll('#log li').length >= 12", timeout=60_000)
    elapsed = page.evaluate("performance.now()") - started
    assert elapsed < 10 * 1200, elapsed  # far faster than ten moves at 1.2 s each


def test_replay_by_keys_and_buttons(app):
    start_game(app, "tuerme", 2, 11)
    state = GAME.new_game(2, seed=11)
    for _ in range(3):
        player = GAME.to_move(state)[0]
        move = plain_move(state, player)
        before = len(log_texts(app))
        click_move(app, move)
        app.wait_for_function(f"document.querySelectorAll('#log li').length === {before + 2}")
        state = GAME.apply(state, player, move)
    present = app.locator("#board").inner_html()
    app.locator("#status").click()  # focus leaves the board
    app.keyboard.press("ArrowLeft")
    app.wait_for_selector(".replay-banner")
    assert app.locator("#log li[data-shown]").get_attribute("data-ply") == "2"
    assert app.locator("#board .last-move").count() == 2  # the move that led to it, highlighted
    assert app.locator("#board").inner_html() != present
    app.keyboard.press("Home")
    app.wait_for_function("document.querySelector('#log li[data-shown]')?.dataset.ply === '0'")
    app.click("#replay-next")
    app.wait_for_function("document.querySelector('#log li[data-shown]')?.dataset.ply === '1'")
    assert app.evaluate("document.activeElement.id") == "replay-next"  # focus stays on the button
    app.keyboard.press("End")
    app.wait_for_function("!document.querySelector('.replay-banner')")
    assert app.locator("#board").inner_html() == present
    assert app.locator("#log li[data-shown]").get_attribute("data-ply") == "3"


def test_the_end_in_plain_words(app, tmp_path):
    """A finished game (imported) says who won with what, and why the game ended."""
    session = Session.new("tuerme", [Seat("Ada", "red"), Seat("Bo", "blue")], 3)
    rng = Rng.from_seed(3)
    while not GAME.is_over(session.state):
        player = GAME.to_move(session.state)[0]
        session.play(player, rng.choice(GAME.legal_actions(session.state, player)))
    saved = tmp_path / "finished.json"
    saved.write_text(session.to_text())
    app.set_input_files("#import-file", str(saved))
    app.wait_for_selector("#winner")
    text = app.locator("#winner").text_content()
    assert text == GAME.result_text(session.state, ["Ada", "Bo"])
    assert "wins with" in text or "share the win" in text


#: Records when each ``bot_move`` request went to the service and when its answer came, and
#: when the log first held each number of entries.
CLOCK = """() => {
    const call = window.pygameRules.call;
    window.asked = []; window.answered = []; window.logged = {};
    window.pygameRules.call = async (method, request) => {
        if (method === 'bot_move') window.asked.push(performance.now());
        const answer = await call(method, request);
        if (method === 'bot_move') window.answered.push(performance.now());
        return answer;
    };
    setInterval(() => {
        const n = document.querySelectorAll('#log li').length;
        if (!(n in window.logged)) window.logged[n] = performance.now();
    }, 10);
}"""


def test_a_quick_computer_answer_waits_for_its_thinking_time(page, guard, site_url):
    """An easy computer player chooses at once, but its move shows only once its thinking
    time (2 s) has passed since it was asked, even at the "instant" pace: how quickly it
    chose tells nothing about its position."""
    start_against_computers(page, site_url, {"pace": "instant"}, 2, "2")
    page.evaluate(CLOCK)
    click_move(page, plain_move(GAME.new_game(2, seed=5), 0))
    page.wait_for_selector("#your-turn", timeout=60_000)
    asked, answered = page.evaluate("[window.asked[0], window.answered[0]]")
    shown = page.evaluate("window.logged[3]")  # the start, the person's move, the computer's
    assert answered - asked < 2000, "the easy answer was not quick: the test shows nothing"
    assert shown - asked >= 2000 - 15, (asked, answered, shown)  # a timer tick's slack
    assert page.locator("#board .turn-mark").count() >= 2  # the computer's turn is marked, and pulses once
    assert page.evaluate("getComputedStyle(document.querySelector('#board.fresh .turn-mark')).animationName")\
        == "turn-mark-in"
