"""How moves are shown over time: the computers' pace, and the slide of a moved piece.

Pure Python (no browser imports): tested in CPython. A computer player's answer is first
held until its thinking time has passed since it was asked (:func:`hold`), so that how
quickly it came tells nothing. The game screen then tells a :class:`Pacer` when a move it drew
went to the page; a computer player's next move waits until the one before has been on screen for the
reader's pace (``settings.Settings.pace_ms``), unless the reader asked to skip ahead to the
present. Both waits count from the held answer, never from when it really came.

>>> pacer = Pacer()
>>> pacer.shown(1000.0)
>>> pacer.wait(1300.0, 700), pacer.wait(2000.0, 700)
(400.0, 0.0)
>>> pacer.skip(); pacer.wait(1300.0, 700)
0.0

At the slower paces a turn that made something public (Babel's offers turned face up) is a
moment: the computers play on only once the reader clicked "Continue" (:func:`waits_for_reader`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: How long (ms) a moved piece slides from its field to the new one.
SLIDE_MS = 320
#: The paces (``settings.PACES``) at which the computers wait for the reader after a turn that
#: made something public (:class:`pygame_rules.turns.Moment`).
WAITING_PACES = frozenset({"slow", "normal"})


def waits_for_reader(pace: str) -> bool:
    """Whether at ``pace`` the computers wait for a click after a turn that revealed something.

    >>> waits_for_reader("normal"), waits_for_reader("fast"), waits_for_reader("instant")
    (True, False, False)
    """
    return pace in WAITING_PACES


def hold(asked: float, now: float, budget_ms: float) -> float:
    """How long (ms) a computer player's answer, come at ``now`` (the page's clock), must
    wait until its thinking time ``budget_ms`` has passed since it was ``asked``: an easy
    choice (a single legal move, a forced reply) would else come at once and tell the
    others something about the cards it holds.

    >>> hold(1000.0, 1030.0, 500), hold(1000.0, 1700.0, 500)
    (470.0, 0.0)

    With the pace counted from the held answer, when the move shows does not depend on
    how long the computer really thought (asked at 0 with 1000 ms to think, the move
    before drawn at 0, pace 700 ms):

    >>> def shows(answered: float) -> float:
    ...     held = answered + hold(0.0, answered, 1000)
    ...     return held + Pacer(shown_at=0.0).wait(held, 700)
    >>> shows(5.0), shows(600.0), shows(990.0)
    (1000.0, 1000.0, 1000.0)
    """
    return max(0.0, asked + budget_ms - now)


@dataclass
class Pacer:
    """When the next computer move may be shown."""

    #: When (ms, the worker's clock) the last move drawn went to the page.
    shown_at: float = float("-inf")
    #: The reader asked to see the present: no waiting until a person must act again.
    skipping: bool = False

    def shown(self, now: float) -> None:
        """A move drawn went to the page at ``now``."""
        self.shown_at = now

    def wait(self, now: float, pace_ms: int) -> float:
        """How long (ms) the next computer move must still wait at ``now``."""
        return 0.0 if self.skipping else max(0.0, self.shown_at + pace_ms - now)

    def skip(self) -> None:
        """Show the computers' moves as they come, until :meth:`person_acts`."""
        self.skipping = True

    def person_acts(self) -> None:
        """A person is to move: the next computer turn is paced again."""
        self.skipping = False


def slide(game: str, action: Any) -> tuple[dict[str, str], dict[str, str]] | None:
    """The board addresses (``data-*`` values) a piece moved between by ``action``, for
    a game whose moves carry a piece from one field to another; None otherwise.

    >>> from pygame_rules.tuerme import Move, parse_square
    >>> slide("tuerme", Move(parse_square("d4"), parse_square("d7")))
    ({'square': 'd4'}, {'square': 'd7'})
    >>> slide("babel", None) is None
    True
    """
    if game != "tuerme":
        return None
    from pygame_rules.tuerme import Move, square_name

    if not isinstance(action, Move):
        return None
    return {"square": square_name(action.src)}, {"square": square_name(action.dst)}
