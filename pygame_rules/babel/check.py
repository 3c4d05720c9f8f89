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

from .. import quiet
from ..errors import InvalidState
from ..i18n import _, ngettext
from ..rng import Rng
from .actions import Accept
from .data import (
    ACTION_CARD_COUNTS,
    CARDS_PER_KIND,
    KIND_OF_CARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SCORING_ROWS,
    SLOTS_PER_WONDER,
    WONDERS,
    ActionCard,
    Card,
    kind_cards,
    tile_set,
)
from .legal import brief, decision_problem
from .state import QUIET_END, STEP_NAMES, BabelState, Phase, add, sort_actions

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
        return _("players: a game has {least}–{most} players, not {n}").format(
            least=MIN_PLAYERS, most=MAX_PLAYERS, n=n)
    try:
        Rng(state.rng)
    except ValueError:
        return _("rng: the random state must be 16 lowercase hex digits")
    if len(state.wonders) != len(WONDERS):
        return _("wonders: there are {wanted} wonders, not {n}").format(
            wanted=len(WONDERS), n=len(state.wonders))
    if state.offers and len(state.offers) != n:
        return _("offers: offers must be listed for all {players} players, not {n}").format(
            players=n, n=len(state.offers))
    if not 0 <= state.active < n:
        return _("active: player {player} is not a seat").format(player=brief(state.active))
    if not 0 <= state.marker <= len(SCORING_ROWS):
        return _("marker: the scoring marker is on a row 0–{last}, not {value}").format(
            last=len(SCORING_ROWS), value=brief(state.marker))
    if len(state.deck) > MAX_CARDS or max(state.discard) > MAX_CARDS:
        return _("deck: the game has {n} building cards").format(n=MAX_CARDS)
    if len(state.action_deck) + len(state.action_discard) > MAX_ACTION_CARDS:
        return _("action cards: the game has {n}").format(n=MAX_ACTION_CARDS)
    for name, seats in (("waiting", state.bonus_waiting), ("bonus", state.bonus_used),
                        ("window", state.window_waiting)):
        if len(seats) > n or not all(0 <= p < n for p in seats):
            return _("{field}: lists players who are not at the table").format(field=name)
    return _players_problem(state) or _board_problem(state)


def _players_problem(state: BabelState) -> str | None:
    for p, pl in enumerate(state.players):
        if min(pl.hand) < 0 or pl.hidden < 0 or pl.wonder_vp < 0 or pl.offer_vp < 0 \
                or min(pl.shown) < 0:
            return _("player {player} has a negative count").format(player=p + 1)
        if max(*pl.hand, *pl.shown, pl.hidden) > MAX_CARDS or max(pl.wonder_vp, pl.offer_vp) > MAX_VP \
                or len(pl.tiles) > len(tile_set(False)) or len(pl.actions) > MAX_ACTION_CARDS:
            return _("player {player} has more cards, tiles or points than a game can give").format(player=p + 1)
        if list(pl.tiles) != sorted(pl.tiles) or pl.actions != sort_actions(pl.actions):
            return _("player {player}'s tiles and action cards must be sorted").format(player=p + 1)
        offer = state.offers[p] if state.offers else None
        if offer is not None and not (min(*offer.cards, *offer.returned) >= 0
                                      and max(*offer.cards, *offer.returned) <= MAX_CARDS):
            return _("player {player}'s offer has a card count out of range").format(player=p + 1)
        held = add(pl.hand, offer.cards) if offer and not state.revealed else pl.hand
        if sum(max(0, s - h) for s, h in zip(pl.shown, held)) > pl.hidden:
            return _("player {player} is said to have shown cards he does not hold").format(player=p + 1)
    return None


def _board_problem(state: BabelState) -> str | None:
    n = state.num_players
    t = state.target
    if t is not None and not (0 <= t.wonder < len(WONDERS) and 0 <= t.slot < SLOTS_PER_WONDER):
        return _("target: the tile being built ({wonder}.{space}) is not a tile space").format(
            wonder=brief(t.wonder), space=brief(t.slot))
    if isinstance(state.decision, Accept) and (
            len(state.decision.offers) > n or any(not 0 <= p < n for p in state.decision.offers)
            or max(state.decision.joker) > MAX_CARDS or min(state.decision.joker) < 0):
        return _("decision: it accepts a player who is not in the game, or a bad joker count")
    rows: list[int] = []
    for w, wonder in enumerate(state.wonders):
        if len(wonder.slots) != SLOTS_PER_WONDER or len(wonder.elements) != n:
            return _("wonder {wonder} needs {spaces} tile spaces and {n} element counts").format(
                wonder=w, spaces=SLOTS_PER_WONDER, n=n)
        if min(wonder.elements) < 0 or max(wonder.elements) > MAX_CARDS:
            return _("wonder {wonder} has an element count out of range").format(wonder=w)
        if wonder.complete != (wonder.scored_row is not None):
            return _("wonder {wonder} must have a scoring row exactly when all its tiles are gone").format(
                wonder=w)
        if wonder.scored_row is not None:
            if not 0 <= wonder.scored_row < len(SCORING_ROWS):
                return _("wonder {wonder} scored on a row that does not exist ({row})").format(
                    wonder=w, row=brief(wonder.scored_row))
            rows.append(wonder.scored_row)
            if any(wonder.elements):
                return _("completed wonder {wonder} still holds elements").format(wonder=w)
    if sorted(rows) != list(range(state.marker)):
        return _("completed wonders scored on rows {rows}, but the marker is at {marker}").format(
            rows=sorted(rows), marker=state.marker)
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
                return _("player {player}'s exchange card must be either in his hand or in his offer").format(
                    player=p + 1)
        elif not pl.exchange:
            return _("player {player}'s exchange card is missing").format(player=p + 1)
        known.update({k: n for k, n in enumerate(cards)})
    if min(state.discard) < 0:
        return _("the discard pile has a negative count")
    for k in range(4):
        if known[k] > CARDS_PER_KIND:
            return _("there are {cards}; the game has {n}").format(
                cards=kind_cards(k, known[k]), n=CARDS_PER_KIND)
    total = sum(known.values()) + hidden
    if total != 4 * CARDS_PER_KIND:
        return ngettext("there is {n} building card; the game has {total}",
                        "there are {n} building cards; the game has {total}", total).format(
            n=total, total=4 * CARDS_PER_KIND)
    return None


def _tiles_problem(state: BabelState) -> str | None:
    placed = [t for w in state.wonders for t in w.slots if t is not None]
    owned = [t for pl in state.players for t in pl.tiles]
    if sorted(placed + owned) != list(tile_set(state.options.two_colour_tiles)):
        return _("the tiles on the board and in front of the players are not the game's tile set")
    return None


def _action_cards_problem(state: BabelState) -> str | None:
    cards = state.action_deck + state.action_discard + tuple(
        c for pl in state.players for c in pl.actions)
    if not state.options.action_cards:
        return _("action cards are switched off, yet some are in play") if cards else None
    have = Counter(cards)
    for card, n in ACTION_CARD_COUNTS.items():
        if have[card] > n:
            return _("there are {n} '{card}' action cards; the game has {most}").format(
                n=have[card], card=_(card.value), most=n)
    if len(cards) != MAX_ACTION_CARDS:
        return ngettext("there is {n} action card; the game has {total}",
                        "there are {n} action cards; the game has {total}", len(cards)).format(
            n=len(cards), total=MAX_ACTION_CARDS)
    if state.action_discard != sort_actions(state.action_discard):
        return _("the action discard pile must be sorted")
    return None


def _phase_problem(state: BabelState) -> str | None:
    """The turn bookkeeping fits the phase."""
    phase, n = state.phase, state.num_players
    kinds_left = [any(t is not None and t[k] for w in state.wonders for t in w.slots)
                  for k in range(4)]
    turn_starts = phase is Phase.CHOOSE and not state.second_action
    problem = quiet.problem(state.quiet, state.quiet_end, QUIET_END, turn_starts)
    if problem:
        return problem
    if phase is Phase.OVER and all(kinds_left) and not quiet.reached(state.quiet, state.quiet_end):
        return _("the game is over, but every kind has a tile left on the board and the quiet end has not come")
    if phase is not Phase.OVER and not all(kinds_left):
        return _("a kind has no tile left on the board, so the game should be over")
    if state.second_action and not state.double_turn:
        return _("a second action needs a double turn")
    if (phase is Phase.WINDOW) != bool(state.window_waiting) \
            or list(state.window_waiting) != sorted(set(state.window_waiting)):
        return _("window: the card window waits for a sorted list of players, and only it does")
    building = phase in (Phase.OFFER, Phase.DECIDE, Phase.BONUS)
    step = _(STEP_NAMES[phase])
    if building != (state.target is not None and state.tile is not None):
        return (_("the {step} step needs a tile being built") if building
                else _("the {step} step has no tile being built")).format(step=step)
    if building != (len(state.offers) == n) or (not building and state.offers):
        return (_("the {step} step needs offers") if building
                else _("the {step} step has no offers")).format(step=step)
    if building and state.offers[state.active] is not None:
        return _("the active player makes no offer")
    complete = building and all(o is not None for p, o in enumerate(state.offers)
                                if p != state.active)
    if phase is Phase.OFFER and complete:
        return _("every offer is made, so the offers should be revealed (the decide step)")
    if state.revealed != (phase in (Phase.DECIDE, Phase.BONUS)) or (state.revealed and not complete):
        return _("offers are revealed exactly once all are in, until the build is resolved")
    if (state.decision is not None) != (phase is Phase.BONUS) or (
            phase is not Phase.BONUS and (state.bonus_waiting or state.bonus_used)):
        return _("a decision and third-bonus bookkeeping belong to the third-bonus step only")
    if phase is Phase.BONUS:
        return _bonus_problem(state)
    if state.revealed:
        tile = state.tile
        for p, o in enumerate(state.offers):
            if o is not None and any(o.cards[k] and not tile[k] for k in range(4)):  # type: ignore[index]
                return _("player {player}'s revealed offer still holds wrong-kind cards").format(player=p + 1)
    return None


def _bonus_problem(state: BabelState) -> str | None:
    accepted = state.decision.offers if isinstance(state.decision, Accept) else ()
    rejected = {p for p, o in enumerate(state.offers) if o is not None and p not in accepted}
    if not state.bonus_waiting or not set(state.bonus_waiting + state.bonus_used) <= rejected:
        return _("only rejected offerers take part in the third-bonus step")
    if set(state.bonus_waiting) & set(state.bonus_used):
        return _("a player decides on his third bonus once")
    if list(state.bonus_waiting) != sorted(set(state.bonus_waiting)) \
            or list(state.bonus_used) != sorted(set(state.bonus_used)):
        return _("third-bonus player lists must be sorted")
    builder = state.players[state.active]
    known = not builder.hidden and ActionCard.HIDDEN not in builder.actions  # (a view hides them)
    problem = decision_problem(state, state.decision) if known else None
    if problem:
        return _("the builder could not have made the decision of the third-bonus step: {problem}").format(
            problem=problem)
    return None

