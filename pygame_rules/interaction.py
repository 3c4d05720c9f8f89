"""How a game is played by pointing at its board: the interface and a list-based fallback.

Each game has its own :class:`Interaction` in ``pygame_rules/<game>/interaction.py``
(the registry hands it out: :func:`pygame_rules.registry.interaction_for`). Interaction
classes are pure Python (no browser imports), so they are tested in CPython. The game
screen and the embed ask one for highlights and buttons, and hand it the ``data-*``
attributes of whatever SVG element the player clicked.

>>> from pygame_rules.tuerme import GAME
>>> ui = Interaction(GAME)
>>> state = GAME.new_game(2, seed=1)
>>> ui.prompt(state, 0), len(ui.buttons(state, 0)) == len(GAME.legal_actions(state, 0))
('Choose your move.', True)
>>> ui.board_options(390), list(ui.guesses(state, 0, {"square": "d4"}, {}))
({}, [])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .i18n import _
from .protocol import Game


@dataclass(frozen=True)
class Button:
    """A control beside the board: plays ``action`` (or, with ``step``, changes the UI step),
    then the actions ``then`` of the same player, each checked by the rules in its turn: a
    quantity chosen at once ("Discard 2 ebony") is the engine's actions one by one.

    >>> Button("Discard 2", "d", then=("d",)).actions
    ('d', 'd')
    """

    label: str
    action: Any = None
    step: str = ""
    primary: bool = False
    then: tuple[Any, ...] = ()

    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions the button plays, in order (none for a step)."""
        return () if self.action is None else (self.action, *self.then)


@dataclass(frozen=True)
class Played:
    """A move of the record: the position it was played in, by whom, and the action."""

    state: Any
    player: int
    action: Any


class Interaction:
    """Base: every legal action is a button (fine for any game, clumsy for boards)."""

    #: Below this width of the board in CSS px it is drawn ``portrait`` (the game's
    #: ``render.PORTRAIT_BELOW``; 0: the board has one shape only).
    portrait_below: ClassVar[float] = 0
    #: The highlights that draw a half-made choice of this interaction (:meth:`adopt` takes them).
    choice_keys: ClassVar[tuple[str, ...]] = ()

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

    def guesses(self, state: Any, player: int, target: Mapping[str, str],
                highlights: Mapping[str, Any]) -> Iterator[Any]:
        """The actions a click on ``target`` (its ``data-*`` values) may have meant, the likeliest
        first, legal or not (``highlights``: the player's half-made choice before the click):
        what the "why not?" note asks the rules about when the click did nothing."""
        return iter(())

    def adopt(self, state: Any, player: int, highlights: Mapping[str, Any]) -> None:
        """Take the half-made choice that ``highlights`` (a lesson step's) draw as this
        interaction's own, where it is one the player could have made (Türme: the piece
        selected), so that what the board shows is what a click does. By default nothing."""

    def rings(self, highlights: Mapping[str, Any]) -> list[dict[str, str]]:
        """``data-*`` values of the board elements that ``highlights`` ring as things to click
        (not the marks of a choice already made, nor of what happened): a lesson's rings must
        be clicks the interaction takes (``tests/test_lesson_clicks.py``)."""
        return []

    def why_not(self, state: Any, player: int, target: Mapping[str, str],
                highlights: Mapping[str, Any]) -> str | None:
        """Why a click on ``target`` (not one of :meth:`clickable`) does nothing, in the active
        language: about the thing clicked (that piece, field or card, or what the click would
        need), never about another move; None when there is nothing to explain. By default the
        rules' reason for the first of :meth:`guesses` they refuse; a game whose guesses may name
        another move than the one clicked says it in its own words."""
        for action in self.guesses(state, player, target, highlights):
            reason = self.game.why_illegal(state, player, action)
            if reason:
                return reason
        return None

    def board_options(self, width: float) -> dict[str, Any]:
        """Drawing options for a board shown ``width`` CSS px wide: below :attr:`portrait_below`
        the board is drawn upright (``portrait``), its text and fields too small otherwise."""
        return {"portrait": True} if width < self.portrait_below else {}

    def replay_highlights(self, state: Any, player: int, action: Any) -> dict[str, Any]:
        """Highlights showing ``action`` (the last move) on the board."""
        return {}
