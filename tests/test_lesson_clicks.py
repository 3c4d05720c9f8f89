"""What a lesson step draws is what a click does (in CPython, through :class:`LessonBoard`).

For every step of every lesson of every game: the half-made choice the step draws (Türme's
selected piece, Babel's tile, offers or cards, Saba's card in play) is the board interaction's
own, and every field it rings (Türme's targets; Saba's harbour, build fields, districts and
serail fields) is a click the interaction takes, leading towards the step's move: clicked one
after the other, each is clickable when its turn comes, none makes another move, and the
step's move can still be made afterwards. A step that is only read rings nothing (nothing there
can be clicked). After a wrong try, the message goes as soon as the learner clicks something
the board takes.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygame_rules.lessons import Lesson, LessonBoard, lesson, lessons

ALL = [ls for name in ("tuerme", "babel", "saba") for ls in lessons(name)]
STEPS = [(ls, index) for ls in ALL for index in range(len(ls.steps))]


def _same(value: Any) -> Any:
    """Lists and tuples alike, for comparing what a step draws with what the interaction draws."""
    return tuple(_same(v) for v in value) if isinstance(value, (list, tuple)) else value


def reachable(board: LessonBoard, depth: int = 5) -> bool:
    """Whether clicks and buttons make the step's move from here (a search over what the board
    offers, as a learner would find it)."""
    start = board.run.index
    frontier = [board]
    for _depth in range(depth):
        found = []
        for here in frontier:
            tries = [("click", t) for t in here.clickable()] + [("button", i) for i in range(len(here.buttons()))]
            for kind, arg in tries:
                there = copy.deepcopy(here)
                there.click(arg) if kind == "click" else there.button(arg)
                if there.run.index > start:
                    return True
                if there.note is None:
                    found.append(there)
        frontier = found
    return False


@pytest.mark.parametrize(("ls", "index"), STEPS, ids=[f"{ls.id}-{i + 1}" for ls, i in STEPS])
def test_every_highlight_of_a_step_is_a_click_the_board_takes(ls: Lesson, index: int) -> None:
    board = LessonBoard(ls, index)
    step = ls.steps[index]
    rings = board.ui.rings(step.highlights)
    if not step.asks:
        assert rings == [], f"{ls.id} step {index + 1} rings {rings}, but nothing can be clicked there"
        return
    player, state = ls.learner, board.run.state
    drawn = board.ui.highlights(state, player)
    for key in board.ui.choice_keys:
        if key in step.highlights:
            assert _same(drawn.get(key)) == _same(step.highlights[key]), (
                f"{ls.id} step {index + 1} draws {key}={step.highlights[key]!r}, but the board's choice "
                f"is {drawn.get(key)!r}")
    assert board.highlights() == dict(step.highlights)
    for number, ring in enumerate(rings):
        _click_ring(LessonBoard(ls, index), rings[:number], ring, f"{ls.id} step {index + 1}")


def _click_ring(board: LessonBoard, before: list[dict[str, str]], ring: dict[str, str], where: str) -> None:
    """Click ``ring`` at once, or (the second pick of a pair) after the rings ``before`` it."""
    for earlier in before:
        if ring in board.clickable():
            break
        board.click(earlier)
        assert board.note is None and board.run.index == board.start, f"{where}: {earlier} before {ring}"
    assert ring in board.clickable(), f"{where}: the ring {ring} can't be clicked"
    shown = (board.highlights(), board.prompt())
    board.click(ring)
    assert board.note is None or board.note["kind"] == "correct", (where, ring, board.note)
    if board.run.index == board.start:
        assert (board.highlights(), board.prompt()) != shown, f"{where}: {ring} changed nothing"
        assert reachable(board), f"{where}: after the ring {ring}, the move can't be made"


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
