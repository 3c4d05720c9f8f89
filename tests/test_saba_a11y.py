"""The Saba board for everyone (issue 27): named controls, a legend, text large enough on a phone
and standing out from what it sits on, tap targets, a portrait drawing with the same controls,
and the end of the game in plain words."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pytest
from layout_helpers import label_in_name
from test_saba_helpers import BLUE, RED, YELLOW, E, garden, make, palace, placed, vec

from conformance import random_game
from pygame_rules import svg
from pygame_rules.i18n import using
from pygame_rules.saba import GAME, Card, Phase, TakeHarbour
from pygame_rules.saba.data import END_CARD
from pygame_rules.saba.interaction import SabaInteraction
from pygame_rules.saba.render import LANDSCAPE_WIDTH, PORTRAIT_BELOW, PORTRAIT_WIDTH

NS = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "nl", "de", "fr")
PHONE, MIN_PX, TAP_PX = 390, 11, 40
HIGHLIGHTS = {"harbour": [2], "build_fields": [0], "garden": [3], "districts": [4], "serail": [1], "cards": ["W"]}


def midgame() -> object:
    hand = (Card.GUARD, Card.GOLD, Card.CARAVAN, Card.EBONY, Card.HARBOURMASTER)
    return make(pro=True, hands=[hand, (Card.CARAVAN,), ()],
                res=[vec(a=1, g=2), vec(e=3), vec()], serail=(RED, BLUE), serail_figure=RED, treasury=(YELLOW,),
                stash=(E,) + (None,) * 7, districts=placed({0: (BLUE, BLUE), 3: (RED,)}),
                **garden({1: BLUE, 2: RED}), **palace("A3,A4,A5", gone="A1,A2"))


def moments() -> Iterator[tuple[str, object, tuple[int | None, ...]]]:
    yield "midgame", midgame(), (BLUE, None)
    for seed, players, options in ((1, 4, {"pro": True}), (2, 3, {"shared_districts": True})):
        yield f"end of game {seed}", random_game(GAME, players, seed, options=options, deep_checks=False), (0, None)


def boards(lang: str, portrait: bool) -> Iterator[tuple[str, ET.Element]]:
    with using(lang):
        for name, state, viewers in moments():
            for viewer in viewers:
                yield f"{name} viewer {viewer}", ET.fromstring(
                    GAME.render_svg(state, viewer, portrait=portrait, **HIGHLIGHTS))


def controls(root: ET.Element) -> list[ET.Element]:
    """Everything a click may land on but the player panels (groups holding controls)."""
    return [e for e in root.iter() if any(k.startswith("data-") for k in e.attrib)
            and e.get("class", "").split()[0] != "player-panel"]


def address(e: ET.Element) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, v) for k, v in e.attrib.items() if k.startswith("data-")))


# ------------------------------------------------------------------ named controls
@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", LANGS)
def test_every_control_is_a_named_button(lang: str, portrait: bool) -> None:
    for name, root in boards(lang, portrait):
        assert root.get("role") == "group" and root.find(f"{NS}title").text.startswith("Saba"), name
        assert root.find(f"{NS}desc").text, name
        found = controls(root)
        assert len(found) > 30, name
        for e in found:
            assert e.get("role") == "button" and e.get("aria-label", "").strip(), (name, e.attrib)
        labels = [e.get("aria-label") for e in found]
        assert len(set(labels)) == len(labels), name  # each says where it is
        panels = [e for e in root.iter() if e.get("class", "").startswith("player-panel")]
        assert all(p.get("role") == "group" and p.get("aria-label") for p in panels), name


def test_labels_say_what_is_where() -> None:
    root = ET.fromstring(GAME.render_svg(midgame(), BLUE, harbour=[3]))
    names = {e.get("aria-label") for e in controls(root)}
    garden_1 = "garden field 1: arch; blue's figure on the balcony; 1 ebony lies here"
    assert {garden_1, "serail field 1: red's marker, with the serail figure", "serail field 3: empty",
            "district stonemasons, +1 alabaster: figures of blue and blue", "action card guard in your hand",
            "blue: 2 gold", "general supply: 12 alabaster"} <= names, names
    assert any(n.startswith("harbour field H3: ") and n.endswith("; ringed") for n in names)
    with using("de"):
        root = ET.fromstring(GAME.render_svg(midgame(), BLUE))
    names = {e.get("aria-label") for e in controls(root)}
    assert "Blau: 2 Gold" in names and "Aktionskarte Serailwächter auf deiner Hand" in names, names


def test_the_interactions_targets_are_named_controls() -> None:
    state = GAME.new_game(3, seed=5, options={"pro": True})
    ui = SabaInteraction(GAME)
    root = ET.fromstring(GAME.render_svg(state, 0))
    named = {address(e) for e in controls(root)}
    for target in ui.clickable(state, 0):
        assert tuple(sorted((f"data-{k}", v) for k, v in target.items())) in named


def test_decoration_is_hidden() -> None:
    root = ET.fromstring(GAME.render_svg(midgame(), BLUE))
    for e in root.iter():
        if e.tag in (f"{NS}rect", f"{NS}circle", f"{NS}polygon"):
            assert e.get("aria-hidden") == "true", e.attrib


# ------------------------------------------------------------------------ legend
@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("alabaster", "sandstone", "ebony", "gold", "serail marker", "the vizier", "arch", "column")),
    ("de", ("Alabaster", "Sandstein", "Ebenholz", "Gold", "Serailmarker", "der Wesir", "Torbogen", "Säule")),
])
def test_the_legend_names_resources_and_pieces(lang: str, words: tuple[str, ...]) -> None:
    with using(lang):
        root = ET.fromstring(GAME.render_svg(midgame(), BLUE))
    legend = [e for e in root.iter() if e.get("class") == "legend"]
    assert len(legend) == 1
    texts = [t.text for t in legend[0].iter(f"{NS}text")]
    assert all(w in texts for w in words), texts


# ------------------------------------------------------------------ legible on a phone
def view_width(root: ET.Element) -> float:
    return float(root.get("viewBox", "").split()[2])


@pytest.mark.parametrize("lang", LANGS)
def test_text_is_large_enough_on_a_phone(lang: str) -> None:
    ui = SabaInteraction(GAME)
    assert ui.board_options(PHONE) == {"portrait": True} and ui.board_options(PORTRAIT_BELOW) == {}
    for name, root in boards(lang, True):
        smallest = min(float(t.get("font-size")) for t in root.iter(f"{NS}text"))
        assert view_width(root) == PORTRAIT_WIDTH and smallest * PHONE / PORTRAIT_WIDTH >= MIN_PX, name
    for name, root in boards(lang, False):  # the two columns are asked for only where they show as large
        smallest = min(float(t.get("font-size")) for t in root.iter(f"{NS}text"))
        assert view_width(root) == LANDSCAPE_WIDTH and smallest * PORTRAIT_BELOW / LANDSCAPE_WIDTH >= MIN_PX, name


@dataclass(frozen=True)
class Area:
    fill: str
    x0: float
    y0: float
    x1: float
    y1: float
    round: bool

    def holds(self, x: float, y: float) -> bool:
        if self.round:
            r = (self.x1 - self.x0) / 2
            return math.hypot(x - self.x0 - r, y - self.y0 - r) <= r + 0.5
        return self.x0 - 0.5 <= x <= self.x1 + 0.5 and self.y0 - 0.5 <= y <= self.y1 + 0.5


def area(e: ET.Element) -> Area | None:
    def num(name: str) -> float:
        return float(e.get(name, "0"))
    if e.tag == f"{NS}rect":
        return Area(e.get("fill", ""), num("x"), num("y"), num("x") + num("width"), num("y") + num("height"), False)
    if e.tag == f"{NS}circle":
        r = num("r")
        return Area(e.get("fill", ""), num("cx") - r, num("cy") - r, num("cx") + r, num("cy") + r, True)
    return None


def test_tap_targets_are_large_enough_on_a_phone() -> None:
    for name, root in boards("en", True):
        scale = PHONE / view_width(root)
        for e in controls(root):
            areas = [a for a in map(area, e.iter()) if a]
            width = max(a.x1 for a in areas) - min(a.x0 for a in areas)
            height = max(a.y1 for a in areas) - min(a.y0 for a in areas)
            assert min(width, height) * scale >= TAP_PX, (name, e.attrib)


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", LANGS)
def test_text_fits_on_what_it_sits_on_with_contrast(lang: str, portrait: bool) -> None:
    """Each text's box (its estimated width, or the width it is squeezed to) lies on the filled
    shape drawn last under its middle, and stands out from it by 4.5:1 or more."""
    for name, root in boards(lang, portrait):
        shapes: list[Area] = []
        for e in root.iter():
            found = area(e)
            if found and found.fill.startswith("#"):
                shapes.append(found)
            if e.tag != f"{NS}text":
                continue
            size, x, y = float(e.get("font-size")), float(e.get("x")), float(e.get("y"))
            width = float(e.get("textLength") or svg.text_width(e.text, size, e.get("font-weight") == "bold"))
            x0 = {"middle": x - width / 2, "end": x - width}.get(e.get("text-anchor", ""), x)
            box = (x0, y - 0.75 * size, x0 + width, y + 0.2 * size)
            on = next(s for s in reversed(shapes) if s.holds((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
            assert all(on.holds(cx, cy) for cx in box[::2] for cy in box[1::2]), (name, e.text, on)
            assert svg.contrast(e.get("fill"), on.fill) >= 4.5, (name, e.text, e.get("fill"), on.fill)


# ---------------------------------------------------------------------- portrait
def test_the_portrait_board_has_the_same_controls() -> None:
    for (name, wide), (_name, tall) in zip(boards("en", False), boards("en", True), strict=True):
        assert sorted(map(address, controls(wide))) == sorted(map(address, controls(tall))), name
        assert "portrait" in tall.get("class", "").split() and "portrait" not in wide.get("class", "").split()


# ------------------------------------------------------------------------ the end
def ended(serail: tuple[int, ...]) -> object:
    start = GAME.new_game(2, seed=1)
    return replace(start, phase=Phase.OVER, gone=(END_CARD,), serail=serail, treasury=(RED,) if not serail else ())


@pytest.mark.parametrize(("lang", "serail", "text"), [
    ("en", (), "Red wins with 1 figure. The game ended when Blue built the end card."),
    ("en", (RED,), "Red wins the tie at 0 figures. The game ended when Blue built the end card. The serail rule "
                   "broke the tie: Red has the most markers in the serail."),
    ("de", (), "Rot gewinnt mit 1 Figur. Das Spiel endete, als Blau die Spielendekarte baute."),
])
def test_the_end_in_plain_words(lang: str, serail: tuple[int, ...], text: str) -> None:
    with using(lang):
        names = ["Blue", "Red"] if lang == "en" else GAME.seat_names()[:2]
        assert GAME.result_text(ended(serail), names) == text
        assert GAME.status_text(ended(serail), names) == text
        assert GAME.result_text(GAME.new_game(2, seed=1)) == ""


def test_refusals_count_players_as_the_status_line_does() -> None:
    start = GAME.new_game(2, seed=3)
    assert GAME.status_text(start) == "To move: Player 1"
    assert GAME.why_illegal(start, 1, TakeHarbour(1)) == "it is not player 2's turn"


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", LANGS)
def test_each_controls_name_holds_the_words_it_shows(lang: str, portrait: bool) -> None:
    """WCAG 2.5.3 "label in name", as axe-core checks it in the browser."""
    for name, root in boards(lang, portrait):
        for e in controls(root):
            assert label_in_name(e), (name, "".join(e.itertext()), e.get("aria-label"))
