"""How much of the processor a page's own tasks used, from a Chromium trace.

A ``longtask`` entry gives a task's length, which on a machine with few cores includes the time
its thread waited for a core while other threads and processes ran. The trace's task events
also carry the thread's own processor time (``tdur``), which that waiting does not add to. Used
by ``tests/test_site_bots.py`` and ``bench/bench_site.py --cpu``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Chromium's task events ("RunTask": a task with its microtasks, as a long task counts it, with
#: the thread's processor time), the first paint's event and the page's ``performance.mark``
#: calls. No profiler: little overhead.
CATEGORIES = "disabled-by-default-devtools.timeline,loading,blink.user_timing"


def traced(page: Any, load: Callable[[], Any], until: str, timeout_ms: float) -> list[dict[str, Any]]:
    """The trace events from ``load()`` until the script ``until`` is true in ``page`` (a function's
    source, ``"() => ..."``: the app's page does not evaluate text as code)."""
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


def task_cpu(events: list[dict[str, Any]], since: str = "firstContentfulPaint",
             until: str | None = None) -> dict[str, float]:
    """Of the tasks of the page's thread between two of its events: the most processor time one
    used (``most_cpu_ms``), and the longest one's length and processor time (``longest_ms``,
    ``longest_cpu_ms``).

    The page's thread is the one that had the event named ``since`` first: its first contentful
    paint, or a ``performance.mark`` of that name. The tasks that count end after that event
    and, given ``until`` (a mark of the same thread), before its first one.

    >>> paint = {"name": "firstContentfulPaint", "pid": 1, "tid": 1, "ts": 100}
    >>> done = {"name": "done", "ph": "I", "pid": 1, "tid": 1, "ts": 350_000}
    >>> def task(ts, dur, tdur, tid=1):
    ...     return {"name": "RunTask", "ph": "X", "pid": 1, "tid": tid, "ts": ts, "dur": dur, "tdur": tdur}
    >>> trace = [paint, done, task(0, 50, 50), task(200, 80_000, 20_000), task(300, 40_000, 30_000),
    ...          task(400, 900_000, 900_000, tid=2), task(340_000, 60_000, 55_000)]
    >>> task_cpu(trace, until="done")
    {'most_cpu_ms': 30.0, 'longest_ms': 80.0, 'longest_cpu_ms': 20.0}
    >>> task_cpu(trace)
    {'most_cpu_ms': 55.0, 'longest_ms': 80.0, 'longest_cpu_ms': 20.0}
    """
    def first(name: str) -> dict[str, Any]:
        return min((e for e in events if e.get("name") == name), key=lambda e: e["ts"])

    start = first(since)
    end = first(until)["ts"] if until else float("inf")
    tasks = [e for e in events if e.get("name") == "RunTask" and e.get("ph") == "X"
             and (e["pid"], e["tid"]) == (start["pid"], start["tid"]) and start["ts"] < e["ts"] + e["dur"] <= end]
    longest = max(tasks, key=lambda e: e["dur"])
    return {"most_cpu_ms": max(e.get("tdur", 0) for e in tasks) / 1000,
            "longest_ms": longest["dur"] / 1000, "longest_cpu_ms": longest.get("tdur", 0) / 1000}


def described(figures: dict[str, float]) -> str:
    """:func:`task_cpu`'s figures in words, for a test's output.

    >>> described({"most_cpu_ms": 30.0, "longest_ms": 80.0, "longest_cpu_ms": 20.0})
    'at most 30 ms of processor time in one task, the longest task 80 ms (20 ms of it working)'
    """
    return (f"at most {figures['most_cpu_ms']:.0f} ms of processor time in one task, the longest task "
            f"{figures['longest_ms']:.0f} ms ({figures['longest_cpu_ms']:.0f} ms of it working)")
