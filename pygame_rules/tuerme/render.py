"""SVG of the Spiel der Türme board.

The board is 14 × 8 fields: yellow alleys, blue symbol fields grouped into
2 × 2 districts (outlined), each symbol field marked with the outline of its
symbol (A circle, B square, C triangle, D diamond). A piece is drawn as a
stack of tokens, one per stone in the stone's colour, bottom to top, with the
symbol on the top token and the height in a badge from 2 stones up; the top
colour owns it. Neutral stones are paler with a dashed grey rim. A legend
below the board names the shapes, the fields' colours, the badge and (with
fewer than 4 players) the neutral stones.

The drawing is a ``role="group"`` whose ``<title>`` names the game and whose
``<desc>`` sums up the position. Each field is one control for screen readers
and keyboards, ``role="button"`` with an ``aria-label`` in the active language
saying what is where ("blue A tower of 3 on d4, alley field"): the piece on
it, or the field itself if it is empty (a field under a piece is hidden from
them, the piece speaks for it). Coordinates and outlines are ``aria-hidden``.

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
  tinted (class ``last-move``);
* ``last_turn`` — the moves of the last turn in order (a move and its bonus
  moves), each like ``last_move``: all their fields tinted (class ``last-move``),
  the last move's strongest, the earlier ones paler (class ``earlier``);
* ``portrait`` — True turns the grid a quarter clockwise for narrow screens:
  files a–n run down the page and ranks 1–8 across, a1 at the top left (see
  :class:`Layout`); the page asks for it where the landscape board would be shown under
  :data:`PORTRAIT_BELOW` CSS px wide. The fields, pieces and their ``data-*`` are the same.

The stones take their fills from the ``look`` (:class:`~pygame_rules.protocol.Look`,
one per colour: red, blue, green, purple), and the description names the players
with its labels.

>>> from pygame_rules.tuerme import GAME
>>> from .state import build
>>> svg = render_svg(build(4, {"d4": "Arb"}), None, GAME.look(), {"selected": "d4", "targets": [31]})
>>> 'data-square="d4" data-colour="blue" data-symbol="A" data-height="2"' in svg
True
>>> 'aria-label="blue A tower of 2 on d4, alley field; selected"' in svg
True
>>> status_text(build(4, {"a1": "Ab"}, turn=1), ["Ann", "Bob", "Cy", "Di"])
'To move: Bob'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from .. import quiet, svg
from ..i18n import N_, _, ngettext
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
    colour_name,
    parse_square,
)
from .legal import SKIP, legal_actions
from .scoring import district_points
from .state import COLOUR_INDEX, EndReason, Stack, TuermeState, height, owner

#: The highlights :func:`render_svg` draws (see the module docstring).
HIGHLIGHTS = frozenset({"selected", "targets", "last_move", "last_turn", "portrait"})
CELL = 40
#: Margins around the grid: the coordinates sit in the left and bottom ones.
LEFT, TOP, RIGHT, BOTTOM = 22, 8, 6, 22
LAYER_STEP = 2.5  # how far each stone of a tower sits above the one below
SHOWN_LAYERS = 5  # taller towers (variant) show their top 5 stones and the number
#: Text sizes in user units: drawn at 1 CSS px per unit or more (see :class:`Layout`), none is under 11 px.
LABEL_FONT, BADGE_FONT, LEGEND_FONT = 13, 11, 12
#: The backdrop under coordinates and legend, and the colour of their text (contrast 11.8:1).
BACKDROP, INK = "#fbf7ee", "#333333"
LEGEND_ROW = 24
SquareRef = int | str

#: The shapes' names, in the order of :data:`.data.SYMBOL_SHAPES`.
SHAPE_WORDS = dict(zip(SYMBOL_SHAPES, (N_("circle"), N_("square"), N_("triangle"), N_("diamond")), strict=True))
#: A piece of each colour, for the label of its field: as a stone, a tower, a neutral stone and a
#: neutral tower (``{symbol}`` its symbol letter, ``{n}`` a tower's height).
PIECE_LABELS: tuple[tuple[str, str, str, str], ...] = (
    (N_("red {symbol} stone"), N_("red {symbol} tower of {n}"), N_("neutral red {symbol} stone"),
     N_("neutral red {symbol} tower of {n}")),
    (N_("blue {symbol} stone"), N_("blue {symbol} tower of {n}"), N_("neutral blue {symbol} stone"),
     N_("neutral blue {symbol} tower of {n}")),
    (N_("green {symbol} stone"), N_("green {symbol} tower of {n}"), N_("neutral green {symbol} stone"),
     N_("neutral green {symbol} tower of {n}")),
    (N_("purple {symbol} stone"), N_("purple {symbol} tower of {n}"), N_("neutral purple {symbol} stone"),
     N_("neutral purple {symbol} tower of {n}")),
)


@dataclass(frozen=True)
class Layout:
    """Where the fields go: landscape, 14 files across like the real board, or ``portrait``,
    turned a quarter clockwise (files a–n down the page, ranks 1–8 across, a1 top left) so
    that a phone's width holds 8 fields instead of 14.

    Shown at ``width`` CSS px or more, the fields are 40 px or larger and no text is under
    11 px; a page narrower than the landscape board's width asks for the portrait one.

    >>> Layout(False).width, Layout(True).width, Layout(True).origin(parse_square("b1"))
    (588, 348, (22, 48))
    """

    portrait: bool

    @property
    def across(self) -> int:
        return ROWS if self.portrait else COLUMNS

    @property
    def down(self) -> int:
        return COLUMNS if self.portrait else ROWS

    @property
    def width(self) -> int:
        return LEFT + self.across * CELL + RIGHT

    @property
    def board_height(self) -> int:
        """The height of the grid with its margins; the legend follows below."""
        return TOP + self.down * CELL + BOTTOM

    def place(self, square: int) -> tuple[int, int]:
        """The column and row of a field in the drawing (row 0 at the top)."""
        file, rank = square % COLUMNS, square // COLUMNS
        return (rank, file) if self.portrait else (file, ROWS - 1 - rank)

    def origin(self, square: int) -> tuple[int, int]:
        """Top-left corner of a field."""
        col, row = self.place(square)
        return LEFT + col * CELL, TOP + row * CELL

    def coordinates(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The labels along the bottom (one per column) and down the left side (one per row, top first)."""
        ranks = tuple(str(r + 1) for r in range(ROWS))
        return (ranks, tuple(FILES[:COLUMNS])) if self.portrait else (tuple(FILES[:COLUMNS]), ranks[::-1])


#: Below this width of the board in CSS px the page should ask for ``portrait=True`` (the
#: landscape board's fields would be under 40 px and its text under 11 px).
PORTRAIT_BELOW = Layout(portrait=False).width


def render_svg(seen: TuermeState, viewer: int | None, look: Look, highlights: Mapping[str, Any]) -> str:
    """The board as a standalone SVG, with the ``highlights`` of the module docstring (nothing is
    hidden in this game, so ``viewer`` changes nothing)."""
    portrait = bool(highlights.get("portrait"))
    layout = Layout(portrait)
    selected: SquareRef | None = highlights.get("selected")
    targets: Iterable[SquareRef] = highlights.get("targets", ())
    last_move: Move | tuple[SquareRef, SquareRef] | None = highlights.get("last_move")
    turn = [*highlights.get("last_turn", ()), *([last_move] if last_move is not None else [])]
    #: The fields of the turn's moves: True for the last move's, False for an earlier one's.
    latest: dict[int, bool] = {}
    for k, move in enumerate(turn, 1):
        pair = (move.src, move.dst) if isinstance(move, Move) else move
        latest |= {_square(s): k == len(turn) for s in pair}
    marked_last = set(latest)
    chosen = None if selected is None else _square(selected)
    aimed = {_square(s) for s in targets}
    labels = [_label(seen, s, s == chosen, s in aimed, s in marked_last) for s in range(NUM_SQUARES)]
    legend, legend_height = _legend(seen, layout, look, viewer)
    height = layout.board_height + legend_height
    parts = [el("rect", x=0, y=0, width=layout.width, height=height, fill=BACKDROP, class_="backdrop",
                aria_hidden="true")]
    parts += [_square_group(layout, s, s == chosen, s in aimed, latest.get(s),
                            None if seen.board[s] else labels[s]) for s in range(NUM_SQUARES)]
    parts += [_district_outline(layout, fields) for fields in DISTRICTS]
    parts.append(_coordinates(layout))
    parts += [_piece(layout, seen.players, s, stack, tuple(look.fills), labels[s])
              for s, stack in enumerate(seen.board) if stack]
    parts.append(legend)
    # A seat still called by its colour is called so in the active language.
    names = [colour_name(p) if name == COLOUR_NAMES[p] else name
             for p, name in enumerate(look.names[:seen.players])]
    return svg.document(layout.width, height, _(TITLE), _description(seen, names), parts,
                        role="group", class_="tuerme-board portrait" if portrait else "tuerme-board")


def _square(ref: SquareRef) -> int:
    if isinstance(ref, str):
        return parse_square(ref)
    if not 0 <= ref < NUM_SQUARES:
        raise ValueError(_("{square} is not a square (0..{last})").format(square=repr(ref), last=NUM_SQUARES - 1))
    return ref


def field_words(square: int) -> str:
    """What kind of field ``square`` is, in words: ``alley field``, ``symbol field A (circle)``."""
    symbol = SYMBOL_AT[square]
    if not symbol:
        return _("alley field")
    shape = SHAPE_WORDS[SYMBOL_SHAPES[SYMBOLS.index(symbol)]]
    return _("symbol field {symbol} ({shape})").format(symbol=symbol, shape=_(shape))


def piece_words(state: TuermeState, stack: Stack) -> str:
    """A piece in words, without an article: ``blue A tower of 3``, ``neutral green C stone``."""
    colour = owner(stack)
    words = PIECE_LABELS[colour][2 * (colour >= state.players) + (height(stack) > 1)]
    return _(words).format(symbol=stack[0], n=height(stack))


def _label(state: TuermeState, square: int, selected: bool, target: bool, last: bool) -> str:
    """The accessible name of a field's control: what stands where, and how it is highlighted."""
    name, stack = SQUARE_NAMES[square], state.board[square]
    if stack:
        label = _("{piece} on {square}, {field}").format(piece=piece_words(state, stack), square=name,
                                                          field=field_words(square))
    else:
        label = _("{square}: {field}, empty").format(square=name, field=field_words(square))
    if selected:
        label = _("{label}; selected").format(label=label)
    if target:
        label = _("{label}; the selected piece may move here").format(label=label)
    if last:
        label = _("{label}; part of the last move").format(label=label)
    return label


def _control(label: str | None) -> dict[str, str]:
    """The attributes making a board element the control named ``label``, or hiding it (None)."""
    if label is None:
        return {"aria_hidden": "true"}
    return {"role": "button", "aria_label": label}


@lru_cache(maxsize=4096)
def _square_group(layout: Layout, square: int, selected: bool, target: bool, last: bool | None,
                  label: str | None) -> str:
    """A field; ``last``: True on a field of the last move, False on one of an earlier move
    of the same turn, None elsewhere. (Kept once drawn, as is :func:`_piece`: a board drawn again
    after a click is mostly the fields and pieces it was before, and their texts come in as
    arguments, in the language of the moment.)"""
    x, y = layout.origin(square)
    field = SYMBOL_AT[square]
    classes = ["square"] + ["symbol-field"] * bool(field) + ["selected"] * selected \
        + ["target"] * target + ["last-move"] * (last is not None) + ["earlier"] * (last is False)
    children = [el("rect", x=x, y=y, width=CELL, height=CELL, fill=PLOT_FILL if field else ALLEY_FILL,
                   stroke="#8a7a50", stroke_width=0.5)]
    if last is not None:
        children.append(el("rect", x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, fill="#f5d742",
                           fill_opacity=0.55 if last else 0.3, stroke="#d4a800", stroke_width=2 if last else 1.5,
                           stroke_dasharray=None if last else "4 3", class_="turn-mark"))
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
                 data_symbol=field or None, **_control(label))


def _district_outline(layout: Layout, fields: tuple[int, ...]) -> str:
    xs, ys = zip(*(layout.origin(s) for s in fields))
    return el("rect", x=min(xs), y=min(ys), width=max(xs) - min(xs) + CELL, height=max(ys) - min(ys) + CELL,
              fill="none", stroke=DISTRICT_STROKE, stroke_width=2.5, class_="district", pointer_events="none",
              aria_hidden="true")


def _coordinates(layout: Layout) -> str:
    """File letters and rank numbers beside the grid (every field's control names its square)."""
    style: dict[str, str | int] = {"font_family": "sans-serif", "font_size": LABEL_FONT, "fill": INK,
                                   "text_anchor": "middle", "class_": "coordinate"}
    columns, rows = layout.coordinates()
    below = TOP + layout.down * CELL + 16
    texts = [el("text", text, x=LEFT + c * CELL + CELL / 2, y=below, **style) for c, text in enumerate(columns)]
    texts += [el("text", text, x=LEFT / 2, y=TOP + r * CELL + CELL / 2 + 4, **style) for r, text in enumerate(rows)]
    return group(texts, aria_hidden="true")


def _legend(state: TuermeState, layout: Layout, look: Look, viewer: int | None) -> tuple[str, int]:
    """The key to the drawing below the board, its entries flowing into rows as wide as the
    board, and the height it takes. Each entry is a small picture and its words; text widths
    are estimated generously (0.62 em a character), so no words run past the edge. The players'
    and neutral stones' swatches are their stones' own fills; the viewer's colour says "you"."""
    keys: list[tuple[Callable[[float, float], str], str]] = [
        (partial(_shape, symbol, r=7, fill="none", stroke=DISTRICT_STROKE, stroke_width=1.5),
         _("symbol {symbol}").format(symbol=symbol)) for symbol in SYMBOLS]
    keys += [(partial(_swatch, fill=ALLEY_FILL), _("alley field")),
             (partial(_swatch, fill=PLOT_FILL), _("symbol field")),
             (partial(_badge, text="3"), _("height of a tower"))]
    names = [colour_name(p) if name == COLOUR_NAMES[p] else name for p, name in enumerate(look.names[:state.players])]
    first_seat = len(keys)  # the seats' colours start a row of their own
    keys += [(partial(_swatch, fill=look.fills[p], stroke="#1b1b1b", class_=f"seat-colour player-{p}"),
              _("{name} (you)").format(name=names[p]) if p == viewer else names[p]) for p in range(state.players)]
    if state.neutral_colours:
        keys.append((partial(_neutral_swatches, fills=[look.fills[c] for c in state.neutral_colours]),
                     _("neutral stone")))
    entries: list[str] = []
    x: float = LEFT
    row = 0
    for k, (icon, words) in enumerate(keys):
        width = 22 + len(words) * LEGEND_FONT * 0.62 + (10 * (len(state.neutral_colours) - 1)
                                                        if words == _("neutral stone") else 0)
        if x > LEFT and (x + width > layout.width - RIGHT or k == first_seat):
            x, row = LEFT, row + 1
        y = layout.board_height + row * LEGEND_ROW + LEGEND_ROW / 2
        shift = width - 22 - len(words) * LEGEND_FONT * 0.62
        entries.append(group([group([icon(x + 8, y)], aria_hidden="true"),
                              el("text", words, x=x + 20 + shift, y=y + 4, font_family="sans-serif",
                                 font_size=LEGEND_FONT, fill=INK)], class_="legend-entry"))
        x += width + 12
    return group(entries, class_="legend"), (row + 1) * LEGEND_ROW + 6


def _neutral_swatches(cx: float, cy: float, fills: Sequence[str]) -> str:
    """The neutral colours' stones as the board draws them (paler, with a dashed rim), side by side."""
    return svg.join(el("rect", x=cx - 8 + 10 * i, y=cy - 8, width=16, height=16, rx=3, fill=fill, fill_opacity=0.55,
                       stroke="#555", stroke_dasharray="3 2", class_="neutral-swatch") for i, fill in enumerate(fills))


def _swatch(cx: float, cy: float, fill: str, stroke: str = "#8a7a50", **attrs: str) -> str:
    """A small square of ``fill`` centred on (cx, cy), for the legend."""
    return el("rect", x=cx - 8, y=cy - 8, width=16, height=16, rx=3, fill=fill, stroke=stroke, **attrs)


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


def _badge(cx: float, cy: float, text: str) -> str:
    """A tower's height in a white disc (dark text on white: contrast 17:1)."""
    return svg.join([el("circle", cx=cx, cy=cy, r=8, fill="white", stroke="#1b1b1b", stroke_width=1),
                     el("text", text, x=cx, y=cy + 4, font_family="sans-serif", font_size=BADGE_FONT,
                        font_weight="bold", text_anchor="middle", fill="#1b1b1b")])


@lru_cache(maxsize=4096)
def _piece(layout: Layout, players: int, square: int, stack: Stack, fills: tuple[str, ...], label: str) -> str:
    """The piece ``stack`` on ``square`` of a game of ``players``, its stones in ``fills``."""
    x, y = layout.origin(square)
    colour, symbol = owner(stack), stack[0]
    neutral = colour >= players
    shown = stack[1:][-SHOWN_LAYERS:]
    size, base = 28, y + 10  # tokens grow upwards from the base
    # an invisible field-sized face first: the piece is as easy to tap as its field
    children = [el("rect", x=x, y=y, width=CELL, height=CELL, fill="#fff", fill_opacity=0, class_="hit")]
    for level, letter in enumerate(shown):
        stone_neutral = COLOUR_INDEX[letter] >= players
        children.append(el(
            "rect", x=x + 6, y=base - level * LAYER_STEP, width=size, height=size - 4, rx=6,
            fill=fills[COLOUR_INDEX[letter]], fill_opacity=0.55 if stone_neutral else 1,
            stroke="#555" if stone_neutral else "#1b1b1b", stroke_width=1.2,
            stroke_dasharray="3 2" if stone_neutral else None))
    top_y = base - (len(shown) - 1) * LAYER_STEP
    children.append(_shape(symbol, x + 6 + size / 2, top_y + (size - 4) / 2, 7.5, fill="white",
                           stroke="#1b1b1b", stroke_width=0.8))
    if height(stack) > 1:
        children.append(_badge(x + 32, top_y + 1, str(height(stack))))
    return group(children, class_="piece neutral" if neutral else "piece", data_square=SQUARE_NAMES[square],
                 data_colour=COLOUR_NAMES[colour], data_symbol=symbol, data_height=height(stack),
                 data_owner="neutral" if neutral else colour, **_control(label))


def _description(state: TuermeState, names: Sequence[str]) -> str:
    """A few sentences for screen readers: players, whose turn or how it ended, scores, stones on the alleys."""
    seats = ", ".join(name if name == colour_name(p) else f"{name} ({colour_name(p)})"
                      for p, name in enumerate(names))
    if state.players < len(COLOUR_NAMES):
        neutrals = ", ".join(colour_name(c) for c in state.neutral_colours)
        text = [ngettext("{count} player: {seats}; neutral: {neutrals}.",
                         "{count} players: {seats}; neutral: {neutrals}.", state.players).format(
            count=state.players, seats=seats, neutrals=neutrals)]
    else:
        text = [ngettext("{count} player: {seats}.", "{count} players: {seats}.", state.players).format(
            count=state.players, seats=seats)]
    if state.unlimited_height:
        text.append(_("Variant: towers of any height."))
    if state.end is not None:
        text.append(end_reason(state, names))
    else:
        turn = N_("{name} to move (bonus move).") if state.bonus else N_("{name} to move.")
        text.append(_(turn).format(name=names[state.turn]))
    points = district_points(state)
    text.append(_("Points on symbol fields: {points}.").format(points=", ".join(
        f"{names[p]} {sum(points[p])}" for p in range(state.players))))
    on_alleys = sum(1 for s in ALLEYS if state.board[s])
    text.append(ngettext("{count} piece on the alleys.", "{count} pieces on the alleys.", on_alleys).format(
        count=on_alleys))
    return " ".join(text)


def status_text(state: TuermeState, names: Sequence[str]) -> str:
    """The game's own status line while it goes on: whose turn, noting a bonus move or a forced
    pass, and once nobody has built for half the quiet end's moves, how many are left.

    >>> from .state import build
    >>> status_text(build(2, {"a1": "Ar", "n8": "Bb"}, quiet=25), ["Ann", "Bob"])
    'To move: Ann. Nobody has built for 25 moves: unless somebody builds within the next 15 moves, the game ends.'
    """
    if state.bonus:
        line = N_("To move: {name} (bonus move)")
    elif legal_actions(state, state.turn) == [SKIP]:
        line = N_("To move: {name} (must pass)")
    else:
        line = N_("To move: {name}")
    return quiet.with_warning(_(line).format(name=names[state.turn]), state.quiet, state.quiet_end)


#: Why a game ended, per reason (``{ender}``: the player who ended it).
_ENDINGS = {
    EndReason.DISTRICT: N_("The game ended because {ender} filled a district, which counts twice."),
    EndReason.ALLEYS: N_("The game ended because no stones were left on the alleys."),
    EndReason.STUCK: N_("The game ended because {ender} could not move any more."),
    EndReason.BLOCKED: N_("The game ended because nobody could move any more."),
    EndReason.SETTLED: N_("The game ended because no piece could reach a symbol field any more."),
}


def end_reason(state: TuermeState, names: Sequence[str]) -> str:
    """Why the game ended, as a sentence naming the players by ``names`` ("" while it goes on).

    >>> from .state import build
    >>> from pygame_rules.tuerme import GAME
    >>> s = build(2, {"a7": "Ar", "e7": "Bb"})
    >>> end_reason(GAME.apply(s, 0, Move(parse_square("a7"), parse_square("b7"))), ["Red", "Blue"])
    'The game ended because no stones were left on the alleys.'
    """
    if state.end is None:
        return ""
    if state.end is EndReason.QUIET:
        return quiet.ended(state.quiet_end)
    ender = names[state.ender or 0]
    if state.end is EndReason.DISTRICT and state.end_district is not None:
        top = owner(state.board[DISTRICTS[state.end_district][0]])
        if top >= state.players:
            return _("The game ended because {ender} filled a district with neutral {colour} stones.").format(
                ender=ender, colour=colour_name(top))
    return _(_ENDINGS[state.end]).format(ender=ender)
