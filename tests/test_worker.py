"""The first visit's worker (``app/worker.js``) in Chromium, driven directly: it boots Python,
hands over the snapshot it made, a copy of it to store with its key, and its compiled WebAssembly,
and says that it ran a game screen's code (compiled for the page too); every message is
answered, a failed start is reported briefly and leaves the worker answering (issue 23, finding
9). And the worker without Python that stores the snapshot (``app/prepare.js``) stores that
copy, which the next start restores."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pygame_rules.gate import MAX_MESSAGE

pytestmark = pytest.mark.browser

#: Time for the worker's Python to start on a loaded machine, in milliseconds.
START_MS = 240_000

# Runs in the page: one worker per list of messages, each message's answers collected until the
# last one ({error} or {warmed}); a snapshot is given as its size, the copy to keep as its key and
# size, a compiled module as whether it is one. A copy to keep goes to a worker without Python
# (``storer``, as the page does it), whose answer ({stored}) comes after the worker's last, once
# the worker has ended. Returns the answers in order.
DRIVER = """async ({url, storer, runs, startMs}) => {
    const store = (keep) => new Promise((resolve) => {
        const worker = new Worker(storer, {type: "module"});
        worker.onmessage = ({data}) => { worker.terminate(); resolve(data); };
        worker.postMessage({store: keep});
    });
    const all = [];
    for (const messages of runs) {
        const worker = new Worker(url, {type: "module"});
        for (const message of messages) {  // a worker ends with its last message's answers
            all.push(await new Promise((resolve) => {
                const got = [];
                let storing = null;
                const timer = setTimeout(() => resolve([...got, {timeout: true}]), startMs);
                worker.onmessage = async ({data}) => {
                    if (data.received) return;
                    const shown = {...data};
                    if (data.snapshot) shown.snapshot = data.snapshot.byteLength;
                    if (data.keep) {
                        shown.keep = [data.keep.key, data.keep.blob.size];
                        storing = store(data.keep);
                    }
                    if ("module" in data) shown.module = data.module instanceof WebAssembly.Module;
                    got.push(shown);
                    if (data.error) { clearTimeout(timer); resolve(got); }
                    if ("warmed" in data) {
                        clearTimeout(timer);
                        worker.terminate();  // as the page does: the copy outlives its worker
                        if (storing) got.push(await storing);
                        resolve(got);
                    }
                };
                worker.postMessage(message);
            }));
        }
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
    answers = blank.evaluate(DRIVER, {"url": site_url + "app/worker.js", "storer": site_url + "app/prepare.js",
                                      "runs": [first, again], "startMs": START_MS})
    assert not [a for got in answers for a in got if a.get("timeout")], answers
    errors = [a["error"] for got in answers for a in got if "error" in a]
    assert all(len(e) <= MAX_MESSAGE and "Traceback" not in e and 'File "' not in e for e in errors), errors
    ping, missing, path, not_text, fresh, restored = answers
    assert ping == [{"error": "the worker only answers init"}]
    assert missing[0]["error"].startswith("Python could not start in the worker: ")
    assert path[0]["error"].endswith("init needs the file name of a wheel")
    assert not_text[0]["error"].endswith("init needs the file name of a wheel")
    made, warmed, stored = fresh
    assert made["result"] == "ready" and made["boot"] == "fresh" and made["snapshot"] > 1e6
    key, size = made["keep"]
    assert re.fullmatch(r"[0-9.]+-[0-9a-f]{24}", key) and size == made["snapshot"]  # a copy, and its key
    assert made["module"] is True  # Pyodide's WebAssembly, compiled here, for the page
    assert warmed == {"warmed": True}  # it ran a game screen's code for the page
    assert stored == {"stored": True}  # the copy, stored by the worker without Python
    # restored from it: no second snapshot; the compiled module again
    assert restored == [{"result": "ready", "boot": "snapshot", "module": True}, {"warmed": True}]


def test_the_storing_worker_stores_only_a_snapshot_under_a_key(blank: Any, site_url: str) -> None:
    """``app/prepare.js`` refuses to store what is not a Blob, or under what is not a snapshot's
    key (which becomes part of a URL), and says so."""
    answers = blank.evaluate("""async (url) => {
        const ask = (message) => new Promise((resolve) => {
            const worker = new Worker(url, {type: "module"});
            worker.onmessage = ({data}) => { worker.terminate(); resolve(data); };
            worker.postMessage(message);
        });
        const blob = new Blob([new Uint8Array(16)]);
        return [await ask({store: {key: "../../x", blob}}),
                await ask({store: {key: "0.1-" + "0".repeat(24), blob: "text"}}),
                await ask({store: {key: 7, blob}})];
    }""", site_url + "app/prepare.js")
    assert answers == [{"stored": False}] * 3
