"""The checks every lesson passes, built in or read from a file: it replays through the
engine, every highlight is drawn, and what a step draws is what a click does.

:func:`check_lesson` runs them all and raises :class:`~pygame_rules.lessons.LessonError`
with a message, in the active language, naming the step; the tests run it on every
built-in lesson (``tests/test_lessons.py``, ``tests/test_lesson_clicks.py``) and
:mod:`pygame_rules.lesson_file` on every lesson file it reads.

What a step draws is what a click does: the half-made choice a step draws (Türme's
selected piece, Babel's tile, offers or cards, Saba's card in play) is the board
interaction's own, and every field it rings (Türme's targets; Saba's harbour, build fields,
districts and serail fields) is a click the interaction takes, leading towards the step's
move: clicked one after the other, each is clickable when its turn comes, none makes another
move, and the step's move can still be made afterwards. A step that is only read rings
nothing (nothing there can be clicked).

>>> from pygame_rules.lessons import lesson
>>> len(check_lesson(lesson("tuerme/moving")))
4
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import partial
from typing import Any

from .i18n import _
from .lessons import Lesson, LessonBoard, LessonError, replay
from .registry import get_game

#: What drawing a highlight an author wrote may raise (its value of the wrong kind).
DRAWING_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError)


def check_lesson(lesson: Lesson) -> list[Any]:
    """The states :func:`~pygame_rules.lessons.replay` gives, once every check passed."""
    states = replay(lesson)
    check_highlights(lesson, states)
    for index in range(len(lesson.steps)):
        check_clicks(lesson, index)
    return states


def _where(lesson: Lesson, index: int, problem: str) -> LessonError:
    return LessonError(_("{lesson} step {step}: {problem}").format(lesson=lesson.id, step=index + 1,
                                                                   problem=problem))


def check_highlights(lesson: Lesson, states: list[Any]) -> None:
    """Each highlight of each step changes the board the learner sees (the game draws it)."""
    game = get_game(lesson.game)
    for index, (step, state) in enumerate(zip(lesson.steps, states)):
        plain = game.render_svg(state, lesson.learner)
        for key, value in step.highlights.items():
            try:
                drawn = game.render_svg(state, lesson.learner, **{key: value})
            except DRAWING_ERRORS as exc:
                raise _where(lesson, index, _("the highlight {key} can't be drawn: {reason}").format(
                    key=key, reason=exc)) from None
            if drawn == plain:
                raise _where(lesson, index, _("the highlight {key} changes nothing on the board").format(key=key))


def _same(value: Any) -> Any:
    """Lists and tuples alike, for comparing what a step draws with what the interaction draws."""
    if isinstance(value, dict):
        return {key: _same(v) for key, v in value.items()}
    return tuple(_same(v) for v in value) if isinstance(value, (list, tuple)) else value


def check_clicks(lesson: Lesson, index: int) -> None:
    """What step ``index`` (from 0) draws is what a click does (see the module's docstring)."""
    step = lesson.steps[index]
    try:
        board = LessonBoard(lesson, index)
        rings = board.ui.rings(step.highlights)
    except DRAWING_ERRORS as exc:
        raise _where(lesson, index, _("the highlights can't be used: {reason}").format(reason=exc)) from None
    if not step.asks:
        if rings:
            raise _where(lesson, index, _("{ring} is ringed, but nothing can be clicked on a step that is only "
                                          "read").format(ring=_ring(rings[0])))
        return
    drawn = board.ui.highlights(board.run.state, lesson.learner)
    for key in board.ui.choice_keys:
        if key in step.highlights and _same(drawn.get(key)) != _same(step.highlights[key]):
            raise _where(lesson, index, _("it draws {key} as the learner's choice, but that choice can't be "
                                          "made here").format(key=key))
    if _same(board.highlights()) != _same(dict(step.highlights)):
        raise _where(lesson, index, _("the board can't draw the step's highlights as a choice"))
    for number, ring in enumerate(rings):
        _click_ring(LessonBoard(lesson, index), rings[:number], ring, lambda problem: _where(lesson, index, problem))


def _ring(ring: dict[str, str]) -> str:
    return " ".join(f"{key} {value}" for key, value in ring.items())


def _click_ring(board: LessonBoard, before: list[dict[str, str]], ring: dict[str, str], error: Any) -> None:
    """Click ``ring`` at once, or (the second pick of a pair) after the rings ``before`` it."""
    for earlier in before:
        if ring in board.clickable():
            break
        board.click(earlier)
        if board.note is not None or board.run.index != board.start:
            raise error(_("a click on {ring} makes another move").format(ring=_ring(earlier)))
    if ring not in board.clickable():
        raise error(_("{ring} is ringed, but it can't be clicked").format(ring=_ring(ring)))
    shown = (board.highlights(), board.prompt())
    board.click(ring)
    if board.note is not None and board.note["kind"] != "correct":
        raise error(_("a click on {ring} makes another move").format(ring=_ring(ring)))
    if board.run.index == board.start:
        if (board.highlights(), board.prompt()) == shown:
            raise error(_("{ring} is ringed, but a click on it changes nothing").format(ring=_ring(ring)))
        if not reachable(board):
            raise error(_("after a click on {ring}, the step's move can't be made").format(ring=_ring(ring)))


#: The most boards :func:`reachable` tries (every built-in step needs at most 12): a file's step
#: whose move is far from its rings is refused rather than searched for long.
MAX_TRIES = 500


def reachable(board: LessonBoard, depth: int = 5) -> bool:
    """Whether clicks and buttons make the step's move from here (a search over what the board
    offers, as a learner would find it, within :data:`MAX_TRIES` boards)."""
    start = board.run.index
    frontier = [board]
    tried = 0
    for _depth in range(depth):
        found = []
        for here in frontier:
            tries: list[Callable[[LessonBoard], None]] = [
                *(partial(LessonBoard.click, target=target) for target in here.clickable()),
                *(partial(LessonBoard.button, index=index) for index in range(len(here.buttons())))]
            tried += len(tries)
            if tried > MAX_TRIES:
                return False
            for act in tries:
                there = copy.deepcopy(here)
                act(there)
                if there.run.index > start:
                    return True
                if there.note is None:
                    found.append(there)
        frontier = found
    return False
