"""Measure the site's start-up in Debian's Chromium against a bare Pyodide page, interleaved.

The bare page is served from the same origin and loads Pyodide's files as released (the npm
package's, where the site's standard library has been compiled to bytecode: ``web/bytecode.py``),
then runs ``1+1``: the floor that any page running Python has to pay. Each run loads, in a
fresh profile, every page in turn (the order alternates between runs) three times:

* ``cold``: a new profile, nothing cached;
* ``warm``: a reload in the same browser (HTTP cache; the site's service worker, once stored);
* ``return``: a new browser process with the same profile (a returning visitor).

For each load it records the time until the page is ready (the site: its first screen drawn and
answering, ``pygameRulesReadyAt``; the bare page: ``1+1`` evaluated), the first contentful
paint, the longest main-thread task that ends after that paint (``longtask`` entries up to ready), the
time from ready until the first computer move is answered (the site only: an easy move at
Spiel der Türme, whatever start-up it needs included), and the renderer processes'
memory afterwards (proportional set size of every renderer of that browser, from /proc: the
page's thread and its workers), and after a first visit the memory once it has settled too (the
snapshot and the release stored, the first visit's worker ended: ``settled ×``). Medians over
the runs, and each site's ratio to the bare page;
the last column counts the loads whose page restored Python from a snapshot (the stored one, or
on a first visit the one the worker made) instead of booting it.

With ``--cpu`` each load is traced (Chromium's own task events, no profiler: ``tests/page_trace.py``)
and the table adds, for the page's thread from the first paint until ready, the most processor
time that one task used (``most cpu ms``) and the processor time of its longest task: on a
machine with few cores a task's length includes the time its thread waited for a core, which
the ``longtask`` entries cannot tell apart.

Usage: ``python bench/bench_site.py [--runs 5] [--site public] [--site other-build ...]
[--positions 8] [--cpu]`` after ``make build``; ``--positions`` adds the speed of the page's
Python (random play and hard decisions, both in slices as the page runs them), printed before
the table. Prints a table and the raw figures as JSON; not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web"), str(ROOT / "bench"), str(ROOT / "tests")]
from bench_bots import positions  # noqa: E402
from serve import Handler  # noqa: E402

from page_trace import task_cpu, traced  # noqa: E402
from pygame_rules import GAMES, get_game  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 240_000
BARE = "bench-bare.html"
#: Where the bare page finds Pyodide's files as released.
RELEASED = "/bench-bare/pyodide/"
#: The bare page: Pyodide as released, ``1+1``, and the same ready flag as the site.
BARE_PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
import { loadPyodide } from "./bench-bare/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "./bench-bare/pyodide/" });
py.runPython("1+1");
window.pygameRulesReadyAt = performance.now();
document.body.dataset.ready = "1";
</script></head><body><p>bare Pyodide</p></body></html>"""
#: Installed before any script of the page: keeps every long task of its main thread.
LONG_TASKS = """window.benchLongTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries())
    window.benchLongTasks.push([e.startTime, e.duration]); }).observe({type: "longtask", buffered: true});
new PerformanceObserver(() => {}).observe({type: "largest-contentful-paint", buffered: true});"""
READY = "() => document.body.dataset.ready === '1'"
FIGURES = """() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const fcp = paint ? paint.startTime : 0;
    const after = window.benchLongTasks.filter(([start, ms]) => start + ms > fcp).map(([, ms]) => ms);
    const restored = document.documentElement.dataset.pythonBoot === "snapshot";
    const largest = performance.getEntriesByType("largest-contentful-paint").at(-1);
    return {ready_ms: window.pygameRulesReadyAt, fcp_ms: fcp, lcp_ms: largest ? largest.startTime : fcp,
            longest_task_ms: Math.max(0, ...after), long_tasks: after.length, snapshot: restored ? 1 : 0};
}"""
FIRST_MOVE = """async (request) => {
    const started = performance.now();
    await window.pygameRules.call("bot_move", request);
    return performance.now() - started;
}"""
MODES = ("cold", "warm", "return")
#: Whether the site's first visit has stored its Python snapshot (web/static/app/snapshot.js).
SNAPSHOT_STORED = "async () => (await (await caches.open('pygame_rules.snapshots')).keys()).length > 0"


def serve(directory: Path) -> ThreadingHTTPServer:
    """The built site on a free 127.0.0.1 port, plus the bare page at ``/bench-bare.html`` and
    Pyodide's files as released under ``/bench-bare/pyodide/``."""

    class BenchHandler(Handler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(directory), **kwargs)

        def translate_path(self, path: str) -> str:
            if path.startswith(RELEASED):
                name = path.split("?")[0][len(RELEASED):]
                if "/" not in name and not name.startswith("."):
                    return str(ROOT / "node_modules" / "pyodide" / name)
            return str(super().translate_path(path))

        def do_GET(self) -> None:
            if self.path.split("?")[0] != "/" + BARE:
                return super().do_GET()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(BARE_PAGE)))
            self.end_headers()
            self.wfile.write(BARE_PAGE)
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), BenchHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def renderer_memory_mb() -> float:
    """Proportional set size of every Chromium renderer started by this process, in MB."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue

    def ours(pid: int) -> bool:
        while pid > 1:
            if pid == os.getpid():
                return True
            pid = parents.get(pid, 0)
        return False

    total_kb = 0
    for pid in parents:
        try:
            renderer = b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
            if renderer and ours(pid):
                rollup = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
                total_kb += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
        except (OSError, StopIteration):
            continue
    return total_kb / 1000


def first_move_request() -> str:
    game = get_game("tuerme")
    return json.dumps({"game": "tuerme", "state": game.state_to_json(game.new_game(2, seed=1)),
                       "player": 0, "level": "easy", "budget_ms": 50, "seed": 1})


#: After a first visit, how long to wait once the snapshot and the release are stored before
#: the memory is read again ("settled"): the first visit's worker then has ended too.
SETTLE_S = 2.0


def measure(page: Page, load: Callable[[], Any], bot: str | None, cpu: bool = False) -> dict[str, float]:
    """Load the page, wait until ready, and take its figures (see the module's docstring)."""
    if cpu:
        events = traced(page, load, READY, TIMEOUT_MS)
    else:
        load()
        page.wait_for_function(READY, timeout=TIMEOUT_MS)
    figures: dict[str, float] = page.evaluate(FIGURES)
    if cpu:
        figures.update(task_cpu(events))
    if bot is not None:
        figures["first_move_ms"] = page.evaluate(FIRST_MOVE, bot)
    time.sleep(0.5)  # let the page settle before reading its memory
    figures["memory_mb"] = renderer_memory_mb()
    return figures


def offline_stored(page: Page) -> None:
    """Wait until the site's service worker has stored the release (it is active only then) and
    the first visit its Python snapshot, so that neither runs beside the next load."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(SNAPSHOT_STORED) and time.monotonic() < deadline:
        time.sleep(0.25)


def launch(pw: Any, profile: str) -> tuple[Any, Page]:
    """A new Chromium process on ``profile``, and its page, recording long tasks."""
    context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS)
    context.add_init_script(LONG_TASKS)
    return context, context.pages[0] if context.pages else context.new_page()


def visit(pw: Any, url: str, bot: str | None, cpu: bool) -> dict[str, dict[str, float]]:
    """One cold load, one reload and one returning visit of ``url`` in a profile of its own."""
    out = {}
    with tempfile.TemporaryDirectory() as profile:
        context, page = launch(pw, profile)
        out["cold"] = measure(page, lambda: page.goto(url), bot, cpu)
        if bot is not None:
            offline_stored(page)
        time.sleep(SETTLE_S)
        out["cold"]["settled_mb"] = renderer_memory_mb()
        out["warm"] = measure(page, page.reload, bot, cpu)
        context.close()
        context, page = launch(pw, profile)
        out["return"] = measure(page, lambda: page.goto(url), bot, cpu)
        context.close()
    return out


RANDOM_PLAY = """async () => {
    const ping = JSON.parse(await window.pygameRules.call("ping", "{}"));
    const out = {};
    for (const game of ping.games) {
        out[game] = JSON.parse(await window.pygameRules.call("random_play", JSON.stringify({game, budget_ms: 3000})));
    }
    return out;
}"""
HARD_MOVE = """async ([game, state, player]) => {
    window.benchLongTasks.splice(0);
    const started = performance.now();
    const answer = JSON.parse(await window.pygameRules.call("bot_move", JSON.stringify(
        {game, state, player, level: "hard", budget_ms: 1000, seed: 1})));
    const reply = answer.result || answer;
    await new Promise((done) => setTimeout(done, 100));  // the last long task reported
    return {iterations: reply.iterations, ms: performance.now() - started,
            longest: Math.max(0, ...window.benchLongTasks.map(([, ms]) => ms))};
}"""


def service_speed(pw: Any, url: str, count: int) -> None:
    """Pure-Python speed of the page's service (in slices): random play, then hard decisions with
    a 1 s budget at ``count`` positions per game along random 3-player games."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page()
    page.add_init_script(LONG_TASKS)
    page.goto(url)
    page.wait_for_function(READY, timeout=TIMEOUT_MS)
    print("Random play through pygameRules.call (Pyodide, in slices), 3 s per game:")
    for game, r in page.evaluate(RANDOM_PLAY).items():
        print(f"  {game:7} {r['plies'] / r['seconds']:8.0f} plies/s  {r['games'] / r['seconds']:6.2f} games/s")
    print(f"Hard computer player through pygameRules.call, 1 s budget, {count} positions "
          "along random 3-player games:")
    for name, game in GAMES.items():
        decisions = [page.evaluate(HARD_MOVE, [name, game.state_to_json(state), player])
                     for state, player in positions(name, 3, count)]
        ms = [d["ms"] for d in decisions]
        rate = sum(d["iterations"] for d in decisions) / sum(ms) * 1000
        print(f"  {name:7} {rate:6.0f} MCTS iterations/s, answered after {statistics.median(ms):.0f} ms"
              f" (median; slowest {max(ms):.0f} ms); the page's longest task meanwhile"
              f" {max(d.get('longest', 0) for d in decisions):.0f} ms")
    browser.close()


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, action="append",
                        help="a built site (repeat to compare builds; default: public)")
    parser.add_argument("--positions", type=int, default=0,
                        help="afterwards, measure the speed of each site's Python: random play "
                             "and hard decisions at this many positions per game (default: skip)")
    parser.add_argument("--cpu", action="store_true",
                        help="trace each load and add the most processor time one task of the page used")
    args = parser.parse_args()
    sites = [s.resolve() for s in (args.site or [ROOT / "public"])]
    servers = [serve(site) for site in sites]
    bot = first_move_request()
    pages: list[tuple[str, str, str | None]] = [
        ("bare", f"http://127.0.0.1:{servers[0].server_address[1]}/{BARE}", None)]
    pages += [(site.name, f"http://127.0.0.1:{server.server_address[1]}/", bot)
              for site, server in zip(sites, servers, strict=True)]
    results: dict[str, list[dict[str, dict[str, float]]]] = {name: [] for name, _, _ in pages}
    loads = [load_average()]
    with sync_playwright() as pw:
        for run in range(args.runs):
            for name, url, request in pages if run % 2 == 0 else pages[::-1]:
                results[name].append(visit(pw, url, request, args.cpu))
            loads.append(load_average())
            print(f"run {run + 1}/{args.runs} done, load average {loads[-1]}", file=sys.stderr)
        for name, url, _request in pages[1:] if args.positions else ():
            print(f"{name}:")
            service_speed(pw, url, args.positions)
    for server in servers:
        server.shutdown()

    def median(name: str, mode: str, key: str) -> float | None:
        values = [r[mode][key] for r in results[name] if key in r[mode]]
        return statistics.median(values) if values else None

    print(f"Start-up, medians over {args.runs} interleaved runs (Chromium {CHROMIUM}, "
          f"{os.cpu_count()} CPUs, load average before/after: {loads[0]} / {loads[-1]}):")
    print(f"{'page':14} {'load':6} {'ready s':>8} {'× bare':>7} {'paint ms':>9} {'longest task ms':>16}"
          f" {'first move ms':>14} {'memory MB':>10} {'× bare':>7} {'settled ×':>10} {'snapshot':>9}"
          + (f" {'most cpu ms':>12} {'longest: cpu ms':>16}" if args.cpu else ""))
    for mode in MODES:
        bare_ready = median("bare", mode, "ready_ms") or 1.0
        bare_memory = median("bare", mode, "memory_mb") or 1.0
        for name, _, _ in pages:
            ready = median(name, mode, "ready_ms") or 0.0
            memory = median(name, mode, "memory_mb") or 0.0
            move = median(name, mode, "first_move_ms")
            restored = sum(int(r[mode].get("snapshot", 0)) for r in results[name])
            settled = median(name, mode, "settled_mb")
            settled_ratio = "" if settled is None else f"{settled / (median('bare', mode, 'settled_mb') or 1.0):.2f}"
            print(f"{name:14} {mode:6} {ready / 1000:8.2f} {ready / bare_ready:7.2f}"
                  f" {median(name, mode, 'fcp_ms') or 0:9.0f} {median(name, mode, 'longest_task_ms') or 0:16.0f}"
                  f" {'' if move is None else f'{move:.0f}':>14} {memory:10.0f} {memory / bare_memory:7.2f}"
                  f" {settled_ratio:>10} {f'{restored}/{len(results[name])}':>9}"
                  + (f" {median(name, mode, 'most_cpu_ms') or 0:12.0f}"
                     f" {median(name, mode, 'longest_cpu_ms') or 0:16.0f}" if args.cpu else ""))
    print(json.dumps({"loads": loads, "results": results}))


if __name__ == "__main__":
    main()
