"""The Babel board for everyone (issue 27): named controls, a legend, text that is large
enough on a phone, fits its box and stands out from what it sits on, a portrait drawing with
the same controls, and the end of the game in plain words."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pytest
from layout_helpers import label_in_name
from test_babel_rulebook import RED, YELLOW, ship_example

from conformance import random_game
from pygame_rules.babel import GAME, Build, Offer
from pygame_rules.babel.render import LANDSCAPE_WIDTH, PORTRAIT_BELOW
from pygame_rules.examples import example
from pygame_rules.i18n import using
from pygame_rules.svg import contrast, text_width

NS = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "nl", "de", "fr")
PHONE, MIN_PX, TAP_PX = 390, 11, 40


@dataclass(frozen=True)
class Shape:
    """A filled area: a box, a circle, or the upper half of a circle (a two-colour tile)."""

    kind: str
    fill: str
    x0: float
    y0: float
    x1: float
    y1: float

    def holds(self, x: float, y: float) -> bool:
        if self.kind == "box":
            return self.x0 - 0.5 <= x <= self.x1 + 0.5 and self.y0 - 0.5 <= y <= self.y1 + 0.5
        r = (self.x1 - self.x0) / 2
        cx, cy = self.x0 + r, (self.y1 if self.kind == "top" else self.y0 + r)
        return math.hypot(x - cx, y - cy) <= r + 0.5 and (self.kind != "top" or y <= cy + 0.5)


@dataclass(frozen=True)
class Label:
    text: str
    size: float
    fill: str
    x0: float
    y0: float
    x1: float
    y1: float
    on: Shape


def num(e: ET.Element, name: str) -> float:
    return float(e.get(name, "0"))


def shape(e: ET.Element) -> Shape | None:
    fill = e.get("fill")
    if not fill or fill == "none":
        return None
    if e.tag == f"{NS}rect":
        x, y = num(e, "x"), num(e, "y")
        return Shape("box", fill, x, y, x + num(e, "width"), y + num(e, "height"))
    if e.tag == f"{NS}circle":
        cx, cy, r = num(e, "cx"), num(e, "cy"), num(e, "r")
        return Shape("circle", fill, cx - r, cy - r, cx + r, cy + r)
    if e.tag == f"{NS}path":  # M{x0} {cy} A{r} {r} 0 0 1 {x1} {cy} Z: the upper half
        x0, cy, r, _r, x1 = (float(v) for v in re.findall(r"-?[\d.]+", e.get("d", ""))[:6] if v not in ("0", "1"))
        return Shape("top", fill, x0, cy - r, x1, cy)
    return None


def labels(root: ET.Element) -> Iterator[Label]:
    """Every text with its box (from the estimated width) and the shape drawn last below its middle."""
    shapes: list[Shape] = []
    for e in root.iter():
        found = shape(e)
        if found:
            shapes.append(found)
        if e.tag != f"{NS}text":
            continue
        size, text = num(e, "font-size"), e.text or ""
        width = text_width(text, size, e.get("font-weight") == "bold")
        x, y = num(e, "x"), num(e, "y")
        x0 = {"middle": x - width / 2, "end": x - width}.get(e.get("text-anchor", ""), x)
        box = (x0, y - 0.75 * size, x0 + width, y + 0.2 * size)
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        on = next(s for s in reversed(shapes) if s.holds(*middle))
        yield Label(text, size, e.get("fill", "#000"), *box, on)


def boards(lang: str, portrait: bool) -> Iterator[tuple[str, ET.Element]]:
    """Boards of many moments, each as the players and a spectator see it."""
    with using(lang):
        for name, state, viewers in moments():
            for viewer in viewers:
                svg = GAME.render_svg(state, viewer, portrait=portrait, wonder=0, tile=(7, 0), cards=(0, 0, 1, 0),
                                      offers=(1,))
                yield f"{name} viewer {viewer}", ET.fromstring(svg)


def moments() -> Iterator[tuple[str, object, tuple[int | None, ...]]]:
    ship = ship_example()
    yield "ship example", ship, (RED, YELLOW, None)
    sealed = GAME.apply(GAME.apply(example("babel", "offers").start(), RED, Build(7, 0)), YELLOW,
                        Offer((0, 0, 2, 0), True))
    yield "sealed offers", sealed, (RED, YELLOW, None)
    for seed, players, options in ((1, 5, {}), (2, 4, {"two_colour_tiles": True}), (3, 3, {})):
        end = random_game(GAME, players, seed, options=options, deep_checks=False)
        yield f"end of game {seed}", end, (0, None)


def clickable(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if any(k.startswith("data-") for k in e.attrib)
            and ({"data-card", "data-offer-player"} & set(e.attrib) or
                 ("data-tile" in e.attrib and "data-taken" not in e.attrib))]


def address(e: ET.Element) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, v) for k, v in e.attrib.items() if k.startswith("data-") and k != "data-count"))


# ------------------------------------------------------------------ controls and names
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("portrait", [False, True])
def test_every_control_is_a_named_button(lang: str, portrait: bool) -> None:
    for name, root in boards(lang, portrait):
        assert root.get("role") == "group" and root.find(f"{NS}title").text, name
        assert root.find(f"{NS}desc").text, name
        controls = clickable(root)
        assert controls, name
        for e in controls:
            assert e.get("role") == "button" and e.get("aria-label", "").strip(), (name, e.attrib)
        named = [e for e in root.iter() if e.get("aria-label") is not None]
        assert all(e.get("aria-label").strip() for e in named), name


def test_controls_say_what_and_where() -> None:
    root = ET.fromstring(GAME.render_svg(ship_example(), YELLOW))
    names = {e.get("aria-label") for e in clickable(root)}
    assert {"5 ship: Tower of Babel, space 1", "ship × 1 in your hand", "your exchange card",
            "green's offer: 2 ships + exchange"} <= names
    with using("de"):
        root = ET.fromstring(GAME.render_svg(ship_example(), YELLOW))
    assert "5 Schiff: Turm zu Babel, Feld 1" in {e.get("aria-label") for e in clickable(root)}


def test_the_portrait_board_has_the_same_controls() -> None:
    for (name, wide), (_name, tall) in zip(boards("en", False), boards("en", True), strict=True):
        assert sorted(map(address, clickable(wide))) == sorted(map(address, clickable(tall))), name
        assert "portrait" in tall.get("class", "").split() and "portrait" not in wide.get("class", "").split()


def test_decoration_is_hidden_and_the_legend_explains_the_tiles() -> None:
    root = ET.fromstring(GAME.render_svg(ship_example(), RED))
    legend = [e for e in root.iter() if e.get("class") == "legend"]
    assert len(legend) == 1
    words = " ".join(e.text or "" for e in legend[0].iter(f"{NS}text"))
    for kind in ("camel tile", "crane tile", "ship tile", "stonemason tile", "building elements"):
        assert kind in words
    frames = [e for e in root.iter() if e.get("class", "").startswith("frame")]
    assert frames and all(e.get("aria-hidden") == "true" for e in frames)


# ------------------------------------------------------------------ legible on a phone
@pytest.mark.parametrize("lang", LANGS)
def test_text_is_large_enough_on_a_phone(lang: str) -> None:
    for name, root in boards(lang, True):
        width = float(root.get("viewBox", "").split()[2])
        smallest = min(num(e, "font-size") for e in root.iter(f"{NS}text"))
        assert smallest * PHONE / width >= MIN_PX, name


def test_the_landscape_board_asks_for_portrait_where_its_text_would_be_small() -> None:
    root = ET.fromstring(GAME.render_svg(ship_example(), RED))
    smallest = min(num(e, "font-size") for e in root.iter(f"{NS}text"))
    assert smallest * PORTRAIT_BELOW / LANDSCAPE_WIDTH >= MIN_PX


def test_tap_targets_are_large_enough_on_a_phone() -> None:
    for name, root in boards("en", True):
        scale = PHONE / float(root.get("viewBox", "").split()[2])
        for e in clickable(root):
            areas = [s for s in map(shape, e.iter()) if s]
            width = max(s.x1 for s in areas) - min(s.x0 for s in areas)
            height = max(s.y1 for s in areas) - min(s.y0 for s in areas)
            assert min(width, height) * scale >= TAP_PX, (name, e.attrib)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("portrait", [False, True])
def test_text_fits_its_box_and_never_overlaps(lang: str, portrait: bool) -> None:
    for name, root in boards(lang, portrait):
        placed = list(labels(root))
        for label in placed:
            on = label.on
            corners = [(label.x0, label.y0), (label.x1, label.y0), (label.x0, label.y1), (label.x1, label.y1)]
            assert all(on.holds(*c) for c in corners), (name, label.text, on)
        for i, a in enumerate(placed):
            for b in placed[i + 1:]:
                apart = a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0
                assert apart, (name, a.text, b.text)


@pytest.mark.parametrize("lang", LANGS)
def test_text_contrast(lang: str) -> None:
    for name, root in boards(lang, False):
        for label in labels(root):
            assert contrast(label.fill, label.on.fill) >= 4.5, (name, label.text, label.fill, label.on.fill)


# ------------------------------------------------------------------ the end in plain words
@pytest.mark.parametrize(("lang", "result"), [
    ("en", "Red wins with 40 points. The game ended when Red built the last camel tile."),
    ("de", "Rot gewinnt mit 40 Punkten. Das Spiel endete, als Rot die letzte Kamel-Bauscheibe baute."),
])
def test_the_result_says_who_won_and_why_the_game_ended(lang: str, result: str) -> None:
    end = example("babel", "final-scoring").states()[-1]
    with using(lang):
        names = ["Red", "Yellow", "Green", "Blue"] if lang == "en" else GAME.seat_names()
        assert GAME.result_text(end, names) == result
        assert GAME.result_text(example("babel", "final-scoring").start()) == ""


def test_a_shared_win_and_two_kinds_ending_at_once() -> None:
    end = example("babel", "final-scoring").states()[-1]
    tied = replace(end.with_player(YELLOW, end.players[RED]),
                   wonders=tuple(replace(w, elements=(w.elements[RED],) * 2 + w.elements[2:]) for w in end.wonders))
    assert GAME.result_text(tied, ["Ann", "Bob", "Cid", "Dee"]) == \
        "Ann and Bob share the win with 30 points each. The game ended when Ann built the last camel tile."
    ships_gone = replace(end, wonders=tuple(
        replace(w, slots=tuple(None if t is not None and t[2] else t for t in w.slots)) for w in end.wonders))
    assert GAME.end_reason(ships_gone, ["Ann", "Bob", "Cid", "Dee"]) == \
        "The game ended when Ann built the last tile of camel and ship."


def test_refusals_count_players_as_the_status_line_does() -> None:
    start = example("babel", "offers").start()
    assert GAME.status_text(start) == "To move: Player 1"
    assert GAME.why_illegal(start, YELLOW, Build(7, 0)) == "player 2 is not to move now"


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", LANGS)
def test_each_controls_name_holds_the_words_it_shows(lang: str, portrait: bool) -> None:
    """WCAG 2.5.3 "label in name", as axe-core checks it in the browser."""
    for name, root in boards(lang, portrait):
        for e in clickable(root):
            assert label_in_name(e), (name, "".join(e.itertext()), e.get("aria-label"))
