"""The mechanics of Saba on a mutable working copy of the state.

:class:`Work` unpacks a :class:`SabaState` into lists, the rules change it step
by step (harbour shift, display refill, serail, scorings), and
:meth:`Work.freeze` packs it again. Legality is checked before, in :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import draw
from ..rng import Rng
from .data import (HARBOUR_CAPACITY, Card, Res, Vec, card_field, card_shape, is_part)
from .state import Phase, PlayerState, SabaState

DISPLAY_SIZE = 3


def buildable(card: int, levels: Sequence[int]) -> bool:
    """A part card can be built while its field holds no higher part; specials always."""
    return not is_part(card) or levels[card_field(card) - 1] < card_shape(card)


def serail_decide(candidates: Iterable[int], serail: Sequence[int]) -> tuple[int, ...]:
    """The serail rule: the candidates with most markers in the serail, then the one
    whose marker lies nearest field 1. Several are left only if none has a marker.

    >>> serail_decide((0, 1, 2), (2, 1, 2, 1, 0))
    (2,)
    >>> serail_decide((0, 3), (1, 2))
    (0, 3)
    """
    cands = tuple(candidates)
    counts = {p: serail.count(p) for p in cands}
    most = max(counts.values(), default=0)
    if most == 0:
        return cands
    tied = [p for p in cands if counts[p] == most]
    return (min(tied, key=serail.index),)


def serail_leader(num_players: int, serail: Sequence[int]) -> int | None:
    """The player the serail rule ranks first among all (None while the serail is empty)."""
    best = serail_decide(range(num_players), serail)
    return best[0] if len(best) == 1 else None


def figure_counts(num_players: int, balcony: Sequence[int | None], treasury: Sequence[int],
                  serail_figure: int | None) -> tuple[int, ...]:
    """Figures per player that count in scorings: balconies, treasury, serail figure."""
    return tuple(balcony.count(p) + treasury.count(p) + (serail_figure == p)
                 for p in range(num_players))


def top_by_serail(counts: Sequence[int], serail: Sequence[int]) -> tuple[int, ...]:
    """Players with the most figures, narrowed by the serail rule."""
    best = max(counts)
    return serail_decide((p for p, c in enumerate(counts) if c == best), serail)


class Work:
    """A mutable copy of a state's fields (players' fields as parallel lists)."""

    def __init__(self, s: SabaState) -> None:
        self.s = s
        self.res = [list(p.res) for p in s.players]
        self.faces = [p.faces for p in s.players]
        self.figures = [p.figures for p in s.players]
        self.markers = [p.markers for p in s.players]
        self.hands = [p.hand for p in s.players]
        self.supply = list(s.supply)
        self.harbour_res = list(s.harbour_res)
        self.harbour_n = list(s.harbour_n)
        self.palace_deck = s.palace_deck
        self.display = list(s.display)
        self.gone = list(s.gone)
        self.levels = list(s.levels)
        self.balcony = list(s.balcony)
        self.stash = list(s.stash)
        self.treasury = list(s.treasury)
        self.serail = list(s.serail)
        self.serail_figure = s.serail_figure
        self.district_owner = list(s.district_owner)
        self.district_count = list(s.district_count)
        self.uses = list(s.uses)
        self.fields: dict[str, object] = {}

    def freeze(self, **changes: object) -> SabaState:
        players = tuple(PlayerState(tuple(r), f, fig, m, h) for r, f, fig, m, h in  # type: ignore[arg-type]
                        zip(self.res, self.faces, self.figures, self.markers, self.hands))
        values = dict(self.s.__dict__)
        values.update(
            players=players, supply=tuple(self.supply), harbour_res=tuple(self.harbour_res),
            harbour_n=tuple(self.harbour_n), palace_deck=self.palace_deck,
            display=tuple(self.display), gone=tuple(self.gone), levels=tuple(self.levels),
            balcony=tuple(self.balcony), stash=tuple(self.stash), treasury=tuple(self.treasury),
            serail=tuple(self.serail), serail_figure=self.serail_figure,
            district_owner=tuple(self.district_owner), district_count=tuple(self.district_count),
            uses=tuple(self.uses))
        values.update(self.fields)
        values.update(changes)
        return SabaState(**values)  # type: ignore[arg-type]

    # --------------------------------------------------------- resources
    def gain(self, player: int, res: Res, n: int = 1) -> int:
        """Move up to ``n`` of ``res`` from the supply to ``player``; returns how many."""
        i = res.index
        n = min(n, self.supply[i])
        self.supply[i] -= n
        self.res[player][i] += n
        return n

    def pay(self, player: int, cost: Vec) -> None:
        for i, n in enumerate(cost):
            self.res[player][i] -= n
            self.supply[i] += n

    def give(self, source: int, target: int, res: Res) -> None:
        self.res[source][res.index] -= 1
        self.res[target][res.index] += 1

    # ----------------------------------------------------------- harbour
    def take_harbour(self, player: int, field: int) -> None:
        """Take field ``field`` (1..4), shift the lower fields up, put the taken kind on field 1.

        Moved stacks are topped up to their new capacity and field 1 gets 2 of the
        taken kind, each as far as the supply allows (rulebook example a–e).
        """
        k = field - 1
        kind = self.harbour_res[k]
        self.res[player][kind.index] += self.harbour_n[k]
        for i in range(k, 0, -1):
            self.harbour_res[i] = self.harbour_res[i - 1]
            self.harbour_n[i] = self.harbour_n[i - 1]
            self.top_up(i)
        self.harbour_res[0] = kind
        self.harbour_n[0] = 0
        self.top_up(0)

    def top_up(self, i: int) -> None:
        """Fill harbour field ``i`` (0-based) to capacity from the supply, or return its excess."""
        r = self.harbour_res[i].index
        want = HARBOUR_CAPACITY[i] - self.harbour_n[i]
        if want < 0:
            self.supply[r] -= want
            self.harbour_n[i] = HARBOUR_CAPACITY[i]
            return
        add = min(want, self.supply[r])
        self.supply[r] -= add
        self.harbour_n[i] += add

    # ------------------------------------------------------ palace cards
    def remove_open(self, slot: int) -> None:
        """Take the card on ``slot`` out of the display for good and refill."""
        self.gone.append(self.display.pop(slot))
        self.refill()

    def refill(self) -> None:
        """Drop unbuildable open cards, slide toward 5.1, reveal deck cards on the free fields."""
        for card in [c for c in self.display if not buildable(c, self.levels)]:
            self.display.remove(card)
            self.gone.append(card)
        deck = list(self.palace_deck)
        while len(self.display) < DISPLAY_SIZE and deck:
            card = deck.pop()
            if buildable(card, self.levels):
                self.display.append(card)
            else:
                self.gone.append(card)
        self.palace_deck = tuple(deck)

    def parts_left(self) -> bool:
        return any(is_part(c) for c in self.display) or any(is_part(c) for c in self.palace_deck)

    # ----------------------------------------------------------- figures
    def take_from_district(self, player: int, district: int) -> None:
        """A figure of ``player`` leaves ``district`` (it can no longer be used this turn)."""
        self.district_count[district] -= 1
        if self.district_count[district] == 0:
            self.district_owner[district] = None
        if player == self.s.current:
            self.uses[district] = min(self.uses[district], self.district_count[district])

    def treasury_scoring(self) -> int | None:
        """The leader (serail rule on ties) puts a figure in the treasury; None if still tied.

        His figure comes from his supply, else from his lowest-numbered district
        (a reading: the rulebook does not say); with neither, no figure is placed.
        """
        counts = figure_counts(len(self.res), self.balcony, self.treasury, self.serail_figure)
        best = top_by_serail(counts, self.serail)
        if len(best) != 1:
            return None
        (winner,) = best
        if self.figures[winner]:
            self.figures[winner] -= 1
        elif winner in self.district_owner:
            self.take_from_district(winner, self.district_owner.index(winner))
        else:
            return None
        self.treasury.append(winner)
        return winner

    def add_marker(self, player: int, size: int) -> None:
        """Put a marker of ``player`` on serail field 1; the one pushed past ``size`` goes home."""
        self.markers[player] -= 1
        self.serail.insert(0, player)
        if len(self.serail) > size:
            self.markers[self.serail.pop()] += 1

    def sync_leader(self) -> None:
        """Pro: the serail leader's figure stands on the serail (if he has one in supply)."""
        if not self.s.pro:
            return
        leader = serail_leader(len(self.res), self.serail)
        if self.serail_figure == leader:
            return
        if self.serail_figure is not None:
            self.figures[self.serail_figure] += 1
            self.serail_figure = None
        if leader is not None and self.figures[leader]:
            self.figures[leader] -= 1
            self.serail_figure = leader

    # -------------------------------------------------------------- cards
    def draw_card(self, player: int) -> None:
        rng = Rng(str(self.fields.get("rng", self.s.rng)))
        drawn, deck, discard = draw(
            self.fields.get("action_deck", self.s.action_deck),  # type: ignore[arg-type]
            self.fields.get("discard", self.s.discard), 1, rng)  # type: ignore[arg-type]
        self.hands[player] = self.hands[player] + drawn
        self.fields.update(action_deck=deck, discard=discard, rng=rng.state)

    def drop_card(self, player: int, card: Card) -> None:
        """``card`` leaves ``player``'s hand for the discard pile."""
        hand = list(self.hands[player])
        hand.remove(card)
        self.hands[player] = tuple(hand)
        self.fields["discard"] = self.fields.get("discard", self.s.discard) + (card,)  # type: ignore[operator]

    def start_turn(self, player: int) -> None:
        """Hand the turn to ``player``: reset his district uses and the build flags."""
        self.uses = [c if o == player else 0
                     for o, c in zip(self.district_owner, self.district_count)]
        self.fields.update(current=player, phase=Phase.HARBOUR, built_part=False,
                           built_special=False, last_field=-1)
