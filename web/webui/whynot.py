""""Why not?": the engine's reason why a click on the board does nothing.

A click on a board element that is not one of the things the player can choose now
(:meth:`~webui.games.base.Interaction.clickable`) names the action the player most
likely meant; the game's one source of legality (``why_illegal``) says why that action
can't be taken. Pure Python (no browser imports): tested in CPython.

>>> from pygame_rules import get_game
>>> game = get_game("tuerme")
>>> state = game.new_game(2, seed=1)
>>> why_not(game, state, 0, {"square": "b2"}, {})
'b2-b3: there is no piece on b2'
>>> why_not(game, state, 0, {"square": "b2"}, {"selected": "a1"})
'a1-b2: pieces move in a straight line along a row or a column'
>>> why_not(game, state, 0, {"square": "nowhere"}, {}) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pygame_rules.protocol import Game

#: The actions a click on ``target`` may have meant: (state, player, target, highlights).
Guess = Callable[[Any, int, Mapping[str, str], Mapping[str, Any]], Iterator[Any]]


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
    guess = GUESSES.get(game.name)
    for action in guess(state, player, target, highlights) if guess else ():
        if game.why_illegal(state, player, action):
            return action
    return None


def why_not(game: Game[Any, Any], state: Any, player: int, target: Mapping[str, str],
            highlights: Mapping[str, Any]) -> str | None:
    """Why ``player`` can't do what a click on ``target`` meant (see :func:`meant`), in the
    active language; None when there is nothing to explain."""
    action = meant(game, state, player, target, highlights)
    return None if action is None else game.why_illegal(state, player, action)


def _int(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() else None


def _tuerme(state: Any, player: int, target: Mapping[str, str], highlights: Mapping[str, Any]) -> Iterator[Any]:
    """A square: the move from the picked piece to it, else a step of the piece on it."""
    from pygame_rules.tuerme import Move, parse_square
    from pygame_rules.tuerme.data import RAYS

    try:
        square = parse_square(target.get("square", ""))
    except ValueError:
        return
    picked = highlights.get("selected")
    if picked:
        yield Move(parse_square(picked), square)
        return
    yield from (Move(square, ray[0]) for ray in RAYS[square] if ray)


def _babel(state: Any, player: int, target: Mapping[str, str], highlights: Mapping[str, Any]) -> Iterator[Any]:
    """A tile: building it; an offer: building with it; a card of the hand while offering:
    one card more in the offer being made."""
    from pygame_rules.babel import Accept, Build, Offer, Phase
    from pygame_rules.babel.data import KINDS, NO_CARDS

    wonder, slot, helper = _int(target.get("wonder")), _int(target.get("tile")), _int(target.get("offer-player"))
    if wonder is not None and slot is not None:
        yield Build(wonder, slot)
    if helper is not None:
        yield Accept((helper,))
    card = target.get("card", "")
    if card in KINDS and state.phase is Phase.OFFER:
        cards = highlights.get("cards") or NO_CARDS
        yield Offer(tuple(n + (k == KINDS.index(card)) for k, n in enumerate(cards)), False)


def _saba(state: Any, player: int, target: Mapping[str, str], highlights: Mapping[str, Any]) -> Iterator[Any]:
    """A harbour field: taking it; a build field: building there (or removing its card
    in the H2 step); a district: what the turn's step does with a district."""
    from pygame_rules.saba import Build, MoveVizier, Phase, PlaceFigure, RemoveCard, TakeHarbour, UseDistrict

    harbour = _int(target.get("harbour") or target.get("harbour-face"))
    slot, district = _int(target.get("build-field")), _int(target.get("district"))
    if harbour is not None:
        yield TakeHarbour(harbour)
    if slot is not None:
        yield RemoveCard(slot) if state.phase is Phase.REMOVE else Build(slot)
    if district is not None:
        by_step = {Phase.PLACE: PlaceFigure, Phase.VIZIER: MoveVizier}
        yield by_step.get(state.phase, UseDistrict)(district)


GUESSES: dict[str, Guess] = {"tuerme": _tuerme, "babel": _babel, "saba": _saba}
