"""Long computations that can be run a slice at a time: generators that yield between steps.

A computer player's decision takes up to its time budget (seconds). Written as a generator
that yields ``None`` at every point where it may be interrupted and returns its result,
it runs to its end with :func:`run` (CPython, tests, the arena), and a caller that must keep
an event loop going (the page, whose thread must never be busy for long) runs it in slices
with :func:`advance`, doing its own work in between.

>>> def counting(n: int) -> Steps[int]:
...     for _ in range(n):
...         yield
...     return n
>>> run(counting(3))
3
>>> steps = counting(5)
>>> ticks = iter(range(100))
>>> advance(steps, lambda: next(ticks) >= 2)  # a slice of two steps: not done yet
(False, None)
>>> advance(steps, lambda: False)
(True, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

T = TypeVar("T")

#: A computation that yields between its steps and returns a ``T``.
Steps = Generator[None, None, T]


def run(steps: Steps[T]) -> T:
    """The result of ``steps``, run to the end in one go."""
    return advance(steps, lambda: False)[1]  # type: ignore[return-value]  # (done: the result)


def advance(steps: Steps[T], used_up: Callable[[], bool]) -> tuple[bool, T | None]:
    """Run ``steps`` until it ends, answering ``(True, its result)``, or until ``used_up()``
    (asked after each step) says the slice is over, answering ``(False, None)``; a later call
    goes on where this one stopped. At least one step runs."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return True, stop.value
        if used_up():
            return False, None
