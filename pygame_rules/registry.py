"""The registry of games: one record per game (:class:`~.record.GameRecord`), registered
explicitly, here, and the lookups every other module asks.

>>> get_game("saba").title
'Saba – Palast der Königin'
>>> [ls.id for ls in get_record("tuerme").lessons][:1], type(interaction_for(get_game("babel"))).__name__
(['tuerme/moving'], 'BabelInteraction')
>>> get_game("chess")
Traceback (most recent call last):
...
ValueError: unknown game 'chess'; known games: babel, saba, tuerme
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .i18n import _
from .interaction import Interaction
from .protocol import Game
from .record import GameRecord

if TYPE_CHECKING:
    from .bots.knowledge import Knowledge

#: Every registered game's record, by the engine's name.
RECORDS: dict[str, GameRecord[Any, Any]] = {}
#: Every registered game's engine, by its name.
GAMES: dict[str, Game[Any, Any]] = {}


def register(record: GameRecord[Any, Any]) -> None:
    """Make ``record``'s game known by its engine's name (once: a second record of the name raises ValueError)."""
    if record.name in RECORDS:
        raise ValueError(f"a game called {record.name!r} is registered already")  # i18n: internal
    RECORDS[record.name] = record
    GAMES[record.name] = record.engine


def get_game(name: str) -> Game[Any, Any]:
    """The engine called ``name``; an unknown name raises ValueError listing the known ones."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(_unknown(name, GAMES)) from None


def get_record(name: str) -> GameRecord[Any, Any]:
    """The record of the game called ``name``; an unknown name raises ValueError listing the known ones."""
    try:
        return RECORDS[name]
    except (KeyError, TypeError):
        raise ValueError(_unknown(name, RECORDS)) from None


def _unknown(name: object, known: dict[str, Any]) -> str:
    return _("unknown game {name}; known games: {known}").format(
        name=repr(name), known=", ".join(sorted(known)) or _("none"))


def knowledge_for(game: Game[Any, Any]) -> Knowledge[Any, Any]:
    """What the computer players know of ``game`` (its record's knowledge)."""
    return get_record(game.name).knowledge()


def interaction_for(game: Game[Any, Any]) -> Interaction:
    """A new board interaction for ``game``: its record's, or for a game without one, the
    base :class:`~.interaction.Interaction` (every legal action a button)."""
    record = RECORDS.get(game.name)
    return (record.interaction if record else Interaction)(game)


# ----------------------------------------------------------- the games of this distribution
# Registered last: their packages' examples and lessons ask the lookups above.
from . import babel, saba, tuerme  # noqa: E402

register(babel.RECORD)
register(saba.RECORD)
register(tuerme.RECORD)
