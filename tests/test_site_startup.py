"""Start-up never freezes the page for long (issue 25): Python boots in a worker, and the
page only restores the snapshot of Python's memory (``web/static/app/snapshot.js``). Measured in
Chromium as the longest main-thread task (``longtask`` entries) that ends after the first paint,
on a first visit and on a reload.

The goal is 50 ms; what this build reaches on a quiet machine of the CI kind (2 cores, Chromium
156) is about 150–220 ms, in three pieces of Pyodide's own restore (receiving the compiled wasm,
linking its libraries, and Python's first code). :data:`LIMIT_MS` keeps 2.3 times that for a
loaded CI machine. A page that boots Python on its own thread again fails it: that task alone took
1.4 s on a quiet reload and 5.8 s on a loaded machine.
"""

from __future__ import annotations

from typing import Any

import pytest

from site_helpers import BOOTS, READY_TIMEOUT_MS, stored_snapshot, wait_ready

pytestmark = pytest.mark.browser

LIMIT_MS = 500

#: Keeps every long task of the page and the time of its first contentful paint.
OBSERVER = """
window.pgrLongTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.pgrLongTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""
LONGEST_AFTER_PAINT = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const since = paint ? paint.startTime : 0;
  return Math.max(0, ...window.pgrLongTasks.filter(([start, d]) => start + d > since).map(([, d]) => d));
}"""


def test_start_up_never_blocks_the_page_for_long(page: Any, guard: Any, site_url: str) -> None:
    page.add_init_script(OBSERVER)
    page.goto(site_url)
    wait_ready(page)
    first = page.evaluate(LONGEST_AFTER_PAINT)
    page.wait_for_function("() => !!document.documentElement.dataset.workerBoot", timeout=READY_TIMEOUT_MS)
    assert page.evaluate(BOOTS) == ["worker", "fresh"]  # Python booted once, in the worker
    stored_snapshot(page)

    page.reload()
    wait_ready(page)
    again = page.evaluate(LONGEST_AFTER_PAINT)
    assert page.evaluate(BOOTS)[0] == "snapshot"
    print(f"longest main-thread task after first paint: {first:.0f} ms on a first visit, "
          f"{again:.0f} ms on a reload (limit {LIMIT_MS} ms, goal 50 ms)")
    assert first <= LIMIT_MS and again <= LIMIT_MS
