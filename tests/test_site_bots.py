"""A computer player in Chromium: it thinks in the app's worker, in slices, within its time, while
the page stays free and answers clicks. (Computers from any seat, their pace, holding a quick
answer back for the thinking time: CPython, ``tests/test_screens_play.py``.)"""

from __future__ import annotations

import pytest

from page_trace import described, task_cpu, traced
from site_helpers import click_board, log_texts, settled

pytestmark = pytest.mark.browser

#: When the log first held 3 entries (the start, the person's move, the computer's), from now on.
WATCH_LOG = """() => {
    window.pgrClicked = performance.now();
    const watch = setInterval(() => {
        if (document.querySelectorAll('#log li[data-ply]').length < 3) return;
        window.pgrMoved = performance.now();
        clearInterval(watch);
    }, 5);
}"""
#: The processor time one task of the page's thread may use while a computer player thinks: the
#: page only draws what the worker sends (a board, the side panel), in a few milliseconds.
THINKING_TASK_CPU_LIMIT_MS = 50


def test_a_hard_computer_thinks_in_the_worker_while_the_page_answers(app):
    """Türme, a person against the hard computer (1 s to think): its move shows once its time is
    over and not much later; meanwhile a click on the log and one back to the present are
    answered (the worker reads the page's events between the search's slices), and no task of the
    page's thread uses more than :data:`THINKING_TASK_CPU_LIMIT_MS` of the processor (Chromium's
    trace of the page's tasks, ``tests/page_trace.py``)."""
    app.click(".game-card[data-game='tuerme'] button")
    app.select_option("#player-count", "2")
    app.wait_for_selector("#setup .seat:nth-of-type(2)")
    app.select_option("select[name='kind1']", "hard")
    app.fill("#bot-time", "1")
    app.fill("#seed", "4")
    app.click("#start-game")
    app.wait_for_selector("#game")
    for piece in range(app.locator("#board [tabindex]").count()):  # a move with no bonus move
        click_board(app, app.locator("#board [tabindex]").nth(piece))
        settled(app)
        if app.locator("#board .target:not(.symbol-field)").count():
            break
    app.evaluate(WATCH_LOG)

    def meanwhile() -> None:
        app.evaluate("() => performance.mark('pgr-measure')")
        app.locator("#board .target:not(.symbol-field)").first.click(force=True)
        app.wait_for_selector("#thinking")
        app.locator("#log li button").first.click()  # the page answers clicks while the computer thinks
        app.wait_for_selector(".replay-banner")
        assert app.locator("#thinking").count() == 1, "the computer was done already: the test shows nothing"
        app.click("#back-to-present")

    figures = task_cpu(traced(app, meanwhile, "() => document.querySelectorAll('#log li[data-ply]').length >= 3",
                              30_000), since="pgr-measure")
    took = app.evaluate("() => window.pgrMoved - window.pgrClicked")
    print(f"the hard computer's move showed {took:.0f} ms after the person's; while it thought, {described(figures)}")
    assert 1000 <= took <= 1000 * 1.2 + 500, took
    assert figures["most_cpu_ms"] <= THINKING_TASK_CPU_LIMIT_MS, figures
    assert log_texts(app)[1].startswith("Player 2: ")
    app.wait_for_function("() => document.getElementById('status').textContent === 'To move: Player 1'",
                          timeout=30_000)  # after any bonus moves of the computer
    assert app.locator("#thinking").count() == 0
