"""Board geometry derived from :mod:`.data`: square names, symbol fields, districts, rays.

Squares are numbered 0..111 like a chess board read from White's side: files
``a``–``n`` left to right, ranks ``1``–``8`` bottom to top, so ``a1`` = 0,
``b1`` = 1, ``a2`` = 14 and ``n8`` = 111.

>>> square_name(0), square_name(111), parse_square("c3")
('a1', 'n8', 30)
>>> SYMBOL_AT[parse_square("b7")], SYMBOL_AT[0], DISTRICT_NAMES[0]
('A', '', 'b6-c7')
"""

from __future__ import annotations

from .data import BOARD_ROWS, COLUMNS, ROWS, SYMBOLS

NUM_SQUARES = ROWS * COLUMNS
FILES = "abcdefghijklmnopqrstuvwxyz"[:COLUMNS]


def square_name(square: int) -> str:
    """``c3`` for square 30."""
    return f"{FILES[square % COLUMNS]}{square // COLUMNS + 1}"


def parse_square(text: str) -> int:
    """The square called ``text`` (``"c3"`` → 30); a bad name raises ValueError."""
    if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit() or text[1] == "0":
        raise ValueError(f"{text!r} is not a square (files a–{FILES[-1]}, ranks 1–{ROWS})")
    rank = int(text[1:])
    if rank > ROWS:
        raise ValueError(f"{text!r} is not a square (files a–{FILES[-1]}, ranks 1–{ROWS})")
    return (rank - 1) * COLUMNS + FILES.index(text[0])


SQUARE_NAMES: tuple[str, ...] = tuple(square_name(s) for s in range(NUM_SQUARES))


def _symbol_at(square: int) -> str:
    char = BOARD_ROWS[ROWS - 1 - square // COLUMNS][square % COLUMNS]
    return char if char in SYMBOLS else ""


#: Per square: the symbol letter of a symbol field, or "" for an alley field.
SYMBOL_AT: tuple[str, ...] = tuple(_symbol_at(s) for s in range(NUM_SQUARES))
ALLEYS: tuple[int, ...] = tuple(s for s in range(NUM_SQUARES) if not SYMBOL_AT[s])
SYMBOL_FIELDS: tuple[int, ...] = tuple(s for s in range(NUM_SQUARES) if SYMBOL_AT[s])
#: Symbol letter → the symbol fields of that symbol.
FIELDS_OF_SYMBOL: dict[str, tuple[int, ...]] = {
    symbol: tuple(s for s in SYMBOL_FIELDS if SYMBOL_AT[s] == symbol) for symbol in SYMBOLS}


def _neighbours(square: int) -> list[int]:
    row, col = divmod(square, COLUMNS)
    out = []
    for d_row, d_col in ((1, 0), (-1, 0), (0, -1), (0, 1)):
        if 0 <= row + d_row < ROWS and 0 <= col + d_col < COLUMNS:
            out.append((row + d_row) * COLUMNS + col + d_col)
    return out


def _districts() -> tuple[tuple[int, ...], ...]:
    """Connected groups of symbol fields, the top-left district first, row by row."""
    seen: set[int] = set()
    groups = []
    for start in sorted(SYMBOL_FIELDS, key=lambda s: (-(s // COLUMNS), s % COLUMNS)):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            square = todo.pop()
            group.append(square)
            for n in _neighbours(square):
                if SYMBOL_AT[n] and n not in seen:
                    seen.add(n)
                    todo.append(n)
        groups.append(tuple(sorted(group)))
    return tuple(groups)


#: The districts (building quarters), each a tuple of its symbol-field squares.
DISTRICTS: tuple[tuple[int, ...], ...] = _districts()
#: Per square: the index of its district, or -1 for an alley field.
DISTRICT_OF: tuple[int, ...] = tuple(
    next((i for i, d in enumerate(DISTRICTS) if s in d), -1) for s in range(NUM_SQUARES))
#: A district's name from its lowest and highest square, e.g. ``b6-c7``.
DISTRICT_NAMES: tuple[str, ...] = tuple(f"{square_name(d[0])}-{square_name(d[-1])}" for d in DISTRICTS)


def _ray(square: int, d_row: int, d_col: int) -> tuple[int, ...]:
    row, col = divmod(square, COLUMNS)
    out = []
    row, col = row + d_row, col + d_col
    while 0 <= row < ROWS and 0 <= col < COLUMNS:
        out.append(row * COLUMNS + col)
        row, col = row + d_row, col + d_col
    return tuple(out)


#: Per square: the four straight lines leaving it (up, down, left, right), nearest square first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(r for r in (_ray(s, 1, 0), _ray(s, -1, 0), _ray(s, 0, -1), _ray(s, 0, 1)) if r)
    for s in range(NUM_SQUARES))


def path_between(src: int, dst: int) -> tuple[int, ...] | None:
    """The squares strictly between two squares of one line, or None if they share no line.

    >>> [square_name(s) for s in path_between(parse_square("c3"), parse_square("c6"))]
    ['c4', 'c5']
    """
    for ray in RAYS[src]:
        if dst in ray:
            return ray[:ray.index(dst)]
    return None
