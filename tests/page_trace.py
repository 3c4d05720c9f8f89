"""How much of the processor a page's own tasks used, from a Chromium trace.

A ``longtask`` entry gives a task's length, which on a machine with few cores includes the time
its thread waited for a core while other threads and processes ran. The trace's task events
also carry the thread's own processor time (``tdur``), which that waiting does not add to. Used
by ``tests/test_site_startup.py`` and ``bench/bench_site.py --cpu``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Chromium's task events ("RunTask": a task with its microtasks, as a long task counts it, with
#: the thread's processor time) and the first paint's event. No profiler: little overhead.
CATEGORIES = "disabled-by-default-devtools.timeline,loading"


def traced(page: Any, load: Callable[[], Any], until: str, timeout_ms: float) -> list[dict[str, Any]]:
    """The trace events from ``load()`` until the script ``until`` is true in ``page``."""
    cdp = page.context.new_cdp_session(page)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
    cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
    load()
    page.wait_for_function(until, timeout=timeout_ms)
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)  # the events arrive while Playwright waits
    cdp.detach()
    return events


def task_cpu(events: list[dict[str, Any]]) -> dict[str, float]:
    """Of the tasks of the page's thread (the thread that painted first) that end after its first
    contentful paint: the most processor time one used (``most_cpu_ms``), and the longest one's
    length and processor time (``longest_ms``, ``longest_cpu_ms``).

    >>> paint = {"name": "firstContentfulPaint", "pid": 1, "tid": 1, "ts": 100}
    >>> def task(ts, dur, tdur, tid=1):
    ...     return {"name": "RunTask", "ph": "X", "pid": 1, "tid": tid, "ts": ts, "dur": dur, "tdur": tdur}
    >>> task_cpu([paint, task(0, 50, 50), task(200, 80_000, 20_000), task(300, 40_000, 30_000),
    ...           task(400, 900_000, 900_000, tid=2)])
    {'most_cpu_ms': 30.0, 'longest_ms': 80.0, 'longest_cpu_ms': 20.0}
    """
    paint = min((e for e in events if e.get("name") == "firstContentfulPaint"), key=lambda e: e["ts"])
    tasks = [e for e in events if e.get("name") == "RunTask" and e.get("ph") == "X"
             and (e["pid"], e["tid"]) == (paint["pid"], paint["tid"]) and e["ts"] + e["dur"] > paint["ts"]]
    longest = max(tasks, key=lambda e: e["dur"])
    return {"most_cpu_ms": max(e.get("tdur", 0) for e in tasks) / 1000,
            "longest_ms": longest["dur"] / 1000, "longest_cpu_ms": longest.get("tdur", 0) / 1000}
