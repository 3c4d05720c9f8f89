"""The engines in a plain PyScript page, through the site's own PyScript, Pyodide and wheel: the
site's example page, and a page of another origin (another 127.0.0.1 port) pointing at the site.

Pyodide's npm package has no micropip wheel, and PyPI's micropip wheel is not the one its lock file
names (another sha256: the browser refuses it), so the pages set PyScript's ``"packages_cache":
"passthrough"``: PyScript then hands the wheel to Pyodide's ``loadPackage``, and micropip is never
asked for (docs/deploying.md).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from site_helpers import READY_TIMEOUT_MS

pytestmark = pytest.mark.browser

#: The Python of the host page: the README's calls, the board drawn into the page.
PYTHON = """
import pygame_rules
from pyscript import document

game = pygame_rules.get_game("babel")
state = game.new_game(num_players=3, seed=7)
board = document.getElementById("board")
board.innerHTML = game.render_svg(state, viewer=game.to_move(state)[0])
board.dataset.ready = pygame_rules.__name__
"""


def _host_page(site_url: str, wheel: str) -> str:
    """A page of another origin with PyScript's documented tags, everything from ``site_url``,
    and a policy allowing what PyScript and Pyodide need to run, from the site only."""
    origin = site_url.rstrip("/")
    policy = (f"default-src 'none'; script-src {origin} 'unsafe-eval' 'wasm-unsafe-eval'; "
              f"style-src {origin} 'unsafe-inline'; connect-src {origin}; img-src data:")
    config = (f'{{"interpreter": "{site_url}pyodide/pyodide.mjs", "packages": ["{site_url}wheels/{wheel}"], '
              f'"packages_cache": "passthrough"}}')
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
            f'<link rel="icon" href="data:,"><title>Someone\'s page</title>'
            f'<link rel="stylesheet" href="{site_url}pyscript/core.css">'
            f'<script type="module" src="{site_url}pyscript/core.js"></script></head>'
            f'<body><h1>Someone\'s page</h1><div id="board"></div>'
            f"<script type=\"py\" config='{config}'>{PYTHON}</script></body></html>")


@pytest.fixture(scope="module")
def host_url(site_url: str, site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from serve import make_server

    (wheel,) = (site_dir / "wheels").glob("pygame_rules-*.whl")
    root = tmp_path_factory.mktemp("pyscript-host")
    (root / "index.html").write_text(_host_page(site_url, wheel.name))
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    assert url != site_url
    yield url
    server.shutdown()


def _load(own_context: Any, url: str) -> tuple[Any, list[str]]:
    page = own_context().new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(url)
    page.wait_for_selector("#board[data-ready] svg", timeout=READY_TIMEOUT_MS)
    return page, requests


def test_the_sites_example_page_draws_a_board(own_context, site_url):
    page, requests = _load(own_context, site_url + "examples/pyscript.html")
    assert page.locator("#board svg > title").text_content()
    assert "first legal move" in page.locator("#status").inner_text()
    assert [url for url in requests if "/wheels/pygame_rules-" in url]
    assert not [url for url in requests if "micropip" in url]
    assert all(url.startswith((site_url, "data:", "blob:")) for url in requests), requests


def test_a_page_of_another_origin_imports_the_engines_from_the_site(own_context, site_url, host_url):
    page, requests = _load(own_context, host_url)
    assert page.evaluate("document.querySelector('#board').dataset.ready") == "pygame_rules"
    assert page.locator("#board svg").count() == 1
    assert page.locator("#board svg > title").text_content()
    assert not [url for url in requests if "micropip" in url]
    assert {url for url in requests if not url.startswith(site_url)} <= {host_url, "data:,"}, requests
