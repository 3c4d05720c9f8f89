"""Take the README's screenshots: each game in play, in Debian's Chromium.

Usage: ``python docs/screenshots.py`` after ``make build``; writes ``docs/<game>.png``.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "web"), str(ROOT / "tests")]
from serve import make_server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
#: (game, players, names, clicks as (kind, selector) after the game starts)
SCENES = {
    "tuerme": (3, ["Ada", "Bruno", "Carla"], 10),
    "babel": (4, ["Ada", "Bruno", "Carla", "Dora"], 14),
    "saba": (3, ["Ada", "Bruno", "Carla"], 16),
}


def play_a_little(page, clicks: int) -> None:
    """Advance by clicking the first offered thing, like a quick player."""
    for i in range(clicks):
        if page.locator("#pass-screen").count():
            page.click("#reveal")
            continue
        board = page.locator('#board [tabindex="0"]')
        buttons = page.locator("#game-buttons button")
        if board.count() and (i % 3 or not buttons.count()):
            board.nth(i % board.count()).click(force=True)
        elif buttons.count():
            buttons.first.click()
    if page.locator("#pass-screen").count():
        page.click("#reveal")


def main() -> None:
    server = make_server(ROOT / "public", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for game, (players, names, clicks) in SCENES.items():
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)
            page.wait_for_function("document.body.dataset.ready === '1'", timeout=180_000)
            from site_helpers import start_game
            start_game(page, game, players, seed=5, names=names)
            play_a_little(page, clicks)
            out = ROOT / "docs" / f"{game}.png"
            page.screenshot(path=str(out))
            print(f"wrote {out}")
            page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
