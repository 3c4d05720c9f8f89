"""Start-up in Chromium: the app's Python starts in its worker (``web/static/app/worker.js``), from
a snapshot of Python's memory when this browser stored one for this build (``app/snapshot.js``).
A first visit boots Python, draws the first screen and stores the snapshot; the next start
restores it and plays, translates and thinks as a normal start does; a damaged snapshot ends in a
normal start and a good snapshot again; the embeds' worker shares the snapshot; a Python that can't
start is said on the page. The page itself runs no Python: it never fetches the WebAssembly."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from site_helpers import CACHE, READY_TIMEOUT_MS, STORED, log_texts, stored_snapshot, wait_ready

pytestmark = pytest.mark.browser

#: How the worker's Python started: "snapshot" (the stored one) or "fresh".
BOOT = "() => document.documentElement.dataset.pythonBoot ?? null"
#: The page's own requests for WebAssembly (a worker's requests are its own, not in this list).
PAGE_WASM = "() => performance.getEntriesByType('resource').filter((e) => e.name.includes('.wasm')).length"
INSTANT = f"localStorage.setItem('pygame_rules.settings', {json.dumps(json.dumps({'pace': 'instant'}))})"


def computer_moves_first(page: Any) -> None:
    """A Türme game with an easy computer in seat 1: its first move appears in the log."""
    page.click(".game-card[data-game='tuerme'] button")
    page.select_option("#player-count", "2")
    page.wait_for_selector("#setup .seat:nth-of-type(2)")
    page.select_option("select[name='kind0']", "easy")
    page.select_option("select[name='kind1']", "human")
    page.fill("#bot-time", "0.2")
    page.fill("#seed", "3")
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))  # the worker's too
    page.click("#start-game")
    try:
        page.wait_for_function("() => document.querySelectorAll('#log li:not(.log-start)').length > 0",
                               timeout=READY_TIMEOUT_MS)
    except PlaywrightTimeout:  # say what the page showed and the worker said (a rare stall, seen under load)
        shown = page.evaluate("() => document.getElementById('app')?.innerText ?? ''")
        raise AssertionError(f"no computer move; the page shows {shown[:600]!r}; console: {console[-20:]}") from None
    assert log_texts(page)[0].startswith("Player 1: ")


def test_a_first_visit_stores_the_snapshot_and_the_next_start_restores_it(own_context: Any, site_url: str) -> None:
    page = own_context().new_page()
    page.add_init_script(INSTANT)
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate(BOOT) == "fresh"
    url, size = stored_snapshot(page)
    print(f"snapshot {url.rsplit('/', 1)[1]}: {size / 1e6:.1f} MB stored")
    assert 1e6 < size < 40e6
    assert page.evaluate(PAGE_WASM) == 0

    page.reload()
    wait_ready(page)
    assert page.evaluate(BOOT) == "snapshot"
    assert page.evaluate(STORED) == [[url, size]]  # used, not made again
    assert page.evaluate(PAGE_WASM) == 0
    page.select_option("#language", "de")  # the catalogues are files, unpacked beside the restored modules
    page.wait_for_function("() => document.querySelector('.game-card button').textContent === 'Neue Partie'")
    page.select_option("#language", "en")
    computer_moves_first(page)  # the restored Python thinks (in slices) and draws the game
    assert page.locator("#board svg").count() == 1


#: Damages the stored snapshot ([url, how]): "truncated" keeps its first half, "foreign" puts a
#: well-formed gzip file of random bytes in its place. Returns the damaged entry's size.
DAMAGE = f"""async ([url, how]) => {{
  const cache = await caches.open({json.dumps(CACHE)});
  let body;
  if (how === "truncated") {{
    const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
    body = bytes.slice(0, bytes.length >> 1);
  }} else {{
    const raw = new Uint8Array(1 << 20);
    for (let at = 0; at < raw.length; at += 65536) crypto.getRandomValues(raw.subarray(at, at + 65536));
    body = new Uint8Array(await new Response(new Blob([raw]).stream()
                                               .pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  }}
  await cache.put(url, new Response(body));
  return body.length;
}}"""


def test_a_damaged_snapshot_means_a_normal_start_and_a_new_snapshot(own_context: Any, site_url: str) -> None:
    """``truncated``: half of the stored file (gzip's own check fails); ``foreign``: a well-formed
    file whose content is no snapshot of ours (Pyodide's restore fails). Either way Python starts
    normally, nothing is shown to the reader, and a good snapshot is stored again at once, which
    the next start restores."""
    page = own_context().new_page()
    page.add_init_script(INSTANT)
    page.goto(site_url)
    wait_ready(page)
    url, _size = stored_snapshot(page)
    for damage in ("truncated", "foreign"):
        damaged = page.evaluate(DAMAGE, [url, damage])
        page.reload()
        wait_ready(page)
        assert page.evaluate(BOOT) == "fresh", damage
        assert page.locator("#load-error:not([hidden])").count() == 0, damage
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while (stored := page.evaluate(STORED)) in ([], [[url, damaged]]):  # (no async condition: polled)
            assert time.monotonic() < deadline, f"{damage}: no new snapshot stored"
            page.wait_for_timeout(250)
        assert stored[0][0] == url and stored[0][1] > 1e6, damage  # the same build: the same key, a good snapshot
    computer_moves_first(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate(BOOT) == "snapshot"


def use_first_diagram(page: Any) -> str:
    """Step the gallery's first diagram forward (which starts the embed's Python); return how the
    embed's worker started Python (its frame's ``data-python-boot``)."""
    diagram = page.locator("[data-pygame-rules][data-moves]").first
    diagram.get_by_role("button", name="Forward one move").click()
    page.wait_for_selector('[data-pygame-rules][data-moves][data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    frame = page.frame_locator("iframe").locator("html[data-python-boot]")
    frame.wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    return str(frame.get_attribute("data-python-boot"))


def test_embeds_and_the_app_share_one_snapshot(own_context: Any, site_url: str) -> None:
    """The embed's worker starts Python as the app's does: on a first visit of the gallery it boots
    Python and stores the snapshot, which the app's worker then restores, and so does the next
    embed."""
    page = own_context().new_page()
    page.add_init_script(INSTANT)
    page.goto(site_url + "gallery.html")
    assert use_first_diagram(page) == "fresh"
    url, size = stored_snapshot(page)
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate(BOOT) == "snapshot"
    computer_moves_first(page)
    page.goto(site_url + "gallery.html")
    assert use_first_diagram(page) == "snapshot"
    assert page.evaluate(STORED) == [[url, size]]


def test_a_python_that_cannot_start_is_said_on_the_page(own_context: Any, site_url: str) -> None:
    """The worker can't fetch our wheel: the page says that the game engine could not start, with
    the reason in brief, and the start screen the build drew stays readable."""
    context = own_context()
    context.route("**/wheels/*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(site_url)
    page.wait_for_selector("#load-error:not([hidden])")
    shown = page.locator("#load-error code").text_content()
    assert shown.endswith(": HTTP 404") and "wheels/pygame_rules-" in shown and len(shown) < 300
    assert page.locator(".game-card").count() == 3
    assert page.evaluate("() => document.body.dataset.ready ?? null") is None
    assert any("Python could not start" in error for error in errors)
