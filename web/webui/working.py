"""Long work in the worker (a long game's replay, a computer player's search, a hint), run a slice
at a time: between slices the worker reads the page's next events, so a click is never kept
waiting long and a search can be stopped (its task cancelled) at the next slice.

The work is a generator of steps (:mod:`pygame_rules.steps`); nothing here knows a page, so the
tests run it in CPython with asyncio as the worker does.

>>> import asyncio
>>> def counting():
...     for _ in range(3):
...         yield
...     return "done"
>>> asyncio.run(finish(counting()))
'done'
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

from pygame_rules.steps import Steps, advance

T = TypeVar("T")

#: How long the work runs before the page's waiting events get their turn (seconds): long
#: enough that the pause between slices costs little, short enough for a click to feel at once.
SLICE_S = 0.040
#: How long :func:`first` runs: a short game's replay then ends in the event that asked for
#: it, and a long one's goes on in slices.
FIRST_SLICE_S = 0.025


async def finish(steps: Steps[T]) -> T:
    """The result of ``steps``, run a slice at a time with the worker's waiting events in
    between (an error of theirs is raised here; cancelling the task stops them)."""
    while True:
        done, result = advance(steps, _slice_over(time.perf_counter() + SLICE_S))
        if done:
            return result  # type: ignore[return-value]  # (done: the result)
        await asyncio.sleep(0)


def first(steps: Steps[T]) -> tuple[bool, T | None]:
    """Run a first slice of ``steps`` now (:data:`FIRST_SLICE_S`): ``(True, result)`` if they
    ended in it, else ``(False, None)`` and :func:`finish` goes on."""
    return advance(steps, _slice_over(time.perf_counter() + FIRST_SLICE_S))


def _slice_over(end: float) -> Callable[[], bool]:
    return lambda: time.perf_counter() >= end


def now_ms() -> float:
    """The worker's clock, in milliseconds (for pacing the computers' moves)."""
    return time.perf_counter() * 1000
