"""How a game is played by pointing at its board: the interface and a list-based fallback.

Interaction classes are pure Python (no browser imports), so they are tested in
CPython. The game screen asks one for highlights and buttons, and hands it the
``data-*`` attributes of whatever SVG element the player clicked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygame_rules.i18n import _
from pygame_rules.protocol import Game


@dataclass(frozen=True)
class Button:
    """A control beside the board: plays ``action`` (or, with ``step``, changes the UI step)."""

    label: str
    action: Any = None
    step: str = ""
    primary: bool = False


class Interaction:
    """Base: every legal action is a button (fine for any game, clumsy for boards)."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        #: How players are called in prompts and buttons (the game screen sets seat names).
        self.names: list[str] = [name for name, _ in game.colours]

    def reset(self) -> None:
        """Forget any half-made choice (after a move, undo or replay)."""

    def prompt(self, state: Any, player: int) -> str:
        return _("Choose your move.")

    def highlights(self, state: Any, player: int) -> dict[str, Any]:
        """Keyword arguments for ``render_svg`` showing the current choice."""
        return {}

    def step(self, key: str) -> None:
        """A button with a ``step`` was pressed (multi-step choices, e.g. composing an offer)."""

    def click(self, state: Any, player: int, target: dict[str, str]) -> Any:
        """React to a click on an element with these ``data-*`` values; return an action or None."""
        return None

    def buttons(self, state: Any, player: int) -> list[Button]:
        return [Button(self.game.action_text(state, a, viewer=player, mover=player), a)
                for a in self.game.legal_actions(state, player)]

    def clickable(self, state: Any, player: int) -> list[dict[str, str]]:
        """``data-*`` values of the board elements that do something when clicked now
        (they get keyboard focus and a button role)."""
        return []

    def replay_highlights(self, state: Any, player: int, action: Any) -> dict[str, Any]:
        """Highlights showing ``action`` (the last move) on the board."""
        return {}
