"""The Python side of the web embed: one live diagram per element of the host page.

It runs in the embed's hidden iframe (plain Pyodide, no browser imports here) and
answers JSON requests ``handle(method, payload) -> JSON text``. A diagram keeps its
line of positions (the given moves, or the reader's own moves branching off them),
the ply shown, and the game's board interaction (the app's: :mod:`pygame_rules.interaction`).

>>> import json
>>> view = json.loads(handle("open", json.dumps({"diagram": 1, "game": "tuerme",
...     "position": "14/14/14/4Br9/14/14/14/4Bgb9 r - - 4 max5 - 0000000000000000",
...     "moves": "e5-e7+", "interactive": True})))
>>> view["ply"], view["total"], view["moves"]
(0, 1, ['e5-e7+'])
>>> json.loads(handle("goto", json.dumps({"diagram": 1, "ply": 1})))["status"]
'To move: Red (bonus move)'

A lesson (:mod:`pygame_rules.lessons`) is opened the same way, with the method
``lesson``, and the learner's clicks are judged against the step's move:

>>> view = json.loads(handle("lesson", json.dumps({"diagram": 2, "lesson": "tuerme/bonus-moves"})))
>>> view["step"], view["steps"], view["asks"]
(1, 4, True)
>>> view = json.loads(handle("click", json.dumps({"diagram": 2, "target": {"square": "e5"}})))
>>> view = json.loads(handle("click", json.dumps({"diagram": 2, "target": {"square": "e6"}})))
>>> view["note"]["kind"], view["step"]
('illegal', 1)

A lesson file's text (``source``, what embed.js fetched from ``data-lesson-src`` or found
inline) is opened the same way (:func:`pygame_rules.lesson_file.read_lesson`).

A request is answered in the language the frame names (``en`` unless it names
``nl``, ``de`` or ``fr``): the view's texts and the error of a bad request.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeAlias, TypeVar

from pygame_rules.controller import Controller, Reading
from pygame_rules.diagram import MAX_CHOICES, diagram_seats, move_choices
from pygame_rules.examples import read_moves, read_position, read_viewer, split_moves
from pygame_rules.gate import Fields, Limits, check_text, choices_text, describe, fail, read_json
from pygame_rules.i18n import LANGUAGES, _, number, using
from pygame_rules.lesson_file import LessonFileError, read_lesson
from pygame_rules.lessons import Lesson, LessonBoard, LessonRun, following, lesson, lessons
from pygame_rules.registry import GAMES, interaction_for
from pygame_rules.render_cli import RenderError, parse_highlights
from pygame_rules.session import Session

#: Longest attribute text accepted (a Babel position is about 600 characters); embed.js
#: refuses longer ones itself, before sending them.
MAX_TEXT = 20_000
#: The most moves a diagram steps through (a long game has about 600).
MAX_MOVES = 2_000
#: A request's text is read only within these limits (its attributes, quoted as JSON).
#: (Its field names stay English: only a request that embed.js did not make can break them.)
REQUEST_LIMITS = Limits("the request", 200_000, 3)  # i18n: internal
#: What a request may hold: the diagram's attributes, and what the reader did.
FIELDS = ("diagram", "game", "position", "moves", "viewer", "highlight", "interactive", "ply", "index",
          "target", "lesson", "step", "source")
#: Diagram numbers run from 0 to this (embed.js counts them up from 1).
MAX_DIAGRAMS = 2**31


class Diagram:
    """A position, its given moves and the reader's place in them: a game read through a
    :class:`Controller`, whose record the reader's own moves may branch off."""

    def __init__(self, request: Fields) -> None:
        self.game = GAMES[request.choice("game", sorted(GAMES))]
        self.start = read_position(self.game, _text(request, "position"))
        moves = split_moves(_text(request, "moves"))
        if len(moves) > MAX_MOVES:
            fail(ValueError, _("a diagram steps through at most {limit} moves, not {count}").format(
                limit=number(MAX_MOVES), count=number(len(moves))))
        self.given = [(player, action) for player, action, _after in read_moves(self.game, self.start, moves)]
        viewer = read_viewer(self.game, self.start, _text(request, "viewer") or None)
        try:
            self.highlights = parse_highlights(_text(request, "highlight").split())
            self.game.render_svg(self.start, viewer, **self.highlights)
        except (RenderError, TypeError, ValueError, KeyError, IndexError) as exc:
            fail(ValueError, _("bad highlight: {reason}").format(reason=exc))
        self.reading = Reading(viewer, request.get("interactive", False) is True)
        self.seats = diagram_seats(self.game, self.game.num_players(self.start))
        self.names = [seat.name for seat in self.seats]
        self.ui = interaction_for(self.game)
        self.ui.names = self.names
        self.reset()

    def reset(self) -> None:
        """Back to the given moves, showing the position before them."""
        session = Session.from_position(self.game, self.start, self.seats)
        for player, action in self.given:
            session.play(player, action)
        self.controller = Controller(session, reading=self.reading)
        self.controller.view_move(0)
        self.branched = False
        self.ui.reset()

    def goto(self, ply: int) -> None:
        self.controller.view_move(int(ply))
        self.ui.reset()

    def play(self, player: int, action: Any) -> None:
        """Play a move at the shown ply; the moves after it give way to the reader's line."""
        self.controller.play(player, action)
        self.branched = True
        self.ui.reset()

    def click(self, target: dict[str, str]) -> None:
        player = self.controller.acting_player()
        if player is None:
            return
        action = self.ui.click(self.controller.shown, player, target)
        if action is not None:
            self.play(player, action)

    def button(self, index: int) -> None:
        player = self.controller.acting_player()
        buttons = self.ui.buttons(self.controller.shown, player) if player is not None else []
        if player is None or not 0 <= index < len(buttons):
            raise ValueError(_("that button is gone; the board has changed"))
        chosen = buttons[index]
        for action in chosen.actions:
            self.play(player, action)
        if chosen.action is None:
            self.ui.step(chosen.step)

    def choose(self, index: int) -> None:
        choices = self.choices()
        if not 0 <= index < len(choices):
            raise ValueError(_("that move is gone; the board has changed"))
        player, action, _label = choices[index]
        self.play(player, action)

    def choices(self) -> list[tuple[int, Any, str]]:
        """Every legal move the reader may make now (:func:`pygame_rules.diagram.move_choices`)."""
        return move_choices(self.controller, self.names)

    def record(self) -> list[str]:
        """The moves, in the reader's language: as the diagram's seat reads them (a sealed
        offer stays sealed until the reveal), or without a seat as the author wrote them,
        each as its mover knows it, named while several may move."""
        session, viewer = self.controller.session, self.reading.viewer
        if viewer is not None:
            return [session.log_text(k, viewer) for k in range(1, len(session.moves) + 1)]
        return [f"{self.names[move.player]}: {session.log_text(k, move.player)}"
                if len(self.game.to_move(session.states[k - 1])) > 1 else session.log_text(k, move.player)
                for k, move in enumerate(session.moves, 1)]

    def view(self) -> dict[str, Any]:
        """What the page shows: the board, where we are, and what the reader may do."""
        controller, player = self.controller, self.controller.acting_player()
        board = controller.board(self.ui)
        given = self.highlights if controller.ply == 0 and not self.branched else {}
        svg = self.game.render_svg(board.state, board.viewer, names=self.names,
                                   **(board.highlights or given))
        buttons = self.ui.buttons(board.state, player) if player is not None else []
        session = controller.session
        return {
            "svg": svg,
            "ply": controller.ply,
            "total": len(session.moves),
            "moves": self.record(),
            "branched": self.branched,
            "status": self.game.status_text(board.state, self.names),
            "prompt": self.ui.prompt(board.state, player) if player is not None else "",
            "buttons": [b.label for b in buttons],
            "choices": [label for _player, _action, label in self.choices()],
            "clickable": self.ui.clickable(board.state, player) if player is not None else [],
        }


class LessonDiagram:
    """A lesson in a diagram: the current step's text and board, the learner's clicks (the
    app's board interaction) judged against the step's move, and a note on the last one
    (:class:`~pygame_rules.lessons.LessonBoard`, tested in CPython). The request names a
    built-in lesson (``lesson``) or holds a lesson file's text (``source``)."""

    def __init__(self, request: Fields) -> None:
        source = request.get("source", None)
        self.lesson = _lesson_file(source) if source is not None else _lesson(request.text("lesson", 100))
        self.start = request.integer("step", 1, len(self.lesson.steps), default=1) - 1
        self.game = GAMES[self.lesson.game]
        self.names = [seat.name for seat in diagram_seats(self.game, self.lesson.players)]
        self.board = LessonBoard(self.lesson, self.start, self.names)

    @property
    def run(self) -> LessonRun:
        return self.board.run

    @property
    def note(self) -> dict[str, Any] | None:
        return self.board.note

    def reset(self) -> None:
        """Back to the step the lesson was opened at."""
        self.board.reset()

    def click(self, target: dict[str, str]) -> None:
        self.board.click(target)

    def button(self, index: int) -> None:
        self.board.button(index)

    def next(self) -> None:
        self.board.next()

    def view(self) -> dict[str, Any]:
        run, board = self.run, self.board
        after = following(self.lesson) if run.done else None
        return {
            "svg": self.game.render_svg(run.state, self.lesson.learner, names=self.names, **board.highlights()),
            "lesson": self.lesson.id,
            "title": run.title,
            "step": min(run.index, len(self.lesson.steps) - 1) + 1,
            "steps": len(self.lesson.steps),
            "text": run.text if not run.done else _("You have finished this lesson."),
            "asks": run.asks,
            "done": run.done,
            "note": self.note,
            "prompt": board.prompt(),
            "buttons": [b.label for b in board.buttons()],
            "clickable": board.clickable(),
            "next": {"lesson": after.id, "title": _(after.title)} if after is not None else None,
        }


def _lesson(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id``, or a message listing the lessons of its game."""
    try:
        return lesson(lesson_id)
    except ValueError:
        game = lesson_id.split("/")[0]
        known = [ls.id for ls in lessons(game)] if game in GAMES else [f"{name}/…" for name in sorted(GAMES)]
        fail(ValueError, _('Unknown lesson "{lesson}": use one of {lessons}.').format(
            lesson=describe(lesson_id).strip("'"), lessons=choices_text(known, 300)))


def _lesson_file(source: object) -> Lesson:
    """The lesson of a lesson file's text, or a message saying why it can't be shown."""
    try:
        return read_lesson(source)
    except LessonFileError as exc:
        fail(ValueError, _("This lesson can't be shown: {reason}.").format(reason=exc))


def _text(request: Fields, key: str) -> str:
    """An attribute's text (empty if missing or null), within :data:`MAX_TEXT` characters."""
    value = request.get(key, None)
    limits = Limits(f"the {key} attribute", MAX_TEXT)  # i18n: internal (embed.js checks the length first)
    return "" if value is None else check_text(value, limits, ValueError, lines=True)


Board: TypeAlias = Diagram | LessonDiagram
_DIAGRAMS: dict[int, Board] = {}


def _diagram(request: Fields) -> Board:
    key = request.integer("diagram", 0, MAX_DIAGRAMS)
    if key not in _DIAGRAMS:
        raise ValueError(_("this diagram is not open"))
    return _DIAGRAMS[key]


def _opener(kind: Callable[[Fields], Board]) -> Callable[[Fields], Board]:
    """The method that opens a diagram of ``kind`` under the request's number (anew, if open)."""
    def open_one(request: Fields) -> Board:
        key = request.integer("diagram", 0, MAX_DIAGRAMS)
        _DIAGRAMS.pop(key, None)
        _DIAGRAMS[key] = kind(request)
        return _DIAGRAMS[key]

    return open_one


def _target(request: Fields) -> dict[str, str]:
    """The ``data-*`` attributes of the board element clicked: a few short texts."""
    target = Fields(request.object("target"), "the clicked element", ValueError)  # i18n: internal
    if len(target.data) > 8:
        raise ValueError(_("the clicked element has too many data attributes"))
    return {key: target.text(key, 100) for key in target.data}


METHODS: dict[str, Callable[[Fields], Board]] = {
    "open": _opener(Diagram),
    "lesson": _opener(LessonDiagram),
    "goto": lambda r: _act(r, lambda d: _only(d, Diagram).goto(r.integer("ply", -(10**6), 10**6))),
    "reset": lambda r: _act(r, lambda d: d.reset()),
    "click": lambda r: _act(r, lambda d: d.click(_target(r))),
    "button": lambda r: _act(r, lambda d: d.button(r.integer("index", 0, MAX_CHOICES))),
    "choose": lambda r: _act(r, lambda d: _only(d, Diagram).choose(r.integer("index", 0, MAX_CHOICES))),
    "next": lambda r: _act(r, lambda d: _only(d, LessonDiagram).next()),
}


def _act(request: Fields, change: Callable[[Board], Any]) -> Board:
    diagram = _diagram(request)
    change(diagram)
    return diagram


K = TypeVar("K", Diagram, LessonDiagram)


def _only(diagram: Board, kind: type[K]) -> K:
    """``diagram`` if it is a ``kind`` (a lesson has no moves to step through, a diagram no steps)."""
    if not isinstance(diagram, kind):
        raise ValueError(_("this diagram can't do that"))
    return diagram


def handle(method: str, payload: str, lang: str = "en") -> str:
    """Run ``method`` on a diagram; the answer is its new view, in ``lang`` (English if it is
    none of ours). Bad requests raise ValueError (the engines' InvalidState and IllegalAction
    are ValueErrors too), each with a short message in ``lang``."""
    with using(lang if lang in LANGUAGES else "en"):
        if method not in METHODS:
            fail(ValueError, _("unknown method {method}").format(method=describe(method)))
        request = Fields(read_json(payload, REQUEST_LIMITS, ValueError), "the request", ValueError,  # i18n: internal
                         known=FIELDS)
        return json.dumps(METHODS[method](request).view())
