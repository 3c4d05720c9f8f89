"""The embed's Python side (run by the iframe in the browser), tested in CPython."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from pygame_rules import IllegalAction, get_game
from pygame_rules.diagram import first_choices
from pygame_rules.examples import example, examples, read_moves
from pygame_rules.i18n import using

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "embed"))
from embed_service import MAX_MOVES, MAX_TEXT, handle

PICTURE_1 = example("tuerme", "picture-1")


def call(method: str, **request: object) -> dict:
    return json.loads(handle(method, json.dumps(request)))


def open_picture_1(key: int = 1, **extra: object) -> dict:
    return call("open", diagram=key, game="tuerme", position=PICTURE_1.position,
                moves="\n".join(PICTURE_1.moves), interactive=True, **extra)


def test_open_shows_the_start_with_the_given_highlights():
    view = call("open", diagram=1, game="tuerme", position=PICTURE_1.position, moves="d4xd6",
                highlight="selected=d4 targets=c4,b4")
    assert (view["ply"], view["total"], view["moves"]) == (0, 1, ["d4xd6"])
    assert 'class="square selected" data-square="d4"' in view["svg"]
    assert view["choices"] == [] and view["buttons"] == []  # not interactive


def test_stepping_clamps_to_the_given_moves():
    open_picture_1()
    assert call("goto", diagram=1, ply=5)["ply"] == 1
    assert call("goto", diagram=1, ply=-3)["ply"] == 0


def test_clicks_select_and_move_and_branch_off_the_given_line():
    open_picture_1()
    view = call("click", diagram=1, target={"square": "d4"})
    assert view["ply"] == 0 and {"square": "c4"} in view["clickable"]
    view = call("click", diagram=1, target={"square": "c4"})
    assert (view["ply"], view["total"], view["moves"], view["branched"]) == (1, 1, ["d4-c4"], True)
    view = call("reset", diagram=1)
    assert (view["ply"], view["moves"], view["branched"]) == (0, ["d4xd6"], False)


def test_choosing_from_the_legal_moves():
    view = open_picture_1()
    index = view["choices"].index("d4-c4")
    assert call("choose", diagram=1, index=index)["moves"] == ["d4-c4"]


def test_buttons_play_or_step():
    ex = example("tuerme", "picture-3")
    call("open", diagram=2, game="tuerme", position=ex.position, moves="e5-e7+", interactive=True)
    view = call("goto", diagram=2, ply=1)
    assert view["buttons"] == ["End turn without the bonus move"]
    assert call("button", diagram=2, index=0)["status"] == "To move: Blue"


def test_babel_offers_are_chosen_per_player_in_clear_text():
    """Read from no seat, the reader moves for whoever must act, each move as its mover knows it."""
    ex = example("babel", "offers")
    call("open", diagram=3, game="babel", position=ex.position, moves="\n".join(ex.moves), interactive=True)
    view = call("goto", diagram=3, ply=1)
    assert "Yellow: offer 1 ship" in view["choices"] and "Blue: offer 1 camel + 1 ship" in view["choices"]


def test_a_diagram_read_from_one_seat_offers_and_tells_only_what_that_seat_may_see():
    """From yellow's seat: his own offers only (the others' legal offers would show their
    hands), the others' offers sealed in the move list until the reveal."""
    ex = example("babel", "offers")
    view = call("open", diagram=3, game="babel", position=ex.position, moves="\n".join(ex.moves),
                viewer="1", interactive=True)
    assert view["moves"][:3] == ["build Babel tile 1 (ship 5)", "offer 1 ship", "offer (sealed)"]
    assert view["moves"][3].startswith(
        "offer (sealed); reveal: Yellow offers 1 ship, Green offers 2 ships + exchange card")
    view = call("goto", diagram=3, ply=1)
    assert "offer 1 ship" in view["choices"] and not any(":" in choice for choice in view["choices"])
    assert call("goto", diagram=3, ply=2)["choices"] == []  # only the others are to move


@pytest.mark.parametrize("request_fields, message", [
    ({"game": "chess", "position": "x"}, "the request's game must be one of babel, saba, tuerme, not 'chess'"),
    ({"game": "tuerme", "position": ""}, "the position is empty"),
    ({"game": "saba", "position": "saba n=3"}, "the field 'opt' is missing"),
    ({"game": "tuerme", "position": PICTURE_1.position, "moves": "d4-e4"}, "move 1 ('d4-e4')"),
    ({"game": "tuerme", "position": PICTURE_1.position, "viewer": "mauve"}, "the viewer must be a seat"),
    ({"game": "tuerme", "position": PICTURE_1.position, "highlight": "selected=z9"}, "bad highlight"),
    ({"game": "tuerme", "position": 5}, "the position attribute must be text, not 5"),
])
def test_bad_requests_raise_value_errors(request_fields, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call("open", diagram=9, **request_fields)


def test_unknown_method_and_diagram():
    with pytest.raises(ValueError, match="unknown method"):
        handle("eval", "{}")
    with pytest.raises(ValueError, match="not open"):
        call("goto", diagram=12345, ply=0)
    open_picture_1()
    with pytest.raises(ValueError, match="whole number"):
        call("goto", diagram=1, ply="1")


def test_the_moves_read_in_words_and_a_move_at_a_past_ply_replaces_the_rest():
    ex = example("babel", "offers")
    view = call("open", diagram=4, game="babel", position=ex.position, moves="\n".join(ex.moves),
                interactive=True)
    # In words, the offers in clear (as the author wrote them), by whom while several may offer.
    clear = ["build Babel tile 1 (ship 5)", "Yellow: offer 1 ship", "Green: offer 2 ships + exchange card",
             "offer 1 camel + 1 ship; reveal: Yellow offers 1 ship, Green offers 2 ships + exchange card, "
             "Blue offers 1 ship (1 camel back to the hand)"]
    assert view["moves"] == clear
    view = call("goto", diagram=4, ply=2)
    view = call("choose", diagram=4, index=view["choices"].index("Blue: offer nothing"))
    assert (view["ply"], view["total"], view["branched"]) == (3, 3, True)
    assert view["moves"] == clear[:2] + ["Blue: offer nothing"]
    assert call("reset", diagram=4)["moves"] == clear


def test_attributes_and_move_lists_are_bounded():
    long = "x" * (MAX_TEXT + 1)
    with pytest.raises(ValueError, match="the moves attribute is too long: 20,001 characters, at most 20,000"):
        call("open", diagram=5, game="tuerme", position=PICTURE_1.position, moves=long)
    many = "; ".join(["d4-c4", "c4-d4"] * (MAX_MOVES // 2 + 1))
    with pytest.raises(ValueError, match="at most 2,000 moves, not 2,002"):
        call("open", diagram=5, game="tuerme", position=PICTURE_1.position, moves=many)


def test_a_junk_move_list_is_refused_in_linear_time():
    """9,000 junk moves once took 7 s (each piece was joined to every later one in turn);
    now at most three pieces make one move, so the first bad one is named at once."""
    game, ex = get_game("babel"), example("babel", "offers")
    junk = [f"zz{k}" for k in range(9_000)]
    start = time.perf_counter()
    with pytest.raises(IllegalAction, match=r"move 1 \('zz0'\)"):
        read_moves(game, ex.start(), junk)
    with pytest.raises(ValueError, match=r"move 1 \('z'\)"):
        call("open", diagram=6, game="babel", position=ex.position, moves=";".join("z" * MAX_MOVES))
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize("payload, message", [
    ("[" * 100_000 + "]" * 100_000, "nested more than 3 levels deep"),
    ('{"a": {"b": {"c": {}}}}', "nested more than 3 levels deep"),
    ("x" * 200_001, "the request is too large"),
    ("[1, 2]", "the request must be a JSON object"),
    ('{"diagram": 1, "eval": "alert(1)"}', "unknown field 'eval'"),
    ('{"diagram": [], "ply": 0}', "the request's diagram must be a whole number"),
    ('{"diagram": 1, "ply": true}', "the request's ply must be a whole number"),
    ('{"diagram": 1, "target": "d4"}', "the request's target must be an object"),
    ('{"diagram": 1, "target": {"square": ["d4"]}}', "the clicked element's square must be text"),
    ('{"diagram": 1, "target": {"square": "' + "d" * 101 + '"}}', "too long"),
    ('{"diagram": 1, "position": NaN}', "not valid JSON"),
])
def test_hostile_requests_get_short_plain_errors(payload, message):
    open_picture_1()
    method = "click" if "target" in payload else "goto"
    start = time.perf_counter()
    with pytest.raises(ValueError) as caught:
        handle(method, payload)
    assert message in str(caught.value) and len(str(caught.value)) <= 200
    assert time.perf_counter() - start < 1


def test_unknown_methods_are_named_briefly():
    with pytest.raises(ValueError, match="unknown method 'xxxxxxxxx"):
        handle("x" * 10_000, "{}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_moves_written_into_the_markup_are_the_runtimes_first_answer(lang: str) -> None:
    """``data-choices`` (render --embed, the editor's snippet, the gallery) lists what a woken
    diagram of every example lists at its start, as its reader sees it, in the page's language."""
    for ex in examples():
        request = {"diagram": 1, "game": ex.game, "position": ex.position, "moves": "\n".join(ex.moves),
                   "viewer": None if ex.viewer is None else str(ex.viewer), "interactive": True}
        woken = json.loads(handle("open", json.dumps(request), lang))["choices"]
        with using(lang):
            assert first_choices(get_game(ex.game), ex.start(), ex.viewer) == woken, ex.name
