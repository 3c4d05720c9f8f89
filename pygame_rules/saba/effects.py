"""What each Saba action does (it has passed :func:`.legal.why_illegal` already).

:func:`play` thaws the state into a :class:`Work` copy, the action's effect changes it
step by step (harbour shift, display refill, serail, scorings) and the copy is frozen
again. :class:`~pygame_rules.thaw.Thawed` follows the state's dataclass fields by itself, so a
new state field needs no edit here.

>>> from pygame_rules.saba import GAME, TakeHarbour
>>> state = GAME.new_game(2, seed=3)
>>> after = play(state, 0, TakeHarbour(1))
>>> after.phase.value, len(after.players[0].hand), after.players[0].faces
('build', 1, (3, 2))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import quiet
from ..cards import draw
from ..rng import Rng
from ..thaw import Thawed
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
    DISPLAY_SIZE,
    DISTRICT_GAIN,
    END_CARD,
    HARBOUR_CAPACITY,
    Card,
    District,
    Res,
    Vec,
    card_field,
    card_shape,
    flip,
    is_part,
    swaps,
)
from .scoring import figure_counts, top_by_serail
from .state import Phase, SabaState, build_cost, buildable, parts_left, place_cost, serail_leader


class Work(Thawed[SabaState]):
    """A thawed :class:`SabaState`: the effects below and the mechanics they share change it."""


# ------------------------------------------------------------------ resources
def _gain(w: Work, player: int, res: Res) -> None:
    """One ``res`` from the supply to ``player``, if the supply has one left."""
    if w.supply[res.index]:
        w.supply[res.index] -= 1
        w.players[player].res[res.index] += 1


def _pay(w: Work, player: int, cost: Vec) -> None:
    for i, n in enumerate(cost):
        w.players[player].res[i] -= n
        w.supply[i] += n


def _pay_one(w: Work, player: int, res: Res) -> None:
    w.players[player].res[res.index] -= 1
    w.supply[res.index] += 1


def _give(w: Work, source: int, target: int, res: Res) -> None:
    w.players[source].res[res.index] -= 1
    w.players[target].res[res.index] += 1


# -------------------------------------------------------------------- harbour
def _shift_harbour(w: Work, player: int, field: int) -> None:
    """Take field ``field`` (1..4), shift the lower fields up, put the taken kind on field 1.

    Moved stacks are topped up to their new capacity and field 1 gets 2 of the
    taken kind, each as far as the supply allows (rulebook example a–e).
    """
    k = field - 1
    kind = w.harbour_res[k]
    w.players[player].res[kind.index] += w.harbour_n[k]
    for i in range(k, 0, -1):
        w.harbour_res[i] = w.harbour_res[i - 1]
        w.harbour_n[i] = w.harbour_n[i - 1]
        _top_up(w, i)
    w.harbour_res[0] = kind
    w.harbour_n[0] = 0
    _top_up(w, 0)


def _top_up(w: Work, i: int) -> None:
    """Fill harbour field ``i`` (0-based) to capacity from the supply, or return its excess."""
    r = w.harbour_res[i].index
    want = HARBOUR_CAPACITY[i] - w.harbour_n[i]
    if want < 0:
        w.supply[r] -= want
        w.harbour_n[i] = HARBOUR_CAPACITY[i]
        return
    add = min(want, w.supply[r])
    w.supply[r] -= add
    w.harbour_n[i] += add


# --------------------------------------------------------------- palace cards
def refill(w: Work) -> None:
    """Drop unbuildable open cards, slide toward 5.1, reveal deck cards on the free fields."""
    for card in [c for c in w.display if not buildable(c, w.levels)]:
        w.display.remove(card)
        w.gone.append(card)
    while len(w.display) < DISPLAY_SIZE and w.palace_deck:
        card = w.palace_deck.pop()
        (w.display if buildable(card, w.levels) else w.gone).append(card)


# -------------------------------------------------------------------- figures
def _take_from_district(w: Work, player: int, district: int) -> None:
    """A figure of ``player`` leaves ``district`` (it can no longer be used this turn)."""
    figures = list(w.districts[district])
    figures.remove(player)
    w.districts[district] = tuple(figures)
    if player == w.before.current:
        w.uses[district] = min(w.uses[district], figures.count(player))


def _add_to_district(w: Work, player: int, district: int) -> None:
    """A figure of ``player`` arrives in ``district`` (the owners stay sorted)."""
    w.districts[district] = tuple(sorted(w.districts[district] + (player,)))


def _treasury_scoring(w: Work) -> None:
    """The leader (serail rule on ties) puts a figure in the treasury; none if still tied.

    His figure comes from his supply, else from his lowest-numbered district
    (a reading: the rulebook does not say); with neither, no figure is placed.
    """
    counts = figure_counts(w.before.num_players, w.balcony, w.treasury, w.serail_figure)
    best = top_by_serail(counts, w.serail)
    if len(best) != 1:
        return
    (winner,) = best
    held = [d for d, figures in enumerate(w.districts) if winner in figures]
    if w.players[winner].figures:
        w.players[winner].figures -= 1
    elif held:
        _take_from_district(w, winner, held[0])
    else:
        return
    w.treasury.append(winner)


def _add_marker(w: Work, player: int) -> None:
    """Put a marker of ``player`` on serail field 1; the one pushed off the serail goes home."""
    w.players[player].markers -= 1
    w.serail.insert(0, player)
    if len(w.serail) > w.before.serail_size:
        w.players[w.serail.pop()].markers += 1


def _sync_leader(w: Work) -> None:
    """Pro: the serail leader's figure stands on the serail (if he has one in supply)."""
    if not w.before.pro:
        return
    leader = serail_leader(w.before.num_players, w.serail)
    if w.serail_figure == leader:
        return
    if w.serail_figure is not None:
        w.players[w.serail_figure].figures += 1
        w.serail_figure = None
    if leader is not None and w.players[leader].figures:
        w.players[leader].figures -= 1
        w.serail_figure = leader


# ----------------------------------------------------------------------- cards
def _draw_card(w: Work, player: int) -> None:
    rng = Rng(w.rng)
    drawn, w.action_deck[:], w.discard[:] = draw(w.action_deck, w.discard, 1, rng)
    w.players[player].hand += drawn
    w.rng = rng.state


def _drop_card(w: Work, player: int, card: Card) -> None:
    """``card`` leaves ``player``'s hand for the discard pile."""
    w.players[player].hand.remove(card)
    w.discard.append(card)


def _start_turn(w: Work, player: int) -> None:
    """Hand the turn to ``player``: reset his district uses and the build flags; or end the
    game if nobody has built for as many moves as the quiet end allows."""
    if quiet.reached(w.quiet, w.before.quiet_end):
        w.phase = Phase.OVER
        return
    w.uses = [figures.count(player) for figures in w.districts]
    w.current, w.phase, w.last_field = player, Phase.HARBOUR, -1
    w.built_part = w.built_special = False


# ------------------------------------------------------------------ turn steps
def _take_harbour(w: Work, p: int, a: TakeHarbour) -> None:
    _shift_harbour(w, p, a.field)
    w.players[p].faces = [flip(f) if f == a.field else f for f in w.players[p].faces]
    w.phase = Phase.BUILD
    if a.field == 1:
        _draw_card(w, p)
    elif a.field == 2 and any(is_part(c) for c in w.display):
        w.phase = Phase.REMOVE
    elif a.field == 3:
        w.phase = Phase.VIZIER


def _remove(w: Work, p: int, a: RemoveCard) -> None:
    w.gone.append(w.display.pop(a.slot))
    refill(w)
    w.phase = Phase.BUILD if parts_left(w.display, w.palace_deck) else Phase.OVER


def _vizier(w: Work, p: int, a: MoveVizier) -> None:
    w.vizier = a.district
    district = District(a.district)
    gain = DISTRICT_GAIN[district]
    w.phase = Phase.BUILD
    if gain is not None:
        _gain(w, p, gain)
    elif any(w.players[p].res[g.index] and w.supply[t.index] for g, t in swaps(district)):
        w.phase = Phase.SWAP  # else no swap is possible and the vizier's action lapses


def _exchange(w: Work, p: int, a: Exchange) -> None:
    _pay_one(w, p, a.give)
    _gain(w, p, a.get)
    w.phase = Phase.BUILD


def _build(w: Work, p: int, a: Build) -> None:
    card = w.before.display[a.slot]
    _pay(w, p, build_cost(w.before, a.slot, a.waive))
    if a.waive is not None:
        _drop_card(w, p, Card.CRAFTSMAN)
    w.gone.append(w.display.pop(a.slot))
    if is_part(card):
        _build_part(w, p, card, a.from_district)
        return
    w.built_special = True
    if card == END_CARD:  # the game ends at once
        w.phase = Phase.OVER
        return
    refill(w)
    _treasury_scoring(w)
    w.phase = Phase.BUILD


def _build_part(w: Work, p: int, card: int, source: int | None) -> None:
    """Put the part up, its builder's figure on the balcony; the displaced figure goes home."""
    f = card_field(card) - 1
    old = w.balcony[f]
    if old is not None:
        w.players[old].figures += 1
    lying = w.stash[f]
    if lying is not None:  # its extra unit was paid with the price; the stash goes too
        w.supply[lying.index] += 1
        w.stash[f] = None
    if source is None:
        w.players[p].figures -= 1
    else:
        _take_from_district(w, p, source)
    w.balcony[f] = p
    w.levels[f] = card_shape(card)
    refill(w)
    after = Phase.BUILD
    if not parts_left(w.display, w.palace_deck):
        after = Phase.OVER
    elif w.before.pro and sum(w.players[p].res):
        after = Phase.STASH
    w.built_part, w.last_field, w.phase = True, f, after
    readings = w.before.readings
    if after == Phase.OVER and readings.end_before_serail:
        return
    if old is not None and (old != p or readings.serail_on_self) and w.players[old].markers:
        w.phase, w.decider, w.after = Phase.SERAIL, old, after


def _stash(w: Work, p: int, a: Stash) -> None:
    w.players[p].res[a.res.index] -= 1
    w.stash[w.before.last_field] = a.res
    w.phase = Phase.BUILD


def _place(w: Work, p: int, a: PlaceFigure) -> None:
    _pay(w, p, (0, 0, 0, place_cost(w.before, a.district, p)))
    w.players[p].figures -= 1
    _add_to_district(w, p, a.district)
    _to_end(w, p)


def _to_end(w: Work, p: int) -> None:
    """Phase 4: draw an action card, then the end-of-turn step."""
    _draw_card(w, p)
    w.phase = Phase.END


def _done(w: Work, p: int, a: Done) -> None:
    phase = w.before.phase
    if phase == Phase.BUILD and w.before.built_part:
        w.phase = Phase.PLACE
    elif phase in (Phase.BUILD, Phase.PLACE):
        _to_end(w, p)
    elif phase in (Phase.STASH, Phase.SWAP):
        w.phase = Phase.BUILD
    else:
        _start_turn(w, (p + 1) % w.before.num_players)


def _serail(w: Work, p: int, a: SerailChoice) -> None:
    if a.place:
        _add_marker(w, p)
    w.phase, w.decider, w.after = w.before.after, None, Phase.BUILD


def _discard(w: Work, p: int, a: Discard) -> None:
    if a.card is not None:
        _drop_card(w, p, a.card)
    else:
        assert a.res is not None
        _pay_one(w, p, a.res)


# ------------------------------------------------- districts and action cards
def _use(w: Work, p: int, a: UseDistrict) -> None:
    w.uses[a.district] -= 1
    gain = DISTRICT_GAIN[District(a.district)]
    if gain is not None:
        _gain(w, p, gain)
    else:
        assert a.give is not None and a.get is not None
        _pay_one(w, p, a.give)
        _gain(w, p, a.get)


def _play_card(w: Work, p: int, a: PlayCard) -> None:
    _drop_card(w, p, a.card)
    assert a.card.resource is not None
    _gain(w, p, a.card.resource)


def _overseer(w: Work, p: int, a: PlayOverseer) -> None:
    _drop_card(w, p, Card.OVERSEER)
    _take_from_district(w, p, a.source)
    _add_to_district(w, p, a.target)
    if not w.before.readings.overseer_waits:
        w.uses[a.target] += 1


def _harbourmaster(w: Work, p: int, a: PlayHarbourmaster) -> None:
    _drop_card(w, p, Card.HARBOURMASTER)
    i, j = a.first - 1, a.second - 1
    w.harbour_res[i], w.harbour_res[j] = w.harbour_res[j], w.harbour_res[i]
    w.harbour_n[i], w.harbour_n[j] = w.harbour_n[j], w.harbour_n[i]
    _top_up(w, i)
    _top_up(w, j)


def _guard(w: Work, p: int, a: PlayGuard) -> None:
    _drop_card(w, p, Card.GUARD)
    i, j = a.first - 1, a.second - 1
    w.serail[i], w.serail[j] = w.serail[j], w.serail[i]


def _caravan(w: Work, p: int, a: PlayCaravan) -> None:
    _drop_card(w, p, Card.CARAVAN)
    _gain(w, p, a.res)


def _merchant(w: Work, p: int, a: PlayMerchant) -> None:
    _drop_card(w, p, Card.MERCHANT)
    for r in a.take:
        _give(w, a.opponent, p, r)
    for r in a.give:
        _give(w, p, a.opponent, r)


def _robber(w: Work, p: int, a: PlayRobber) -> None:
    _drop_card(w, p, Card.ROBBER)
    _give(w, a.opponent, p, a.res)


EFFECTS: dict[type, Callable[[Work, int, Any], None]] = {
    TakeHarbour: _take_harbour, RemoveCard: _remove, MoveVizier: _vizier, Exchange: _exchange,
    Build: _build, Stash: _stash, PlaceFigure: _place, UseDistrict: _use, PlayCard: _play_card,
    PlayOverseer: _overseer, PlayHarbourmaster: _harbourmaster, PlayGuard: _guard,
    PlayCaravan: _caravan, PlayMerchant: _merchant, PlayRobber: _robber, SerailChoice: _serail,
    Discard: _discard, Done: _done,
}


def play(state: SabaState, player: int, action: SabaAction) -> SabaState:
    """The state after ``player`` takes the legal ``action``; building a palace card is what
    the quiet end (:mod:`pygame_rules.quiet`) counts as building."""
    w = Work(state)
    w.quiet = quiet.counted(state.quiet, isinstance(action, Build))
    EFFECTS[type(action)](w, player, action)
    _sync_leader(w)
    return w.freeze()
