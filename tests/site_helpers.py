"""Helpers for the browser tests: starting games through the UI, reading the screen."""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: Python start-up in the page can take a while on a loaded 2-core machine.
READY_TIMEOUT_MS = 180_000


@contextmanager
def host_page(root: Path, site_url: str, heading: str, body: str) -> Iterator[str]:
    """``root``/host.html, a host page with ``heading`` and the HTML ``body`` (embedded diagrams)
    and the site's embed.js, served from a port of its own (another origin than the site's);
    yields the server's URL."""
    from serve import make_server  # web/serve.py (tests/conftest.py puts web/ on sys.path)

    (root / "host.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f'<title>Host</title></head><body><main><h1>{heading}</h1>{body}</main>'
        f'<script src="{site_url}embed/embed.js" defer></script></body></html>')
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    assert url != site_url
    try:
        yield url
    finally:
        server.shutdown()


def wait_ready(page: Any) -> None:
    """Wait for the explicit flag the page sets once the app's Python drew its first screen."""
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=READY_TIMEOUT_MS)


#: Resolves once the app's worker has handled every event the page sent it before, and the page
#: has drawn what it answered (the worker answers in order; a call to its service comes after).
SETTLED = "async () => { await window.pygameRules.call('ping', '{}'); }"


def settled(page: Any) -> None:
    """Wait until the page shows what the app made of everything done on it so far (a click is
    handled by the worker, whose answer comes a moment later; work the app goes on with in the
    background, such as a computer player's thinking, may come later still)."""
    page.evaluate(SETTLED)


def click_board(page: Any, part: Any) -> None:
    """Click the board's ``part`` (a locator) as a player does: on the board the page shows once it
    has drawn what the app made of everything done before. A click right after another would
    race that click's redrawing: the locator could find the part of the drawing about to be
    replaced, which has no box left when Playwright clicks it. ``force``: the part may lie under
    a piece, whose click the app reads as the field's."""
    settled(page)
    part.click(force=True)


def start_game(page: Any, game: str, players: int, seed: int, names: list[str] | None = None,
               options: dict[str, bool] | None = None) -> None:
    """From the home screen, set up and start a game of people (hotseat) as a player would."""
    page.click(f".game-card[data-game='{game}'] button")
    page.select_option("#player-count", str(players))
    page.wait_for_selector(f"#setup .seat:nth-of-type({players})")
    people(page, players)
    for i, name in enumerate(names or []):
        page.fill(f"input[name='name{i}']", name)
    for name, value in (options or {}).items():
        page.locator(f"input[name='opt-{name}']").set_checked(value)
    page.fill("#seed", str(seed))
    page.click("#start-game")
    page.wait_for_selector("#game, #pass-screen", timeout=READY_TIMEOUT_MS)


def people(page: Any, players: int) -> None:
    """On the setup form: every seat played by a person (a new game is you against computers)."""
    for seat in range(players):
        page.select_option(f"select[name='kind{seat}']", "human")


def log_texts(page: Any) -> list[str]:
    """The move log entries after the "Start" entry."""
    return page.locator("#log li:not(.log-start) button").all_text_contents()


def pass_to(page: Any, name: str) -> None:
    """The pass screen for ``name`` shows nothing private (no board, hand, card or offer);
    then ``name`` reveals his view."""
    screen = page.locator("#pass-screen")
    screen.wait_for()
    assert f"Pass the device to {name}" in screen.inner_text()
    assert page.locator("#board, [data-card], [data-offer-player], .hand").count() == 0
    page.locator("#reveal").click()
    page.locator("#board svg").wait_for()


#: Where a first visit stores its Python snapshot (web/static/app/snapshot.js).
CACHE = "pygame_rules.snapshots"
#: The stored snapshots: [url, compressed bytes] for each.
STORED = f"""async () => {{
  const cache = await caches.open({json.dumps(CACHE)});
  return Promise.all((await cache.keys()).map(async (r) => [r.url, (await (await cache.match(r)).blob()).size]));
}}"""


def stored_snapshot(page: Any, timeout_s: float = 120) -> tuple[str, int]:
    """Wait until the first visit has stored its Python snapshot (the page cannot wait on an async
    condition, so this polls); return its URL and size."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        stored = page.evaluate(STORED)
        if stored:
            assert len(stored) == 1, stored
            return stored[0][0], stored[0][1]
        time.sleep(0.5)
    raise AssertionError("no Python snapshot was stored")


def node_json(script: str, *args: str) -> Any:
    """What ``node tests/SCRIPT ARGS`` prints on its last line, as JSON (the built site's Pyodide
    under Node, as the build runs it)."""
    node = shutil.which("node")
    if node is None:
        raise AssertionError("node is needed (the build runs it too)")
    root = Path(__file__).resolve().parent.parent
    run = subprocess.run([node, str(root / "tests" / script), *args], cwd=root,
                         capture_output=True, text=True, timeout=300, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def renderers_resident_kb(page: Any) -> dict[int, int]:
    """The resident memory of each of the browser's renderer processes, in kB by process id
    (Linux's /proc; Chromium names them over its DevTools protocol)."""
    cdp = page.context.browser.new_browser_cdp_session()
    try:
        processes = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        cdp.detach()
    resident = {}
    for process in processes:
        if process["type"] == "renderer":
            status = Path(f"/proc/{process['id']}/status").read_text().splitlines()
            resident[process["id"]] = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return resident


def collect_garbage(page: Any) -> None:
    """A full garbage collection of the page's JavaScript (Chromium's DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    cdp.detach()
