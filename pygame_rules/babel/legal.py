"""Legality in Der Turmbau zu Babel: who moves, which actions are legal and why not.

The turn is a small state machine (:class:`~.state.Phase`):

* ``CHOOSE`` — the active player passes, builds (wonder + tile) or plays a double turn;
* ``OFFER`` — every other player submits one sealed :class:`~.actions.Offer`, all at once;
  the last one reveals them;
* ``DECIDE`` — the active player accepts a set of offers (adding jokers and his own cards)
  or declines;
* ``BONUS`` — rejected offerers holding a third-bonus card decide whether to play it.

"Draw three" and "card exchange" may be played by a player whenever he is to move
(our timing window for "at any time"). Their effects and the resolution of a build
live in :mod:`.effects`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .actions import Accept, BabelAction, Build, CardExchange, Decline, DoubleTurn, DrawThree, Offer, Pass, ThirdBonus
from .data import (
    CARD_EXCHANGE_MAX,
    KINDS,
    NO_CARDS,
    SLOTS_PER_WONDER,
    WONDERS,
    ActionCard,
    Counts,
    Tile,
    counts_text,
    tile_kinds,
)
from .state import BabelState, Phase, add, fits, sub


def to_move(state: BabelState) -> tuple[int, ...]:
    """The players who must act now."""
    if state.phase in (Phase.CHOOSE, Phase.DECIDE):
        return (state.active,)
    if state.phase is Phase.OFFER:
        return tuple(p for p, o in enumerate(state.offers) if o is None and p != state.active)
    if state.phase is Phase.BONUS:
        return state.bonus_waiting
    return ()


# ------------------------------------------------------------------ enumeration
def sub_counts(hand: Counts, total: int, caps: Counts | None = None) -> Iterator[Counts]:
    """Every card multiset from ``hand`` with at most ``total`` cards (and per kind at most
    ``caps``), in a fixed order starting with the empty one.

    >>> len(list(sub_counts((1, 0, 2, 0), 2)))
    5
    """
    caps = caps or hand
    lim = [min(hand[k], caps[k], total) for k in range(4)]
    for a in range(lim[0] + 1):
        for b in range(min(lim[1], total - a) + 1):
            for c in range(min(lim[2], total - a - b) + 1):
                for d in range(min(lim[3], total - a - b - c) + 1):
                    yield (a, b, c, d)


def offer_caps(tile: Tile) -> Counts:
    """Per-kind limits of an offer: wrong kinds (bluffs) up to the tile total, the tile's
    own kinds up to their printed number (which matters on two-colour tiles)."""
    total = sum(tile)
    return tuple(tile[k] if tile[k] else total for k in range(4))  # type: ignore[return-value]


def joker_options(rest: Counts, held: int) -> Iterator[Counts]:
    """Virtual joker cards (two per joker card played) that fit into ``rest``."""
    for jokers in range(held + 1):
        for split in sub_counts(rest, 2 * jokers):
            if sum(split) == 2 * jokers:
                yield split


def valid_offerers(state: BabelState) -> list[int]:
    """Offerers whose revealed offer holds at least one matching card (only these can be
    accepted; an offer of just the exchange card is not selectable)."""
    return [p for p, o in enumerate(state.offers) if o is not None and sum(o.cards) > 0]


def legal_actions(state: BabelState, player: int) -> list[BabelAction]:
    """Every action ``player`` may take now, in a fixed order; [] if he is not to move."""
    if player not in to_move(state):
        return []
    me = state.players[player]
    actions: list[BabelAction] = []
    if state.phase is Phase.CHOOSE:
        actions.append(Pass())
        actions += [Build(w, s) for w, wonder in enumerate(state.wonders)
                    for s, tile in enumerate(wonder.slots) if tile is not None]
        if not state.double_turn and ActionCard.DOUBLE_TURN in me.actions:
            actions.append(DoubleTurn())
    elif state.phase is Phase.OFFER:
        tile = state.tile
        assert tile is not None
        for cards in sub_counts(me.hand, sum(tile), offer_caps(tile)):
            actions.append(Offer(cards))
            if me.exchange:
                actions.append(Offer(cards, True))
    elif state.phase is Phase.DECIDE:
        actions += accept_options(state)
        actions.append(Decline())
    elif state.phase is Phase.BONUS:
        actions += [ThirdBonus(True), ThirdBonus(False)]
    if ActionCard.DRAW_THREE in me.actions:
        actions.append(DrawThree())
    if ActionCard.CARD_EXCHANGE in me.actions:
        actions += [CardExchange(c) for c in sub_counts(me.hand, CARD_EXCHANGE_MAX) if sum(c)]
    return actions


def accept_options(state: BabelState) -> list[Accept]:
    """Every legal way to build: subsets of the valid offers × joker use."""
    tile = state.tile
    assert tile is not None
    me = state.players[state.active]
    held = me.actions.count(ActionCard.JOKER)
    offerers = valid_offerers(state)
    out: list[Accept] = []
    for size in range(len(offerers) + 1):
        for chosen in combinations(offerers, size):
            offers = [state.offers[p] for p in chosen]
            if sum(o.exchange for o in offers if o) > 1:
                continue
            got = _offered(state, chosen)
            if not fits(got, tile):
                continue
            ways = (Accept(chosen, j) for j in joker_options(sub(tile, got), held))
            out += [way for way in ways if fits(own_share(state, way), me.hand)]
    return out


def _offered(state: BabelState, players: tuple[int, ...]) -> Counts:
    """The cards in the offers of ``players`` (an offer that is not there counts as none)."""
    got = NO_CARDS
    for p in players:
        offer = state.offers[p] if p < len(state.offers) else None
        got = add(got, offer.cards if offer else NO_CARDS)
    return got


def own_share(state: BabelState, accept: Accept) -> Counts:
    """The active player's own share of the build ``accept``: the cards he adds from his
    hand, i.e. what the tile asks for less the accepted offers and the jokers' cards
    (a tile or offer that is not there counts as no cards, so any Accept can be written).

    >>> from pygame_rules.babel import GAME, Accept, Build, Offer
    >>> s = GAME.apply(GAME.new_game(3, seed=2), 0, Build(2, 2))   # red asks for 4 cranes
    >>> s = GAME.apply(GAME.apply(s, 1, Offer((0, 1, 0, 0))), 2, Offer((0, 2, 0, 0)))
    >>> own_share(s, Accept((1,)))
    (0, 3, 0, 0)
    >>> own_share(s, Accept((1, 2)))
    (0, 1, 0, 0)
    """
    return sub(sub(state.tile or NO_CARDS, _offered(state, accept.offers)), accept.joker)


# ------------------------------------------------------------------ legality
def _counts_problem(cards: object) -> str | None:
    if (not isinstance(cards, tuple) or len(cards) != 4
            or not all(type(n) is int and n >= 0 for n in cards)):
        return "card counts must be four non-negative integers (camel, crane, ship, stonemason)"
    return None


def _lacks(hand: Counts, cards: Counts, who: str = "you") -> str | None:
    """Why ``cards`` cannot come from ``hand``, or None."""
    for k in range(4):
        if cards[k] > hand[k]:
            return f"{who} hold only {hand[k]} {KINDS[k]} card(s), not {cards[k]}"
    return None


def _phase_problem(state: BabelState, player: int, action: BabelAction) -> str | None:
    """Why ``action`` is not a move of this step of the turn, or None."""
    if player not in to_move(state):
        return f"player {player} is not to move now"
    wanted = {Pass: Phase.CHOOSE, Build: Phase.CHOOSE, DoubleTurn: Phase.CHOOSE,
              Offer: Phase.OFFER, Accept: Phase.DECIDE, Decline: Phase.DECIDE,
              ThirdBonus: Phase.BONUS}.get(type(action))
    if wanted is not None and wanted is not state.phase:
        return f"{type(action).__name__} belongs to the {wanted.value} step, not the {state.phase.value} step"
    return None


def why_illegal(state: BabelState, player: int, action: BabelAction) -> str | None:
    """None if legal, else the reason (the only source of legality)."""
    problem = _phase_problem(state, player, action)
    if problem:
        return problem
    me = state.players[player]
    if isinstance(action, Build):
        return _build_problem(state, action)
    if isinstance(action, Offer):
        return _offer_problem(state, player, action)
    if isinstance(action, Accept):
        return _accept_problem(state, action)
    if isinstance(action, DoubleTurn):
        if state.double_turn:
            return "only one double turn per turn"
        return None if ActionCard.DOUBLE_TURN in me.actions else "you hold no double-turn card"
    if isinstance(action, ThirdBonus):
        if action.use and ActionCard.THIRD_BONUS not in me.actions:
            return "you hold no third-bonus card"
        return None
    if isinstance(action, DrawThree):
        return None if ActionCard.DRAW_THREE in me.actions else "you hold no draw-three card"
    if isinstance(action, CardExchange):
        return _exchange_problem(me.actions, me.hand, action.cards)
    return None  # Pass, Decline


def _build_problem(state: BabelState, action: Build) -> str | None:
    if not (type(action.wonder) is int and 0 <= action.wonder < len(WONDERS)):
        return f"there is no wonder {action.wonder!r} (0–{len(WONDERS) - 1})"
    if not (type(action.slot) is int and 0 <= action.slot < SLOTS_PER_WONDER):
        return f"a wonder has tile spaces 0–{SLOTS_PER_WONDER - 1}, not {action.slot!r}"
    if state.wonders[action.wonder].slots[action.slot] is None:
        return f"the tile of space {action.slot + 1} of {WONDERS[action.wonder]} is already taken"
    return None


def _offer_problem(state: BabelState, player: int, action: Offer) -> str | None:
    problem = _counts_problem(action.cards)
    if problem:
        return problem
    tile = state.tile
    assert tile is not None
    me = state.players[player]
    if sum(action.cards) > sum(tile):
        return f"the tile asks for {sum(tile)} cards; an offer may not hold more"
    for k in tile_kinds(tile):
        if action.cards[k] > tile[k]:
            return f"the tile asks for {tile[k]} {KINDS[k]}; an offer may not hold more"
    if action.exchange and not me.exchange:
        return "your exchange card is not in your hand"
    return _lacks(me.hand, action.cards)


def _accept_problem(state: BabelState, action: Accept) -> str | None:
    tile = state.tile
    assert tile is not None
    problem = _counts_problem(action.joker)
    if problem:
        return "joker: " + problem
    chosen = action.offers
    if (not isinstance(chosen, tuple) or not all(type(p) is int for p in chosen)
            or list(chosen) != sorted(set(chosen))):
        return "list the accepted players once each, in ascending order"
    valid = valid_offerers(state)
    for p in chosen:
        if p not in valid:
            return f"player {p} has no offer with a matching card to accept"
    offers = [state.offers[p] for p in chosen]
    if sum(1 for o in offers if o and o.exchange) > 1:
        return "at most one accepted offer may hold an exchange card"
    got = _offered(state, chosen)
    if not fits(got, tile):
        return f"the accepted offers hold {counts_text(got)}, more than the tile asks for"
    rest = sub(tile, got)
    me = state.players[state.active]
    if sum(action.joker) % 2:
        return "a joker counts as exactly two cards"
    if sum(action.joker) // 2 > me.actions.count(ActionCard.JOKER):
        return f"you hold only {me.actions.count(ActionCard.JOKER)} joker(s)"
    if not fits(action.joker, rest):
        return f"the jokers' cards ({counts_text(action.joker)}) exceed what the tile still needs ({counts_text(rest)})"
    return _lacks(me.hand, own_share(state, action))


def _exchange_problem(actions: tuple[ActionCard, ...], hand: Counts, cards: Counts) -> str | None:
    if ActionCard.CARD_EXCHANGE not in actions:
        return "you hold no card-exchange card"
    problem = _counts_problem(cards)
    if problem:
        return problem
    if not 1 <= sum(cards) <= CARD_EXCHANGE_MAX:
        return f"a card exchange swaps 1 to {CARD_EXCHANGE_MAX} cards, not {sum(cards)}"
    return _lacks(hand, cards)
