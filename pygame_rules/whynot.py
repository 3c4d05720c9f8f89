""""Why not?": the engine's reason why a click on the board does nothing.

A click on a board element that is not one of the things the player can choose now
(:meth:`~pygame_rules.interaction.Interaction.clickable`) is explained by the game's board
interaction (:meth:`~pygame_rules.interaction.Interaction.why_not`): why *that* piece, field or
card can't act now, or what the click would need (with a piece picked: why it can't go there),
in the words of the game's one source of legality (``legal.py``), never a reason about some
other move. Pure Python (no browser imports): tested in CPython.

>>> from pygame_rules import get_game
>>> game = get_game("tuerme")
>>> state = game.new_game(2, seed=1)
>>> why_not(game, state, 0, {"square": "b2"}, {})
'there is no piece on b2 to move: pick one of your stones or towers'
>>> why_not(game, state, 0, {"square": "b2"}, {"selected": "a1"})
'a1-b2: pieces move in a straight line along a row or a column'
>>> why_not(game, state, 0, {"square": "nowhere"}, {}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .protocol import Game
from .registry import interaction_for


def is_choice(target: Mapping[str, str], choices: list[dict[str, str]]) -> bool:
    """Whether the clicked element (its ``data-*`` values) is one of ``choices``.

    >>> is_choice({"square": "d4", "symbol": "A"}, [{"square": "d4"}]), is_choice({}, [{"square": "d4"}])
    (True, False)
    """
    return any(choice.items() <= target.items() for choice in choices)


def meant(game: Game[Any, Any], state: Any, player: int, target: Mapping[str, str],
          highlights: Mapping[str, Any]) -> Any | None:
    """The action a click on ``target`` most likely meant that the rules refuse now
    (``highlights``: the player's half-made choice before the click), or None when the
    click names no action of the game's, or only legal ones."""
    for action in interaction_for(game).guesses(state, player, target, highlights):
        if game.why_illegal(state, player, action):
            return action
    return None


def why_not(game: Game[Any, Any], state: Any, player: int, target: Mapping[str, str],
            highlights: Mapping[str, Any]) -> str | None:
    """Why a click of ``player`` on ``target`` does nothing (``highlights``: the half-made
    choice before the click), about the thing clicked, in the active language; None when there
    is nothing to explain."""
    return interaction_for(game).why_not(state, player, target, highlights)
