"""The web embed on a host page of ANOTHER origin (another 127.0.0.1 port) than the assets."""

from __future__ import annotations

import html
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_rules import get_game
from pygame_rules.examples import example
from pygame_rules.render_cli import embed_snippet
from site_helpers import READY_TIMEOUT_MS

pytestmark = pytest.mark.browser

#: (element id, game, example) of the diagrams on the host page, each with its static SVG.
DIAGRAMS = (("d-tuerme", "tuerme", "picture-1"), ("d-babel", "babel", "offers"),
            ("d-saba", "saba", "harbour"))
TUERME_START = example("tuerme", "picture-2").position


def _snippet(element_id: str, game: str, name: str) -> str:
    ex = example(game, name)
    svg = get_game(game).render_svg(ex.start(), ex.viewer, **ex.highlights)
    viewer = None if ex.viewer is None else str(ex.viewer)
    div = embed_snippet(game, ex.position, list(ex.moves), viewer, svg, highlight=ex.highlights)
    return div.replace("<div ", f'<div id="{element_id}" ', 1)


def _bad(element_id: str, **attrs: str) -> str:
    text = " ".join(f'data-{k.replace("_", "-")}="{html.escape(v)}"' for k, v in attrs.items())
    return f'<div id="{element_id}" {text}></div>'


def _page(site_url: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
            f"<title>Host</title></head><body><h1 id=\"host-title\">A rules blog</h1>{body}"
            f'<p id="host-footer">Host text after the boards.</p>'
            f'<script src="{site_url}embed/embed.js" defer></script></body></html>')


#: The README's snippet for a blank page (YOUR-HOST becomes the asset server).
README_SNIPPET = """<!doctype html>
<meta charset="utf-8">
<script src="https://YOUR-HOST/embed/embed.js" defer></script>
<div data-pygame-rules="tuerme"
     data-position="14/14/3Ag10/3Bb10/3ArBb9/14/14/14 r - - 4 max5 - 0000000000000000"
     data-moves="d4-c4; e4-e8"
     data-interactive></div>
"""


@pytest.fixture(scope="module")
def host_url(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second server, on its own port, with host pages that embed diagrams from ``site_url``."""
    from serve import make_server

    root = tmp_path_factory.mktemp("host")
    lazy = "\n".join(_snippet(*d) for d in DIAGRAMS)
    (root / "lazy.html").write_text(_page(site_url, lazy))
    errors = "\n".join([
        _bad("e-game", pygame_rules="chess", position="x"),
        _bad("e-markup", pygame_rules='<img src=x onerror="window.hacked=1">', position="x"),
        _bad("e-position", pygame_rules="tuerme", position="<b>not a position</b>"),
        _bad("e-moves", pygame_rules="tuerme", position=TUERME_START, moves="d4-c4; d4-c4"),
        _bad("e-viewer", pygame_rules="babel", position=example("babel", "offers").position, viewer="7"),
        _bad("good", pygame_rules="tuerme", position=TUERME_START, moves="d4-c4", interactive=""),
    ])
    (root / "errors.html").write_text(_page(site_url, errors))
    limits = "\n".join([
        _bad("e-long", pygame_rules="tuerme", position=TUERME_START, moves="d4-c4; " * 20_000),
        _bad("e-junk", pygame_rules="tuerme", position=TUERME_START, moves="z;" * 9_000),
        _bad("e-many", pygame_rules="tuerme", position=TUERME_START, moves="z;" * 1_999 + "z"),
        _bad("good", pygame_rules="tuerme", position=TUERME_START, moves="d4-c4", interactive=""),
    ])
    (root / "limits.html").write_text(_page(site_url, limits))
    (root / "readme.html").write_text(README_SNIPPET.replace("https://YOUR-HOST/", site_url)
                                      .replace("<meta", '<link rel="icon" href="data:,"><meta'))
    server = make_server(Path(root), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    assert url != site_url
    yield url
    server.shutdown()


@pytest.fixture
def runtime_requests(page: Any) -> list[str]:
    """URLs of the Pyodide runtime downloads the page makes (one runtime: one of each)."""
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if "pyodide.asm.wasm" in r.url else None)
    return seen


def _diagram(page: Any, element_id: str) -> Any:
    return page.locator(f"#{element_id}")


def _wait_live(page: Any, element_id: str) -> None:
    page.wait_for_selector(f'#{element_id}[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)


def test_static_first_paint_and_no_python_until_used(page, guard, host_url, runtime_requests):
    page.goto(host_url + "lazy.html")
    for element_id, _, _ in DIAGRAMS:
        board = _diagram(page, element_id)
        assert board.locator(".pgr-board svg").is_visible()
        assert board.get_attribute("data-pgr-state") == "static"
    page.wait_for_timeout(1500)
    # Nothing was used, so no runtime frame exists and no Python was downloaded.
    assert page.evaluate("document.querySelectorAll('iframe').length") == 0
    assert runtime_requests == []


def test_stepping_with_one_shared_runtime(page, guard, host_url, runtime_requests):
    page.goto(host_url + "lazy.html")
    tuerme = _diagram(page, "d-tuerme")
    tuerme.get_by_role("button", name="Forward one move").click()
    _wait_live(page, "d-tuerme")
    assert tuerme.locator(".pgr-ply").text_content() == "1 / 1: d4xd6"
    assert tuerme.locator('.piece[data-square="d6"]').get_attribute("data-colour") == "red"
    assert "To move: Blue" in tuerme.locator(".pgr-status").text_content()
    tuerme.get_by_role("button", name="Back one move").click()
    page.wait_for_function("document.querySelector('#d-tuerme .pgr-ply').textContent === '0 / 1'")
    assert tuerme.locator('.piece[data-square="d4"]').count() == 1

    babel = _diagram(page, "d-babel")
    babel.get_by_role("button", name="End").click()
    _wait_live(page, "d-babel")
    assert babel.locator(".pgr-ply").text_content().startswith("4 / 4")
    assert babel.locator('[data-offer-player="3"]:not([data-sealed])').count() == 1  # offers opened
    saba = _diagram(page, "d-saba")
    saba.get_by_role("button", name="Forward one move").click()
    _wait_live(page, "d-saba")
    assert saba.locator(".pgr-ply").text_content() == "1 / 1: take 3 sandstone from H3"
    # Three diagrams, one runtime: one iframe and one download of Pyodide.
    assert page.evaluate("document.querySelectorAll('iframe').length") == 1
    assert len(runtime_requests) == 1


def test_trying_a_move_by_clicking_and_from_the_list(page, guard, host_url):
    page.goto(host_url + "lazy.html")
    tuerme = _diagram(page, "d-tuerme")
    tuerme.locator('.piece[data-square="d4"]').click()  # the first click starts Python, then selects
    _wait_live(page, "d-tuerme")
    page.wait_for_selector('#d-tuerme .square.selected[data-square="d4"]', timeout=READY_TIMEOUT_MS)
    tuerme.locator('.square[data-square="c4"]').click()
    page.wait_for_function("document.querySelector('#d-tuerme .pgr-ply').textContent === '1 / 1: d4-c4'")
    assert tuerme.locator('.piece[data-square="c4"]').get_attribute("data-colour") == "red"
    tuerme.get_by_role("button", name="Reset").click()
    page.wait_for_function("document.querySelector('#d-tuerme .pgr-ply').textContent === '0 / 1'")
    assert tuerme.locator('.piece[data-square="d4"]').count() == 1

    saba = _diagram(page, "d-saba")
    saba.get_by_role("button", name="Reset").click()
    _wait_live(page, "d-saba")
    options = saba.locator("select option").all_text_contents()
    assert "take 2 alabaster from H2" in options
    saba.locator("select").select_option(label="take 2 alabaster from H2")
    page.wait_for_function(
        "document.querySelector('#d-saba .pgr-ply').textContent === '1 / 1: take 2 alabaster from H2'")


def test_a_move_list_not_in_the_markup_says_it_is_loading_when_opened(page, guard, host_url):
    """These snippets carry no ``data-choices``: opening the list wakes the diagram, and until its
    moves are in, the list says so instead of being empty."""
    page.goto(host_url + "lazy.html")
    moves = page.locator("#d-tuerme select")
    assert moves.locator("option").all_text_contents() == ["Try a move…"]
    moves.focus()
    page.keyboard.press("Tab")  # passing by the list starts nothing
    assert moves.locator("option").all_text_contents() == ["Try a move…"]
    assert page.evaluate("document.querySelectorAll('iframe').length") == 0
    moves.click()
    assert moves.locator("option").all_text_contents() == ["Loading the moves…"]
    assert page.locator("#d-tuerme").get_attribute("data-pgr-state") == "loading"
    _wait_live(page, "d-tuerme")
    options = moves.locator("option").all_text_contents()
    assert options[0] == "Try a move…" and "d4xd6" in options and len(options) == 24


def test_bad_attributes_show_inline_messages_and_spare_the_rest(page, guard, host_url):
    page.goto(host_url + "errors.html")
    _wait_live(page, "good")
    for element_id in ("e-game", "e-markup", "e-position", "e-moves", "e-viewer"):
        page.wait_for_selector(f'#{element_id}[data-pgr-state="error"]', timeout=READY_TIMEOUT_MS)
    message = {e: _diagram(page, e).locator(".pgr-error").text_content()
               for e in ("e-game", "e-markup", "e-position", "e-moves", "e-viewer")}
    assert message["e-game"] == 'Unknown game "chess": use one of babel, saba, tuerme.'
    assert message["e-markup"].startswith('Unknown game "<img src=x')
    assert "a position has 8 fields" in message["e-position"]
    assert message["e-moves"].startswith("move 2 ('d4-c4')")
    assert "the viewer must be a seat" in message["e-viewer"]
    # Attribute text stayed text: no element was made from it, nothing ran.
    assert page.evaluate("document.querySelectorAll('img, b').length") == 0
    assert page.evaluate("window.hacked") is None
    # The host page and the good diagram are unharmed and work.
    assert page.locator("#host-title").is_visible() and page.locator("#host-footer").is_visible()
    good = _diagram(page, "good")
    good.get_by_role("button", name="Forward one move").click()
    page.wait_for_function("document.querySelector('#good .pgr-ply').textContent === '1 / 1: d4-c4'")
    assert page.evaluate("document.querySelectorAll('iframe').length") == 1


def test_readme_snippet_on_a_blank_page_shows_the_board(page, guard, host_url):
    page.goto(host_url + "readme.html")
    page.wait_for_selector('[data-pygame-rules][data-pgr-state="live"] svg', timeout=READY_TIMEOUT_MS)
    page.get_by_role("button", name="End").click()
    page.wait_for_function(
        "document.querySelector('.pgr-ply').textContent === '2 / 2: e4-e8'", timeout=READY_TIMEOUT_MS)


def test_limits_give_messages_fast_and_spare_the_other_diagrams(page, guard, host_url):
    """An attribute too long for the frame once left its diagram on "Loading..." for ever,
    and 9,000 junk moves blocked every diagram for 7 s (issue 23, finding 8)."""
    page.goto(host_url + "limits.html")
    long = _diagram(page, "e-long")
    assert long.get_attribute("data-pgr-state") == "error"  # refused at once, before any Python
    assert long.locator(".pgr-error").text_content() == (
        "The data-moves attribute is too long: 140,000 characters, at most 20,000.")
    for element_id in ("e-junk", "e-many", "good"):
        page.wait_for_selector(f'#{element_id}[data-pgr-state="error"], #{element_id}[data-pgr-state="live"]',
                               timeout=READY_TIMEOUT_MS)
    assert "at most 2,000 moves, not 9,000" in _diagram(page, "e-junk").locator(".pgr-error").text_content()
    assert _diagram(page, "e-many").locator(".pgr-error").text_content().startswith("move 1 ('z')")
    good = _diagram(page, "good")
    assert good.get_attribute("data-pgr-state") == "live"
    started = page.evaluate("performance.now()")
    good.get_by_role("button", name="Forward one move").click()
    page.wait_for_function("document.querySelector('#good .pgr-ply').textContent === '1 / 1: d4-c4'")
    assert page.evaluate("performance.now()") - started < 5_000


def test_the_frame_answers_a_request_it_refuses(page, guard, host_url):
    """A request the frame will not read gets an answer saying why, never silence."""
    page.goto(host_url + "limits.html")
    page.wait_for_selector('#good[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    answers = page.evaluate("""() => new Promise((resolve) => {
        const frame = document.querySelector("iframe[data-pygame-rules-runtime]");
        const found = {};
        addEventListener("message", ({ data }) => {
            if (data && data.pgr === 1 && data.id >= 9000) found[data.id] = data.error;
            if (Object.keys(found).length === 3) resolve(found);
        });
        const post = (id, method, payload) => frame.contentWindow.postMessage({ pgr: 1, id, method, payload }, "*");
        post(9001, "open", "x".repeat(300000));
        post(9002, "eval", "{}");
        post(9003, "open", "[".repeat(100000));
    })""")
    assert answers["9001"] == "the request is too long: 300,000 characters, at most 200,000"
    assert answers["9002"] == "unknown method"
    assert "nested more than 3 levels deep" in answers["9003"]
