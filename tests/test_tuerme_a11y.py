"""Spiel der Türme board for everybody (issue 27): named controls, a legend, legible text on phones,
contrast, the portrait drawing, and the end of the game in plain words."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pygame_rules.examples import example
from pygame_rules.i18n import using
from pygame_rules.tuerme import GAME, Move, build, parse_square
from pygame_rules.tuerme.interaction import TuermeInteraction
from pygame_rules.tuerme.render import CELL, Layout

NS = "{http://www.w3.org/2000/svg}"
LANGUAGES = ("en", "nl", "de", "fr")
PHONE = 390  # CSS px: the width of the phone the page is measured on (390 × 844)
#: A position with stones, a tower, a neutral tower, a selection, targets and the last move.
MIDGAME = GAME.new_game(3, seed=4)


def board(lang: str = "en", *, portrait: bool = False, state: object = MIDGAME, **highlights: object) -> ET.Element:
    with using(lang):
        return ET.fromstring(GAME.render_svg(state, portrait=portrait, **highlights))


def highlighted(lang: str, portrait: bool) -> ET.Element:
    ui = TuermeInteraction(GAME)
    move = next(a for a in GAME.legal_actions(MIDGAME, 0) if isinstance(a, Move))
    ui.click(MIDGAME, 0, {"square": GAME.action_text(MIDGAME, move)[:2]})
    return board(lang, portrait=portrait, last_move=move, **ui.highlights(MIDGAME, 0))


def addressed(root: ET.Element) -> list[ET.Element]:
    """Every element a click may land on: those with ``data-*``."""
    return [e for e in root.iter() if any(k.startswith("data-") for k in e.attrib)]


def parents(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {child: parent for parent in root.iter() for child in parent}


# ----------------------------------------------------------------- named controls
@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_field_is_one_named_button(lang: str, portrait: bool) -> None:
    root = highlighted(lang, portrait)
    assert root.get("role") == "group" and root.find(f"{NS}title").text == "Spiel der Türme"
    controls: dict[str, ET.Element] = {}
    for element in addressed(root):
        if element.get("aria-hidden") == "true":  # a field under a piece: the piece speaks for it
            continue
        assert element.get("role") == "button" and (element.get("aria-label") or "").strip(), element.attrib
        assert element.get("data-square") not in controls
        controls[element.get("data-square")] = element
    assert len(controls) == 112
    labels = [c.get("aria-label") for c in controls.values()]
    assert len(set(labels)) == 112  # each says where it is
    assert all(square in label for square, label in zip(controls, labels))


def test_labels_say_what_is_where_and_how_it_is_marked() -> None:
    s = build(2, {"d4": "Agbr", "a1": "Cp", "b7": "Ab", "c7": "Bgg"})
    root = board(state=s, selected="d4", targets=["d5"], last_move=("d1", "d4"))
    label = {e.get("data-square"): e.get("aria-label") for e in root.iter() if e.get("role") == "button"}
    assert label["d4"] == "red A tower of 3 on d4, alley field; selected; part of the last move"
    assert label["a1"] == "neutral purple C stone on a1, alley field"
    assert label["b7"] == "blue A stone on b7, symbol field A (circle)"
    assert label["c7"] == "neutral green B tower of 2 on c7, symbol field B (square)"
    assert label["d5"] == "d5: alley field, empty; the selected piece may move here"
    root = board("de", state=s)
    label = {e.get("data-square"): e.get("aria-label") for e in root.iter() if e.get("role") == "button"}
    assert label["d4"] == "roter A-Turm aus 3 Steinen auf d4, Gassenfeld"
    assert label["b7"] == "blauer A-Stein auf b7, Symbolfeld A (Kreis)"


def test_decoration_is_hidden_from_screen_readers() -> None:
    root = board()
    up = parents(root)
    for element in root.iter():
        if element.get("class") in ("district", "backdrop", "coordinate"):
            hidden = element
            while hidden.get("aria-hidden") != "true":
                hidden = up[hidden]
            assert hidden is not root


def test_the_clickable_things_of_the_interaction_are_named_controls() -> None:
    ui = TuermeInteraction(GAME)
    named = {e.get("data-square") for e in board().iter() if e.get("role") == "button"}
    assert {target["square"] for target in ui.clickable(MIDGAME, 0)} <= named


# ------------------------------------------------------------------------ legend
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_legend_names_the_shapes_fields_badge_and_neutral_stones(lang: str) -> None:
    words = {"en": ("symbol A", "symbol D", "alley field", "height of a tower", "neutral stone"),
             "de": ("Symbol A", "Symbol D", "Gassenfeld", "Höhe eines Turms", "neutraler Stein"),
             "nl": ("symbool A", "symbool D", "steegjesveld", "hoogte van een toren", "neutrale steen"),
             "fr": ("symbole A", "symbole D", "case de ruelle", "hauteur d’une tour", "pierre neutre")}[lang]
    legend = next(g for g in board(lang).iter(f"{NS}g") if g.get("class") == "legend")
    texts = [t.text for t in legend.iter(f"{NS}text")]
    assert all(w in texts for w in words), texts
    with using(lang):
        four = ET.fromstring(GAME.render_svg(GAME.new_game(4, seed=1)))
    legend = next(g for g in four.iter(f"{NS}g") if g.get("class") == "legend")
    assert words[-1] not in [t.text for t in legend.iter(f"{NS}text")]  # no neutral stones with 4 players


# ------------------------------------------------------------------ phones, text
def view_width(root: ET.Element) -> float:
    return float(root.get("viewBox").split()[2])


def font_sizes(root: ET.Element) -> list[float]:
    return [float(t.get("font-size")) for t in root.iter(f"{NS}text")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_text_is_11_px_and_fields_40_px_or_more(lang: str) -> None:
    ui = TuermeInteraction(GAME)
    portrait = board(lang, **ui.board_options(PHONE))
    scale = PHONE / view_width(portrait)
    assert min(font_sizes(portrait)) * scale >= 11 and CELL * scale >= 40
    # The landscape board is asked for only where it is shown this large, too.
    widest_portrait = Layout(portrait=False).width - 1
    assert ui.board_options(widest_portrait) == {"portrait": True} and ui.board_options(widest_portrait + 1) == {}
    landscape = board(lang)
    scale = (widest_portrait + 1) / view_width(landscape)
    assert min(font_sizes(landscape)) * scale >= 11 and CELL * scale >= 40


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_runs_past_the_board(lang: str, portrait: bool) -> None:
    """Estimated generously (0.62 em a character, a bold digit 0.7 em) every text stays inside."""
    root = board(lang, portrait=portrait, state=build(3, {"a8": "A" + "rb" * 6}, unlimited_height=True))
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    for text in root.iter(f"{NS}text"):
        size, x, y = float(text.get("font-size")), float(text.get("x")), float(text.get("y"))
        extent = len(text.text) * size * (0.7 if text.get("font-weight") else 0.62)
        left = x - extent / 2 if text.get("text-anchor") == "middle" else x
        assert left >= 0 and left + extent <= width and y >= size and y <= height, (text.text, x, y)


# ---------------------------------------------------------------------- contrast
def luminance(colour: str) -> float:
    colour = {"white": "#ffffff"}.get(colour, colour)
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, two: str) -> float:
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("portrait", [False, True])
def test_text_contrast_is_at_least_4_5(portrait: bool) -> None:
    """Each text against what it sits on: the shape drawn just before it in its group (a badge's
    disc), else the backdrop under the whole board."""
    root = board(portrait=portrait, state=build(3, {"d4": "Agbr", "b7": "Ab"}))
    backdrop = next(r for r in root.iter(f"{NS}rect") if r.get("class") == "backdrop").get("fill")
    checked = 0
    for parent in root.iter():
        children = list(parent)
        for i, text in enumerate(children):
            if text.tag != f"{NS}text":
                continue
            under = children[i - 1].get("fill") if i and children[i - 1].tag == f"{NS}circle" else backdrop
            assert contrast(text.get("fill"), under) >= 4.5, (text.text, text.get("fill"), under)
            checked += 1
    assert checked > 20


# ---------------------------------------------------------------------- portrait
def test_the_portrait_board_has_the_same_addresses_turned_a_quarter() -> None:
    def addresses(root: ET.Element) -> list[dict[str, str]]:
        return sorted((e.get("class"), {k: v for k, v in e.attrib.items() if k.startswith("data-")}.items())
                      for e in addressed(root))

    landscape, portrait = highlighted("en", False), highlighted("en", True)
    assert addresses(landscape) == addresses(portrait)
    assert "portrait" in portrait.get("class").split() and view_width(portrait) < view_width(landscape)
    layout = Layout(portrait=True)
    assert layout.place(parse_square("a1")) == (0, 0) and layout.place(parse_square("h1")) == (0, 7)
    assert layout.place(parse_square("a8")) == (7, 0) and layout.place(parse_square("n8")) == (7, 13)


# ------------------------------------------------------------------------ the end
ALLEYS_END = GAME.apply(build(4, {"a7": "Ar", "e7": "Bb"}), 0, Move(parse_square("a7"), parse_square("b7")))
STUCK_END = GAME.apply(build(3, {"b7": "Ar", "c7": "Bp", "k4": "Cb", "n1": "Dg"}, turn=2), 2,
                       Move(parse_square("n1"), parse_square("n2")))
DISTRICT_END = example("tuerme", "district-end").states()[1]
NAMES = ["Red", "Blue", "Green", "Purple"]


@pytest.mark.parametrize(("lang", "state", "text"), [
    ("en", DISTRICT_END, "Red wins with 10 points. The game ended because Red filled a district, which counts "
                         "twice."),
    ("en", ALLEYS_END, "Red and Blue share the win with 1 point each. The game ended because no stones were left "
                       "on the alleys."),
    ("en", STUCK_END, "Red wins with 1 point. The game ended because Red could not move any more."),
    ("de", DISTRICT_END, "Red gewinnt mit 10 Punkten. Das Spiel endete, weil Red ein Stadtviertel vollständig "
                         "besetzt hat; es zählt doppelt."),
    ("de", ALLEYS_END, "Red und Blue teilen sich den Sieg mit je 1 Punkt. Das Spiel endete, weil auf den Gassen "
                       "keine Steine mehr lagen."),
    ("de", STUCK_END, "Red gewinnt mit 1 Punkt. Das Spiel endete, weil Red nicht mehr ziehen konnte."),
])
def test_the_end_in_plain_words(lang: str, state: object, text: str) -> None:
    with using(lang):
        assert GAME.result_text(state, NAMES[:GAME.num_players(state)]) == text
        assert GAME.status_text(state, NAMES[:GAME.num_players(state)]) == text
