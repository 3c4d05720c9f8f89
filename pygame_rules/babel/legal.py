"""Legality in Der Turmbau zu Babel: who moves, which actions are legal and why not.

The turn is a small state machine (:class:`~.state.Phase`):

* ``CHOOSE`` — the active player passes, builds (wonder + tile) or plays a double turn;
* ``OFFER`` — every other player submits one sealed :class:`~.actions.Offer`, all at once;
  the last one reveals them;
* ``DECIDE`` — the active player accepts a set of offers (adding jokers and his own cards)
  or declines;
* ``BONUS`` — the turned-down offerers decide whether to play a third-bonus card, all at
  once: every one who may hold one is asked (:func:`bonus_asked`), so that being asked
  tells nobody anything;
* ``WINDOW`` — the card window after a pass or build, before the common draw, opened only
  by two rule readings (:func:`window_asked`): the active player may play a late double
  turn, every player a draw three or card exchange out of turn.

"Draw three" and "card exchange" may be played by a player in every step in which he is
to move except the third-bonus step (the reading of "te allen tijde" the engine defaults
to; the rule reading ``cards_out_of_turn`` adds the card window). Their effects and the
resolution of a build live in :mod:`.effects`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..i18n import _, ngettext
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
from .data import (
    ACTION_CARD_COUNTS,
    CARD_EXCHANGE_MAX,
    CARDS_PER_KIND,
    NO_CARDS,
    SLOTS_PER_WONDER,
    WONDERS,
    ActionCard,
    Counts,
    Tile,
    counts_words,
    kind_cards,
    kind_count,
    tile_kinds,
)
from .state import STEP_NAMES, BabelState, Phase, add, fits, sub

#: The action cards that "every player may play at any time".
ANY_TIME = (ActionCard.DRAW_THREE, ActionCard.CARD_EXCHANGE)
#: The most cards of one kind any count in an action may name (all building cards).
MAX_COUNT = 4 * CARDS_PER_KIND


def to_move(state: BabelState) -> tuple[int, ...]:
    """The players who must act now."""
    if state.phase in (Phase.CHOOSE, Phase.DECIDE):
        return (state.active,)
    if state.phase is Phase.OFFER:
        return tuple(p for p, o in enumerate(state.offers) if o is None and p != state.active)
    if state.phase is Phase.BONUS:
        return state.bonus_waiting
    if state.phase is Phase.WINDOW:
        return state.window_waiting
    return ()


# ------------------------------------------------------------------ who is asked
def hidden_somewhere(state: BabelState, cards: tuple[ActionCard, ...]) -> bool:
    """Whether some card of these kinds may be in a hand: not all of them lie face up on
    the action discard pile (public knowledge, so asking on it reveals nothing)."""
    return state.options.action_cards and any(
        state.action_discard.count(card) < ACTION_CARD_COUNTS[card] for card in cards)


def bonus_asked(state: BabelState, accepted: tuple[int, ...]) -> tuple[int, ...]:
    """Who is asked about a third bonus once the decision accepting ``accepted`` is known:
    every turned-down offerer with a matching card who holds any action card at all (a
    number everybody sees), holder of a third bonus or not, unless no third-bonus card can
    be in a hand any more."""
    if not hidden_somewhere(state, (ActionCard.THIRD_BONUS,)):
        return ()
    return tuple(p for p, o in enumerate(state.offers)
                 if o is not None and p not in accepted and sum(o.cards) > 0
                 and state.players[p].actions)


def window_asked(state: BabelState) -> tuple[int, ...]:
    """Who is asked in the card window after the action just finished, by the rule readings:
    with ``late_double_turn`` the active player, if he has not played a double turn this
    turn; with ``cards_out_of_turn`` every player. In both cases only players holding some
    action card (a number everybody sees), and only while such a card may be in a hand."""
    opts, active = state.options, state.active
    asked = set()
    if opts.late_double_turn and not state.double_turn \
            and hidden_somewhere(state, (ActionCard.DOUBLE_TURN,)):
        asked.add(active)
    if opts.cards_out_of_turn and hidden_somewhere(state, ANY_TIME):
        asked |= set(range(state.num_players))
    return tuple(p for p in sorted(asked) if state.players[p].actions)


def tiles_left_after(state: BabelState) -> bool:
    """Whether every kind still has a tile on the board once the tile being built is
    handed out (if not, that build ends the game)."""
    taken = state.target
    left = [t for w, wonder in enumerate(state.wonders) for s, t in enumerate(wonder.slots)
            if t is not None and (taken is None or (w, s) != (taken.wonder, taken.slot))]
    return all(any(t[k] for t in left) for k in range(4))


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
        if _double_turn_problem(state, player) is None:
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
        if ActionCard.THIRD_BONUS in me.actions:
            actions.append(ThirdBonus(True))
        return actions + [ThirdBonus(False)]  # the step asks one question only
    elif state.phase is Phase.WINDOW:
        actions.append(Continue())
        if _double_turn_problem(state, player) is None:
            actions.append(DoubleTurn())
    if ActionCard.DRAW_THREE in me.actions:
        actions.append(DrawThree())
    if ActionCard.CARD_EXCHANGE in me.actions:
        actions += [CardExchange(c) for c in sub_counts(me.hand, CARD_EXCHANGE_MAX) if sum(c)]
    return actions


def accept_options(state: BabelState) -> list[Accept]:
    """Every legal way to build: subsets of the valid offers × joker use (× keeping the
    exchange-card helper's elements, where the rule reading allows it)."""
    tile = state.tile
    assert tile is not None
    me = state.players[state.active]
    held = me.actions.count(ActionCard.JOKER)
    offerers = valid_offerers(state)
    out: list[Accept] = []
    for size in range(len(offerers) + 1):
        for chosen in combinations(offerers, size):
            offers = [state.offers[p] for p in chosen]
            exchanges = sum(o.exchange for o in offers if o)
            if exchanges > 1:
                continue
            got = _offered(state, chosen)
            if not fits(got, tile):
                continue
            ways = [Accept(chosen, j) for j in joker_options(sub(tile, got), held)]
            if exchanges and state.options.optional_replacing:
                ways = [w for way in ways for w in (way, Accept(way.offers, way.joker, False))]
            out += [way for way in ways if fits(own_share(state, way), me.hand)]
    return out


def _offered(state: BabelState, players: tuple[int, ...]) -> Counts:
    """The cards in the offers of ``players`` (an offer that is not there counts as none)."""
    got = NO_CARDS
    for p in players:
        offer = state.offers[p] if 0 <= p < len(state.offers) else None
        got = add(got, offer.cards if offer else NO_CARDS)
    return got


def own_share(state: BabelState, accept: Accept) -> Counts:
    """The active player's own share of the build ``accept``: the cards he adds from his
    hand, i.e. what the tile asks for less the accepted offers and the jokers' cards
    (a tile or offer that is not there counts as no cards, so any well-formed Accept can be
    written).

    >>> from pygame_rules.babel import GAME, Accept, Build, Offer
    >>> s = GAME.apply(GAME.new_game(3, seed=2), 0, Build(2, 2))   # red asks for 4 cranes
    >>> s = GAME.apply(GAME.apply(s, 1, Offer((0, 1, 0, 0))), 2, Offer((0, 2, 0, 0)))
    >>> own_share(s, Accept((1,)))
    (0, 3, 0, 0)
    >>> own_share(s, Accept((1, 2)))
    (0, 1, 0, 0)
    """
    return sub(sub(state.tile or NO_CARDS, _offered(state, accept.offers)), accept.joker)


# ------------------------------------------------------------------ well-formed actions
def brief(value: object) -> str:
    """``value`` for a message: short, and never a conversion of a huge number.

    >>> brief(52), brief(10 ** 30), brief("x" * 80)[-5:]
    ('52', 'a number out of range', 'xx...')
    """
    if type(value) is int and not -10**9 < value < 10**9:
        return _("a number out of range")
    text = repr(value) if isinstance(value, (bool, int, str, tuple)) else type(value).__name__
    return text if len(text) <= 30 else text[:27] + "..."


def _is_bool(value: object) -> bool:
    """True or False, and nothing else (a field a JSON reader may have filled wrongly)."""
    return type(value) is bool


def _counts_problem(cards: object) -> str | None:
    if (not isinstance(cards, tuple) or len(cards) != 4
            or not all(type(n) is int and 0 <= n <= MAX_COUNT for n in cards)):
        return _("card counts must be four whole numbers 0–{most} (camel, crane, ship, "
                 "stonemason), not {value}").format(most=MAX_COUNT, value=brief(cards))
    return None


def shape_problem(state: BabelState, action: BabelAction) -> str | None:
    """Why ``action`` is not even well-formed here (a field of the wrong type or out of
    range: no wonder 52, a negative card count, a player who is not at the table), or
    None. Everything else about an action can be written down (see :mod:`.notation`)."""
    if isinstance(action, Build):
        if not (type(action.wonder) is int and 0 <= action.wonder < len(WONDERS)):
            return _("there is no wonder {value} (0–{last})").format(
                value=brief(action.wonder), last=len(WONDERS) - 1)
        if not (type(action.slot) is int and 0 <= action.slot < SLOTS_PER_WONDER):
            return _("a wonder has tile spaces 0–{last}, not {value}").format(
                last=SLOTS_PER_WONDER - 1, value=brief(action.slot))
    elif isinstance(action, (Offer, CardExchange)):
        problem = _counts_problem(action.cards)
        if problem:
            return problem
        if isinstance(action, Offer) and not _is_bool(action.exchange):
            return _("an offer's exchange flag is true or false, not {value}").format(
                value=brief(action.exchange))
    elif isinstance(action, Accept):
        problem = _counts_problem(action.joker)
        if problem:
            return _("joker: {problem}").format(problem=problem)
        chosen = action.offers
        if (not isinstance(chosen, tuple)
                or not all(type(p) is int and 0 <= p < state.num_players for p in chosen)
                or list(chosen) != sorted(set(chosen))):
            return _("list the accepted players once each, in ascending order")
        if not _is_bool(action.replace):
            return _("'replace' is true or false, not {value}").format(value=brief(action.replace))
    elif isinstance(action, ThirdBonus) and not _is_bool(action.use):
        return _("a third-bonus answer is true or false, not {value}").format(value=brief(action.use))
    return None


# ------------------------------------------------------------------ legality
def _lacks(hand: Counts, cards: Counts) -> str | None:
    """Why ``cards`` cannot come from ``hand``, or None.

    >>> _lacks((0, 1, 0, 0), (0, 2, 0, 0))
    'you hold only 1 crane card, not 2'
    """
    for k in range(4):
        if cards[k] > hand[k]:
            return _("you hold only {cards}, not {wanted}").format(
                cards=kind_cards(k, hand[k]), wanted=cards[k])
    return None



#: The step each action belongs to (those missing may be played in several).
_STEP = {Pass: Phase.CHOOSE, Build: Phase.CHOOSE, Offer: Phase.OFFER, Accept: Phase.DECIDE,
         Decline: Phase.DECIDE, ThirdBonus: Phase.BONUS, Continue: Phase.WINDOW}


def _phase_problem(state: BabelState, player: int, action: BabelAction) -> str | None:
    """Why ``action`` is not a move of this step of the turn, or None."""
    if player not in to_move(state):
        return _("player {player} is not to move now").format(player=player + 1)
    wanted = _STEP.get(type(action))
    if wanted is not None and wanted is not state.phase:
        return _("{action} belongs to the {step} step, not the {now} step").format(
            action=type(action).__name__, step=_(STEP_NAMES[wanted]), now=_(STEP_NAMES[state.phase]))
    if isinstance(action, (DrawThree, CardExchange)) and state.phase is Phase.BONUS:
        return _("the third-bonus step asks only whether you play a third bonus")
    return None


def why_illegal(state: BabelState, player: int, action: BabelAction) -> str | None:
    """None if legal, else the reason (the only source of legality)."""
    problem = _phase_problem(state, player, action) or shape_problem(state, action)
    if problem:
        return problem
    me = state.players[player]
    if isinstance(action, Build):
        if state.wonders[action.wonder].slots[action.slot] is None:
            return _("the tile of space {space} of {wonder} is already taken").format(
                space=action.slot + 1, wonder=_(WONDERS[action.wonder]))
        return None
    if isinstance(action, Offer):
        return _offer_problem(state, player, action)
    if isinstance(action, Accept):
        return _accept_problem(state, action)
    if isinstance(action, DoubleTurn):
        return _double_turn_problem(state, player)
    if isinstance(action, ThirdBonus):
        if action.use and ActionCard.THIRD_BONUS not in me.actions:
            return _("you hold no third-bonus card")
        return None
    if isinstance(action, DrawThree):
        return None if ActionCard.DRAW_THREE in me.actions else _("you hold no draw-three card")
    if isinstance(action, CardExchange):
        return _exchange_problem(me.actions, me.hand, action.cards)
    return None  # Pass, Decline, Continue


def _double_turn_problem(state: BabelState, player: int) -> str | None:
    if state.phase is Phase.WINDOW:
        if player != state.active:
            return _("only the active player plays a double turn")
        if not state.options.late_double_turn:
            return _("a double turn is played before the first action (rule reading late_double_turn)")
    if state.double_turn:
        return _("only one double turn per turn")
    if ActionCard.DOUBLE_TURN not in state.players[player].actions:
        return _("you hold no double-turn card")
    return None


def _offer_problem(state: BabelState, player: int, action: Offer) -> str | None:
    tile = state.tile
    assert tile is not None
    me = state.players[player]
    if sum(action.cards) > sum(tile):
        return ngettext("the tile asks for {n} card; an offer may not hold more",
                        "the tile asks for {n} cards; an offer may not hold more", sum(tile)).format(n=sum(tile))
    for k in tile_kinds(tile):
        if action.cards[k] > tile[k]:
            return _("the tile asks for {cards}; an offer may not hold more").format(
                cards=kind_count(k, tile[k]))
    if action.exchange and not me.exchange:
        return _("your exchange card is not in your hand")
    return _lacks(me.hand, action.cards)


def decision_problem(state: BabelState, decision: Accept | Decline | None) -> str | None:
    """Why the active player could not decide ``decision`` on the revealed offers of ``state``
    (his hand and jokers as they are: they stay so until the build is resolved), or None; what
    the third-bonus step keeps must be a decision the decide step allowed."""
    return _accept_problem(state, decision) if isinstance(decision, Accept) else None


def _accept_problem(state: BabelState, action: Accept) -> str | None:
    tile = state.tile
    assert tile is not None
    chosen = action.offers
    valid = valid_offerers(state)
    for p in chosen:
        if p not in valid:
            return _("player {player} has no offer with a matching card to accept").format(player=p + 1)
    offers = [state.offers[p] for p in chosen]
    exchanges = sum(1 for o in offers if o and o.exchange)
    if exchanges > 1:
        return _("at most one accepted offer may hold an exchange card")
    if not action.replace:
        if not exchanges:
            return _("no accepted offer holds the exchange card, so there are no elements to leave")
        if not state.options.optional_replacing:
            return _("the builder always replaces the exchange-card helper's elements "
                     "(rule reading optional_replacing)")
    got = _offered(state, chosen)
    if not fits(got, tile):
        return _("the accepted offers hold {cards}, more than the tile asks for").format(
            cards=counts_words(got))
    rest = sub(tile, got)
    me = state.players[state.active]
    if sum(action.joker) % 2:
        return _("a joker counts as exactly two cards")
    jokers = me.actions.count(ActionCard.JOKER)
    if sum(action.joker) // 2 > jokers:
        return ngettext("you hold only {n} joker", "you hold only {n} jokers", jokers).format(n=jokers)
    if not fits(action.joker, rest):
        return _("the jokers' cards ({cards}) exceed what the tile still needs ({rest})").format(
            cards=counts_words(action.joker), rest=counts_words(rest))
    return _lacks(me.hand, own_share(state, action))


def _exchange_problem(actions: tuple[ActionCard, ...], hand: Counts, cards: Counts) -> str | None:
    if ActionCard.CARD_EXCHANGE not in actions:
        return _("you hold no card-exchange card")
    if not 1 <= sum(cards) <= CARD_EXCHANGE_MAX:
        return _("a card exchange swaps 1 to {most} cards, not {n}").format(most=CARD_EXCHANGE_MAX, n=sum(cards))
    return _lacks(hand, cards)
