"""The rules pages, the gallery and the embedded boards in English, Dutch, German and French.

The browser tests need a built site (``python web/build.py --out DIR``, ``PYGAME_RULES_SITE=DIR``)."""

from __future__ import annotations

import html
import json
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_rules import GAMES, get_game
from pygame_rules.examples import example, examples
from pygame_rules.i18n import LANGUAGES, _, using
from site_helpers import READY_TIMEOUT_MS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "embed"))
from embed_service import handle

PICTURE_1 = example("tuerme", "picture-1")


def test_marked_texts_are_translated_and_links_stay_in_the_language():
    from embed.pages import fill_page, translate_marked

    with using("de"):
        assert translate_marked("<h2 id='x' data-i18n>The   idea</h2>") == "<h2 id='x' data-i18n>Die Idee</h2>"
        page = fill_page("rules/tuerme.html", '<html lang="@LANG@"><a href="../gallery.html#tuerme">'
                         '<a href="./babel.html"><a href="../">@LANGUAGES@', "de", "",
                         {"gallery.html", "rules/babel.html"})
    assert page.startswith('<html lang="de"><a href="../gallery.de.html#tuerme">'
                           '<a href="./babel.de.html"><a href="../">')
    assert '<a href="./tuerme.html" hreflang="en" lang="en">English</a>' in page
    assert 'hreflang="de" lang="de" aria-current="true">Deutsch</a>' in page


def test_the_embed_scripts_carry_their_texts_in_every_language():
    from embed.pages import script_texts

    texts = json.loads(script_texts(("embed.js",)))
    assert sorted(texts) == sorted(LANGUAGES[1:])
    assert texts["fr"]["Forward one move"] == "Un coup en avant"
    assert texts["nl"]["Reset"] == "Opnieuw"
    assert all(text.isascii() for text in [script_texts(("embed.js",))])


def test_the_embed_service_answers_in_the_frame_s_language():
    request = json.dumps({"diagram": 1, "game": "tuerme", "position": PICTURE_1.position, "moves": "d4xd6"})
    assert json.loads(handle("open", request, "fr"))["status"].endswith("Rouge")
    assert json.loads(handle("open", request))["status"] == "To move: Red"
    assert json.loads(handle("open", request, "xx"))["status"] == "To move: Red"  # not ours: English
    with pytest.raises(ValueError, match="dit diagram is niet geopend"):
        handle("goto", json.dumps({"diagram": 4321, "ply": 0}), "nl")


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_shows_its_game_s_examples_beside_the_text(game):
    """Every rulebook example of the game has its one place in the rules page's source, and is
    filled in there in each language: its caption and its board's title and description."""
    from embed.pages import STATIC, illustrate

    source = (STATIC / "rules" / f"{game}.html").read_text()
    slots = re.findall(r'<figure data-example="([\w-]+)"></figure>', source)
    assert sorted(slots) == sorted(ex.name for ex in examples(game))
    for lang in LANGUAGES:
        with using(lang):
            page = illustrate(f"rules/{game}.html", source)
            for ex in examples(game):
                figure = page.split(f'<figure class="example" id="{game}-{ex.name}">', 1)[1].split("</figure>")[0]
                assert f"<h3>{html.escape(_(ex.title))}</h3>" in figure and html.escape(_(ex.caption)) in figure
                title = get_game(game).render_svg(ex.start(), ex.viewer).split("<title>")[1].split("</title>")[0]
                assert f"<title>{title}</title>" in figure and re.search("<desc>[^<]+</desc>", figure)
                assert "data-choices=" in figure
        assert "data-example" not in page


# ------------------------------------------------------------------ in Chromium

@pytest.mark.browser
def test_a_rules_page_in_german(page, guard, site_url):
    page.goto(site_url + "rules/tuerme.de.html")
    assert page.evaluate("document.documentElement.lang") == "de"
    headings = page.locator("main h2").all_text_contents()
    assert headings[:3] == ["Die Idee", "Spielplan und Vorbereitung", "Ein Zug"]
    assert "Regelauslegungen" in headings
    assert page.locator("blockquote p[lang=nl]").first.text_content().startswith("als een speler")
    page.get_by_role("link", name="Beispiele aus den Regeln", exact=True).click()
    page.wait_for_url("**/gallery.de.html")
    assert page.locator("h1").text_content() == "Beispiele aus den Regeln"


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_pages_show_their_examples_in_every_language(page, guard, site_url, game):
    """Each language's page shows its game's examples with captions and boards in that language,
    before any Python, with nothing for axe-core to find (and nothing fetched from elsewhere: the guard)."""
    from layout_helpers import axe, describe

    for lang in LANGUAGES:
        path = f"rules/{game}.html" if lang == "en" else f"rules/{game}.{lang}.html"
        page.goto(site_url + path)
        page.wait_for_selector("figure.example .pgr-diagram")
        figures = page.locator("main figure.example")
        assert figures.count() == len(examples(game)), path
        with using(lang):
            for ex in examples(game):
                figure = page.locator(f"#{game}-{ex.name}")
                assert figure.locator("figcaption h3").text_content() == _(ex.title)
                board = figure.locator(".pgr-board svg")
                assert board.is_visible()
                assert board.locator("title").text_content() and board.locator("desc").text_content()
                assert figure.locator(".pgr-diagram").get_attribute("lang") == lang
        violations = axe(page)
        assert violations == [], f"{path}: {describe(violations)}"
    assert page.evaluate("document.querySelectorAll('iframe').length") == 0
    assert guard.blocked == []  # nothing asked of another host than 127.0.0.1


@pytest.mark.browser
def test_the_stored_choice_leads_from_the_english_page_to_its_own(page, guard, site_url):
    page.goto(site_url + "rules/babel.html")
    assert page.locator("h2").first.text_content() == "The idea"
    page.locator("nav.languages").get_by_role("link", name="Français").click()
    page.wait_for_url("**/rules/babel.fr.html")
    page.goto(site_url + "rules/saba.html#rule-readings")  # the default address: the reader's own language
    page.wait_for_url("**/rules/saba.fr.html#rule-readings")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator("#rule-readings").text_content() == "Interprétations des règles"
    page.locator("nav.languages").get_by_role("link", name="English").click()
    page.wait_for_url("**/rules/saba.html")
    page.goto(site_url + "rules/saba.html")
    assert page.evaluate("document.documentElement.lang") == "en"


@pytest.fixture(scope="module")
def host_url(site_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An English host page on its own port with a French diagram and one of an unknown language."""
    from serve import make_server

    root = tmp_path_factory.mktemp("host-i18n")
    board = (f'<div id="{{id}}" data-pygame-rules="tuerme" data-position="{PICTURE_1.position}" '
             f'data-moves="d4xd6" data-interactive data-lang="{{lang}}"></div>')
    (root / "host.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f'<title>Host</title></head><body>{board.format(id="fr", lang="fr")}'
        f'{board.format(id="bad", lang="klingon")}'
        f'<script src="{site_url}embed/embed.js" defer></script></body></html>')
    server = make_server(Path(root), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.mark.browser
def test_an_embed_with_data_lang_fr_speaks_french(page: Any, guard, host_url):
    page.goto(host_url + "host.html")
    french = page.locator("#fr")
    page.wait_for_selector('#fr[data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert french.get_attribute("lang") == "fr"
    assert french.locator("select option").first.text_content() == "Essayer un coup…"
    assert "Rouge" in french.locator(".pgr-status").text_content()
    french.get_by_role("button", name="Un coup en avant").click()
    page.wait_for_function("document.querySelector('#fr .pgr-ply').textContent === '1 / 1: d4xd6'")
    reset = french.get_by_role("button", name="Réinitialiser")
    assert reset.get_attribute("title") == "Revenir à la position de départ"
    bad = page.locator("#bad")
    assert bad.get_attribute("data-pgr-state") == "error"
    assert bad.locator(".pgr-error").text_content() == 'Unknown language "klingon": use one of en, nl, de, fr.'


@pytest.mark.browser
def test_the_rules_page_leads_to_the_lessons_in_its_language(page, guard, site_url):
    page.goto(site_url + "rules/tuerme.de.html")
    assert page.locator("header nav").get_by_role("link", name="Lernen").get_attribute("href") == "../learn.de.html"
    page.get_by_role("link", name="Spielen lernen mit einer angeleiteten Partie").click()
    page.wait_for_url("**/learn.de.html#tuerme")
    assert page.locator("h1").text_content() == "Spielen lernen"
    assert page.locator("#tuerme-moving summary").text_content() == "Ziehen"
