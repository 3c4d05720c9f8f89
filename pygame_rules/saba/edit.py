"""Setting up a Saba position by hand (see :mod:`pygame_rules.edit`).

The tools: a resource from the general supply to a player (``res:a`` … ``res:g``, a click on his
panel or resources) or onto a garden field (a click on it: the pro rules' resource lying there) or
onto a harbour field as its cargo (``cargo``, a click on the field, whose kind it takes); a
player's figure from his supply into a district (``figure:<seat>``, a click on the district); a
player's serail marker from his supply onto the next free serail field (``marker:<seat>``, a click
on the serail); the vizier onto the district clicked (``vizier``); an action card from the top of
the pile into the hand of the player clicked (``card``) and the last card of his hand back
(``card-back``); the next palace part built on the garden field clicked with a player's figure on
its balcony (``part:<seat>``: its card goes from the palace deck or a build field to the cards
gone, the build fields refilled as in the game; ``figure:<seat>`` on a garden field puts that
player's figure on the balcony instead); the card on the build field clicked out of the game
(``out``: built or removed, the build fields refilled as in the game); and the removal, which puts
the resource clicked in front of a player, on a harbour field or on a garden field back into the
supply, the last figure of a district back into its owner's supply, the serail marker clicked back
to its owner (the markers after it move up), or the top part of the garden field clicked back on
top of the palace deck (its balcony figure home once the field is bare). Resources, figures,
markers and cards stay conserved, so what the check then judges is the rest (at most two figures
of a player in a district, the uses left, the hand limits at the end of the turn, the serail
leader's figure). The settings: the player to move, the step of the turn (those the rest of the
position allows, by the check; the serail step comes with a decider, the first player after the
one to move with a marker left), in the serail step who decides and the step after the decision,
the palace part built this turn (its garden field) and whether a treasury or end card was, the
card on each build field (any card that can be built there, from the palace deck, another build
field or out of the game, the two swapped), the card on top of the palace deck (one from deeper in
it, the others moving down, or one out of the game put back: so the whole deck can be stacked), the
figures in the treasury, the serail figure (pro rules: the serail leader's) and the count of
moves without building; the options are the pro rules, the quiet end and the readings.

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
>>> from .data import card_code
>>> codes = lambda cards: ",".join(card_code(c) for c in cards)
>>> codes(state.display), codes(state.palace_deck[-3:])
('A7,A8,A1', 'A5,A4,A2')
>>> swapped = with_setting(state, "field-2", "A4")  # from the palace deck: A8 takes its place
>>> codes(swapped.display), codes(swapped.palace_deck[-3:]), judge(swapped, diagram=False)
('A7,A4,A1', 'A5,A8,A2', None)
>>> codes(with_setting(swapped, "deck-top", "A5").palace_deck[-3:])
'A8,A2,A5'
>>> out = place(swapped, "out", {"build-field": "0"})  # the fields slide up, the deck's top is revealed
>>> codes(out.display), codes(out.gone), codes(with_setting(out, "deck-top", "A7").palace_deck[-2:])
('A4,A1,A2', 'A7', 'A8,A7')
>>> treasury = with_setting(state, "treasury", "01")
>>> treasury.treasury, [p.figures for p in treasury.players], judge(treasury, diagram=False)
((0, 1), [7, 7], None)
>>> pro = with_options(built, {"pro": True})
>>> lying = place(pro, "res:e", {"garden": "3"})
>>> lying.stash[2], lying.supply[2] - pro.supply[2], place(lying, "remove", {"garden": "3"}) == pro
(<Res.EBONY: 'e'>, -1, True)
>>> deciding = with_setting(with_setting(built, "built", "3"), "phase", "serail")
>>> deciding.decider, deciding.after, judge(deciding, diagram=False)
(1, <Phase.BUILD: 'build'>, None)
"""

from __future__ import annotations

import dataclasses
import itertools
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
    setting,
)
from ..i18n import N_, _, ngettext
from ..protocol import OptionValue, name_list
from .check import check_state
from .data import (
    CODE_TO_CARD,
    DISPLAY_SIZE,
    GARDEN_FIELDS,
    HARBOUR_CAPACITY,
    HARBOUR_CARDS,
    HIDDEN_CARD,
    MAX_PER_DISTRICT,
    PLAYER_COLOURS,
    RES_COLOURS,
    RES_INDEX,
    RESOURCES,
    Card,
    District,
    Res,
    Shape,
    card_code,
    card_field,
    card_name,
    card_shape,
    is_part,
    part_card,
)
from .effects import Work, refill
from .rules import GAME
from .state import Phase, Readings, SabaState, buildable, serail_leader

#: The settings' labels.
_LABELS = {"current": N_("Player to move"), "quiet": N_("Moves since the last that built"),
           "phase": N_("Step of the turn"), "decider": N_("Player deciding on a serail marker"),
           "after": N_("Step after the serail decision"), "built": N_("Palace part built this turn"),
           "special": N_("Treasury or end card built this turn"), "deck-top": N_("Top card of the palace deck"),
           "treasury": N_("Figures in the treasury"), "sfig": N_("Serail figure (pro rules)")}
#: The label of the setting of each build field (``field-<slot>``, 1 to 3).
_FIELD = N_("Card on build field 5.{slot}")
#: The label of the setting of each district's uses left this turn (``uses-<district>``, 1 to 6).
_USES = N_("Uses left this turn of the {district}")
#: The labels of the settings of each harbour field's resource (``harbour-<field>``, 1 to 4) and
#: of the faces each player's harbour cards show (``faces-<seat>``, 1 to 5).
_HARBOUR = N_("Resource of harbour field H{field}")
_FACES = N_("Harbour cards of {colour} show")
#: Where a palace card lies, as a choice of the palace settings names it.
_WHERE = {"deck": N_("{card} (palace deck, place {n} from the top)"), "display": N_("{card} (build field 5.{n})"),
          "gone": N_("{card} (out of the game: built or removed)")}
#: No palace part built this turn (the words of a garden field without one).
_NOTHING_BUILT = N_("nothing built")
#: The steps a serail decision can come before (as in the game: after the build step, before
#: putting a resource on the garden field, or at the end of the game).
_AFTER = (Phase.BUILD, Phase.STASH, Phase.OVER)

#: Whether a position may leave pieces out (a position is always a whole game).
DIAGRAMS = False


def _colour(seat: int) -> str:
    return colour_of(PLAYER_COLOURS, seat)


def tools(state: SabaState) -> tuple[Tool, ...]:
    """A resource of each kind, a figure of each player, then the removal."""
    return (*(Tool(f"res:{r.value}", _("{resource} from the supply to a player, or onto the garden field clicked "
                                       "(pro rules)").format(resource=r.noun), RES_COLOURS[r], r.value.upper())
              for r in RESOURCES),
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
            Tool("out", _("the card on the build field clicked out of the game (built or removed; the build "
                          "fields refilled as in the game)"), mark="✕"),
            Tool(REMOVE, _("the resource, figure, serail marker or top palace part clicked back")))


def targets(state: SabaState) -> list[dict[str, str]]:
    """The players' panels, the districts, the harbour fields, the serail fields, the garden fields
    and the build fields."""
    return [*({"player": str(p)} for p in range(state.num_players)),
            *({"district": str(d)} for d in range(len(state.districts))),
            *({"harbour": str(h + 1)} for h in range(len(HARBOUR_CAPACITY))),
            *({"serail": str(f + 1)} for f in range(state.serail_size)),
            *({"garden": str(f + 1)} for f in range(GARDEN_FIELDS)),
            *({"build-field": str(slot)} for slot in range(DISPLAY_SIZE))]


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
    if garden and (kind == "res" or (tool == REMOVE and state.stash[garden - 1] is not None)):
        return _stash(state, garden - 1, Res(what) if kind == "res" and what in RES_INDEX else None)
    if kind == "part" or (garden and (kind == "figure" or tool == REMOVE)):
        if not garden:
            raise EditError(_("Click a garden field."))
        return _garden(state, garden - 1, number_below(what, state.num_players), build=kind == "part")
    if kind == "out":
        slot = number_below(target.get("build-field"), len(state.display))
        if slot is None:
            raise EditError(_("Click a build field with a card on it."))
        w = Work(state)
        w.gone.append(w.display.pop(slot))
        refill(w)
        return w.freeze()
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


def _stash(state: SabaState, field: int, kind: Res | None) -> SabaState:
    """A resource of ``kind`` from the supply onto garden ``field`` (None: the one lying there back)."""
    lying, supply = state.stash[field], list(state.supply)
    if kind is None:
        if lying is None:
            raise EditError(_("no resource lies on this garden field"))
        supply[lying.index] += 1
    elif lying is not None:
        raise EditError(_("a resource lies on this garden field already"))
    elif not supply[kind.index]:
        raise EditError(_("there is no {resource} left there").format(resource=kind.noun))
    else:
        supply[kind.index] -= 1
    stash = list(state.stash)
    stash[field] = kind
    return dataclasses.replace(state, stash=tuple(stash), supply=tuple(supply))  # type: ignore[arg-type]


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
    uses = list(state.uses)  # (a use left needs a figure of the player to move there, as in the game)
    uses[district] = min(uses[district], figures.count(state.current))
    return dataclasses.replace(state, players=tuple(players), districts=tuple(districts), uses=tuple(uses))


def cleared(state: SabaState) -> SabaState:
    """``state`` with every player's resources back in the general supply."""
    supply = tuple(s + sum(p.res[i] for p in state.players) for i, s in enumerate(state.supply))
    return dataclasses.replace(state, supply=supply,  # type: ignore[arg-type]
                               players=tuple(dataclasses.replace(p, res=(0, 0, 0, 0)) for p in state.players))


def settings(state: SabaState) -> tuple[Setting, ...]:
    """The player to move, the step of the turn (in the serail step its decider and the step after
    it), what was built this turn, the palace cards on the build fields and on top of the palace
    deck, the figures in the treasury and (pro) on the serail, the uses of each district left this
    turn, each harbour field's resource, the faces of each player's harbour cards, and the count
    of moves without building."""
    seat, quiet = seat_and_count(_LABELS, ("current", state.current), PLAYER_COLOURS, state.num_players,
                                 state.quiet, state.quiet_end)
    steps = consistent_setting("phase", _LABELS["phase"], state.phase.value, ((p.value, p.noun) for p in Phase),
                               lambda value: _in_phase(state, Phase(value)), check_state)
    return (seat, steps, *_serail_settings(state), *_built_settings(state), *_palace_settings(state),
            *_figure_settings(state), *_uses_settings(state), *_harbour_settings(state), quiet)


def _in_phase(state: SabaState, phase: Phase) -> SabaState:
    """``state`` at the step ``phase``: the serail step with a decider (the first player after the one
    to move who has a marker left), before the step it was set from (the build step if a serail
    decision can't come before that one); or another step, with no serail decision (the step after
    a decision the build step again, as in the game)."""
    if phase is state.phase:
        return state
    if phase is Phase.SERAIL:
        seats = [(state.current + k) % state.num_players for k in range(1, state.num_players + 1)]
        decider = next((p for p in seats if state.players[p].markers), None)
        return dataclasses.replace(state, phase=phase, decider=decider,
                                   after=state.phase if state.phase in _AFTER else Phase.BUILD)
    return dataclasses.replace(state, phase=phase, decider=None,
                               after=Phase.BUILD if state.phase is Phase.SERAIL else state.after)


def _serail_settings(state: SabaState) -> tuple[Setting, ...]:
    """In the serail step: who decides on a serail marker (a player with one left) and the step
    after the decision (those the rest of the position allows)."""
    if state.phase is not Phase.SERAIL:
        return ()
    names = [_colour(p) for p in range(state.num_players)]
    deciders = [*((("-", _("nobody")),) if state.decider is None else ()),
                *((str(p), names[p]) for p in range(state.num_players)
                  if state.players[p].markers or p == state.decider)]
    after = ((p.value, p.noun) for p in (state.after, *_AFTER))
    return (consistent_setting("decider", _LABELS["decider"], "-" if state.decider is None else str(state.decider),
                               deciders, lambda value: dataclasses.replace(state, decider=_seat(value)), check_state),
            consistent_setting("after", _LABELS["after"], state.after.value, after,
                               lambda value: dataclasses.replace(state, after=Phase(value)), check_state))


def _seat(value: str) -> int | None:
    """The seat a setting's ``value`` names (``-``: none)."""
    return None if value == "-" else int(value)


def _built_settings(state: SabaState) -> tuple[Setting, ...]:
    """What the player to move has built this turn: a palace part on which garden field (one with a
    part), a treasury or end card."""
    now = str(state.last_field + 1) if state.built_part else "-"
    fields = [("-", _(_NOTHING_BUILT)), *((str(f + 1), _("garden field {field}").format(field=f + 1))
                                  for f in range(GARDEN_FIELDS) if state.levels[f] or str(f + 1) == now)]
    special = "yes" if state.built_special else "no"
    return (setting(_LABELS, "built", now, tuple(fields)),
            setting(_LABELS, "special", special, (("no", _("no")), ("yes", _("yes")))))


def _palace_settings(state: SabaState) -> tuple[Setting, ...]:
    """The card on each build field (any that can be built there: from the palace deck, another
    build field or out of the game, the two swapped) and on top of the palace deck (a deeper one,
    the others moving down, or one out of the game put back)."""
    places = _places(state)
    standing = {part_card(level, f + 1) for f, level in enumerate(state.levels) if level}
    movable = [c for c in places if c not in standing and c != HIDDEN_CARD]  # (a view's face-down cards stay)
    fields = []
    for slot in range(DISPLAY_SIZE):
        now = card_code(state.display[slot]) if slot < len(state.display) else "-"
        choices = [(card_code(c), _where(places, c)) for c in places if card_code(c) == now or (
            c in movable and buildable(c, state.levels) and (slot < len(state.display) or places[c][0] != "display"))]
        fields.append(Setting(f"field-{slot + 1}", _(_FIELD).format(slot=slot + 1), now,
                              (("-", _("empty")),) * (now == "-") + tuple(choices)))
    top = card_code(state.palace_deck[-1]) if state.palace_deck else "-"
    tops = [(card_code(c), _where(places, c)) for c in places
            if card_code(c) == top or (c in movable and places[c][0] != "display")]
    return (*fields, setting(_LABELS, "deck-top", top, (("-", _("empty")),) * (top == "-") + tuple(tops)))


def _places(state: SabaState) -> dict[int, tuple[str, int]]:
    """Where each palace card lies: its pile (``deck``, ``display``, ``gone``) and place in it (of the
    deck counted from the top, 0 first), the deck's top card first, then the build fields, then the
    cards out of the game."""
    return {**{c: ("deck", i) for i, c in enumerate(reversed(state.palace_deck))},
            **{c: ("display", i) for i, c in enumerate(state.display)},
            **{c: ("gone", i) for i, c in enumerate(state.gone)}}


def _where(places: dict[int, tuple[str, int]], card: int) -> str:
    """``card`` named with where it lies, in the active language."""
    pile, i = places[card]
    return _(_WHERE[pile]).format(card=card_name(card), n=i + 1)


def _on_field(state: SabaState, slot: int, card: int) -> SabaState:
    """``state`` with ``card`` on build field ``slot``: the card there goes where ``card`` was (an
    empty field just takes it)."""
    w = Work(state)
    piles = {"deck": w.palace_deck, "display": w.display, "gone": w.gone}
    pile, i = _places(state)[card]
    at = len(w.palace_deck) - 1 - i if pile == "deck" else i
    if slot < len(w.display):
        piles[pile][at], w.display[slot] = w.display[slot], card
    else:
        del piles[pile][at]
        w.display.append(card)
    return w.freeze()


def _on_top(state: SabaState, card: int) -> SabaState:
    """``state`` with ``card`` on top of the palace deck, from deeper in it or from out of the game."""
    w = Work(state)
    (w.palace_deck if card in state.palace_deck else w.gone).remove(card)
    w.palace_deck.append(card)
    return w.freeze()


def _figure_settings(state: SabaState) -> tuple[Setting, ...]:
    """The figures in the treasury (at most two, one per treasury card; each from its owner's supply)
    and, with the pro rules, the serail leader's figure on the serail."""
    names = [_colour(p) for p in range(state.num_players)]
    now = "".join(map(str, state.treasury)) or "-"
    sets = [()] + [(p,) for p in range(state.num_players)] + [
        (p, q) for p in range(state.num_players) for q in range(p, state.num_players)]
    treasury = [("".join(map(str, seats)) or "-", _owners(seats, names))
                for seats in sets if _affordable(state, seats, state.treasury)]
    if now not in dict(treasury):
        treasury.insert(0, (now, _owners(state.treasury, names)))
    settings = [setting(_LABELS, "treasury", now, tuple(treasury))]
    if state.pro or state.serail_figure is not None:
        leader = serail_leader(state.num_players, state.serail)
        figure = "-" if state.serail_figure is None else str(state.serail_figure)
        choices = [("-", _("none")), *((str(p), names[p]) for p in {state.serail_figure, leader}
                                      if p is not None and (p == state.serail_figure or state.players[p].figures))]
        settings.append(setting(_LABELS, "sfig", figure, tuple(sorted(choices, key=lambda c: (c[0] != "-", c[0])))))
    return tuple(settings)


def _uses_settings(state: SabaState) -> tuple[Setting, ...]:
    """How often the player to move may still use each district this turn: from none up to his
    figures there (a turn starts with one use per figure; the overseer's move adds one)."""
    return tuple(Setting(f"uses-{d + 1}", _(_USES).format(district=d.noun), str(state.uses[d]),
                         count_choices(state.districts[d].count(state.current) + 1, state.uses[d]))
                 for d in District)


def _harbour_settings(state: SabaState) -> tuple[Setting, ...]:
    """The resource of each harbour field (another's swaps places with it, each field keeping its
    load: the supply gives or takes the difference, so only a swap it can pay for is offered) and
    the face each player's harbour cards show (one of each card's two)."""
    fields = tuple(
        Setting(f"harbour-{i + 1}", _(_HARBOUR).format(field=i + 1), kind.value,
                tuple((r.value, r.noun) for r in RESOURCES if r == kind or _harbour_swap(state, i, r) is not None))
        for i, kind in enumerate(state.harbour_res))
    faces = [(f"{a}{b}", f"H{a}, H{b}") for a, b in itertools.product(*HARBOUR_CARDS)]
    return fields + tuple(Setting(f"faces-{p + 1}", _(_FACES).format(colour=_colour(p)),
                                  "".join(map(str, player.faces)), tuple(faces))
                          for p, player in enumerate(state.players))


def _harbour_swap(state: SabaState, field: int, kind: Res) -> SabaState | None:
    """``state`` with harbour field ``field`` holding ``kind`` and the field that held it the kind
    ``field`` held, each with its load (the supply making up the difference); None if the supply
    lacks what that takes."""
    other = state.harbour_res.index(kind)
    kinds, supply = list(state.harbour_res), list(state.supply)
    mine, theirs = kinds[field], kinds[other]
    kinds[field], kinds[other] = theirs, mine
    difference = state.harbour_n[field] - state.harbour_n[other]  # (more of ``kind`` on the field now)
    supply[theirs.index] -= difference
    supply[mine.index] += difference
    if min(supply) < 0:
        return None
    return dataclasses.replace(state, harbour_res=tuple(kinds), supply=tuple(supply))  # type: ignore[arg-type]


def _owners(seats: tuple[int, ...], names: list[str]) -> str:
    """Whose figures ``seats`` are, in the active language: ``blue and red``, ``2 figures of blue``."""
    owners = [names[p] if seats.count(p) == 1 else ngettext("{n} figure of {colour}", "{n} figures of {colour}",
                                                            seats.count(p)).format(n=seats.count(p), colour=names[p])
              for p in sorted(set(seats))]
    return name_list(owners) or _("none")


def _affordable(state: SabaState, seats: tuple[int, ...], now: tuple[int, ...]) -> bool:
    """Whether every player has the figures ``seats`` ask for beyond those in ``now`` in his supply."""
    return all(seats.count(p) - now.count(p) <= state.players[p].figures for p in range(state.num_players))


def _placed(state: SabaState, old: tuple[int, ...], new: tuple[int, ...]) -> SabaState:
    """``state`` with the figures placed ``old`` back in their owners' supplies and ``new`` taken from them."""
    w = Work(state)
    for p in old:
        w.players[p].figures += 1
    for p in new:
        w.players[p].figures -= 1
    return w.freeze()


def with_setting(state: SabaState, name: str, value: str) -> SabaState:
    if checked_choice(settings(state), name, value).value == value:
        return state
    stem, slot = numbered(name)
    if stem == "field" and slot is not None:
        return _on_field(state, slot - 1, CODE_TO_CARD[value])
    if stem == "harbour" and slot is not None:
        swapped = _harbour_swap(state, slot - 1, Res(value))
        assert swapped is not None  # (checked_choice: only a swap the supply can pay for is offered)
        return swapped
    if stem == "faces" and slot is not None:
        players = list(state.players)
        players[slot - 1] = dataclasses.replace(players[slot - 1], faces=(int(value[0]), int(value[1])))
        return dataclasses.replace(state, players=tuple(players))
    if stem == "uses" and slot is not None:
        uses = list(state.uses)
        uses[slot - 1] = int(value)
        return dataclasses.replace(state, uses=tuple(uses))
    if name == "deck-top":
        return _on_top(state, CODE_TO_CARD[value])
    if name == "treasury":
        seats = () if value == "-" else tuple(int(p) for p in value)
        return dataclasses.replace(_placed(state, state.treasury, seats), treasury=seats)
    if name == "sfig":
        figure = _seat(value)
        return dataclasses.replace(_placed(state, (state.serail_figure,) if state.serail_figure is not None else (),
                                           (figure,) if figure is not None else ()), serail_figure=figure)
    if name == "built":
        return dataclasses.replace(state, built_part=value != "-", last_field=-1 if value == "-" else int(value) - 1)
    if name == "special":
        return dataclasses.replace(state, built_special=value == "yes")
    if name == "decider":
        return dataclasses.replace(state, decider=_seat(value))
    if name == "after":
        return dataclasses.replace(state, after=Phase(value))
    if name == "current":  # his turn: a use of each district per figure of his there, as a turn starts
        return dataclasses.replace(state, current=int(value),
                                   uses=tuple(figures.count(int(value)) for figures in state.districts))
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
