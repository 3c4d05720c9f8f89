"""What a legal action does: the move itself, bonus moves, passing the turn, the neutral lock, the end.

A move builds if it puts a piece onto a symbol field or onto another piece; every other
action (a move onto an empty alley field, a pass, declining a bonus move) adds one to the
quiet count, and the quiet end (:mod:`pygame_rules.quiet`) ends the game when the count
reaches the limit. Such an action always ends the turn, so the count is judged at once.

These functions assume the action has passed :func:`.legal.why_illegal`.

>>> from .actions import Move
>>> from .data import parse_square as sq
>>> from .state import build
>>> after = play(build(4, {"a6": "Dr", "d4": "Bb"}), 0, Move(sq("a6"), sq("b6")))
>>> after.board[sq("b6")], after.turn, after.bonus
('Dr', 0, True)
"""

from __future__ import annotations

from .. import quiet
from .actions import Move, TuermeAction
from .data import ALLEYS, BONUS_AFTER_NEUTRAL, DISTRICT_OF, DISTRICTS, SYMBOL_AT
from .legal import can_still_score, has_move, stuck_players
from .state import EndReason, Stack, TuermeState, owner


def play(state: TuermeState, player: int, action: TuermeAction) -> TuermeState:
    """The state after ``player`` takes the legal ``action``."""
    if isinstance(action, Move):
        return _move(state, player, action)
    return _pass_turn(state, state.board, None, state.quiet + 1)


def _move(state: TuermeState, player: int, move: Move) -> TuermeState:
    """The state after ``player`` makes the legal ``move``.

    The ends are tried in the rulebook's order: a district of one colour (it counts
    double), no stone left on the alleys, a player stuck for good (if that ends the
    game at once), then the engine's own "settled".
    """
    dst = move.dst
    on_field = bool(SYMBOL_AT[dst])
    count = 0 if on_field or state.board[dst] else state.quiet + 1
    board = _moved_board(state.board, move.src, dst)
    neutral = owner(board[dst]) >= state.players
    if on_field and (not neutral or state.readings.neutral_district_ends):
        district, top = DISTRICT_OF[dst], board[dst][-1]
        if all(board[s][-1:] == top for s in DISTRICTS[district]):
            return _ended(state, board, state.turn, EndReason.DISTRICT, player, count, district)
    if not any(map(board.__getitem__, ALLEYS)):
        return _ended(state, board, state.turn, EndReason.ALLEYS, player, count)
    if state.readings.early_end_at_once:
        stuck = stuck_players(board, state.players, state.readings.early_end_own_pieces)
        if stuck:
            first = min(stuck, key=lambda p: (p - state.turn) % state.players)  # the mover, then in turn order
            return _ended(state, board, state.turn, EndReason.STUCK, first, count)
    if not can_still_score(board, state.players, state.max_height):
        return _ended(state, board, state.turn, EndReason.SETTLED, player, count)
    if on_field and (BONUS_AFTER_NEUTRAL or not neutral):
        # The lock (if any) still binds this player during his bonus move.
        return TuermeState(state.players, board, state.turn, True, state.lock, None, None, None,
                           state.unlimited_height, state.rng, state.readings, state.quiet_end, count)
    return _pass_turn(state, board, dst if neutral and not on_field else None, count)


def _moved_board(board: tuple[Stack, ...], src: int, dst: int) -> tuple[Stack, ...]:
    """The board after the piece on ``src`` moves onto ``dst`` (stacking on what is there)."""
    cells = list(board)
    cells[dst] = cells[dst] + cells[src][1:] if cells[dst] else cells[src]
    cells[src] = ""
    return tuple(cells)


def _pass_turn(state: TuermeState, board: tuple[Stack, ...], lock: int | None, count: int) -> TuermeState:
    """Give the turn to the next player; ``lock`` is the neutral stone he may not move,
    ``count`` the moves since the last that built.

    The game ends if ``count`` reaches the quiet end (the mover ended it), or if the next
    player is stuck for good (early end 2, when it waits for his turn); a next player
    without any move must pass, unless nobody at all could move.
    """
    if quiet.reached(count, state.quiet_end):
        return _ended(state, board, state.turn, EndReason.QUIET, state.turn, count)
    after = (state.turn + 1) % state.players
    new = TuermeState(state.players, board, after, False, lock, None, None, None,
                      state.unlimited_height, state.rng, state.readings, state.quiet_end, count)
    own_only = state.readings.early_end_own_pieces
    can_move = has_move(new, after, lock)
    # Without the own-pieces reading a player stuck for good has no move, so only then look.
    if (own_only or not can_move) and after in stuck_players(board, state.players, own_only):
        return _ended(new, board, after, EndReason.STUCK, after, count)
    if can_move:
        return new
    if not any(has_move(new, p, None) for p in range(state.players) if p != after):
        return _ended(new, board, after, EndReason.BLOCKED, after, count)
    return new


def _ended(state: TuermeState, board: tuple[Stack, ...], turn: int, reason: EndReason, ender: int,
           count: int, district: int | None = None) -> TuermeState:
    """The finished game: nobody moves any more, so no neutral stone stays locked."""
    return TuermeState(state.players, board, turn, False, None, reason, ender, district,
                       state.unlimited_height, state.rng, state.readings, state.quiet_end, count)
