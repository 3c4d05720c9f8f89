"""One record per game: its engine, and everything else the project knows of the game.

Each game package exports its record as ``RECORD`` (``pygame_rules/<game>/__init__.py``),
and :mod:`.registry` registers the records, one ``register`` call per game; every other
module asks the registry for a game's parts, none looks them up by a module's name.

>>> from pygame_rules.tuerme import RECORD
>>> RECORD.name, RECORD.interaction.__name__, type(RECORD.knowledge()).__name__
('tuerme', 'TuermeInteraction', 'TuermeKnowledge')
>>> RECORD.examples[0].name, RECORD.lessons[0].id, RECORD.options[0].name
('picture-1', 'tuerme/moving', 'unlimited_height')
>>> RECORD.edit.__name__
'pygame_rules.tuerme.edit'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from .protocol import Game, Option

if TYPE_CHECKING:  # their modules ask the registry, which imports the game packages, which import this
    from .bots.knowledge import Knowledge
    from .edit import Editing
    from .examples import Example
    from .interaction import Interaction
    from .lessons import Lesson

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class GameRecord(Generic[S, A]):
    """A game: the engine and its parts, each made once, in the game's package."""

    #: The rules engine (the package's ``GAME``).
    engine: Game[S, A]
    #: The computer players' knowledge of the game (``pygame_rules/bots/<game>.py``), loaded
    #: when first asked for: the computer players import the engine, so its package can't
    #: import them.
    knowledge: Callable[[], Knowledge[S, A]]
    #: The rulebook's worked examples, in rulebook order (the package's ``examples``).
    examples: tuple[Example, ...]
    #: The guided lessons, in teaching order (the package's ``lessons``).
    lessons: tuple[Lesson, ...]
    #: The board interaction (the package's ``interaction``); one instance per screen, as it
    #: keeps a player's half-made choice.
    interaction: type[Interaction]
    #: The position editor's operations (the package's ``edit`` module, see :mod:`pygame_rules.edit`).
    edit: Editing

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def options(self) -> tuple[Option, ...]:
        """The option schema: the engine's options, declared once on the fields of the game's
        ``Variants`` and ``Readings`` (see :mod:`pygame_rules.options`)."""
        return self.engine.options
