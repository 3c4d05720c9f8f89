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
>>> ui.board_options(390), ui.board_options(800)
({'portrait': True}, {})

A whole turn (a move and its bonus move) is highlighted move by move:

>>> from pygame_rules.interaction import Played
>>> ui.turn_highlights([Played(state, 0, Move(parse_square("d4"), parse_square("d6"))),
...                     Played(state, 0, Move(parse_square("c1"), parse_square("c2")))])
{'last_turn': [('d4', 'd6'), ('c1', 'c2')]}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..i18n import _
from ..interaction import Button, Interaction, Played
from .actions import EndTurn, Move, Skip
from .data import parse_square, square_name
from .legal import piece_problem
from .render import PORTRAIT_BELOW
from .state import TuermeState, owner


class TuermeInteraction(Interaction):
    """The piece picked, whose targets are ringed until one is clicked."""

    #: Below the landscape board's own width its fields would be under 40 px and its text under
    #: 11 px, so the board is drawn upright (``portrait``, 8 fields across).
    portrait_below = PORTRAIT_BELOW
    choice_keys = ("selected",)

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.selected: int | None = None

    def reset(self) -> None:
        self.selected = None

    def _moves(self, state: TuermeState, player: int) -> list[Move]:
        return [a for a in self.game.legal_actions(state, player) if isinstance(a, Move)]

    def _targets(self, state: TuermeState, player: int) -> list[int]:
        return [m.dst for m in self._moves(state, player) if m.src == self.selected]

    def prompt(self, state: TuermeState, player: int) -> str:
        moves = self._moves(state, player)
        if not moves:
            return _("No stone or tower can move: skip this turn.")
        if self.selected is not None:
            return _("Move the piece on {square} to a ringed field, or pick another piece.").format(
                square=square_name(self.selected))
        if state.bonus:
            return _("Bonus move: move another piece, or end your turn.")
        return _("Pick a stone or tower to move.")

    def highlights(self, state: TuermeState, player: int) -> dict[str, Any]:
        if self.selected is None:
            return {}
        return {"selected": square_name(self.selected),
                "targets": [square_name(s) for s in self._targets(state, player)]}

    def click(self, state: TuermeState, player: int, target: dict[str, str]) -> Any:
        try:
            square = parse_square(target.get("square", ""))
        except ValueError:
            return None
        if self.selected is not None and square in self._targets(state, player):
            return Move(self.selected, square)
        movable = {m.src for m in self._moves(state, player)}
        self.selected = square if square in movable and square != self.selected else None
        return None

    def adopt(self, state: TuermeState, player: int, highlights: Mapping[str, Any]) -> None:
        picked = _square(highlights.get("selected"))
        if picked is not None and any(m.src == picked for m in self._moves(state, player)):
            self.selected = picked

    def rings(self, highlights: Mapping[str, Any]) -> list[dict[str, str]]:
        return [{"square": square} for square in highlights.get("targets", ())]

    def buttons(self, state: TuermeState, player: int) -> list[Button]:
        labels = {Skip: _("Skip turn (no legal move)"), EndTurn: _("End turn without the bonus move")}
        return [Button(labels[type(a)], a, primary=isinstance(a, Skip))
                for a in self.game.legal_actions(state, player) if not isinstance(a, Move)]

    def clickable(self, state: TuermeState, player: int) -> list[dict[str, str]]:
        squares = {m.src for m in self._moves(state, player)} | set(self._targets(state, player))
        return [{"square": square_name(s)} for s in sorted(squares)]

    def guesses(self, state: TuermeState, player: int, target: Mapping[str, str],
                highlights: Mapping[str, Any]) -> Iterator[Any]:
        """A square: the move from the picked piece to it (nothing without a picked piece: a
        click on a piece is not a move, see :meth:`why_not`)."""
        picked, square = _square(highlights.get("selected")), _square(target.get("square"))
        if picked is not None and square is not None:
            yield Move(picked, square)

    def why_not(self, state: TuermeState, player: int, target: Mapping[str, str],
                highlights: Mapping[str, Any]) -> str | None:
        """With a piece picked, why it can't go to the square clicked (unless the square holds
        a piece of one's own, then that piece was meant); else why the piece clicked can't move.

        >>> from pygame_rules.tuerme import GAME, build
        >>> ui = TuermeInteraction(GAME)
        >>> state = build(2, {"a1": "Dr", "a2": "Br", "a3": "Ap", "b1": "Ab", "d4": "Cr", "b4": "Db"})
        >>> print(ui.why_not(state, 0, {"square": "a1"}, {}))  # doctest: +NORMALIZE_WHITESPACE
        the piece on a1 (a red stone) can't move now: along its row and column it reaches no field
        it may stop on before other colours block its way
        >>> print(ui.why_not(state, 0, {"square": "a4"}, {"selected": "d4"}))
        d4-a4: the path is blocked by a blue stone on b4 (a piece may only pass over pieces of its own colour)
        """
        if state.over or player != state.turn:
            return None
        picked, square = _square(highlights.get("selected")), _square(target.get("square"))
        if square is None:
            return None
        cell = state.board[square]
        own = bool(cell) and (owner(cell) == player or owner(cell) >= state.players)
        if picked is not None and not (own and square != picked):
            return self.game.why_illegal(state, player, Move(picked, square))
        return piece_problem(state, player, square)

    def replay_highlights(self, state: TuermeState, player: int, action: Any) -> dict[str, Any]:
        return {"last_move": action} if isinstance(action, Move) else {}

    def turn_player(self, state: TuermeState) -> int:
        return state.turn

    def turn_highlights(self, turn: Sequence[Played]) -> dict[str, Any]:
        moves = [(square_name(p.action.src), square_name(p.action.dst)) for p in turn if isinstance(p.action, Move)]
        return {"last_turn": moves} if moves else {}


def _square(name: object) -> int | None:
    """The square called ``name`` (``d4``), or None."""
    try:
        return parse_square(name) if isinstance(name, str) else None
    except ValueError:
        return None
