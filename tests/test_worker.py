"""The bots' worker (``app/worker.js``) in Chromium, driven directly: every message is
answered, a failed start is reported and leaves later calls answering, errors are short
(issue 23, finding 9)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pygame_rules.gate import MAX_MESSAGE
from pygame_rules.registry import GAMES, get_game

pytestmark = pytest.mark.browser

#: Time for the worker's Python to start on a loaded machine, in milliseconds.
START_MS = 240_000

# Runs in the page: a worker, a call() that resolves with {result} or {error} (or {timeout}
# if the worker never answers), and the script of calls, whose answers are returned in order.
DRIVER = """async ({url, calls, startMs}) => {
    const worker = new Worker(url, {type: "module"});
    const waiting = new Map();
    let next = 1;
    worker.onmessage = ({data}) => { waiting.get(data.id)?.(data); waiting.delete(data.id); };
    const call = ([method, payload]) => Promise.race([
        new Promise((resolve) => {
            const id = next++;
            waiting.set(id, resolve);
            worker.postMessage({id, method, payload});
        }),
        new Promise((resolve) => setTimeout(() => resolve({timeout: true}), startMs)),
    ]);
    const answers = [];
    for (const c of calls) answers.push(await call(c));
    worker.terminate();
    return answers;
}"""


@pytest.fixture
def blank(page: Any, guard: Any, site_url: str) -> Any:
    """A blank page of the site's origin (the worker must come from the same origin)."""
    url = site_url + "worker-test.html"
    page.route(url, lambda route: route.fulfill(content_type="text/html",
                                                body="<!doctype html><title>worker test</title>"))
    page.goto(url)
    return page


def test_the_worker_answers_every_message_briefly(blank: Any, site_url: str, site_dir: Path) -> None:
    wheel = next((site_dir / "wheels").glob("pygame_rules-*.whl")).name
    game = get_game("tuerme")
    state = game.new_game(2, seed=1)
    bot_move = json.dumps({"game": "tuerme", "state": game.state_to_json(state), "player": 0,
                           "level": "easy", "budget_ms": 50, "seed": 1})
    calls: list[tuple[Any, Any]] = [
        ("ping", "{}"),                                 # before any init
        ("init", "no_such_wheel-1.0-py3-none-any.whl"),  # a wheel that is not there
        ("ping", "{}"),                                 # after the failed start: answered
        ("init", "../../secret.whl"),                   # no path, only a file name
        ("init", wheel),                                # a good start after a bad one
        ("ping", "{}"),
        ("bot_move", bot_move),
        ("eval", "{}"),
        ("bot_move", "[" * 90_000 + "]" * 90_000),      # would exhaust Python's stack unguarded
        ("ping", {"not": "text"}),
        ("ping", "{}"),                                 # Python is still fine
    ]
    answers = blank.evaluate(DRIVER, {"url": site_url + "app/worker.js", "calls": calls, "startMs": START_MS})
    assert not [a for a in answers if a.get("timeout")], answers
    errors = [a["error"] for a in answers if "error" in a]
    assert all(len(e) <= MAX_MESSAGE and "Traceback" not in e and 'File "' not in e for e in errors), errors
    (before, bad_wheel, after_bad, bad_path, ready, ping, move, unknown, deep, not_text, last) = answers
    assert before["error"] == "the worker's Python has not been started"
    assert bad_wheel["error"].startswith("Python could not start in the worker: ")
    assert after_bad["error"].startswith("Python could not start in the worker: ")
    assert bad_path["error"].endswith("init needs the file name of a wheel")
    assert ready == {"id": 5, "result": "ready", "boot": "fresh"}
    assert json.loads(ping["result"])["games"] == sorted(GAMES)
    action = game.action_from_json(json.loads(move["result"])["action"])
    assert game.why_illegal(state, 0, action) is None
    assert unknown["error"].startswith("unknown method 'eval'")
    assert deep["error"] == "the request is nested more than 16 levels deep"
    assert not_text["error"] == "a request needs a method name and a JSON text payload"
    assert json.loads(last["result"])["games"] == sorted(GAMES)
