"""Legality of Saba actions, the one source: who must act (:func:`to_move`), why an
action is illegal (:func:`why_illegal`, in the active language) and the legal actions
(:func:`legal_actions`, candidates filtered through :func:`why_illegal`).

>>> from pygame_rules.saba import GAME, TakeHarbour
>>> state = GAME.new_game(2, seed=3)
>>> to_move(state), legal_actions(state, 0)
((0,), [TakeHarbour(field=1), TakeHarbour(field=2)])
>>> why_illegal(state, 0, TakeHarbour(3))
'H3 is not a visible face of your harbour cards (H1, H2)'
>>> why_illegal(state, 1, TakeHarbour(1))   # players count from 1, as in the status line
"it is not player 2's turn"
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..i18n import N_, _, ngettext
from .actions import (
    Build,
    Discard,
    Done,
    Exchange,
    MoveVizier,
    PlaceFigure,
    PlayCaravan,
    PlayCard,
    PlayGuard,
    PlayHarbourmaster,
    PlayMerchant,
    PlayOverseer,
    PlayRobber,
    RemoveCard,
    SabaAction,
    SerailChoice,
    Stash,
    TakeHarbour,
    UseDistrict,
)
from .data import (
    DISTRICT_GAIN,
    END_CARD,
    MAX_PER_DISTRICT,
    RES_LIMIT,
    RESOURCES,
    Card,
    District,
    Res,
    Vec,
    card_field,
    card_name,
    cost_text,
    is_part,
    swaps,
)
from .state import Phase, SabaState, build_cost, buildable, place_cost

#: Phases in which the current player may also use districts and play action cards.
FREE_PHASES = frozenset(Phase) - {Phase.SERAIL, Phase.OVER}
#: Resource multisets of size 1 and 2 in canonical order (for the merchant).
BUNDLES: tuple[tuple[Res, ...], ...] = tuple((r,) for r in RESOURCES) + tuple(
    (a, b) for i, a in enumerate(RESOURCES) for b in RESOURCES[i:])
PERSON_ACTIONS = {PlayOverseer: Card.OVERSEER, PlayHarbourmaster: Card.HARBOURMASTER,
                  PlayGuard: Card.GUARD, PlayCaravan: Card.CARAVAN,
                  PlayMerchant: Card.MERCHANT, PlayRobber: Card.ROBBER}


def _district_index(d: int) -> bool:
    return 0 <= d < len(District)


def _district(d: int) -> str:
    """The name of the valid district ``d`` in the active language."""
    return District(d).noun


def _no_district(d: int) -> str:
    return _("there is no district {district}").format(district=d)


def bundle_vec(bundle: tuple[Res, ...]) -> Vec:
    return tuple(bundle.count(r) for r in RESOURCES)  # type: ignore[return-value]


def _phase(state: SabaState, phase: Phase, refusal: str) -> str | None:
    """None in ``phase``, else ``refusal`` (a marked text with the field ``step``)."""
    if state.phase != phase:
        return _(refusal).format(step=state.phase.noun)
    return None


def _free(state: SabaState, player: int) -> str | None:
    """District uses and action cards: any moment of the player's own turn."""
    if state.phase not in FREE_PHASES or player != state.current:
        return _("districts and action cards are used only during one's own turn")
    return None


def _no_supply(res: Res) -> str:
    return _("the supply has no {resource} left").format(resource=res.noun)


def _take_harbour(s: SabaState, p: int, a: TakeHarbour) -> str | None:
    faces = s.players[p].faces
    if a.field not in faces:
        return _("H{field} is not a visible face of your harbour cards (H{first}, H{second})").format(
            field=a.field, first=faces[0], second=faces[1])
    return _phase(s, Phase.HARBOUR,
                  N_("taking a harbour field is not possible now (the turn is in its {step} step)"))


def _slot(s: SabaState, slot: int) -> str | None:
    if not 0 <= slot < len(s.display):
        return _("there is no open palace card on build field 5.{slot}").format(slot=slot + 1)
    return None


def _remove(s: SabaState, p: int, a: RemoveCard) -> str | None:
    why = _phase(s, Phase.REMOVE, N_("removing a palace card is not possible now "
                                     "(the turn is in its {step} step)")) or _slot(s, a.slot)
    if why is None and not is_part(s.display[a.slot]):
        return _("the {card} card may not be removed, only palace part cards").format(
            card=card_name(s.display[a.slot]))
    return why


def _vizier(s: SabaState, p: int, a: MoveVizier) -> str | None:
    if not _district_index(a.district):
        return _no_district(a.district)
    if a.district == s.vizier:
        return _("the vizier already stands on the {district}; move him elsewhere").format(
            district=_district(a.district))
    return _phase(s, Phase.VIZIER,
                  N_("moving the vizier is not possible now (the turn is in its {step} step)"))


def _swap(s: SabaState, p: int, district: int, give: Res | None, get: Res | None) -> str | None:
    if give is None or get is None:
        return _("the {district} swaps one resource for another: name both").format(
            district=_district(district))
    if (give, get) not in swaps(District(district)):
        return _("the {district} does not swap {give} for {get}").format(
            district=_district(district), give=give.noun, get=get.noun)
    if not s.players[p].res[give.index]:
        return _("you have no {resource} to give").format(resource=give.noun)
    if not s.supply[get.index]:
        return _no_supply(get)
    return None


def _exchange(s: SabaState, p: int, a: Exchange) -> str | None:
    return _phase(s, Phase.SWAP, N_("the vizier's swap is not possible now "
                                    "(the turn is in its {step} step)")) or _swap(
        s, p, s.vizier, a.give, a.get)


def _build(s: SabaState, p: int, a: Build) -> str | None:
    why = _phase(s, Phase.BUILD, N_("building is not possible now (the turn is in its {step} step)")) \
        or _slot(s, a.slot)
    if why:
        return why
    card = s.display[a.slot]
    if not buildable(card, s.levels):
        return _("the {card} card can no longer be built: garden field {field} already has a part "
                 "of its value or higher").format(card=card_name(card), field=card_field(card))
    if is_part(card) and s.built_part:
        return _("you have already built a palace part this turn")
    if not is_part(card) and s.built_special and not (
            card == END_CARD and s.readings.treasury_and_end):
        return _("you have already built a treasury or end card this turn")
    me = s.players[p]
    if a.waive is not None:
        if not is_part(card):
            return _("the craftsman does not help with treasury or end cards")
        if Card.CRAFTSMAN not in me.hand:
            return _("you hold no craftsman card to waive a resource")
        if not build_cost(s, a.slot, None)[a.waive.index]:
            return _("the price contains no {resource} to waive").format(resource=a.waive.noun)
    cost = build_cost(s, a.slot, a.waive)
    if not me.has(cost):
        return _("building {card} costs {cost}; you have {have}").format(
            card=card_name(card), cost=cost_text(cost), have=cost_text(me.res))
    return _figure_source(s, p, card, a.from_district)


def _figure_source(s: SabaState, p: int, card: int, source: int | None) -> str | None:
    """Where the balcony figure of a built part comes from (supply, same balcony, a district)."""
    needs_district = is_part(card) and not s.players[p].figures and (
        s.balcony[card_field(card) - 1] != p)
    if not needs_district:
        return None if source is None else _("take the figure from your supply, not from a district")
    if source is None:
        if not any(p in figures for figures in s.districts):
            return _("you have no figure left for the balcony")
        return _("you have no figure in supply: name the district your figure comes from")
    if not _district_index(source):
        return _no_district(source)
    if p not in s.districts[source]:
        return _("you have no figure in the {district}").format(district=_district(source))
    return None


def _stash(s: SabaState, p: int, a: Stash) -> str | None:
    why = _phase(s, Phase.STASH, N_("putting a resource on the garden field is not possible now "
                                    "(the turn is in its {step} step)"))
    if why is None and not s.players[p].res[a.res.index]:
        return _("you have no {resource}").format(resource=a.res.noun)
    return why


def _place(s: SabaState, p: int, a: PlaceFigure) -> str | None:
    why = _phase(s, Phase.PLACE, N_("placing a figure in a district is not possible now "
                                    "(the turn is in its {step} step)"))
    if why:
        return why
    if not _district_index(a.district):
        return _no_district(a.district)
    name = _district(a.district)
    others = [o for o in s.districts[a.district] if o != p]
    if others and not s.readings.shared_districts:
        return _("the {district} is occupied by player {player}").format(district=name, player=others[0] + 1)
    if s.figures_in(a.district, p) >= MAX_PER_DISTRICT:
        return ngettext("you already have {n} figure in the {district}",
                        "you already have {n} figures in the {district}",
                        MAX_PER_DISTRICT).format(n=MAX_PER_DISTRICT, district=name)
    if not s.players[p].figures:
        return _("you have no figure in supply")
    cost = place_cost(s, a.district, p)
    if s.players[p].res[Res.GOLD.index] < cost:
        return ngettext("a figure in the {district} costs {n} gold", "a figure in the {district} costs {n} gold",
                        cost).format(district=name, n=cost)
    return None


def _use(s: SabaState, p: int, a: UseDistrict) -> str | None:
    why = _free(s, p)
    if why:
        return why
    if not _district_index(a.district):
        return _no_district(a.district)
    name = _district(a.district)
    if s.vizier == a.district:
        return _("the vizier blocks the {district}").format(district=name)
    if s.uses[a.district] <= 0:
        if p in s.districts[a.district]:
            return _("your figures in the {district} are used up or arrived this turn").format(district=name)
        return _("you have no figure in the {district}").format(district=name)
    gain = DISTRICT_GAIN[District(a.district)]
    if gain is None:
        return _swap(s, p, a.district, a.give, a.get)
    if (a.give, a.get) != (None, None):
        return _("the {district} gives {resource}; it swaps nothing").format(
            district=name, resource=gain.noun)
    return None if s.supply[gain.index] else _no_supply(gain)


def _card(s: SabaState, p: int, card: Card) -> str | None:
    why = _free(s, p)
    if why is None and card not in s.players[p].hand:
        return _("you hold no {card} card").format(card=card.noun)
    return why


def _play_card(s: SabaState, p: int, a: PlayCard) -> str | None:
    if a.card.resource is None:
        return _("the {card} card is played with its own action").format(card=a.card.noun)
    why = _card(s, p, a.card)
    if why is None and not s.supply[a.card.resource.index]:
        return _no_supply(a.card.resource)
    return why


def _overseer(s: SabaState, p: int, a: PlayOverseer) -> str | None:
    if not (_district_index(a.source) and _district_index(a.target)):
        return _("there are six districts, 0 to 5")
    if p not in s.districts[a.source]:
        return _("you have no figure in the {district}").format(district=_district(a.source))
    if s.districts[a.target] or a.target == a.source:
        return _("the {district} is not a free district").format(district=_district(a.target))
    return None


def _pair(first: int, second: int, top: int, refusal: str) -> str | None:
    """None for two numbers from 1 to ``top``, lower first; else ``refusal`` (marked, field ``top``)."""
    if not 1 <= first < second <= top:
        return _(refusal).format(top=top)
    return None


def _harbourmaster(s: SabaState, p: int, a: PlayHarbourmaster) -> str | None:
    return _pair(a.first, a.second, 4, N_("name two different harbour fields from 1 to {top}, lower first"))


def _guard(s: SabaState, p: int, a: PlayGuard) -> str | None:
    why = _pair(a.first, a.second, len(s.serail),
                N_("name two different serail markers from 1 to {top}, lower first"))
    if why is None and s.serail[a.first - 1] == s.serail[a.second - 1]:
        return _("both markers belong to the same player")
    return why


def _caravan(s: SabaState, p: int, a: PlayCaravan) -> str | None:
    return None if s.supply[a.res.index] else _no_supply(a.res)


def _opponent(s: SabaState, p: int, opponent: int) -> str | None:
    if opponent == p or not 0 <= opponent < s.num_players:
        return _("player {player} is not an opponent").format(player=opponent + 1)
    return None


def _nouns(bundle: tuple[Res, ...]) -> str:
    return " + ".join(r.noun for r in bundle)


def _merchant(s: SabaState, p: int, a: PlayMerchant) -> str | None:
    why = _opponent(s, p, a.opponent)
    if why:
        return why
    if a.take not in BUNDLES or a.give not in BUNDLES or len(a.take) != len(a.give):
        return _("take 1 or 2 resources and give as many (listed in a, s, e, g order)")
    if set(a.take) & set(a.give):
        return _("giving back a kind you take is no trade; leave it out")
    if not s.players[a.opponent].has(bundle_vec(a.take)):
        return _("player {player} does not have {resources}").format(
            player=a.opponent + 1, resources=_nouns(a.take))
    if not s.players[p].has(bundle_vec(a.give)):
        return _("you do not have {resources}").format(resources=_nouns(a.give))
    return None


def _robber(s: SabaState, p: int, a: PlayRobber) -> str | None:
    why = _opponent(s, p, a.opponent)
    if why is None and not s.players[a.opponent].res[a.res.index]:
        return _("player {player} has no {resource}").format(player=a.opponent + 1, resource=a.res.noun)
    return why


def _person(check: Callable[[SabaState, int, Any], str | None]) -> Callable[..., str | None]:
    def wrapped(s: SabaState, p: int, a: Any) -> str | None:
        return _card(s, p, PERSON_ACTIONS[type(a)]) or check(s, p, a)
    return wrapped


def _serail(s: SabaState, p: int, a: SerailChoice) -> str | None:
    why = _phase(s, Phase.SERAIL, N_("a serail marker is not possible now (the turn is in its {step} step)"))
    if why is None and a.place and not s.players[p].markers:
        return _("you have no serail marker left")
    return why


def _discard(s: SabaState, p: int, a: Discard) -> str | None:
    why = _phase(s, Phase.END, N_("discarding is not possible now (the turn is in its {step} step)"))
    if why:
        return why
    cards, res = s.over_limits(p)
    if (a.card is None) == (a.res is None):
        return _("discard either one action card or one resource")
    if a.card is not None:
        if not cards:
            return _("you hold no more than {n} cards; nothing to discard").format(n=s.hand_limit)
        return None if a.card in s.players[p].hand else _("you hold no {card} card").format(card=a.card.noun)
    assert a.res is not None
    if not res:
        return _("you have no more than {n} resources; nothing to discard").format(n=RES_LIMIT)
    return None if s.players[p].res[a.res.index] else _("you have no {resource}").format(resource=a.res.noun)


def _done(s: SabaState, p: int, a: Done) -> str | None:
    if s.phase == Phase.SWAP and not s.readings.optional_vizier_swap:
        return _("the vizier's swap cannot be skipped: his district's action must be carried out")
    if s.phase not in (Phase.BUILD, Phase.STASH, Phase.PLACE, Phase.END, Phase.SWAP):
        return _("the {step} step cannot be skipped").format(step=s.phase.noun)
    if s.phase == Phase.END and any(s.over_limits(p)):
        return _("discard down to {cards} cards and {resources} resources first").format(
            cards=s.hand_limit, resources=RES_LIMIT)
    return None


CHECKS: dict[type, Callable[..., str | None]] = {
    TakeHarbour: _take_harbour, RemoveCard: _remove, MoveVizier: _vizier, Exchange: _exchange,
    Build: _build, Stash: _stash, PlaceFigure: _place, UseDistrict: _use, PlayCard: _play_card,
    PlayOverseer: _person(_overseer), PlayHarbourmaster: _person(_harbourmaster),
    PlayGuard: _person(_guard), PlayCaravan: _person(_caravan), PlayMerchant: _person(_merchant),
    PlayRobber: _person(_robber), SerailChoice: _serail, Discard: _discard, Done: _done,
}


def to_move(state: SabaState) -> tuple[int, ...]:
    """The player who must act: the serail decider while he decides, else the current player."""
    if state.phase == Phase.OVER:
        return ()
    if state.phase == Phase.SERAIL:
        return () if state.decider is None else (state.decider,)
    return (state.current,)


def legal_actions(state: SabaState, player: int) -> list[SabaAction]:
    """Every action ``player`` may take now, in a stable order."""
    if player not in to_move(state):
        return []
    return [a for a in candidates(state, player) if _why_not(state, player, a) is None]


def why_illegal(state: SabaState, player: int, action: SabaAction) -> str | None:
    """None if ``player`` may take ``action`` now, else the reason he may not."""
    if state.phase == Phase.OVER:
        return _("the game is over")
    if player not in to_move(state):
        return _("it is not player {player}'s turn").format(player=player + 1)
    return _why_not(state, player, action)


def _why_not(state: SabaState, player: int, action: SabaAction) -> str | None:
    """:func:`why_illegal` for the player who must act."""
    if state.phase == Phase.SERAIL and not isinstance(action, SerailChoice):
        return _("first decide whether to put a serail marker on field 1")
    return CHECKS[type(action)](state, player, action)


# ----------------------------------------------------------------- candidates
def candidates(s: SabaState, p: int) -> Iterator[SabaAction]:
    """A superset of the legal actions, in a stable order."""
    if s.phase == Phase.SERAIL:
        yield from (SerailChoice(True), SerailChoice(False))
        return
    yield from _step_candidates(s, p)
    yield from _free_candidates(s, p)


def _step_candidates(s: SabaState, p: int) -> Iterator[SabaAction]:
    me = s.players[p]
    if s.phase == Phase.HARBOUR:
        yield from (TakeHarbour(f) for f in sorted(me.faces))
    elif s.phase == Phase.REMOVE:
        yield from (RemoveCard(i) for i in range(len(s.display)))
    elif s.phase == Phase.VIZIER:
        yield from (MoveVizier(d) for d in District)
    elif s.phase == Phase.SWAP:
        yield from (Exchange(g, t) for g, t in swaps(District(s.vizier)))
    elif s.phase == Phase.BUILD:
        yield from _build_candidates(s, p)
    elif s.phase == Phase.STASH:
        yield from (Stash(r) for r in RESOURCES)
    elif s.phase == Phase.PLACE:
        yield from (PlaceFigure(d) for d in District)
    elif s.phase == Phase.END:
        yield from (Discard(card=c) for c in sorted(set(me.hand)))
        yield from (Discard(res=r) for r in RESOURCES)
    yield Done()


def _build_candidates(s: SabaState, p: int) -> Iterator[Build]:
    me = s.players[p]
    waives: list[Res | None] = [None]
    if Card.CRAFTSMAN in me.hand:
        waives += RESOURCES
    sources: list[int | None] = [None]
    if not me.figures:
        sources += [d for d in District if p in s.districts[d]]
    for slot, card in enumerate(s.display):
        for waive in waives if is_part(card) else [None]:
            for source in sources if is_part(card) else [None]:
                yield Build(slot, waive, source)


def _free_candidates(s: SabaState, p: int) -> Iterator[SabaAction]:
    me = s.players[p]
    for d in District:
        if s.uses[d] > 0:
            if DISTRICT_GAIN[d] is None:
                yield from (UseDistrict(d, g, t) for g, t in swaps(d))
            else:
                yield UseDistrict(d)
    hand = set(me.hand)
    yield from (PlayCard(c) for c in sorted(hand) if c.resource is not None)
    if Card.OVERSEER in hand:
        yield from (PlayOverseer(a, b) for a in District if p in s.districts[a]
                    for b in District)
    if Card.HARBOURMASTER in hand:
        yield from (PlayHarbourmaster(a, b) for a in range(1, 5) for b in range(a + 1, 5))
    if Card.GUARD in hand:
        n = len(s.serail)
        yield from (PlayGuard(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1))
    if Card.CARAVAN in hand:
        yield from (PlayCaravan(r) for r in RESOURCES)
    opponents = [o for o in range(s.num_players) if o != p]
    if Card.ROBBER in hand:
        yield from (PlayRobber(o, r) for o in opponents for r in RESOURCES)
    if Card.MERCHANT in hand:
        yield from (PlayMerchant(o, t, g) for o in opponents for t in BUNDLES
                    if s.players[o].has(bundle_vec(t)) for g in BUNDLES
                    if len(g) == len(t) and me.has(bundle_vec(g)))

