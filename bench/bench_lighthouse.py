"""Lighthouse (npm ``lighthouse``, pinned in ``package.json``) on the built site's start page,
in its mobile preset (slow 4G, 4× CPU slow-down) and its desktop preset, in Debian's Chromium.

The site is served as ``web/serve.py`` serves it (the build's ``.gz`` copies to browsers that
take gzip, as static hosts with precompression do). Prints each category's score and the
performance metrics; not a test.

Usage: ``python bench/bench_lighthouse.py [--site public] [--runs 3]`` after ``make build``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "web")]
from serve import make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ("--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update "
         "--disable-sync --no-first-run")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
           "speed-index", "interactive")


def lighthouse(url: str, preset: str) -> dict[str, float]:
    """One Lighthouse run: the scores (0–100) and the metrics (ms, or the layout shift)."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [str(ROOT / "node_modules" / ".bin" / "lighthouse"), url, "--quiet", f"--chrome-flags={FLAGS}",
                   "--output=json", f"--output-path={report}", f"--only-categories={','.join(CATEGORIES)}"]
        if preset == "desktop":
            command.append("--preset=desktop")
        subprocess.run(command, check=True, env={**os.environ, "CHROME_PATH": CHROMIUM})
        data = json.loads(report.read_text())
    figures = {name: data["categories"][name]["score"] * 100 for name in CATEGORIES}
    figures.update({name: data["audits"][name]["numericValue"] for name in METRICS})
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "public")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    server = make_server(args.site.resolve(), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(f"Lighthouse on {args.site} (medians of {args.runs} runs, {os.cpu_count()} CPUs, load average {load}):")
    print(f"{'preset':8} " + " ".join(f"{name[:13]:>13}" for name in (*CATEGORIES, *METRICS)))
    for preset in ("mobile", "desktop"):
        runs = [lighthouse(url, preset) for _ in range(args.runs)]
        print(f"{preset:8} " + " ".join(f"{statistics.median(r[name] for r in runs):13.0f}"
                                        if name != "cumulative-layout-shift" else
                                        f"{statistics.median(r[name] for r in runs):13.3f}"
                                        for name in (*CATEGORIES, *METRICS)))
    server.shutdown()


if __name__ == "__main__":
    main()
