"""Bot knowledge of Spiel der Türme: nothing is hidden, so only the evaluation is needed.

A player's standing is his score (stones under his top stones on symbol fields)
plus a share of the stones he controls on the alleys, which he may still carry
onto a field. Towers on fields below the height limit count a little less: an
opponent may still cover them.

>>> from pygame_rules.tuerme import GAME, build
>>> s = build(2, {"b7": "Arb", "a1": "Abb"})        # blue: a 2-tower on b7, another on the alley a1
>>> KNOWLEDGE.evaluate(s)
(0.0, 2.2)
"""

from __future__ import annotations

from typing import ClassVar

from ..rng import Rng
from ..tuerme import GAME
from ..tuerme.actions import Action, EndTurn, Move
from ..tuerme.board import ALLEYS, SYMBOL_AT, SYMBOL_FIELDS
from ..tuerme.state import TuermeState, height, owner
from .knowledge import Knowledge

#: Worth of a controlled stone on the alleys, against 1 for a stone on a symbol field.
ALLEY_STONE = 0.2
#: Worth of a stone in a tower on a symbol field that can still be covered.
OPEN_TOWER_STONE = 0.9
#: Chance that a playout move goes for a symbol field when one is reachable.
PLAYOUT_FIELD_BIAS = 0.6


class TuermeKnowledge(Knowledge[TuermeState, Action]):
    game = GAME
    scale: ClassVar[float] = 3.0
    playout_depth: ClassVar[int] = 8

    def evaluate(self, state: TuermeState) -> tuple[float, ...]:
        if state.end is not None:
            return tuple(float(s) for s in GAME.scores(state))
        values = [0.0] * state.players
        board, players, top = state.board, state.players, state.max_height
        for square in SYMBOL_FIELDS:
            stack = board[square]
            if stack and owner(stack) < players:
                h = height(stack)
                values[owner(stack)] += h if h >= top else OPEN_TOWER_STONE * h
        for square in ALLEYS:
            stack = board[square]
            if stack and owner(stack) < players:
                values[owner(stack)] += ALLEY_STONE * height(stack)
        return tuple(values)

    def pending(self, state: TuermeState) -> bool:
        """A pending bonus move belongs to the move that earned it."""
        return state.bonus

    def sensible(self, state: TuermeState, player: int, actions: list[Action]) -> list[Action]:
        """Never decline a bonus move."""
        return [a for a in actions if not isinstance(a, EndTurn)]

    def ordered(self, state: TuermeState, player: int, actions: list[Action],
                rng: Rng) -> list[Action]:
        """Moves onto symbol fields first (tallest resulting tower first), then moves that
        cover another colour on the alleys, then the rest in random order."""
        board = state.board

        def gain(action: Action) -> int:
            if not isinstance(action, Move):
                return -1
            there = board[action.dst]
            covered = height(there) if there and owner(there) != player else 0
            if SYMBOL_AT[action.dst]:
                return 10 + 2 * (height(board[action.src]) + height(there)) + covered
            return covered
        keyed = [(-gain(a), rng.next32(), i) for i, a in enumerate(actions)]
        return [actions[i] for _, _, i in sorted(keyed)]

    def playout_action(self, state: TuermeState, player: int, actions: list[Action],
                       rng: Rng) -> Action:
        if rng.randbelow(100) < PLAYOUT_FIELD_BIAS * 100:
            scoring = [a for a in actions if isinstance(a, Move) and SYMBOL_AT[a.dst]]
            if scoring:
                return scoring[rng.randbelow(len(scoring))]
        return actions[rng.randbelow(len(actions))]


KNOWLEDGE = TuermeKnowledge()
