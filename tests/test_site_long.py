"""A long session in one page: complete four-player games of Spiel der Türme, played by
computer players back to back. Nothing of a finished game may stay alive in the page.

Issue 23 (finding 10) saw Chrome's live DOM nodes grow by about 4,700 per game over 28
games while the document held about 1,300 elements. The app keeps nothing: heap snapshots
taken during a game hold at most the one screen just replaced (the thinking spinner's
running CSS animation holds it for a moment), and none once the game is over; every
screen is replaced whole (the move log entry by entry), handlers live in one table and go
with the screen they came with, and no Python object keeps a node. The growth came from the
measuring: an element handle (Playwright's ``wait_for_selector`` returns one) keeps its element alive, and with it the
whole detached screen it belonged to, board and move log included: about 4,700 nodes a
game. So this test waits with predicates that return booleans only, and shows that its
measure does see a kept screen.

The page runs no Python now (the app's is in its worker, which this does not measure): what it
keeps is the DOM the worker's commands wrote (``app/shell.js``) and the shell's own objects.

Bound: back on the home screen after each game, the live DOM nodes outside the document
(user-agent shadow trees and list markers of the home screen included: about 110 at
start, a few more per saved game listed) stay below 500, where one game's final screen
alone has about 5,000; and once the first game has warmed the page up, the JS heap grows by
less than 1 MB over the other two.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from site_helpers import READY_TIMEOUT_MS, settled, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The games' seeds (the first game only warms the page up): four easy computers end a game in
#: 70–250 moves.
SEEDS = (18, 2, 7)
MAX_OUTSIDE = 500
MAX_HEAP_GROWTH = 1_000_000
#: Every node of the document (the body's text nodes and comments included).
COUNT_NODES = """() => {
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
    let count = 1;
    while (walker.nextNode()) count++;
    return count;
}"""


def measure(page: Any, cdp: Any) -> tuple[int, int]:
    """Live DOM nodes outside the document, and the JS heap in bytes, after a full GC."""
    cdp.send("HeapProfiler.collectGarbage")
    nodes = cdp.send("Memory.getDOMCounters")["nodes"]
    heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    return nodes - page.evaluate(COUNT_NODES), heap


def play_a_game(page: Any, seed: int) -> int:
    """Set up four computer players (easy, 0.1 s) and let them play to the end, each move
    shown at once (the "instant" pace, no animation: the page's settings); the moves."""
    page.click(".game-card[data-game='tuerme'] button")
    page.select_option("#player-count", "4")
    settled(page)
    for seat in range(4):
        page.select_option(f"select[name='kind{seat}']", "easy")
    page.fill("#bot-time", "0.1")
    page.fill("#seed", str(seed))
    page.click("#start-game")
    page.wait_for_function("() => !!document.getElementById('winner')", timeout=20 * 60_000, polling=1_000)
    moves: int = page.evaluate("() => document.querySelectorAll('#log li[data-ply]').length - 1")
    page.click("#menu")
    page.wait_for_function("() => !!document.getElementById('home')", timeout=READY_TIMEOUT_MS)
    return moves


def test_many_games_in_one_page_leave_nothing_behind(page, guard, site_url):
    settings = json.dumps(json.dumps({"sound": False, "animate": False, "pace": "instant"}))
    page.add_init_script(f"localStorage.setItem('pygame_rules.settings', {settings})")
    page.goto(site_url)
    wait_ready(page)
    app = page
    cdp = app.context.new_cdp_session(app)
    outside, heap = measure(app, cdp)
    seen = [(0, outside, heap)]
    for seed in SEEDS:
        moves = play_a_game(app, seed=seed)
        assert moves > 50  # four easy computers end a Türme game in 70–190 moves (docs/bots.md)
        seen.append((moves, *measure(app, cdp)))
    report = ", ".join(f"{m} moves: {o} nodes outside, heap {h / 1e6:.1f} MB" for m, o, h in seen)
    assert all(o < MAX_OUTSIDE for _, o, _ in seen), report
    assert seen[-1][2] - seen[1][2] < MAX_HEAP_GROWTH, report
    # The measure sees a kept screen: hold on to the home screen, open another one.
    kept = app.evaluate("(window.keptScreen = document.querySelector('#app > *')).querySelectorAll('*').length")
    app.click(".game-card[data-game='tuerme'] button")
    assert measure(app, cdp)[0] > seen[-1][1] + kept
