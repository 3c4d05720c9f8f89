"""Setting up a Saba position by hand (see :mod:`pygame_rules.edit`).

The tools: a resource from the general supply to a player (``res:a`` … ``res:g``, a click on his
panel or resources) or onto a harbour field as its cargo (``cargo``, a click on the field, whose
kind it takes); a player's figure from his supply into a district (``figure:<seat>``, a click on
the district); a player's serail marker from his supply onto the next free serail field
(``marker:<seat>``, a click on the serail); the vizier onto the district clicked (``vizier``);
an action card from the top of the pile into the hand of the player clicked (``card``) and the
last card of his hand back (``card-back``); the next palace part built on the garden field
clicked with a player's figure on its balcony (``part:<seat>``: its card goes from the palace
deck or a build field to the cards gone, the build fields refilled as in the game;
``figure:<seat>`` on a garden field puts that player's figure on the balcony instead); and the
removal, which puts the resource clicked in front of a player or on a harbour field back into
the supply, the last figure of a district back into its owner's supply, the serail marker
clicked back to its owner (the markers after it move up), or the top part of the garden field
clicked back on top of the palace deck (its balcony figure home once the field is bare).
Resources, figures, markers and action cards stay conserved, so what the check then judges is
the rest (at most two figures of a player in a district, the uses left, the hand limits at the
end of the turn, the serail leader's figure). The settings: the player to move, the step of the
turn (those the rest of the position allows, by the check) and the count of moves without
building; the options are the pro rules, the quiet end and the readings.

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
>>> unloaded = place(state, "remove", {"harbour": "4"})
>>> unloaded.harbour_n[3] - state.harbour_n[3], place(unloaded, "cargo", {"harbour": "4"}) == state
(-1, True)
>>> marked = place(place(state, "marker:1", {"serail": "1"}), "marker:0", {"serail": "3"})
>>> marked.serail, place(marked, "remove", {"serail": "1"}).serail, judge(marked, diagram=False)
((1, 0), (0,), None)
>>> built = place(state, "part:1", {"garden": "3"})
>>> built.levels[2], built.balcony[2], 2 in built.gone, judge(built, diagram=False)
(<Shape.ARCH: 1>, 1, True, None)
>>> place(built, "figure:0", {"garden": "3"}).balcony[2], place(built, "remove", {"garden": "3"}).levels == state.levels
(0, True)
>>> place(state, "vizier", {"district": "5"}).vizier, with_setting(state, "phase", "build").phase
(5, <Phase.BUILD: 'build'>)
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
    dealt,
    judged,
    number_below,
    option_values,
    seat_and_count,
    setting,
)
from ..i18n import N_, _, ngettext
from ..protocol import OptionValue
from .check import check_state
from .data import (
    GARDEN_FIELDS,
    HARBOUR_CAPACITY,
    MAX_PER_DISTRICT,
    PLAYER_COLOURS,
    RES_COLOURS,
    RES_INDEX,
    RESOURCES,
    Card,
    Res,
    Shape,
    card_field,
    card_shape,
    is_part,
    part_card,
)
from .effects import Work, refill
from .rules import GAME
from .state import Phase, Readings, SabaState

#: The settings' labels.
_LABELS = {"current": N_("Player to move"), "quiet": N_("Moves since the last that built"),
           "phase": N_("Step of the turn")}

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
            *(Tool(f"marker:{p}", _("a serail marker of {colour} onto the serail").format(colour=_colour(p)),
                   PLAYER_COLOURS[p][1], "▪") for p in range(state.num_players)),
            *(Tool(f"part:{p}", _("a palace part onto the garden field clicked, with a figure of {colour} on its "
                                  "balcony").format(colour=_colour(p)), PLAYER_COLOURS[p][1], "▲")
              for p in range(state.num_players)),
            Tool("cargo", _("a resource from the supply onto the harbour field clicked")),
            Tool("vizier", _("the vizier onto the district clicked")),
            Tool("card", _("an action card from the pile into a player's hand")),
            Tool("card-back", _("the last card of the hand clicked back onto the pile")),
            Tool(REMOVE, _("the resource, figure, serail marker or top palace part clicked back")))


def targets(state: SabaState) -> list[dict[str, str]]:
    """The players' panels, the districts, the harbour fields, the serail fields and the garden fields."""
    return [*({"player": str(p)} for p in range(state.num_players)),
            *({"district": str(d)} for d in range(len(state.districts))),
            *({"harbour": str(h + 1)} for h in range(len(HARBOUR_CAPACITY))),
            *({"serail": str(f + 1)} for f in range(state.serail_size)),
            *({"garden": str(f + 1)} for f in range(GARDEN_FIELDS))]


def place(state: SabaState, tool: str, target: Mapping[str, str]) -> SabaState:
    """``state`` with ``tool`` used on ``target`` (see the module docstring)."""
    kind, _sep, what = tool.partition(":")
    district = number_below(target.get("district"), len(state.districts))
    player = number_below(target.get("player"), state.num_players)
    harbour = number_below(target.get("harbour"), len(HARBOUR_CAPACITY) + 1)
    serail = number_below(target.get("serail"), state.serail_size + 1)
    if kind == "cargo" or (tool == REMOVE and harbour):
        if not harbour:
            raise EditError(_("Click a harbour field."))
        return _cargo(state, harbour - 1, 1 if kind == "cargo" else -1)
    if kind == "marker" or (tool == REMOVE and serail):
        if not serail:
            raise EditError(_("Click the serail."))
        return _marker(state, number_below(what, state.num_players) if kind == "marker" else None, serail - 1)
    garden = number_below(target.get("garden"), GARDEN_FIELDS + 1)
    if kind == "part" or (garden and (kind == "figure" or tool == REMOVE)):
        if not garden:
            raise EditError(_("Click a garden field."))
        return _garden(state, garden - 1, number_below(what, state.num_players), build=kind == "part")
    if kind == "vizier":
        if district is None:
            raise EditError(_("Click a district."))
        return dataclasses.replace(state, vizier=district)
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
    hand, deck = dealt(state.players[player].hand, state.action_deck, Card.HIDDEN, back, _colour(player))
    players = list(state.players)
    players[player] = dataclasses.replace(players[player], hand=hand)
    return dataclasses.replace(state, players=tuple(players), action_deck=deck)


def _cargo(state: SabaState, field: int, step: int) -> SabaState:
    """One resource of the harbour field ``field``'s kind from the supply onto it (``step`` 1) or
    back (-1), within the field's capacity."""
    kind = state.harbour_res[field]
    cargo, supply = list(state.harbour_n), list(state.supply)
    cargo[field] += step
    supply[kind.index] -= step
    if cargo[field] < 0 or supply[kind.index] < 0:
        raise EditError(_("there is no {resource} left there").format(resource=kind.noun))
    if cargo[field] > HARBOUR_CAPACITY[field]:
        raise EditError(_("harbour field H{field} holds at most {n}").format(field=field + 1,
                                                                          n=HARBOUR_CAPACITY[field]))
    return dataclasses.replace(state, harbour_n=tuple(cargo), supply=tuple(supply))  # type: ignore[arg-type]


def _garden(state: SabaState, field: int, owner: int | None, build: bool) -> SabaState:
    """The next part built on garden ``field`` with ``owner``'s figure on its balcony (``build``),
    else ``owner``'s figure onto its balcony, or (``owner`` None) its top part taken down."""
    w = Work(state)
    level, now = state.levels[field], state.balcony[field]
    if owner is None:
        if not level:
            raise EditError(_("no palace part stands on this garden field"))
        w.gone.remove(part_card(level, field + 1))
        w.palace_deck.append(part_card(level, field + 1))
        w.levels[field] = max((card_shape(c) for c in w.gone if is_part(c) and card_field(c) == field + 1),
                              default=0)
        if not w.levels[field]:
            _home(w, field, stash=True)
        return w.freeze()
    if build:
        card = next((part_card(shape, field + 1) for shape in Shape if shape > level
                     and part_card(shape, field + 1) in state.palace_deck + state.display), None)
        if card is None:
            raise EditError(_("no higher palace part is left for this garden field"))
        (w.palace_deck if card in state.palace_deck else w.display).remove(card)
        w.gone.append(card)
        w.levels[field] = card_shape(card)
    elif not level:
        raise EditError(_("no palace part stands on this garden field"))
    if not state.players[owner].figures and now != owner:
        raise EditError(_("{colour} has no figure left in supply").format(colour=_colour(owner)))
    _home(w, field, stash=build)
    w.players[owner].figures -= 1
    w.balcony[field] = owner
    refill(w)
    return w.freeze()


def _home(w: Work, field: int, stash: bool) -> None:
    """The balcony figure of garden ``field`` back to its owner, and (``stash``) a resource lying
    there back into the supply, as when a part is built over it."""
    owner, lying = w.balcony[field], w.stash[field]
    if owner is not None:
        w.players[owner].figures += 1
        w.balcony[field] = None
    if stash and lying is not None:
        w.supply[lying.index] += 1
        w.stash[field] = None


def _marker(state: SabaState, owner: int | None, field: int) -> SabaState:
    """A serail marker of ``owner`` onto the next free serail field (None: the marker on
    ``field`` back to its owner, the later ones moving up, as markers fill from field 1)."""
    serail = list(state.serail)
    if owner is None:
        if field >= len(serail):
            raise EditError(_("no serail marker lies on this field"))
        owner = serail.pop(field)
        change = 1
    else:
        if not state.players[owner].markers:
            raise EditError(_("{colour} has no serail marker left").format(colour=_colour(owner)))
        if len(serail) >= state.serail_size:
            raise EditError(_("the serail is full"))
        serail.append(owner)
        change = -1
    players = list(state.players)
    players[owner] = dataclasses.replace(players[owner], markers=players[owner].markers + change)
    return dataclasses.replace(state, players=tuple(players), serail=tuple(serail))


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
    """The player to move, the step of the turn and the count of moves without building."""
    seat, quiet = seat_and_count(_LABELS, ("current", state.current), PLAYER_COLOURS, state.num_players,
                                 state.quiet, state.quiet_end)
    steps = consistent_choices(state.phase.value, ((p.value, p.noun) for p in Phase),
                               lambda value: _in_phase(state, Phase(value)), check_state)
    return seat, setting(_LABELS, "phase", state.phase.value, steps), quiet


def _in_phase(state: SabaState, phase: Phase) -> SabaState:
    """``state`` at the step ``phase`` (a serail marker is decided only in the serail step, which
    keeps its decider)."""
    return dataclasses.replace(state, phase=phase, decider=state.decider if phase is Phase.SERAIL else None)


def with_setting(state: SabaState, name: str, value: str) -> SabaState:
    checked_choice(settings(state), name, value)
    if name == "current":
        return dataclasses.replace(state, current=int(value))
    if name == "phase":
        return _in_phase(state, Phase(value))
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
