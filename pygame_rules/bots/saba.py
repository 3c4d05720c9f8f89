"""Bot knowledge of Saba: dealing the unseen action cards and palace cards, judging a position.

A player sees everything but the others' action cards and the order of both decks.
The determinizer deals the action cards he has not seen (the game's set minus his
hand and the open discard pile) to the others' hands and the deck, and stacks the
palace cards neither open nor gone as the setup stacks the palace deck
(:func:`.saba.data.stack_palace_deck`).

>>> from pygame_rules.saba import GAME, TakeHarbour
>>> from pygame_rules.rng import Rng
>>> truth = GAME.apply(GAME.new_game(3, seed=1), 0, TakeHarbour(1))
>>> world = KNOWLEDGE.determinize(GAME.view(truth, 0), 0, Rng.from_seed(2))
>>> GAME.check_state(world)
>>> GAME.view(world, 0) == GAME.view(truth, 0)
True
>>> sorted(world.palace_deck) == sorted(truth.palace_deck), world.palace_deck == truth.palace_deck
(True, False)
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from ..frozen import replace
from ..i18n import N_
from ..rng import Rng
from ..saba import GAME
from ..saba.actions import Build, Done, PlaceFigure, PlayCard, PlayMerchant, SabaAction, SerailChoice, UseDistrict
from ..saba.data import (
    BASIC_CARDS,
    PALACE_CARDS,
    PRO_CARDS,
    RES_LIMIT,
    SHAPE_NAMES,
    Card,
    Shape,
    card_field,
    card_shape,
    is_part,
    stack_palace_deck,
)
from ..saba.legal import PERSON_ACTIONS
from ..saba.scoring import scoring_figures
from ..saba.state import Phase, SabaState, serail_leader
from .knowledge import Knowledge, random_rng_state

#: Worth of a balcony figure by the level of its part (a column can no longer be displaced).
BALCONY = {Shape.ARCH: 0.45, Shape.FOUNTAIN: 0.7, Shape.COLUMN: 1.0}
#: Worth of a resource (up to the limit of 7), an action card, a figure in a district
#: (it brings a resource every turn), a serail marker in the serail and the serail lead.
RESOURCE, CARD, DISTRICT_FIGURE, MARKER, LEADER = 0.1, 0.08, 0.2, 0.05, 0.15
#: Steps of the turn in which the bots use districts and action cards (before building
#: or placing); elsewhere these free actions are left out to keep the choices few.
FREE_ACTION_PHASES = frozenset({Phase.BUILD, Phase.PLACE})
#: The free actions: district uses and action cards.
FREE_ACTIONS = (UseDistrict, PlayCard, *PERSON_ACTIONS)
#: Chance that a playout builds when it can.
PLAYOUT_BUILD = 0.7


#: A hint's reason when the action builds a palace part (a balcony for a figure) or wins the
#: serail figure.
BUILDS_PART = N_("builds the {part} on garden field {field}, a balcony for your figure")
SERAIL_FIGURE = N_("makes you the serail leader, so the serail figure is yours")


class SabaKnowledge(Knowledge[SabaState, SabaAction]):
    game = GAME
    scale: ClassVar[float] = 0.8
    playout_depth: ClassVar[int] = 30
    samples: ClassVar[int] = 1

    # -------------------------------------------------------------- determinize
    def goal(self, before: SabaState, player: int, action: SabaAction,
             after: SabaState) -> tuple[str, tuple[tuple[str, str | int], ...]] | None:
        """A palace part built, or the serail figure won.

        >>> from pygame_rules.lessons import lesson, replay
        >>> state = replay(lesson("saba/building"))[0]
        >>> build = GAME.parse_action(state, "build 5.1 arch on 7")[1]
        >>> KNOWLEDGE.goal(state, 0, build, GAME.play(state, 0, build))
        ('builds the {part} on garden field {field}, a balcony for your figure', (('part', 'arch'), ('field', 7)))
        """
        built = isinstance(action, Build) and 0 <= action.slot < len(before.display)
        card = before.display[action.slot] if built else None  # type: ignore[union-attr]
        if card is not None and is_part(card):
            return BUILDS_PART, (("part", SHAPE_NAMES[card_shape(card)]), ("field", card_field(card)))
        if after.serail_figure == player != before.serail_figure:
            return SERAIL_FIGURE, ()
        return None

    def determinize(self, view: SabaState, player: int, rng: Rng) -> SabaState:
        unseen = Counter(BASIC_CARDS + (PRO_CARDS if view.pro else ()))
        unseen.subtract(view.discard)
        for pl in view.players:
            unseen.subtract(c for c in pl.hand if c is not Card.HIDDEN)
        pool = [c for c, n in unseen.items() for _ in range(n)]
        rng.shuffle(pool)
        players = tuple(pl if p == player else replace(
            pl, hand=tuple(pool.pop() if c is Card.HIDDEN else c for c in pl.hand))
            for p, pl in enumerate(view.players))
        return replace(view, players=players, action_deck=tuple(pool),
                       palace_deck=_palace_deck(view, rng), rng=random_rng_state(rng))

    # ------------------------------------------------------------------ evaluate
    def evaluate(self, state: SabaState) -> tuple[float, ...]:
        n = state.num_players
        if state.phase == Phase.OVER:
            counts = scoring_figures(state)
            won = GAME.winners(state)
            return tuple(c + 0.5 * (p in won) for p, c in enumerate(counts))
        values = [0.0] * n
        for owner, level in zip(state.balcony, state.levels):
            if owner is not None:
                values[owner] += BALCONY[Shape(level)]
        for owner in state.treasury:
            values[owner] += 1
        if state.serail_figure is not None:
            values[state.serail_figure] += 1
        for figures in state.districts:
            for owner in sorted(set(figures)):
                values[owner] += DISTRICT_FIGURE * figures.count(owner)
        for marker in state.serail:
            values[marker] += MARKER
        leader = serail_leader(n, state.serail)
        if leader is not None:
            values[leader] += LEADER
        for p, pl in enumerate(state.players):
            values[p] += RESOURCE * min(pl.total, RES_LIMIT) + CARD * min(
                len(pl.hand), state.hand_limit)
        return tuple(values)

    def pending(self, state: SabaState) -> bool:
        """A turn is judged once it is over: the medium level plays the rest of it greedily."""
        return state.phase != Phase.HARBOUR

    # ------------------------------------------------------------------- choices
    def candidates(self, state: SabaState, player: int,
                   actions: list[SabaAction]) -> list[SabaAction]:
        """Districts and action cards only while building or placing; the merchant trades
        one resource for one."""
        free_ok = state.phase in FREE_ACTION_PHASES
        out = []
        for a in actions:
            if isinstance(a, FREE_ACTIONS) and not free_ok:
                continue
            if isinstance(a, PlayMerchant) and len(a.take) > 1:
                continue
            out.append(a)
        return out

    def sensible(self, state: SabaState, player: int,
                 actions: list[SabaAction]) -> list[SabaAction]:
        """Build rather than stop building, place a figure rather than none, and always
        take a serail marker."""
        if SerailChoice(True) in actions:
            return [SerailChoice(True)]
        if any(isinstance(a, (Build, PlaceFigure)) for a in actions):
            return [a for a in actions if not isinstance(a, Done)]
        return actions

    def ordered(self, state: SabaState, player: int, actions: list[SabaAction],
                rng: Rng) -> list[SabaAction]:
        """Builds first, then the rest in random order."""
        shuffled = list(rng.shuffled(actions))
        return [a for a in shuffled if isinstance(a, Build)] + [
            a for a in shuffled if not isinstance(a, Build)]

    def playout_action(self, state: SabaState, player: int, actions: list[SabaAction],
                       rng: Rng) -> SabaAction:
        if rng.randbelow(100) < PLAYOUT_BUILD * 100:
            builds = [a for a in actions if isinstance(a, Build)]
            if builds:
                return builds[rng.randbelow(len(builds))]
        return actions[rng.randbelow(len(actions))]


def _palace_deck(view: SabaState, rng: Rng) -> tuple[int, ...]:
    """The face-down palace cards in an order the setup could have left them (bottom first)."""
    seen = set(view.display) | set(view.gone)
    deck = stack_palace_deck((c for c in range(PALACE_CARDS) if c not in seen), rng)
    assert len(deck) == len(view.palace_deck)
    return deck


KNOWLEDGE = SabaKnowledge()
