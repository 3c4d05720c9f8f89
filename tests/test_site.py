"""The built static site in Debian's Chromium: offline loading, start screen, the engines' service."""

from __future__ import annotations

import pytest

import pygame_rules
from page_trace import described, task_cpu, traced
from site_helpers import wait_ready

pytestmark = pytest.mark.browser


def test_loading_screen_paints_before_python(page, guard, site_url):
    page.goto(site_url, wait_until="domcontentloaded")
    progress = page.locator("#load-progress")
    # The shell is plain HTML: the progress bar is there while Python is still loading.
    assert progress.is_visible()
    assert page.evaluate("document.body.dataset.ready") is None
    wait_ready(page)
    assert not page.locator("#loading").is_visible()


def test_start_screen_lists_every_registered_game(app):
    titles = app.locator(".game-card h2").all_text_contents()
    assert sorted(titles) == sorted(g.title for g in pygame_rules.GAMES.values())
    names = app.locator(".game-card").evaluate_all("els => els.map(e => e.dataset.game)")
    assert sorted(names) == sorted(pygame_rules.GAMES)


def test_pyscript_stops_watching_the_document_once_the_app_runs(app):
    """``app/loader.js`` lets PyScript's document-wide MutationObserver go once the first screen
    is drawn (it cost about 3–5 ms of every click, docs/benchmarks.md): an element added to the
    page is no longer searched with XPath for ``py-*`` attributes, the page's MutationObserver
    is the browser's own again, and the app still answers."""
    searches = app.evaluate("""async () => {
        const create = XPathEvaluator.prototype.createExpression;
        let calls = 0;
        XPathEvaluator.prototype.createExpression = function (...args) { calls++; return create.apply(this, args); };
        document.getElementById("notices").append(document.createElement("div"));
        await new Promise((resolve) => setTimeout(resolve, 50));
        XPathEvaluator.prototype.createExpression = create;
        return calls;
    }""")
    assert searches == 0
    assert app.evaluate("() => Function.prototype.toString.call(MutationObserver).includes('[native code]')")
    app.click(".game-card[data-game='tuerme'] button")
    app.wait_for_selector("#setup")


#: The processor time one task of the page's thread may use while Python works in slices (the
#: goal for every task of the page, and twice the first slice, :data:`webui.slices.FIRST_SLICE_S`).
SLICE_TASK_CPU_LIMIT_MS = 50


def test_long_computations_run_in_slices(app):
    """While the page's Python plays random games for 1.5 s (as a computer player thinks: in
    slices, webui/slices.py), no task of the page's thread uses more than
    :data:`SLICE_TASK_CPU_LIMIT_MS` of the processor (Chromium's trace of the page's tasks,
    ``tests/page_trace.py``). A task's length (a ``longtask`` entry) and the timers' worst gap
    are printed too: on a loaded 2-core machine they also count the time the thread waited for
    a core, which is the machine, not the page (the full suite once saw a task of 51 ms)."""
    replies = []
    script = """async () => {
        const ping = JSON.parse(await window.pygameRules.call("ping", "{}"));
        performance.mark("pgr-work");
        const long = [];
        const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) long.push(Math.round(entry.duration));
        });
        observer.observe({type: "longtask"});
        let last = performance.now(), worst = 0;
        const timer = setInterval(() => {
            const now = performance.now(); worst = Math.max(worst, now - last); last = now;
        }, 10);
        const game = ping.games[0] || null;
        const work = game
            ? JSON.parse(await window.pygameRules.call("random_play", JSON.stringify({game, budget_ms: 1500})))
            : null;
        clearInterval(timer);
        await new Promise((resolve) => setTimeout(resolve, 0));
        performance.mark("pgr-worked");
        long.push(...observer.takeRecords().map((entry) => Math.round(entry.duration)));
        observer.disconnect();
        return {ping, work, worst, long};
    }"""
    figures = task_cpu(traced(app, lambda: replies.append(app.evaluate(script)), "true", 30_000),
                       since="pgr-work", until="pgr-worked")
    result = replies[0]
    print(f"{described(figures)}; worst timer gap {result['worst']:.0f} ms; long tasks {result['long']}")
    assert result["ping"]["games"] == sorted(pygame_rules.GAMES)
    if pygame_rules.GAMES:
        assert result["work"]["plies"] > 0
    assert figures["most_cpu_ms"] <= SLICE_TASK_CPU_LIMIT_MS, figures


def test_service_reports_errors_instead_of_hanging(app):
    """Every call is answered; an error is a short message, never a traceback, and the page's
    Python goes on answering."""
    messages = app.evaluate("""async () => {
        const ask = (method, payload) => window.pygameRules.call(method, payload).then(() => 'ok', e => e.message);
        return [await ask('no_such_method', '{}'), await ask('bot_move', '['.repeat(90000) + ']'.repeat(90000)),
                await ask('ping', {not: 'text'}), await ask('ping', '{}')];
    }""")
    assert messages == ["unknown method 'no_such_method'; known: bot_move, hint, ping, random_play",
                        "the request is nested more than 16 levels deep",
                        "a request needs a method name and a JSON text payload", "ok"]
