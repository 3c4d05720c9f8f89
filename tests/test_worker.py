"""The first visit's worker (``app/worker.js``) in Chromium, driven directly: it boots Python,
hands over the snapshot it made and its compiled WebAssembly, says when the snapshot is stored
and that it ran a game screen's code (compiled for the page too); every message is answered, a
failed start is reported briefly and leaves the worker answering (issue 23, finding 9)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pygame_rules.gate import MAX_MESSAGE

pytestmark = pytest.mark.browser

#: Time for the worker's Python to start on a loaded machine, in milliseconds.
START_MS = 240_000

# Runs in the page: one worker per list of messages, each message's answers collected until the
# last one ({error} or {stored}); a snapshot is given as its size, a compiled module as whether it
# is one. Returns the answers in order.
DRIVER = """async ({url, runs, startMs}) => {
    const all = [];
    for (const messages of runs) {
        const worker = new Worker(url, {type: "module"});
        for (const message of messages) {
            all.push(await new Promise((resolve) => {
                const got = [];
                const timer = setTimeout(() => resolve([...got, {timeout: true}]), startMs);
                worker.onmessage = ({data}) => {
                    if (data.received) return;
                    const shown = {...data};
                    if (data.snapshot) shown.snapshot = data.snapshot.byteLength;
                    if ("module" in data) shown.module = data.module instanceof WebAssembly.Module;
                    got.push(shown);
                    if (data.error || data.stored) { clearTimeout(timer); resolve(got); }
                };
                worker.postMessage(message);
            }));
        }
        worker.terminate();
    }
    return all;
}"""


@pytest.fixture
def blank(page: Any, guard: Any, site_url: str) -> Any:
    """A blank page of the site's origin (the worker must come from the same origin)."""
    url = site_url + "worker-test.html"
    page.route(url, lambda route: route.fulfill(content_type="text/html",
                                                body="<!doctype html><title>worker test</title>"))
    page.goto(url)
    return page


def test_the_worker_boots_python_once_and_answers_every_message_briefly(blank: Any, site_url: str,
                                                                       site_dir: Path) -> None:
    wheel = next((site_dir / "wheels").glob("pygame_rules-*.whl")).name
    first = [
        {"method": "ping", "payload": "{}"},                               # only init is answered
        {"method": "init", "payload": "no_such_wheel-1.0-py3-none-any.whl"},  # not there
        {"method": "init", "payload": "../../secret.whl"},                 # no path, only a file name
        {"method": "init", "payload": {"not": "text"}},
        {"method": "init", "payload": wheel},                              # a good start after bad ones
    ]
    again = [{"method": "init", "payload": wheel}]                         # a later visit's worker
    answers = blank.evaluate(DRIVER, {"url": site_url + "app/worker.js", "runs": [first, again],
                                      "startMs": START_MS})
    assert not [a for got in answers for a in got if a.get("timeout")], answers
    errors = [a["error"] for got in answers for a in got if "error" in a]
    assert all(len(e) <= MAX_MESSAGE and "Traceback" not in e and 'File "' not in e for e in errors), errors
    ping, missing, path, not_text, fresh, restored = answers
    assert ping == [{"error": "the worker only answers init"}]
    assert missing[0]["error"].startswith("Python could not start in the worker: ")
    assert path[0]["error"].endswith("init needs the file name of a wheel")
    assert not_text[0]["error"].endswith("init needs the file name of a wheel")
    made, stored = fresh
    assert made["result"] == "ready" and made["boot"] == "fresh" and made["snapshot"] > 1e6
    assert made["module"] is True  # Pyodide's WebAssembly, compiled here, for the page
    assert stored == {"stored": True, "warmed": True}  # and it ran a game screen's code for the page
    # no second snapshot; the compiled module again
    assert restored == [{"result": "ready", "boot": "snapshot", "module": True}, {"stored": True, "warmed": True}]
