"""The Saba SVG: well-formed, complete, clickable, and showing only what the viewer may see."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from test_saba_helpers import BLUE, RED, YELLOW, E, garden, make, palace, placed, vec

from pygame_rules.saba import GAME, Card, District

NS = "{http://www.w3.org/2000/svg}"


def _position():
    return make(pro=True, hands=[(Card.GUARD, Card.GOLD), (Card.CARAVAN,), ()],
                res=[vec(a=1, g=2), vec(e=3), vec()], serail=(RED, BLUE), serail_figure=RED,
                treasury=(YELLOW,), stash=(E,) + (None,) * 7,
                districts=placed({0: (BLUE, BLUE), 3: (RED,)}),
                **garden({1: BLUE, 2: RED}), **palace("A3,A4,A5", gone="A1,A2"))


def _attr_values(root, name):
    return {el.get(name) for el in root.iter() if el.get(name) is not None}


def test_svg_is_well_formed_with_every_clickable_part():
    svg = GAME.render_svg(_position(), viewer=BLUE)
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    assert root.find(NS + "title").text.startswith("Saba")
    assert "Vizier on the bazaar" in root.find(NS + "desc").text
    assert _attr_values(root, "data-harbour") == {"1", "2", "3", "4"}
    assert _attr_values(root, "data-build-field") == {"0", "1", "2"}
    assert _attr_values(root, "data-garden") == {str(f) for f in range(1, 9)}
    assert _attr_values(root, "data-district") == {str(d) for d in District}
    assert _attr_values(root, "data-serail") == {str(f) for f in range(1, 6)}
    assert _attr_values(root, "data-resource") == {"a", "s", "e", "g"}
    assert _attr_values(root, "data-harbour-face") == {"1", "2"}
    assert _attr_values(root, "data-card") == {"W", "G"}  # only the viewer's own hand
    assert {"0", "1", "2", "supply"} <= _attr_values(root, "data-player")
    classes = " ".join(_attr_values(root, "class"))
    for cls in ("vizier", "figure balcony", "figure treasury", "figure serail", "figure district",
                "marker player-1", "res-e", "action-card"):
        assert cls in classes, cls


def test_spectator_sees_no_cards_and_counts_are_shown():
    svg = GAME.render_svg(_position())
    root = ET.fromstring(svg)
    assert _attr_values(root, "data-card") == set()
    assert "action cards: 2" in svg and "action cards: 1" in svg
    assert "guard" not in svg and "caravan" not in svg


def test_highlights_mark_things():
    plain = GAME.render_svg(_position(), viewer=BLUE)
    lit = GAME.render_svg(_position(), viewer=BLUE, harbour=[2], build_fields=[0], garden=[3],
                          districts=[4], serail=[1], cards=["W"])
    root = ET.fromstring(lit)
    hl = [el for el in root.iter() if "hl" in (el.get("class") or "").split()]
    kinds = {next(k for k in el.attrib if k.startswith("data-")) for el in hl}
    assert kinds == {"data-harbour", "data-build-field", "data-garden", "data-district",
                     "data-serail", "data-card"}
    assert " hl" not in plain


def test_last_turn_rings_what_it_used():
    lit = GAME.render_svg(_position(), viewer=BLUE, last_turn={"harbour": [2], "garden": [3], "districts": [4]})
    marked = [el for el in ET.fromstring(lit).iter() if "turn-mark" in (el.get("class") or "").split()]
    assert {(k, el.get(k)) for el in marked for k in el.attrib if k.startswith("data-")} == {
        ("data-harbour", "2"), ("data-garden", "3"), ("data-district", "4")}
    assert all("hl" in el.get("class").split() for el in marked)
    assert "turn-mark" not in GAME.render_svg(_position(), viewer=BLUE)


def test_every_phase_renders():
    state = GAME.new_game(4, seed=9, options={"pro": True})
    seen = set()
    while not GAME.is_over(state):
        if state.phase not in seen:
            seen.add(state.phase)
            ET.fromstring(GAME.render_svg(state, viewer=state.current))
        mover = GAME.to_move(state)[0]
        actions = GAME.legal_actions(state, mover)
        state = GAME.apply(state, mover, actions[len(state.gone) * 5 % len(actions)])
    status = next(g for g in ET.fromstring(GAME.render_svg(state)).iter(NS + "g") if g.get("class") == "status")
    assert " ".join(t.text for t in status.iter(NS + "text")) == GAME.result_text(state, GAME.seat_names())


def test_palette_and_names_restyle_the_players():
    svg = GAME.render_svg(_position(), viewer=BLUE, palette=["#123456"], names=["Ann", "Bob"])
    assert 'fill="#123456"' in svg and "Ann: " in svg and "Bob: " in svg
    assert "yellow: " in svg  # unnamed seats keep their colour's name
    assert GAME.hidden_information and GAME.colours[0] == ("blue", "royalblue")
