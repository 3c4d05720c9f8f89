"""Component data of Spiel der Türme (Schmidt Spiele 1993) and the board geometry derived from it.

Everything about the physical game lives here, so that a corrected board or
other colours can be dropped in without touching the rules. Facts from the
rulebook are marked [SEED]; reconstructions (not attested anywhere, see
``/work/shared/rules-data.md`` section C2) are marked [REC].

Squares are numbered 0..111 like a chess board read from White's side: files
``a``–``n`` left to right, ranks ``1``–``8`` bottom to top, so ``a1`` = 0,
``b1`` = 1, ``a2`` = 14 and ``n8`` = 111.

>>> square_name(0), square_name(111), parse_square("c3")
('a1', 'n8', 30)
>>> SYMBOL_AT[parse_square("b7")], SYMBOL_AT[0], DISTRICT_NAMES[0]
('A', '', 'b6-c7')
"""

from __future__ import annotations

from ..i18n import N_, _

#: [SEED] The game (Rudi Hoffmann, Schmidt Spiele 1993); the box's German name in every language.
TITLE = N_("Spiel der Türme")
MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: [REC] The board, top row first: 8 rows of 14 fields. ``.`` is an alley
#: field, ``A``–``D`` a symbol field (building plot) of that symbol. The real
#: board's geometry is not documented anywhere; this is the only symmetric
#: 8 × 14 layout in which eight 2 × 2 districts are surrounded by alleys (with
#: a double-width street cross in the middle). Each district holds A–D
#: clockwise, rotated from district to district. Replace these strings once a
#: photo of the real board is at hand; everything else is derived from them.
BOARD_ROWS: tuple[str, ...] = (
    "..............",
    ".AB.BC..CD.DA.",
    ".DC.AD..BA.CB.",
    "..............",
    "..............",
    ".CD.DA..AB.BC.",
    ".BA.CB..DC.AD.",
    "..............",
)

ROWS = len(BOARD_ROWS)
COLUMNS = len(BOARD_ROWS[0])

#: [SEED] Letters of the four symbols. Their pictures are unknown (the rulebook
#: only says "symbol A, B, ..."); the board draws them as simple shapes.
SYMBOLS = "ABCD"
#: Shape drawn for each symbol, in the order of :data:`SYMBOLS`.
SYMBOL_SHAPES = ("circle", "square", "triangle", "diamond")

#: Stone colours in seat order: (name, letter, CSS fill). [REC] The Schmidt
#: 1993 colours are unknown; these are the Pro Ludo 2006 ones (purple, red,
#: blue, green), picked to be told apart also with common colour blindness.
#: The name is also the ``data-colour`` of a drawn piece, so it stays English
#: there; where people read it (a seat, "the colour red"), it is ``_(name)``.
COLOURS: tuple[tuple[str, str, str], ...] = (
    (N_("red"), "r", "#d62728"),
    (N_("blue"), "b", "#1f5fbf"),
    (N_("green"), "g", "#2a9d3a"),
    (N_("purple"), "p", "#8e44ad"),
)
COLOUR_NAMES = tuple(name for name, _letter, _fill in COLOURS)
COLOUR_LETTERS = "".join(letter for _name, letter, _fill in COLOURS)
COLOUR_FILLS = tuple(fill for _name, _letter, fill in COLOURS)
#: Seat colours (name, CSS fill), one per seat in order.
PLAYER_COLOURS: tuple[tuple[str, str], ...] = tuple(zip(COLOUR_NAMES, COLOUR_FILLS))

#: A piece of each colour in words, in the order of :data:`COLOURS`: as a stone, a tower,
#: a neutral stone and a neutral tower (a tower's ``{n}`` is its height, 2 or more). Whole
#: phrases, because a colour's ending differs with the noun and the language.
PIECE_WORDS: tuple[tuple[str, str, str, str], ...] = (
    (N_("a red stone"), N_("a red tower of {n}"), N_("a neutral red stone"), N_("a neutral red tower of {n}")),
    (N_("a blue stone"), N_("a blue tower of {n}"), N_("a neutral blue stone"),
     N_("a neutral blue tower of {n}")),
    (N_("a green stone"), N_("a green tower of {n}"), N_("a neutral green stone"),
     N_("a neutral green tower of {n}")),
    (N_("a purple stone"), N_("a purple tower of {n}"), N_("a neutral purple stone"),
     N_("a neutral purple tower of {n}")),
)


def colour_name(colour: int) -> str:
    """The name of colour (seat) ``colour`` in the active language: ``red``, ``rood``, ``Rot``, ``rouge``."""
    return _(COLOUR_NAMES[colour])

#: [SEED] Stones of each colour and symbol: 4 colours × 4 symbols × 5 = 80.
STONES_PER_KIND = 5
#: [SEED] Height limit of a tower in the basic game (a full tower is safe).
MAX_HEIGHT = 5

#: [REC, C4.9] A neutral stone moved onto a matching symbol field earns the
#: mover a bonus move, like any piece entering a symbol field (the literal
#: reading of the rulebook). Set to False for the stricter reading.
BONUS_AFTER_NEUTRAL = True

#: Field colours of the drawn board (Pro Ludo edition: yellow alleys, blue plots).
ALLEY_FILL = "#f1dfa4"
PLOT_FILL = "#a9c8e8"
DISTRICT_STROKE = "#3b5b80"


# ------------------------------------------------------------ board geometry
NUM_SQUARES = ROWS * COLUMNS
FILES = "abcdefghijklmnopqrstuvwxyz"[:COLUMNS]


def square_name(square: int) -> str:
    """``c3`` for square 30."""
    return f"{FILES[square % COLUMNS]}{square // COLUMNS + 1}"


def parse_square(text: str) -> int:
    """The square called ``text`` (``"c3"`` → 30); a bad name raises ValueError."""
    rank = text[1:]
    if not (rank and text[0] in FILES and len(rank) <= len(str(ROWS)) and rank.isascii()
            and rank.isdigit() and rank[0] != "0" and int(rank) <= ROWS):
        raise ValueError(_("{text} is not a square (files a–{last_file}, ranks 1–{last_rank})").format(
            text=quoted(text), last_file=FILES[-1], last_rank=ROWS))
    return (int(rank) - 1) * COLUMNS + FILES.index(text[0])


SQUARE_NAMES: tuple[str, ...] = tuple(square_name(s) for s in range(NUM_SQUARES))


# ------------------------------------------------------- values in messages
def quoted(text: str, limit: int = 24) -> str:
    """``text`` quoted for a message, cut to about ``limit`` characters (messages stay short
    whatever an input holds)."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "…"


def shown(number: object) -> str:
    """A number from outside, for a message: itself if it is a small integer, else ``?``
    (Python refuses to write integers of over 4,300 digits, and nobody wants to read one)."""
    return str(number) if type(number) is int and abs(number) < 10**6 else "?"


def square_text(square: object) -> str:
    """The name of square ``square``, or :func:`shown` for anything that is no square."""
    if type(square) is int and 0 <= square < NUM_SQUARES:
        return SQUARE_NAMES[square]
    return shown(square)


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
