"""The engines' service (:mod:`pygame_rules.service`) on the page, run a slice at a time.

The page's one Python does the computer players' thinking and the hints too: no second Python
in a worker, so the page needs about half the memory, and the first computer move waits for no
second start. A decision runs as steps (:mod:`pygame_rules.steps`); after each slice of
:data:`SLICE_S` the page's other waiting work (clicks, drawing, timers) gets its turn, so its
thread is never busy for long.

``app/loader.js`` gets :func:`answer` (:func:`install`) and offers it as
``window.pygameRules.call(method, payload)``, which resolves with the result's JSON text or
fails with the service's short message: the front end, the tests and the benchmarks all ask
through that one entry.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from pyscript import window
from pyscript.ffi import create_proxy

from pygame_rules.service import replying
from pygame_rules.steps import Steps, advance

T = TypeVar("T")

#: How long the service runs at a time before the page's other work gets its turn (seconds).
SLICE_S = 0.010
#: How long :func:`first` runs: a short game's replay then ends in the click or start-up that
#: asked for it, and a long one's (tens of milliseconds) goes on in slices.
FIRST_SLICE_S = 0.025


async def answer(method: str, payload: str) -> str:
    """The service's reply to ``method`` with ``payload`` (``{"result": …}`` or ``{"error": …}``
    as JSON text), computed in slices."""
    return str(await finish(replying(method, payload)))


async def finish(steps: Steps[T]) -> T:
    """The result of ``steps``, run a slice at a time with the page's waiting work in between
    (an error of theirs is raised here)."""
    while True:
        done, result = advance(steps, _slice_over(time.perf_counter() + SLICE_S))
        if done:
            return result  # type: ignore[return-value]  # (done: the result)
        await window.pygameRules.queuedTask()


def first(steps: Steps[T]) -> tuple[bool, T | None]:
    """Run a first slice of ``steps`` now (:data:`FIRST_SLICE_S`): ``(True, result)`` if they
    ended in it, else ``(False, None)`` and :func:`finish` goes on."""
    return advance(steps, _slice_over(time.perf_counter() + FIRST_SLICE_S))


def _slice_over(end: float) -> Callable[[], bool]:
    return lambda: time.perf_counter() >= end


def install() -> None:
    """Offer :func:`answer` to the page (``window.pygameRules.call``)."""
    window.pygameRules.serve(create_proxy(answer))
