""""Why not?" explains the click: why the piece, field, card or offer clicked can't act now
(or what the click would need), never a reason about some other move (issue 44, finding 7).

Per game: a click on a blocked piece, on an empty field, on another player's piece and on a
part of the wrong step of the turn, each message naming the thing clicked."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_rules import i18n
from pygame_rules.lessons import LessonBoard, lesson
from pygame_rules.registry import get_game
from pygame_rules.tuerme import build
from pygame_rules.whynot import why_not


def explain(lesson_id: str, step: int, target: dict[str, str]) -> str:
    """The why-not of a click on ``target`` at a lesson step (its half-made choice drawn)."""
    board = LessonBoard(lesson(lesson_id), step)
    state, player = board.run.state, board.lesson.learner
    assert target not in board.clickable()
    reason = why_not(board.game, state, player, target, board.ui.highlights(state, player))
    assert reason
    return reason


# ------------------------------------------------------------------ Spiel der Türme
#: The finding's screenshot: red's D stone on a1, its own B stone on a2, purple on a3, blue on b1.
CORNER = build(2, {"a1": "Dr", "a2": "Br", "a3": "Ap", "b1": "Ab", "d4": "Cr", "c2": "Ar"})
TUERME = get_game("tuerme")


def tuerme_why(square: str, selected: str | None = None) -> str | None:
    return why_not(TUERME, CORNER, 0, {"square": square}, {"selected": selected} if selected else {})


def test_tuerme_a_blocked_stone_is_explained_not_a_move_of_it() -> None:
    reason = tuerme_why("a1")
    assert reason is not None and reason.startswith("the piece on a1 (a red stone) can't move now")
    assert "a1-" not in reason and "a2" not in reason


def test_tuerme_an_empty_field_another_player_s_piece_and_a_piece_that_never_moves() -> None:
    assert tuerme_why("e5") == "there is no piece on e5 to move: pick one of your stones or towers"
    assert tuerme_why("b1") == "the piece on b1 is a blue stone; you may only move your own pieces or neutral stones"
    assert tuerme_why("c2") == "the piece on c2 stands on a symbol field and may never move again"
    assert tuerme_why("d4") is None  # it can move: the click picks it


def test_tuerme_with_a_piece_picked_the_click_is_the_move_tried() -> None:
    assert tuerme_why("b4", "d4") is None  # a target of d4: the click makes the move
    assert tuerme_why("e5", "d4") == "d4-e5: pieces move in a straight line along a row or a column"
    assert (tuerme_why("a1", "d4") or "").startswith("the piece on a1")  # one's own piece: picking it was meant


def test_tuerme_the_lesson_s_ring_and_the_finding_s_click() -> None:
    """Finding 9's click, on the blue tower on d6 with d4 picked, is now the move it rings."""
    board = LessonBoard(lesson("tuerme/moving"), 1)
    assert {"square": "d6"} in board.clickable()
    reason = explain("tuerme/moving", 1, {"square": "e6"})
    assert reason.startswith("d4-e6: ")


def test_tuerme_why_not_is_translated() -> None:
    with i18n.using("de"):
        assert tuerme_why("e5") != "there is no piece on e5 to move: pick one of your stones or towers"
        assert "e5" in (tuerme_why("e5") or "")


# ------------------------------------------------------------------ Der Turmbau zu Babel
def test_babel_a_taken_tile_names_the_tile() -> None:
    assert explain("babel/wonders", 0, {"wonder": "0", "tile": "0"}) == (
        "the tile of space 1 of Pyramids of Giza is already taken")


def test_babel_a_card_not_held_names_the_card() -> None:
    assert explain("babel/offering", 1, {"card": "camel"}) == (
        "that card can't go into your offer: you hold only 0 camel cards, not 1")


def test_babel_another_player_s_offer_in_the_wrong_step() -> None:
    assert explain("babel/wonders", 0, {"offer-player": "1"}) == (
        "yellow's offer can't be chosen: now a tile is chosen to build, or the turn is passed")


def test_babel_a_tile_in_the_offer_step_names_the_tile_and_the_step() -> None:
    assert explain("babel/offering", 1, {"wonder": "7", "tile": "0"}) == (
        "the tile ship 5 on Tower of Babel can't be chosen: now the others make their sealed offers "
        "with the cards of their hands")
    assert explain("babel/building", 2, {"card": "ship"}) == (
        "your cards can't be chosen now: now the builder decides which offers to accept")


# ------------------------------------------------------------------ Saba
def test_saba_a_blocked_district_names_the_district() -> None:
    assert explain("saba/districts", 0, {"district": "1"}) == "the vizier blocks the carpenters"


def test_saba_a_district_without_a_figure() -> None:
    assert explain("saba/districts", 0, {"district": "4"}) == "you have no figure in the exchange"


def test_saba_another_player_s_goods() -> None:
    assert explain("saba/districts", 0, {"resource": "s", "player": "1"}) == (
        "red's sandstone: another player's goods are taken only with the robber or the merchant card")


@pytest.mark.parametrize(("lesson_id", "step", "target", "said"), [
    ("saba/building", 0, {"harbour": "2"},
     "H2: taking a harbour field is not possible now (the turn is in its build step)"),
    ("saba/districts", 0, {"build-field": "0"},
     "build field 5.1: building is not possible now (the turn is in its harbour step)"),
    ("saba/districts", 0, {"serail": "2"}, "serail field 2: serail markers are swapped only with the guard card"),
    ("saba/districts", 0, {"card": "R"}, "the robber card: you hold no robber card"),
])
def test_saba_a_part_of_the_wrong_step_names_the_part(lesson_id: str, step: int, target: Any, said: str) -> None:
    assert explain(lesson_id, step, target) == said
