"""SVG picture of a Saba position, built from data.

Clickable things carry ``data-*`` attributes with the numbers the actions use:

* ``data-harbour="1..4"`` harbour fields (:class:`TakeHarbour`, harbourmaster),
  ``data-harbour-face="1..4"`` with ``data-player`` on the harbour cards in front of a player;
* ``data-build-field="0..2"`` open palace cards on 5.1..5.3 (:class:`Build`/:class:`RemoveCard` slot);
* ``data-garden="1..8"`` garden fields; ``data-district="0..5"`` districts (vizier, figures, uses);
* ``data-serail="1..6"`` serail fields; ``data-resource="a|s|e|g"`` with ``data-player`` on a
  player's resources (``data-player="supply"`` for the general supply);
* ``data-card="A|S|E|G|O|C|H|W|K|M|R"`` the viewer's own action cards; ``data-player`` on each
  player panel.

Highlights (keyword arguments of ``GAME.render_svg``, each an iterable of the numbers
above): ``harbour``, ``build_fields``, ``garden``, ``districts``, ``serail``, ``cards``.
They add the class ``hl`` and a thick outline. ``palette`` and ``names`` (per seat)
restyle the players.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .. import svg
from ..protocol import Look
from .data import (
    COSTS,
    DISTRICT_GAIN,
    HARBOUR_CAPACITY,
    RES_COLOURS,
    RESOURCES,
    SURCHARGE,
    Card,
    District,
    Res,
    card_field,
    card_label,
    card_shape,
    cost_text,
    is_part,
)
from .scoring import leaders, scoring_figures
from .state import Phase, SabaState

WIDTH, HEIGHT = 1040, 720
FONT = "font-family:sans-serif"
SHAPE_GLYPH = {1: "⌒", 2: "◎", 3: "▮"}
HL_STROKE = "#e4007c"


def _frame(x: float, y: float, w: float, h: float, hl: bool, fill: str = "#fdf6e3",
           **attrs: Any) -> str:
    return svg.el("rect", x=x, y=y, width=w, height=h, rx=6, fill=fill,
                  stroke=HL_STROKE if hl else "#7a6a4f", stroke_width=4 if hl else 1.5, **attrs)


def _text(x: float, y: float, text: str, size: int = 13, anchor: str = "start",
          **attrs: Any) -> str:
    return svg.el("text", text, x=x, y=y, font_size=size, text_anchor=anchor, style=FONT,
                  fill=attrs.pop("fill", "#222"), **attrs)


def _token(x: float, y: float, res: Res, r: float = 7) -> str:
    return svg.el("circle", cx=x, cy=y, r=r, fill=RES_COLOURS[res], stroke="#555",
                  stroke_width=1, class_=f"resource res-{res.value}")


def _figure(x: float, y: float, owner: int, look: Look, size: float = 8,
            cls: str = "figure") -> str:
    return svg.el("circle", cx=x, cy=y, r=size, fill=look.fills[owner], stroke="#111",
                  stroke_width=1.5, class_=f"{cls} player-{owner}")


def _group(cls: str, hl: bool, children: Iterable[str], **data: Any) -> str:
    return svg.group(children, class_=cls + (" hl" if hl else ""), **data)


def _harbour(s: SabaState, hl: set[int]) -> str:
    parts = [_text(20, 36, "Harbour", 15, font_weight="bold")]
    for i, (kind, n) in enumerate(zip(s.harbour_res, s.harbour_n)):
        x = 20 + i * 92
        inner = [_frame(x, 44, 84, 64, i + 1 in hl),
                 _text(x + 6, 60, f"H{i + 1} ({HARBOUR_CAPACITY[i]})", 12),
                 _text(x + 78, 60, f"{n} {kind.label[:3]}", 11, "end")]
        inner += [_token(x + 12 + k * 15, 88, kind) for k in range(n)]
        parts.append(_group("harbour-field", i + 1 in hl, inner, data_harbour=i + 1))
    return svg.join(parts)


def _build_fields(s: SabaState, hl: set[int]) -> str:
    parts = [_text(20, 140, f"Build fields (palace deck: {len(s.palace_deck)})", 15,
                   font_weight="bold")]
    for slot in range(3):
        x = 20 + slot * 124
        inner = [_frame(x, 148, 116, 92, slot in hl and slot < len(s.display)),
                 _text(x + 6, 164, f"5.{slot + 1}", 12, font_weight="bold"),
                 _text(x + 110, 164, "●" * SURCHARGE[slot] or "free", 12, "end",
                       fill=RES_COLOURS[Res.GOLD] if SURCHARGE[slot] else "#777")]
        if slot < len(s.display):
            card = s.display[slot]
            price = [r for r in RESOURCES for _ in range(COSTS[card][r.index])]
            price += [Res.GOLD] * SURCHARGE[slot]
            inner.append(_text(x + 6, 188, card_label(card), 13))
            inner += [_token(x + 12 + 15 * k, 212, r, 6) for k, r in enumerate(price)]
            inner.append(_text(x + 6, 234, f"costs {len(price)}", 10, fill="#555"))
        parts.append(_group("build-field", slot in hl, inner, data_build_field=slot))
    return svg.join(parts)


GARDEN_CX, GARDEN_CY, GARDEN_R = 575, 222, 140


def _garden(s: SabaState, hl: set[int], look: Look) -> str:
    cx, cy, radius = GARDEN_CX, GARDEN_CY, GARDEN_R
    parts = [svg.el("circle", cx=cx, cy=cy, r=radius + 40, fill="#e8f3dc", stroke="#7a9a5a"),
             _text(cx - radius - 20, 36, "Palace garden", 15, font_weight="bold")]
    for f in range(8):
        angle = math.pi * (f / 4 - 0.5)
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        level, owner, lying = s.levels[f], s.balcony[f], s.stash[f]
        inner = [svg.el("circle", cx=x, cy=y, r=32, fill="#fffaf0",
                        stroke=HL_STROKE if f + 1 in hl else "#7a6a4f",
                        stroke_width=4 if f + 1 in hl else 1.5),
                 _text(x, y - 16, str(f + 1), 11, "middle", fill="#777"),
                 _text(x, y + 6, "".join(SHAPE_GLYPH[k] for k in range(1, level + 1)) or "—",
                       15, "middle")]
        if owner is not None:
            inner.append(_figure(x + 18, y + 18, owner, look, 9, "figure balcony"))
        if lying is not None:
            inner.append(_token(x - 18, y + 18, lying, 6))
        parts.append(_group("garden-field", f + 1 in hl, inner, data_garden=f + 1))
    return svg.join(parts)


def _palace(s: SabaState, hl: set[int], look: Look) -> str:
    """The palace in the garden's middle: treasury figures and the serail fields."""
    cx, cy = GARDEN_CX, GARDEN_CY
    parts = [_frame(cx - 75, cy - 70, 150, 140, False, "#f4e4c1"),
             _text(cx, cy - 54, "Treasury", 12, "middle", font_weight="bold")]
    parts += [_figure(cx - 12 + 24 * i, cy - 34, o, look, 9, "figure treasury")
              for i, o in enumerate(s.treasury)]
    parts.append(_text(cx, cy - 6, f"Serail ({s.serail_size} fields)", 11, "middle",
                       font_weight="bold"))
    front = s.serail.index(s.serail_figure) if s.serail_figure is not None else -1
    for i in range(s.serail_size):
        x, y = cx - 70 + (i % 3) * 47, cy + 2 + (i // 3) * 30
        inner = [_frame(x, y, 43, 26, i + 1 in hl, "#fff"), _text(x + 3, y + 10, str(i + 1), 9)]
        if i < len(s.serail):
            owner = s.serail[i]
            inner.append(svg.el("rect", x=x + 12, y=y + 6, width=16, height=14, rx=3,
                                fill=look.fills[owner], stroke="#111", class_=f"marker player-{owner}"))
        if i == front:
            inner.append(_figure(x + 35, y + 13, s.serail[i], look, 6, "figure serail"))
        parts.append(_group("serail-field", i + 1 in hl, inner, data_serail=i + 1))
    return svg.join(parts)


def _districts(s: SabaState, hl: set[int], look: Look) -> str:
    parts = [_text(20, 470, "City districts", 15, font_weight="bold")]
    for d in District:
        x = 20 + d * 122
        gain = DISTRICT_GAIN[d]
        what = f"+1 {gain.label}" if gain else ("gold ↔ material" if d == District.EXCHANGE
                                               else "material ↔ material")
        inner = [_frame(x, 478, 114, 92, d in hl, "#efe6f7"),
                 _text(x + 6, 494, d.label, 12, font_weight="bold"),
                 _text(x + 6, 510, what, 10)]
        inner += _district_figures(x, s.districts[d], look)
        if s.uses[d]:
            inner.append(_text(x + 108, 562, f"{s.uses[d]} use{'s' if s.uses[d] > 1 else ''}",
                               10, "end"))
        if s.vizier == d:
            inner += [svg.el("rect", x=x + 88, y=520, width=16, height=28, rx=5, fill="#111",
                             class_="vizier"), _text(x + 96, 560, "vizier", 9, "middle")]
        parts.append(_group("district", d in hl, inner, data_district=int(d)))
    return svg.join(parts)


def _district_figures(x: float, figures: tuple[int, ...], look: Look) -> list[str]:
    """The figures in a district: one row of up to 4, two rows when shared districts hold more."""
    if len(figures) <= 4:
        return [_figure(x + 16 + 20 * k, 536, owner, look, 8, "figure district")
                for k, owner in enumerate(figures)]
    return [_figure(x + 14 + 18 * (k % 4), 530 + 18 * (k // 4), owner, look, 8, "figure district")
            for k, owner in enumerate(figures)]


def _player(s: SabaState, p: int, viewer: int | None, counts: tuple[int, ...],
            cards_hl: set[str], look: Look) -> str:
    x, y = 770, 20 + p * 150
    me = s.players[p]
    active = p in ((s.decider,) if s.phase == Phase.SERAIL else (s.current,))
    parts = [_frame(x, y, 255, 140, active, "#ffffff"),
             svg.el("rect", x=x, y=y, width=10, height=140, rx=3, fill=look.fills[p]),
             _text(x + 18, y + 18, f"{look.names[p]}: {counts[p]} figure"
                   f"{'s' if counts[p] != 1 else ''} scoring", 13, font_weight="bold")]
    for i, r in enumerate(RESOURCES):
        rx = x + 28 + i * 56
        parts.append(svg.group([_token(rx, y + 36, r), _text(rx + 11, y + 41, str(me.res[r.index]), 12)],
                               class_="player-resource", data_resource=r.value, data_player=p))
    parts.append(_text(x + 18, y + 64, f"supply: {me.figures} figures, {me.markers} markers", 11))
    for i, face in enumerate(me.faces):
        fx = x + 18 + i * 50
        parts.append(svg.group([_frame(fx, y + 72, 42, 24, False, "#dbe9f7"),
                                _text(fx + 21, y + 89, f"H{face}", 12, "middle")],
                               class_="harbour-card", data_harbour_face=face, data_player=p))
    parts.append(_hand(s, p, viewer, x + 18, y + 116, cards_hl))
    return svg.group(parts, class_="player-panel" + (" active" if active else ""), data_player=p)


def _hand(s: SabaState, p: int, viewer: int | None, x: float, y: float, hl: set[str]) -> str:
    hand = s.players[p].hand
    if p != viewer:
        return _text(x, y, f"action cards: {len(hand)}", 11)
    parts = [_text(x, y, "hand:", 11)]
    for i, card in enumerate(hand):
        cx = x + 34 + i * 54
        is_hl = card.value in hl
        fill = RES_COLOURS[card.resource] if card.resource else "#cfe0c3"
        parts.append(svg.group(
            [svg.el("rect", x=cx, y=y - 14, width=52, height=22, rx=4, fill=fill,
                    stroke=HL_STROKE if is_hl else "#555", stroke_width=3 if is_hl else 1),
             _text(cx + 26, y + 1, card.label, 8, "middle",
                   fill="#fff" if card == Card.EBONY else "#111")],
            class_="action-card" + (" hl" if is_hl else ""), data_card=card.value))
    return svg.join(parts)


def _footer(s: SabaState, look: Look) -> str:
    parts = [_text(20, 600, "Supply:", 13, font_weight="bold")]
    for i, r in enumerate(RESOURCES):
        parts.append(svg.group([_token(90 + i * 60, 596, r), _text(101 + i * 60, 601, str(s.supply[i]))],
                               class_="supply-resource", data_resource=r.value, data_player="supply"))
    parts.append(_text(20, 628, f"Action cards: {len(s.action_deck)} in the deck, "
                                f"{len(s.discard)} discarded"
                                + (f" (top: {s.discard[-1].label})" if s.discard else ""), 12))
    parts.append(_text(20, 652, _status(s, look), 13, font_weight="bold"))
    return svg.join(parts)


def _status(s: SabaState, look: Look) -> str:
    if s.phase == Phase.OVER:
        best = " and ".join(look.names[p] for p in leaders(s))
        return f"The game is over: {best} won."
    if s.phase == Phase.SERAIL:
        return f"{look.names[s.decider or 0]} decides on a serail marker."
    return f"{look.names[s.current]} to move: {s.phase.value} step."


def describe(s: SabaState, look: Look) -> str:
    """A plain-language summary for screen readers."""
    counts = scoring_figures(s)
    open_cards = ", ".join(f"5.{i + 1} {card_label(c)}" for i, c in enumerate(s.display)) or "none"
    built = sum(1 for c in s.gone if is_part(c) and s.levels[card_field(c) - 1] == card_shape(c))
    people = "; ".join(f"{look.names[p]}: {counts[p]} scoring figures, resources "
                       f"{cost_text(pl.res)}, {len(pl.hand)} action cards"
                       for p, pl in enumerate(s.players))
    return (f"{_status(s, look)} Open palace cards: {open_cards}. {built} parts standing. "
            f"Vizier on the {District(s.vizier).label}. {people}.")


def render_svg(state: SabaState, viewer: int | None, look: Look, **highlights: Any) -> str:
    """The board as ``viewer`` sees it (the caller passes the view already masked)."""
    def ints(name: str) -> set[int]:
        return {int(v) for v in highlights.get(name, ())}
    counts = scoring_figures(state)
    parts = [svg.el("rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill="#f7efd9"),
             _harbour(state, ints("harbour")), _build_fields(state, ints("build_fields")),
             _garden(state, ints("garden"), look), _palace(state, ints("serail"), look),
             _districts(state, ints("districts"), look), _footer(state, look)]
    cards_hl = {str(c.value if isinstance(c, Card) else c) for c in highlights.get("cards", ())}
    parts += [_player(state, p, viewer, counts, cards_hl, look) for p in range(state.num_players)]
    return svg.document(WIDTH, HEIGHT, "Saba – Palast der Königin", describe(state, look), parts,
                        class_="saba-board")
