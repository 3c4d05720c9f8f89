"""Who must act, the legal actions and why an action is illegal: the one source of legality.

A piece moves along a row or column any distance. It passes over empty
fields (symbol fields included) and pieces whose top is its own colour; it
stops on an empty field (a symbol field only if the symbols match) or, unless
it is a neutral stone, on a piece with its own symbol if the tower stays
within the height limit. Pieces on symbol fields never move again. A player
without any move passes (``Skip``); one with a pending bonus move may decline
it (``EndTurn``).

>>> from .state import build
>>> s = build(4, {"d4": "Ar", "d6": "Br", "d8": "Ab", "d2": "Bg"})
>>> sorted(square_name(m.dst) for m in legal_moves(s, 0) if m.src == parse_square("d4"))
['a4', 'b4', 'c4', 'd3', 'd5', 'd7', 'd8', 'e4', 'f4', 'g4', 'h4', 'i4', 'j4', 'k4', 'l4', 'm4', 'n4']
>>> why_illegal(s, 0, Move(parse_square("d4"), parse_square("d1")))
'd4-d1: the path is blocked by a green stone on d2 (a piece may only pass over pieces of its own colour)'
>>> why_illegal(s, 0, Skip())
'you can still move (e.g. d4-d5); you may only pass when no move is possible'
"""

from __future__ import annotations

from collections.abc import Iterator

from ..i18n import N_, _
from .actions import EndTurn, Move, Skip, TuermeAction
from .data import (  # noqa: F401 (doctests)
    ALLEYS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    FIELDS_OF_SYMBOL,
    NUM_SQUARES,
    PIECE_WORDS,
    RAYS,
    SQUARE_NAMES,
    SYMBOL_AT,
    TITLE,
    parse_square,
    path_between,
    shown,
    square_name,
    square_text,
)
from .state import Stack, TuermeState, height, owner

SKIP = Skip()
END_TURN = EndTurn()

#: Every possible Move, made once: ``_MOVES[src * 112 + dst]`` (None off a line).
_MOVES: tuple[Move | None, ...] = tuple(
    Move(s, d) if path_between(s, d) is not None else None
    for s in range(NUM_SQUARES) for d in range(NUM_SQUARES))


def _pairs(board: tuple[Stack, ...], player: int, players: int, lock: int | None,
           max_height: int, sources: tuple[int, ...] = ALLEYS) -> Iterator[int]:
    """Every legal move of ``player`` as ``src * 112 + dst``, in board order (of the pieces
    on ``sources`` only, if given)."""
    mine, neutrals = COLOUR_LETTERS[player], COLOUR_LETTERS[players:]
    for src in sources:  # a piece on a symbol field never moves
        cell = board[src]
        if not cell:
            continue
        colour = cell[-1]
        if colour == mine:
            neutral = False
        elif colour in neutrals and src != lock:
            neutral = True
        else:
            continue
        symbol = cell[0]
        room = max_height + 2 - len(cell)  # the longest stack text it may cover
        base = src * NUM_SQUARES
        for ray in RAYS[src]:
            for dst in ray:
                there = board[dst]
                if not there:
                    field = SYMBOL_AT[dst]
                    if not field or field == symbol:
                        yield base + dst
                    continue
                if not neutral and there[0] == symbol and len(there) <= room:
                    yield base + dst
                if there[-1] != colour:
                    break


def piece_moves(state: TuermeState, src: int) -> list[Move]:
    """The moves the piece on ``src`` could make if its owner (anyone, for a neutral stone)
    were to move now, lock and turn aside; none for a piece on a symbol field.

    >>> from .state import build
    >>> s = build(2, {"d4": "Ar", "d6": "Ag", "f4": "Bb"})
    >>> sorted(square_name(m.dst) for m in piece_moves(s, parse_square("d6")))
    ['a6', 'd5', 'd7', 'd8', 'e6', 'g6', 'h6', 'j6', 'k6', 'n6']
    """
    cell = state.board[src]
    if not cell or SYMBOL_AT[src]:
        return []
    mover = min(owner(cell), state.players - 1)  # a neutral stone is anybody's to move
    moves = _MOVES
    return [moves[i] for i in _pairs(state.board, mover, state.players, None,  # type: ignore[misc]
                                     state.max_height, (src,))]


def to_move(state: TuermeState) -> tuple[int, ...]:
    """The player to move, or () once the game is over."""
    return () if state.over else (state.turn,)


def legal_actions(state: TuermeState, player: int) -> list[TuermeAction]:
    """The moves; plus ``EndTurn`` during a bonus move; only ``Skip`` if there is no move."""
    if state.over or player != state.turn:
        return []
    moves: list[TuermeAction] = list(legal_moves(state, player))
    if state.bonus:
        moves.append(END_TURN)
        return moves
    return moves or [SKIP]


def why_illegal(state: TuermeState, player: int, action: TuermeAction) -> str | None:
    """None if ``player`` may take ``action`` now, else the reason he may not."""
    if state.over:
        return _("the game is over")
    if player != state.turn:
        return _("it is not player {player}'s turn").format(player=shown(player))
    if isinstance(action, Move):
        return move_problem(state, player, action.src, action.dst)
    if isinstance(action, EndTurn):
        return None if state.bonus else _("there is no bonus move to decline")
    return _skip_problem(state, player)


def _skip_problem(state: TuermeState, player: int) -> str | None:
    if state.bonus:
        return _("you may not pass during a bonus move: make it or decline it (stop)")
    moves = legal_moves(state, player)
    if moves:
        return _("you can still move (e.g. {move}); you may only pass when no move is possible").format(
            move=move_name(moves[0]))
    return None


def legal_moves(state: TuermeState, player: int) -> list[Move]:
    """All moves ``player`` may make now (ignoring whose turn it is)."""
    moves = _MOVES
    return [moves[i] for i in _pairs(state.board, player, state.players, state.lock,  # type: ignore[misc]
                                     state.max_height)]


def has_move(state: TuermeState, player: int, lock: int | None) -> bool:
    """Whether ``player`` has any move, with ``lock`` as the locked neutral stone."""
    return next(_pairs(state.board, player, state.players, lock, state.max_height), None) is not None


def describe(stack: Stack, players: int) -> str:
    """``"a red stone"``, ``"a blue tower of 3"``, ``"a neutral green stone"``, in the active language.

    >>> describe("Abgr", 2), describe("Ap", 2)
    ('a red tower of 3', 'a neutral purple stone')
    """
    stone, tower, neutral_stone, neutral_tower = PIECE_WORDS[owner(stack)]
    if owner(stack) >= players:
        stone, tower = neutral_stone, neutral_tower
    return _(stone) if height(stack) == 1 else _(tower).format(n=height(stack))


def move_name(move: Move) -> str:
    """The squares of a move, ``d4-d5``, whatever stands there; a square off the board
    shows as its number (or ``?`` if it is no small integer).

    >>> move_name(Move(45, 59)), move_name(Move(45, 10**30))
    ('d4-d5', 'd4-?')
    """
    return f"{square_text(move.src)}-{square_text(move.dst)}"


def move_problem(state: TuermeState, player: int, src: object, dst: object) -> str | None:
    """None if ``player`` may move ``src`` → ``dst`` now (turn aside), else why not."""
    for square in (src, dst):
        if type(square) is not int or not 0 <= square < NUM_SQUARES:
            return _("{square} is not a square (squares are 0..{last})").format(
                square=square_text(square), last=NUM_SQUARES - 1)
    assert isinstance(src, int) and isinstance(dst, int)
    board, players = state.board, state.players
    name, where = f"{SQUARE_NAMES[src]}-{SQUARE_NAMES[dst]}", SQUARE_NAMES[src]
    cell = board[src]
    if not cell:
        return _("{move}: there is no piece on {square}").format(move=name, square=where)
    colour = owner(cell)
    neutral = colour >= players
    if colour != player and not neutral:
        reason = (N_("{move}: the piece on {square} is {piece}; you may only move your own pieces or "
                     "neutral stones") if players < len(COLOUR_NAMES)
                  else N_("{move}: the piece on {square} is {piece}; you may only move your own pieces"))
        return _(reason).format(move=name, square=where, piece=describe(cell, players))
    if SYMBOL_AT[src]:
        return _("{move}: the piece on {square} stands on a symbol field and may never move again").format(
            move=name, square=where)
    if neutral and src == state.lock:
        return _("{move}: the previous player just moved the neutral stone on {square}, so you may not move "
                 "it this turn").format(move=name, square=where)
    if src == dst:
        return _("{move}: a move must leave its field").format(move=name)
    path = path_between(src, dst)
    if path is None:
        return _("{move}: pieces move in a straight line along a row or a column").format(move=name)
    for square in path:
        there = board[square]
        if there and there[-1] != cell[-1]:
            return _("{move}: the path is blocked by {piece} on {square} (a piece may only pass over pieces of "
                     "its own colour)").format(move=name, piece=describe(there, players),
                                               square=SQUARE_NAMES[square])
    return _landing_problem(state, name, cell, dst)


def piece_problem(state: TuermeState, player: int, square: int) -> str | None:
    """Why ``player``, to move, can't pick the piece on ``square`` (a board square): None if it
    has a legal move. What a click on a piece that can't move is told (never about another move).

    >>> from .state import build
    >>> s = build(2, {"a1": "Dr", "a2": "Br", "a3": "Ap", "b1": "Ab", "d4": "Cr"})
    >>> print(piece_problem(s, 0, parse_square("a1")))  # doctest: +NORMALIZE_WHITESPACE
    the piece on a1 (a red stone) can't move now: along its row and column it reaches no field
    it may stop on before other colours block its way
    >>> piece_problem(s, 0, parse_square("b1"))
    'the piece on b1 is a blue stone; you may only move your own pieces or neutral stones'
    >>> piece_problem(s, 0, parse_square("e5"))
    'there is no piece on e5 to move: pick one of your stones or towers'
    >>> piece_problem(s, 0, parse_square("d4")) is None
    True
    """
    cell, where = state.board[square], SQUARE_NAMES[square]
    if not cell:
        return _("there is no piece on {square} to move: pick one of your stones or towers").format(square=where)
    colour, players = owner(cell), state.players
    if colour != player and colour < players:
        reason = (N_("the piece on {square} is {piece}; you may only move your own pieces or neutral stones")
                  if players < len(COLOUR_NAMES)
                  else N_("the piece on {square} is {piece}; you may only move your own pieces"))
        return _(reason).format(square=where, piece=describe(cell, players))
    if SYMBOL_AT[square]:
        return _("the piece on {square} stands on a symbol field and may never move again").format(square=where)
    if colour >= players and square == state.lock:
        return _("the previous player just moved the neutral stone on {square}, so you may not move it this "
                 "turn").format(square=where)
    if any(m.src == square for m in legal_moves(state, player)):
        return None
    return _("the piece on {square} ({piece}) can't move now: along its row and column it reaches no field it "
             "may stop on before other colours block its way").format(square=where, piece=describe(cell, players))


def _landing_problem(state: TuermeState, name: str, cell: Stack, dst: int) -> str | None:
    symbol, there, square = cell[0], state.board[dst], SQUARE_NAMES[dst]
    if not there:
        field = SYMBOL_AT[dst]
        if field and field != symbol:
            return _("{move}: {square} is a symbol field for {field}; only a piece with the symbol {field} may "
                     "enter it").format(
                move=name, square=square, field=field)
        return None
    if owner(cell) >= state.players:
        return _("{move}: a neutral stone may only move to an empty field, never onto another piece").format(
            move=name)
    if there[0] != symbol:
        return _("{move}: {piece} on {square} has the symbol {symbol}; a piece with the symbol {mine} may only "
                 "cover the same symbol").format(move=name, piece=describe(there, state.players), square=square,
                                  symbol=there[0], mine=symbol)
    total, limit = height(cell) + height(there), state.max_height
    if total > limit:
        reason = (N_("{move}: the tower would be {total} stones high; towers may be at most {limit} "
                     "(the {limit}-tower on {square} is safe)") if height(there) == limit
                  else N_("{move}: the tower would be {total} stones high; towers may be at most {limit}"))
        return _(reason).format(move=name, total=total, limit=limit, square=square)
    return None


def stuck_players(board: tuple[Stack, ...], players: int, own_pieces_only: bool) -> tuple[int, ...]:
    """The players who can never move again (early end 2), in seat order.

    A player is stuck for good once none of his own pieces is left on the alleys
    (they all stand on symbol fields or lie buried in other players' towers, and
    neither ever comes free again) and, unless ``own_pieces_only`` (a reading, see
    :class:`~.state.Readings`), no loose neutral stone is left there that he might
    still move. A player who merely cannot move now skips his turn instead.

    >>> from .state import build
    >>> s = build(3, {"b7": "Ar", "d4": "Ap", "k4": "Cb", "n1": "Dg"})
    >>> stuck_players(s.board, 3, False), stuck_players(s.board, 3, True)
    ((), (0,))
    """
    on_alleys = {board[square][-1:] for square in ALLEYS}
    if not own_pieces_only and not on_alleys.isdisjoint(COLOUR_LETTERS[players:]):
        return ()
    return tuple(p for p in range(players) if COLOUR_LETTERS[p] not in on_alleys)


def can_still_score(board: tuple[Stack, ...], players: int, max_height: int) -> bool:
    """Whether some player's piece on the alleys could ever move onto a symbol field.

    Pieces on the alleys only grow and symbol fields only fill up, so once no
    player's piece fits onto any field of its symbol (an empty one, or a tower
    low enough to cover), none ever will, and the score is final.
    """
    limit = max_height + 1  # compared with the stack text's length, one more than its height
    room = {}  # per symbol: the longest stack text that still fits onto one of its fields
    for symbol, fields in FIELDS_OF_SYMBOL.items():
        lowest = max(min(len(board[square]) for square in fields) - 1, 0)
        room[symbol] = limit - lowest
    player_letters = COLOUR_LETTERS[:players]
    for square in ALLEYS:
        stack = board[square]
        if stack and stack[-1] in player_letters and len(stack) <= room[stack[0]]:
            return True
    return False
