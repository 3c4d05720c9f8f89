"""What people see of a Babel position: the SVG as one viewer may see it, and the status line.

Clickable things carry data attributes for the web front end:

* wonders: ``data-wonder="w"``; tile spaces: ``data-wonder`` + ``data-tile="s"`` (0-based),
  with ``data-taken="1"`` once handed out;
* the viewer's hand: one card per kind with ``data-card="camel"`` (…) and ``data-count``;
  his exchange card ``data-card="exchange"``; his action cards ``data-action-card="joker"`` (…);
* offers: ``data-offer-player="p"`` (with ``data-sealed="1"`` while face down);
* player panels: ``data-player="p"``.

Everything that may be clicked (free tiles, hand cards, offers) is a ``role="button"`` with
an ``aria-label`` saying what and where it is; the root is a ``role="group"`` named by its
``<title>``, its ``<desc>`` the position in words; pure decoration is ``aria-hidden``.

Highlights (keyword arguments of :func:`render_svg`): ``wonder`` (int) and ``tile``
((wonder, slot)) mark a selection on the board; ``cards`` (counts per kind) marks cards
selected in the viewer's hand (e.g. an offer being composed); ``offers`` (player indices)
marks offers selected for acceptance. The last turn: ``built`` ((wonder, slot)) rings the
tile asked for, ``helpers`` and ``turned_down`` (player indices) frame the panels of the
players whose offers were accepted (✓, green) or turned down (✗, red); these marks have the
class ``turn-mark``. ``portrait=True`` draws the same board for a narrow
screen: two wonders a row, the hand, the players and the tables below them (the page
asks for it where the landscape board would be shown under :data:`PORTRAIT_BELOW` px).

Sizes: no text is smaller than :data:`SMALL` user units and every label is wrapped to
its box by :func:`~pygame_rules.svg.text_width`, so the portrait board (:data:`PORTRAIT_WIDTH` wide) shows
text of at least 11 CSS px on a 390 px phone and tap targets of over 40 px.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import quiet, svg
from ..i18n import N_, _, ngettext
from ..protocol import Look, name_list, turn_line
from ..svg import ink, wrap
from .data import (
    FINAL_ROW,
    KINDS,
    OTHER_PLACE_POINTS,
    SCORING_ROWS,
    SET_BONUS,
    TITLE,
    WONDERS,
    ActionCard,
    Counts,
    counts_words,
    kind_name,
    tile_kinds,
)
from .legal import to_move
from .scoring import totals
from .state import BabelState, Phase

#: The highlights :func:`render_svg` draws (see the module docstring).
HIGHLIGHTS = frozenset({"wonder", "tile", "cards", "offers", "built", "helpers", "turned_down", "portrait"})
KIND_FILL = ("#c9a063", "#a3a3a3", "#b48fcb", "#ecebe4")  # camel, crane, ship, stonemason
#: A won tile in a player's panel, per kind: ``5c`` (English: the position notation's letters).
TILE_CODES = (N_("{n}c"), N_("{n}k"), N_("{n}s"), N_("{n}m"))
#: A kind's name under a tile, short enough for the space between two tiles.
TILE_KIND_WORDS = (N_("camel"), N_("crane"), N_("ship"), N_("mason"))

#: Text sizes in user units: the smallest, and headings.
SMALL, HEAD = 17, 19
LINE = 22  # the distance between two lines of SMALL text
INK, PAPER, BOARD = "#000", "#f7f1e3", "#fbf8f1"
#: The last turn's marks: the tile asked for, offers accepted and turned down (3:1 and
#: more on white).
TURN_STROKE, HELPED, TURNED_DOWN = "#b07d00", "#1a7f37", "#b3261e"
MUTED = "#4d4d4d"  # secondary text: 7:1 and more on every light fill used here
#: One wonder's card and its three tiles.
CARD_W, CARD_H, GAP = 244, 232, 10
TILE_R, TILE_STEP = 32, 82
PANEL_W = 2 * CARD_W + GAP
#: The landscape board: the wonders, with the players and the scoring table below them; the hand
#: and the legend in a column of :data:`SIDE_W` at the right.
SIDE_W = 250
LANDSCAPE_WIDTH = GAP + 4 * (CARD_W + GAP) + SIDE_W + GAP
PORTRAIT_WIDTH = GAP + 2 * (CARD_W + GAP)
#: The landscape board's least height: its shape is the desktop page's board panel's (about
#: 910 × 702 CSS px at 1280 × 900), so the board fills the panel and its text shows at 12 px.
LANDSCAPE_HEIGHT = round(LANDSCAPE_WIDTH * 702 / 910)
#: Below this width of the board in CSS px the page should ask for ``portrait=True``
#: (the landscape board would show its smallest text under 11 px).
PORTRAIT_BELOW = -(-11 * LANDSCAPE_WIDTH // SMALL)
#: Heights of what is tapped: hand cards, offers (at least 40 CSS px on a phone).
TAP_H = 60
#: A row of the scoring table.
ROW_H = 27
# Scoped to this board's root class, so an SVG inlined into a page styles nothing else.
STYLE = """
svg.babel [data-tile]:not([data-taken]),svg.babel [data-card],svg.babel [data-offer-player]{cursor:pointer}
svg.babel text{font-family:Arial,"Liberation Sans",Helvetica,Roboto,sans-serif}
"""  # i18n: internal (CSS)


def render_svg(seen: BabelState, viewer: int | None, look: Look, highlights: Mapping[str, Any]) -> str:
    """SVG of ``seen``, a state already masked for ``viewer`` (None: a spectator), with the
    seats filled and labelled as ``look`` says and the ``highlights`` of the module docstring."""
    portrait = bool(highlights.get("portrait"))
    cols = 2 if portrait else 4
    width = PORTRAIT_WIDTH if portrait else LANDSCAPE_WIDTH
    parts = [svg.el("style", STYLE)]
    for w in range(len(WONDERS)):
        x, y = GAP + (w % cols) * (CARD_W + GAP), GAP + (w // cols) * (CARD_H + GAP)
        parts.append(_wonder(seen, w, x, y, highlights, look))
    top = GAP + (len(WONDERS) // cols) * (CARD_H + GAP)
    hand = [_hand(seen, viewer, highlights)] if viewer is not None else []
    players = [_player(seen, p, viewer, highlights, look) for p in range(seen.num_players)]
    legend = _legend(seen, viewer, look)
    if portrait:
        columns = [_stack([*hand, *players, _scoring_table(seen), legend], GAP, top, PANEL_W)]
        least = 0.0
    else:  # the players below the wonders, the hand, legend and scoring table at the right; what
        # does not fit there goes below the players (the table first)
        wide = 4 * (CARD_W + GAP) - GAP
        right = GAP + wide + GAP
        table = _scoring_table(seen)
        layouts = []
        for side_makers, flow_makers, under in (([*hand, legend, table], [], []), ([*hand, legend], [table], []),
                                                (hand, [table], [legend])):
            flow = _flow([*players, *flow_makers], top, wide)
            layouts.append([*flow, _stack(side_makers, right, GAP, SIDE_W),
                            _stack(under, GAP, max(f.bottom for f in flow), wide)])
            if max(c.bottom for c in layouts[-1]) <= LANDSCAPE_HEIGHT:
                break
        columns = min(layouts, key=lambda c: max(b.bottom for b in c))
        least = LANDSCAPE_HEIGHT
    height = max(least, max(c.bottom for c in columns))
    background = svg.el("rect", x=0, y=0, width=width, height=height, fill=BOARD, class_="backdrop",
                        aria_hidden="true")
    parts[1:1] = [background]
    parts += [c.markup for c in columns]
    title = f"{TITLE} — {status_text(seen, look.names)}"
    return svg.el("svg", svg.el("title", title), svg.el("desc", _description(seen, viewer, look)), *parts,
                  xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width:g} {height:g}", role="group",
                  class_="babel portrait" if portrait else "babel")


def status_text(state: BabelState, names: Sequence[str]) -> str:
    """A short line for the UI: whose turn it is (and, from half the quiet end's moves
    without building on, how many are left), or who won (``names``: a label per player).

    >>> from pygame_rules.babel import GAME
    >>> status_text(GAME.new_game(3, seed=1), ["Ann", "Bob", "Cid"])
    'To move: Ann'
    """
    if state.phase is not Phase.OVER:
        return quiet.with_warning(turn_line(names, to_move(state)), state.quiet, state.quiet_end)
    scores = totals(state)
    won = [names[p] for p, score in enumerate(scores) if score == max(scores)]
    return ngettext("{players} wins", "{players} win", len(won)).format(players=name_list(won))


#: Why the game ended, by the kind whose last tile was built.
_LAST_TILE = (N_("The game ended when {player} built the last camel tile."),
              N_("The game ended when {player} built the last crane tile."),
              N_("The game ended when {player} built the last ship tile."),
              N_("The game ended when {player} built the last stonemason tile."))


def end_reason(state: BabelState, names: Sequence[str]) -> str:
    """Why the game ended, in a sentence: the active player built the last tile of a kind
    (the build that ends the game leaves him the active player), or nobody built for as
    many moves as the quiet end allows; "" before the end.

    >>> from pygame_rules.examples import example
    >>> end_reason(example("babel", "final-scoring").states()[-1], ["Red", "Yellow", "Green", "Blue"])
    'The game ended when Red built the last camel tile.'
    """
    if state.phase is not Phase.OVER:
        return ""
    left = [t for wonder in state.wonders for t in wonder.slots if t is not None]
    gone = [k for k in range(len(KINDS)) if not any(t[k] for t in left)]
    if not gone:
        return quiet.ended(state.quiet_end)
    player = names[state.active]
    if len(gone) == 1:
        return _(_LAST_TILE[gone[0]]).format(player=player)
    return _("The game ended when {player} built the last tile of {kinds}.").format(
        player=player, kinds=name_list([kind_name(k) for k in gone]))


def _description(state: BabelState, viewer: int | None, look: Look) -> str:
    scores = totals(state)
    lines = []
    for p, pl in enumerate(state.players):
        cards = _cards(pl.hand_size)
        if any(pl.shown):
            cards = _("{cards} (known: {known})").format(cards=cards, known=counts_words(pl.shown))
        lines.append(_("{player}: {points}, {cards}, {tiles}").format(
            player=look.names[p], points=_points(scores[p]), cards=cards, tiles=_tiles(len(pl.tiles))))
    built = state.tile
    if built is not None and state.target is not None:
        lines.append(_("{player} builds {wonder} ({cards})").format(
            player=look.names[state.active], wonder=_(WONDERS[state.target.wonder]),
            cards=counts_words(built)))
    if viewer is not None:
        lines.append(_("your hand: {cards}").format(cards=counts_words(state.players[viewer].hand)))
    text = "; ".join(lines)
    reason = end_reason(state, look.names)
    return f"{text}. {reason}" if reason else text


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


# ------------------------------------------------------------------ text that fits
def _lines(text: str, x: float, y: float, width: float, size: int = SMALL, *, bold: bool = False,
           middle: bool = False, **attrs: Any) -> tuple[list[str], float]:
    """``text`` wrapped to ``width`` as one ``<text>`` per line, the first baseline at ``y``;
    with the y below the last line."""
    out = [svg.el("text", line, x=x, y=y + i * LINE * size / SMALL, font_size=size,
                  font_weight="bold" if bold else None, text_anchor="middle" if middle else None, **attrs)
           for i, line in enumerate(wrap(text, width, size, bold))]
    return out, y + len(out) * LINE * size / SMALL


@dataclass(frozen=True)
class _Block:
    """Drawn markup and the y where the space below it starts."""

    markup: str
    bottom: float


def _flow(makers: Sequence[Any], y: float, width: float) -> list[_Block]:
    """Blocks in three columns of ``width`` from the left margin down from ``y``, each into the
    column that ends highest."""
    narrow = (width - 2 * GAP) / 3
    flow = [_Block("", y) for _ in range(3)]
    for make in makers:
        k = min(range(3), key=lambda i: flow[i].bottom)
        block = _stack([make], GAP + k * (narrow + GAP), flow[k].bottom, narrow)
        flow[k] = _Block(svg.join([flow[k].markup, block.markup]), block.bottom)
    return flow


def _stack(makers: Sequence[Any], x: float, y: float, width: float) -> _Block:
    """Blocks drawn one below the other from ``y``: each maker is called with (x, y, width)
    and returns its :class:`_Block`."""
    parts = []
    for make in makers:
        block = make(x, y, width)
        parts.append(block.markup)
        y = block.bottom + GAP
    return _Block(svg.join(parts), y)


# ------------------------------------------------------------------ the wonders
#: A faint picture of each wonder (in :data:`~.data.WONDERS`' order) behind its card's lower half:
#: our own silhouettes, not the box's art, so a card is known at a glance as the box's cards are.
#: Shapes in a 200 × 100 box standing on its bottom edge: ``("poly", x1, y1, x2, y2, …)``,
#: ``("rect", x, y, width, height)`` and ``("circle", cx, cy, r)``.
WONDER_PICTURES: tuple[tuple[tuple[Any, ...], ...], ...] = (
    (("poly", 15, 100, 80, 28, 145, 100), ("poly", 100, 100, 142, 52, 184, 100),  # Giza
     ("poly", 150, 100, 172, 74, 194, 100)),
    (("rect", 50, 88, 32, 12), ("rect", 118, 88, 32, 12),  # Rhodes: astride the harbour, torch raised
     ("poly", 62, 88, 94, 46, 106, 46, 138, 88, 128, 88, 100, 58, 72, 88), ("rect", 92, 20, 16, 28),
     ("circle", 100, 13, 7), ("rect", 108, 2, 5, 22), ("circle", 110.5, 2, 4)),
    (("rect", 55, 90, 90, 10), ("rect", 70, 30, 60, 60), ("rect", 64, 22, 8, 68), ("rect", 128, 22, 8, 68),  # Zeus
     ("circle", 100, 22, 9), ("poly", 86, 32, 114, 32, 118, 62, 82, 62)),
    (("rect", 20, 80, 160, 20), ("rect", 40, 60, 120, 20), ("rect", 60, 40, 80, 20),  # the Hanging Gardens
     ("rect", 80, 24, 40, 16),
     ("circle", 30, 76, 7), ("circle", 170, 76, 7), ("circle", 50, 56, 7), ("circle", 150, 56, 7),
     ("circle", 70, 36, 6), ("circle", 130, 36, 6)),
    (("rect", 40, 72, 120, 28), ("rect", 48, 46, 8, 26), ("rect", 68, 46, 8, 26), ("rect", 88, 46, 8, 26),  # Mausoleum
     ("rect", 104, 46, 8, 26), ("rect", 124, 46, 8, 26), ("rect", 144, 46, 8, 26),
     ("poly", 40, 46, 100, 16, 160, 46), ("rect", 94, 4, 12, 14)),
    (("rect", 66, 62, 68, 38), ("rect", 78, 32, 44, 30), ("rect", 88, 14, 24, 18), ("circle", 100, 7, 7)),  # Pharos
    (("rect", 26, 90, 148, 10), ("rect", 36, 46, 8, 44), ("rect", 54, 46, 8, 44), ("rect", 72, 46, 8, 44),  # Artemis
     ("rect", 90, 46, 8, 44), ("rect", 108, 46, 8, 44), ("rect", 126, 46, 8, 44), ("rect", 144, 46, 8, 44),
     ("rect", 156, 46, 8, 44), ("rect", 30, 38, 140, 8), ("poly", 30, 38, 100, 14, 170, 38)),
    (("poly", 28, 100, 40, 80, 160, 80, 172, 100), ("poly", 48, 80, 58, 60, 142, 60, 152, 80),  # Babel
     ("poly", 66, 60, 74, 42, 126, 42, 134, 60), ("poly", 82, 42, 88, 26, 112, 26, 118, 42),
     ("rect", 94, 10, 12, 16)),
)
PICTURE_FILL = "#8a7a5a"
#: The pictures' size on a card: between the tiles' words and the building elements.
PICTURE_SCALE = 0.55


def _picture(w: int, cx: float, base: float) -> str:
    """Wonder ``w``'s picture at :data:`PICTURE_SCALE`, centred on ``cx`` and standing on ``base``:
    decoration, hidden from assistive technology (the card's name says which wonder it is)."""
    k, x, y = PICTURE_SCALE, cx - 100 * PICTURE_SCALE, base - 100 * PICTURE_SCALE
    shapes = []
    for kind, *v in WONDER_PICTURES[w]:
        if kind == "poly":
            points = " ".join(f"{x + k * a:g},{y + k * b:g}" for a, b in zip(v[::2], v[1::2], strict=True))
            shapes.append(svg.el("polygon", points=points))
        elif kind == "rect":
            shapes.append(svg.el("rect", x=f"{x + k * v[0]:g}", y=f"{y + k * v[1]:g}", width=f"{k * v[2]:g}",
                                 height=f"{k * v[3]:g}"))
        else:
            shapes.append(svg.el("circle", cx=f"{x + k * v[0]:g}", cy=f"{y + k * v[1]:g}", r=f"{k * v[2]:g}"))
    return svg.group(shapes, class_="picture", fill=PICTURE_FILL, fill_opacity=0.35, aria_hidden="true")


def _wonder(state: BabelState, w: int, x: int, y: int, hl: Mapping[str, Any], look: Look) -> str:
    wonder = state.wonders[w]
    selected = hl.get("wonder") == w
    name = _(WONDERS[w])
    items = [svg.el("rect", class_="frame" + (" selected" if selected else ""), x=x, y=y, width=CARD_W,
                    height=CARD_H, rx=8, fill="#e6e0d0" if wonder.complete else PAPER,
                    stroke="#000" if selected else "#8a7a5a", stroke_width=3 if selected else 1,
                    aria_hidden="true"),
             _picture(w, x + CARD_W / 2, y + CARD_H - 40)]
    head, _bottom = _lines(name, x + 10, y + 24, CARD_W - 20, HEAD, bold=True)
    items += head
    label = name
    if wonder.scored_row is not None:
        first, second = SCORING_ROWS[wonder.scored_row]
        scored = _("completed, scored {first}/{second}").format(first=first, second=second)
        label = _("{wonder}: {state}").format(wonder=name, state=scored)
        items += _lines(scored, x + CARD_W / 2, y + 96, CARD_W - 20, middle=True)[0]
    else:
        for s, tile in enumerate(wonder.slots):
            building = state.target is not None and (state.target.wonder, state.target.slot) == (w, s)
            items.append(_tile(tile, x + 40 + s * TILE_STEP, y + 86, w, s, building or hl.get("tile") == (w, s)))
            if hl.get("built") == (w, s):
                items.append(svg.el("circle", cx=x + 40 + s * TILE_STEP, cy=y + 86, r=TILE_R + 5, fill="none",
                                    stroke=TURN_STROKE, stroke_width=4, class_="turn-mark", aria_hidden="true"))
    if hl.get("built", (None,))[0] == w and wonder.scored_row is not None:  # the build completed it
        items.append(svg.el("rect", x=x - 3, y=y - 3, width=CARD_W + 6, height=CARD_H + 6, rx=10, fill="none",
                            stroke=TURN_STROKE, stroke_width=4, class_="turn-mark", aria_hidden="true"))
    items.append(_elements(wonder.elements, x + 8, y + CARD_H - 36, look))
    return svg.group(items, class_="wonder" + (" completed" if wonder.complete else ""), data_wonder=w,
                     role="group", aria_label=label)


def _tile(tile: Counts | None, cx: int, cy: int, w: int, s: int, selected: bool) -> str:
    where = {"wonder": _(WONDERS[w]), "space": s + 1}
    if tile is None:
        body = [svg.el("circle", cx=cx, cy=cy, r=TILE_R, fill="none", stroke="#8a7a5a", stroke_dasharray="4 4")]
        return svg.group(body, class_="tile taken", data_wonder=w, data_tile=s, data_taken=1, role="img",
                         aria_label=_("{wonder}, space {space}: tile handed out").format(**where))
    kinds = tile_kinds(tile)
    ring = {"stroke": "#000" if selected else "#5a4a3a", "stroke_width": 4 if selected else 1}
    body = [svg.el("circle", cx=cx, cy=cy, r=TILE_R, fill=KIND_FILL[kinds[-1]], **ring,
                   class_="selected" if selected else None)]
    one = len(kinds) == 1
    if not one:  # the first kind on the upper half, the second on the lower
        body.append(svg.el("path", d=f"M{cx - TILE_R} {cy} A{TILE_R} {TILE_R} 0 0 1 {cx + TILE_R} {cy} Z",
                           fill=KIND_FILL[kinds[0]], **ring))
    shown = []  # per kind its number on the tile, then its word below: the name starts with them (WCAG 2.5.3)
    for i, k in enumerate(kinds):
        word = _(TILE_KIND_WORDS[k])
        body += [svg.el("text", str(tile[k]), x=cx, y=cy + 10 if one else cy - 8 + 30 * i,
                        font_size=30 if one else 22, font_weight="bold", text_anchor="middle"),
                 svg.el("text", word, x=cx, y=cy + TILE_R + 20 + i * LINE, font_size=SMALL, text_anchor="middle")]
        shown.append(f"{tile[k]} {word}")
    label = _("{tile}: {wonder}, space {space}").format(tile=" + ".join(shown), **where)
    return svg.group(svg.spaced(body), class_="tile" + (" selected" if selected else ""), data_wonder=w, data_tile=s,
                     role="button", aria_label=label)


def _elements(elements: tuple[int, ...], x: int, y: int, look: Look) -> str:
    """The building elements each player has on a wonder, as the pieces stand there: a stack
    of large (3) and small (1) elements in the player's colour above a box with their value."""
    out = []
    for p, value in enumerate(elements):
        bx = x + p * 46
        fill = look.fills[p] if value else "#fff"
        label = ngettext("{player}: {n} building element", "{player}: {n} building elements", value).format(
            player=look.names[p], n=value)
        out.append(svg.group([
            *_element_stack(value, bx + 21, y - 3, fill),
            svg.el("rect", x=bx, y=y, width=42, height=28, rx=4, fill=fill, stroke=look.fills[p], stroke_width=2,
                   class_=f"seat-colour player-{p}"),
            svg.el("text", str(value), x=bx + 21, y=y + 21, font_size=SMALL + 2, text_anchor="middle",
                   fill=ink(fill))], class_=f"elements player-{p}", data_player=p, role="img", aria_label=label))
    return svg.join(out)


def _element_stack(value: int, cx: float, base: float, fill: str) -> list[str]:
    """A player's elements stacked up from ``base``: the large ones (worth 3) below, the small
    ones above; at most three layers (the value below says how many in all)."""
    large, small = divmod(value, 3)
    layers = [("large", 30, 12)] * large + [("small", 16, 9)] * small
    out, top = [], base
    for kind, w, h in layers[:3]:
        top -= h + 2
        out.append(svg.el("rect", x=cx - w / 2, y=top, width=w, height=h, fill=fill, stroke="#1b1b1b",
                          stroke_width=1, class_=f"element {kind}", aria_hidden="true"))
    return out


# ------------------------------------------------------------------ tables
def _scoring_table(state: BabelState) -> Any:
    def draw(x: float, y: float, width: float) -> _Block:
        items, ry = _lines(_("Scoring: 1st / 2nd / other"), x, y + 18, width, HEAD, bold=True)
        over = state.phase is Phase.OVER
        rows = [*SCORING_ROWS, FINAL_ROW]
        half = (width - 6) / 2  # the seven rows in two columns, the final scoring's row across below
        down = (len(SCORING_ROWS) + 1) // 2
        for r, (first, second) in enumerate(rows):
            final = r == len(SCORING_ROWS)
            here = (state.marker == r and not over) or (final and over)
            rx, top = (x, ry - 10 + down * ROW_H) if final else (x + (r // down) * (half + 6),
                                                                 ry - 10 + (r % down) * ROW_H)
            label = f"{first} / {second} / {OTHER_PLACE_POINTS}"
            if final:
                label = _("{row}  (end)").format(row=label)
            items.append(svg.el("rect", x=rx, y=top, width=width if final else half, height=ROW_H - 2, class_="row",
                                fill="#fff3b0" if final else "#fff", stroke="#8a7a5a", data_row=r,
                                aria_hidden="true"))
            items.append(svg.el("text", label, x=rx + 26, y=top + ROW_H - 8, font_size=SMALL))
            if here:
                items.append(svg.el("circle", cx=rx + 13, cy=top + ROW_H / 2 - 1, r=9, fill="#d8c8a0", stroke="#000",
                                    class_="marker", aria_hidden="true"))
        y = ry - 10 + (down + 1) * ROW_H + 26
        head, y = _lines(_("Set bonus (tiles of one kind : VP)"), x, y, width, bold=True)
        bonus = "  ".join(f"{n}:{SET_BONUS[n]}" for n in range(1, 7))
        text, y = _lines(bonus, x, y, width, class_="set-bonus")
        return _Block(svg.group(items + head + text, class_="scoring-table"), y)

    return draw


def _legend(state: BabelState, viewer: int | None, look: Look) -> Any:
    """What the shapes and colours mean: the kinds of tile, a taken tile, and each player's
    colour as his building elements show it (the viewer's marked "you"); entries side by side."""
    def draw(x: float, y: float, width: float) -> _Block:
        items, y = _lines(_("Legend"), x, y + 18, width, HEAD, bold=True)
        keys: list[tuple[str, str]] = [(_("{kind} tile").format(kind=kind_name(k)), f"kind-{k}")
                                       for k in range(len(KINDS))]
        keys.append((_("tile already handed out"), "taken"))
        keys += [(_("{name} (you)").format(name=look.names[p]) if p == viewer else look.names[p], f"player-{p}")
                 for p in range(state.num_players)]
        keys.append((_("building elements of a player on the wonder"), "elements"))
        across = max(1, int(width // 250))
        column_w = (width - (across - 1) * GAP) / across
        row_bottom = y
        for i, (words, key) in enumerate(keys):
            if i % across == 0:  # a new row of entries starts below the last one
                y = row_bottom
            ex, ey = x + (i % across) * (column_w + GAP), y
            if key.startswith("kind-"):
                icon = svg.el("circle", cx=ex + 14, cy=ey - 6, r=12, fill=KIND_FILL[int(key[5:])], stroke="#5a4a3a",
                              aria_hidden="true")
            elif key == "taken":
                icon = svg.el("circle", cx=ex + 14, cy=ey - 6, r=12, fill="none", stroke="#8a7a5a",
                              stroke_dasharray="4 4", aria_hidden="true")
            elif key.startswith("player-"):
                icon = svg.join(_element_stack(3, ex + 14, ey + 4, look.fills[int(key[7:])]))
            else:
                icon = svg.join(_element_stack(4, ex + 14, ey + 4, "#ffffff"))
            text, bottom = _lines(words, ex + 34, ey, column_w - 34)
            items += [icon, *text]
            row_bottom = max(row_bottom, bottom + 6)
        y = row_bottom
        return _Block(svg.group(items, class_="legend"), y - 10)

    return draw


# ------------------------------------------------------------------ players
def _player(state: BabelState, p: int, viewer: int | None, hl: Mapping[str, Any], look: Look) -> Any:
    def draw(x: float, y: float, width: float) -> _Block:
        pl = state.players[p]
        movers = to_move(state)
        name = look.names[p]
        if p == viewer:
            name = _("{name} (you)").format(name=name)
        if p == state.active and state.phase is not Phase.OVER:
            name = _("{name}  ▶ active").format(name=name)
        facts = (ngettext("{n} VP", "{n} VP", totals(state)[p]).format(n=totals(state)[p]), _cards(pl.hand_size),
                 ngettext("{n} action card", "{n} action cards", len(pl.actions)).format(n=len(pl.actions)))
        inner = width - 28
        items, ty = _lines(name, x + 20, y + 26, inner, HEAD, bold=True)
        for text, muted in ((" · ".join(facts), False),
                            (_("tiles: {tiles}").format(tiles=_tiles_text(pl.tiles)) if pl.tiles
                             else _("tiles: none"), False),
                            (_known(state, p, viewer), True)):
            if text:
                more, ty = _lines(text, x + 20, ty, inner, fill=MUTED if muted else None)
                items += more
        if state.offers and state.offers[p] is not None:
            offer = _offer(state, p, x + 20, ty - 12, min(inner, CARD_W), look, p in hl.get("offers", ()))
            items.append(offer.markup)
            ty = offer.bottom + 18
        bottom = ty - 10
        frame = [svg.el("rect", x=x, y=y, width=width, height=bottom - y, rx=6, fill="#fff",
                        stroke="#000" if p in movers else "#aaa", stroke_width=3 if p in movers else 1,
                        aria_hidden="true"),
                 svg.el("rect", x=x, y=y, width=10, height=bottom - y, fill=look.fills[p], aria_hidden="true")]
        for key, colour, sign in (("helpers", HELPED, "✓"), ("turned_down", TURNED_DOWN, "✗")):
            if p in hl.get(key, ()):  # his offer in the last turn: accepted or turned down
                items.append(svg.group([
                    svg.el("rect", x=x - 3, y=y - 3, width=width + 6, height=bottom - y + 6, rx=8, fill="none",
                           stroke=colour, stroke_width=4),
                    svg.el("text", sign, x=x + width - 14, y=y + 28, font_size=HEAD + 6, font_weight="bold",
                           text_anchor="end", fill=colour)], class_="turn-mark", aria_hidden="true"))
        markup = svg.group(frame + items, class_="player" + (" to-move" if p in movers else ""), data_player=p,
                           role="group", aria_label=look.names[p])
        return _Block(markup, bottom)

    return draw


def _known(state: BabelState, p: int, viewer: int | None) -> str:
    """The action cards one may see of player ``p``, or the cards everybody saw come back to him."""
    pl = state.players[p]
    if p == viewer or state.phase is Phase.OVER:
        cards = ", ".join(_(a.value) for a in pl.actions if a is not ActionCard.HIDDEN)
        return _("action cards: {cards}").format(cards=cards) if cards else ""
    if any(pl.shown):
        return _("known in hand: {cards}").format(cards=counts_words(pl.shown))
    return ""


def _tiles_text(tiles: tuple[Counts, ...]) -> str:
    return ", ".join("+".join(_(TILE_CODES[k]).format(n=t[k]) for k in tile_kinds(t))
                     for t in tiles)


def _offer(state: BabelState, p: int, x: float, y: float, width: float, look: Look, selected: bool) -> _Block:
    offer = state.offers[p]
    assert offer is not None
    if not state.revealed:
        text = _lines(_("offer (sealed)"), x + width / 2, y + 36, width - 16, middle=True, fill="#fff")[0]
        body = [svg.el("rect", x=x, y=y, width=width, height=TAP_H, rx=4, fill="#5a4a3a"), *text]
        name = _("{player}'s sealed offer").format(player=look.names[p])
        return _Block(svg.group(svg.spaced(body), class_="offer sealed", data_offer_player=p, data_sealed=1,
                                role="button", aria_label=name), y + TAP_H)
    words = counts_words(offer.cards)
    if offer.exchange:
        words = _("{cards} + exchange").format(cards=words)
    lines: list[tuple[str, str | None]] = [(line, None) for line in wrap(words, width - 16, SMALL)]
    shown = words  # the name holds all the words drawn (WCAG 2.5.3)
    if any(offer.returned):
        back = _("back: {cards}").format(cards=counts_words(offer.returned))
        lines += [(line, MUTED) for line in wrap(back, width - 16, SMALL)]
        shown = _("{cards}; {back}").format(cards=words, back=back)
    height = max(TAP_H, len(lines) * LINE + 16)
    first = y + (height - len(lines) * LINE) / 2 + 16
    text = [svg.el("text", line, x=x + width / 2, y=first + i * LINE, font_size=SMALL, text_anchor="middle",
                   fill=fill) for i, (line, fill) in enumerate(lines)]
    body = [svg.el("rect", x=x, y=y, width=width, height=height, rx=4, fill="#fffbe8",
                   stroke="#000" if selected else "#8a7a5a", stroke_width=3 if selected else 1), *text]
    return _Block(svg.group(svg.spaced(body), class_="offer revealed" + (" selected" if selected else ""),
                            data_offer_player=p, role="button", aria_label=_("{player}'s offer: {cards}").format(
                                player=look.names[p], cards=shown)), y + height)


# ------------------------------------------------------------------ the hand
def _hand(state: BabelState, viewer: int, hl: Mapping[str, Any]) -> Any:
    def draw(x: float, y: float, width: float) -> _Block:
        me = state.players[viewer]
        chosen = hl.get("cards") or (0, 0, 0, 0)
        items, cy = _lines(_("Your hand"), x, y + 18, width, HEAD, bold=True)
        cy -= 10
        card_w = (width - GAP) / 2 if width > 2 * CARD_W else width
        for k, count in enumerate(me.hand):
            cx = x + (k % 2) * (card_w + GAP) if card_w < width else x
            top = cy + (k // 2 if card_w < width else k) * (TAP_H + 8)
            picked = chosen[k]
            label = _hand_label(k, count, picked)
            items.append(svg.group(svg.spaced([
                svg.el("rect", x=cx, y=top, width=card_w, height=TAP_H, rx=5, fill=KIND_FILL[k],
                       stroke="#000" if picked else "#5a4a3a", stroke_width=4 if picked else 1),
                *_lines(label, cx + 12, top + 36, card_w - 20)[0]]),
                class_="card" + (" selected" if picked else ""), data_card=KINDS[k], data_count=count,
                role="button", aria_label=_hand_name(k, count, picked)))
        cy += (2 if card_w < width else 4) * (TAP_H + 8)
        if me.exchange:
            items.append(svg.group([
                svg.el("rect", x=x, y=cy, width=card_w, height=TAP_H, rx=5, fill="#222"),
                svg.el("text", _("exchange card"), x=x + 12, y=cy + 36, font_size=SMALL, fill="#fff")],
                class_="card exchange", data_card="exchange", role="button", aria_label=_("your exchange card")))
            cy += TAP_H + 8
        for card in me.actions:
            text, bottom = _lines(_(card.value), x + 12, cy + 25, card_w - 20)
            items.append(svg.group([
                svg.el("rect", x=x, y=cy, width=card_w, height=bottom - cy - 6, rx=4, fill="#cfe0f5",
                       stroke="#3a5a8a"), *text], class_="action-card", data_action_card=card.value))
            cy = bottom + 4
        return _Block(svg.group(items, class_="hand", data_player=viewer, role="group",
                                aria_label=_("Your hand")), cy)

    return draw


def _hand_label(kind: int, count: int, picked: int) -> str:
    """``camel × 3``, and how many of them are chosen: ``camel × 3  (2 chosen)``."""
    label = _card_count(kind, count)
    if not picked:
        return label
    return ngettext("{label}  ({n} chosen)", "{label}  ({n} chosen)", picked).format(label=label, n=picked)


def _card_count(kind: int, count: int) -> str:
    """How many cards of a kind the viewer holds, as drawn: ``camel × 3``."""
    return f"{kind_name(kind)} × {count}"


def _hand_name(kind: int, count: int, picked: int) -> str:
    """A hand card for screen readers, starting with the words drawn on it (WCAG 2.5.3):
    ``camel × 3 in your hand, 2 of them chosen``."""
    cards = _card_count(kind, count)
    if not picked:
        return _("{cards} in your hand").format(cards=cards)
    return ngettext("{cards} in your hand, {n} of them chosen", "{cards} in your hand, {n} of them chosen",
                    picked).format(cards=cards, n=picked)

