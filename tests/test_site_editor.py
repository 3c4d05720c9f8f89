"""The position editor in Chromium (``editor.html``): a Türme position built by clicking, a
move recorded, the embed snippet exported and shown by a host page on another port; a lesson
made of a recorded line, embedded the same way and tried on the live-diagram page; the
live-diagram page; axe-core finds nothing on the editor."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from layout_helpers import axe, describe
from test_learn import _click

from site_helpers import READY_TIMEOUT_MS, click_board, settled, wait_ready

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A second server, on its own port, for host pages written by the test: its folder and address."""
    from serve import make_server

    root = tmp_path_factory.mktemp("editor-host")
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def click_field(page: Any, square: str) -> None:
    """A click on the field ``square`` of the board (or the piece on it), then what the app drew."""
    click_board(page, page.locator(f'#board [data-square="{square}"]').last)
    settled(page)


def verdict(page: Any) -> str:
    return page.locator("#editor-verdict").inner_text()


def open_editor(page: Any, site_url: str) -> None:
    page.goto(site_url + "editor.html")
    wait_ready(page)
    page.wait_for_selector("#editor-screen #board svg")


def host_page(root: Path, name: str, site_url: str, snippet: str) -> None:
    """A page of another site with ``snippet`` in it, as its author would paste it."""
    (root / name).write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f'<title>Host</title></head><body><h1>My position</h1>{snippet}'
        f'<script src="{site_url}embed/embed.js" defer></script></body></html>')


def export_snippet(page: Any) -> str:
    page.click("#show-code")
    settled(page)
    return page.locator("#export-snippet").input_value()


def test_a_tuerme_position_built_by_clicking_is_embedded_on_another_site(page, guard, site_url, host):
    open_editor(page, site_url)
    violations = axe(page)
    assert violations == [], describe(violations)
    page.click("#editor-clear")
    settled(page)
    assert "instead of 5" in verdict(page)
    page.check("#editor-diagram")
    settled(page)
    for tool, square in (("Ar", "d4"), ("Ab", "d6"), ("Ar", "d6"), ("Bb", "e4")):
        page.click(f'[data-tool="{tool}"]')
        settled(page)
        click_field(page, square)
    assert verdict(page) == "The position is consistent."
    page.click('[data-tool="Ag"]')
    settled(page)
    click_field(page, "d6")
    assert "d6" in verdict(page)
    assert page.locator('#board .target[data-square="d6"]').count() == 1  # the field it names, ringed
    page.click('[data-tool="remove"]')
    settled(page)
    click_field(page, "d6")
    page.select_option("#set-turn", "1")
    settled(page)
    assert verdict(page) == "The position is consistent."
    page.click("#mode-play")
    settled(page)
    click_field(page, "e4")
    click_field(page, "e1")
    assert page.locator("#export-moves").input_value() == "e4-e1"
    violations = axe(page)
    assert violations == [], describe(violations)
    snippet = export_snippet(page)
    assert snippet.startswith('<div data-pygame-rules="tuerme" data-position="14/14/3Abr10/14/3ArBb9/14/14/14 b ')
    root, url = host
    host_page(root, "tuerme.html", site_url, snippet)
    page.goto(url + "tuerme.html")
    diagram = page.locator("[data-pygame-rules]")
    assert diagram.locator("svg").count() == 1  # the static picture, before any script
    assert diagram.locator('[data-square="d6"][data-height="2"]').count() == 1
    diagram.get_by_role("button", name="Forward one move").click()  # steps through the recorded move
    page.wait_for_selector('[data-pygame-rules][data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    page.wait_for_selector('[data-pygame-rules] .piece[data-square="e1"][data-colour="blue"]',
                           timeout=READY_TIMEOUT_MS)


@pytest.mark.parametrize(("game", "clicks", "shown"), [
    ("babel", [("element:1", {"wonder": "0"}), ("element:1", {"wonder": "0"}), ("card", {"player": "0"}),
               ("tile:1", {"wonder": "2", "tile": "0"}), ("build", {"wonder": "2", "tile": "1"})],
     '.tile.selected[data-wonder="2"][data-tile="1"]'),  # a build in progress: its tile
    ("saba", [("res:g", {"player": "1", "resource": "g"}), ("figure:0", {"district": "3"}),
              ("out", {"build-field": "0"})], "[data-district]"),  # a build field's card out: the palace deck changed
])
def test_babel_and_saba_positions_built_by_clicking_are_embedded(page, guard, site_url, host, game, clicks, shown):
    open_editor(page, site_url)
    page.select_option("#editor-game", game)
    page.wait_for_selector(f'#editor-screen [data-game="{game}"]')
    for tool, data in clicks:
        page.click(f'[data-tool="{tool}"]')
        settled(page)
        selector = "".join(f'[data-{key}="{value}"]' for key, value in data.items())
        click_board(page, page.locator(f"#board {selector}").last)
        settled(page)
    assert verdict(page) == "The position is consistent.", verdict(page)
    position = page.locator("#export-position").input_value()
    violations = axe(page)
    assert violations == [], describe(violations)
    snippet = export_snippet(page)
    assert f'data-pygame-rules="{game}"' in snippet
    root, url = host
    host_page(root, f"{game}.html", site_url, snippet)
    page.goto(url + f"{game}.html")
    diagram = page.locator("[data-pygame-rules]")
    assert diagram.get_attribute("data-position") == position
    assert diagram.locator(f"svg {shown}").count() > 0  # the static picture, before any script


def test_open_as_a_live_diagram(page, guard, site_url):
    open_editor(page, site_url)
    page.select_option("#from-example", "picture-3")
    page.click("#open-example")
    settled(page)
    href = page.locator("#editor-live").get_attribute("href")
    assert href.startswith("./diagram.html#game=tuerme&position=")
    page.goto(site_url + href[2:])
    page.wait_for_selector('#live-diagram[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert page.locator('#live-diagram .piece[data-square="e5"]').count() == 1
    violations = axe(page)
    assert violations == [], describe(violations)


def test_a_lesson_made_of_a_recorded_line_is_embedded_on_another_site(page, guard, site_url, host):
    """Three moves recorded (red's, red's bonus move, blue's), the texts written, a step left
    empty marked beside it, the lesson made and its inline snippet pasted into a page of
    another site: the learner's wrong move gets the author's text, and a closing text that is
    markup stays text (no script of it runs)."""
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_editor(page, site_url)
    page.click("#mode-play")
    settled(page)
    for square in ("e1", "e3", "d1", "e1", "c1", "d1"):
        click_field(page, square)
    assert page.locator("#export-moves").input_value() == "Ne1-e3+\nd1-e1\nc1-d1"
    assert page.locator("#lesson-form legend").all_inner_texts() == ["Step 1: Ne1-e3+", "Step 2: d1-e1"]
    hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
    for field, text in (("title", "First moves"), ("text-1", "Move the neutral stone on e1 two fields."),
                        ("hint-1", "It stands on e1."), ("wrong-1", "Allowed, but take the stone on e1."),
                        ("closing", hostile)):
        page.fill(f"#lesson-{field}", text)
    page.click("#make-lesson")
    settled(page)
    assert page.locator("#lesson-problem-2").inner_text() == "Write what this step says."
    page.fill("#lesson-text-2", "Now the bonus move: d1 to e1.")
    page.click("#make-lesson")
    settled(page)
    assert page.locator("#lesson-made").is_visible() and not page.locator("#lesson-problem-2").count()
    violations = axe(page)
    assert violations == [], describe(violations)
    snippet = page.locator("#export-lesson-snippet").input_value()
    assert "alert" in snippet and "</script><script>" not in snippet
    trying = page.locator("#try-lesson").get_attribute("href")
    root, url = host
    host_page(root, "lesson.html", site_url, snippet)
    page.goto(url + "lesson.html")
    lesson = "[data-lesson]"
    page.wait_for_selector(f'{lesson}[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert page.locator(f"{lesson} .pgr-step").text_content() == "First moves · Step 1 of 3"
    _click(page, lesson, {"square": "f1"})
    _click(page, lesson, {"square": "f2"})  # legal, but not the step's
    assert page.locator(f"{lesson} .pgr-note").text_content() == "Allowed, but take the stone on e1.It stands on e1."
    for square in ("e1", "e3", "d1", "e1"):
        _click(page, lesson, {"square": square})
    assert page.locator(f"{lesson} .pgr-step").text_content() == "First moves · Step 3 of 3"
    assert page.locator(f"{lesson} .pgr-text").text_content() == hostile  # shown as text
    assert page.locator("img[src=x]").count() == 0 and dialogs == []
    page.goto(site_url + trying.removeprefix("./"))  # "Try the lesson": the same lesson on diagram.html
    page.wait_for_selector('#live-diagram[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert page.locator("#live-diagram .pgr-step").text_content() == "First moves · Step 1 of 3"
    violations = axe(page)
    assert violations == [], describe(violations)
