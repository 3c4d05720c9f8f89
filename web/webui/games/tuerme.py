"""Spiel der Türme by pointing: pick a stone or tower, then one of its highlighted targets.

>>> from pygame_rules import get_game
>>> game = get_game("tuerme")
>>> ui = TuermeInteraction(game)
>>> state = game.new_game(4, seed=1)
>>> move = game.legal_actions(state, 0)[0]
>>> src, dst = square_name(move.src), square_name(move.dst)
>>> ui.click(state, 0, {"square": src}) is None and ui.highlights(state, 0)["selected"] == src
True
>>> ui.click(state, 0, {"square": dst}) == move
True
"""

from __future__ import annotations

from typing import Any

from pygame_rules.tuerme import EndTurn, Move, Skip, parse_square, square_name

from .base import Button, Interaction


class TuermeInteraction(Interaction):
    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.selected: int | None = None

    def reset(self) -> None:
        self.selected = None

    def _moves(self, state: Any, player: int) -> list[Move]:
        return [a for a in self.game.legal_actions(state, player) if isinstance(a, Move)]

    def _targets(self, state: Any, player: int) -> list[int]:
        return [m.dst for m in self._moves(state, player) if m.src == self.selected]

    def prompt(self, state: Any, player: int) -> str:
        moves = self._moves(state, player)
        if not moves:
            return "No stone or tower can move: skip this turn."
        if self.selected is not None:
            return f"Move the piece on {square_name(self.selected)} to a ringed field, or pick another piece."
        if state.bonus:
            return "Bonus move: move another piece, or end your turn."
        return "Pick a stone or tower to move."

    def highlights(self, state: Any, player: int) -> dict[str, Any]:
        if self.selected is None:
            return {}
        return {"selected": square_name(self.selected),
                "targets": [square_name(s) for s in self._targets(state, player)]}

    def click(self, state: Any, player: int, target: dict[str, str]) -> Any:
        try:
            square = parse_square(target.get("square", ""))
        except ValueError:
            return None
        if self.selected is not None and square in self._targets(state, player):
            return Move(self.selected, square)
        movable = {m.src for m in self._moves(state, player)}
        self.selected = square if square in movable and square != self.selected else None
        return None

    def buttons(self, state: Any, player: int) -> list[Button]:
        labels = {Skip: "Skip turn (no legal move)", EndTurn: "End turn without the bonus move"}
        return [Button(labels[type(a)], a, primary=isinstance(a, Skip))
                for a in self.game.legal_actions(state, player) if not isinstance(a, Move)]

    def clickable(self, state: Any, player: int) -> list[dict[str, str]]:
        squares = {m.src for m in self._moves(state, player)} | set(self._targets(state, player))
        return [{"square": square_name(s)} for s in sorted(squares)]

    def replay_highlights(self, state: Any, player: int, action: Any) -> dict[str, Any]:
        return {"last_move": action} if isinstance(action, Move) else {}
