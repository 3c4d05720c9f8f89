"""The built site in every browser engine Debian packages here: Chromium, Firefox ESR and
WebKitGTK (Safari's engine), each driven as ``tests/engines.py`` describes.

In each engine: the start screen drawn by Python; one complete game per game with computer
players in every seat to the end screen, and a reload that resumes its autosave; the offline
start after a first visit (the server stopped, then a reload), Python restored from its
snapshot, with a hard computer player moving (in slices, on the page); and a rebuilt site picked up
after the "new version" prompt, its old cache deleted and the saved games kept.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pygame_rules
from engines import (
    READY,
    READY_OFFLINE,
    READY_S,
    SHOWN_ERRORS,
    Chromium,
    Engine,
    Firefox,
    Server,
    WebKit,
    release_of,
    wait,
    wait_ready,
)
from pygame_rules.session import Session

pytestmark = [pytest.mark.browser,  # Selenium's own WebKitGTK driver still sets a deprecated option:
              pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")]

GAME_S = 600
CACHES = "async () => (await caches.keys()).filter(name => name.startsWith('pygame-rules-')).sort()"
STORAGE = "() => Object.fromEntries(Object.keys(localStorage).map(key => [key, localStorage.getItem(key)]))"
#: How many Python snapshots the first visit stored (its worker without Python, app/prepare.js;
#: web/static/app/snapshot.js).
SNAPSHOTS = "async () => (await (await caches.open('pygame_rules.snapshots')).keys()).length"
LOG_LENGTH = "() => document.querySelectorAll('#log li:not(.log-start)').length"
#: Computer players of all three levels at the lowest thinking time, with seeds whose games end
#: within 200 moves. Easy and medium players are reproducible from the seed; a hard one depends on
#: the machine's speed, so it plays only in Babel, whose rules bound the length of a game.
COMPUTER_GAMES = {"babel": (["hard", "medium", "easy"], 2), "saba": (["medium", "easy"], 1),
                  "tuerme": (["medium", "medium"], 9)}


@pytest.fixture(params=["chromium", "firefox", "webkit"])
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """A fresh browser of each engine; the test fails on any error the engine reports."""
    browser: Engine
    if request.param == "chromium":
        browser = Chromium(request.getfixturevalue("browser").new_context())
    elif request.param == "firefox":
        browser = Firefox()
    else:
        browser = WebKit()
    try:
        yield browser
        problems = browser.problems()
    finally:
        browser.close()
    assert problems == [], f"{browser.name}: {problems}"


def start_game(engine: Engine, game: str, kinds: list[str], seed: int, bot_time: str = "0.1") -> None:
    """From the start screen, set up a game as a person would and start it; the computers'
    moves are shown at once (the "instant" pace), as the test watches for the end only."""
    engine.evaluate("() => localStorage.setItem('pygame_rules.settings',"
                    " JSON.stringify({sound: false, animate: false, pace: 'instant'}))")
    engine.click(f".game-card[data-game='{game}'] button")
    wait(engine, "() => !!document.getElementById('player-count')", 30, "the setup screen")
    engine.select("#player-count", str(len(kinds)))
    wait(engine, f"() => document.querySelectorAll('#setup .seat').length === {len(kinds)}", 30, "the seats")
    for seat, kind in enumerate(kinds):
        engine.select(f"select[name='kind{seat}']", kind)
    engine.fill("#bot-time", bot_time)
    engine.fill("#seed", str(seed))
    engine.click("#start-game")
    wait(engine, "() => !!document.querySelector('#game, #pass-screen')", 60, "the game screen")


def final_screen(engine: Engine) -> Any:
    return engine.evaluate("""() => document.getElementById('winner') && {
        winner: document.getElementById('winner').textContent,
        totals: [...document.querySelectorAll('#final-scores tbody tr:last-child th')]
            .slice(1).map(cell => Number(cell.textContent)),
        moves: document.querySelectorAll('#log li:not(.log-start)').length}""")


def test_start_screen_complete_games_and_resume(engine: Engine, site_url: str) -> None:
    engine.goto(site_url)
    wait_ready(engine)
    titles = engine.evaluate("() => [...document.querySelectorAll('.game-card h2')].map(h => h.textContent)")
    assert sorted(titles) == sorted(game.title for game in pygame_rules.GAMES.values())
    *_, last = COMPUTER_GAMES
    for name, (kinds, seed) in COMPUTER_GAMES.items():
        start_game(engine, name, kinds, seed)
        end = wait(engine, "() => !!document.getElementById('winner')", GAME_S, f"the end of {name}")
        assert end
        shown = final_screen(engine)
        save_id = engine.evaluate("() => localStorage.getItem('pygame_rules.current')")
        text = engine.evaluate(f"() => localStorage.getItem('pygame_rules.save.{save_id}')")
        session = Session.from_text(text)  # the browser's game, replayed in CPython
        game = pygame_rules.get_game(name)
        assert game.is_over(session.state)
        assert list(game.scores(session.state)) == shown["totals"], f"{engine.name}: {name}"
        assert [seat.kind for seat in session.seats] == kinds
        if name != last:
            engine.click("#menu")
            wait(engine, "() => !!document.getElementById('home')", 30, "the start screen")
    engine.reload()  # the last game's autosave resumes, on its end screen
    wait_ready(engine)
    assert final_screen(engine) == shown


def test_offline_start_after_first_visit(engine: Engine, site_dir: Path) -> None:
    """First visit; then the server stops and the page reloads: the app starts from the
    stored copy, Python from the snapshot the first visit stored, and a hard computer player
    moves (on the page, with no worker: one Python)."""
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
    # the snapshot was read, and Python's WebAssembly compiled, by a worker (app/prepare.js)
    assert engine.evaluate("() => document.documentElement.dataset.pythonWasm ?? null") == "worker"
    assert engine.evaluate("() => document.querySelectorAll('.game-card').length") == len(pygame_rules.GAMES)
    assert engine.evaluate("() => !!navigator.serviceWorker.controller")
    start_game(engine, "tuerme", ["hard", "human"], seed=5, bot_time="0.5")
    wait(engine, f"() => ({LOG_LENGTH})() > 0 && !document.getElementById('thinking')", READY_S,
         "the hard computer player's move")
    first = engine.evaluate("() => document.querySelector('#log li:not(.log-start) button').textContent")
    assert first.startswith("Player 1: ")
    assert engine.evaluate("() => document.documentElement.dataset.workerBoot ?? null") is None
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
        start_game(engine, "saba", ["human", "human"], seed=5)
        saved = engine.evaluate(STORAGE)
        assert any(key.startswith("pygame_rules.save.") for key in saved)
        engine.reload()  # now the service worker serves the page
        wait_ready(engine)
        assert engine.evaluate("() => !!navigator.serviceWorker.controller")

        changed = site / "rules" / "rules.css"
        changed.write_text(changed.read_text() + "\n/* the next release */\n")
        new = write_service_worker(site).version
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
