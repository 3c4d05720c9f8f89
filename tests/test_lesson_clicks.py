"""What a lesson step draws is what a click does (in CPython, through :class:`LessonBoard`).

For every step of every lesson of every game: the half-made choice the step draws (Türme's
selected piece, Babel's tile, offers or cards, Saba's card in play) is the board interaction's
own, and every field it rings (Türme's targets; Saba's harbour, build fields, districts and
serail fields) is a click the interaction takes, leading towards the step's move: clicked one
after the other, each is clickable when its turn comes, none makes another move, and the
step's move can still be made afterwards. A step that is only read rings nothing (nothing there
can be clicked). After a wrong try, the message goes as soon as the learner clicks something
the board takes. The checks are :mod:`pygame_rules.lesson_checks`' (a lesson file passes them too).
"""

from __future__ import annotations

import pytest

from pygame_rules.lesson_checks import check_clicks
from pygame_rules.lessons import Lesson, LessonBoard, lesson, lessons

ALL = [ls for name in ("tuerme", "babel", "saba") for ls in lessons(name)]
STEPS = [(ls, index) for ls in ALL for index in range(len(ls.steps))]


@pytest.mark.parametrize(("ls", "index"), STEPS, ids=[f"{ls.id}-{i + 1}" for ls, i in STEPS])
def test_every_highlight_of_a_step_is_a_click_the_board_takes(ls: Lesson, index: int) -> None:
    check_clicks(ls, index)


def test_a_click_on_the_piece_the_step_draws_picked_keeps_it() -> None:
    """The text says "move your stone from c1 onto c2": a learner clicks c1, then c2."""
    board = LessonBoard(lesson("tuerme/bonus-moves"), 1)
    board.click({"square": "c1"})
    assert board.note is None and board.highlights() == dict(board.run.highlights)
    board.click({"square": "c2"})
    assert board.note == {"kind": "correct", "lines": ["Right: red: c1-c2+."]}


def test_a_wrong_try_s_message_goes_when_the_right_piece_is_picked() -> None:
    board = LessonBoard(lesson("tuerme/bonus-moves"), 1)  # c1 picked, c2 ringed
    board.click({"square": "e7"})  # a piece on a symbol field
    assert board.note is not None and board.note["kind"] == "illegal"
    assert "e7" in board.note["lines"][0] and board.note["lines"][1] == board.run.step.hint  # type: ignore[union-attr]
    board.click({"square": "c1"})  # the right piece
    assert board.note is None and board.highlights()["selected"] == "c1"
    board.click({"square": "e7"})
    assert board.note is not None
    board.click({"square": "c2"})  # the right move at once: the message about e7 goes
    assert board.note == {"kind": "correct", "lines": ["Right: red: c1-c2+."]}


def test_a_wrong_move_s_message_goes_with_the_next_choice() -> None:
    """Babel: a wrong button (pass), then the right tile: the message about the pass goes."""
    board = LessonBoard(lesson("babel/building"), 1)
    labels = [b.label for b in board.buttons()]
    board.button(labels.index("Pass (draw a card)"))
    assert board.note is not None and board.note["kind"] == "other"
    board.click({"wonder": "7", "tile": "1"})
    assert board.note is None
