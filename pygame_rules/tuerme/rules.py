"""The rules engine of Spiel der Türme.

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

import re
from collections.abc import Sequence
from typing import Any

from ..errors import InvalidState
from ..protocol import Game, Option, OptionValue, ScoreLine
from ..rng import Rng
from . import notation, render
from .actions import Action, EndTurn, Move, Skip
from .board import ALLEYS, DISTRICT_NAMES, DISTRICTS, NUM_SQUARES, SQUARE_NAMES, SYMBOL_AT
from .data import COLOUR_FILLS, COLOUR_LETTERS, COLOUR_NAMES, STONES_PER_KIND, SYMBOLS
from .moves import can_still_score, has_move, legal_moves, move_problem, own_alley_piece
from .scoring import breakdown
from .state import EndReason, TuermeState, height, owner
from .turns import pass_turn, play_move

SKIP = Skip()
END_TURN = EndTurn()
_STACK = re.compile(f"[{SYMBOLS}][{COLOUR_LETTERS}]+")


class Tuerme(Game[TuermeState, Action]):
    """Spiel der Türme (Rudi Hoffmann, Schmidt Spiele 1993) for 2–4 players."""

    name = "tuerme"
    title = "Spiel der Türme"
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
        return () if state.end is not None else (state.turn,)

    def legal_actions(self, state: TuermeState, player: int) -> list[Action]:
        """The moves; plus ``EndTurn`` during a bonus move; only ``Skip`` if there is no move."""
        if state.end is not None or player != state.turn:
            return []
        moves: list[Action] = list(legal_moves(state, player))
        if state.bonus:
            moves.append(END_TURN)
            return moves
        return moves or [SKIP]

    def why_illegal(self, state: TuermeState, player: int, action: Action) -> str | None:
        if state.end is not None:
            return "the game is over"
        if player != state.turn:
            return f"it is not player {player}'s turn"
        if isinstance(action, Move):
            return move_problem(state, player, action.src, action.dst)
        if isinstance(action, EndTurn):
            return None if state.bonus else "there is no bonus move to decline"
        if isinstance(action, Skip):
            return self._skip_problem(state, player)
        return f"{action!r} is not an action of {self.title}"

    def _skip_problem(self, state: TuermeState, player: int) -> str | None:
        if state.bonus:
            return "you may not pass during a bonus move: make it or decline it (stop)"
        moves = legal_moves(state, player)
        if moves:
            example = notation.action_text(state, moves[0])
            return f"you can still move (e.g. {example}); you may only pass when no move is possible"
        return None

    def play(self, state: TuermeState, player: int, action: Action) -> TuermeState:
        if isinstance(action, Move):
            return play_move(state, player, action)
        return pass_turn(state, state.board, None)

    # -------------------------------------------------------------- the end
    def is_over(self, state: TuermeState) -> bool:
        return state.end is not None

    def score_breakdown(self, state: TuermeState) -> tuple[tuple[ScoreLine, ...], ...]:
        return breakdown(state)

    def check_state(self, state: TuermeState) -> None:
        """Raise InvalidState unless the 80 stones, the stacks, the turn and the end agree."""
        self._check(state, complete=True)

    def from_diagram_text(self, text: str) -> TuermeState:
        """Like :meth:`from_position_text`, but the board may hold fewer than the 80 stones
        (at most 5 of each colour and symbol), as in the rulebook's figures."""
        state = self.parse_position(text)
        self._check(state, complete=False)
        return state

    def _check(self, state: TuermeState, complete: bool) -> None:
        if not 2 <= state.players <= 4:
            raise InvalidState(f"{self.title} is for 2–4 players, not {state.players}")
        if not 0 <= state.turn < state.players:
            raise InvalidState(f"turn {state.turn} is not a player (0..{state.players - 1})")
        if len(state.board) != NUM_SQUARES:
            raise InvalidState(f"the board has {len(state.board)} fields instead of {NUM_SQUARES}")
        try:
            Rng(state.rng)
        except ValueError as exc:
            raise InvalidState(str(exc)) from None
        _check_stacks(state, complete)
        _check_lock(state)
        if state.end is None:
            _check_running(state)
        else:
            _check_ended(state)

    # -------------------------------------------------------------- notation
    def action_text(self, state: TuermeState, action: Action, names: Sequence[str] | None = None) -> str:
        return notation.action_text(state, action)  # the notation names no players

    def parse_action(self, state: TuermeState, text: str) -> tuple[int, Action]:
        """Like the base, but lenient about markers (``c3c7`` = ``c3xc7+``) and saying why
        a move is illegal."""
        return notation.parse_action(self, state, text)

    def position_text(self, state: TuermeState) -> str:
        return notation.position_text(state)

    def parse_position(self, text: str) -> TuermeState:
        return notation.from_position_text(text)

    # -------------------------------------------------------------------- UI
    def status_text(self, state: TuermeState, names: Sequence[str] | None = None) -> str:
        """Whose turn (noting a bonus move or a forced pass), or who won and why the game ended."""
        names = names or [f"Player {p + 1}" for p in range(state.players)]
        if state.end is not None:
            return f"{super().status_text(state, names)} ({render.status_sentence(state, names)})"
        if state.bonus:
            return f"To move: {names[state.turn]} (bonus move)"
        forced = self.legal_actions(state, state.turn) == [SKIP]
        return f"To move: {names[state.turn]}" + (" (must pass)" if forced else "")

    def render_svg(self, state: TuermeState, viewer: int | None = None, **highlights: Any) -> str:
        """The board; highlights: ``selected``, ``targets``, ``last_move``, ``palette``, ``names``
        (see :func:`.render.render_svg`)."""
        return render.render_svg(self.view(state, viewer), viewer, **highlights)


def _fail(message: str) -> None:
    raise InvalidState(message)


def _check_stacks(state: TuermeState, complete: bool) -> None:
    """Every stack well formed and legal where it stands; 5 stones of each colour and symbol
    (at most 5 if the board need not be ``complete``)."""
    by_symbol: dict[str, list[str]] = {symbol: [] for symbol in SYMBOLS}
    neutrals = COLOUR_LETTERS[state.players:]
    for square, stack in enumerate(state.board):
        if not stack:
            continue
        if _STACK.fullmatch(stack) is None:
            _fail(f"{SQUARE_NAMES[square]}: {stack!r} is not a stack (e.g. 'Arb')")
        if SYMBOL_AT[square] and SYMBOL_AT[square] != stack[0]:
            _fail(f"{SQUARE_NAMES[square]} is a symbol field for {SYMBOL_AT[square]} but holds {stack[0]} stones")
        if len(stack) > 2:
            if height(stack) > state.max_height:
                _fail(f"the tower on {SQUARE_NAMES[square]} is {height(stack)} high (at most {state.max_height})")
            if stack[-1] in neutrals:
                _fail(f"a neutral stone lies on top of the tower on {SQUARE_NAMES[square]} "
                      "(neutral stones never cover)")
        by_symbol[stack[0]].append(stack)
    for symbol, stacks in by_symbol.items():
        letters = "".join(stacks)
        for colour, letter in zip(COLOUR_NAMES, COLOUR_LETTERS):
            count = letters.count(letter)
            if count > STONES_PER_KIND or (complete and count != STONES_PER_KIND):
                _fail(f"stones are not conserved: {count} {colour} {symbol} stones "
                      f"instead of {STONES_PER_KIND}")


def _check_lock(state: TuermeState) -> None:
    if state.lock is None:
        return
    if not 0 <= state.lock < NUM_SQUARES:
        _fail(f"the locked square {state.lock} is off the board")
    stack = state.board[state.lock]
    if len(stack) != 2 or owner(stack) < state.players or SYMBOL_AT[state.lock]:
        _fail(f"the lock is on {SQUARE_NAMES[state.lock]}, which holds no loose neutral stone")


def _check_running(state: TuermeState) -> None:
    if state.ender is not None or state.end_district is not None:
        _fail("a game that goes on has no ender and no ending district")
    for d, fields in enumerate(DISTRICTS):
        tops = {state.board[s][-1:] for s in fields}
        if len(tops) == 1 and tops <= set(COLOUR_LETTERS[:state.players]):
            _fail(f"district {DISTRICT_NAMES[d]} is full of one player's pieces, so the game should be over")
    if not any(state.board[s] for s in ALLEYS):
        _fail("no stone is left on the alleys, so the game should be over")
    if not can_still_score(state.board, state.players, state.max_height):
        _fail("no player's piece can reach a symbol field any more, so the game should be over")
    if not state.bonus and not has_move(state, state.turn, state.lock):
        if not own_alley_piece(state, state.turn):
            _fail(f"player {state.turn} is stuck for good, so the game should be over")
        if not any(has_move(state, p, None) for p in range(state.players) if p != state.turn):
            _fail("nobody can move, so the game should be over")


def _check_ended(state: TuermeState) -> None:
    ender = state.ender
    if state.bonus:
        _fail("a bonus move is pending in a finished game")
    if ender is None or not 0 <= ender < state.players:
        _fail(f"a finished game needs the player who ended it, not {ender!r}")
    assert ender is not None
    if (state.end is EndReason.DISTRICT) != (state.end_district is not None):
        _fail("exactly the games ended by a district name that district")
    if state.end is EndReason.DISTRICT:
        assert state.end_district is not None
        if not 0 <= state.end_district < len(DISTRICTS):
            _fail(f"there is no district {state.end_district}")
        if any(state.board[s][-1:] != COLOUR_LETTERS[ender] for s in DISTRICTS[state.end_district]):
            _fail(f"district {DISTRICT_NAMES[state.end_district]} is not full of {COLOUR_NAMES[ender]} pieces")
    elif state.end is EndReason.ALLEYS:
        if any(state.board[s] for s in ALLEYS):
            _fail("the game ended for empty alleys, but stones are left on them")
    elif state.end is EndReason.SETTLED:
        if can_still_score(state.board, state.players, state.max_height):
            _fail("the game ended as settled, but a player's piece can still reach a symbol field")
    else:
        if state.turn != ender or has_move(state, ender, state.lock):
            _fail(f"the game ended with player {ender} unable to move, but he is not or can")
        if state.end is EndReason.STUCK and own_alley_piece(state, ender):
            _fail(f"player {ender} still has a piece on the alleys, so he is not stuck for good")
        if state.end is EndReason.BLOCKED and any(has_move(state, p, None) for p in range(state.players)
                                                  if p != ender):
            _fail("the game ended with nobody able to move, but someone can")
