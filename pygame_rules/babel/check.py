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
from .legal import brief
from .state import BabelState, Phase, add, sort_actions

#: Bounds that no real game comes near, checked before anything is counted or sorted.
MAX_CARDS = 4 * CARDS_PER_KIND
MAX_VP = 10_000
MAX_ACTION_CARDS = sum(ACTION_CARD_COUNTS.values())


def check_state(state: BabelState) -> None:
    """Raise InvalidState unless cards, tiles and action cards are all conserved and the
    turn's bookkeeping fits its phase."""
    problem = _shape_problem(state) or _cards_problem(state) or _tiles_problem(state) \
        or _action_cards_problem(state) or _phase_problem(state)
    if problem:
        raise InvalidState(problem)


def _shape_problem(state: BabelState) -> str | None:
    """Sizes and ranges: every list as long as the game allows, every number in range."""
    n = state.num_players
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"players: a game has {MIN_PLAYERS}–{MAX_PLAYERS} players, not {n}"
    try:
        Rng(state.rng)
    except ValueError:
        return "rng: the random state must be 16 lowercase hex digits"
    if len(state.wonders) != len(WONDERS):
        return f"wonders: there are {len(WONDERS)} wonders, not {len(state.wonders)}"
    if state.offers and len(state.offers) != n:
        return f"offers: offers must be listed for all {n} players, not {len(state.offers)}"
    if not 0 <= state.active < n:
        return f"active: player {brief(state.active)} is not a seat"
    if not 0 <= state.marker <= len(SCORING_ROWS):
        return f"marker: the scoring marker is on a row 0–{len(SCORING_ROWS)}, not {brief(state.marker)}"
    if len(state.deck) > MAX_CARDS or max(state.discard) > MAX_CARDS:
        return f"deck: the game has {MAX_CARDS} building cards"
    if len(state.action_deck) + len(state.action_discard) > MAX_ACTION_CARDS:
        return f"action cards: the game has {MAX_ACTION_CARDS}"
    for name, seats in (("waiting", state.bonus_waiting), ("bonus", state.bonus_used),
                        ("window", state.window_waiting)):
        if len(seats) > n or not all(0 <= p < n for p in seats):
            return f"{name}: lists players who are not at the table"
    return _players_problem(state) or _board_problem(state)


def _players_problem(state: BabelState) -> str | None:
    for p, pl in enumerate(state.players):
        if min(pl.hand) < 0 or pl.hidden < 0 or pl.wonder_vp < 0 or pl.offer_vp < 0 \
                or min(pl.shown) < 0:
            return f"player {p} has a negative count"
        if max(*pl.hand, *pl.shown, pl.hidden) > MAX_CARDS or max(pl.wonder_vp, pl.offer_vp) > MAX_VP \
                or len(pl.tiles) > len(tile_set(False)) or len(pl.actions) > MAX_ACTION_CARDS:
            return f"player {p} has more cards, tiles or points than a game can give"
        if list(pl.tiles) != sorted(pl.tiles) or pl.actions != sort_actions(pl.actions):
            return f"player {p}'s tiles and action cards must be sorted"
        offer = state.offers[p] if state.offers else None
        if offer is not None and not (min(*offer.cards, *offer.returned) >= 0
                                      and max(*offer.cards, *offer.returned) <= MAX_CARDS):
            return f"player {p}'s offer has a card count out of range"
        held = add(pl.hand, offer.cards) if offer and not state.revealed else pl.hand
        if sum(max(0, s - h) for s, h in zip(pl.shown, held)) > pl.hidden:
            return f"player {p} is said to have shown cards he does not hold"
    return None


def _board_problem(state: BabelState) -> str | None:
    n = state.num_players
    t = state.target
    if t is not None and not (0 <= t.wonder < len(WONDERS) and 0 <= t.slot < SLOTS_PER_WONDER):
        return f"target: the tile being built ({brief(t.wonder)}.{brief(t.slot)}) is not a tile space"
    if isinstance(state.decision, Accept) and (
            len(state.decision.offers) > n or any(not 0 <= p < n for p in state.decision.offers)
            or max(state.decision.joker) > MAX_CARDS or min(state.decision.joker) < 0):
        return "decision: it accepts a player who is not in the game, or a bad joker count"
    rows: list[int] = []
    for w, wonder in enumerate(state.wonders):
        if len(wonder.slots) != SLOTS_PER_WONDER or len(wonder.elements) != n:
            return f"wonder {w} needs {SLOTS_PER_WONDER} tile spaces and {n} element counts"
        if min(wonder.elements) < 0 or max(wonder.elements) > MAX_CARDS:
            return f"wonder {w} has an element count out of range"
        if wonder.complete != (wonder.scored_row is not None):
            return f"wonder {w} must have a scoring row exactly when all its tiles are gone"
        if wonder.scored_row is not None:
            if not 0 <= wonder.scored_row < len(SCORING_ROWS):
                return f"wonder {w} scored on a row that does not exist ({brief(wonder.scored_row)})"
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
    if (phase is Phase.WINDOW) != bool(state.window_waiting) \
            or list(state.window_waiting) != sorted(set(state.window_waiting)):
        return "window: the card window waits for a sorted list of players, and only it does"
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

