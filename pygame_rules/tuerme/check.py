"""Consistency of a Spiel der Türme state read from outside (a save, a position, a diagram).

>>> from .state import build
>>> check_state(build(2, {"d4": "Ar", "a1": "Ab"}), complete=False)
>>> check_state(build(2, {"d4": "Ar", "a1": "Ab"}))
Traceback (most recent call last):
    ...
pygame_rules.errors.InvalidState: stones are not conserved: 1 red A stones instead of 5
"""

from __future__ import annotations

import re
from typing import NoReturn

from ..errors import InvalidState
from ..rng import Rng
from .data import (
    ALLEYS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    DISTRICT_NAMES,
    DISTRICTS,
    NUM_SQUARES,
    SQUARE_NAMES,
    STONES_PER_KIND,
    SYMBOL_AT,
    SYMBOLS,
    TITLE,
    quoted,
    shown,
)
from .legal import can_still_score, has_move, stuck_players
from .state import EndReason, TuermeState, height, owner

_STACK = re.compile(f"[{SYMBOLS}][{COLOUR_LETTERS}]+")


def check_state(state: TuermeState, complete: bool = True) -> None:
    """Raise InvalidState unless the stones, the stacks, the turn and the end agree.

    A ``complete`` board holds all 80 stones; a diagram (as in the rulebook's figures)
    may hold fewer, at most 5 of each colour and symbol.
    """
    if not 2 <= state.players <= 4:
        raise InvalidState(f"{TITLE} is for 2–4 players, not {shown(state.players)}")
    if not 0 <= state.turn < state.players:
        raise InvalidState(f"turn {shown(state.turn)} is not a player (0..{state.players - 1})")
    if len(state.board) != NUM_SQUARES:
        raise InvalidState(f"the board has {len(state.board)} fields instead of {NUM_SQUARES}")
    try:
        Rng(state.rng)
    except ValueError:
        raise InvalidState(f"the random state must be 16 lowercase hex digits, not {quoted(state.rng)}") from None
    _check_stacks(state, complete)
    _check_lock(state)
    if state.end is None:
        _check_running(state)
    else:
        _check_ended(state)


def _fail(message: str) -> NoReturn:
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
            _fail(f"{SQUARE_NAMES[square]}: {quoted(stack)} is not a stack (e.g. 'Arb')")
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
    """The locked square, if any, holds a loose neutral stone on the alleys."""
    if state.lock is None:
        return
    if not 0 <= state.lock < NUM_SQUARES:
        _fail(f"the locked square {shown(state.lock)} is off the board")
    stack = state.board[state.lock]
    if len(stack) != 2 or owner(stack) < state.players or SYMBOL_AT[state.lock]:
        _fail(f"the lock is on {SQUARE_NAMES[state.lock]}, which holds no loose neutral stone")


def _check_running(state: TuermeState) -> None:
    """A game that goes on has not met any end."""
    if state.ender is not None or state.end_district is not None:
        _fail("a game that goes on has no ender and no ending district")
    ending = set(COLOUR_LETTERS if state.readings.neutral_district_ends else COLOUR_LETTERS[:state.players])
    for d, fields in enumerate(DISTRICTS):
        tops = {state.board[s][-1:] for s in fields}
        if len(tops) == 1 and tops <= ending:
            _fail(f"district {DISTRICT_NAMES[d]} is full of one colour, so the game should be over")
    if not any(state.board[s] for s in ALLEYS):
        _fail("no stone is left on the alleys, so the game should be over")
    stuck = stuck_players(state.board, state.players, state.readings.early_end_own_pieces)
    if state.readings.early_end_at_once and stuck:
        _fail(f"player {stuck[0]} can never move again, so the game should be over")
    if state.turn in stuck and not state.bonus:
        _fail(f"player {state.turn} can never move again and it is his turn, so the game should be over")
    if not can_still_score(state.board, state.players, state.max_height):
        _fail("no player's piece can reach a symbol field any more, so the game should be over")
    if not state.bonus and not has_move(state, state.turn, state.lock) \
            and not any(has_move(state, p, None) for p in range(state.players) if p != state.turn):
        _fail("nobody can move, so the game should be over")


def _check_ended(state: TuermeState) -> None:
    """A finished game names who ended it, and its end really happened."""
    ender = state.ender
    if state.bonus:
        _fail("a bonus move is pending in a finished game")
    if ender is None or not 0 <= ender < state.players:
        _fail(f"a finished game needs the player who ended it, not {shown(ender)}")
    if (state.end is EndReason.DISTRICT) != (state.end_district is not None):
        _fail("exactly the games ended by a district name that district")
    if state.end is EndReason.DISTRICT:
        assert state.end_district is not None
        if not 0 <= state.end_district < len(DISTRICTS):
            _fail(f"there is no district {shown(state.end_district)}")
        tops = {state.board[s][-1:] for s in DISTRICTS[state.end_district]}
        neutral = state.readings.neutral_district_ends and len(tops) == 1 \
            and tops <= set(COLOUR_LETTERS[state.players:])
        if tops != {COLOUR_LETTERS[ender]} and not neutral:
            _fail(f"district {DISTRICT_NAMES[state.end_district]} is not full of {COLOUR_NAMES[ender]} "
                  "pieces" + (" or of one neutral colour" if state.readings.neutral_district_ends else ""))
    elif state.end is EndReason.ALLEYS:
        if any(state.board[s] for s in ALLEYS):
            _fail("the game ended for empty alleys, but stones are left on them")
    elif state.end is EndReason.SETTLED:
        if can_still_score(state.board, state.players, state.max_height):
            _fail("the game ended as settled, but a player's piece can still reach a symbol field")
    elif state.end is EndReason.STUCK:
        if ender not in stuck_players(state.board, state.players, state.readings.early_end_own_pieces):
            _fail(f"the game ended with player {ender} stuck for good, but he can still move")
        if not state.readings.early_end_at_once and state.turn != ender:
            _fail(f"player {ender} was stuck for good when his turn came, but it is player {state.turn}'s turn")
    else:
        if state.turn != ender:
            _fail(f"the game ended when nobody could move at player {ender}'s turn, but it is player "
                  f"{state.turn}'s turn")
        if any(has_move(state, p, None) for p in range(state.players)):
            _fail("the game ended with nobody able to move, but someone can")
