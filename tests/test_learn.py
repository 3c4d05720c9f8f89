"""Lessons in the browser: the embed's lesson service, the Learn page, and learners clicking
through every lesson of each game (with one wrong move per game), on our site and on a host
page of another origin; the embed never freezes its host page while Python starts.

The browser tests need a built site (``python web/build.py --out DIR``, ``PYGAME_RULES_SITE=DIR``)."""

from __future__ import annotations

import copy
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_rules.gate import Fields
from pygame_rules.lessons import lesson, lessons
from site_helpers import READY_TIMEOUT_MS, host_page

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "embed"))
from embed_service import LessonDiagram, handle

GAMES = ("tuerme", "babel", "saba")
#: What a learner does in one step: ("click", data-* of a board element) or ("button", label),
#: or "next" on a step that is only read.
Do = tuple[str, Any]
#: A wrong move per game, made by clicking (lesson, step counted from 1, clicks, part of the reason).
WRONG = {
    "tuerme": ("tuerme/bonus-moves", 1, ({"square": "e5"}, {"square": "e6"}), "symbol field for A"),
    "babel": ("babel/offering", 2, ({"card": "camel"},), "you hold only 0 camel cards, not 1"),
    "saba": ("saba/harbour", 1, ({"harbour": "1"},), "H1 is not a visible face"),
}


def open_lesson(lesson_id: str, step: int = 1) -> LessonDiagram:
    return LessonDiagram(Fields({"diagram": 1, "lesson": lesson_id, "step": step}, "the request", ValueError))


def _right_move(board: LessonDiagram) -> tuple[LessonDiagram, list[Do]]:
    """The fewest clicks and buttons that make the current step's move (a search over what the
    board offers: its clickable elements and buttons)."""
    start = board.run.index
    frontier: list[tuple[LessonDiagram, list[Do]]] = [(board, [])]
    for _depth in range(5):
        found = []
        for here, done in frontier:
            view = here.view()
            for kind, arg in [("click", t) for t in view["clickable"]] + \
                    [("button", i) for i in range(len(view["buttons"]))]:
                there = copy.deepcopy(here)
                there.click(arg) if kind == "click" else there.button(arg)
                step: Do = (kind, arg if kind == "click" else view["buttons"][arg])
                if there.run.index > start:
                    return there, [*done, step]
                if there.note is None or there.note["kind"] == "correct":  # no wrong move made
                    found.append((there, [*done, step]))
        frontier = found
    raise AssertionError(f"{board.lesson.id} step {start + 1}: no clicks make the move")


def learner_script(lesson_id: str) -> list[Do | list[Do]]:
    """Per step of the lesson: "next", or the clicks and buttons of its right move."""
    board, script = open_lesson(lesson_id), []
    while not board.run.done:
        if board.run.asks:
            board, clicks = _right_move(board)
            script.append(clicks)
        else:
            board.next()
            script.append("next")
    return script


# ------------------------------------------------------------------ in CPython

@pytest.mark.parametrize("lesson_id", [ls.id for game in GAMES for ls in lessons(game)])
def test_every_lesson_can_be_done_by_clicking_the_board(lesson_id):
    script = learner_script(lesson_id)
    assert len(script) == len(lesson(lesson_id).steps)
    assert all(step == "next" or step for step in script)


def call(method: str, **request: object) -> dict[str, Any]:
    return json.loads(handle(method, json.dumps(request)))


def test_the_service_runs_a_lesson_and_offers_the_next():
    view = call("lesson", diagram=70, lesson="tuerme/bonus-moves", step=3)
    assert (view["step"], view["steps"], view["asks"], view["buttons"]) == (
        3, 4, True, ["End turn without the bonus move"])
    view = call("button", diagram=70, index=0)
    assert view["note"] == {"kind": "correct", "lines": ["Right: Red: end the turn."]}
    assert (view["step"], view["asks"], view["done"]) == (4, False, False)
    view = call("next", diagram=70)
    assert view["done"] and view["next"] == {"lesson": "tuerme/the-end", "title": "The end of the game"}
    assert view["text"] == "You have finished this lesson."
    assert call("reset", diagram=70)["step"] == 3


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_click_gets_the_engine_s_reason_and_the_hint(game):
    lesson_id, step, clicks, reason = WRONG[game]
    board = open_lesson(lesson_id, step)
    for target in clicks:
        board.click(target)
    assert board.note is not None and board.note["kind"] == "illegal"
    assert reason in board.note["lines"][0]
    assert board.note["lines"][1] == board.run.step.hint  # type: ignore[union-attr]
    assert board.run.index == step - 1  # never a dead end: the same step, to try again


def test_bad_lessons_and_steps_get_translated_messages():
    with pytest.raises(ValueError, match='Unknown lesson "tuerme/nothing": use one of tuerme/moving, '):
        handle("lesson", json.dumps({"diagram": 71, "lesson": "tuerme/nothing"}))
    with pytest.raises(ValueError, match=re.escape('Onbekende les "chess/x": kies uit babel/…, saba/…, tuerme/….')):
        handle("lesson", json.dumps({"diagram": 71, "lesson": "chess/x"}), "nl")
    with pytest.raises(ValueError, match="step must be a whole number from 1 to 4, not 9"):
        handle("lesson", json.dumps({"diagram": 71, "lesson": "tuerme/bonus-moves", "step": 9}))
    call("lesson", diagram=72, lesson="tuerme/moving")
    with pytest.raises(ValueError, match="can't do that"):
        call("goto", diagram=72, ply=1)
    assert call("next", diagram=72)["asks"]  # step 1 is only read; step 2 asks for a move
    with pytest.raises(ValueError, match="waits for your move"):
        call("next", diagram=72)


def test_the_learn_page_lists_every_lesson_closed():
    from embed.pages import lesson_sections

    from pygame_rules.i18n import _, using

    page = lesson_sections()
    for game in GAMES:
        assert f'<section id="{game}">' in page
        for ls in lessons(game):
            assert f'<details id="{ls.id.replace("/", "-")}"><summary>{ls.title}</summary>' in page
            assert f'<div data-lesson="{ls.id}"></div>' in page
    assert "<details open" not in page
    with using("de"):
        assert f"<summary>{_('Moving')}</summary>" in lesson_sections() != page


# ------------------------------------------------------------------ in Chromium

def _act(page: Any, root: str, do: Any) -> None:
    """Do something to the lesson ``root`` (a selector) and wait for its board to be drawn anew."""
    page.evaluate("(sel) => document.querySelector(sel + ' .pgr-board svg').setAttribute('data-old', '')", root)
    do()
    page.wait_for_selector(f"{root} .pgr-board svg:not([data-old])", timeout=READY_TIMEOUT_MS)


def _click(page: Any, root: str, target: dict[str, str]) -> None:
    selector = "".join(f'[data-{key}="{value}"]' for key, value in target.items())
    _act(page, root, lambda: page.locator(f"{root} .pgr-board {selector}").last.click())


def _button(page: Any, root: str, label: str) -> None:
    _act(page, root, lambda: page.locator(root).locator(".pgr-actions").get_by_role(
        "button", name=label, exact=True).click())


def _learn(page: Any, root: str, lesson_id: str, wrong: tuple[Any, ...] | None = None) -> None:
    """Go through the lesson shown in ``root`` as a learner, with the wrong move if given."""
    for number, step in enumerate(learner_script(lesson_id), 1):
        assert page.locator(f"{root} .pgr-step").text_content().endswith(f"Step {number} of "
                                                                          f"{len(lesson(lesson_id).steps)}")
        if wrong and wrong[0] == lesson_id and wrong[1] == number:
            for target in wrong[2]:
                _click(page, root, target)
            note = page.locator(f"{root} .pgr-note")
            assert note.get_attribute("data-kind") == "illegal" and wrong[3] in note.text_content()
            print(f"{lesson_id} step {number}, wrong move: {note.text_content()!r}")
        if step == "next":
            _button(page, root, "Next")
            continue
        for kind, arg in step:
            (_click if kind == "click" else _button)(page, root, arg)
        assert page.locator(f"{root} .pgr-note").get_attribute("data-kind") == "correct"


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_a_learner_completes_every_lesson_of_a_game(page, guard, site_url, game):
    """On the Learn page: open the game's first lesson, do it, then each next lesson in place."""
    page.goto(site_url + "learn.html")
    assert page.locator("details[open]").count() == 0
    assert page.evaluate("document.querySelectorAll('iframe').length") == 0  # nothing loads until opened
    found = lessons(game)
    page.locator(f"#{found[0].id.replace('/', '-')} summary").click()
    root = f'#{found[0].id.replace("/", "-")} .pgr-lesson'
    page.wait_for_selector(f'{root}[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    for number, ls in enumerate(found):
        _learn(page, root, ls.id, WRONG[game])
        assert page.locator(f"{root} .pgr-text").text_content() == "You have finished this lesson."
        if number + 1 < len(found):
            _button(page, root, f"Next lesson: {found[number + 1].title}")
    assert page.locator(f"{root} .pgr-actions button.pgr-next").count() == 0  # the last lesson


@pytest.fixture(scope="module")
def host_url(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A host page on its own port with two lessons (one from step 2) and one unknown lesson."""
    with host_page(tmp_path_factory.mktemp("host-learn"), site_url, "A rules blog",
                   '<div id="bonus" data-lesson="tuerme/bonus-moves" data-step="2"></div>'
                   '<div id="harbour" data-lesson="saba/harbour"></div>'
                   '<div id="nothing" data-lesson="tuerme/nothing" data-lang="de"></div>') as url:
        yield url


@pytest.mark.browser
def test_a_lesson_on_a_host_page_of_another_origin(page, guard, host_url):
    page.goto(host_url + "host.html")
    page.wait_for_selector('#bonus[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert page.locator("#bonus .pgr-step").text_content().endswith("Step 2 of 4")
    _click(page, "#bonus", {"square": "c1"})
    _click(page, "#bonus", {"square": "c2"})
    assert page.locator("#bonus .pgr-note").text_content() == "Right: Red: c1-c2+."
    _button(page, "#bonus", "End turn without the bonus move")
    _button(page, "#bonus", "Next")
    assert page.locator("#bonus .pgr-actions").get_by_role("button", name="Next lesson: The end of the game").count()
    page.wait_for_selector('#harbour[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    _learn(page, "#harbour", "saba/harbour", WRONG["saba"])
    page.wait_for_selector('#nothing[data-pgr-state="error"]', timeout=READY_TIMEOUT_MS)
    assert page.locator("#nothing .pgr-error").text_content().startswith('Unbekannte Lektion „tuerme/nothing“')
    assert page.evaluate("document.querySelectorAll('iframe').length") == 1


#: Records, on the host page, long tasks, the longest gap between animation frames, and when
#: the first diagram showed the loading message and its first live board.
WATCH = """(root) => {
    const seen = window.pgrWatch = { longtasks: [], gap: 0, loading: null, live: null };
    new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.longtasks.push(e.duration); })
        .observe({ type: "longtask" });
    let last = performance.now();
    const tick = (now) => { seen.gap = Math.max(seen.gap, now - last); last = now; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    const diagram = document.querySelector(root);
    new MutationObserver(() => {
        const state = diagram.getAttribute("data-pgr-state");
        if (state === "loading" && seen.loading === null && diagram.querySelector(".pgr-status").textContent)
            seen.loading = { at: performance.now(), text: diagram.querySelector(".pgr-status").textContent };
        if (state === "live" && seen.live === null) seen.live = performance.now();
    }).observe(diagram, { attributes: true, childList: true, subtree: true, characterData: true });
}"""


@pytest.mark.browser
def test_the_first_play_on_the_gallery_never_freezes_the_page(page, guard, site_url):
    """Python starts in the frame's worker: the gallery keeps painting, and says it is loading."""
    page.goto(site_url + "gallery.html")
    root = "#tuerme-picture-1 .pgr-diagram"
    page.evaluate(WATCH, root)
    page.wait_for_timeout(500)
    page.evaluate("window.pgrWatch.longtasks = []; window.pgrWatch.gap = 0")
    clicked = page.evaluate("performance.now()")
    page.locator("#tuerme-picture-1").get_by_role("button", name="Forward one move").click()
    page.wait_for_selector(f'{root}[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    seen = page.evaluate("window.pgrWatch")
    print(f"first play: loading shown after {seen['loading']['at'] - clicked:.0f} ms, board live after "
          f"{seen['live'] - clicked:.0f} ms; long tasks {[round(d) for d in seen['longtasks']]} ms, "
          f"longest frame gap {seen['gap']:.0f} ms")
    assert seen["loading"]["text"] == "Loading the rules engine…"
    assert seen["loading"]["at"] < seen["live"]
    assert max(seen["longtasks"], default=0) < 200
    assert page.locator(f"{root} .pgr-ply").text_content() == "1 / 1: d4xd6"
