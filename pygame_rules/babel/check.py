"""Consistency of a Babel state read from outside (a save, a position, a view).

Cards, tiles and action cards must all be conserved and the turn's bookkeeping must
fit its phase; views, with hidden placeholders, pass too.

>>> from dataclasses import replace
>>> from pygame_rules.babel import GAME
>>> state = GAME.new_game(3, seed=1)
>>> check_state(state)
>>> check_state(GAME.view(state, 0))
>>> check_state(replace(state, discard=(1, 0, 0, 0)))
Traceback (most recent call last):
...
pygame_rules.errors.InvalidState: there are 26 camel cards; the game has 25
"""

from __future__ import annotations

from collections import Counter

from ..errors import InvalidState
from ..rng import Rng
from .actions import Accept
from .data import (
    ACTION_CARD_COUNTS,
    CARD_OF_KIND,
    CARDS_PER_KIND,
    KIND_OF_CARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SCORING_ROWS,
    SLOTS_PER_WONDER,
    WONDERS,
    Card,
    tile_set,
)
from .state import BabelState, Phase, add, sort_actions


def check_state(state: BabelState) -> None:
    """Raise InvalidState unless cards, tiles and action cards are all conserved and the
    turn's bookkeeping fits its phase."""
    problem = _shape_problem(state) or _cards_problem(state) or _tiles_problem(state) \
        or _action_cards_problem(state) or _phase_problem(state)
    if problem:
        raise InvalidState(problem)


def _shape_problem(state: BabelState) -> str | None:
    n = state.num_players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"a game has {MIN_PLAYERS}–{MAX_PLAYERS} players, not {n}"
    try:
        Rng(state.rng)
    except ValueError as exc:
        return str(exc)
    if len(state.wonders) != len(WONDERS):
        return f"there are {len(WONDERS)} wonders, not {len(state.wonders)}"
    if not 0 <= state.active < n:
        return f"active player {state.active} is not a seat"
    for p, pl in enumerate(state.players):
        if min(pl.hand) < 0 or pl.hidden < 0 or pl.wonder_vp < 0 or pl.offer_vp < 0:
            return f"player {p} has a negative count"
        if list(pl.tiles) != sorted(pl.tiles) or pl.actions != sort_actions(pl.actions):
            return f"player {p}'s tiles and action cards must be sorted"
        offer = state.offers[p] if state.offers else None
        held = add(pl.hand, offer.cards) if offer and not state.revealed else pl.hand
        if min(pl.shown) < 0 or sum(max(0, s - h) for s, h in zip(pl.shown, held)) > pl.hidden:
            return f"player {p} is said to have shown cards he does not hold"
    if state.offers and len(state.offers) != n:
        return f"offers must be listed for all {n} players"
    t = state.target
    if t is not None and not (0 <= t.wonder < len(WONDERS) and 0 <= t.slot < SLOTS_PER_WONDER):
        return f"the tile being built ({t.wonder}.{t.slot}) is not a tile space"
    if isinstance(state.decision, Accept) and any(not 0 <= p < n for p in state.decision.offers):
        return "the decision accepts a player who is not in the game"
    if state.marker > len(SCORING_ROWS):
        return f"the scoring marker is past the last row ({state.marker})"
    rows: list[int] = []
    for w, wonder in enumerate(state.wonders):
        if len(wonder.slots) != SLOTS_PER_WONDER or len(wonder.elements) != n:
            return f"wonder {w} needs {SLOTS_PER_WONDER} tile spaces and {n} element counts"
        if min(wonder.elements) < 0:
            return f"wonder {w} has a negative element count"
        if wonder.complete != (wonder.scored_row is not None):
            return f"wonder {w} must have a scoring row exactly when all its tiles are gone"
        if wonder.scored_row is not None:
            rows.append(wonder.scored_row)
            if any(wonder.elements):
                return f"completed wonder {w} still holds elements"
    if sorted(rows) != list(range(state.marker)):
        return f"completed wonders scored on rows {sorted(rows)}, but the marker is at {state.marker}"
    return None


def _cards_problem(state: BabelState) -> str | None:
    """100 building cards (25 a kind) across supply, discard, hands and offers; one exchange
    card per player, in his hand or in his offer. Hidden cards count as any kind."""
    known = Counter({k: n for k, n in enumerate(state.discard)})
    hidden = 0
    for card in state.deck:
        if card is Card.HIDDEN:
            hidden += 1
        else:
            known[KIND_OF_CARD[card]] += 1
    for p, pl in enumerate(state.players):
        hidden += pl.hidden
        cards = pl.hand
        offer = state.offers[p] if state.offers else None
        if offer is not None:
            cards = add(cards, offer.cards)
            if pl.exchange == offer.exchange:
                return f"player {p}'s exchange card must be either in his hand or in his offer"
        elif not pl.exchange:
            return f"player {p}'s exchange card is missing"
        known.update({k: n for k, n in enumerate(cards)})
    if min(state.discard) < 0:
        return "the discard pile has a negative count"
    for k in range(4):
        if known[k] > CARDS_PER_KIND:
            return f"there are {known[k]} {CARD_OF_KIND[k].value} cards; the game has {CARDS_PER_KIND}"
    total = sum(known.values()) + hidden
    if total != 4 * CARDS_PER_KIND:
        return f"there are {total} building cards; the game has {4 * CARDS_PER_KIND}"
    return None


def _tiles_problem(state: BabelState) -> str | None:
    placed = [t for w in state.wonders for t in w.slots if t is not None]
    owned = [t for pl in state.players for t in pl.tiles]
    if sorted(placed + owned) != list(tile_set(state.options.two_colour_tiles)):
        return "the tiles on the board and in front of the players are not the game's tile set"
    return None


def _action_cards_problem(state: BabelState) -> str | None:
    cards = state.action_deck + state.action_discard + tuple(
        c for pl in state.players for c in pl.actions)
    if not state.options.action_cards:
        return "action cards are switched off, yet some are in play" if cards else None
    have = Counter(cards)
    for card, n in ACTION_CARD_COUNTS.items():
        if have[card] > n:
            return f"there are {have[card]} '{card.value}' action cards; the game has {n}"
    if len(cards) != sum(ACTION_CARD_COUNTS.values()):
        return f"there are {len(cards)} action cards; the game has {sum(ACTION_CARD_COUNTS.values())}"
    if state.action_discard != sort_actions(state.action_discard):
        return "the action discard pile must be sorted"
    return None


def _phase_problem(state: BabelState) -> str | None:
    """The turn bookkeeping fits the phase."""
    phase, n = state.phase, state.num_players
    kinds_left = [any(t is not None and t[k] for w in state.wonders for t in w.slots)
                  for k in range(4)]
    if (phase is Phase.OVER) == all(kinds_left):
        return "the game is over exactly when a kind has no tile left on the board"
    if state.second_action and not state.double_turn:
        return "a second action needs a double turn"
    building = phase in (Phase.OFFER, Phase.DECIDE, Phase.BONUS)
    if building != (state.target is not None and state.tile is not None):
        return f"the {phase.value} step {'needs' if building else 'has no'} tile being built"
    if building != (len(state.offers) == n) or (not building and state.offers):
        return f"the {phase.value} step {'needs' if building else 'has no'} offers"
    if building and state.offers[state.active] is not None:
        return "the active player makes no offer"
    complete = building and all(o is not None for p, o in enumerate(state.offers)
                                if p != state.active)
    if state.revealed != (phase in (Phase.DECIDE, Phase.BONUS)) or (state.revealed and not complete):
        return "offers are revealed exactly once all are in, until the build is resolved"
    if (state.decision is not None) != (phase is Phase.BONUS) or (
            phase is not Phase.BONUS and (state.bonus_waiting or state.bonus_used)):
        return "a decision and third-bonus bookkeeping belong to the bonus step only"
    if phase is Phase.BONUS:
        return _bonus_problem(state)
    if state.revealed:
        tile = state.tile
        for p, o in enumerate(state.offers):
            if o is not None and any(o.cards[k] and not tile[k] for k in range(4)):  # type: ignore[index]
                return f"player {p}'s revealed offer still holds wrong-kind cards"
    return None


def _bonus_problem(state: BabelState) -> str | None:
    accepted = state.decision.offers if isinstance(state.decision, Accept) else ()
    rejected = {p for p, o in enumerate(state.offers) if o is not None and p not in accepted}
    if not state.bonus_waiting or not set(state.bonus_waiting + state.bonus_used) <= rejected:
        return "only rejected offerers take part in the third-bonus step"
    if set(state.bonus_waiting) & set(state.bonus_used):
        return "a player decides on his third bonus once"
    if list(state.bonus_waiting) != sorted(set(state.bonus_waiting)) \
            or list(state.bonus_used) != sorted(set(state.bonus_used)):
        return "third-bonus player lists must be sorted"
    return None

