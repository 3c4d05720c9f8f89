"""The rules engine of Spiel der Türme: the game object wiring the modules into the protocol.

>>> from pygame_rules.tuerme import GAME, Move
>>> s = GAME.new_game(4, seed=1)
>>> GAME.to_move(s), len(GAME.legal_actions(s, 0)) > 0
((0,), True)
>>> from pygame_rules.tuerme import build, parse_square as sq
>>> s = build(4, {"d2": "Ar"})
>>> GAME.why_illegal(s, 0, Move(sq("d2"), sq("e2")))
'd2-e2: e2 is a symbol field for C; only a C piece may enter it'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..protocol import Game, Look, Option, OptionValue, ScoreLine
from ..rng import Rng
from . import check, effects, legal, notation, render, scoring
from .actions import Action
from .data import ALLEYS, COLOUR_FILLS, COLOUR_LETTERS, COLOUR_NAMES, NUM_SQUARES, STONES_PER_KIND, SYMBOLS, TITLE
from .state import TuermeState


class Tuerme(Game[TuermeState, Action]):
    """Spiel der Türme (Rudi Hoffmann, Schmidt Spiele 1993) for 2–4 players."""

    name = "tuerme"
    title = TITLE
    min_players = 2
    max_players = 4
    options = (Option("unlimited_height", False, "Variant: towers of any height (never safe)"),)
    state_type = TuermeState
    action_type = Action
    colours = tuple(zip(COLOUR_NAMES, COLOUR_FILLS))

    # ----------------------------------------------------------------- setup
    def setup(self, num_players: int, rng: Rng, options: dict[str, OptionValue]) -> TuermeState:
        """Shuffle the 80 stones and deal one onto each alley field, rank by rank from a1."""
        stones = [symbol + colour for colour in COLOUR_LETTERS for symbol in SYMBOLS
                  for _ in range(STONES_PER_KIND)]
        rng.shuffle(stones)
        board = [""] * NUM_SQUARES
        for square, dealt in zip(ALLEYS, stones, strict=True):
            board[square] = dealt
        return TuermeState(num_players, tuple(board), 0, False, None, None, None, None,
                           bool(options["unlimited_height"]), rng.state)

    def num_players(self, state: TuermeState) -> int:
        return state.players

    # ------------------------------------------------------------- the turn
    def to_move(self, state: TuermeState) -> tuple[int, ...]:
        return legal.to_move(state)

    def legal_actions(self, state: TuermeState, player: int) -> list[Action]:
        return legal.legal_actions(state, player)

    def why_illegal(self, state: TuermeState, player: int, action: Action) -> str | None:
        return legal.why_illegal(state, player, action)

    def play(self, state: TuermeState, player: int, action: Action) -> TuermeState:
        return effects.play(state, player, action)

    # -------------------------------------------------------------- the end
    def is_over(self, state: TuermeState) -> bool:
        return state.over

    def score_breakdown(self, state: TuermeState) -> tuple[tuple[ScoreLine, ...], ...]:
        return scoring.breakdown(state)

    def check_state(self, state: TuermeState) -> None:
        """Raise InvalidState unless the 80 stones, the stacks, the turn and the end agree."""
        check.check_state(state)

    def from_diagram_text(self, text: str) -> TuermeState:
        """Like :meth:`from_position_text`, but the board may hold fewer than the 80 stones
        (at most 5 of each colour and symbol), as in the rulebook's figures."""
        state = self.parse_position(text)
        check.check_state(state, complete=False)
        return state

    # -------------------------------------------------------------- notation
    def action_text(self, state: TuermeState, action: Action, names: Sequence[str] | None = None) -> str:
        return notation.action_text(state, action, names)

    def parse_action(self, state: TuermeState, text: str) -> tuple[int, Action]:
        """Like the base, but lenient about markers (``c3c7`` = ``c3xc7+``) and saying why
        a move is illegal."""
        return notation.parse_action(state, text)

    def position_text(self, state: TuermeState) -> str:
        return notation.position_text(state)

    def parse_position(self, text: str) -> TuermeState:
        return notation.parse_position(text)

    # -------------------------------------------------------------------- UI
    def status_text(self, state: TuermeState, names: Sequence[str] | None = None) -> str:
        """Whose turn (noting a bonus move or a forced pass), or who won and why the game ended."""
        names = names or [f"Player {p + 1}" for p in range(state.players)]
        if state.over:
            return f"{super().status_text(state, names)} ({render.status_text(state, names)})"
        return render.status_text(state, names)

    def draw(self, seen: TuermeState, viewer: int | None, look: Look, highlights: Mapping[str, Any]) -> str:
        """The board; highlights: ``selected``, ``targets``, ``last_move`` (see :mod:`.render`)."""
        return render.render_svg(seen, viewer, look, **highlights)
