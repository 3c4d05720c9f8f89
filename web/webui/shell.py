"""What a screen needs of the app around it (the app's side; ``app/shell.js`` is the page's).

The game screen (:mod:`.play`) is given a :class:`Shell` instead of the app itself, so that the
screens import nothing of the app that shows them (no import circle), and a test can give them
any object that does these few things.
"""

from __future__ import annotations

from typing import Any, Protocol

from pygame_rules.protocol import Game
from pygame_rules.session import Seat, Session

from .page import Page
from .settings import Settings


class Shell(Protocol):
    """The app as its screens see it."""

    page: Page
    #: The width (CSS pixels) of the board's element on the page.
    board_width: float

    @property
    def settings(self) -> Settings:
        """The reader's settings now."""

    def autosave(self, session: Session) -> Any:
        """Store ``session`` (a failure is told by the app)."""

    def show_home(self, message: str = "") -> None: ...

    def show_setup(self, game: Game[Any, Any], players: int | None = None,
                   seats: list[Seat] | None = None) -> None: ...

    def open_session(self, session: Session) -> Any: ...

    def share(self, session: Session, seat: int | None) -> None:
        """Show the link of ``session`` shared by ``seat`` (the app's dialog)."""

    def exported(self, name: str) -> None:
        """The game went to the reader's downloads as the file ``name`` (the app says so)."""
