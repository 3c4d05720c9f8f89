"""Measure how fast the game screen answers a click, in Debian's Chromium, for one or more builds.

A game of Spiel der Türme between two people, made by random play in CPython (``--moves`` long),
is imported the way a player imports a file; then the move log's entries are clicked one after
the other (each click draws the whole screen again: the board at that move, the side panel and
the log; a move inside a closed turn's entry needs a click on that turn's line first, timed as a
log click too), then "Back to the present", then the board's first control ten times (a stone of the
player to move: chosen, let go; each click redraws the board and the side panel). Each click is
timed from the event to the end of the next frame after its handlers (what a player sees), and
its handlers' time on its own (Python drawing the screen). The sites are visited in turn, the
order alternating between runs, each in a fresh browser profile, so that their figures come from
the same machine at the same time. As a baseline in the same run, a click on the status line,
which has no handler of its own (only the page's delegated listener looks at it), is timed the
same way.

Before the clicks, it records the page's longest task (``longtask`` entries) while the game is
imported and drawn with its whole log, and again while it is opened from the list of saved games
after a trip to the home screen (once the first visit's worker has ended, so that only the page
works).

Usage: ``python bench/bench_clicks.py [--runs 3] [--moves 300] [--site public] [--site other ...]``
after ``make build``. Prints a table of medians (of the opening's longest tasks, each run's, in
ms; 0: none over 50 ms); not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
from bench_site import ARGS, CHROMIUM, READY, SNAPSHOT_STORED, TIMEOUT_MS, load_average, serve  # noqa: E402

from pygame_rules import get_game  # noqa: E402
from pygame_rules.rng import Rng  # noqa: E402
from pygame_rules.session import Seat, Session  # noqa: E402

#: Installed before any script of the page: times every click, from the event to the end of the
#: next frame after the app's answer is on the page (the worker's commands for it applied: the
#: page's "pygame-rules:drawn" event; a task queued from the next animation frame runs once that
#: frame is painted), and until that answer was applied. A click on what has no handler (the
#: baseline), and any click of a build whose page runs Python itself, is timed to the next frame.
CLICKS = """window.benchClicks = [];
addEventListener("click", (event) => {
  const start = event.timeStamp;
  const painted = (drawn) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => window.benchClicks.push([performance.now() - start, drawn - start]);
    channel.port2.postMessage(0);
  });
  // (a build whose page runs Python answers within the click's own task: no event to wait for)
  if (event.target.closest("[data-on-click]") && document.querySelector("script[src$='shell.js']")) {
    addEventListener("pygame-rules:drawn", () => painted(performance.now()), {once: true});
  } else {
    painted(performance.now());
  }
}, true);"""
#: Installed before any script of the page: every long task's duration (ms), to be taken by LONGEST.
LONG_TASKS = """window.benchLong = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.benchLong.push(entry.duration);
}).observe({type: "longtask", buffered: true});"""
#: The longest task since the last call (0: none over 50 ms), forgetting them.
LONGEST = "() => Math.max(0, ...window.benchLong.splice(0))"
#: Whether the whole move log is on the page (a long one is written in slices): an entry per move
#: and the start, those of a turn of several moves inside the turn's entry (``li[data-turn]``).
WHOLE_LOG = "(count) => document.querySelectorAll('#log li[data-ply]').length === count"
#: Whether the log's entry of a move is inside a turn's entry that is closed.
FOLDED = "(ply) => Boolean(document.querySelector(`#log li[data-ply='${ply}']`).closest('details:not([open])'))"
#: Instant computer moves, no animation or sound: only drawing is timed.
QUIET = ("() => localStorage.setItem('pygame_rules.settings',"
         " JSON.stringify({sound: false, animate: false, pace: 'instant'}))")


def long_game(moves: int, seed: int = 3) -> str:
    """A save of a two-person game of Spiel der Türme, ``moves`` random moves long (or to its end)."""
    game = get_game("tuerme")
    session = Session.new("tuerme", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=seed)
    rng = Rng.from_seed(seed)
    while len(session.moves) < moves and not game.is_over(session.state):
        player = game.to_move(session.state)[0]
        session.play(player, rng.choice(game.legal_actions(session.state, player)))
    return session.to_text()


def clicks(page: Page) -> list[list[float]]:
    """The clicks timed so far ([to the next frame, handlers] in ms), and forget them."""
    return page.evaluate("() => window.benchClicks.splice(0)")


def visit(pw: Any, url: str, save: Path, throttle: float) -> dict[str, list[list[float]]]:
    """Import the game in a fresh profile, then time the clicks (see the module's docstring),
    with the processor slowed down ``throttle`` times (Chromium's CPU throttling) from the import on."""
    with tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                        viewport={"width": 1280, "height": 900})
        context.add_init_script(CLICKS)
        context.add_init_script(LONG_TASKS)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=TIMEOUT_MS)
        page.evaluate(QUIET)
        page.wait_for_function(SNAPSHOT_STORED, timeout=TIMEOUT_MS, polling=250)
        page.wait_for_timeout(1500)  # the first visit's snapshot is stored
        page.reload()  # the page as a returning visitor has it (Python from the snapshot)
        page.wait_for_function(READY, timeout=TIMEOUT_MS)
        if throttle > 1:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.evaluate(LONGEST)
        page.set_input_files("#import-file", str(save))
        page.wait_for_selector("#board svg")
        plies = len(json.loads(save.read_text())["moves"])
        page.wait_for_function(WHOLE_LOG, arg=plies + 1)
        page.wait_for_timeout(300)  # the last long tasks reported
        out = {"import": [[page.evaluate(LONGEST), 0.0]]}
        page.click("#menu")
        page.wait_for_selector(".saved-game button")
        page.wait_for_timeout(300)
        page.evaluate(LONGEST)
        page.locator(".saved-game button").first.click()
        page.wait_for_selector("#board svg")
        page.wait_for_function(WHOLE_LOG, arg=plies + 1)
        page.wait_for_timeout(300)
        out["open"] = [[page.evaluate(LONGEST), 0.0]]
        page.wait_for_timeout(200)
        clicks(page)
        for _ in range(10):  # the baseline: a click that runs no Python
            page.click("#status")
            page.wait_for_timeout(100)
        out["baseline"] = clicks(page)
        for ply in range(0, plies, max(1, plies // 20)):
            if page.evaluate(FOLDED, ply):  # open its turn's entry first: a click on the log too
                turn = page.locator(f"#log li[data-turn]:has(li[data-ply='{ply}'])")
                turn.locator("summary").first.click()
                page.wait_for_selector(f"#log li[data-turn]:has(li[data-ply='{ply}']) details[open]")
                page.wait_for_timeout(100)
            page.click(f"#log li[data-ply='{ply}'] button")
            page.wait_for_selector(f"#log li[data-ply='{ply}'][data-shown]", state="attached")
            page.wait_for_timeout(100)
        page.click("#back-to-present")
        page.wait_for_selector("#back-to-present", state="detached")
        page.wait_for_timeout(200)
        out["log"] = clicks(page)
        for _ in range(10):  # the board's first control, at the present position (a Türme stone: chosen, let go)
            page.locator("#board [tabindex]").first.click(force=True)
            page.wait_for_timeout(150)
        out["board"] = clicks(page)
        out["clicks longest"] = [[page.evaluate(LONGEST), 0.0]]
        out["nodes"] = [[page.evaluate("document.getElementsByTagName('*').length"), 0.0]]
        context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--site", type=Path, action="append", help="a built site (repeat to compare builds)")
    parser.add_argument("--throttle", type=float, default=1.0,
                        help="slow the processor down this many times (Chromium's CPU throttling; 4: a phone)")
    args = parser.parse_args()
    sites = [s.resolve() for s in (args.site or [ROOT / "public"])]
    servers = [serve(site) for site in sites]
    pages = [(site.name, f"http://127.0.0.1:{server.server_address[1]}/") for site, server in zip(sites, servers,
                                                                                                   strict=True)]
    results: dict[str, list[dict[str, list[list[float]]]]] = {name: [] for name, _ in pages}
    loads = [load_average()]
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        save = Path(folder) / "long-game.json"
        save.write_text(long_game(args.moves))
        for run in range(args.runs):
            for name, url in pages if run % 2 == 0 else pages[::-1]:
                results[name].append(visit(pw, url, save, args.throttle))
            loads.append(load_average())
            print(f"run {run + 1}/{args.runs} done, load average {loads[-1]}", file=sys.stderr)
    for server in servers:
        server.shutdown()
    print(f"Clicks on the game screen, {args.moves}-move game of Spiel der Türme, medians over {args.runs} runs "
          f"(Chromium {CHROMIUM}, CPU throttled {args.throttle:g}×, load average before/after: "
          f"{loads[0]} / {loads[-1]}):")
    print(f"{'site':14} {'elements':>8} {'baseline ms':>12} {'log click ms':>13} {'slowest ms':>11}"
          f" {'log answer ms':>14} {'board click ms':>15} {'board answer ms':>16} {'import longest':>15}"
          f" {'open longest':>13} {'clicks longest':>15}")
    for name, runs in results.items():
        base = [d for r in runs for d, _ in r["baseline"]] or [0.0]
        log = [d for r in runs for d, _ in r["log"]]
        python = [p for r in runs for _, p in r["log"]]
        board = [d for r in runs for d, _ in r["board"]] or [0.0]
        board_python = [p for r in runs for _, p in r["board"]] or [0.0]
        elements = statistics.median(r["nodes"][0][0] for r in runs)
        opening = {kind: ", ".join(f"{r[kind][0][0]:.0f}" for r in runs)
                   for kind in ("import", "open", "clicks longest")}
        print(f"{name:14} {elements:8.0f} {statistics.median(base):12.0f} {statistics.median(log):13.0f}"
              f" {max(log):11.0f} {statistics.median(python):14.1f} {statistics.median(board):15.0f}"
              f" {statistics.median(board_python):16.1f} {opening['import']:>15} {opening['open']:>13}"
              f" {opening['clicks longest']:>15}")


if __name__ == "__main__":
    main()
