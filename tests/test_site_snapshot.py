"""Python snapshots (``web/static/app/snapshot.js``): the bot worker stores Python's memory after
its first start; the next start of the page and of the worker restores it instead of booting
Python, and plays, translates and imports as a normal start does. A damaged snapshot ends in a
normal start, and a good snapshot is made again."""

from __future__ import annotations

import gzip
import json
import os
import time
from typing import Any

import pytest

from site_helpers import READY_TIMEOUT_MS, log_texts, wait_ready

pytestmark = pytest.mark.browser

CACHE = "pygame_rules.snapshots"
#: The stored snapshots: [url, compressed bytes] for each.
STORED = f"""async () => {{
  const cache = await caches.open({json.dumps(CACHE)});
  return Promise.all((await cache.keys()).map(async (r) => [r.url, (await (await cache.match(r)).blob()).size]));
}}"""
BOOTS = "() => [document.documentElement.dataset.pythonBoot, document.documentElement.dataset.workerBoot]"


def stored_snapshot(page: Any, timeout_s: float = 120) -> tuple[str, int]:
    """Wait until the worker has stored its snapshot (the page cannot wait on an async
    condition, so this polls); return its URL and size."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        stored = page.evaluate(STORED)
        if stored:
            assert len(stored) == 1, stored
            return stored[0][0], stored[0][1]
        time.sleep(0.5)
    raise AssertionError("the worker stored no Python snapshot")


def worker_boot(page: Any) -> str:
    page.wait_for_function("() => !!document.documentElement.dataset.workerBoot", timeout=READY_TIMEOUT_MS)
    return str(page.evaluate("() => document.documentElement.dataset.workerBoot"))


def computer_moves_first(page: Any) -> None:
    """A Türme game with an easy computer in seat 1: its first move appears in the log."""
    page.click(".game-card[data-game='tuerme'] button")
    page.select_option("#player-count", "2")
    page.select_option("select[name='kind0']", "easy")
    page.fill("#bot-time", "0.2")
    page.fill("#seed", "3")
    page.click("#start-game")
    page.wait_for_function("() => document.querySelectorAll('#log li:not(.log-start)').length > 0",
                           timeout=READY_TIMEOUT_MS)
    assert log_texts(page)[0].startswith("Player 1: ")


@pytest.fixture
def instant(context: Any) -> None:
    """Computer moves shown at once (the reader's pace would only slow the test)."""
    settings = json.dumps(json.dumps({"pace": "instant", "sound": False}))
    context.add_init_script(f"localStorage.setItem('pygame_rules.settings', {settings})")


def test_the_next_start_restores_python_from_the_snapshot(page: Any, guard: Any, instant: None,
                                                          site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    assert worker_boot(page) == "fresh"
    assert page.evaluate(BOOTS)[0] == "fresh"
    url, size = stored_snapshot(page)
    print(f"snapshot {url.rsplit('/', 1)[1]}: {size / 1e6:.1f} MB stored")
    assert 1e6 < size < 40e6

    page.reload()
    wait_ready(page)
    assert worker_boot(page) == "snapshot"
    assert page.evaluate(BOOTS) == ["snapshot", "snapshot"]
    assert page.evaluate(STORED) == [[url, size]]  # used, not made again
    page.select_option("#language", "de")  # the catalogues are files, restored beside the modules
    page.wait_for_function("() => document.querySelector('.game-card button').textContent === 'Neue Partie'")
    page.select_option("#language", "en")
    computer_moves_first(page)  # the worker's restored Python thinks; the page's draws the game
    assert page.locator("#board svg").count() == 1


@pytest.mark.parametrize("damage", ["truncated", "foreign"])
def test_a_damaged_snapshot_means_a_normal_start_and_a_new_snapshot(page: Any, guard: Any, instant: None,
                                                                     site_url: str, damage: str) -> None:
    """``truncated``: half of the stored file (gzip's own check fails); ``foreign``: a well-formed
    file whose content is no snapshot of ours (Pyodide's restore fails)."""
    page.goto(site_url)
    wait_ready(page)
    url, size = stored_snapshot(page)
    if damage == "truncated":
        body = list(page.evaluate(f"""async () => {{
          const cache = await caches.open({json.dumps(CACHE)});
          return [...new Uint8Array(await (await cache.match({json.dumps(url)})).arrayBuffer())].slice(0, {size // 2});
        }}"""))
    else:
        body = list(gzip.compress(os.urandom(1 << 20)))
    page.evaluate(f"""async (body) => {{
      const cache = await caches.open({json.dumps(CACHE)});
      await cache.put({json.dumps(url)}, new Response(new Uint8Array(body)));
    }}""", body)

    page.reload()
    wait_ready(page)
    assert page.evaluate(BOOTS)[0] == "fresh"
    assert worker_boot(page) == "fresh"
    assert page.evaluate("() => [...document.querySelectorAll('#load-error:not([hidden]), .py-error')].length") == 0
    new_url, new_size = stored_snapshot(page)
    assert new_url == url and new_size > 1e6  # the same build: the same key, a good snapshot again
    page.reload()
    wait_ready(page)
    assert worker_boot(page) == "snapshot"
    assert page.evaluate(BOOTS) == ["snapshot", "snapshot"]
    computer_moves_first(page)
