"""The position editor's "Make a lesson" part: the line of moves recorded becomes a lesson file.

Shown once moves are recorded from a consistent position. The seat that makes the first move
is the learner: each of its moves is a step that asks for it (the other seats' moves after it
are the step's replies). The author gives the lesson a title and, per step, what it says, a hint
and what to say after a wrong but legal move (both optional), and a closing text (optional, a
last step only read). "Make the lesson" builds it with
:func:`~pygame_rules.lesson_file.lesson_from_line`'s parts and checks it as a lesson file is
checked on load (:func:`~pygame_rules.lesson_file.step_problems` beside each step, then the
whole lesson); a lesson that passes is offered as its file's JSON (copy, download), as the
embed's element with the lesson inline, and as "Try the lesson" on ``diagram.html``.

"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from pygame_rules.i18n import _, language
from pygame_rules.lesson_file import (
    LessonFileError,
    lesson_from_document,
    lesson_name,
    lesson_snippet,
    line_asks,
    line_document,
    step_problems,
)

from .markup import h
from .page import Event, Page

#: The page that tries a lesson (its address's fragment holds the lesson file).
TRY_PAGE = "diagram.html"

#: A line of moves: the game, the start position and the moves' notations.
Line = tuple[str, str, tuple[str, ...]]


class LessonMaker:
    """The texts an author writes for the line recorded, and the lesson last made of them."""

    def __init__(self, page: Page, redraw: Callable[[], None]) -> None:
        self.page = page
        self.redraw = redraw
        #: The form's fields as last written (``title``, ``text-1``, ``hint-1``, ``wrong-1``, …, ``closing``).
        self.fields: dict[str, str] = {}
        #: The line last made a lesson of (game, position, moves): what follows is about it.
        self.checked: Line | None = None
        #: That lesson's document, if it passed the checks.
        self.made: dict[str, Any] | None = None
        #: Per step, what is wrong with it (""), and what is wrong with the whole lesson.
        self.problems: list[str] = []
        self.error = ""

    def section(self, game: str, position: str, moves: list[str]) -> Any:
        """The part of the editor that makes a lesson of ``moves`` played from ``position``."""
        try:
            seat, asks = line_asks(game, position, moves)
        except LessonFileError as exc:
            return h("section", h("h2", _("Make a lesson")), h("p", str(exc), class_="error"),
                     id="editor-lesson", class_="panel stack")
        line = (game, position, tuple(moves))
        if line != self.checked:  # the line changed since: its lesson and problems are gone
            self.checked, self.made, self.problems, self.error = None, None, [], ""
        steps = [self._step(number, move) for number, move in enumerate(asks, 1)]
        return h("section", h("h2", _("Make a lesson")),
                 h("p", _("Each move of the player who moves first becomes a step that asks the learner for it; "
                          "the other players' moves after it are played as the answers."), class_="muted"),
                 h("form", self._input("title", _("Title")), steps,
                   self._input("closing", _("Closing text (optional)")),
                   h("button", _("Make the lesson"), type="submit", id="make-lesson"),
                   on_change=self.on_fields, on_submit=lambda e: self.make(e, line, seat, len(asks)),
                   id="lesson-form", class_="stack"),
                 h("p", self.error, class_="error", id="lesson-error", role="alert") if self.error else None,
                 self._exports(self.made) if self.made is not None else None,
                 id="editor-lesson", class_="panel stack")

    def _step(self, number: int, move: str) -> Any:
        problem = self.problems[number - 1] if number <= len(self.problems) else ""
        return h("fieldset",
                 h("legend", _("Step {number}: {move}").format(number=number, move=move)),
                 self._input(f"text-{number}", _("What the step says")),
                 self._input(f"hint-{number}", _("Hint (optional)")),
                 self._input(f"wrong-{number}", _("After a wrong but legal move (optional)")),
                 h("p", problem, class_="error", id=f"lesson-problem-{number}", role="alert") if problem else None,
                 class_="stack lesson-step")

    def _input(self, name: str, label: str) -> Any:
        return h("label", label, h("input", type="text", name=name, id=f"lesson-{name}",
                                   value=self.fields.get(name, ""), spellcheck="true"))

    def _exports(self, document: dict[str, Any]) -> Any:
        text = json.dumps(document, ensure_ascii=False, indent=1)
        snippet = lesson_snippet(document, language())
        file = f"{document['name']}.json"
        trying = urlencode({"lesson": json.dumps(document, ensure_ascii=False, separators=(",", ":")),
                            "lang": language()})
        return h("div",
                 h("p", _("The lesson is ready: it passed the checks a lesson file passes when it is loaded."),
                   class_="ok", id="lesson-made", role="status"),
                 h("div", h("label", _("The lesson file"), h("textarea", text, readonly=True, rows="6",
                                                             id="export-lesson", spellcheck="false")),
                   h("div", h("button", _("Copy"), type="button", class_="secondary", id="copy-lesson",
                              on_click=lambda e: self.copy(text)),
                     h("button", _("Download {file}").format(file=file), type="button", class_="secondary",
                       id="download-lesson", on_click=lambda e: self.page.send("download", file, text)),
                     class_="row"),
                   class_="stack"),
                 h("div", h("label", _("The embed snippet for a web page, with the lesson in it"),
                            h("textarea", snippet, readonly=True, rows="4", id="export-lesson-snippet",
                              spellcheck="false")),
                   h("button", _("Copy"), type="button", class_="secondary", id="copy-lesson-snippet",
                     on_click=lambda e: self.copy(snippet)),
                   class_="stack"),
                 h("a", _("Try the lesson"), href=f"./{TRY_PAGE}#{trying}", target="_blank", rel="noopener",
                   id="try-lesson", class_="button"),
                 class_="stack")

    def copy(self, text: str) -> None:
        self.page.send("copy", text, _("Copied."), _("Copy this text:"))

    def on_fields(self, event: Event) -> None:
        """A field was written: kept (drawn again as written when the editor is redrawn)."""
        self.fields = dict(event.form)

    def make(self, event: Event, line: Line, seat: int, asks: int) -> None:
        """Build the lesson of ``line`` from the form and check it: the problems beside the
        steps, or the lesson to export."""
        self.fields = form = dict(event.form)
        game, position, moves = line
        texts = [{key: form.get(f"{key}-{number}", "").strip() for key in ("text", "hint", "wrong")}
                 for number in range(1, asks + 1)]
        if form.get("closing", "").strip():
            texts.append({"text": form["closing"].strip()})
        title = form.get("title", "").strip()
        self.checked, self.made, self.error = line, None, ""
        document = line_document(game, position, moves, texts, title=title, name=lesson_name(title), learner=seat)
        found = step_problems(document)
        self.problems = [problem or ("" if text["text"] else _("Write what this step says."))
                         for problem, text in zip(found[:asks], texts)]
        if not title:
            self.error = _("Give the lesson a title.")
        elif found[asks:] and found[asks]:
            self.error = found[asks]  # the closing text's
        elif any(self.problems):
            self.error = _("The lesson is not ready: see the steps marked.")
        else:
            try:
                lesson_from_document(json.loads(json.dumps(document)))
            except LessonFileError as exc:
                self.error = str(exc)
            else:
                self.made = document
        self.redraw()
