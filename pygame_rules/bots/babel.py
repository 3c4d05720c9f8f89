"""Bot knowledge of Der Turmbau zu Babel: dealing the unseen cards, judging a position.

A player's view shows his own hand, action cards and offer, the discard pile, the
revealed offers, and of everybody else only how many cards he holds. The
determinizer deals the building cards nobody has shown (the 25 of each kind minus
those the viewer can see) at random to the others' hands and the supply, keeping in
each hand the cards everybody saw come back to it (``shown``), makes up the others'
sealed offers from their dealt hands (mostly the :func:`usual_offer`), and deals the
unseen action cards likewise.

>>> from pygame_rules.babel import GAME, Build
>>> from pygame_rules.rng import Rng
>>> truth = GAME.apply(GAME.new_game(4, seed=1), 0, Build(7, 0))
>>> world = KNOWLEDGE.determinize(GAME.view(truth, 1), 1, Rng.from_seed(2))
>>> GAME.check_state(world)                      # a complete, consistent state …
>>> world.players[1] == truth.players[1]         # … with the viewer's own hand as it is
True
>>> GAME.view(world, 1) == GAME.view(truth, 1)   # … that he cannot tell from the truth
True
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from ..babel import GAME
from ..babel.actions import Accept, BabelAction, CardExchange, Continue, Decline, Offer, ThirdBonus
from ..babel.data import (
    ACTION_CARD_COUNTS,
    CARD_EXCHANGE_MAX,
    CARD_OF_KIND,
    CARDS_PER_KIND,
    FINAL_ROW,
    NO_CARDS,
    SCORING_ROWS,
    WONDERS,
    ActionCard,
    Counts,
)
from ..babel.legal import sub_counts
from ..babel.scoring import action_card_points, set_bonus, wonder_points
from ..babel.state import BabelState, Phase, StoredOffer, sort_actions, sub
from ..frozen import replace
from ..i18n import N_
from ..rng import Rng
from .knowledge import Knowledge, random_rng_state

#: Worth of a building card in hand (a card adds about one element to a wonder).
HAND_CARD = 0.6
#: Worth of the action cards that score nothing by themselves.
ACTION_VALUE = {ActionCard.JOKER: 2.0, ActionCard.DRAW_THREE: 1.5, ActionCard.DOUBLE_TURN: 1.0,
                ActionCard.CARD_EXCHANGE: 1.0, ActionCard.THIRD_BONUS: 1.0,
                ActionCard.HIDDEN: 1.5}
#: Share of the current majority points of an unfinished wonder counted now.
WONDER_SHARE = 0.7
#: Chance that a playout's active player builds when he can (rather than a random choice).
PLAYOUT_ACCEPT = 0.8
#: Share of made-up sealed offers that are the :func:`usual_offer` (the rest: any matching cards).
USUAL_OFFER = 0.75


#: A hint's reason when the action completes a wonder (the builder's, or a helper's).
COMPLETES = N_("completes the {wonder}")
HELPS_COMPLETE = N_("helps complete the {wonder}")


class BabelKnowledge(Knowledge[BabelState, BabelAction]):
    game = GAME
    scale: ClassVar[float] = 8.0
    playout_depth: ClassVar[int] = 6
    samples: ClassVar[int] = 3

    # -------------------------------------------------------------- determinize
    def goal(self, before: BabelState, player: int, action: BabelAction,
             after: BabelState) -> tuple[str, tuple[tuple[str, str | int], ...]] | None:
        """A wonder completed.

        >>> from pygame_rules.lessons import lesson, replay
        >>> state = replay(lesson("babel/wonders"))[1]
        >>> after = GAME.play(state, 0, GAME.parse_action(state, "accept none; add 3 ship")[1])
        >>> KNOWLEDGE.goal(state, 0, None, after)
        ('completes the {wonder}', (('wonder', 'Pyramids of Giza'),))
        """
        for w, (old, new) in enumerate(zip(before.wonders, after.wonders)):
            if new.complete and not old.complete:
                return (COMPLETES if before.active == player else HELPS_COMPLETE), (("wonder", WONDERS[w]),)
        return None

    def determinize(self, view: BabelState, player: int, rng: Rng) -> BabelState:
        sealed = not view.revealed
        unseen = [CARDS_PER_KIND - n for n in view.discard]
        pinned = _pinned_cards(view, player)
        for p, pl in enumerate(view.players):
            offer = view.offers[p] if view.offers else None
            if offer is not None and (p == player or not sealed):
                _take(unseen, offer.cards)
            _take(unseen, pl.hand if p == player else pinned.get(p, NO_CARDS))
        pool = [CARD_OF_KIND[k] for k in range(4) for _ in range(unseen[k])]
        rng.shuffle(pool)
        state = view
        for p, pl in enumerate(view.players):
            if p == player or not pl.hidden:
                continue
            hand = list(pinned.get(p, NO_CARDS))
            for _ in range(pl.hidden - sum(hand)):
                hand[_KIND[pool.pop()]] += 1
            state = _deal_hand(state, p, tuple(hand), sealed, rng)  # type: ignore[arg-type]
        state = replace(state, deck=tuple(pool), rng=random_rng_state(rng))
        return _deal_action_cards(state, player, rng)

    # ------------------------------------------------------------------ evaluate
    def evaluate(self, state: BabelState) -> tuple[float, ...]:
        if state.phase is Phase.OVER:
            return tuple(float(s) for s in GAME.scores(state))
        row = SCORING_ROWS[state.marker] if state.marker < len(SCORING_ROWS) else FINAL_ROW
        values = []
        for p, pl in enumerate(state.players):
            offered = state.offers[p] if state.offers else None
            cards = pl.hand_size + (sum(offered.cards) if offered else 0)
            values.append(pl.wonder_vp + pl.offer_vp + set_bonus(pl.tiles)
                          + action_card_points(pl) + HAND_CARD * cards
                          + sum(ACTION_VALUE.get(c, 0.0) for c in pl.actions))
        for wonder in state.wonders:
            if not wonder.complete and any(wonder.elements):
                for p, pts in enumerate(wonder_points(wonder.elements, row)):
                    values[p] += WONDER_SHARE * pts
        return tuple(values)

    def pending(self, state: BabelState) -> bool:
        return state.phase in (Phase.OFFER, Phase.DECIDE, Phase.BONUS, Phase.WINDOW)

    # ------------------------------------------------------------------- choices
    def candidates(self, state: BabelState, player: int,
                   actions: list[BabelAction]) -> list[BabelAction]:
        """No bluffs (an offer holds only cards the tile asks for) and card exchanges only
        of all cards of one kind (up to five). The third-bonus step and the card window get
        one fixed answer (:func:`fixed_answer`)."""
        answer = fixed_answer(state, actions)
        if answer is not None:
            return [answer]
        tile = state.tile
        hand = state.players[player].hand
        swaps = {tuple(min(hand[k], CARD_EXCHANGE_MAX) if j == k else 0 for j in range(4))
                 for k in range(4) if hand[k]}
        unasked = [k for k in range(4) if tile is not None and not tile[k]]
        out = []
        for a in actions:
            if isinstance(a, Offer):
                if any(a.cards[k] for k in unasked):
                    continue
            elif isinstance(a, CardExchange) and a.cards not in swaps:
                continue
            out.append(a)
        return out

    def sensible(self, state: BabelState, player: int,
                 actions: list[BabelAction]) -> list[BabelAction]:
        """Build when an accepted set of offers allows it."""
        if any(isinstance(a, Accept) for a in actions):
            return [a for a in actions if not isinstance(a, Decline)]
        return actions

    def follow_up(self, state: BabelState, player: int) -> BabelAction | None:
        """In the search, a sealed offer is the :func:`usual_offer` and the third-bonus and
        card-window answers are fixed: the tree goes from a tile (or the bot's own offer)
        straight to the active player's decision, and from it to the next action, instead
        of branching on every other player's answer first."""
        if state.phase is Phase.OFFER:
            return usual_offer(state, player)
        if state.phase in (Phase.BONUS, Phase.WINDOW):
            return fixed_answer(state, GAME.legal_actions(state, player))
        return None

    def playout_action(self, state: BabelState, player: int, actions: list[BabelAction],
                       rng: Rng) -> BabelAction:
        if state.phase is Phase.OFFER:
            return usual_offer(state, player)
        if state.phase is Phase.DECIDE and rng.randbelow(100) < PLAYOUT_ACCEPT * 100:
            builds = [a for a in actions if isinstance(a, Accept)]
            if builds:
                return builds[rng.randbelow(len(builds))]
        return actions[rng.randbelow(len(actions))]


def fixed_answer(state: BabelState, actions: list[BabelAction]) -> BabelAction | None:
    """The one answer a bot gives in the third-bonus step (play the card if it holds one:
    it is worth 2 VP per matching card and nothing at the end) and in the card window
    (go on: a bot plays its cards when it acts anyway); None in the other steps.

    Being a fixed policy, the answer comes at once whatever the bot holds, so how long a
    computer player takes never tells who holds a card."""
    if state.phase is Phase.BONUS:
        return ThirdBonus(True) if ThirdBonus(True) in actions else ThirdBonus(False)
    if state.phase is Phase.WINDOW:
        return Continue()
    return None


def usual_offer(state: BabelState, player: int) -> Offer:
    """Every card of ``player``'s hand the tile asks for (up to its printed numbers), without
    the exchange card: what the medium level offers most of the time.

    >>> from pygame_rules.babel import Build
    >>> s = GAME.play(GAME.new_game(3, seed=1), 0, Build(1, 0))
    >>> s.tile, s.players[1].hand, usual_offer(s, 1)
    ((0, 4, 0, 0), (0, 2, 0, 2), Offer(cards=(0, 2, 0, 0), exchange=False))
    """
    assert state.tile is not None
    return Offer(_fitting(state.players[player].hand, state.tile))


def _fitting(cards: Counts, tile: Counts) -> Counts:
    return tuple(min(n, need) for n, need in zip(cards, tile))  # type: ignore[return-value]


_KIND = {card: k for k, card in enumerate(CARD_OF_KIND)}


def _take(unseen: list[int], cards: Counts) -> None:
    for k in range(4):
        unseen[k] -= cards[k]


def _deal_hand(state: BabelState, p: int, cards: Counts, sealed: bool, rng: Rng) -> BabelState:
    """Give ``p`` the hand ``cards``; if his offer is sealed, make it up from them (cards
    the tile asks for, and his exchange card half of the time if he may have offered it)."""
    pl = state.players[p]
    offer = state.offers[p] if state.offers else None
    if not (sealed and offer is not None):
        return state.with_player(p, replace(pl, hand=cards, hidden=0))
    tile = state.tile
    assert tile is not None
    if rng.randbelow(100) < USUAL_OFFER * 100:
        offered = _fitting(cards, tile)
    else:
        options = list(sub_counts(cards, sum(tile), tile))  # the tile's numbers cap an offer
        offered = options[rng.randbelow(len(options))]
    exchange = pl.exchange and rng.randbelow(2) == 1
    offers = list(state.offers)
    offers[p] = StoredOffer(offered, exchange)
    state = replace(state, offers=tuple(offers))
    return state.with_player(p, replace(pl, hand=sub(cards, offered), hidden=0,
                                        exchange=pl.exchange and not exchange))


def _pinned_cards(view: BabelState, player: int) -> dict[int, Counts]:
    """Building cards the viewer knows another player holds: those he has shown (offers
    that came back to him), and, once the active player has chosen to build, the cards
    he must add from his hand."""
    pinned = {p: pl.shown for p, pl in enumerate(view.players) if p != player and any(pl.shown)}
    decision = view.decision
    if isinstance(decision, Accept) and view.active != player:
        tile = view.tile
        assert tile is not None
        rest = tile
        for p in decision.offers:
            offer = view.offers[p]
            assert offer is not None
            rest = sub(rest, offer.cards)
        needed = zip(sub(rest, decision.joker), pinned.get(view.active, NO_CARDS))
        pinned[view.active] = tuple(max(pair) for pair in needed)  # type: ignore[assignment]
    return pinned


def _pinned_actions(view: BabelState, player: int) -> dict[int, list[ActionCard]]:
    """Action cards the viewer knows another player holds: the jokers of a chosen build.
    (Being asked about a third bonus tells nothing: holders and others are asked alike.)"""
    pinned: dict[int, list[ActionCard]] = {}
    decision = view.decision
    if isinstance(decision, Accept) and view.active != player:
        pinned[view.active] = [ActionCard.JOKER] * (sum(decision.joker) // 2)
    return pinned


def _deal_action_cards(state: BabelState, player: int, rng: Rng) -> BabelState:
    """Deal the action cards the viewer has not seen to the hidden places (known ones first)."""
    unseen = Counter(ACTION_CARD_COUNTS) if state.options.action_cards else Counter()
    unseen.subtract(state.action_discard)
    for pl in state.players:
        unseen.subtract(c for c in pl.actions if c is not ActionCard.HIDDEN)
    pinned = _pinned_actions(state, player)
    for cards in pinned.values():
        unseen.subtract(cards)
    pool = [c for c, n in unseen.items() for _ in range(n)]
    rng.shuffle(pool)
    players = []
    for p, pl in enumerate(state.players):
        hidden = pl.actions.count(ActionCard.HIDDEN)
        if hidden:
            known = [c for c in pl.actions if c is not ActionCard.HIDDEN] + pinned.get(p, [])
            dealt = [pool.pop() for _ in range(hidden - len(pinned.get(p, [])))]
            pl = replace(pl, actions=sort_actions(tuple(known + dealt)))
        players.append(pl)
    return replace(state, players=tuple(players), action_deck=tuple(pool))


KNOWLEDGE = BabelKnowledge()
