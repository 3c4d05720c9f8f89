"""Component data of Spiel der Türme (Rudi Hoffmann, Schmidt Spiele 1993).

Everything about the physical game lives here, so that a corrected board or
other colours can be dropped in without touching the rules. Facts from the
rulebook are marked [SEED]; reconstructions (not attested anywhere, see
``/work/shared/rules-data.md`` section C2) are marked [REC].
"""

from __future__ import annotations

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
COLOURS: tuple[tuple[str, str, str], ...] = (
    ("red", "r", "#d62728"),
    ("blue", "b", "#1f5fbf"),
    ("green", "g", "#2a9d3a"),
    ("purple", "p", "#8e44ad"),
)
COLOUR_NAMES = tuple(name for name, _, _ in COLOURS)
COLOUR_LETTERS = "".join(letter for _, letter, _ in COLOURS)
COLOUR_FILLS = tuple(fill for _, _, fill in COLOURS)

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
