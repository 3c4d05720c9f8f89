"""Offline and installable: the built service worker, the web-app manifest and its icons, checked
in the built site and in Chromium (DevTools protocol). The same offline start, in all three
engines, is in ``tests/test_engines.py``."""

from __future__ import annotations

import json
import shutil
import struct
import time
from pathlib import Path
from typing import Any

import pytest

from engines import READY_OFFLINE, READY_S, SHOWN_ERRORS, Chromium, Server, release_of, wait, wait_ready
from site_helpers import READY_TIMEOUT_MS, collect_garbage, renderers_resident_kb, stored_snapshot

pytestmark = pytest.mark.browser


def test_service_worker_lists_every_file_of_the_site_with_its_hash(site_dir: Path) -> None:
    """sw.js was written after every other build step: it holds each file as it is now."""
    from offline import NOT_CACHED, STATIC, release

    built = release_of(site_dir)
    now = release(site_dir, (STATIC / "sw.js").read_text())
    assert built == {"version": now.version, "assets": [[a.path, a.integrity, a.size] for a in now.assets]}
    files = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    assert {path for path, _, _ in built["assets"]} == {f for f in files - set(NOT_CACHED) if not f.endswith(".gz")}
    for needed in ("index.html", "app/worker.js", "pyodide/pyodide.asm.wasm", "gallery.html",
                   "rules/index.html", "embed/frame.html", "manifest.webmanifest"):
        assert needed in files
    assert any(path.startswith("wheels/pygame_rules-") for path in files)
    assert not any(path.startswith("pyodide/micropip-") for path in files)  # the worker unpacks our wheel


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_icons_are_rendered_at_their_sizes(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            width, height = png_size(site_dir / icon["src"])
            assert icon["sizes"] == f"{width}x{height}"
    assert {"192x192", "512x512", "any"} <= {icon["sizes"] for icon in manifest["icons"]}
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])


def test_manifest_passes_chromiums_installability_check(browser_type: Any, browser_type_launch_args: Any,
                                                        site_url: str, tmp_path: Path) -> None:
    """The manifest is fetched and parsed without errors, and Chromium finds nothing that keeps
    the app from being installed (DevTools protocol, as the Application panel asks), in a
    browser profile of its own (an incognito one can't install apps)."""
    engine = Chromium(browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args))
    try:
        engine.goto(site_url)
        wait_ready(engine)
        wait(engine, READY_OFFLINE, READY_S, "the app to be stored for offline use")
        cdp = engine.context.new_cdp_session(engine.page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == f"{site_url}manifest.webmanifest"
        assert manifest["errors"] == []
        parsed = manifest["manifest"]
        assert parsed["name"].startswith("pygame_rules") and parsed["startUrl"] == site_url
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        assert engine.problems() == []
    finally:
        engine.close()


def first_visit(engine: Chromium, server: Server, until: str, what: str) -> None:
    """Open the start page of ``server`` until the app is ready and ``until`` holds (``what``)."""
    engine.goto(server.url)
    wait_ready(engine)
    wait(engine, until, READY_S, what)


def test_gallery_rules_and_embed_work_offline(browser: Any, site_dir: Path) -> None:
    """After one visit of the start page, the gallery, the rules pages, the embed's runtime
    frame (its own Pyodide) and a shared game's link (``index.html#game=…``: the service worker
    looks the page up without its fragment) all work with the server stopped."""
    from pygame_rules.session import Seat, Session
    from pygame_rules.share import link_fragment, record

    shared = Session.new("tuerme", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=5)
    engine = Chromium(browser.new_context())
    try:
        with Server(site_dir) as server:
            first_visit(engine, server, READY_OFFLINE, "the app to be stored for offline use")
        for page in ("rules/", "rules/saba.html"):
            engine.goto(server.url + page)
            assert engine.evaluate("() => document.querySelector('main h1').textContent")
        engine.goto(server.url + "gallery.html")
        engine.page.locator("#tuerme-picture-1").get_by_role("button", name="Forward one move").click()
        engine.page.wait_for_selector('#tuerme-picture-1 [data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
        assert engine.page.locator("#tuerme-picture-1 .pgr-ply").text_content() == "1 / 1: d4xd6"
        engine.goto(server.url + "index.html" + link_fragment(record(shared, None)))
        wait_ready(engine)
        assert engine.evaluate("() => document.querySelector('#shared h1')?.textContent") == \
            "Shared game: Spiel der Türme"
        assert engine.problems() == []
    finally:
        engine.close()


#: The caches of releases the service worker stored.
RELEASES = "async () => (await caches.keys()).filter(name => name.startsWith('pygame-rules-'))"
NOT_STORED = """() => document.getElementById('offline-status').textContent
                     .startsWith('Not ready for offline use: the app could not be stored')"""


def test_a_file_that_is_not_the_releases_fails_the_install(browser: Any, site_dir: Path, tmp_path: Path) -> None:
    """A file that differs from the hash the release lists (a host serving half of an update, a
    proxy rewriting pages) is never stored: the service worker drops what it stored of that
    release, the line under the page says so, and the app runs from the network."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    changed = site / "rules" / "rules.css"
    changed.write_text(changed.read_text() + "\n/* not the listed file */\n")
    engine = Chromium(browser.new_context())
    try:
        with Server(site) as server:
            first_visit(engine, server, NOT_STORED, "the failed install")
            assert engine.evaluate(RELEASES) == []
            assert engine.evaluate(SHOWN_ERRORS) == []
    finally:
        engine.close()


def settled_resident_kb(page: Any) -> dict[int, int]:
    """The renderers' resident memory (``renderers_resident_kb``) once no renderer changes by
    more than 1 MB in a second: the memory a garbage collection freed goes back to the system
    a little later, in the background (at most 10 s)."""
    now = renderers_resident_kb(page)
    for _ in range(10):
        time.sleep(1)
        now, then = renderers_resident_kb(page), now
        if all(abs(now[pid] - then.get(pid, 0)) < 1_000 for pid in now):
            break
    return now


def test_the_stored_release_leaves_the_service_workers_memory(browser: Any, site_url: str) -> None:
    """Once the release is stored, the service worker holds no copy of it: it stays idle in the
    page's renderer until the browser stops it (about 30 s later), and stopping it frees little.
    Checked with fetch's ``integrity`` option, the worker held about 40 MB until it stopped."""
    engine = Chromium(browser.new_context())
    page = engine.page
    try:
        engine.goto(site_url)
        wait_ready(engine)
        wait(engine, READY_OFFLINE, READY_S, "the app to be stored for offline use")
        stored_snapshot(page)
        collect_garbage(page)
        before = settled_resident_kb(page)
        cdp = page.context.new_cdp_session(page)
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        cdp.detach()
        time.sleep(1)
        after = renderers_resident_kb(page)
        freed = {pid: before[pid] - after[pid] for pid in before.keys() & after.keys()}
        ours = max(freed, key=lambda pid: freed[pid])
        print(f"stopping the service worker freed {freed[ours] / 1000:.0f} MB of the page's renderer"
              f" ({before[ours] / 1000:.0f} → {after[ours] / 1000:.0f} MB)")
        assert freed[ours] < 25_000
        assert engine.problems() == []
    finally:
        engine.close()
