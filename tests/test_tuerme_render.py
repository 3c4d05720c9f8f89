"""Spiel der Türme SVG: fields, districts, pieces with data attributes, highlights, description."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pygame_rules.tuerme import GAME, Move, build, parse_square

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if cls in g.get("class", "").split()]


def test_board_has_112_fields_32_symbol_fields_and_8_districts():
    root = parse(GAME.render_svg(GAME.new_game(4, seed=1)))
    squares = groups(root, "square")
    assert len(squares) == 112 and len({g.get("data-square") for g in squares}) == 112
    plots = groups(root, "symbol-field")
    assert len(plots) == 32 and {g.get("data-symbol") for g in plots} == set("ABCD")
    assert len([r for r in root.iter(f"{NS}rect") if r.get("class") == "district"]) == 8
    assert root.find(f"{NS}title").text == "Spiel der Türme"


def test_pieces_carry_square_colour_symbol_height_and_owner():
    s = build(2, {"d4": "Agbr", "a1": "Cp", "b7": "Ab"})
    root = parse(GAME.render_svg(s))
    pieces = {g.get("data-square"): g for g in groups(root, "piece")}
    assert set(pieces) == {"d4", "a1", "b7"}
    tower = pieces["d4"]
    assert (tower.get("data-colour"), tower.get("data-symbol"), tower.get("data-height"),
            tower.get("data-owner")) == ("red", "A", "3", "0")
    assert len([r for r in tower.iter(f"{NS}rect") if r.get("class") != "hit"]) == 3  # one token per stone
    assert [t.text for t in tower.iter(f"{NS}text")] == ["3"]          # the height badge
    neutral = pieces["a1"]
    assert "neutral" in neutral.get("class") and neutral.get("data-owner") == "neutral"
    assert any(r.get("stroke-dasharray") for r in neutral.iter(f"{NS}rect"))


@pytest.mark.parametrize("symbol, tag", [("A", "circle"), ("B", "rect"), ("C", "polygon"), ("D", "polygon")])
def test_symbols_are_simple_shapes(symbol, tag):
    root = parse(GAME.render_svg(build(4, {"d4": symbol + "r"})))
    piece = groups(root, "piece")[0]
    assert list(piece)[-1].tag == NS + tag and list(piece)[-1].get("fill") == "white"


def test_highlights():
    s = build(4, {"d4": "Ar"})
    svg = GAME.render_svg(s, selected="d4", targets=[parse_square("d5"), "d6"], last_move=Move(3, 45))
    root = parse(svg)
    by_square = {g.get("data-square"): g.get("class").split() for g in groups(root, "square")}
    assert "selected" in by_square["d4"] and "target" in by_square["d5"] and "target" in by_square["d6"]
    assert "last-move" in by_square["d1"] and "last-move" in by_square["d4"]
    assert sum("target" in c for c in by_square.values()) == 2
    assert GAME.render_svg(s, last_move=("d1", "d4")) == GAME.render_svg(s, last_move=Move(3, 45))
    with pytest.raises(TypeError):
        GAME.render_svg(s, glow="d4")
    with pytest.raises(ValueError):
        GAME.render_svg(s, selected=500)


def test_last_turn_marks_every_move_the_last_one_strongest():
    s = build(4, {"d6": "Ar", "c2": "Br"})
    root = parse(GAME.render_svg(s, last_turn=[("d4", "d6"), Move(parse_square("c1"), parse_square("c2"))]))
    by_square = {g.get("data-square"): g.get("class").split() for g in groups(root, "square")}
    assert {sq for sq, c in by_square.items() if "last-move" in c} == {"d4", "d6", "c1", "c2"}
    assert {sq for sq, c in by_square.items() if "earlier" in c} == {"d4", "d6"}
    marks = [e for e in root.iter(f"{NS}rect") if e.get("class") == "turn-mark"]
    assert len(marks) == 4 and sorted(e.get("stroke-width") for e in marks) == ["1.5", "1.5", "2", "2"]
    same = GAME.render_svg(s, last_turn=[("c1", "c2")])
    assert same == GAME.render_svg(s, last_move=("c1", "c2"))  # one move: as the last move alone
    assert "turn-mark" not in GAME.render_svg(s)  # off by default


def test_palette_names_and_description():
    s = GAME.new_game(3, seed=4)
    svg = GAME.render_svg(s, palette=["#000001"], names=["Ann", "Bob", "Cy"])
    assert 'fill="#000001"' in svg and "#d62728" not in svg
    desc = parse(svg).find(f"{NS}desc").text
    assert desc.startswith("3 players: Ann (red), Bob (blue), Cy (green); neutral: purple.")
    assert "Ann to move" in desc and "80 pieces on the alleys" in desc


def test_description_after_the_end_and_variant():
    s = build(4, {"a7": "Ar", "e7": "Bb"}, unlimited_height=True)
    end = GAME.apply(s, 0, Move(parse_square("a7"), parse_square("b7")))
    desc = parse(GAME.render_svg(end)).find(f"{NS}desc").text
    assert "Variant: towers of any height." in desc
    assert "The game ended because no stones were left on the alleys." in desc
    assert "red 1, blue 1" in desc


def test_tall_variant_tower_shows_five_tokens_and_its_height():
    root = parse(GAME.render_svg(build(4, {"d4": "A" + "rb" * 4}, unlimited_height=True)))
    piece = groups(root, "piece")[0]
    assert len([r for r in piece.iter(f"{NS}rect") if r.get("class") != "hit"]) == 5 and piece.get("data-height") == "8"


def test_everything_is_escaped_and_well_formed():
    svg = GAME.render_svg(GAME.new_game(2, seed=2), names=["<b>&", "x"])
    assert "&lt;b&gt;&amp;" in svg and parse(svg) is not None
    assert not re.search(r"<script", svg)
