"""Lesson files: a lesson written as JSON by an author (or a position editor), not in code.

A lesson file is one JSON object (format ``pygame_rules lesson``, version 1)::

    {"format": "pygame_rules lesson", "version": 1,
     "game": "tuerme", "name": "my-first-capture", "title": "Covering a stone",
     "learner": 0,
     "steps": [
       {"text": "Your A stone on d4 may cover the A stone on d6.",
        "position": "6Bp6Db/14/3Agb10/3Br10/3ArBg9/14/14/13Cg r - - 4 max5 - 0000000000000000",
        "highlights": {"selected": "d4", "targets": ["d6"]},
        "expect": ["d4xd6"], "hint": "d6 is two fields up.", "replies": []},
       {"text": "The stone is yours now."}]}

The fields are those of :class:`~pygame_rules.lessons.Lesson` and
:class:`~pygame_rules.lessons.Step` (``docs/lessons.md``): ``learner`` (default 0),
``options`` (default none) and each step's ``position`` (only the first step needs one),
``highlights``, ``expect``, ``hint`` and ``replies`` may be left out; the players are the
first position's. :func:`read_lesson` reads such a text through the gate
(:mod:`pygame_rules.gate`: limits before parsing, each field checked before use) and then
checks the lesson as the built-in ones are checked (:func:`~.lesson_checks.check_lesson`);
whatever is wrong raises :class:`LessonFileError`, with a message in the active language.
:func:`lesson_document` writes a lesson as such a document, and :func:`lesson_from_line`
makes one from a start position, a line of moves and a text per move.

>>> from pygame_rules.lessons import lesson
>>> text = json.dumps(lesson_document(lesson("tuerme/moving")))
>>> read_lesson(text).steps[1].expect
('d4xd6',)
>>> read_lesson('{"format": "pygame_rules lesson", "version": 2}')
Traceback (most recent call last):
...
pygame_rules.lesson_file.LessonFileError: the lesson file is of version 2; this version reads version 1
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import IllegalAction, InvalidState
from .examples import read_moves, read_position
from .gate import Fields, Limits, describe, fail, read_json
from .i18n import N_, _, ngettext
from .lesson_checks import check_lesson
from .lessons import Lesson, LessonError, Step
from .registry import GAMES
from .render_cli import as_tuples

#: What a lesson file says it is.
FORMAT = "pygame_rules lesson"  # i18n: internal
#: The version of the format written and read.
VERSION = 1
#: A lesson file is read only within these limits: 50,000 characters (a lesson of eight
#: Babel steps, each with its own position, is under 10,000), lists in lists in a step's
#: highlights at most.
LIMITS = Limits(N_("the lesson file"), 50_000, 6, 5_000)
#: The most steps a lesson has.
MAX_STEPS = 30
#: The longest text of a step (its explanation or hint) or title.
MAX_TEXT = 2_000
#: The longest position text (a Babel position is about 600 characters).
MAX_POSITION = 5_000
#: The most moves a step expects or replies.
MAX_MOVES = 20
#: The longest move notation (Babel's ``accept …; add …; joker …`` included).
MAX_MOVE = 200
#: A lesson's name: lower-case words joined by hyphens (it names the lesson, ``tuerme/<name>``).
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

_LESSON_FIELDS = ("format", "version", "game", "name", "title", "learner", "options", "steps")
_STEP_FIELDS = ("text", "position", "highlights", "expect", "hint", "replies", "wrong")


class LessonFileError(ValueError):
    """A lesson file that can't be used; the message says why, in the active language."""


def read_lesson(text: object) -> Lesson:
    """The lesson the JSON ``text`` holds, checked through the engine (see the module)."""
    return lesson_from_document(read_json(text, LIMITS, LessonFileError))


def lesson_from_document(data: object) -> Lesson:
    """The lesson of a parsed lesson document, every field and the whole lesson checked."""
    doc = Fields(data, LIMITS.what, LessonFileError, known=_LESSON_FIELDS)
    if doc.get("format") != FORMAT:
        fail(LessonFileError, _("this is no lesson file: its format must be {format}, not {value}").format(
            format=describe(FORMAT), value=describe(doc.get("format"))))
    version = doc.get("version")
    if version != VERSION:
        fail(LessonFileError, _("the lesson file is of version {version}; this version reads version {known}").format(
            version=describe(version), known=VERSION))
    game = GAMES[doc.choice("game", sorted(GAMES))]
    name = doc.text("name", 60, default="lesson")
    if not NAME.fullmatch(name):
        fail(LessonFileError, _("the lesson file's name must be lower-case letters and digits joined by hyphens, "
                                "not {value}").format(value=describe(name)))
    steps = tuple(_step(item, number) for number, item in enumerate(doc.items("steps", MAX_STEPS), 1))
    if not steps:
        fail(LessonFileError, _("the lesson file has no steps"))
    if not steps[0].position:
        fail(LessonFileError, _("the lesson file's first step has no position"))
    try:
        players = game.num_players(read_position(game, steps[0].position))
    except InvalidState as exc:
        fail(LessonFileError, _("the lesson file's first position is wrong: {reason}").format(reason=exc))
    options = doc.object("options", {})
    try:
        for key, value in options.items():
            game.resolve_options({key: value})
    except ValueError as exc:
        fail(LessonFileError, _("the lesson file's options are wrong: {reason}").format(reason=exc))
    learner = doc.integer("learner", 0, players - 1, default=0)
    found = Lesson(f"{game.name}/{name}", doc.text("title", MAX_TEXT), players, steps, learner, options)
    try:
        check_lesson(found)
    except LessonError as exc:
        fail(LessonFileError, _("the lesson does not play: {problem}").format(problem=exc))
    return found


def _step(data: object, number: int) -> Step:
    what = _("the lesson file's step {number}").format(number=number)
    step = Fields(data, what, LessonFileError, known=_STEP_FIELDS)
    highlights = step.object("highlights", {})
    for key, value in highlights.items():
        if not isinstance(value, (str, int, list)) or isinstance(value, bool):
            fail(LessonFileError, _("{what}: the highlight {key} must be text, a number or a list, not {value}").format(
                what=what, key=describe(key), value=describe(value)))
    return Step(step.text("text", MAX_TEXT), step.text("position", MAX_POSITION, default=""),
                {key: as_tuples(value) for key, value in highlights.items()}, _moves(step, "expect"),
                step.text("hint", MAX_TEXT, default=""), _moves(step, "replies"),
                step.text("wrong", MAX_TEXT, default=""))


def _moves(step: Fields, key: str) -> tuple[str, ...]:
    moves = step.items(key, MAX_MOVES, default=[])
    checked = Fields({str(k): move for k, move in enumerate(moves)}, step.field(key), LessonFileError)
    return tuple(checked.text(str(k), MAX_MOVE) for k in range(len(moves)))


def lesson_document(lesson: Lesson) -> dict[str, Any]:
    """``lesson`` as a lesson document (:func:`json.dumps` makes the file); what a step
    leaves at its default is left out."""
    game, name = lesson.id.split("/", 1)
    steps = []
    for step in lesson.steps:
        written: dict[str, Any] = {"text": step.text, "position": step.position, "highlights": dict(step.highlights),
                                   "expect": list(step.expect), "hint": step.hint, "replies": list(step.replies),
                                   "wrong": step.wrong}
        steps.append({key: value for key, value in written.items() if value or key == "text"})
    return {"format": FORMAT, "version": VERSION, "game": game, "name": name, "title": lesson.title,
            "learner": lesson.learner, **({"options": dict(lesson.options)} if lesson.options else {}),
            "steps": json.loads(json.dumps(steps))}


def lesson_from_line(game: str, position: str, moves: Sequence[str], texts: Sequence[Mapping[str, Any]], *,
                     title: str, name: str = "lesson", learner: int | None = None) -> dict[str, Any]:
    """A lesson document from a start ``position``, the line of ``moves`` played from it and
    a text per move of the learner's (a mapping with ``text`` and, if wanted, ``hint``,
    ``wrong`` and ``highlights``), as a position editor records them: each of the learner's
    moves is a step that asks for it, the other seats' moves after it are its replies. One
    text more than the learner has moves is a last step, only read. ``learner`` is the seat
    that makes the first move unless given. The document is checked as :func:`read_lesson`
    checks a file (:class:`LessonFileError` says what is wrong).

    >>> position = "6Bp6Db/14/3Agb10/3Br10/3ArBg9/14/14/13Cg r - - 4 max5 - 0000000000000000"
    >>> doc = lesson_from_line("tuerme", position, ["d4xd6", "n8-n7"],
    ...     [{"text": "Cover the stone on d6.", "hint": "Two fields up."}, {"text": "Blue answers."}],
    ...     title="Covering")
    >>> [(step.get("expect"), step.get("replies")) for step in doc["steps"]]
    [(['d4xd6'], ['n8-n7']), (None, None)]
    >>> read_lesson(json.dumps(doc)).players
    4
    """
    document = line_document(game, position, moves, texts, title=title, name=name, learner=learner)
    lesson_from_document(json.loads(json.dumps(document)))
    return document


def line_asks(game: str, position: str, moves: Sequence[str], learner: int | None = None) -> tuple[int, list[str]]:
    """The learner's seat (the first mover's unless given) and the notation of each of the
    learner's moves in the line: the steps a lesson made from it asks for.

    >>> line_asks("tuerme", "6Bp6Db/14/3Agb10/3Br10/3ArBg9/14/14/13Cg r - - 4 max5 - 0000000000000000",
    ...           ["d4xd6", "n8-n7"])
    (0, ['d4xd6'])
    """
    seat, asked = _line(game, position, moves, learner)
    return seat, [move for move, _replies in asked]


def _line(game: str, position: str, moves: Sequence[str],
          learner: int | None) -> tuple[int, list[tuple[str, list[str]]]]:
    """The learner's seat and, per move of the learner's in the line, it and the replies after it."""
    if game not in GAMES:
        fail(LessonFileError, _("the lesson file's game must be one of {choices}, not {value}").format(
            choices=", ".join(sorted(GAMES)), value=describe(game)))
    engine = GAMES[game]
    try:
        start = read_position(engine, position)
        played = read_moves(engine, start, list(moves))
    except (InvalidState, IllegalAction) as exc:
        fail(LessonFileError, _("the line can't be played: {reason}").format(reason=exc))
    seat = played[0][0] if learner is None and played else learner or 0
    asked: list[tuple[str, list[str]]] = []
    for before, (who, action, _after) in zip([start] + [after for _who, _action, after in played], played):
        move = engine.record_text(before, who, action)
        if who == seat:
            asked.append((move, []))
        elif asked:
            asked[-1][1].append(move)
        else:
            fail(LessonFileError, _("the line must begin with a move of the learner's"))
    return seat, asked


def line_document(game: str, position: str, moves: Sequence[str], texts: Sequence[Mapping[str, Any]], *,
                  title: str, name: str = "lesson", learner: int | None = None) -> dict[str, Any]:
    """The document :func:`lesson_from_line` makes, before its texts and the whole lesson are
    checked (:func:`step_problems` and :func:`lesson_from_document` do that); only the line
    and the number of texts are."""
    seat, asked = _line(game, position, moves, learner)
    if not texts or len(texts) not in (len(asked), len(asked) + 1):
        fail(LessonFileError, ngettext("the line has {n} move of the learner's: give {n} or {more} texts",
                                       "the line has {n} moves of the learner's: give {n} or {more} texts",
                                       len(asked)).format(n=len(asked), more=len(asked) + 1))
    steps = []
    for number, text in enumerate(texts):
        move, replies = asked[number] if number < len(asked) else ("", [])
        written = {"text": text.get("text", ""), "position": position if number == 0 else "",
                   "highlights": text.get("highlights"), "expect": [move] if move else [],
                   "hint": text.get("hint"), "replies": replies, "wrong": text.get("wrong")}
        steps.append({key: value for key, value in written.items() if value or key == "text"})
    return {"format": FORMAT, "version": VERSION, "game": game, "name": name, "title": title,
            "learner": seat, "steps": steps}


def step_problems(document: Mapping[str, Any]) -> list[str]:
    """Per step of a lesson ``document``, what :func:`read_lesson` finds wrong with its own
    fields ("" if nothing): the reasons to show beside each step.

    >>> step_problems({"steps": [{"text": "Fine."}, {"text": "Bad", "hint": "a\\u0007b"}]})
    ['', "the lesson file's step 2's hint holds a control character (U+0007)"]
    """
    problems = []
    for number, item in enumerate(document.get("steps", ()), 1):
        try:
            _step(item, number)
        except LessonFileError as exc:
            problems.append(str(exc))
        else:
            problems.append("")
    return problems


def lesson_name(title: str) -> str:
    """A lesson's ``name`` made from its ``title`` (ASCII letters and digits, joined by hyphens).

    >>> lesson_name("Türme: den Turm erobern!")
    'turme-den-turm-erobern'
    >>> lesson_name("★")
    'lesson'
    """
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", plain))[:60].strip("-") or "lesson"


def lesson_snippet(document: Mapping[str, Any], lang: str) -> str:
    """The embed's element with the lesson ``document`` inline (``embed.js`` reads it): every
    ``<`` in the JSON written ``\\u003c``, so no text in it can end the script element.

    >>> lesson_snippet({"title": "</script><b>"}, "en").split("json")[1]
    '">{"title": "\\\\u003c/script>\\\\u003cb>"}</script></div>'
    """
    text = json.dumps(document, ensure_ascii=False).replace("<", "\\u003c")
    lang = html.escape(lang, quote=True)
    return f'<div data-lesson data-lang="{lang}"><script type="application/json">{text}</script></div>'
