"""Consistency of a Spiel der Türme state read from outside (a save, a position, a diagram).

>>> from .state import build
>>> check_state(build(2, {"d4": "Ar", "a1": "Ab"}), complete=False)
>>> check_state(build(2, {"d4": "Ar", "a1": "Ab"}))
Traceback (most recent call last):
    ...
pygame_rules.errors.InvalidState: stones are not conserved: 1 red A stone instead of 5
"""

from __future__ import annotations

import re
from typing import NoReturn

from .. import quiet
from ..errors import InvalidState
from ..i18n import N_, _, ngettext
from ..rng import Rng
from .data import (
    ALLEYS,
    COLOUR_LETTERS,
    DISTRICT_NAMES,
    DISTRICTS,
    NUM_SQUARES,
    SQUARE_NAMES,
    STONES_PER_KIND,
    SYMBOL_AT,
    SYMBOLS,
    TITLE,
    colour_name,
    quoted,
    shown,
)
from .legal import can_still_score, has_move, stuck_players
from .state import QUIET_END, EndReason, TuermeState, height, owner

_STACK = re.compile(f"[{SYMBOLS}][{COLOUR_LETTERS}]+")


def check_state(state: TuermeState, complete: bool = True) -> None:
    """Raise InvalidState unless the stones, the stacks, the turn and the end agree.

    A ``complete`` board holds all 80 stones; a diagram (as in the rulebook's figures)
    may hold fewer, at most 5 of each colour and symbol.
    """
    if not 2 <= state.players <= 4:
        raise InvalidState(_("{title} is for 2–4 players, not {players}").format(
            title=_(TITLE), players=shown(state.players)))
    if not 0 <= state.turn < state.players:
        raise InvalidState(_("turn {turn} is not a player (0..{last})").format(
            turn=shown(state.turn), last=state.players - 1))
    if len(state.board) != NUM_SQUARES:
        raise InvalidState(ngettext("the board has {count} field instead of {expected}",
                                    "the board has {count} fields instead of {expected}",
                                    len(state.board)).format(count=len(state.board), expected=NUM_SQUARES))
    try:
        Rng(state.rng)
    except ValueError:
        raise InvalidState(_("the random state must be 16 lowercase hex digits, not {text}").format(
            text=quoted(state.rng))) from None
    _check_stacks(state, complete)
    _check_lock(state)
    _check_quiet(state)
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
        name = SQUARE_NAMES[square]
        if _STACK.fullmatch(stack) is None:
            _fail(_("{square}: {text} is not a stack (e.g. 'Arb')").format(square=name, text=quoted(stack)))
        if SYMBOL_AT[square] and SYMBOL_AT[square] != stack[0]:
            _fail(_("{square} is a symbol field for {field} but holds {symbol} stones").format(
                square=name, field=SYMBOL_AT[square], symbol=stack[0]))
        if len(stack) > 2:
            if height(stack) > state.max_height:
                _fail(_("the tower on {square} is {height} high (at most {limit})").format(
                    square=name, height=height(stack), limit=state.max_height))
            if stack[-1] in neutrals:
                _fail(_("a neutral stone lies on top of the tower on {square} (neutral stones never cover)").format(
                    square=name))
        by_symbol[stack[0]].append(stack)
    for symbol, stacks in by_symbol.items():
        letters = "".join(stacks)
        for colour, letter in enumerate(COLOUR_LETTERS):
            count = letters.count(letter)
            if count > STONES_PER_KIND or (complete and count != STONES_PER_KIND):
                _fail(ngettext("stones are not conserved: {count} {colour} {symbol} stone instead of {expected}",
                               "stones are not conserved: {count} {colour} {symbol} stones instead of {expected}",
                               count).format(count=count, colour=colour_name(colour), symbol=symbol,
                                             expected=STONES_PER_KIND))


def _check_lock(state: TuermeState) -> None:
    """The locked square, if any, holds a loose neutral stone on the alleys."""
    if state.lock is None:
        return
    if not 0 <= state.lock < NUM_SQUARES:
        _fail(_("the locked square {square} is off the board").format(square=shown(state.lock)))
    stack = state.board[state.lock]
    if len(stack) != 2 or owner(stack) < state.players or SYMBOL_AT[state.lock]:
        _fail(_("the lock is on {square}, which holds no loose neutral stone").format(
            square=SQUARE_NAMES[state.lock]))


def _check_quiet(state: TuermeState) -> None:
    """The quiet end and its count (:func:`pygame_rules.quiet.problem`; a move without building
    always ends the turn, so a game that goes on has not reached it), and a count of 0 during
    a bonus move, which only a move that built can earn."""
    problem = quiet.problem(state.quiet, state.quiet_end, QUIET_END, state.end is None)
    if problem:
        _fail(problem)
    if state.bonus and state.quiet:
        _fail(_("a bonus move is pending, so the last move built and the count of moves without building "
                "must be 0"))


def _check_running(state: TuermeState) -> None:
    """A game that goes on has not met any end."""
    if state.ender is not None or state.end_district is not None:
        _fail(_("a game that goes on has no ender and no ending district"))
    ending = set(COLOUR_LETTERS if state.readings.neutral_district_ends else COLOUR_LETTERS[:state.players])
    for d, fields in enumerate(DISTRICTS):
        tops = {state.board[s][-1:] for s in fields}
        if len(tops) == 1 and tops <= ending:
            _fail(_("district {district} is full of one colour, so the game should be over").format(
                district=DISTRICT_NAMES[d]))
    if not any(state.board[s] for s in ALLEYS):
        _fail(_("no stone is left on the alleys, so the game should be over"))
    stuck = stuck_players(state.board, state.players, state.readings.early_end_own_pieces)
    if state.readings.early_end_at_once and stuck:
        _fail(_("player {player} can never move again, so the game should be over").format(player=stuck[0]))
    if state.turn in stuck and not state.bonus:
        _fail(_("player {player} can never move again and it is his turn, so the game should be over").format(
            player=state.turn))
    if not can_still_score(state.board, state.players, state.max_height):
        _fail(_("no player's piece can reach a symbol field any more, so the game should be over"))
    if not state.bonus and not has_move(state, state.turn, state.lock) \
            and not any(has_move(state, p, None) for p in range(state.players) if p != state.turn):
        _fail(_("nobody can move, so the game should be over"))


def _check_ended(state: TuermeState) -> None:
    """A finished game names who ended it, and its end really happened."""
    ender = state.ender
    if state.bonus:
        _fail(_("a bonus move is pending in a finished game"))
    if ender is None or not 0 <= ender < state.players:
        _fail(_("a finished game needs the player who ended it, not {player}").format(player=shown(ender)))
    if (state.end is EndReason.DISTRICT) != (state.end_district is not None):
        _fail(_("exactly the games ended by a district name that district"))
    if state.end is EndReason.DISTRICT:
        assert state.end_district is not None
        if not 0 <= state.end_district < len(DISTRICTS):
            _fail(_("there is no district {district}").format(district=shown(state.end_district)))
        tops = {state.board[s][-1:] for s in DISTRICTS[state.end_district]}
        neutral = state.readings.neutral_district_ends and len(tops) == 1 \
            and tops <= set(COLOUR_LETTERS[state.players:])
        if tops != {COLOUR_LETTERS[ender]} and not neutral:
            reason = (N_("district {district} is not full of {colour} pieces or of one neutral colour")
                      if state.readings.neutral_district_ends
                      else N_("district {district} is not full of {colour} pieces"))
            _fail(_(reason).format(district=DISTRICT_NAMES[state.end_district], colour=colour_name(ender)))
    elif state.end is EndReason.ALLEYS:
        if any(state.board[s] for s in ALLEYS):
            _fail(_("the game ended for empty alleys, but stones are left on them"))
    elif state.end is EndReason.SETTLED:
        if can_still_score(state.board, state.players, state.max_height):
            _fail(_("the game ended as settled, but a player's piece can still reach a symbol field"))
    elif state.end is EndReason.QUIET:
        if not quiet.reached(state.quiet, state.quiet_end):
            _fail(_("the game ended as quiet, but only {count} moves were made without building").format(
                count=shown(state.quiet)))
        if state.turn != ender:
            _fail(_("player {ender} ended the game with a move without building, but it is player {turn}'s "
                    "turn").format(ender=ender, turn=state.turn))
    elif state.end is EndReason.STUCK:
        if ender not in stuck_players(state.board, state.players, state.readings.early_end_own_pieces):
            _fail(_("the game ended with player {player} stuck for good, but he can still move").format(
                player=ender))
        if not state.readings.early_end_at_once and state.turn != ender:
            _fail(_("player {ender} was stuck for good when his turn came, but it is player {turn}'s turn").format(
                ender=ender, turn=state.turn))
    else:
        if state.turn != ender:
            _fail(_("the game ended when nobody could move at player {ender}'s turn, but it is player {turn}'s "
                    "turn").format(ender=ender, turn=state.turn))
        if any(has_move(state, p, None) for p in range(state.players)):
            _fail(_("the game ended with nobody able to move, but someone can"))
