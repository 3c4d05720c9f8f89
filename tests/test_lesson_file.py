"""Lesson files (:mod:`pygame_rules.lesson_file`): every built-in lesson written as a file reads back
and replays the same; each kind of bad file is refused with a message a person understands (in
the reader's language); a position editor's line of moves makes a lesson; the embed's service
opens a file's text."""

from __future__ import annotations

import copy
import html
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_rules import i18n
from pygame_rules.lesson_file import LIMITS, LessonFileError, lesson_document, lesson_from_line, read_lesson
from pygame_rules.lessons import Lesson, LessonRun, lesson, lessons, replay
from pygame_rules.registry import get_game
from site_helpers import READY_TIMEOUT_MS, host_page

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "embed"))
from embed_service import handle

ALL = [ls for name in ("tuerme", "babel", "saba") for ls in lessons(name)]
MOVING = lesson_document(lesson("tuerme/moving"))
EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "lesson-example.json"


def _same(value: Any) -> Any:
    """JSON's lists and the lessons' tuples alike."""
    if isinstance(value, dict):
        return {key: _same(v) for key, v in value.items()}
    return [_same(v) for v in value] if isinstance(value, (list, tuple)) else value


@pytest.mark.parametrize("ls", ALL, ids=lambda ls: ls.id)
def test_a_file_made_from_each_built_in_lesson_loads_and_replays(ls: Lesson) -> None:
    text = json.dumps(lesson_document(ls), ensure_ascii=False, indent=1)
    assert len(text) < LIMITS.max_chars // 2
    read = read_lesson(text)
    assert (read.id, read.title, read.players, read.learner, dict(read.options)) == (
        ls.id, ls.title, ls.players, ls.learner, dict(ls.options))
    for mine, theirs in zip(read.steps, ls.steps, strict=True):
        assert (mine.text, mine.position, mine.expect, mine.hint, mine.replies) == (
            theirs.text, theirs.position, theirs.expect, theirs.hint, theirs.replies)
        assert _same(mine.highlights) == _same(theirs.highlights)
    game = get_game(ls.game)
    assert [game.position_text(s) for s in replay(read)] == [game.position_text(s) for s in replay(ls)]
    assert lesson_document(read) == lesson_document(ls)  # the round trip is exact


def changed(change: Any) -> str:
    document = copy.deepcopy(MOVING)
    change(document)
    return json.dumps(document)


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(document: Any) -> None:
        for key in path[:-1]:
            document = document[key]
        document[path[-1]] = value
    return change


#: A bad file and (part of) its message.
BAD = {
    "too large": ('{"format": "' + "x" * 60_000 + '"}',
                  "the lesson file is too large: 60,014 characters, at most 50,000"),
    "not JSON": ('{"format": "pygame_rules lesson", ', "the lesson file is not valid JSON"),
    "too deep": ("[" * 20 + "]" * 20, "the lesson file is nested more than 6 levels deep"),
    "not an object": ("[1, 2]", "the lesson file must be a JSON object, not a list"),
    "another format": (changed(_set(("format",), "chess")),
                       "this is no lesson file: its format must be 'pygame_rules lesson', not 'chess'"),
    "a later version": (changed(_set(("version",), 2)),
                        "the lesson file is of version 2; this version reads version 1"),
    "an unknown field": (changed(_set(("author",), "me")), "the lesson file has an unknown field 'author'"),
    "an unknown game": (changed(_set(("game",), "chess")),
                        "the lesson file's game must be one of babel, saba, tuerme, not 'chess'"),
    "a bad name": (changed(_set(("name",), "My Lesson")),
                   "the lesson file's name must be lower-case letters and digits joined by hyphens"),
    "no steps": (changed(_set(("steps",), [])), "the lesson file has no steps"),
    "a step without text": (changed(lambda d: d["steps"][0].pop("text")), "the lesson file's step 1 has no text"),
    "a text of control characters": (changed(_set(("steps", 0, "hint"), "a\u0000b")),
                                     "the lesson file's step 1's hint holds a control character (U+0000)"),
    "no first position": (changed(lambda d: d["steps"][0].pop("position")),
                          "the lesson file's first step has no position"),
    "a bad position": (changed(_set(("steps", 0, "position"), "8/8/8 w")), "the lesson file's first position is wrong"),
    "an illegal move": (changed(_set(("steps", 1, "expect"), ["d4-e4"])),
                        "the lesson does not play: tuerme/moving step 2: d4-e4: a green stone on e4 has the symbol B"),
    "no move at all": (changed(_set(("steps", 1, "expect"), ["castle"])),
                       "the lesson does not play: tuerme/moving step 2: 'castle' is not a move"),
    "another seat's move": (changed(_set(("learner",), 1)),
                            "the lesson does not play: tuerme/moving step 2: an expected move is not the learner's"),
    "an illegal reply": (changed(_set(("steps", 1, "replies"), ["d6-d5"])), "tuerme/moving step 2: move 1 ('d6-d5')"),
    "an unknown highlight": (changed(_set(("steps", 0, "highlights"), {"wonder": 3})),
                             "step 1: the highlight wonder can't be drawn: Spiel der Türme draws no highlight"),
    "a highlight of a kind": (changed(_set(("steps", 0, "highlights"), {"selected": {"a": 1}})),
                              "the lesson file's step 1: the highlight 'selected' must be text, a number or a list"),
    "a highlight off the board": (changed(_set(("steps", 0, "highlights"), {"selected": "z99"})),
                                  "step 1: the highlight selected can't be drawn: 'z99' is not a square"),
    "a ring on a step only read": (changed(_set(("steps", 0, "highlights"), {"selected": "d4", "targets": ["d6"]})),
                                   "step 1: square d6 is ringed, but nothing can be clicked on a step"),
    "a ring that can't be clicked": (changed(_set(("steps", 1, "highlights"), {"selected": "d4", "targets": ["e4"]})),
                                     "step 2: square e4 is ringed, but it can't be clicked"),
    "a choice the learner can't make": (changed(_set(("steps", 1, "highlights"), {"selected": "e4"})),
                                        "step 2: it draws selected as the learner's choice, but that choice"),
    "too many steps": (changed(_set(("steps",), [{"text": "x"}] * 31)),
                       "the lesson file's steps has 31 items, at most 30"),
}


@pytest.mark.parametrize("kind", BAD)
def test_each_kind_of_bad_file_is_refused_with_its_message(kind: str) -> None:
    text, message = BAD[kind]
    with pytest.raises(LessonFileError, match=re.escape(message)) as caught:
        read_lesson(text)
    assert len(str(caught.value)) <= 200


def test_the_messages_are_in_the_reader_s_language() -> None:
    with i18n.using("de"):
        with pytest.raises(LessonFileError, match="die Lektion lässt sich nicht spielen: tuerme/moving Schritt 2: "
                                                  "d4-e4: ein grüner Stein auf e4"):
            read_lesson(BAD["an illegal move"][0])
        with pytest.raises(LessonFileError, match="die Lektionsdatei ist kein gültiges JSON"):
            read_lesson("{")
    with i18n.using("nl"), pytest.raises(LessonFileError, match="het lesbestand heeft geen stappen"):
        read_lesson(BAD["no steps"][0])


POSITION = lesson("tuerme/moving").steps[1].position


def test_a_line_of_moves_with_a_text_per_move_makes_a_lesson() -> None:
    """The learner's moves are steps asking for them, the others' moves after each its replies."""
    document = lesson_from_line(
        "tuerme", POSITION, ["d4xd6", "n8-n7", "n1-n2", "g8-g7", "d5-d7"],
        [{"text": "Cover the green stone.", "hint": "It is two fields up.",
          "highlights": {"selected": "d4", "targets": ["d6"]}},
         {"text": "Now your stone on d5."}, {"text": "Well done."}],
        title="Covering", name="covering")
    assert [(s.get("expect"), s.get("replies")) for s in document["steps"]] == [
        (["d4xd6"], ["n8-n7", "n1-n2", "g8-g7"]), (["d5-d7"], None), (None, None)]
    made = read_lesson(json.dumps(document))
    assert (made.id, made.players, made.learner, made.steps[0].hint) == (
        "tuerme/covering", 4, 0, "It is two fields up.")
    run = LessonRun(made)
    game = get_game("tuerme")
    assert run.answer(game.parse_action(run.state, "d4xd6")[1]).correct and run.index == 1
    assert [who for who, _text in run.played] == [0, 1, 2, 3]


def test_a_step_s_text_for_a_wrong_but_legal_move() -> None:
    """``wrong`` is said after a legal move that is not the step's (the hint after it); the file
    keeps it; without it the learner reads the general sentence."""
    document = lesson_from_line("tuerme", POSITION, ["d4xd6"],
                                [{"text": "Cover it.", "hint": "Two up.", "wrong": "Not that stone."}], title="x")
    assert document["steps"][0]["wrong"] == "Not that stone."
    made = read_lesson(json.dumps(document))
    assert lesson_document(made)["steps"][0]["wrong"] == "Not that stone."
    game = get_game("tuerme")
    run = LessonRun(made)
    verdict = run.answer(game.parse_action(run.state, "d4-d3")[1])
    assert (verdict.outcome.value, verdict.reason, verdict.hint) == ("other", "Not that stone.", "Two up.")
    plain = LessonRun(read_lesson(json.dumps(lesson_from_line("tuerme", POSITION, ["d4xd6"], [{"text": "x"}],
                                                              title="x"))))
    assert plain.answer(game.parse_action(plain.state, "d4-d3")[1]).reason.startswith("That move is allowed")


@pytest.mark.parametrize(("moves", "texts", "message"), [
    (["n8-n7"], [{"text": "x"}], "move 1 ('n8-n7')"),
    (["d4xd6"], [{"text": "x"}] * 3, "the line has 1 move of the learner's: give 1 or 2 texts"),
    (["d4xd6"], [{"text": "x", "highlights": {"targets": ["e4"]}}], "step 1: square e4 is ringed"),
])
def test_a_line_that_makes_no_lesson_is_refused(moves: list[str], texts: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(LessonFileError, match=re.escape(message)):
        lesson_from_line("tuerme", POSITION, moves, texts, title="x")


def test_a_line_beginning_with_another_seat_s_move_is_refused() -> None:
    with pytest.raises(LessonFileError, match="the line must begin with a move of the learner's"):
        lesson_from_line("tuerme", POSITION, ["d4xd6", "n8-n7"], [{"text": "x"}], title="x", learner=1)


def test_the_embed_service_opens_a_lesson_file_and_says_why_not() -> None:
    view = json.loads(handle("lesson", json.dumps({"diagram": 90, "source": json.dumps(MOVING), "step": 2})))
    assert (view["lesson"], view["step"], view["asks"], view["next"]) == ("tuerme/moving", 2, True, None)
    view = json.loads(handle("click", json.dumps({"diagram": 90, "target": {"square": "d6"}})))
    assert view["note"]["kind"] == "correct" and view["step"] == 3
    with pytest.raises(ValueError, match=re.escape("Diese Lektion kann nicht gezeigt werden: die Lektionsdatei hat "
                                                   "keine Schritte.")):
        handle("lesson", json.dumps({"diagram": 91, "source": BAD["no steps"][0]}), "de")


def test_the_example_in_the_docs_loads() -> None:
    """docs/lessons.md shows docs/lesson-example.json; the browser test embeds it."""
    example = read_lesson(EXAMPLE.read_text())
    assert (example.id, len(example.steps), example.steps[0].expect) == ("tuerme/covering", 2, ("d4xd6",))


# ------------------------------------------------------------------ in Chromium


@pytest.fixture(scope="module")
def host_url(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A host page on its own port: a lesson from a file beside it, two inline (in a script element and
    in the attribute), and lesson files that can't be shown (one that does not play, one missing, one
    too large, one on another server)."""
    root = tmp_path_factory.mktemp("host-lesson-files")
    (root / "covering.json").write_text(EXAMPLE.read_text())
    (root / "broken.json").write_text(EXAMPLE.read_text().replace('"d4xd6"', '"d4-e4"'))
    (root / "big.json").write_text(" " * 300_000 + EXAMPLE.read_text())
    inline = json.dumps(lesson_document(lesson("tuerme/moving")))
    with host_page(root, site_url, "My own lessons",
                   '<div id="file" data-lesson-src="covering.json"></div>'
                   '<div id="inline" data-lesson data-lang="de">'
                   f'<script type="application/json">{inline}</script></div>'
                   f'<div id="attribute" data-lesson="{html.escape(EXAMPLE.read_text())}"></div>'
                   '<div id="broken" data-lesson-src="broken.json" data-lang="fr"></div>'
                   '<div id="missing" data-lesson-src="missing.json"></div>'
                   '<div id="big" data-lesson-src="big.json"></div>'
                   f'<div id="foreign" data-lesson-src="{site_url}embed/lesson.json"></div>') as url:
        yield url


@pytest.mark.browser
def test_lessons_from_a_file_and_inline_on_a_host_page(page: Any, guard: Any, host_url: str) -> None:
    from layout_helpers import axe, describe
    from test_learn import _button, _click

    page.goto(host_url + "host.html")
    page.wait_for_selector('#file[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert page.locator("#file .pgr-step").text_content() == "Covering a stone · Step 1 of 2"
    assert page.locator("#file .pgr-text").text_content().startswith("Your A stone on d4 may cover")
    _click(page, "#file", {"square": "d4"})
    _click(page, "#file", {"square": "d6"})
    assert page.locator("#file .pgr-note").text_content() == (
        "Right: Red: d4xd6.Then: Blue: n8-n7; Green: n1-n2; Purple: g8-g7.")
    assert page.locator("#file .pgr-step").text_content().endswith("Step 2 of 2")
    page.wait_for_selector('#inline[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    # a text that is a built-in lesson's is shown translated
    assert page.locator("#inline .pgr-step").text_content() == "Ziehen · Schritt 1 von 3"
    _button(page, "#inline", "Weiter")
    assert page.locator("#inline .pgr-step").text_content().endswith("Schritt 2 von 3")
    page.wait_for_selector('#attribute[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert page.locator("#attribute .pgr-step").text_content() == "Covering a stone · Step 1 of 2"
    errors = {}
    for name in ("broken", "missing", "big", "foreign"):
        page.wait_for_selector(f'#{name}[data-pgr-state="error"]', timeout=READY_TIMEOUT_MS)
        errors[name] = page.locator(f"#{name} .pgr-error").text_content()
    print(errors)
    assert errors["broken"].startswith("Cette leçon ne peut pas être affichée\u00a0: la leçon ne se joue pas\u00a0: "
                                       "tuerme/covering étape 1\u00a0: d4-e4\u00a0: une pierre verte en e4")
    assert errors["missing"] == "The lesson file missing.json could not be loaded (HTTP 404)."
    assert errors["big"] == "The lesson file big.json is too large: more than 50,000 characters."
    assert errors["foreign"].endswith("embed/lesson.json is not on this page's server.")
    assert page.evaluate("document.querySelectorAll('iframe').length") == 1
    violations = axe(page)
    assert violations == [], describe(violations)
