"""A small seeded random generator whose whole state is one hex string.

Games keep the generator's state inside their (immutable, JSON-ready) game
state, so the same seed and the same actions always give the same game, on
CPython and on Pyodide alike. The algorithm is PCG32 (O'Neill 2014), written
out here so that no library change can alter a game.

>>> rng = Rng.from_seed(7)
>>> rng.randbelow(6) in range(6)
True
>>> Rng(rng.state).randbelow(100) == Rng(rng.state).randbelow(100)
True
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

#: The generator state a player's view carries instead of the real one, so nothing
#: hidden (the order of a shuffled pile) can be read or predicted from a view.
MASKED_RNG = "0" * 16

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def random_seed() -> int:
    """A fresh seed for a new game, small enough to show and type in."""
    return secrets.randbelow(10**9)


class Rng:
    """PCG32 with a 64-bit state, stored as 16 lowercase hex digits."""

    __slots__ = ("_s",)

    def __init__(self, state: str) -> None:
        if len(state) != 16 or any(c not in "0123456789abcdef" for c in state):
            raise ValueError(f"random state must be 16 lowercase hex digits, not {state!r}")  # i18n: internal
        self._s = int(state, 16)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed!r}")  # i18n: internal
        return cls(f"{_splitmix64(seed & _MASK64):016x}")

    @property
    def state(self) -> str:
        return f"{self._s:016x}"

    def next32(self) -> int:
        old = self._s
        self._s = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")  # i18n: internal
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            r = self.next32()
            if r < limit:
                return r % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: tuple[T, ...] | list[T]) -> tuple[T, ...]:
        out = list(items)
        self.shuffle(out)
        return tuple(out)

    def choice(self, items: tuple[T, ...] | list[T]) -> T:
        return items[self.randbelow(len(items))]
