"""SVG picture of a Saba position, built from data.

Clickable things carry ``data-*`` attributes with the numbers the actions use:

* ``data-harbour="1..4"`` harbour fields (:class:`TakeHarbour`, harbourmaster),
  ``data-harbour-face="1..4"`` with ``data-player`` on the harbour cards in front of a player;
* ``data-build-field="0..2"`` open palace cards on 5.1..5.3 (:class:`Build`/:class:`RemoveCard` slot);
* ``data-garden="1..8"`` garden fields; ``data-district="0..5"`` districts (vizier, figures, uses);
* ``data-serail="1..6"`` serail fields; ``data-resource="a|s|e|g"`` with ``data-player`` on a
  player's resources (``data-player="supply"`` for the general supply);
* ``data-card="A|S|E|G|O|C|H|W|K|M|R"`` the viewer's own action cards; ``data-player`` on each
  player panel (a named ``role="group"``, not a control).

Each of those things but the panels is a ``role="button"`` whose ``aria-label`` says what it is
and where ("harbour field H3: 2 ebony, room for 3"); the root is a ``role="group"`` named by its
``<title>``, its ``<desc>`` the position in words; frames and other decoration are
``aria-hidden``. A legend names the resources (each has its own shape and colour), the figures,
markers, vizier and palace parts.

Highlights (keyword arguments of ``GAME.render_svg``, each an iterable of the numbers
above): ``harbour``, ``build_fields``, ``garden``, ``districts``, ``serail``, ``cards``.
They add the class ``hl``, a thick outline and "ringed" to the label. ``last_turn`` (a mapping
of those names to numbers) rings what the last turn used the same way, with the class
``turn-mark`` besides (the page makes it pulse once). ``palette`` and
``names`` (per seat) restyle the players. ``portrait=True`` stacks everything in one column
(the players and the legend below the board) for a narrow screen; the page asks for it where
the two-column board would be shown under :data:`PORTRAIT_BELOW` CSS px wide. ``result``, the
end of the game in words (the engine's :meth:`~pygame_rules.protocol.Game.result_text`, which
``GAME.render_svg`` passes), takes the place of the status line once the game is over.

Sizes: no text is under :data:`SMALL` user units and no control under :data:`TAP` on a side,
so the portrait board (:data:`PORTRAIT_WIDTH` wide) shows text of 11 CSS px or more and tap
targets of 40 px or more on a 390 px phone. Labels are wrapped or squeezed into their boxes
(:func:`~pygame_rules.svg.text_width`); text is dark on light fills (contrast 7:1 or more).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from .. import quiet, svg
from ..i18n import N_, _, ngettext
from ..protocol import Look, name_list, turn_line
from .data import (
    COSTS,
    DISTRICT_GAIN,
    END_CARD,
    HARBOUR_CAPACITY,
    RES_COLOURS,
    RESOURCES,
    SURCHARGE,
    TITLE,
    Card,
    District,
    Res,
    Shape,
    amount,
    card_field,
    card_name,
    card_shape,
    cost_text,
    is_part,
)
from .legal import to_move
from .scoring import scoring_figures
from .state import Phase, SabaState, parts_left, serail_decide

#: The highlights a caller may ask :func:`render_svg` for (see the module docstring; ``result`` is the engine's).
HIGHLIGHTS = frozenset({"harbour", "build_fields", "garden", "districts", "serail", "cards", "last_turn", "portrait"})
#: Text sizes in user units: the smallest (and most) text, and headings.
SMALL, HEAD = 16, 18
LINE = 20  # from one baseline of SMALL text to the next
#: The smallest side of anything clicked (40 CSS px on a 390 px phone, with room to spare).
TAP = 58
#: The portrait board's one column, the landscape board's three narrower ones, the margin
#: around and between them, and the two widths of the board.
COLUMN, NARROW, GAP = 500, 386, 10
PORTRAIT_WIDTH = 2 * GAP + COLUMN
LANDSCAPE_WIDTH = 4 * GAP + 3 * NARROW
#: The landscape board's least height: its shape is the desktop page's board panel's (about
#: 910 × 702 CSS px at 1280 × 900), so the board fills the panel and its text shows at 12 px.
LANDSCAPE_HEIGHT = round(LANDSCAPE_WIDTH * 702 / 910)
#: Below this width of the board in CSS px the page should ask for ``portrait=True`` (the
#: three-column board would show its smallest text under 11 px).
PORTRAIT_BELOW = math.ceil(11 / SMALL * LANDSCAPE_WIDTH)
INK, MUTED = "#1a1a1a", "#4d4d4d"  # text; secondary text (7:1 and more on every fill used here)
PAPER, FRAME, HL_STROKE = "#fdf6e3", "#7a6a4f", "#b3005e"
BACKDROP, GARDEN, PALACE, DISTRICT_FILL = "#f7efd9", "#e8f3dc", "#f4e4c1", "#efe6f7"
#: The harbour's water and quay, a ship's hull and sail, a palace card, a district's roofs.
WATER, QUAY, HULL, SAIL, CARD, ROOF = "#d6e9f5", "#b9ad97", "#8a5a2b", "#fffdf5", "#ffffff", "#b5653a"
FONT = 'font-family:Arial,"Liberation Sans",Helvetica,sans-serif'  # i18n: internal (CSS)


@dataclass(frozen=True)
class Block:
    """Drawn markup and its height."""

    markup: str
    height: float


#: A block maker: called with the left and top of its column and its width, returns what it drew.
Maker = Callable[[float, float, float], Block]


# ------------------------------------------------------------------ pieces
def _text(x: float, y: float, text: str, size: int = SMALL, anchor: str = "start",
          fit: float | None = None, bold: bool = False, fill: str = INK, **attrs: Any) -> str:
    """A label; with ``fit``, one that would run wider than ``fit`` is squeezed to that width."""
    if fit is not None and svg.text_width(text, size, bold) > fit:
        attrs |= {"textLength": fit, "lengthAdjust": "spacingAndGlyphs"}
    return svg.el("text", text, x=x, y=y, font_size=size, text_anchor=anchor if anchor != "start" else None,
                  font_weight="bold" if bold else None, style=FONT, fill=fill, **attrs)


def _lines(text: str, x: float, y: float, width: float, size: int = SMALL, bold: bool = False) -> tuple[str, float]:
    """``text`` wrapped to ``width``, the first baseline at ``y``; and the height it takes."""
    lines = svg.wrap(text, width, size, bold)
    step = LINE * size / SMALL
    return svg.join(_text(x, y + i * step, line, size, fit=width, bold=bold) for i, line in enumerate(lines)), \
        len(lines) * step


def _frame(x: float, y: float, w: float, h: float, hl: bool = False, fill: str = PAPER) -> str:
    return svg.el("rect", x=x, y=y, width=w, height=h, rx=6, fill=fill, stroke=HL_STROKE if hl else FRAME,
                  stroke_width=4 if hl else 1.5, aria_hidden="true")


def _token(x: float, y: float, res: Res, r: float = 9) -> str:
    """A resource: white circle (alabaster), sandstone square, ebony diamond, gold hexagon."""
    style: dict[str, svg.Attr] = {"fill": RES_COLOURS[res], "stroke": "#555", "stroke_width": 1,
                                  "class_": f"resource res-{res.value}", "aria_hidden": "true"}
    if res is Res.ALABASTER:
        return svg.el("circle", cx=x, cy=y, r=r, **style)
    if res is Res.SANDSTONE:
        return svg.el("rect", x=x - r * 0.85, y=y - r * 0.85, width=r * 1.7, height=r * 1.7, **style)
    corners = 4 if res is Res.EBONY else 6
    points = [(x + r * math.sin(2 * math.pi * k / corners), y - r * math.cos(2 * math.pi * k / corners))
              for k in range(corners)]
    return svg.el("polygon", points=" ".join(f"{px:.1f},{py:.1f}" for px, py in points), **style)


def _empty_place(x: float, y: float, r: float = 9) -> str:
    return svg.el("circle", cx=x, cy=y, r=r, fill="none", stroke=MUTED, stroke_dasharray="3 2",
                  aria_hidden="true")


def _figure(x: float, y: float, owner: int, look: Look, size: float = 9, cls: str = "figure") -> str:
    return svg.el("circle", cx=x, cy=y, r=size, fill=look.fills[owner], stroke="#111", stroke_width=1.5,
                  class_=f"{cls} player-{owner}", aria_hidden="true")


def _marker(cx: float, cy: float, owner: int, look: Look) -> str:
    return svg.el("rect", x=cx - 9, y=cy - 8, width=18, height=16, rx=3, fill=look.fills[owner], stroke="#111",
                  class_=f"marker player-{owner}", aria_hidden="true")


def _vizier(cx: float, cy: float) -> str:
    return svg.el("rect", x=cx - 9, y=cy - 17, width=18, height=34, rx=5, fill="#111", class_="vizier",
                  aria_hidden="true")


def _part(cx: float, cy: float, shape: Shape, size: float = 1.0) -> str:
    """A palace part as the box's pieces look, about ``24 × size`` high and centred on (cx, cy):
    an arch (a gateway), a fountain (a basin with its jet) or a column (on its foot)."""
    s = size
    if shape is Shape.ARCH:
        d = (f"M{cx - 12 * s:.1f} {cy + 12 * s:.1f} V{cy - 2 * s:.1f} A{12 * s:.1f} {12 * s:.1f} 0 0 1 "
             f"{cx + 12 * s:.1f} {cy - 2 * s:.1f} V{cy + 12 * s:.1f} H{cx + 6 * s:.1f} V{cy - 2 * s:.1f} "
             f"A{6 * s:.1f} {6 * s:.1f} 0 0 0 {cx - 6 * s:.1f} {cy - 2 * s:.1f} V{cy + 12 * s:.1f} Z")
    elif shape is Shape.FOUNTAIN:
        d = (f"M{cx - 13 * s:.1f} {cy + 4 * s:.1f} H{cx + 13 * s:.1f} L{cx + 9 * s:.1f} {cy + 12 * s:.1f} "
             f"H{cx - 9 * s:.1f} Z M{cx - 2 * s:.1f} {cy + 4 * s:.1f} V{cy - 6 * s:.1f} H{cx - 7 * s:.1f} "
             f"L{cx - 5 * s:.1f} {cy - 10 * s:.1f} H{cx + 5 * s:.1f} L{cx + 7 * s:.1f} {cy - 6 * s:.1f} "
             f"H{cx + 2 * s:.1f} V{cy + 4 * s:.1f} Z")
    else:
        d = (f"M{cx - 8 * s:.1f} {cy + 12 * s:.1f} V{cy + 8 * s:.1f} H{cx - 5 * s:.1f} V{cy - 8 * s:.1f} "
             f"H{cx - 8 * s:.1f} V{cy - 12 * s:.1f} H{cx + 8 * s:.1f} V{cy - 8 * s:.1f} H{cx + 5 * s:.1f} "
             f"V{cy + 8 * s:.1f} H{cx + 8 * s:.1f} V{cy + 12 * s:.1f} Z")
    return svg.el("path", d=d, fill="#efe3c8", stroke="#5a4a3a", stroke_width=1.5,
                  class_=f"part part-{shape.name.lower()}", aria_hidden="true")


def _ring(cx: float, cy: float) -> str:
    """The outline of something that may be chosen now, for the legend."""
    return svg.el("rect", x=cx - 12, y=cy - 10, width=24, height=20, rx=4, fill="none", stroke=HL_STROKE,
                  stroke_width=4, aria_hidden="true")


def _control(children: Iterable[str], cls: str, hl: bool, label: str, turn: bool = False, **data: Any) -> str:
    """A clickable thing: its drawing, classes, ``data-*`` address and accessible name;
    ``turn``: the last turn used it."""
    if hl:
        label = _("{label}; ringed").format(label=label)
    return svg.group(svg.spaced(children), class_=cls + (" hl" if hl else "") + (" turn-mark" if turn else ""),
                     role="button", aria_label=label, **data)


def _count(res: Res, n: int) -> str:
    """An amount of a resource: "2 ebony" (the resources are mass nouns)."""
    return amount(res, n)


def _you(name: str, p: int, viewer: int | None) -> str:
    """A player's name, with "(you)" for the one who looks at the board."""
    return _("{name} (you)").format(name=name) if p == viewer else name


# ------------------------------------------------------------------ the blocks
def _heading(x: float, y: float, text: str, w: float) -> str:
    return _text(x, y + 20, text, HEAD, bold=True, fit=w)


def _ship(cx: float, top: float, width: float) -> str:
    """A cargo ship at its berth, its mast and sail above the deck line ``top + 46``."""
    deck, half = top + 46, width / 2
    hull = (f"M{cx - half:.1f} {deck:.1f} H{cx + half:.1f} L{cx + half - 10:.1f} {deck + 16:.1f} "
            f"H{cx - half + 10:.1f} Z")
    sail = f"M{cx + 2:.1f} {top + 2:.1f} L{cx + 2:.1f} {deck - 20:.1f} L{cx + half - 4:.1f} {deck - 20:.1f} Z"
    return svg.join([
        svg.el("path", d=hull, fill=HULL, stroke="#4a2f14", stroke_width=1.5, class_="ship-hull",
               aria_hidden="true"),
        svg.el("path", d=f"M{cx:.1f} {top:.1f} V{deck:.1f}", stroke="#4a2f14", stroke_width=2.5,
               class_="ship-mast", aria_hidden="true"),
        svg.el("path", d=sail, fill=SAIL, stroke="#4a2f14", stroke_width=1, class_="ship-sail",
               aria_hidden="true")])


def _harbour(s: SabaState, hl: set[int], turn: set[int]) -> Maker:
    """The harbour: a quay with a ship at each of its four berths, the cargo on deck."""
    def draw(x: float, y: float, w: float) -> Block:
        parts = [_heading(x, y, _("Harbour"), w),
                 svg.el("rect", x=x, y=y + 28, width=w, height=8, fill=QUAY, class_="quay", aria_hidden="true")]
        width = (w - 3 * 4) / 4
        for i, (kind, n) in enumerate(zip(s.harbour_res, s.harbour_n)):
            fx, lit = x + i * (width + 4), i + 1 in hl
            cap = HARBOUR_CAPACITY[i]
            step = min(20.0, (width - 24) / max(cap - 1, 1))
            inner = [_frame(fx, y + 36, width, 142, lit, WATER), _text(fx + 5, y + 56, f"H{i + 1}", bold=True),
                     _ship(fx + width / 2, y + 56, width - 10)]
            first = fx + width / 2 - step * (cap - 1) / 2
            inner += [_token(first + k * step, y + 93, kind, 8) if k < n else _empty_place(first + k * step, y + 93, 8)
                      for k in range(cap)]
            inner += [_text(fx + 5, y + 144 + k * LINE, line, fit=width - 8)
                      for k, line in enumerate(svg.wrap(_count(kind, n), width - 8, SMALL))]
            label = _("harbour field H{field}: {resources}, room for {capacity}").format(
                field=i + 1, resources=_count(kind, n), capacity=cap)
            parts.append(_control(inner, "harbour-field berth", lit, label, i + 1 in turn, data_harbour=i + 1))
        return Block(svg.join(parts), 178)
    return draw


def _build_fields(s: SabaState, hl: set[int], turn: set[int]) -> Maker:
    """The three build fields, each with its open palace card: the part drawn, its garden
    field, the resources it costs (the field's gold surcharge included)."""
    def draw(x: float, y: float, w: float) -> Block:
        parts = [_heading(x, y, _("Build fields (palace deck: {n})").format(n=len(s.palace_deck)), w)]
        width = (w - 2 * 8) / 3
        for slot in range(3):
            fx, lit = x + slot * (width + 8), slot in hl and slot < len(s.display)
            extra = ngettext("+{n} gold", "+{n} gold", SURCHARGE[slot]).format(n=SURCHARGE[slot]) \
                if SURCHARGE[slot] else _("free")
            inner = [_frame(fx, y + 30, width, 178, lit), _text(fx + 6, y + 50, f"5.{slot + 1}", bold=True),
                     _text(fx + width - 6, y + 50, extra, anchor="end", fill=MUTED, fit=width - 44)]
            if slot < len(s.display):
                card = s.display[slot]
                price = [r for r in RESOURCES for _ in range(COSTS[card][r.index])] + [Res.GOLD] * SURCHARGE[slot]
                inner.append(svg.el("rect", x=fx + 6, y=y + 58, width=width - 12, height=144, rx=8, fill=CARD,
                                    stroke="#5a4a3a", stroke_width=1.5, class_="palace-card", aria_hidden="true"))
                if is_part(card):
                    inner.append(_part(fx + width / 2, y + 84, card_shape(card), 1.2))
                else:
                    inner.append(svg.el("path", d=_chest(fx + width / 2, y + 84), fill="#e0b84a", stroke="#5a4a3a",
                                        stroke_width=1.5, class_="part treasury-chest", aria_hidden="true"))
                inner += [_text(fx + 12, y + 124 + k * LINE, line, fit=width - 24)
                          for k, line in enumerate(svg.wrap(card_name(card), width - 24, SMALL)[:2])]
                step = min(18.0, (width - 34) / max(len(price) - 1, 1))
                inner += [_token(fx + 19 + step * k, y + 162, r, 7) for k, r in enumerate(price)]
                inner.append(_text(fx + 12, y + 190, _("costs {n}").format(n=len(price)), fill=MUTED,
                                   fit=width - 24))
                label = _("build field 5.{slot}, {extra}: {card}, costs {cost}").format(  # as drawn (WCAG 2.5.3)
                    slot=slot + 1, extra=extra, card=card_name(card), cost=f"{len(price)} ({cost_text(_price(price))})")
            else:
                label = _("build field 5.{slot}, {extra}: empty").format(slot=slot + 1, extra=extra)
            parts.append(_control(inner, "build-field", lit, label, slot in turn, data_build_field=slot))
        return Block(svg.join(parts), 208)
    return draw


def _chest(cx: float, cy: float) -> str:
    """A treasure chest: the sign of a treasury card and the end card."""
    return (f"M{cx - 14} {cy - 2} Q{cx} {cy - 16} {cx + 14} {cy - 2} V{cy + 12} H{cx - 14} Z "
            f"M{cx - 14} {cy - 2} H{cx + 14}")


def _price(tokens: list[Res]) -> tuple[int, int, int, int]:
    return tuple(tokens.count(r) for r in RESOURCES)  # type: ignore[return-value]


FIELD_R = 34


def _garden(s: SabaState, hl: set[int], turn: set[int], look: Look) -> Maker:
    """The palace garden: the palace with its treasury in the middle, its eight garden
    fields around, each showing the parts built there and the figure on its balcony."""
    def draw(x: float, y: float, w: float) -> Block:
        ring = min(w / 2 - FIELD_R - 8, 180.0)
        cx, cy = x + w / 2, y + 30 + ring + FIELD_R + 6
        court = ring - FIELD_R - 8
        parts = [_heading(x, y, _("Palace garden"), w),
                 svg.el("circle", cx=cx, cy=cy, r=ring + FIELD_R + 6, fill=GARDEN, stroke="#7a9a5a",
                        class_="garden-lawn", aria_hidden="true"),
                 svg.el("circle", cx=cx, cy=cy, r=court, fill=PALACE, stroke=FRAME, class_="palace",
                        aria_hidden="true"),
                 svg.el("path", d=_palace(cx, cy - 18, court), fill="#f9f1de", stroke=FRAME, stroke_width=1.5,
                        class_="palace-front", aria_hidden="true"),
                 svg.el("rect", x=cx - court * 0.62, y=cy + 4, width=court * 1.24, height=26, rx=4, fill=PAPER,
                        stroke=FRAME, class_="treasury", aria_hidden="true"),
                 _text(cx, cy + 23, _("Treasury"), anchor="middle", bold=True, fit=court * 1.2)]
        parts += [_figure(cx - 36 + 24 * (i % 4), cy + 46 + 22 * (i // 4), o, look, 10, "figure treasury")
                  for i, o in enumerate(s.treasury)]
        for f in range(8):
            angle = math.pi * (f / 4 - 0.5)
            fx, fy = cx + ring * math.cos(angle), cy + ring * math.sin(angle)
            level, owner, lying, lit = s.levels[f], s.balcony[f], s.stash[f], f + 1 in hl
            inner = [svg.el("circle", cx=fx, cy=fy, r=FIELD_R, fill="#fffaf0", stroke=HL_STROKE if lit else FRAME,
                            stroke_width=4 if lit else 1.5, class_="garden-field-bed", aria_hidden="true"),
                     _text(fx, fy - 16, str(f + 1), anchor="middle", fill=MUTED)]
            inner += [_part(fx - 20 + 20 * (k - 1) + 10 * (3 - level), fy + 3, Shape(k), 0.7)
                      for k in range(1, level + 1)]
            if owner is not None:
                inner.append(_figure(fx + 13, fy + 21, owner, look, 8, "figure balcony"))
            if lying is not None:
                inner.append(_token(fx - 13, fy + 21, lying, 7))
            parts.append(_control(inner, "garden-field", lit, _garden_label(s, f, look), f + 1 in turn,
                                  data_garden=f + 1))
        return Block(svg.join(parts), 30 + 2 * (ring + FIELD_R) + 12)
    return draw


def _palace(cx: float, base: float, r: float) -> str:
    """The palace's front above ``base``: a hall under a dome between two towers."""
    hall, tower = r * 0.45, r * 0.16
    return (f"M{cx - hall:.1f} {base:.1f} V{base - 30:.1f} A{hall * 0.7:.1f} {hall * 0.7:.1f} 0 0 1 "
            f"{cx + hall:.1f} {base - 30:.1f} V{base:.1f} Z "
            f"M{cx - hall - tower:.1f} {base:.1f} V{base - 48:.1f} L{cx - hall - tower / 2:.1f} {base - 58:.1f} "
            f"L{cx - hall:.1f} {base - 48:.1f} V{base:.1f} Z "
            f"M{cx + hall:.1f} {base:.1f} V{base - 48:.1f} L{cx + hall + tower / 2:.1f} {base - 58:.1f} "
            f"L{cx + hall + tower:.1f} {base - 48:.1f} V{base:.1f} Z")


#: The parts standing on a garden field, by its level.
LEVEL_WORDS = (N_("nothing built"), N_("arch"), N_("arch and fountain"), N_("arch, fountain and column"))


def _garden_label(s: SabaState, f: int, look: Look) -> str:
    label = _("garden field {field}: {parts}").format(field=f + 1, parts=_(LEVEL_WORDS[s.levels[f]]))
    owner, lying = s.balcony[f], s.stash[f]
    if owner is not None:
        label = _("{label}; {player}'s figure on the balcony").format(label=label, player=look.names[owner])
    if lying is not None:
        label = _("{label}; 1 {resource} lies here").format(label=label, resource=lying.noun)
    return label


def _serail(s: SabaState, hl: set[int], turn: set[int], look: Look) -> Maker:
    def draw(x: float, y: float, w: float) -> Block:
        title = ngettext("Serail ({n} field)", "Serail ({n} fields)", s.serail_size).format(n=s.serail_size)
        parts = [_heading(x, y, title, w)]
        front = s.serail.index(s.serail_figure) if s.serail_figure is not None else -1
        side = min(TAP + 4.0, (w - 5 * 4) / 6)
        for i in range(s.serail_size):
            fx, lit = x + i * (side + 4), i + 1 in hl
            inner = [_frame(fx, y + 30, side, TAP + 4, lit, "#ffffff"), _text(fx + 5, y + 48, str(i + 1))]
            if i < len(s.serail):
                owner = s.serail[i]
                inner.append(_marker(fx + side / 2 + 4, y + 48, owner, look))
                label = _("serail field {n}: {player}'s marker").format(n=i + 1, player=look.names[owner])
            else:
                label = _("serail field {n}: empty").format(n=i + 1)
            if i == front:
                inner.append(_figure(fx + side / 2 + 4, y + 74, s.serail[i], look, 8, "figure serail"))
                label = _("{label}, with the serail figure").format(label=label)
            parts.append(_control(inner, "serail-field", lit, label, i + 1 in turn, data_serail=i + 1))
        return Block(svg.join(parts), 30 + TAP + 4)
    return draw


def _roofs(x: float, y: float, width: float) -> str:
    """A row of flat-roofed houses with domes, ``width`` long from (x, y) (decoration)."""
    d, step = [], 34.0
    k = 0
    while (k + 1) * step <= width - 8:
        hx = x + 6 + k * step
        d.append(f"M{hx:.1f} {y + 14:.1f} V{y + 6:.1f} H{hx + 10:.1f} A6 6 0 0 1 {hx + 22:.1f} {y + 6:.1f} "
                 f"H{hx + 28:.1f} V{y + 14:.1f} Z")
        k += 1
    return svg.el("path", d=" ".join(d), fill=ROOF, fill_opacity=0.6, class_="district-roofs", aria_hidden="true")


def _districts(s: SabaState, hl: set[int], turn: set[int], look: Look) -> Maker:
    """The six city districts, one a row: its houses, name and action, the figures in it, the vizier."""
    def draw(x: float, y: float, w: float) -> Block:
        parts = [_heading(x, y, _("City districts"), w)]
        height, words = 64, w - 170
        for d in District:
            fy, lit = y + 30 + d * (height + 6), d in hl
            gain = DISTRICT_GAIN[d]
            what = _("+1 {resource}").format(resource=gain.noun) if gain else (
                _("gold ↔ material") if d == District.EXCHANGE else _("material ↔ material"))
            inner = [_frame(x, fy, w, height, lit, DISTRICT_FILL), _roofs(x + words, fy + 2, 120),
                     _text(x + 8, fy + 24, d.noun, bold=True, fit=words),
                     _text(x + 8, fy + 48, what, fit=words)]
            figures = s.districts[d]
            inner += [_figure(x + words + 22 + 22 * (k % 5), fy + 32 + 20 * (k // 5), owner, look, 9,
                              "figure district")
                      for k, owner in enumerate(figures)]
            shown = [d.noun, what]  # the name starts with the words drawn (WCAG 2.5.3)
            if s.uses[d]:
                shown.append(ngettext("{n} use", "{n} uses", s.uses[d]).format(n=s.uses[d]))
                inner.append(_text(x + words + 12, fy + 56, shown[-1], fit=100))
            if s.vizier == d:
                shown.append(_("vizier"))
                inner += [_text(x + w - 26, fy + 18, shown[-1], anchor="middle", fit=48),
                          _vizier(x + w - 26, fy + 41)]
            parts.append(_control(inner, "district", lit, _district_label(s, d, look, ", ".join(shown)), d in turn,
                                  data_district=int(d)))
        return Block(svg.join(parts), 30 + 6 * (height + 6) - 6)
    return draw


def _district_label(s: SabaState, d: District, look: Look, shown: str) -> str:
    """A district's accessible name, starting with ``shown``: its name and what it says."""
    figures = s.districts[d]
    if figures:
        label = _("district {district}: figures of {players}").format(
            district=shown, players=name_list([look.names[p] for p in figures]))
    else:
        label = _("district {district}: no figures").format(district=shown)
    if s.vizier == d:
        label = _("{label}; the vizier is here").format(label=label)
    return label


def _resources(x: float, y: float, w: float, amounts: Sequence[int], owner: str, label: str, cls: str,
               named: bool = True) -> list[str]:
    """The four resources of a player or the supply (``owner``: its ``data-player``) in ``w``
    across, each a box with its token and number (and its name if ``named``); ``label`` names the
    owner in their accessible names."""
    cells = []
    width = (w - 3 * 4) / 4
    height = 58 if named else TAP - 2
    for i, r in enumerate(RESOURCES):
        cx = x + i * (width + 4)
        body = [_frame(cx, y, width, height, False, "#ffffff"), _token(cx + 16, y + 19, r),
                _text(cx + 31, y + 26, str(amounts[i]), HEAD, bold=True)]
        if named:
            body.append(_text(cx + 6, y + 50, r.noun, fit=width - 10))
        name = _("{owner}: {resources}").format(owner=label, resources=_count(r, amounts[i]))
        cells.append(_control(body, cls, False, name, data_resource=r.value, data_player=owner))
    return cells


def _supply(s: SabaState, result: str, look: Look) -> Maker:
    """The general supply, the action card piles and the status line (at the end: the result)."""
    def draw(x: float, y: float, w: float) -> Block:
        parts = [_heading(x, y, _("Supply"), w)]
        parts += _resources(x, y + 30, w, s.supply, "supply", _("general supply"), "supply-resource")
        discarded = len(s.discard)
        piles = (ngettext("Action cards: {deck} in the deck, {discarded} discarded (top: {card})",
                          "Action cards: {deck} in the deck, {discarded} discarded (top: {card})", discarded)
                 if s.discard else _("Action cards: {deck} in the deck, none discarded"))
        text, used = _lines(piles.format(deck=len(s.action_deck), discarded=discarded,
                                         card=s.discard[-1].noun if s.discard else ""), x, y + 106, w)
        status, more = _lines(result or _status(s, look), x, y + 106 + used + 4, w, bold=True)
        parts += [text, svg.group([status], class_="status")]
        return Block(svg.join(parts), 106 + used + 4 + more - 12)
    return draw


def _player(s: SabaState, p: int, viewer: int | None, counts: tuple[int, ...], cards_hl: set[str],
            look: Look) -> Maker:
    def draw(x: float, y: float, w: float) -> Block:
        me = s.players[p]
        active = p in ((s.decider,) if s.phase == Phase.SERAIL else (s.current,))
        name = look.names[p]
        inner = [_text(x + 18, y + 24, ngettext("{name}: {n} figure scoring", "{name}: {n} figures scoring",
                                                counts[p]).format(name=_you(name, p, viewer), n=counts[p]),
                       HEAD, bold=True, fit=w - 26)]
        cards_w = 2 * 54 + 4
        inner += _resources(x + 16, y + 34, w - 30 - cards_w - 8, me.res, str(p), name, "player-resource", False)
        for i, face in enumerate(me.faces):
            fx = x + w - 10 - cards_w + i * 58
            body = [_frame(fx, y + 34, 54, TAP - 2, False, "#dbe9f7"),
                    _text(fx + 27, y + 68, f"H{face}", HEAD, anchor="middle")]
            label = _("{player}'s harbour card showing H{face}").format(player=name, face=face)
            inner.append(_control(body, "harbour-card", False, label, data_harbour_face=face, data_player=p))
        inner.append(_text(x + 18, y + 112, _("supply: {figures}, {markers}").format(
            figures=ngettext("{n} figure", "{n} figures", me.figures).format(n=me.figures),
            markers=ngettext("{n} marker", "{n} markers", me.markers).format(n=me.markers)), fit=w - 26))
        hand, height = _hand(s, p, viewer, x + 18, y + 116, w - 28, cards_hl)
        total = 116 + height
        panel = [_frame(x, y, w, total, active, "#ffffff"),
                 svg.el("rect", x=x, y=y, width=10, height=total, rx=3, fill=look.fills[p],
                        class_=f"seat-colour player-{p}", aria_hidden="true"),
                 *inner, hand]
        label = _("{player}, to move").format(player=name) if active and s.phase != Phase.OVER else name
        return Block(svg.group(panel, class_="player-panel" + (" active" if active else ""), data_player=p,
                               role="group", aria_label=label), total)
    return draw


def _hand(s: SabaState, p: int, viewer: int | None, x: float, y: float, w: float,
          hl: set[str]) -> tuple[str, float]:
    hand = s.players[p].hand
    if p != viewer:
        return _text(x, y + 16, _("action cards: {n}").format(n=len(hand))), 26
    parts = [_text(x, y + 16, _("hand:"))]
    if not hand:
        return svg.join(parts), 26
    width = (w - 2 * 6) / 3
    for i, card in enumerate(hand):
        cx, cy = x + (i % 3) * (width + 6), y + 24 + (i // 3) * (TAP + 6)
        lit = card.value in hl
        fill = RES_COLOURS[card.resource] if card.resource else "#cfe0c3"
        lines = svg.wrap(card.noun, width - 10, SMALL)[:2]
        body = [svg.el("rect", x=cx, y=cy, width=width, height=TAP, rx=4, fill=fill,
                       stroke=HL_STROKE if lit else "#555", stroke_width=3 if lit else 1, class_="card-face",
                       aria_hidden="true")]
        body += [_text(cx + width / 2, cy + TAP / 2 + 5 + (k - (len(lines) - 1) / 2) * LINE, line, anchor="middle",
                       fit=width - 10, fill=svg.ink(fill, INK)) for k, line in enumerate(lines)]
        parts.append(_control(body, "action-card", lit, _("action card {card} in your hand").format(card=card.noun),
                              data_card=card.value))
    rows = (len(hand) + 2) // 3
    return svg.join(parts), 24 + rows * (TAP + 6) + 4


def _legend(look: Look, players: int, viewer: int | None) -> Maker:
    """What the shapes and colours mean: the resources, each player's colour as his figures
    show it on the board (the viewer's marked "you"), the markers, the vizier, the parts."""
    def draw(x: float, y: float, w: float) -> Block:
        keys: list[tuple[Callable[[float, float], str], str]] = [
            (partial(_token, res=r), r.noun) for r in RESOURCES]
        keys += [(partial(_figure, owner=p, look=look, cls="figure legend-figure"),
                  _you(look.names[p], p, viewer)) for p in range(players)]
        keys += [(_empty_place, _("free place on a harbour field")),
                 (partial(_marker, owner=viewer or 0, look=look), _("serail marker")), (_vizier, _("the vizier"))]
        keys += [(partial(_part, shape=shape), shape.noun) for shape in Shape]
        keys.append((_ring, _("ringed: you can choose it")))
        parts, top = [_heading(x, y, _("Legend"), w)], y + 28
        half = (w - 8) / 2
        rows: list[float] = []
        for k, (icon, words) in enumerate(keys):
            column = k % 2
            if column == 0:
                rows.append(0)
            ex = x + column * (half + 8)
            text, height = _lines(words, ex + 34, top + sum(rows[:-1]) + 22, half - 34)
            parts += [icon(ex + 14, top + sum(rows[:-1]) + 16), text]
            rows[-1] = max(rows[-1], height + 10, 34)
        return Block(svg.group(parts, class_="legend"), 28 + sum(rows) - 6)
    return draw


# ------------------------------------------------------------------ words
def _status(s: SabaState, look: Look) -> str:
    if s.phase == Phase.SERAIL:
        return _("{player} decides on a serail marker.").format(player=look.names[s.decider or 0])
    return _("{player} to move: {step} step.").format(player=look.names[s.current], step=s.phase.noun)


def _description(s: SabaState, look: Look, result: str) -> str:
    """A plain-language summary for screen readers (``result``: the end in words, once over)."""
    counts = scoring_figures(s)
    open_cards = ", ".join(f"5.{i + 1} {card_name(c)}" for i, c in enumerate(s.display)) or _("none")
    built = sum(1 for c in s.gone if is_part(c) and s.levels[card_field(c) - 1] == card_shape(c))
    people = "; ".join(_("{player}: {figures}, resources {resources}, {cards}").format(
        player=look.names[p], resources=cost_text(pl.res),
        figures=ngettext("{n} scoring figure", "{n} scoring figures", counts[p]).format(n=counts[p]),
        cards=ngettext("{n} action card", "{n} action cards", len(pl.hand)).format(n=len(pl.hand)))
        for p, pl in enumerate(s.players))
    return ngettext("{status} Open palace cards: {cards}. {built} part standing. Vizier on the {district}. "
                    "{players}.",
                    "{status} Open palace cards: {cards}. {built} parts standing. Vizier on the {district}. "
                    "{players}.", built).format(status=result or _status(s, look), cards=open_cards, built=built,
                                                district=District(s.vizier).noun, players=people)


def status_text(state: SabaState, names: Sequence[str]) -> str:
    """The status line while the game goes on: whose turn it is, and from half the quiet end's
    moves without building on, how many are left (``names``: a label per player).

    >>> from pygame_rules.saba import GAME
    >>> status_text(GAME.new_game(2, seed=1), ["Ann", "Bob"])
    'To move: Ann'
    """
    return quiet.with_warning(turn_line(names, to_move(state)), state.quiet, state.quiet_end)


def end_reason(state: SabaState, names: Sequence[str]) -> str:
    """Why the game is over, and how the serail rule judged a tie for the most figures, in
    whole sentences of the active language (``names``: one per player).

    >>> from pygame_rules.saba import GAME
    >>> from dataclasses import replace
    >>> over = replace(GAME.new_game(2, seed=1), gone=(END_CARD,), serail=(1, 0, 1))
    >>> end_reason(over, ["Ann", "Bob"])
    'The game ended when Ann built the end card. The serail rule broke the tie: Bob has the most markers in the serail.'
    """
    if END_CARD in state.gone:
        ended = _("The game ended when {player} built the end card.").format(player=names[state.current])
    elif not parts_left(state.display, state.palace_deck):
        ended = _("The game ended because every palace building card was built or removed.")
    else:
        ended = quiet.ended(state.quiet_end)
    counts = scoring_figures(state)
    tied = [p for p, n in enumerate(counts) if n == max(counts)]
    if len(tied) == 1:
        return ended
    best = serail_decide(tied, state.serail)
    if len(best) > 1:
        tie = _("None of them has a marker in the serail, so the serail rule cannot break the tie.")
    elif sum(state.serail.count(p) == state.serail.count(best[0]) for p in tied) == 1:
        tie = _("The serail rule broke the tie: {player} has the most markers in the serail.").format(
            player=names[best[0]])
    else:
        tie = _("The serail rule broke the tie: {player}'s marker lies nearest to field 1.").format(
            player=names[best[0]])
    return f"{ended} {tie}"


# ------------------------------------------------------------------ the board
def _column(makers: Sequence[Maker], x: float, y: float, w: float) -> Block:
    parts = []
    for make in makers:
        block = make(x, y, w)
        parts.append(block.markup)
        y += block.height + 2 * GAP
    return Block(svg.join(parts), y)


def render_svg(seen: SabaState, viewer: int | None, look: Look, highlights: Mapping[str, Any]) -> str:
    """The board as ``viewer`` sees it (the caller passes the view already masked), with the
    ``highlights`` of the module docstring; ``result`` among them is the end of the game in
    words, shown in place of the status line once it is over."""
    turn = highlights.get("last_turn", {})
    result, portrait = str(highlights.get("result", "")), bool(highlights.get("portrait"))

    def ints(name: str) -> set[int]:
        return {int(v) for v in highlights.get(name, ())} | marked(name)

    def marked(name: str) -> set[int]:
        return {int(v) for v in turn.get(name, ())}
    counts = scoring_figures(seen)
    cards_hl = {str(c.value if isinstance(c, Card) else c) for c in highlights.get("cards", ())}
    harbour = _harbour(seen, ints("harbour"), marked("harbour"))
    build = _build_fields(seen, ints("build_fields"), marked("build_fields"))
    garden = _garden(seen, ints("garden"), marked("garden"), look)
    serail = _serail(seen, ints("serail"), marked("serail"), look)
    districts = _districts(seen, ints("districts"), marked("districts"), look)
    people = [_supply(seen, result, look)]
    people += [_player(seen, p, viewer, counts, cards_hl, look) for p in range(seen.num_players)]
    legend = _legend(look, seen.num_players, viewer)
    if portrait:
        columns = [_column([harbour, build, garden, serail, districts, *people, legend], GAP, GAP, COLUMN)]
        width, least = PORTRAIT_WIDTH, 0
    else:  # the city's outskirts, the palace and its city, the people: three columns
        columns = [_column([harbour, build, serail, legend], GAP, GAP, NARROW),
                   _column([garden, districts], 2 * GAP + NARROW, GAP, NARROW),
                   _column(people, 3 * GAP + 2 * NARROW, GAP, NARROW)]
        width, least = LANDSCAPE_WIDTH, LANDSCAPE_HEIGHT
    height = max(least, max(c.height for c in columns) - GAP)
    parts = [svg.el("rect", x=0, y=0, width=width, height=height, fill=BACKDROP, class_="backdrop",
                    aria_hidden="true"),
             *(c.markup for c in columns)]
    return svg.document(width, height, _(TITLE), _description(seen, look, result), parts, role="group",
                        class_="saba-board portrait" if portrait else "saba-board")
