"""The built site in every browser engine Debian packages here: Chromium, Firefox ESR and
WebKitGTK (Safari's engine), each driven as ``tests/engines.py`` describes.

In each engine: the start screen drawn by the app's Python (in its worker); a game of each
game with computer players in every seat, one of them (a different one in each engine) to the end
screen, and a reload that resumes its autosave; the offline start after a first visit (the
server stopped, then a reload), Python restored from its snapshot, with a hard computer player
moving; and a rebuilt site picked up after the "new version" prompt, its old cache deleted and
the saved games kept. Then, in one browser of each engine: the position editor, a shared link's
replay, a lesson from a file on a page of another port, and the PyScript example page.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import pygame_rules
from engines import (
    READY,
    READY_OFFLINE,
    READY_S,
    ROOT,
    SHOWN_ERRORS,
    Chromium,
    Engine,
    Firefox,
    Server,
    WebKit,
    release_of,
    settle,
    wait,
    wait_ready,
)
from pygame_rules.session import Seat, Session
from pygame_rules.share import link_fragment, record
from site_helpers import host_page

pytestmark = [pytest.mark.browser,  # Selenium's own WebKitGTK driver still sets a deprecated option:
              pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")]

GAME_S = 600
CACHES = "async () => (await caches.keys()).filter(name => name.startsWith('pygame-rules-')).sort()"
STORAGE = "() => Object.fromEntries(Object.keys(localStorage).map(key => [key, localStorage.getItem(key)]))"
#: How many Python snapshots the first visit stored (the app's worker, web/static/app/snapshot.js).
SNAPSHOTS = "async () => (await (await caches.open('pygame_rules.snapshots')).keys()).length"
LOG_LENGTH = "() => document.querySelectorAll('#log li[data-ply]:not(.log-start)').length"
#: Computer players of all three levels at the lowest thinking time, with seeds whose games end
#: within 200 moves. Easy and medium players are reproducible from the seed; a hard one depends on
#: the machine's speed, so it plays only in Babel, whose rules bound the length of a game.
COMPUTER_GAMES = {"babel": (["hard", "medium", "easy"], 2), "saba": (["medium", "easy"], 1),
                  "tuerme": (["medium", "medium"], 9)}


ENGINES = ["chromium", "firefox", "webkit"]


@contextmanager
def launched(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """A fresh browser of the engine ``request.param``, closed afterwards."""
    browser: Engine
    if request.param == "chromium":
        browser = Chromium(request.getfixturevalue("browser").new_context())
    elif request.param == "firefox":
        browser = Firefox()
    else:
        browser = WebKit()
    try:
        yield browser
    finally:
        browser.close()


@contextmanager
def without_problems(browser: Engine) -> Iterator[Engine]:
    """``browser``; fails on any error the engine reports meanwhile."""
    before = len(browser.problems())
    yield browser
    problems = browser.problems()[before:]
    assert problems == [], f"{browser.name}: {problems}"


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """A fresh browser of each engine; the test fails on any error the engine reports."""
    with launched(request) as browser, without_problems(browser):
        yield browser


@pytest.fixture(scope="module", params=ENGINES)
def one_browser(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """One browser of each engine for the module's tests that need no fresh profile."""
    with launched(request) as browser:
        yield browser


@pytest.fixture
def visitor(one_browser: Engine) -> Iterator[Engine]:
    """The engine's one browser (:func:`one_browser`); the test fails on any error the engine
    reports while it runs."""
    with without_problems(one_browser):
        yield one_browser


def instant(engine: Engine) -> None:
    """In the settings dialog, as a person would: the computers' moves are shown at once (the
    "instant" pace), as the tests watch for the end only."""
    engine.click("#settings-button")
    wait(engine, "() => !!document.querySelector('#dialog-settings[open] #setting-pace')", 30, "the settings")
    engine.select("#setting-pace", "instant")
    settle(engine)
    engine.click("#settings-close")
    wait(engine, "() => JSON.parse(localStorage.getItem('pygame_rules.settings') || '{}').pace === 'instant'"
                 " && !document.getElementById('dialog-settings')", 30, "the settings to be stored")


def start_game(engine: Engine, game: str, kinds: list[str], seed: int, bot_time: str = "0.1") -> None:
    """From the start screen, set up a game as a person would and start it."""
    engine.click(f".game-card[data-game='{game}'] button")
    wait(engine, "() => !!document.getElementById('player-count')", 30, "the setup screen")
    engine.select("#player-count", str(len(kinds)))
    settle(engine)  # the seats drawn for that number (the app's worker answers a moment later)
    wait(engine, f"() => document.querySelectorAll('#setup .seat').length === {len(kinds)}", 30, "the seats")
    for seat, kind in enumerate(kinds):
        engine.select(f"select[name='kind{seat}']", kind)
    engine.fill("#bot-time", bot_time)
    engine.fill("#seed", str(seed))
    settle(engine)
    engine.click("#start-game")
    wait(engine, "() => !!document.querySelector('#game, #pass-screen')", 60, "the game screen")


def final_screen(engine: Engine) -> Any:
    return engine.evaluate("""() => document.getElementById('winner') && {
        winner: document.getElementById('winner').textContent,
        totals: [...document.querySelectorAll('#final-scores tbody tr:last-child th')]
            .slice(1).map(cell => Number(cell.textContent)),
        moves: document.querySelectorAll('#log li[data-ply]:not(.log-start)').length}""")


#: The game each engine plays to its end (a different one in each: a computer-only game takes
#: 15-60 s, at least the 0.1 s of thinking time a move); the other two it plays for a few moves.
TO_THE_END = {"chromium": "babel", "firefox": "saba", "webkit": "tuerme"}


def test_start_screen_games_and_resume(engine: Engine, site_url: str) -> None:
    engine.goto(site_url)
    wait_ready(engine)
    titles = engine.evaluate("() => [...document.querySelectorAll('.game-card h2')].map(h => h.textContent)")
    assert sorted(titles) == sorted(game.title for game in pygame_rules.GAMES.values())
    instant(engine)
    whole = TO_THE_END[engine.name]
    for name in sorted(COMPUTER_GAMES, key=lambda name: name == whole):  # the whole game last
        kinds, seed = COMPUTER_GAMES[name]
        start_game(engine, name, kinds, seed)
        game = pygame_rules.get_game(name)
        if name != whole:
            wait(engine, f"() => ({LOG_LENGTH})() >= 6", GAME_S, f"six moves of {name}")
            # (the computers' moves draw the side panel anew all the time: a driver's click may
            # find its button replaced; the page's own click is as good for the app)
            engine.evaluate("() => document.getElementById('menu').click()")
            wait(engine, "() => !!document.getElementById('home')", 30, "the start screen")
            session = saved_game(engine, name)
            assert len(session.moves) >= 6 and [seat.kind for seat in session.seats] == kinds
            continue
        wait(engine, "() => !!document.getElementById('winner')", GAME_S, f"the end of {name}")
        shown = final_screen(engine)
        session = saved_game(engine, name)  # the browser's game, replayed in CPython
        assert game.is_over(session.state)
        assert list(game.scores(session.state)) == shown["totals"], f"{engine.name}: {name}"
        assert [seat.kind for seat in session.seats] == kinds
    engine.reload()  # the last game's autosave resumes, on its end screen
    wait_ready(engine)
    assert final_screen(engine) == shown


def saved_game(engine: Engine, name: str) -> Session:
    """The newest saved game of ``name`` in the browser's storage."""
    texts = engine.evaluate(f"() => Object.keys(localStorage)"
                            f".filter(key => key.startsWith('pygame_rules.save.{name}-'))"
                            ".map(key => localStorage.getItem(key))")
    return max((Session.from_text(text) for text in texts), key=lambda session: session.updated)


def test_offline_start_after_first_visit(engine: Engine, site_dir: Path) -> None:
    """First visit; then the server stops and the page reloads: the app starts from the
    stored copy, its worker's Python from the snapshot the first visit stored, and a hard
    computer player moves (thinking in the worker, in slices)."""
    megabytes = sum(size for _, _, size in release_of(site_dir)["assets"]) / 1e6
    with Server(site_dir) as server:
        engine.goto(server.url)
        wait_ready(engine)
        status = wait(engine, READY_OFFLINE, READY_S, "the app to be stored for offline use")
        assert status.startswith(f"Ready for offline use ({megabytes:.1f} MB stored).")
        wait(engine, SNAPSHOTS, READY_S, "the worker's Python snapshot")
    engine.reload()
    wait_ready(engine)
    assert engine.evaluate("() => document.documentElement.dataset.pythonBoot") == "snapshot"
    assert engine.evaluate("() => document.querySelectorAll('.game-card').length") == len(pygame_rules.GAMES)
    instant(engine)
    assert engine.evaluate("() => !!navigator.serviceWorker.controller")
    start_game(engine, "tuerme", ["hard", "human"], seed=5, bot_time="0.5")
    wait(engine, f"() => ({LOG_LENGTH})() > 0 && !document.getElementById('thinking')", READY_S,
         "the hard computer player's move")
    first = engine.evaluate("() => document.querySelector('#log li:not(.log-start) button').textContent")
    assert first.startswith("Player 1: ")
    assert engine.evaluate(SHOWN_ERRORS) == []


def test_new_release_after_the_prompt_keeps_saved_games(engine: Engine, site_dir: Path,
                                                        tmp_path: Path) -> None:
    """A rebuilt site with one changed file: the old release serves until the reader takes
    the prompt, then the new one serves whole, the old cache is gone and the games are kept."""
    from offline import write_service_worker  # web/offline.py, the build step

    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    old = release_of(site)["version"]
    with Server(site) as server:
        engine.goto(server.url)
        wait_ready(engine)
        wait(engine, READY_OFFLINE, READY_S, "the app to be stored for offline use")
        start_game(engine, "saba", ["easy", "human"], seed=5)  # a game is stored from its first move on
        wait(engine, "() => !!document.getElementById('your-turn')", READY_S, "the computer's first turn")
        saved = engine.evaluate(STORAGE)
        assert any(key.startswith("pygame_rules.save.") for key in saved)
        engine.reload()  # now the service worker serves the page
        wait_ready(engine)
        assert engine.evaluate("() => !!navigator.serviceWorker.controller")

        changed = site / "rules" / "rules.css"
        changed.write_text(changed.read_text() + "\n/* the next release */\n")
        new = write_service_worker(site).version
        for path in (changed, site / "sw.js"):  # the server's compressed copies of the old files go
            path.with_name(path.name + ".gz").unlink(missing_ok=True)
        assert new != old
        engine.reload()  # the browser finds the new sw.js and stores the new release beside the old
        wait_ready(engine)
        wait(engine, "() => !!document.querySelector('#update-ready button')", READY_S, "the update prompt")
        assert engine.evaluate(CACHES) == sorted([f"pygame-rules-{old}", f"pygame-rules-{new}"])
        css = "async () => (await fetch('rules/rules.css')).text()"
        assert "the next release" not in engine.evaluate(css)  # still the old release, whole

        engine.evaluate("() => { window.beforeUpdate = true; }")
        engine.click("#update-ready button")
        wait(engine, f"() => !window.beforeUpdate && ({READY})()", READY_S, "the reload into the new release")
        assert engine.evaluate(SHOWN_ERRORS) == []
        wait(engine, READY_OFFLINE, READY_S, "the new release's offline status")
        assert engine.evaluate(CACHES) == [f"pygame-rules-{new}"]
        assert "the next release" in engine.evaluate(css)
        kept = engine.evaluate(STORAGE)
        assert saved.keys() <= kept.keys()
        for key in (k for k in saved if k.startswith("pygame_rules.save.")):
            assert Session.from_text(kept[key]).state == Session.from_text(saved[key]).state
        assert engine.evaluate("() => !!document.querySelector('#game, #pass-screen')")  # resumed



# ------------------------------------------------------------------ the editor, links, lessons, PyScript
# One browser of each engine for these (``visitor``): none needs a fresh profile.

VERDICT = "() => document.getElementById('editor-verdict').textContent"


def test_editor_builds_a_position_and_exports_its_snippet(visitor: Engine, site_url: str) -> None:
    """A Türme position built by clicks on the board with a tool, judged; its embed snippet."""
    visitor.goto(site_url + "editor.html")
    wait_ready(visitor)
    wait(visitor, "() => !!document.querySelector('#editor-screen #board svg')", 30, "the editor's board")
    visitor.click("#editor-clear")
    settle(visitor)
    assert "instead of 5" in visitor.evaluate(VERDICT)
    visitor.click("#editor-diagram")  # pieces may be left out
    settle(visitor)
    for tool, square in (("Ar", "d4"), ("Bb", "e4")):
        visitor.click(f'[data-tool="{tool}"]')
        settle(visitor)
        visitor.click(f'#board [data-square="{square}"]')
        settle(visitor)
    assert visitor.evaluate(VERDICT) == "The position is consistent."
    visitor.click("#show-code")
    settle(visitor)
    snippet = visitor.evaluate("() => document.getElementById('export-snippet').value")
    assert snippet.startswith('<div data-pygame-rules="tuerme" data-position="14/14/14/14/3ArBb9/14/14/14 ')
    assert "<svg" in snippet


def test_a_shared_link_opens_its_replay(visitor: Engine, site_url: str) -> None:
    """A link to a Türme game of three moves, made as the app makes it (pygame_rules.share)."""
    game = pygame_rules.get_game("tuerme")
    session = Session.new("tuerme", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=3)
    for _ in range(3):
        player = game.to_move(session.state)[0]
        session.play(player, game.legal_actions(session.state, player)[0])
    visitor.goto(site_url + "index.html" + link_fragment(record(session, None)))
    wait_ready(visitor)
    where = "() => document.getElementById('shared-where')?.textContent"
    assert wait(visitor, where, 60, "the replay") == "After move 3 of 3."
    assert visitor.evaluate("() => document.querySelectorAll('#log li').length") == 4
    assert visitor.evaluate("() => document.querySelectorAll('#board svg').length") == 1
    visitor.click("#replay-first")
    settle(visitor)
    assert visitor.evaluate(where) == "The starting position."


STEP = "() => document.querySelector('#file .pgr-step').textContent"


def test_a_lesson_from_a_file_on_a_page_of_another_port(visitor: Engine, site_url: str,
                                                        tmp_path: Path) -> None:
    """docs/lesson-example.json beside a host page served from a port of its own (docs/lessons.md)."""
    (tmp_path / "covering.json").write_text((ROOT / "docs" / "lesson-example.json").read_text())
    with host_page(tmp_path, site_url, "My lesson", '<div id="file" data-lesson-src="covering.json"></div>') as url:
        visitor.goto(url + "host.html")
        wait(visitor, "() => document.getElementById('file').dataset.pgrState === 'live'", READY_S, "the lesson")
        assert visitor.evaluate(STEP) == "Covering a stone · Step 1 of 2"
        assert visitor.evaluate("() => document.querySelector('#file .pgr-text').textContent").startswith(
            "Your A stone on d4 may cover")
        for square in ("d4", "d6"):  # the lesson's move, by clicks on its pieces, each drawn anew
            visitor.evaluate("() => document.querySelector('#file .pgr-board svg').setAttribute('data-old', '')")
            visitor.click(f'#file .pgr-board .piece[data-square="{square}"]')
            wait(visitor, "() => !!document.querySelector('#file .pgr-board svg:not([data-old])')", 60,
                 f"the lesson's board after a click on {square}")
        wait(visitor, f"() => ({STEP})().endsWith('Step 2 of 2')", 60, "the lesson's second step")


def test_the_pyscript_example_imports_the_engines(visitor: Engine, site_url: str) -> None:
    """examples/pyscript.html: the site's PyScript and Pyodide install the site's wheel without
    micropip ("packages_cache": "passthrough", docs/deploying.md) and draw a board."""
    visitor.goto(site_url + "examples/pyscript.html")
    wait(visitor, "() => !!document.querySelector('#board[data-ready] svg')", READY_S, "the board from PyScript")
    assert "first legal move" in visitor.evaluate("() => document.getElementById('status').textContent")
    loaded = visitor.evaluate("() => performance.getEntriesByType('resource').map(entry => entry.name)")
    assert [url for url in loaded if "/wheels/pygame_rules-" in url], loaded
    assert not [url for url in loaded if "micropip" in url], loaded
