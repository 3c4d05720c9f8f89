"""Setting up a Babel position by hand (see :mod:`pygame_rules.edit`).

The tools: a player's building element put on a wonder (``element:<seat>``, a click on the
wonder) or taken off it (``less:<seat>``); a tile handed to a player (``tile:<seat>``, a click on
its space; on an empty space it puts his last tile back there); a building card dealt from the
top of the supply into a player's hand (``card``, a click on his panel); an action card from the
top of its pile into a player's hand (``action``) and his last one back (``action-back``); and
the removal, which puts the last kind of card in the hand clicked back on top of the supply.
Cards, tiles and action cards stay conserved, so what the check then judges is the turn's
bookkeeping (a kind with no tile left ends the game, the phase fits the offers). The settings:
the active player, the step of the turn (of those without a build in progress, the ones the rest
of the position allows by the check; leaving a build puts the offers back into the hands), each
player's points for wonders and for turned-down offers, and the count of moves without a build;
the options are the variants, the quiet end and the readings.

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
    consistent_choices,
    count_choices,
    dealt,
    judged,
    number_below,
    option_values,
    seat_and_count,
    setting,
)
from ..i18n import N_, _
from ..protocol import OptionValue
from .check import MAX_CARDS, check_state
from .data import CARD_OF_KIND, KIND_OF_CARD, PLAYER_COLOURS, SLOTS_PER_WONDER, WONDERS, ActionCard, Card
from .legal import window_asked
from .rules import GAME
from .state import STEP_NAMES, BabelState, Options, Phase, Player, add, sort_actions

#: The settings' labels.
_LABELS = {"active": N_("Active player"), "quiet": N_("Moves since the last build"),
           "phase": N_("Step of the turn")}
#: The labels of each player's points (a setting ``points-<seat>`` and ``offer-points-<seat>``).
_POINTS = {"points": N_("Points of {colour} for wonders"),
           "offer-points": N_("Points of {colour} for turned-down offers")}
#: Points a setting offers (a game scores far fewer; a state's own count is offered too).
_MOST_POINTS = 100
#: The steps a position can be set to: those with no build in progress.
_STEPS = (Phase.CHOOSE, Phase.WINDOW, Phase.OVER)

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
    return (*per_player, *tiles, Tool("card", _("a building card from the supply into a player's hand")),
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


def _with_hand(player: Player, hand: tuple[int, int, int, int]) -> Player:
    """``player`` holding ``hand``; the cards everybody saw in it are at most what it holds."""
    return dataclasses.replace(player, hand=hand, shown=tuple(min(s, h) for s, h in zip(player.shown, hand)))  # type: ignore[arg-type]


def cleared(state: BabelState) -> BabelState:
    """``state`` with no building element on any wonder."""
    return dataclasses.replace(state, wonders=tuple(
        dataclasses.replace(w, elements=(0,) * state.num_players) for w in state.wonders))


def settings(state: BabelState) -> tuple[Setting, ...]:
    """The active player, the step of the turn, each player's points and the count of moves
    without a build."""
    seat, quiet = seat_and_count(_LABELS, ("active", state.active), PLAYER_COLOURS, state.num_players,
                                 state.quiet, state.quiet_end)
    steps = consistent_choices(state.phase.value, ((p.value, _(STEP_NAMES[p])) for p in (state.phase, *_STEPS)),
                               lambda value: _in_phase(state, Phase(value)), check_state)
    points = tuple(Setting(f"{name}-{p}", _(label).format(colour=_colour(p)), str(now),
                           count_choices(_MOST_POINTS, now))
                   for p, player in enumerate(state.players)
                   for name, label, now in (("points", _POINTS["points"], player.wonder_vp),
                                            ("offer-points", _POINTS["offer-points"], player.offer_vp)))
    return seat, setting(_LABELS, "phase", state.phase.value, tuple(dict(steps).items())), *points, quiet


def _in_phase(state: BabelState, phase: Phase) -> BabelState:
    """``state`` at the step ``phase`` with no build in progress: the offers' cards and exchange
    cards back in their players' hands, and in the card window the players the readings ask."""
    if phase is state.phase:
        return state
    players = tuple(player if offer is None else dataclasses.replace(
        player, hand=add(player.hand, offer.cards), exchange=player.exchange or offer.exchange)
        for player, offer in zip(state.players, state.offers or (None,) * state.num_players))
    idle = dataclasses.replace(state, phase=phase, players=players, target=None, offers=(), revealed=False,
                               decision=None, bonus_waiting=(), bonus_used=(), window_waiting=())
    return dataclasses.replace(idle, window_waiting=window_asked(idle)) if phase is Phase.WINDOW else idle


def with_setting(state: BabelState, name: str, value: str) -> BabelState:
    checked_choice(settings(state), name, value)
    kind, _sep, seat = name.rpartition("-")
    if kind in _POINTS:
        player = state.players[int(seat)]
        return state.with_player(int(seat), dataclasses.replace(player, wonder_vp=int(value)) if kind == "points"
                                 else dataclasses.replace(player, offer_vp=int(value)))
    if name == "active":
        return dataclasses.replace(state, active=int(value))
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
