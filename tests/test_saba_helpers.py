"""Helpers for the Saba tests: hand-made positions that stay consistent, checked moves."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pygame_rules.cards import remove
from pygame_rules.saba import GAME, Card, Res, SabaState
from pygame_rules.saba.data import FIGURES_PER_PLAYER, HARBOUR_CAPACITY, MARKERS_PER_PLAYER, RES_PER_KIND, RESOURCES

A, S, E, G = Res.ALABASTER, Res.SANDSTONE, Res.EBONY, Res.GOLD
BLUE, RED, YELLOW, GREEN = 0, 1, 2, 3


def vec(a: int = 0, s: int = 0, e: int = 0, g: int = 0) -> tuple[int, int, int, int]:
    return (a, s, e, g)


def make(n: int = 3, pro: bool = False, res: Any = None, hands: Any = None,
         harbour: Any = None, seed: int = 1, options: dict[str, bool] | None = None,
         **fields: Any) -> SabaState:
    """A position from a new game with ``fields`` replaced; the supplies of resources,
    figures and markers are recomputed so that everything is conserved.

    ``res``: a resource vector per player; ``hands``: cards per player (taken from the
    action deck); ``harbour``: (kind, count) per field; ``options``: rule readings.
    """
    s = GAME.new_game(n, seed=seed, options={"pro": pro, **(options or {})})
    if harbour is not None:
        fields.update(harbour_res=tuple(k for k, _ in harbour), harbour_n=tuple(c for _, c in harbour))
    s = replace(s, **fields)
    players = list(s.players)
    if res is not None:
        players = [replace(p, res=tuple(r)) for p, r in zip(players, res)]
    if hands is not None:
        deck = s.action_deck
        for i, hand in enumerate(hands):
            deck = remove(deck, hand)
            assert deck is not None, f"the deck lacks {hand}"
            players[i] = replace(players[i], hand=tuple(hand))
        s = replace(s, action_deck=deck)
    return rebalance(replace(s, players=tuple(players)))


def rebalance(s: SabaState) -> SabaState:
    """Recompute the general supply, figure and marker supplies, then check the state."""
    supply = []
    for r in RESOURCES:
        used = (sum(p.res[r.index] for p in s.players) + s.stash.count(r)
                + sum(n for k, n in zip(s.harbour_res, s.harbour_n) if k == r))
        supply.append(RES_PER_KIND - used)
    players = []
    for i, p in enumerate(s.players):
        placed = (s.balcony.count(i) + s.treasury.count(i) + (s.serail_figure == i)
                  + sum(figures.count(i) for figures in s.districts))
        players.append(replace(p, figures=FIGURES_PER_PLAYER - placed,
                               markers=MARKERS_PER_PLAYER - s.serail.count(i)))
    s = replace(s, supply=tuple(supply), players=tuple(players))
    GAME.check_state(s)
    return s


def act(s: SabaState, player: int, action: Any) -> SabaState:
    """Apply a move that must be among the legal actions."""
    assert action in GAME.legal_actions(s, player), (action, GAME.legal_actions(s, player))
    return GAME.apply(s, player, action)


def full_harbour(kinds: tuple[Res, ...] = (G, A, S, E)) -> tuple[tuple[Res, int], ...]:
    return tuple(zip(kinds, HARBOUR_CAPACITY))


def hand(*cards: Card) -> tuple[Card, ...]:
    return tuple(cards)


def codes(text: str) -> tuple[int, ...]:
    """Palace card ids from codes like 'F3,A3,T1'."""
    from pygame_rules.saba.data import CODE_TO_CARD
    return tuple(CODE_TO_CARD[c] for c in text.split(",") if c)


def palace(display: str, gone: str = "", top: str = "") -> dict[str, Any]:
    """Fields for :func:`make`: open cards, cards gone, and the rest as the deck with
    ``top`` on top (its last code is the top card); levels follow the parts in ``gone``
    unless given separately."""
    from pygame_rules.saba.data import PALACE_CARDS
    shown, out, above = codes(display), codes(gone), codes(top)
    rest = [c for c in range(PALACE_CARDS) if c not in shown + out + above]
    return {"display": shown, "gone": out, "palace_deck": tuple(sorted(rest, reverse=True)) + above}


def price(code: str, extra: tuple[int, int, int, int] = (0, 0, 0, 0)) -> tuple[int, int, int, int]:
    """The printed price of a palace card plus ``extra`` (e.g. the gold surcharge)."""
    from pygame_rules.saba.data import COSTS
    cost = COSTS[codes(code)[0]]
    return tuple(c + x for c, x in zip(cost, extra))  # type: ignore[return-value]


def garden(owner_by_field: dict[int, int], level: int = 1) -> dict[str, Any]:
    """Fields for :func:`make`: parts of ``level`` with these balcony owners (fields 1..8)."""
    return {"levels": tuple(level if f in owner_by_field else 0 for f in range(1, 9)),
            "balcony": tuple(owner_by_field.get(f) for f in range(1, 9))}


def placed(by_district: dict[int, tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """The ``districts`` field for :func:`make`: the owners of the figures in each district."""
    return tuple(tuple(sorted(by_district.get(d, ()))) for d in range(6))


def with_faces(s: SabaState, player: int, faces: tuple[int, int]) -> SabaState:
    players = list(s.players)
    players[player] = replace(players[player], faces=faces)
    return replace(s, players=tuple(players))
