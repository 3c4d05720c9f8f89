"""Take the README's screenshots in Debian's Chromium: each game in play at desktop width and
on a phone (390×844, touch), and one game per language of the translations.

Usage: ``python docs/screenshots.py [--site public]`` after ``make build``; writes
``docs/<game>.png``, ``docs/<game>-phone.png`` and ``docs/i18n-<lang>.png``.
"""

from __future__ import annotations

import argparse
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
#: A game per language (browser locale, game), each a different one where there are enough.
LANGUAGE_SCENES = {"nl": ("nl-NL", "tuerme"), "de": ("de-DE", "babel"), "fr": ("fr-FR", "saba")}


def play_a_little(page, clicks: int) -> None:
    """Advance by clicking the first offered thing, like a quick player (a click on a part
    redrawn meanwhile is let go: the next one counts)."""
    from playwright.sync_api import Error

    from site_helpers import settled

    for i in range(clicks):
        settled(page)
        if page.locator("#pass-screen").count():
            page.click("#reveal")
            continue
        board = page.locator("#board [tabindex]")
        buttons = page.locator("#game-buttons button")
        try:
            if board.count() and (i % 3 or not buttons.count()):
                board.nth(i % board.count()).click(force=True, timeout=3_000)
            elif buttons.count():
                buttons.first.click(timeout=3_000)
        except Error:
            continue
    settled(page)
    if page.locator("#pass-screen").count():
        page.click("#reveal")
        settled(page)


def shoot(browser, url: str, game: str, out: Path, locale: str = "en-US", phone: bool = False) -> None:
    """Start ``game`` as its scene says, in a browser preferring ``locale`` (on a phone's
    screen if ``phone``), and photograph it."""
    from site_helpers import start_game

    players, names, clicks = SCENES[game]
    screen = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True} if phone \
        else {"viewport": {"width": 1280, "height": 800}}
    context = browser.new_context(locale=locale, **screen)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=180_000)
    start_game(page, game, players, seed=5, names=names)
    play_a_little(page, clicks)
    page.screenshot(path=str(out))
    print(f"wrote {out}")
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "public", help="the built site")
    parser.add_argument("--only", choices=("games", "phones", "languages"), help="take only these")
    args = parser.parse_args()
    server = make_server(args.site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        if args.only in (None, "games"):
            for game in SCENES:
                shoot(browser, url, game, ROOT / "docs" / f"{game}.png")
        if args.only in (None, "phones"):
            for game in SCENES:
                shoot(browser, url, game, ROOT / "docs" / f"{game}-phone.png", phone=True)
        if args.only in (None, "languages"):
            for lang, (locale, game) in LANGUAGE_SCENES.items():
                shoot(browser, url, game, ROOT / "docs" / f"i18n-{lang}.png", locale)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
