"""Setting up a Babel position by hand (see :mod:`pygame_rules.edit`).

The tools: a player's building element put on a wonder (``element:<seat>``, a click on the
wonder) or taken off it (``less:<seat>``); a tile handed to a player (``tile:<seat>``, a click on
its space; on an empty space it puts his last tile back there); the tile being built (``build``, a
click on its space: the build starts at its offer step, no offer made yet; a click on the same
space ends it); a building card dealt from the top of the supply into a player's hand (``card``, a
click on his panel); an action card from the top of its pile into a player's hand (``action``) and
his last one back (``action-back``); and the removal, which puts the last kind of card in the hand
clicked back on top of the supply. Cards, tiles and action cards stay conserved, so what the check
then judges is the turn's bookkeeping (a kind with no tile left ends the game, the phase fits the
offers). The settings: the active player (changed during a build, its offer step starts afresh),
the step of the turn (the ones the rest of the position allows by the check: while a tile is
being built, also the offer step, the decide step, which reveals the offers, those not made yet
made empty, and the third-bonus step, which takes the first decision that asks somebody; leaving a
build puts the offers back into the hands), in the offer and decide steps each other player's
offer (not made yet, made, made with his exchange card) and its cards of each kind (taken from his
hand and put back; as many as the tile allows; the revealed offers of the decide step hold the
tile's kinds only), in the third-bonus step the builder's decision (those the decide step allowed
that ask somebody) and each turned-down offerer's answer (still to come, a third bonus played onto
the action discard pile, none), each player's points for wonders and for turned-down offers, and
the count of moves without a build; the options are the variants, the quiet end and the readings.

>>> import dataclasses
>>> from .rules import GAME
>>> state = GAME.new_game(3, seed=1)
>>> state = place(state, "element:1", {"wonder": "2"})
>>> state.wonders[2].elements, judge(state, diagram=False)
((0, 1, 0), None)
>>> won = place(state, "tile:0", {"wonder": "1", "tile": "2"})
>>> won.wonders[1].slots[2], len(won.players[0].tiles), judge(won, diagram=False)
(None, 1, None)
>>> place(won, "tile:0", {"wonder": "1", "tile": "2"}) == state
True
>>> dealt = place(state, "card", {"player": "0"})
>>> sum(dealt.players[0].hand) - sum(state.players[0].hand), len(state.deck) - len(dealt.deck)
(1, 1)
>>> back = place(dealt, "remove", {"player": "0"})
>>> sum(back.players[0].hand) == sum(state.players[0].hand), len(back.deck) == len(state.deck)
(True, True)
>>> held = place(state, "action", {"player": "2"})
>>> held.players[2].actions, len(state.action_deck) - len(held.action_deck), judge(held, diagram=False)
((<ActionCard.CARD_EXCHANGE: 'card exchange'>,), 1, None)
>>> place(held, "action-back", {"player": "2"}) == state
True
>>> scored = with_setting(with_setting(state, "points-1", "12"), "offer-points-1", "3")
>>> scored.players[1].wonder_vp, scored.players[1].offer_vp, judge(scored, diagram=False)
(12, 3, None)
>>> building = place(state, "build", {"wonder": "2", "tile": "1"})
>>> building.phase, building.tile, building.offers, judge(building, diagram=False)
(<Phase.OFFER: 'offer'>, (0, 0, 4, 0), (None, None, None), None)
>>> offered = with_setting(with_setting(building, "offer-1", "exchange"), "offered-k-1", "1")
>>> offered.offers[1], offered.players[1].hand, state.players[1].hand
(StoredOffer(cards=(0, 1, 0, 0), exchange=True, returned=(0, 0, 0, 0)), (0, 1, 0, 2), (0, 2, 0, 2))
>>> [setting.name for setting in settings(offered)][2:6]
['offer-1', 'offered-k-1', 'offered-m-1', 'offer-2']
>>> deciding = with_setting(offered, "phase", "decide")  # the crane is a bluff: back to the hand
>>> deciding.offers[1], deciding.players[1].hand, judge(deciding, diagram=False)
(StoredOffer(cards=(0, 0, 0, 0), exchange=True, returned=(0, 1, 0, 0)), (0, 2, 0, 2), None)
>>> ended = place(deciding, "build", {"wonder": "2", "tile": "1"})
>>> ended.phase, [player.hand for player in ended.players] == [player.hand for player in state.players]
(<Phase.CHOOSE: 'choose'>, True)
>>> over = dataclasses.replace(state, quiet_end=30, quiet=30)
>>> [value for value, label in settings(over)[1].choices], judge(with_setting(over, "phase", "over"), diagram=False)
(['choose', 'over'], None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..edit import (
    REMOVE,
    EditError,
    Problem,
    Setting,
    Tool,
    checked_choice,
    colour_of,
    consistent_setting,
    count_choices,
    dealt,
    judged,
    number_below,
    numbered,
    option_values,
    seat_and_count,
)
from ..i18n import N_, _
from ..protocol import OptionValue
from .actions import Accept, Decline
from .check import MAX_CARDS, check_state
from .data import (
    CARD_OF_KIND,
    KIND_LETTERS,
    KIND_OF_CARD,
    NO_CARDS,
    PLAYER_COLOURS,
    SLOTS_PER_WONDER,
    WONDERS,
    ActionCard,
    Card,
    kind_cards,
    kind_name,
    tile_kinds,
)
from .effects import offers_score, reveal, spend_action_card
from .legal import accept_options, bonus_asked, offer_caps, window_asked
from .notation import action_words, decision_code, parse_decision
from .rules import GAME
from .state import STEP_NAMES, BabelState, Options, Phase, Player, StoredOffer, Target, add, sort_actions

#: The settings' labels.
_LABELS = {"active": N_("Active player"), "quiet": N_("Moves since the last build"),
           "phase": N_("Step of the turn"), "decision": N_("The builder's decision")}
#: The labels of each player's points (a setting ``points-<seat>`` and ``offer-points-<seat>``).
_POINTS = {"points": N_("Points of {colour} for wonders"),
           "offer-points": N_("Points of {colour} for turned-down offers")}
#: Points a setting offers (a game scores far fewer; a state's own count is offered too).
_MOST_POINTS = 100
#: The steps a position can be set to: those with no build in progress, and while a tile is being
#: built (the tool ``build``) those of the build.
_STEPS = (Phase.CHOOSE, Phase.WINDOW, Phase.OVER)
_BUILDING = (Phase.OFFER, Phase.DECIDE, Phase.BONUS)
#: The labels of the settings of a build in progress, one per player (``offer-<seat>``,
#: ``bonus-<seat>``), and of the cards of one kind in his offer (``offered-<kind letter>-<seat>``).
_PER_SEAT = {"offer": N_("Offer of {colour}"), "bonus": N_("Third bonus of {colour}")}
_OFFERED = N_("Offer of {colour}: {kind}")
#: What an offer may be: not made yet (the offer step only), made, made with the exchange card.
_OFFER_STATES = {"none": N_("not made yet"), "made": N_("made"), "exchange": N_("made, with the exchange card")}
#: A third-bonus step without a decision (not a position of a game: the check says why).
_UNDECIDED = N_("not made yet")
#: Where a turned-down offerer stands in the third-bonus step.
_ANSWERS = {"waiting": N_("still to decide"), "used": N_("played"), "no": N_("not played")}

#: Whether a position may leave pieces out (a position is always a whole game).
DIAGRAMS = False


def _colour(seat: int) -> str:
    return colour_of(PLAYER_COLOURS, seat)


def tools(state: BabelState) -> tuple[Tool, ...]:
    """Per player an element on and off a wonder, then a card from the supply and the removal."""
    per_player = tuple(
        tool for p in range(state.num_players) for tool in (
            Tool(f"element:{p}", _("a building element of {colour}").format(colour=_colour(p)),
                 PLAYER_COLOURS[p][1], "+"),
            Tool(f"less:{p}", _("take a building element of {colour} away").format(colour=_colour(p)),
                 PLAYER_COLOURS[p][1], "−")))
    tiles = tuple(Tool(f"tile:{p}", _("a tile clicked to {colour}, or {colour}'s last tile onto the empty space "
                                      "clicked").format(colour=_colour(p)), PLAYER_COLOURS[p][1], "▭")
                  for p in range(state.num_players))
    return (*per_player, *tiles,
            Tool("build", _("the tile clicked is being built: the offers are made for it (clicked again: no build)"),
                 mark="⚒"),
            Tool("card", _("a building card from the supply into a player's hand")),
            Tool("action", _("an action card from the pile into a player's hand")),
            Tool("action-back", _("the last action card of the hand clicked back onto the pile")),
            Tool(REMOVE, _("a card of the hand clicked back onto the supply")))


def targets(state: BabelState) -> list[dict[str, str]]:
    """The wonders and their tile spaces. (A player's panel takes the card tools by pointer only: drawn as a group named
    by its colour, it is no button whose name holds the words it shows, which the keyboard's
    controls must be.)"""
    return [*({"wonder": str(w)} for w in range(len(WONDERS))),
            *({"wonder": str(w), "tile": str(t)} for w in range(len(WONDERS)) for t in range(SLOTS_PER_WONDER))]


def place(state: BabelState, tool: str, target: Mapping[str, str]) -> BabelState:
    """``state`` with ``tool`` used on the wonder or player panel ``target`` (module docstring)."""
    kind, _sep, seat = tool.partition(":")
    if kind == "build":
        wonder = number_below(target.get("wonder"), len(WONDERS))
        slot = number_below(target.get("tile"), SLOTS_PER_WONDER)
        if wonder is None or slot is None:
            raise EditError(_("Click a tile space of a wonder."))
        return _build(state, Target(wonder, slot))
    if kind == "tile":
        wonder = number_below(target.get("wonder"), len(WONDERS))
        slot = number_below(target.get("tile"), SLOTS_PER_WONDER)
        player = number_below(seat, state.num_players)
        if wonder is None or slot is None or player is None:
            raise EditError(_("Click a tile space of a wonder."))
        return _tile(state, wonder, slot, player)
    if kind in ("element", "less"):
        wonder, player = number_below(target.get("wonder"), len(WONDERS)), number_below(seat, state.num_players)
        if wonder is None or player is None:
            raise EditError(_("Click a wonder."))
        elements = list(state.wonders[wonder].elements)
        elements[player] += 1 if kind == "element" else -1
        if not 0 <= elements[player] <= MAX_CARDS:
            raise EditError(_("{colour} has no building element on this wonder").format(colour=_colour(player)))
        wonders = list(state.wonders)
        wonders[wonder] = dataclasses.replace(wonders[wonder], elements=tuple(elements))
        return dataclasses.replace(state, wonders=tuple(wonders))
    player = number_below(target.get("player"), state.num_players)
    if player is None or tool not in ("card", "action", "action-back", REMOVE):
        raise EditError(_("Click a player's panel."))
    if tool in ("action", "action-back"):
        actions, pile = dealt(state.players[player].actions, state.action_deck, ActionCard.HIDDEN,
                              tool == "action-back", _colour(player))
        return dataclasses.replace(state.with_player(player, dataclasses.replace(
            state.players[player], actions=sort_actions(actions))), action_deck=pile)
    seat_now = state.players[player]
    hand = list(seat_now.hand)
    if tool == "card":
        if not state.deck or state.deck[-1] is Card.HIDDEN:
            raise EditError(_("the supply has no card left"))
        hand[KIND_OF_CARD[state.deck[-1]]] += 1
        deck = state.deck[:-1]
    else:
        held = [k for k, n in enumerate(hand) if n]
        if not held:
            raise EditError(_("{colour} has no building card in hand").format(colour=_colour(player)))
        hand[held[-1]] -= 1
        deck = (*state.deck, CARD_OF_KIND[held[-1]])
    players = list(state.players)
    players[player] = _with_hand(seat_now, tuple(hand))  # type: ignore[arg-type]
    return dataclasses.replace(state, players=tuple(players), deck=deck)


def _tile(state: BabelState, wonder: int, slot: int, player: int) -> BabelState:
    """The tile on ``slot`` of ``wonder`` handed to ``player``, or, on a space whose tile is gone,
    ``player``'s last tile put there. A wonder completed so scores on the next row of the table
    (its elements gone); the wonder completed last may be opened again."""
    now = state.wonders[wonder]
    slots, tiles = list(now.slots), list(state.players[player].tiles)
    marker, row, elements = state.marker, now.scored_row, now.elements
    tile = slots[slot]
    if tile is not None:
        slots[slot], tiles = None, sorted((*tiles, tile))
        if all(t is None for t in slots):
            row, marker, elements = marker, marker + 1, (0,) * state.num_players
    else:
        if not tiles:
            raise EditError(_("{colour} has no tile").format(colour=_colour(player)))
        if row is not None and row != marker - 1:
            raise EditError(_("only the wonder completed last can be opened again"))
        slots[slot] = tiles.pop()
        if row is not None:
            row, marker = None, marker - 1
    wonders, players = list(state.wonders), list(state.players)
    wonders[wonder] = dataclasses.replace(now, slots=tuple(slots), scored_row=row, elements=elements)
    players[player] = dataclasses.replace(players[player], tiles=tuple(tiles))
    return dataclasses.replace(state, wonders=tuple(wonders), players=tuple(players), marker=marker)


def _build(state: BabelState, target: Target) -> BabelState:
    """``state`` in the offer step of a build of the tile on ``target`` (no offer made yet), or,
    if that tile is being built already, with no build in progress."""
    if state.target == target and state.phase in _BUILDING:
        return _in_phase(state, Phase.CHOOSE)
    if state.wonders[target.wonder].slots[target.slot] is None:
        raise EditError(_("the tile of this space is already handed out"))
    return _offer_step(dataclasses.replace(state, target=target))


def _with_hand(player: Player, hand: tuple[int, int, int, int]) -> Player:
    """``player`` holding ``hand``; the cards everybody saw in it are at most what it holds."""
    return dataclasses.replace(player, hand=hand, shown=tuple(min(s, h) for s, h in zip(player.shown, hand)))  # type: ignore[arg-type]


def cleared(state: BabelState) -> BabelState:
    """``state`` with no building element on any wonder."""
    return dataclasses.replace(state, wonders=tuple(
        dataclasses.replace(w, elements=(0,) * state.num_players) for w in state.wonders))


def settings(state: BabelState) -> tuple[Setting, ...]:
    """The active player, the step of the turn, the offers or the decision of a build in progress,
    each player's points and the count of moves without a build."""
    seat, quiet = seat_and_count(_LABELS, ("active", state.active), PLAYER_COLOURS, state.num_players,
                                 state.quiet, state.quiet_end)
    allowed = (*_STEPS, *(_BUILDING if state.tile is not None else ()))
    steps = consistent_setting("phase", _LABELS["phase"], state.phase.value,
                               ((p.value, _(STEP_NAMES[p])) for p in Phase if p is state.phase or p in allowed),
                               lambda value: _in_phase(state, Phase(value)), check_state)
    points = tuple(Setting(f"{name}-{p}", _(label).format(colour=_colour(p)), str(now),
                           count_choices(_MOST_POINTS, now))
                   for p, player in enumerate(state.players)
                   for name, label, now in (("points", _POINTS["points"], player.wonder_vp),
                                            ("offer-points", _POINTS["offer-points"], player.offer_vp)))
    return seat, steps, *_build_settings(state), *points, quiet


def _build_settings(state: BabelState) -> tuple[Setting, ...]:
    """The settings of a build in progress: in the offer and decide steps each other player's offer
    (made or not, with the exchange card or not) and its cards of each kind (in the decide step, the
    revealed offers, the tile's kinds only); in the third-bonus step the builder's decision and
    each turned-down offerer's answer."""
    if state.tile is None or len(state.offers) != state.num_players:
        return ()
    if state.phase is Phase.BONUS:
        decide, now = _decide_step(state), decision_code(state.decision)
        decision = consistent_setting(
            "decision", _LABELS["decision"], now,
            ((decision_code(d), action_words(decide, d, own=True) if d else _(_UNDECIDED))
             for d in (state.decision, *_decisions(decide))),
            lambda value: state if value == now else _decided(decide, parse_decision(value)), check_state)
        return decision, *(_answer_setting(state, p) for p in _askable(state))
    if state.phase not in (Phase.OFFER, Phase.DECIDE):
        return ()
    return tuple(made for p in range(state.num_players) if p != state.active for made in _offer_settings(state, p))


def _offer_settings(state: BabelState, p: int) -> tuple[Setting, ...]:
    """Whether player ``p`` has made his offer (with his exchange card or not), and its cards of
    each kind it may hold: as many as his hand and the tile allow (an offer holds at most what the
    tile asks for, of the tile's own kinds at most their number)."""
    tile, player, offer = state.tile, state.players[p], state.offers[p]
    assert tile is not None
    now = "none" if offer is None else "exchange" if offer.exchange else "made"
    states = [(value, _(label)) for value, label in _OFFER_STATES.items()
              if value != "exchange" or player.exchange or now == "exchange"]
    made = consistent_setting(f"offer-{p}", _PER_SEAT["offer"], now, states,
                              lambda value: _with_offer(state, p, value), check_state, colour=_colour(p))
    if offer is None:
        return (made,)
    caps, counts = offer_caps(tile), []
    for k in (tile_kinds(tile) if state.revealed else range(4)):
        have = offer.cards[k]
        most = min(have + player.hand[k], caps[k], sum(tile) - sum(offer.cards) + have)
        if most or have:
            counts.append(Setting(f"offered-{KIND_LETTERS[k]}-{p}",
                                  _(_OFFERED).format(colour=_colour(p), kind=kind_name(k)), str(have),
                                  tuple((str(n), kind_cards(k, n)) for n in sorted({*range(most + 1), have}))))
    return made, *counts


def _with_offer(state: BabelState, p: int, value: str) -> BabelState:
    """``state`` with player ``p``'s offer not made (its cards and exchange card back in his hand),
    made, or made with his exchange card (``value``, of :data:`_OFFER_STATES`)."""
    player, offer = state.players[p], state.offers[p]
    exchange = player.exchange or bool(offer and offer.exchange)  # his exchange card, in hand or offer
    if value == "none":
        hand = add(player.hand, offer.cards) if offer else player.hand
        made: StoredOffer | None = None
    else:
        hand = player.hand
        made = dataclasses.replace(offer or StoredOffer(NO_CARDS), exchange=value == "exchange" and exchange)
    offers = list(state.offers)
    offers[p] = made
    in_hand = exchange and not (made and made.exchange)
    return dataclasses.replace(state.with_player(p, dataclasses.replace(player, hand=hand, exchange=in_hand)),
                               offers=tuple(offers))


def _with_count(state: BabelState, p: int, kind: int, n: int) -> BabelState:
    """``state`` with ``n`` cards of ``kind`` in player ``p``'s offer, the others back in his hand or
    the missing ones from it (of a revealed offer, what everybody saw of his hand stays what he holds)."""
    player, offer = state.players[p], state.offers[p]
    assert offer is not None
    cards, hand = list(offer.cards), list(player.hand)
    hand[kind] -= n - cards[kind]
    cards[kind] = n
    if hand[kind] < 0:
        raise EditError(_("{colour} has no more such cards in hand").format(colour=_colour(p)))
    offers = list(state.offers)
    offers[p] = dataclasses.replace(offer, cards=tuple(cards))  # type: ignore[arg-type]
    held = _with_hand(player, tuple(hand)) if state.revealed else dataclasses.replace(player, hand=tuple(hand))  # type: ignore[arg-type]
    return dataclasses.replace(state.with_player(p, held), offers=tuple(offers))


def _decisions(state: BabelState) -> tuple[Accept | Decline, ...]:
    """What the builder may decide on the revealed offers of ``state``: decline, or build as the
    decide step allows it."""
    return (Decline(), *accept_options(state))


def _decided(state: BabelState, decision: Accept | Decline | None) -> BabelState:
    """``state`` (at the decide step) in the third-bonus step after ``decision``: every turned-down
    offerer the game asks is still to answer (none asked: the build would be resolved at once, not
    a position of the step)."""
    accepted = decision.offers if isinstance(decision, Accept) else ()
    asked = bonus_asked(state, accepted) if decision is not None and offers_score(state, decision) else ()
    return dataclasses.replace(state, phase=Phase.BONUS, decision=decision, bonus_waiting=asked, bonus_used=())


def _askable(state: BabelState) -> list[int]:
    """The players the third-bonus step asks after its decision (and any the position lists)."""
    asked = _decided(_decide_step(state), state.decision).bonus_waiting
    return sorted({*asked, *state.bonus_waiting, *state.bonus_used})


def _answer_setting(state: BabelState, p: int) -> Setting:
    """Player ``p``'s answer in the third-bonus step: still to come, a third bonus played or none."""
    now = "waiting" if p in state.bonus_waiting else "used" if p in state.bonus_used else "no"
    answers = [(value, _(label)) for value, label in _ANSWERS.items()
               if value != "used" or now == "used" or ActionCard.THIRD_BONUS in state.players[p].actions]
    return consistent_setting(f"bonus-{p}", _PER_SEAT["bonus"], now, answers,
                              lambda value: _answered(state, p, value), check_state, colour=_colour(p))


def _answered(state: BabelState, p: int, answer: str) -> BabelState:
    """``state`` with player ``p``'s answer in the third-bonus step (``answer``, of :data:`_ANSWERS`):
    a third bonus played goes onto the action discard pile, one taken back into his hand."""
    state = _unplayed(state, (p,))
    waiting = tuple(q for q in state.bonus_waiting if q != p)
    if answer == "waiting":
        return dataclasses.replace(state, bonus_waiting=tuple(sorted((*waiting, p))))
    state = dataclasses.replace(state, bonus_waiting=waiting)
    if answer == "used":
        if ActionCard.THIRD_BONUS not in state.players[p].actions:
            raise EditError(_("{colour} holds no third-bonus card").format(colour=_colour(p)))
        return dataclasses.replace(spend_action_card(state, p, ActionCard.THIRD_BONUS),
                                   bonus_used=tuple(sorted((*state.bonus_used, p))))
    return state


def _unplayed(state: BabelState, seats: tuple[int, ...] | None = None) -> BabelState:
    """``state`` with the third bonuses played by ``seats`` (None: by all) taken back from the action
    discard pile into their hands."""
    for p in state.bonus_used if seats is None else seats:
        if p not in state.bonus_used:
            continue
        discard = list(state.action_discard)
        player = state.players[p]
        if ActionCard.THIRD_BONUS in discard:
            discard.remove(ActionCard.THIRD_BONUS)
            player = dataclasses.replace(player, actions=sort_actions((*player.actions, ActionCard.THIRD_BONUS)))
        state = dataclasses.replace(state.with_player(p, player), action_discard=tuple(discard),
                                    bonus_used=tuple(q for q in state.bonus_used if q != p))
    return state


def _in_phase(state: BabelState, phase: Phase) -> BabelState:
    """``state`` at the step ``phase``: a step of the build of the tile being built (the offer step
    afresh; the decide step with the offers revealed; the third-bonus step with a decision that asks
    somebody), or one with no build in progress, the offers' cards and exchange cards back in their
    players' hands, third bonuses played taken back, and in the card window the players the readings
    ask."""
    if phase is state.phase:
        return state
    if phase is Phase.OFFER:
        return _offer_step(state)
    if phase is Phase.DECIDE:
        return _decide_step(state)
    if phase is Phase.BONUS:
        decide = _decide_step(state)
        return next((bonus for bonus in (_decided(decide, d) for d in _decisions(decide)) if bonus.bonus_waiting),
                    dataclasses.replace(decide, phase=Phase.BONUS))
    idle = dataclasses.replace(_no_build(state), phase=phase)
    return dataclasses.replace(idle, window_waiting=window_asked(idle)) if phase is Phase.WINDOW else idle


def _no_build(state: BabelState) -> BabelState:
    """``state`` with no build in progress: the offers back in the hands, third bonuses taken back."""
    state = _unplayed(state)
    players = tuple(player if offer is None else dataclasses.replace(
        player, hand=add(player.hand, offer.cards), exchange=player.exchange or offer.exchange)
        for player, offer in zip(state.players, state.offers or (None,) * state.num_players))
    return dataclasses.replace(state, players=players, target=None, offers=(), revealed=False, decision=None,
                               bonus_waiting=(), bonus_used=(), window_waiting=())


def _offer_step(state: BabelState) -> BabelState:
    """``state`` at the offer step of the build of its tile being built, no offer made yet."""
    fresh = _no_build(state)
    return dataclasses.replace(fresh, phase=Phase.OFFER, target=state.target, offers=(None,) * state.num_players)


def _decide_step(state: BabelState) -> BabelState:
    """``state`` at the decide step of its build: from the offer step with the offers revealed (those
    not made yet are made empty), else with the decision and the third bonuses taken back."""
    if state.phase is Phase.BONUS:
        return dataclasses.replace(_unplayed(state), phase=Phase.DECIDE, decision=None, bonus_waiting=())
    if state.phase is Phase.OFFER and state.tile is not None and len(state.offers) == state.num_players:
        return reveal(dataclasses.replace(state, offers=tuple(
            None if p == state.active else offer or StoredOffer(NO_CARDS) for p, offer in enumerate(state.offers))))
    return dataclasses.replace(state, phase=Phase.DECIDE)


def with_setting(state: BabelState, name: str, value: str) -> BabelState:
    if checked_choice(settings(state), name, value).value == value:
        return state
    stem, seat = numbered(name)
    if seat is not None and stem in _POINTS:
        player = state.players[seat]
        return state.with_player(seat, dataclasses.replace(player, wonder_vp=int(value)) if stem == "points"
                                 else dataclasses.replace(player, offer_vp=int(value)))
    if seat is not None and stem == "offer":
        return _with_offer(state, seat, value)
    if seat is not None and stem.startswith("offered-"):
        return _with_count(state, seat, KIND_LETTERS.index(stem[-1]), int(value))
    if seat is not None and stem == "bonus":
        return _answered(state, seat, value)
    if name == "decision":
        return _decided(_decide_step(state), parse_decision(value))
    if name == "active":
        moved = dataclasses.replace(state, active=int(value))
        return _offer_step(moved) if state.phase in _BUILDING else moved
    if name == "phase":
        return _in_phase(state, Phase(value))
    return dataclasses.replace(state, quiet=int(value))


def options(state: BabelState) -> dict[str, OptionValue]:
    """The variants, the quiet end and the readings ``state`` is played by."""
    return {**dataclasses.asdict(state.options), "quiet_end": state.quiet_end}


def with_options(state: BabelState, values: Mapping[str, OptionValue]) -> BabelState:
    chosen = option_values(GAME.options, options(state), values)
    quiet_end = chosen.pop("quiet_end")
    return dataclasses.replace(state, options=Options(**chosen), quiet_end=int(quiet_end))  # type: ignore[arg-type]


def judge(state: BabelState, diagram: bool) -> Problem | None:
    """The check's reason against ``state`` (Babel's positions are whole games: ``diagram`` changes nothing)."""
    return judged(check_state, state)
