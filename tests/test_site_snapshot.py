"""Python snapshots (``web/static/app/snapshot.js``): on a first visit Python boots once, in a
worker, which stores its memory and hands it to the page; the page and every later start
restore it instead of booting Python, and play, translate and import as a normal start does.
A damaged snapshot ends in a normal start, and a good snapshot is made again at the next."""

from __future__ import annotations

import gzip
import json
import os
from typing import Any

import pytest

from site_helpers import (
    BOOTS,
    CACHE,
    READY_TIMEOUT_MS,
    STORED,
    collect_garbage,
    log_texts,
    renderers_resident_kb,
    stored_snapshot,
    wait_ready,
)

pytestmark = pytest.mark.browser

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
    assert page.evaluate(BOOTS)[0] == "worker"  # the page restored the worker's new snapshot
    url, size = stored_snapshot(page)
    print(f"snapshot {url.rsplit('/', 1)[1]}: {size / 1e6:.1f} MB stored")
    assert 1e6 < size < 40e6

    page.reload()
    wait_ready(page)
    assert page.evaluate(BOOTS) == ["snapshot", None]  # and no worker: one Python, the page's
    assert page.evaluate(STORED) == [[url, size]]  # used, not made again
    page.select_option("#language", "de")  # the catalogues are files, restored beside the modules
    page.wait_for_function("() => document.querySelector('.game-card button').textContent === 'Neue Partie'")
    page.select_option("#language", "en")
    computer_moves_first(page)  # the page's restored Python thinks (in slices) and draws the game
    assert page.locator("#board svg").count() == 1


@pytest.mark.parametrize("damage", ["truncated", "foreign"])
def test_a_damaged_snapshot_means_a_normal_start_and_a_new_snapshot(page: Any, guard: Any, instant: None,
                                                                     site_url: str, damage: str) -> None:
    """``truncated``: half of the stored file (gzip's own check fails); ``foreign``: a well-formed
    file whose content is no snapshot of ours (Pyodide's restore fails). Either way the page boots
    Python itself and drops the snapshot, and the next start makes a new one in the worker."""
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
    assert page.evaluate(BOOTS) == ["fresh", None]
    assert page.evaluate("() => [...document.querySelectorAll('#load-error:not([hidden]), .py-error')].length") == 0
    assert page.evaluate(STORED) == []  # dropped
    computer_moves_first(page)
    page.reload()
    wait_ready(page)
    assert worker_boot(page) == "fresh"
    new_url, new_size = stored_snapshot(page)
    assert new_url == url and new_size > 1e6  # the same build: the same key, a good snapshot again
    page.reload()
    wait_ready(page)
    assert page.evaluate(BOOTS) == ["snapshot", None]


def big_buffers(page: Any) -> list[int]:
    """The sizes of the ArrayBuffer contents over 10 MB that the page's main thread holds, from a
    heap snapshot (Python's memory is one; the snapshot's bytes would be another)."""
    cdp = page.context.new_cdp_session(page)
    chunks: list[str] = []
    cdp.on("HeapProfiler.addHeapSnapshotChunk", lambda event: chunks.append(event["chunk"]))
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.takeHeapSnapshot", {"reportProgress": False})
    heap = json.loads("".join(chunks))
    fields = heap["snapshot"]["meta"]["node_fields"]
    name, size, width = fields.index("name"), fields.index("self_size"), len(fields)
    nodes, strings = heap["nodes"], heap["strings"]
    return sorted(nodes[i + size] for i in range(0, len(nodes), width)
                  if strings[nodes[i + name]] == "system / JSArrayBufferData" and nodes[i + size] > 10e6)


def test_a_restored_page_keeps_no_copy_of_the_snapshot(page: Any, guard: Any, site_url: str) -> None:
    """Pyodide keeps its options, the snapshot among them, for as long as it runs; once restored
    from them, the snapshot's bytes are let go (31 MB, which stayed on the page until this test)."""
    page.goto(site_url)
    wait_ready(page)
    for boot in ("worker", "snapshot"):  # the worker's new snapshot, then the stored one
        assert page.evaluate(BOOTS)[0] == boot
        sizes = big_buffers(page)
        print(f"{boot}: ArrayBuffers over 10 MB: {[round(s / 1e6, 1) for s in sizes]} MB")
        assert len(sizes) == 1  # Python's memory only
        stored_snapshot(page)
        page.reload()
        wait_ready(page)


#: Bytes the size of the snapshot, read as snapshot.js reads it (a Response's arrayBuffer, every
#: page written), to be let go as the page lets the snapshot go (snapshot.js's ``release``).
HOLD = """async () => {
  const { release } = await import("./app/snapshot.js");
  const bytes = new Uint8Array(await new Response(new Blob([new Uint8Array(32 << 20).fill(1)]).stream()).arrayBuffer());
  window.heldBytes = bytes;
  window.letGo = () => release(bytes);
}"""


OFFLINE = "() => document.getElementById('offline-status').textContent.startsWith('Ready for offline use')"


def test_letting_the_snapshot_go_frees_its_memory_at_once(page: Any, guard: Any, site_url: str) -> None:
    """Detaching a buffer is not enough: Chromium kept the 31 MB of a snapshot detached with
    ``transfer(0)`` until the page closed. ``release`` must give the memory back at once, with
    the bytes' view still referenced and no garbage collection."""
    page.goto(site_url)
    wait_ready(page)
    stored_snapshot(page)  # the first visit's worker is done,
    page.wait_for_function(OFFLINE, timeout=READY_TIMEOUT_MS)  # and so is the service worker
    collect_garbage(page)
    before = renderers_resident_kb(page)
    page.evaluate(HOLD)
    collect_garbage(page)  # only the bytes held are left
    held = renderers_resident_kb(page)
    page.evaluate("() => { window.letGo(); }")
    page.wait_for_timeout(500)
    after = renderers_resident_kb(page)
    ours = max(held, key=lambda pid: held[pid] - before.get(pid, held[pid]))  # the page's renderer
    print(f"the page's renderer: {before[ours] / 1000:.0f} MB, {held[ours] / 1000:.0f} MB holding 33.6 MB,"
          f" {after[ours] / 1000:.0f} MB once let go")
    assert held[ours] - before[ours] > 25_000
    assert held[ours] - after[ours] > 25_000
    assert page.evaluate("() => window.heldBytes.byteLength") == 0  # detached


def use_first_diagram(page: Any) -> str:
    """Step the gallery's first diagram forward (which starts the embed's Python); return how the
    embed's worker started Python (its frame's ``data-python-boot``)."""
    diagram = page.locator("[data-pygame-rules][data-moves]").first
    diagram.get_by_role("button", name="Forward one move").click()
    page.wait_for_selector('[data-pygame-rules][data-moves][data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    frame = page.frame_locator("iframe").locator("html[data-python-boot]")
    frame.wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    return str(frame.get_attribute("data-python-boot"))


def test_embeds_and_the_app_share_one_snapshot(page: Any, guard: Any, instant: None, site_url: str) -> None:
    """The embed's worker starts Python as the app's first-visit worker does: on a first visit it boots
    Python and stores the snapshot, which the app's page then restores, and so does the next
    embed."""
    page.goto(site_url + "gallery.html")
    assert use_first_diagram(page) == "fresh"
    url, size = stored_snapshot(page)
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate(BOOTS)[0] == "snapshot"
    computer_moves_first(page)
    page.goto(site_url + "gallery.html")
    assert use_first_diagram(page) == "snapshot"
    assert page.evaluate(STORED) == [[url, size]]
