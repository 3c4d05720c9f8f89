"""Card-pile helpers shared by the card-driven games.

Piles are tuples whose last item is the top card.

>>> from pygame_rules.rng import Rng
>>> drawn, deck, discard = draw((1, 2), (3, 4, 5), 3, Rng.from_seed(1))
>>> drawn[:2], len(deck) + len(discard)
((2, 1), 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from .rng import Rng

T = TypeVar("T")


def draw(deck: tuple[T, ...], discard: tuple[T, ...], count: int,
         rng: Rng) -> tuple[tuple[T, ...], tuple[T, ...], tuple[T, ...]]:
    """Draw up to ``count`` cards from the top of ``deck``.

    When the deck runs out, the discard pile is shuffled (with ``rng``) into a new
    deck; when both are empty, fewer cards are drawn. Returns (drawn, deck, discard).
    """
    drawn: list[T] = []
    pile, spent = list(deck), list(discard)
    while len(drawn) < count:
        if not pile:
            if not spent:
                break
            rng.shuffle(spent)
            pile, spent = spent, []
        drawn.append(pile.pop())
    return tuple(drawn), tuple(pile), tuple(spent)


def remove(hand: tuple[T, ...], cards: Iterable[T]) -> tuple[T, ...] | None:
    """``hand`` without ``cards`` (as a multiset), or None if the hand lacks one of them."""
    need = Counter(cards)
    have = Counter(hand)
    if any(have[c] < n for c, n in need.items()):
        return None
    out = []
    for card in hand:
        if need[card]:
            need[card] -= 1
        else:
            out.append(card)
    return tuple(out)
