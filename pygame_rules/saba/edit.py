"""Setting up a Saba position by hand (see :mod:`pygame_rules.edit`).

The tools: a resource from the general supply to a player (``res:a`` … ``res:g``, a click on
his panel or resources); a player's figure from his supply into a district (``figure:<seat>``,
a click on the district); an action card from the top of the pile into the hand of the player
clicked (``card``) and the last card of his hand back (``card-back``); and the removal, which
puts the resource clicked in front of a player back into the supply, or the last figure of a
district back into its owner's supply. Resources, figures and action cards stay conserved, so
what the check then judges is the rest (at most two figures of a player in a district, the uses
left, the hand limits at the end of the turn).
The settings: the player to move and the count of moves without building; the options are the
pro rules, the quiet end and the readings.

>>> from .rules import GAME
>>> state = GAME.new_game(2, seed=1)
>>> more = place(state, "res:g", {"player": "1"})
>>> more.players[1].res[3] - state.players[1].res[3], state.supply[3] - more.supply[3]
(1, 1)
>>> place(more, "remove", {"resource": "g", "player": "1"}) == state
True
>>> dealt = place(state, "card", {"player": "0"})
>>> len(dealt.players[0].hand) - len(state.players[0].hand), place(dealt, "card-back", {"player": "0"}) == state
(1, True)
>>> placed = place(state, "figure:0", {"district": "2"})
>>> placed.districts[2], placed.players[0].figures - state.players[0].figures, judge(placed, diagram=False)
((0,), -1, None)
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
    judged,
    number_below,
    option_values,
    seat_and_count,
)
from ..i18n import N_, _, ngettext
from ..protocol import OptionValue
from .check import check_state
from .data import MAX_PER_DISTRICT, PLAYER_COLOURS, RES_COLOURS, RES_INDEX, RESOURCES, Card, Res
from .rules import GAME
from .state import Readings, SabaState

#: The settings' labels.
_LABELS = {"current": N_("Player to move"), "quiet": N_("Moves since the last that built")}

#: Whether a position may leave pieces out (a position is always a whole game).
DIAGRAMS = False


def _colour(seat: int) -> str:
    return colour_of(PLAYER_COLOURS, seat)


def tools(state: SabaState) -> tuple[Tool, ...]:
    """A resource of each kind, a figure of each player, then the removal."""
    return (*(Tool(f"res:{r.value}", _("{resource} from the supply to a player").format(resource=r.noun),
                   RES_COLOURS[r], r.value.upper()) for r in RESOURCES),
            *(Tool(f"figure:{p}", _("a figure of {colour} into a district").format(colour=_colour(p)),
                   PLAYER_COLOURS[p][1], "♟") for p in range(state.num_players)),
            Tool("card", _("an action card from the pile into a player's hand")),
            Tool("card-back", _("the last card of the hand clicked back onto the pile")),
            Tool(REMOVE, _("the resource or figure clicked back into its supply")))


def targets(state: SabaState) -> list[dict[str, str]]:
    """The players' panels and the districts."""
    return [*({"player": str(p)} for p in range(state.num_players)),
            *({"district": str(d)} for d in range(len(state.districts)))]


def place(state: SabaState, tool: str, target: Mapping[str, str]) -> SabaState:
    """``state`` with ``tool`` used on ``target`` (see the module docstring)."""
    kind, _sep, what = tool.partition(":")
    district = number_below(target.get("district"), len(state.districts))
    player = number_below(target.get("player"), state.num_players)
    if kind == "figure" or (tool == REMOVE and district is not None):
        if district is None:
            raise EditError(_("Click a district."))
        return _figure(state, district, number_below(what, state.num_players) if kind == "figure" else None)
    if player is None or (kind not in ("res", "card", "card-back") and tool != REMOVE):
        raise EditError(_("Click a player's panel."))
    if kind in ("card", "card-back"):
        return _card(state, player, back=kind == "card-back")
    letter = what if kind == "res" else target.get("resource", "")
    if letter not in {r.value for r in RESOURCES}:
        raise EditError(_("Click one of the player's resources."))
    index = RES_INDEX[Res(letter)]
    step = 1 if kind == "res" else -1
    res, supply = list(state.players[player].res), list(state.supply)
    res[index] += step
    supply[index] -= step
    if min(res[index], supply[index]) < 0:
        raise EditError(_("there is no {resource} left there").format(resource=Res(letter).noun))
    players = list(state.players)
    players[player] = dataclasses.replace(players[player], res=tuple(res))  # type: ignore[arg-type]
    return dataclasses.replace(state, players=tuple(players), supply=tuple(supply))  # type: ignore[arg-type]


def _card(state: SabaState, player: int, back: bool) -> SabaState:
    """An action card from the top of the pile into ``player``'s hand (``back``: the last card of
    his hand back on top of the pile)."""
    hand, deck = state.players[player].hand, state.action_deck
    if back:
        if not hand:
            raise EditError(_("{colour} has no action card in hand").format(colour=_colour(player)))
        hand, deck = hand[:-1], (*deck, hand[-1])
    else:
        if not deck or deck[-1] is Card.HIDDEN:
            raise EditError(_("the pile has no action card left"))
        hand, deck = (*hand, deck[-1]), deck[:-1]
    players = list(state.players)
    players[player] = dataclasses.replace(players[player], hand=hand)
    return dataclasses.replace(state, players=tuple(players), action_deck=deck)


def _figure(state: SabaState, district: int, owner: int | None) -> SabaState:
    """A figure of ``owner`` into ``district`` (None: its last figure back to its owner)."""
    figures = list(state.districts[district])
    if owner is None:
        if not figures:
            raise EditError(_("no figure stands in this district"))
        owner = figures.pop()
        change = 1
    else:
        if not state.players[owner].figures:
            raise EditError(_("{colour} has no figure left in supply").format(colour=_colour(owner)))
        if figures.count(owner) >= MAX_PER_DISTRICT:
            raise EditError(ngettext("a player has at most {n} figure in a district",
                                     "a player has at most {n} figures in a district", MAX_PER_DISTRICT).format(
                n=MAX_PER_DISTRICT))
        figures = sorted((*figures, owner))
        change = -1
    players = list(state.players)
    players[owner] = dataclasses.replace(players[owner], figures=players[owner].figures + change)
    districts = list(state.districts)
    districts[district] = tuple(figures)
    return dataclasses.replace(state, players=tuple(players), districts=tuple(districts))


def cleared(state: SabaState) -> SabaState:
    """``state`` with every player's resources back in the general supply."""
    supply = tuple(s + sum(p.res[i] for p in state.players) for i, s in enumerate(state.supply))
    return dataclasses.replace(state, supply=supply,  # type: ignore[arg-type]
                               players=tuple(dataclasses.replace(p, res=(0, 0, 0, 0)) for p in state.players))


def settings(state: SabaState) -> tuple[Setting, ...]:
    """The player to move and the count of moves without building."""
    return seat_and_count(_LABELS, ("current", state.current), PLAYER_COLOURS, state.num_players, state.quiet,
                          state.quiet_end)


def with_setting(state: SabaState, name: str, value: str) -> SabaState:
    checked_choice(settings(state), name, value)
    if name == "current":
        return dataclasses.replace(state, current=int(value))
    return dataclasses.replace(state, quiet=int(value))


def options(state: SabaState) -> dict[str, OptionValue]:
    """The pro rules, the quiet end and the readings ``state`` is played by."""
    return {"pro": state.pro, "quiet_end": state.quiet_end, **dataclasses.asdict(state.readings)}


def with_options(state: SabaState, values: Mapping[str, OptionValue]) -> SabaState:
    chosen = option_values(GAME.options, options(state), values)
    return dataclasses.replace(state, pro=bool(chosen.pop("pro")), quiet_end=int(chosen.pop("quiet_end")),
                               readings=Readings(**chosen))  # type: ignore[arg-type]


def judge(state: SabaState, diagram: bool) -> Problem | None:
    """The check's reason against ``state`` (Saba's positions are whole games: ``diagram`` changes nothing)."""
    return judged(check_state, state)
