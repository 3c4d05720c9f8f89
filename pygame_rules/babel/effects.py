"""What a legal action does in Der Turmbau zu Babel: drawing, the reveal, building,
wonder scoring, the card window, the end.

Order of a build's resolution (our reading of rules-data A4/A9): turned-down offerers take
their cards back and score (1 VP per matching card, 3 with a third bonus; the exchange
card scores nothing and always returns); then the elements are placed, the used cards
discarded and the tile handed out; a completed wonder scores on the marker's row, the
marker moves down and the active player draws an action card; if a kind has no tile
left on the board the game ends at once (no card window, no end-of-turn draws). Two rule
readings change the game-ending build: ``last_build_offers_score`` (off: the turned-down
offers of that build score nothing) and ``last_build_action_card`` (off: its completed
wonder deals no action card).
"""

from __future__ import annotations

from .. import quiet
from ..cards import draw
from ..frozen import replace
from ..rng import Rng
from .actions import (
    Accept,
    BabelAction,
    Build,
    CardExchange,
    Continue,
    Decline,
    DoubleTurn,
    DrawThree,
    Offer,
    Pass,
    ThirdBonus,
)
from .data import CARD_OF_KIND, DRAW_THREE_COUNT, KIND_OF_CARD, SCORING_ROWS, ActionCard, Counts
from .legal import bonus_asked, own_share, tiles_left_after, window_asked
from .scoring import wonder_points
from .state import BabelState, Phase, StoredOffer, Target, add, forget, matching, sort_actions, sub


def play(state: BabelState, player: int, action: BabelAction) -> BabelState:
    """The state after a legal action; an accepted build hands out a tile, which is what the
    quiet end (:mod:`pygame_rules.quiet`) counts as building."""
    state = replace(state, quiet=quiet.counted(state.quiet, isinstance(action, Accept)))
    if isinstance(action, Pass):
        return end_action(draw_cards(state, player, 1))
    if isinstance(action, Build):
        return replace(state, phase=Phase.OFFER, target=Target(action.wonder, action.slot),
                       offers=(None,) * state.num_players, revealed=False)
    if isinstance(action, Offer):
        return submit_offer(state, player, action)
    if isinstance(action, (Accept, Decline)):
        return decide(state, action)
    if isinstance(action, ThirdBonus):
        return third_bonus(state, player, action.use)
    if isinstance(action, DoubleTurn):
        state = replace(spend_action_card(state, player, ActionCard.DOUBLE_TURN), double_turn=True)
        return answered(state, player) if state.phase is Phase.WINDOW else state
    if isinstance(action, Continue):
        return answered(state, player)
    if isinstance(action, DrawThree):
        return draw_cards(spend_action_card(state, player, ActionCard.DRAW_THREE), player,
                          DRAW_THREE_COUNT)
    if isinstance(action, CardExchange):
        return exchange_cards(state, player, action.cards)
    raise TypeError(f"not a Babel action: {action!r}")  # i18n: internal


# ------------------------------------------------------------------ cards
def draw_cards(state: BabelState, p: int, count: int) -> BabelState:
    """``p`` draws ``count`` building cards; an empty supply is refilled by shuffling the
    discard pile (our reading: the rules say nothing); with both empty, fewer are drawn."""
    discard = tuple(card for k, card in enumerate(CARD_OF_KIND) for _ in range(state.discard[k]))
    rng = Rng(state.rng)
    drawn, deck, spent = draw(state.deck, discard, count, rng)
    gained = [0, 0, 0, 0]
    for card in drawn:
        gained[KIND_OF_CARD[card]] += 1
    left = [0, 0, 0, 0]
    for card in spent:
        left[KIND_OF_CARD[card]] += 1
    me = state.players[p]
    state = state.with_player(p, replace(me, hand=add(me.hand, tuple(gained))))  # type: ignore[arg-type]
    return replace(state, deck=deck, discard=tuple(left), rng=rng.state)


def spend_action_card(state: BabelState, p: int, card: ActionCard, count: int = 1) -> BabelState:
    """``p`` plays ``count`` action cards of this kind onto the action discard pile."""
    if not count:
        return state
    me = state.players[p]
    kept = list(me.actions)
    for _ in range(count):
        kept.remove(card)
    state = state.with_player(p, replace(me, actions=tuple(kept)))
    return replace(state, action_discard=sort_actions(state.action_discard + (card,) * count))


def exchange_cards(state: BabelState, p: int, cards: Counts) -> BabelState:
    """Card exchange: draw as many cards as are given away, then discard those given away
    (drawing first, so a reshuffle never hands back the same cards)."""
    state = draw_cards(spend_action_card(state, p, ActionCard.CARD_EXCHANGE), p, sum(cards))
    me = state.players[p]
    state = state.with_player(p, replace(me, hand=sub(me.hand, cards),
                                         shown=forget(me.shown, cards)))
    return replace(state, discard=add(state.discard, cards))


# ------------------------------------------------------------------ offers
def submit_offer(state: BabelState, p: int, action: Offer) -> BabelState:
    """Lay a sealed offer; the last one reveals them all."""
    me = state.players[p]
    state = state.with_player(p, replace(me, hand=sub(me.hand, action.cards),
                                         exchange=me.exchange and not action.exchange))
    offers = list(state.offers)
    offers[p] = StoredOffer(action.cards, action.exchange)
    state = replace(state, offers=tuple(offers))
    return reveal(state) if all(o is not None or q == state.active
                                for q, o in enumerate(offers)) else state


def reveal(state: BabelState) -> BabelState:
    """Turn all offers face up; wrong-kind cards go straight back to their owners (what was
    known of a hand before is known of hand and offer together until now)."""
    tile = state.tile
    assert tile is not None
    offers: list[StoredOffer | None] = []
    for p, offer in enumerate(state.offers):
        if offer is None:
            offers.append(None)
            continue
        good = matching(offer.cards, tile)
        wrong = sub(offer.cards, good)
        me = state.players[p]
        state = state.with_player(p, replace(me, hand=add(me.hand, wrong),
                                             shown=add(forget(me.shown, offer.cards), wrong)))
        offers.append(StoredOffer(good, offer.exchange, wrong))
    return replace(state, offers=tuple(offers), revealed=True, phase=Phase.DECIDE)


def offers_score(state: BabelState, decision: Accept | Decline) -> bool:
    """Whether the turned-down offers score after ``decision``: always, unless it builds
    the game-ending tile and the table reads "Het spel eindigt onmiddellijk" as ending
    the game before they are paid (rule reading ``last_build_offers_score`` off)."""
    return (state.options.last_build_offers_score or isinstance(decision, Decline)
            or tiles_left_after(state))


def decide(state: BabelState, decision: Accept | Decline) -> BabelState:
    """Record the active player's choice; ask about third bonuses if any may be played."""
    accepted = decision.offers if isinstance(decision, Accept) else ()
    waiting = bonus_asked(state, accepted) if offers_score(state, decision) else ()
    state = replace(state, decision=decision, bonus_waiting=waiting)
    return replace(state, phase=Phase.BONUS) if waiting else resolve(state)


def third_bonus(state: BabelState, p: int, use: bool) -> BabelState:
    if use:
        state = replace(spend_action_card(state, p, ActionCard.THIRD_BONUS),
                        bonus_used=tuple(sorted(state.bonus_used + (p,))))
    state = replace(state, bonus_waiting=tuple(q for q in state.bonus_waiting if q != p))
    return state if state.bonus_waiting else resolve(state)


# ------------------------------------------------------------------ the build
def resolve(state: BabelState) -> BabelState:
    """Settle the offers and the build once the decision (and third bonuses) are known."""
    decision = state.decision
    assert decision is not None
    accepted = decision.offers if isinstance(decision, Accept) else ()
    scoring = offers_score(state, decision)
    for p, offer in enumerate(state.offers):
        if offer is None:
            continue
        me = state.players[p]
        me = replace(me, exchange=True)
        if p in accepted:
            state = replace(state, discard=add(state.discard, offer.cards))
        else:
            factor = (3 if p in state.bonus_used else 1) if scoring else 0
            me = replace(me, hand=add(me.hand, offer.cards), shown=add(me.shown, offer.cards),
                         offer_vp=me.offer_vp + factor * sum(offer.cards))
        state = state.with_player(p, me)
    if isinstance(decision, Accept):
        state = build(state, decision)
    state = replace(state, target=None, offers=(), revealed=False, decision=None,
                    bonus_waiting=(), bonus_used=())
    return state if state.phase is Phase.OVER else end_action(state)


def build(state: BabelState, decision: Accept) -> BabelState:
    """Place the elements, hand out the tile, score a completed wonder, check the end."""
    tile, target, active = state.tile, state.target, state.active
    assert tile is not None and target is not None
    last = not tiles_left_after(state)
    elements = [0] * state.num_players
    receiver = active
    for p in decision.offers:
        offer = state.offers[p]
        assert offer is not None
        if offer.exchange:
            receiver = p  # the active player places elements for this player's cards …
            elements[active if decision.replace else p] += sum(offer.cards)  # … or may not
        else:
            elements[p] += sum(offer.cards)
    own = own_share(state, decision)
    elements[active] += sum(own) + sum(decision.joker)
    state = spend_action_card(state, active, ActionCard.JOKER, sum(decision.joker) // 2)
    me = state.players[active]
    me = replace(me, hand=sub(me.hand, own), shown=forget(me.shown, own))
    state = replace(state.with_player(active, me),
                    discard=add(state.discard, own))
    owner = state.players[receiver]
    state = state.with_player(receiver, replace(
        owner, tiles=tuple(sorted(owner.tiles + (tile,)))))
    wonder = state.wonders[target.wonder]
    wonder = replace(wonder, slots=tuple(None if s == target.slot else t
                                         for s, t in enumerate(wonder.slots)),
                     elements=tuple(a + b for a, b in zip(wonder.elements, elements)))
    state = state.with_wonder(target.wonder, wonder)
    if wonder.complete:
        state = score_wonder(state, target.wonder,
                             deal=not last or state.options.last_build_action_card)
    return replace(state, phase=Phase.OVER) if last else state


def score_wonder(state: BabelState, w: int, deal: bool = True) -> BabelState:
    """Score a completed wonder on the marker's row; elements go home; the marker moves
    down; the active player (who triggered it) draws an action card if ``deal``."""
    wonder = state.wonders[w]
    row = state.marker
    points = wonder_points(wonder.elements, SCORING_ROWS[row])
    state = replace(state, players=tuple(replace(pl, wonder_vp=pl.wonder_vp + pts) if pts else pl
                                         for pl, pts in zip(state.players, points)),
                    marker=row + 1)
    state = state.with_wonder(w, replace(wonder, elements=(0,) * state.num_players,
                                         scored_row=row))
    if deal and state.options.action_cards and state.action_deck:
        me = state.players[state.active]
        card = state.action_deck[-1]
        state = replace(state.with_player(state.active, replace(
            me, actions=sort_actions(me.actions + (card,)))),
            action_deck=state.action_deck[:-1])
    return state


def end_action(state: BabelState) -> BabelState:
    """After a pass or build: the card window if a rule reading opens it, else :func:`go_on`."""
    waiting = window_asked(state)
    if waiting:
        return replace(state, phase=Phase.WINDOW, window_waiting=waiting)
    return go_on(state)


def answered(state: BabelState, p: int) -> BabelState:
    """``p`` is done in the card window; once everybody is, the game goes on."""
    waiting = tuple(q for q in state.window_waiting if q != p)
    return replace(state, window_waiting=waiting) if waiting else go_on(
        replace(state, window_waiting=()))


def go_on(state: BabelState) -> BabelState:
    """A second action after a double turn; else the quiet end, if nobody has built for as
    long as it allows (the game ends without the common draw); else everyone draws 1 (the
    active player first, then clockwise) and the next player's turn starts."""
    if state.double_turn and not state.second_action:
        return replace(state, phase=Phase.CHOOSE, second_action=True)
    if quiet.reached(state.quiet, state.quiet_end):
        return replace(state, phase=Phase.OVER, double_turn=False, second_action=False)
    n = state.num_players
    for i in range(n):
        state = draw_cards(state, (state.active + i) % n, 1)
    return replace(state, active=(state.active + 1) % n, phase=Phase.CHOOSE,
                   double_turn=False, second_action=False)
