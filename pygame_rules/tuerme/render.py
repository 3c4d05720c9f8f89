"""SVG of the Spiel der Türme board.

The board is 14 × 8 fields: yellow alleys, blue symbol fields grouped into
2 × 2 districts (outlined), each symbol field marked with the outline of its
symbol (A circle, B square, C triangle, D diamond). A piece is drawn as a
stack of tokens, one per stone in the stone's colour, bottom to top, with the
symbol on the top token and the height in a badge from 2 stones up; the top
colour owns it. Neutral stones are paler with a dashed grey rim.

Clickable elements (for a front end):

* every field: ``<g class="square [symbol-field]" data-square="c3">``
  (plus ``data-symbol`` on symbol fields);
* every piece: ``<g class="piece [neutral]" data-square="c3" data-colour="red"
  data-symbol="A" data-height="2" data-owner="0">`` (``data-owner`` is the
  player index, or ``neutral``).

Highlights (squares as ints 0..111 or names like ``"c3"``):

* ``selected`` — one square, outlined in orange (class ``selected``);
* ``targets`` — squares a selected piece may move to, marked with a green
  ring (class ``target``);
* ``last_move`` — ``(src, dst)`` or a :class:`~.actions.Move`, both fields
  tinted (class ``last-move``).

The stones take their fills from the ``look`` (:class:`~pygame_rules.protocol.Look`,
one per colour: red, blue, green, purple), and the description names the players
with its labels.

>>> from pygame_rules.tuerme import GAME
>>> from .state import build
>>> svg = render_svg(build(4, {"c3": "Arb"}), None, GAME.look(), selected="c3", targets=[31])
>>> 'data-square="c3" data-colour="blue" data-symbol="A" data-height="2"' in svg
True
>>> status_text(build(4, {"a1": "Ab"}, turn=1), ["Ann", "Bob", "Cy", "Di"])
'To move: Bob'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import svg
from ..protocol import Look
from ..svg import el, group
from .actions import Move
from .data import (
    ALLEY_FILL,
    ALLEYS,
    COLOUR_NAMES,
    COLUMNS,
    DISTRICT_STROKE,
    DISTRICTS,
    FILES,
    NUM_SQUARES,
    PLOT_FILL,
    ROWS,
    SQUARE_NAMES,
    SYMBOL_AT,
    SYMBOL_SHAPES,
    SYMBOLS,
    TITLE,
    parse_square,
)
from .legal import SKIP, legal_actions
from .scoring import district_points
from .state import COLOUR_INDEX, EndReason, Stack, TuermeState, height, owner

CELL = 40
LEFT, TOP, RIGHT, BOTTOM = 22, 8, 8, 22
WIDTH = LEFT + COLUMNS * CELL + RIGHT
HEIGHT = TOP + ROWS * CELL + BOTTOM
LAYER_STEP = 2.5  # how far each stone of a tower sits above the one below
SHOWN_LAYERS = 5  # taller towers (variant) show their top 5 stones and the number
SquareRef = int | str


def render_svg(state: TuermeState, viewer: int | None, look: Look, *, selected: SquareRef | None = None,
               targets: Iterable[SquareRef] = (),
               last_move: Move | tuple[SquareRef, SquareRef] | None = None) -> str:
    """The board as a standalone SVG (nothing is hidden in this game, so ``viewer`` changes nothing)."""
    marked_last = set()
    if last_move is not None:
        pair = (last_move.src, last_move.dst) if isinstance(last_move, Move) else last_move
        marked_last = {_square(s) for s in pair}
    chosen = None if selected is None else _square(selected)
    aimed = {_square(s) for s in targets}
    parts = [_square_group(s, s == chosen, s in aimed, s in marked_last) for s in range(NUM_SQUARES)]
    parts += [_district_outline(fields) for fields in DISTRICTS]
    parts += _labels()
    parts += [_piece(state, s, stack, look.fills) for s, stack in enumerate(state.board) if stack]
    return svg.document(WIDTH, HEIGHT, TITLE, describe_position(state, look.names[:state.players]), parts,
                        class_="tuerme-board")


def _square(ref: SquareRef) -> int:
    if isinstance(ref, str):
        return parse_square(ref)
    if not 0 <= ref < NUM_SQUARES:
        raise ValueError(f"{ref!r} is not a square (0..{NUM_SQUARES - 1})")
    return ref


def _origin(square: int) -> tuple[int, int]:
    """Top-left corner of a field (rank 8 at the top)."""
    return LEFT + square % COLUMNS * CELL, TOP + (ROWS - 1 - square // COLUMNS) * CELL


def _square_group(square: int, selected: bool, target: bool, last: bool) -> str:
    x, y = _origin(square)
    field = SYMBOL_AT[square]
    classes = ["square"] + ["symbol-field"] * bool(field) + ["selected"] * selected \
        + ["target"] * target + ["last-move"] * last
    children = [el("rect", x=x, y=y, width=CELL, height=CELL, fill=PLOT_FILL if field else ALLEY_FILL,
                   stroke="#8a7a50", stroke_width=0.5)]
    if last:
        children.append(el("rect", x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, fill="#f5d742",
                           fill_opacity=0.55, stroke="#d4a800", stroke_width=2))
    if field:
        children.append(_shape(field, x + CELL / 2, y + CELL / 2, 11, fill="none", stroke=DISTRICT_STROKE,
                               stroke_width=1.5, stroke_opacity=0.7))
    if selected:
        children.append(el("rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, fill="none",
                           stroke="#ff8c00", stroke_width=3.5))
    if target:
        children.append(el("circle", cx=x + CELL / 2, cy=y + CELL / 2, r=CELL / 2 - 4, fill="none",
                           stroke="#1a9e3f", stroke_width=3))
    return group(children, class_=" ".join(classes), data_square=SQUARE_NAMES[square],
                 data_symbol=field or None)


def _district_outline(fields: tuple[int, ...]) -> str:
    xs, ys = zip(*(_origin(s) for s in fields))
    return el("rect", x=min(xs), y=min(ys), width=max(xs) - min(xs) + CELL, height=max(ys) - min(ys) + CELL,
              fill="none", stroke=DISTRICT_STROKE, stroke_width=2.5, class_="district", pointer_events="none")


def _labels() -> list[str]:
    style: dict[str, str | int] = {"font_family": "sans-serif", "font_size": 12, "fill": "#444",
                                   "text_anchor": "middle", "class_": "coordinate"}
    files = [el("text", FILES[c], x=LEFT + c * CELL + CELL / 2, y=TOP + ROWS * CELL + 16, **style)
             for c in range(COLUMNS)]
    ranks = [el("text", str(r + 1), x=LEFT / 2, y=TOP + (ROWS - 1 - r) * CELL + CELL / 2 + 4, **style)
             for r in range(ROWS)]
    return files + ranks


def _shape(symbol: str, cx: float, cy: float, r: float, **attrs: str | float) -> str:
    """The symbol's shape centred on (cx, cy) with radius about ``r``."""
    kind = SYMBOL_SHAPES[SYMBOLS.index(symbol)]
    if kind == "circle":
        return el("circle", cx=cx, cy=cy, r=r * 0.9, **attrs)
    if kind == "square":
        return el("rect", x=cx - r * 0.75, y=cy - r * 0.75, width=r * 1.5, height=r * 1.5, **attrs)
    if kind == "triangle":
        points = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.7), (cx - r * 0.95, cy + r * 0.7)]
    else:
        points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    return el("polygon", points=" ".join(f"{px:.1f},{py:.1f}" for px, py in points), **attrs)


def _piece(state: TuermeState, square: int, stack: Stack, fills: Sequence[str]) -> str:
    x, y = _origin(square)
    colour, symbol = owner(stack), stack[0]
    neutral = colour >= state.players
    shown = stack[1:][-SHOWN_LAYERS:]
    size, base = 28, y + 10  # tokens grow upwards from the base
    children = []
    for level, letter in enumerate(shown):
        stone_neutral = COLOUR_INDEX[letter] >= state.players
        children.append(el(
            "rect", x=x + 6, y=base - level * LAYER_STEP, width=size, height=size - 4, rx=6,
            fill=fills[COLOUR_INDEX[letter]], fill_opacity=0.55 if stone_neutral else 1,
            stroke="#555" if stone_neutral else "#1b1b1b", stroke_width=1.2,
            stroke_dasharray="3 2" if stone_neutral else None))
    top_y = base - (len(shown) - 1) * LAYER_STEP
    children.append(_shape(symbol, x + 6 + size / 2, top_y + (size - 4) / 2, 7.5, fill="white",
                           stroke="#1b1b1b", stroke_width=0.8))
    if height(stack) > 1:
        children.append(el("circle", cx=x + 33, cy=top_y + 1, r=7, fill="white", stroke="#1b1b1b",
                           stroke_width=1))
        children.append(el("text", str(height(stack)), x=x + 33, y=top_y + 5, font_family="sans-serif",
                           font_size=10, font_weight="bold", text_anchor="middle", fill="#1b1b1b"))
    return group(children, class_="piece neutral" if neutral else "piece", data_square=SQUARE_NAMES[square],
                 data_colour=COLOUR_NAMES[colour], data_symbol=symbol, data_height=height(stack),
                 data_owner="neutral" if neutral else colour)


def describe_position(state: TuermeState, names: Sequence[str]) -> str:
    """A few sentences for screen readers: players, whose turn, scores, stones on the alleys."""
    colours = COLOUR_NAMES
    text = [f"{state.players} players: " + ", ".join(
        name if name == colour else f"{name} ({colour})" for name, colour in zip(names, colours))]
    if state.players < len(colours):
        text[0] += f"; neutral: {', '.join(colours[state.players:])}"
    if state.unlimited_height:
        text.append("Variant: towers of any height")
    if state.end is not None:
        text.append(_ending(state, state.end, names))
    else:
        text.append(f"{names[state.turn]} to move" + (" (bonus move)" if state.bonus else ""))
    points = district_points(state)
    text.append("Points on symbol fields: " + ", ".join(
        f"{names[p]} {sum(points[p])}" for p in range(state.players)))
    on_alleys = sum(1 for s in ALLEYS if state.board[s])
    text.append(f"{on_alleys} pieces on the alleys")
    return ". ".join(text) + "."


def status_text(state: TuermeState, names: Sequence[str]) -> str:
    """The game's own status line: whose turn (noting a bonus move or a forced pass), or how it ended."""
    if state.end is not None:
        return _ending(state, state.end, names)
    if state.bonus:
        return f"To move: {names[state.turn]} (bonus move)"
    forced = legal_actions(state, state.turn) == [SKIP]
    return f"To move: {names[state.turn]}" + (" (must pass)" if forced else "")


def _ending(state: TuermeState, end: EndReason, names: Sequence[str]) -> str:
    """How the game ended (``end``, the state's; ``names`` label the players)."""
    ender = names[state.ender or 0]
    if end is EndReason.DISTRICT and state.end_district is not None:
        top = owner(state.board[DISTRICTS[state.end_district][0]])
        if top >= state.players:
            return f"Game over: {ender} filled a district with neutral {COLOUR_NAMES[top]} stones"
    return {
        EndReason.DISTRICT: f"Game over: {ender} filled a district",
        EndReason.ALLEYS: "Game over: no stones are left on the alleys",
        EndReason.STUCK: f"Game over: {ender} can no longer move",
        EndReason.BLOCKED: "Game over: nobody can move",
        EndReason.SETTLED: "Game over: no piece can reach a symbol field any more",
    }[end]
