"""What people see of a Babel position: the SVG as one viewer may see it, and the status line.

Clickable things carry data attributes for the web front end:

* wonders: ``data-wonder="w"``; tile spaces: ``data-wonder`` + ``data-tile="s"`` (0-based),
  with ``data-taken="1"`` once handed out;
* the viewer's hand: one card per kind with ``data-card="camel"`` (…) and ``data-count``;
  his exchange card ``data-card="exchange"``; his action cards ``data-action-card="joker"`` (…);
* offers: ``data-offer-player="p"`` (with ``data-sealed="1"`` while face down);
* player panels: ``data-player="p"``.

Highlights (keyword arguments of :func:`render_svg`): ``wonder`` (int) and ``tile``
((wonder, slot)) mark a selection on the board; ``cards`` (counts per kind) marks cards
selected in the viewer's hand (e.g. an offer being composed); ``offers`` (player indices)
marks offers selected for acceptance.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import svg
from ..protocol import Look
from .data import (
    COLOURS,
    FINAL_ROW,
    KIND_LETTERS,
    KINDS,
    OTHER_PLACE_POINTS,
    SCORING_ROWS,
    SET_BONUS,
    WONDERS,
    ActionCard,
    Counts,
    counts_text,
    tile_kinds,
)
from .legal import to_move
from .scoring import totals
from .state import BabelState, Phase

KIND_FILL = ("#c9a063", "#9a9a9a", "#8e5ea2", "#ecebe4")  # camel, crane, ship, stonemason
KIND_SHORT = ("camel", "crane", "ship", "mason")
W, H = 1000, 880
# Scoped to this board's root class, so an SVG inlined into a page styles nothing else.
STYLE = """
svg.babel .wonder.completed rect.frame{fill:#e6e0d0}
svg.babel [data-wonder],svg.babel [data-card],svg.babel [data-action-card],svg.babel [data-offer-player]{cursor:pointer}
svg.babel text{font-family:sans-serif}
"""


def render_svg(seen: BabelState, viewer: int | None, look: Look, **highlights: Any) -> str:
    """SVG of ``seen``, a state already masked for ``viewer`` (None: a spectator), with the
    seats filled and labelled as ``look`` says and the highlights of the module docstring."""
    parts = [svg.el("style", STYLE)]
    parts += [_wonder(seen, w, highlights, look.fills) for w in range(len(WONDERS))]
    parts.append(_scoring_table(seen))
    parts += [_player(seen, p, viewer, highlights, look) for p in range(seen.num_players)]
    if viewer is not None:
        parts.append(_hand(seen, viewer, highlights))
    names = [f"{c} (player {p})" for p, c in enumerate(COLOURS[:seen.num_players])]
    title = f"Der Turmbau zu Babel — {status_text(seen, names)}"
    return svg.document(W, H, title, _description(seen, viewer), parts, class_="babel")


def status_text(state: BabelState, names: Sequence[str] | None = None) -> str:
    """A short line for the UI: whose turn it is, or who won (``names``: a label per
    player, by default "Player 1", "Player 2", …).

    >>> from pygame_rules.babel import GAME
    >>> status_text(GAME.new_game(3, seed=1), ["Ann", "Bob", "Cid"])
    'To move: Ann'
    """
    names = names or [f"Player {p + 1}" for p in range(state.num_players)]
    if state.phase is not Phase.OVER:
        return "To move: " + ", ".join(names[p] for p in to_move(state))
    scores = totals(state)
    best = max(scores)
    won = [names[p] for p, score in enumerate(scores) if score == best]
    return f"{' and '.join(won)} {'win' if len(won) > 1 else 'wins'}"


def _description(state: BabelState, viewer: int | None) -> str:
    scores = totals(state)
    lines = []
    for p, pl in enumerate(state.players):
        known = f" (known: {counts_text(pl.shown)})" if any(pl.shown) else ""
        lines.append(f"{COLOURS[p]}: {scores[p]} points, {pl.hand_size} cards{known}, "
                     f"{len(pl.tiles)} tiles")
    built = state.tile
    if built is not None and state.target is not None:
        lines.append(f"{COLOURS[state.active]} builds {WONDERS[state.target.wonder]} "
                     f"({counts_text(built)})")
    if viewer is not None:
        lines.append(f"your hand: {counts_text(state.players[viewer].hand)}")
    return "; ".join(lines)


def _wonder(state: BabelState, w: int, hl: Mapping[str, Any], fills: Sequence[str]) -> str:
    wonder = state.wonders[w]
    x, y = 10 + (w % 4) * 245, 10 + (w // 4) * 200
    selected = hl.get("wonder") == w
    items = [svg.el("rect", class_="frame" + (" selected" if selected else ""), x=x, y=y,
                    width=235, height=190, rx=8, fill="#f7f1e3", stroke="#8a7a5a"),
             svg.el("text", WONDERS[w], x=x + 10, y=y + 20, font_size=14, font_weight="bold")]
    if wonder.scored_row is not None:
        first, second = SCORING_ROWS[wonder.scored_row]
        items.append(svg.el("text", f"completed, scored {first}/{second}", x=x + 10, y=y + 38,
                            font_size=11, fill="#555"))
    for s, tile in enumerate(wonder.slots):
        building = state.target is not None and (state.target.wonder, state.target.slot) == (w, s)
        items.append(_tile(tile, x + 40 + s * 75, y + 80, w, s,
                           building or hl.get("tile") == (w, s)))
    items += _elements(wonder.elements, x + 10, y + 140, fills)
    return svg.group(items, class_="wonder" + (" completed" if wonder.complete else ""),
                     data_wonder=w)


def _tile(tile: Counts | None, cx: int, cy: int, w: int, s: int, selected: bool) -> str:
    if tile is None:
        body = [svg.el("circle", cx=cx, cy=cy, r=30, fill="#ddd", stroke="#bbb"),
                svg.el("text", "taken", x=cx, y=cy + 4, font_size=11, text_anchor="middle",
                       fill="#888")]
        return svg.group(body, class_="tile taken", data_wonder=w, data_tile=s, data_taken=1)
    kinds = tile_kinds(tile)
    body = [svg.el("circle", cx=cx, cy=cy, r=30, fill=KIND_FILL[kinds[0]],
                   stroke="#000" if selected else "#5a4a3a", stroke_width=3 if selected else 1,
                   class_="selected" if selected else None)]
    if len(kinds) == 2:
        body.append(svg.el("path", d=f"M{cx} {cy - 30} A30 30 0 0 1 {cx} {cy + 30} Z",
                           fill=KIND_FILL[kinds[1]]))
    for i, k in enumerate(kinds):
        dy = (i - (len(kinds) - 1) / 2) * 16
        body.append(svg.el("text", f"{tile[k]} {KIND_SHORT[k]}", x=cx, y=cy + dy + 4,
                           font_size=11, text_anchor="middle"))
    return svg.group(body, class_="tile" + (" selected" if selected else ""), data_wonder=w,
                     data_tile=s)


def _elements(elements: tuple[int, ...], x: int, y: int, fills: Sequence[str]) -> list[str]:
    """Element value per player on a wonder, as coloured boxes with the number."""
    out = []
    for p, value in enumerate(elements):
        bx = x + p * 44
        out.append(svg.el("rect", x=bx, y=y, width=38, height=30, rx=4, fill=fills[p],
                          opacity=1 if value else 0.25, class_=f"elements player-{p}",
                          data_player=p))
        out.append(svg.el("text", str(value), x=bx + 19, y=y + 20, font_size=14,
                          text_anchor="middle", fill="#fff" if value else "#333"))
    return out


def _scoring_table(state: BabelState) -> str:
    x, y = 10, 420
    items = [svg.el("text", "Scoring: 1st / 2nd / other", x=x, y=y, font_size=13,
                    font_weight="bold")]
    over = state.phase is Phase.OVER
    rows = list(SCORING_ROWS) + [FINAL_ROW]
    for r, (first, second) in enumerate(rows):
        final = r == len(SCORING_ROWS)
        here = (state.marker == r and not over) or (final and over)
        ry = y + 10 + r * 22
        items.append(svg.el("rect", x=x, y=ry, width=170, height=20, class_="row",
                            fill="#fff3b0" if final else "#fff", stroke="#8a7a5a",
                            data_row=r))
        label = f"{first} / {second} / {OTHER_PLACE_POINTS}" + ("  (end)" if final else "")
        items.append(svg.el("text", label, x=x + 30, y=ry + 15, font_size=12))
        if here:
            items.append(svg.el("circle", cx=x + 14, cy=ry + 10, r=7, fill="#d8c8a0",
                                stroke="#000", class_="marker"))
    bonus = "  ".join(f"{n}:{SET_BONUS[n]}" for n in range(1, 7))
    items.append(svg.el("text", "Set bonus (tiles of one kind : VP)", x=x, y=y + 200,
                        font_size=11, font_weight="bold"))
    items.append(svg.el("text", bonus, x=x, y=y + 216, font_size=11, class_="set-bonus"))
    return svg.group(items, class_="scoring-table")


def _player(state: BabelState, p: int, viewer: int | None, hl: Mapping[str, Any],
            look: Look) -> str:
    pl = state.players[p]
    x, y = 200, 420 + p * 62
    movers = to_move(state)
    active = p == state.active and state.phase is not Phase.OVER
    score = totals(state)[p]
    name = f"{look.names[p]}{' (you)' if p == viewer else ''}{'  ▶ active' if active else ''}"
    items = [svg.el("rect", x=x, y=y, width=560, height=56, rx=6, fill="#fff",
                    stroke="#000" if p in movers else "#aaa", stroke_width=3 if p in movers else 1),
             svg.el("rect", x=x, y=y, width=10, height=56, fill=look.fills[p]),
             svg.el("text", name, x=x + 18, y=y + 18, font_size=13, font_weight="bold"),
             svg.el("text", f"{score} VP · {pl.hand_size} cards · {len(pl.actions)} action cards"
                    f" · tiles: {_tiles_text(pl.tiles)}", x=x + 18, y=y + 36, font_size=11)]
    if p == viewer or state.phase is Phase.OVER:
        cards = ", ".join(a.value for a in pl.actions if a is not ActionCard.HIDDEN)
        if cards:
            items.append(svg.el("text", f"action cards: {cards}", x=x + 18, y=y + 50,
                                font_size=10, fill="#555"))
    elif any(pl.shown):  # what everybody saw come back to his hand
        items.append(svg.el("text", f"known in hand: {counts_text(pl.shown)}", x=x + 18,
                            y=y + 50, font_size=10, fill="#555", class_="shown"))
    if state.offers and state.offers[p] is not None:
        items.append(_offer(state, p, x + 380, y + 6, p in hl.get("offers", ())))
    return svg.group(items, class_="player" + (" to-move" if p in movers else ""), data_player=p)


def _tiles_text(tiles: tuple[Counts, ...]) -> str:
    return ", ".join("+".join(f"{t[k]}{KIND_LETTERS[k]}" for k in tile_kinds(t))
                     for t in tiles) or "none"


def _offer(state: BabelState, p: int, x: int, y: int, selected: bool) -> str:
    offer = state.offers[p]
    assert offer is not None
    if not state.revealed:
        body = [svg.el("rect", x=x, y=y, width=170, height=44, rx=4, fill="#5a4a3a"),
                svg.el("text", "offer (sealed)", x=x + 85, y=y + 27, font_size=12,
                       text_anchor="middle", fill="#fff")]
        return svg.group(body, class_="offer sealed", data_offer_player=p, data_sealed=1)
    text = counts_text(offer.cards) + (" + exchange" if offer.exchange else "")
    body = [svg.el("rect", x=x, y=y, width=170, height=44, rx=4, fill="#fffbe8",
                   stroke="#000" if selected else "#8a7a5a", stroke_width=3 if selected else 1),
            svg.el("text", text, x=x + 85, y=y + 20, font_size=11, text_anchor="middle")]
    if any(offer.returned):
        body.append(svg.el("text", f"back: {counts_text(offer.returned)}", x=x + 85, y=y + 36,
                           font_size=10, text_anchor="middle", fill="#777"))
    return svg.group(body, class_="offer revealed" + (" selected" if selected else ""),
                     data_offer_player=p)


def _hand(state: BabelState, viewer: int, hl: Mapping[str, Any]) -> str:
    me = state.players[viewer]
    chosen = hl.get("cards") or (0, 0, 0, 0)
    x, y = 770, 420
    items = [svg.el("text", "Your hand", x=x, y=y, font_size=13, font_weight="bold")]
    for k, count in enumerate(me.hand):
        cy = y + 10 + k * 50
        picked = chosen[k]
        items.append(svg.group([
            svg.el("rect", x=x, y=cy, width=210, height=44, rx=5, fill=KIND_FILL[k],
                   stroke="#000" if picked else "#5a4a3a", stroke_width=3 if picked else 1),
            svg.el("text", f"{KINDS[k]} × {count}" + (f"  ({picked} chosen)" if picked else ""),
                   x=x + 10, y=cy + 27, font_size=13)],
            class_="card" + (" selected" if picked else ""), data_card=KINDS[k], data_count=count))
    ey = y + 215
    if me.exchange:
        items.append(svg.group([
            svg.el("rect", x=x, y=ey, width=210, height=30, rx=5, fill="#222"),
            svg.el("text", "exchange card", x=x + 10, y=ey + 20, font_size=12, fill="#fff")],
            class_="card exchange", data_card="exchange"))
    for i, card in enumerate(me.actions):
        ay = ey + 36 + i * 26
        items.append(svg.group([
            svg.el("rect", x=x, y=ay, width=210, height=22, rx=4, fill="#cfe0f5", stroke="#3a5a8a"),
            svg.el("text", card.value, x=x + 10, y=ay + 16, font_size=12)],
            class_="action-card", data_action_card=card.value))
    return svg.group(items, class_="hand", data_player=viewer)
