"""Babel SVG: valid XML, clickable data attributes, highlights, nothing hidden shown."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from test_babel_rulebook import BABEL, BLUE, GREEN, RED, YELLOW, make_state, ship_example

from pygame_rules.babel import GAME, Offer

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def attrs(root: ET.Element, name: str) -> list[str]:
    return [e.get(name) for e in root.iter() if e.get(name) is not None]


def test_board_has_clickable_wonders_tiles_and_hand():
    state = ship_example()
    root = parse(GAME.render_svg(state, viewer=RED))
    assert root.find(f"{NS}title").text.startswith("Der Turmbau zu Babel")
    wonders = [e for e in root.iter() if e.get("class", "").startswith("wonder")]
    assert sorted(int(e.get("data-wonder")) for e in wonders) == list(range(8))
    tiles = [e for e in root.iter() if e.get("data-tile") is not None]
    assert len(tiles) == 24
    assert attrs(root, "data-card") == ["camel", "crane", "ship", "stonemason", "exchange"]
    assert sorted(attrs(root, "data-offer-player")) == ["1", "2", "3"]
    assert "2 ships + exchange" in GAME.render_svg(state, viewer=BLUE)


def test_sealed_offers_are_face_down_for_others():
    state = make_state({RED: (0, 0, 5, 0), YELLOW: (0, 0, 2, 0)}, tiles={(BABEL, 0): (0, 0, 5, 0)})
    state = GAME.apply(GAME.apply(state, RED, GAME.legal_actions(state, RED)[1]), YELLOW,
                       Offer((0, 0, 2, 0), True))
    seen = GAME.render_svg(state, viewer=GREEN)
    root = parse(seen)
    assert attrs(root, "data-sealed") == ["1"] and "2 ship" not in seen
    assert "exchange card" in seen                 # only green's own exchange card
    assert attrs(root, "data-card").count("exchange") == 1
    spectator = GAME.render_svg(state)
    assert not attrs(parse(spectator), "data-card") and "2 ship" not in spectator


def test_render_depends_only_on_the_view():
    state = ship_example()
    other = state.__class__(**{**state.__dict__, "rng": "fedcba9876543210",
                               "deck": tuple(reversed(state.deck))})
    for viewer in (None, RED, YELLOW):
        assert GAME.render_svg(state, viewer) == GAME.render_svg(other, viewer)


def test_highlights():
    state = ship_example()
    svg = GAME.render_svg(state, viewer=RED, wonder=3, tile=(2, 1), cards=(0, 0, 2, 0),
                          offers=(YELLOW,))
    root = parse(svg)
    selected = [e for e in root.iter() if "selected" in e.get("class", "").split()]
    assert any(e.get("data-offer-player") == "1" for e in selected)
    assert any(e.get("data-card") == "ship" for e in selected)
    assert any(e.get("data-tile") == "1" and e.get("data-wonder") == "2" for e in selected)


def test_last_turn_rings_the_tile_and_marks_the_offers_fates():
    state = ship_example()
    plain = GAME.render_svg(state, viewer=RED)
    root = parse(GAME.render_svg(state, viewer=RED, built=(2, 1), helpers=(YELLOW,), turned_down=(GREEN,)))
    marks = [e for e in root.iter() if "turn-mark" in e.get("class", "").split()]
    assert len(marks) == 3 and "turn-mark" not in plain
    assert [e.tag for e in marks].count(f"{NS}circle") == 1  # the tile's ring
    signs = sorted("".join(e.itertext()) for e in marks if e.tag == f"{NS}g")
    assert signs == ["✓", "✗"] and all(e.get("aria-hidden") == "true" for e in marks)


def test_final_position_renders_with_scores():
    from conformance import random_game
    end = random_game(GAME, 4, 11, deep_checks=False)
    svg = GAME.render_svg(end, viewer=0)
    parse(svg)
    assert "win" in svg and "(end)" in svg


def test_each_wonder_card_shows_its_own_picture_hidden_from_screen_readers():
    root = parse(GAME.render_svg(ship_example(), viewer=RED))
    cards = [e for e in root.iter() if e.get("data-wonder") is not None and e.get("data-tile") is None]
    pictures = [[g for g in card if g.get("class") == "picture"] for card in cards]
    assert [len(p) for p in pictures] == [1] * 8
    assert all(p[0].get("aria-hidden") == "true" for p in pictures)
    assert len({ET.tostring(p[0]) for p in pictures}) == 8  # eight different drawings
