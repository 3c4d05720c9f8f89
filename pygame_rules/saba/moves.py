"""What each Saba action does (it has passed :func:`.legal.why_illegal` already)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import (Build, Discard, Done, Exchange, MoveVizier, PlaceFigure, PlayCard,
                      PlayCaravan, PlayGuard, PlayHarbourmaster, PlayMerchant, PlayOverseer,
                      PlayRobber, RemoveCard, SabaAction, SerailChoice, Stash, TakeHarbour,
                      UseDistrict)
from .data import (DISTRICT_GAIN, END_CARD, Card, District, Res, card_field, card_shape, flip,
                   is_part, swaps)
from .legal import build_cost, place_cost
from .logic import Work
from .state import Phase, SabaState


def _take_harbour(w: Work, p: int, a: TakeHarbour) -> None:
    w.take_harbour(p, a.field)
    w.faces[p] = tuple(flip(f) if f == a.field else f for f in w.faces[p])  # type: ignore[assignment]
    if a.field == 1:
        w.draw_card(p)
        phase = Phase.BUILD
    elif a.field == 2:
        phase = Phase.REMOVE if any(is_part(c) for c in w.display) else Phase.BUILD
    elif a.field == 3:
        phase = Phase.VIZIER
    else:
        phase = Phase.BUILD
    w.fields["phase"] = phase


def _remove(w: Work, p: int, a: RemoveCard) -> None:
    w.remove_open(a.slot)
    w.fields["phase"] = Phase.BUILD if w.parts_left() else Phase.OVER


def _vizier(w: Work, p: int, a: MoveVizier) -> None:
    w.fields["vizier"] = a.district
    district = District(a.district)
    gain = DISTRICT_GAIN[district]
    phase = Phase.BUILD
    if gain is not None:
        w.gain(p, gain)
    elif _can_swap(w, p, district):
        phase = Phase.SWAP
    w.fields["phase"] = phase


def _can_swap(w: Work, p: int, district: District) -> bool:
    """Whether any swap of ``district`` is possible (else the vizier's action lapses)."""
    return any(w.res[p][g.index] and w.supply[t.index] for g, t in swaps(district))


def _swap(w: Work, p: int, give: Res, get: Res) -> None:
    w.res[p][give.index] -= 1
    w.supply[give.index] += 1
    w.gain(p, get)


def _exchange(w: Work, p: int, a: Exchange) -> None:
    assert a.give is not None and a.get is not None
    _swap(w, p, a.give, a.get)
    w.fields["phase"] = Phase.BUILD


def _build(w: Work, p: int, a: Build) -> None:
    s = w.s
    card = s.display[a.slot]
    w.pay(p, build_cost(s, a.slot, a.waive))
    if a.waive is not None:
        w.drop_card(p, Card.CRAFTSMAN)
    w.display.pop(a.slot)
    w.gone.append(card)
    if not is_part(card):
        w.fields["built_special"] = True
        if card == END_CARD:  # the game ends at once
            w.fields["phase"] = Phase.OVER
            return
        w.refill()
        w.treasury_scoring()
        w.fields["phase"] = Phase.BUILD
        return
    _build_part(w, p, card, a.from_district)


def _build_part(w: Work, p: int, card: int, source: int | None) -> None:
    """Put the part up, its builder's figure on the balcony; the displaced figure goes home."""
    f = card_field(card) - 1
    old = w.balcony[f]
    if old is not None:
        w.figures[old] += 1
    lying = w.stash[f]
    if lying is not None:  # its extra unit was paid with the price; the stash goes too
        w.supply[lying.index] += 1
        w.stash[f] = None
    if source is None:
        w.figures[p] -= 1
    else:
        w.take_from_district(p, source)
    w.balcony[f] = p
    w.levels[f] = card_shape(card)
    w.refill()
    after = Phase.BUILD
    if not w.parts_left():
        after = Phase.OVER
    elif w.s.pro and sum(w.res[p]):
        after = Phase.STASH
    w.fields.update(built_part=True, last_field=f, phase=after)
    if old is not None and (old != p or w.s.serail_on_self) and w.markers[old]:
        w.fields.update(phase=Phase.SERAIL, decider=old, after=after)


def _stash(w: Work, p: int, a: Stash) -> None:
    w.res[p][a.res.index] -= 1
    w.stash[w.s.last_field] = a.res
    w.fields["phase"] = Phase.BUILD


def _place(w: Work, p: int, a: PlaceFigure) -> None:
    w.pay(p, (0, 0, 0, place_cost(w.s, a.district)))
    w.figures[p] -= 1
    w.district_owner[a.district] = p
    w.district_count[a.district] += 1
    _to_end(w, p)


def _to_end(w: Work, p: int) -> None:
    """Phase 4: draw an action card, then the end-of-turn step."""
    w.draw_card(p)
    w.fields["phase"] = Phase.END


def _done(w: Work, p: int, a: Done) -> None:
    phase = w.s.phase
    if phase == Phase.BUILD and w.s.built_part:
        w.fields["phase"] = Phase.PLACE
    elif phase in (Phase.BUILD, Phase.PLACE):
        _to_end(w, p)
    elif phase == Phase.STASH:
        w.fields["phase"] = Phase.BUILD
    else:
        w.start_turn((p + 1) % w.s.num_players)


def _serail(w: Work, p: int, a: SerailChoice) -> None:
    if a.place:
        w.add_marker(p, w.s.serail_size)
    w.fields.update(phase=w.s.after, decider=None, after=Phase.BUILD)


def _use(w: Work, p: int, a: UseDistrict) -> None:
    w.uses[a.district] -= 1
    gain = DISTRICT_GAIN[District(a.district)]
    if gain is not None:
        w.gain(p, gain)
    else:
        assert a.give is not None and a.get is not None
        _swap(w, p, a.give, a.get)


def _play_card(w: Work, p: int, a: PlayCard) -> None:
    w.drop_card(p, a.card)
    assert a.card.resource is not None
    w.gain(p, a.card.resource)


def _overseer(w: Work, p: int, a: PlayOverseer) -> None:
    w.drop_card(p, Card.OVERSEER)
    w.take_from_district(p, a.source)
    w.district_owner[a.target] = p
    w.district_count[a.target] = 1
    w.uses[a.target] += 1


def _harbourmaster(w: Work, p: int, a: PlayHarbourmaster) -> None:
    w.drop_card(p, Card.HARBOURMASTER)
    i, j = a.first - 1, a.second - 1
    w.harbour_res[i], w.harbour_res[j] = w.harbour_res[j], w.harbour_res[i]
    w.harbour_n[i], w.harbour_n[j] = w.harbour_n[j], w.harbour_n[i]
    w.top_up(i)
    w.top_up(j)


def _guard(w: Work, p: int, a: PlayGuard) -> None:
    w.drop_card(p, Card.GUARD)
    i, j = a.first - 1, a.second - 1
    w.serail[i], w.serail[j] = w.serail[j], w.serail[i]


def _caravan(w: Work, p: int, a: PlayCaravan) -> None:
    w.drop_card(p, Card.CARAVAN)
    w.gain(p, a.res)


def _merchant(w: Work, p: int, a: PlayMerchant) -> None:
    w.drop_card(p, Card.MERCHANT)
    for r in a.take:
        w.give(a.opponent, p, r)
    for r in a.give:
        w.give(p, a.opponent, r)


def _robber(w: Work, p: int, a: PlayRobber) -> None:
    w.drop_card(p, Card.ROBBER)
    w.give(a.opponent, p, a.res)


def _discard(w: Work, p: int, a: Discard) -> None:
    if a.card is not None:
        w.drop_card(p, a.card)
    else:
        assert a.res is not None
        w.pay(p, tuple(int(r is a.res) for r in Res))  # type: ignore[arg-type]


EFFECTS: dict[type, Callable[[Work, int, Any], None]] = {
    TakeHarbour: _take_harbour, RemoveCard: _remove, MoveVizier: _vizier, Exchange: _exchange,
    Build: _build, Stash: _stash, PlaceFigure: _place, UseDistrict: _use, PlayCard: _play_card,
    PlayOverseer: _overseer, PlayHarbourmaster: _harbourmaster, PlayGuard: _guard,
    PlayCaravan: _caravan, PlayMerchant: _merchant, PlayRobber: _robber, SerailChoice: _serail,
    Discard: _discard, Done: _done,
}


def play(state: SabaState, player: int, action: SabaAction) -> SabaState:
    w = Work(state)
    EFFECTS[type(action)](w, player, action)
    w.sync_leader()
    return w.freeze()
