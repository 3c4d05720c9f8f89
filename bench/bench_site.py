"""Measure the built site in Debian's Chromium: time until Python is ready, bytes transferred,
first paint, and pure-Python speed in the page's worker.

Usage: ``python bench/bench_site.py [--runs 3]`` after ``make build``. Prints a table; not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]
from bench_bots import positions  # noqa: E402
from serve import make_server  # noqa: E402

from pygame_rules import GAMES  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
CHROMIUM = "/usr/bin/chromium"
READY = "document.body.dataset.ready === '1'"


def measure(page, url: str) -> dict[str, float]:
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000)
    return page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const res = performance.getEntriesByType('resource');
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const bytes = nav.transferSize + res.reduce((n, r) => n + r.transferSize, 0);
        return {ready_ms: window.pygameRulesReadyAt, bytes, requests: res.length + 1,
                fcp_ms: paint ? paint.startTime : null};
    }""")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--positions", type=int, default=8,
                        help="positions per game (3 players, along random games) for the hard bot")
    args = parser.parse_args()
    server = make_server(ROOT / "public", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    cold, warm = [], []
    with sync_playwright() as pw:
        for _ in range(args.runs):
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            cold.append(measure(browser.new_page(), url))
            browser.close()
        with tempfile.TemporaryDirectory() as profile:
            context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS)
            page = context.new_page()
            measure(page, url)
            for _ in range(args.runs):
                warm.append(measure(page, url))
            worker = page.evaluate("""async () => {
                const ping = JSON.parse(await window.pygameRules.call('ping', '{}'));
                const out = {};
                for (const game of ping.games) {
                    out[game] = JSON.parse(await window.pygameRules.call('random_play',
                        JSON.stringify({game, budget_ms: 3000})));
                }
                return out;
            }""")
            hard = {name: [page.evaluate("""async ([game, state, player]) => {
                const started = performance.now();
                const reply = JSON.parse(await window.pygameRules.call('bot_move', JSON.stringify(
                    {game, state, player, level: 'hard', budget_ms: 1000, seed: 1})));
                return {iterations: reply.iterations, ms: performance.now() - started};
            }""", [name, game.state_to_json(state), player])
                for state, player in positions(name, 3, args.positions)] for name, game in GAMES.items()}
            context.close()
    server.shutdown()

    def row(name: str, runs: list[dict[str, float]]) -> None:
        ready = [r["ready_ms"] / 1000 for r in runs]
        fcp = [r["fcp_ms"] for r in runs if r["fcp_ms"]]
        print(f"{name:6} ready {statistics.median(ready):5.2f} s (min {min(ready):.2f}, max {max(ready):.2f})"
              f"  first paint {statistics.median(fcp):4.0f} ms"
              f"  {runs[0]['requests']} requests, {statistics.median(r['bytes'] for r in runs) / 1e6:.2f} MB")

    print(f"Site load over {args.runs} runs each (127.0.0.1, Chromium {CHROMIUM}):")
    row("cold", cold)
    row("warm", warm)
    print("Random play in the page's worker (Pyodide), 3 s per game:")
    for game, r in worker.items():
        print(f"  {game:7} {r['plies'] / r['seconds']:8.0f} plies/s  {r['games'] / r['seconds']:6.2f} games/s")
    print(f"Hard computer player in the page's worker, 1 s budget, {args.positions} positions "
          "along random 3-player games:")
    for game, decisions in hard.items():
        ms = [d["ms"] for d in decisions]
        rate = sum(d["iterations"] for d in decisions) / sum(ms) * 1000
        print(f"  {game:7} {rate:6.0f} MCTS iterations/s, answered after {statistics.median(ms):.0f} ms"
              f" (median; slowest {max(ms):.0f} ms)")
    print(json.dumps({"cold": cold, "warm": warm, "worker": worker, "hard": hard}))


if __name__ == "__main__":
    main()
