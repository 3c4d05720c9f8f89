"""The rulebook examples: shared data, the gallery built from them, and the rules pages."""

from __future__ import annotations

import html

import pytest

from pygame_rules import GAMES, get_game
from pygame_rules.examples import examples
from pygame_rules.tuerme import parse_square, square_name
from site_helpers import READY_TIMEOUT_MS

#: The worked examples the gallery must show (the brief names them).
REQUIRED = {
    "tuerme": {"picture-1", "picture-2", "picture-3", "district-end", "alleys-empty"},
    "babel": {"offers", "exchange-card", "wonder-scoring", "final-scoring"},
    "saba": {"harbour", "serail", "district"},
}


def test_every_game_has_its_rulebook_examples():
    names = {game: {ex.name for ex in examples(game)} for game in GAMES}
    for game, wanted in REQUIRED.items():
        assert wanted <= names[game], f"{game} lacks {wanted - names[game]}"
    assert all(len(set(ex.name for ex in examples(g))) == len(examples(g)) for g in GAMES)


@pytest.mark.parametrize("ex", examples(), ids=lambda ex: f"{ex.game}-{ex.name}")
def test_example_plays_out_and_renders(ex):
    game = get_game(ex.game)
    states = ex.states()
    assert game.position_text(states[0]) == ex.position
    assert len(states) == len(ex.moves) + 1
    assert ex.title and len(ex.caption) > 40
    assert game.render_svg(states[0], ex.viewer, **ex.highlights).startswith("<svg")


@pytest.mark.parametrize("ex", [ex for ex in examples("tuerme") if "targets" in ex.highlights],
                         ids=lambda ex: ex.name)
def test_tuerme_highlighted_targets_are_the_legal_ones(ex):
    state = ex.start()
    src = parse_square(ex.highlights["selected"])
    legal = {square_name(a.dst) for a in get_game("tuerme").legal_actions(state, state.turn)
             if getattr(a, "src", None) == src}
    assert set(ex.highlights["targets"]) == legal


def test_gallery_sections_hold_every_example_with_its_static_board():
    from embed.pages import gallery_sections

    page = gallery_sections()
    for ex in examples():
        assert f'id="{ex.game}-{ex.name}"' in page
        assert html.escape(ex.caption) in page
        assert f'data-position="{html.escape(ex.position)}"' in page
        svg = get_game(ex.game).render_svg(ex.start(), ex.viewer, **ex.highlights)
        assert svg in page
    assert page.count("<figure") == len(examples())


@pytest.mark.browser
def test_gallery_page_shows_every_board_before_python(page, guard, site_url):
    page.goto(site_url + "gallery.html")
    figures = page.locator("figure.example")
    assert figures.count() == len(examples())
    assert page.locator("figure.example .pgr-board svg").count() == len(examples())
    assert page.evaluate("document.querySelectorAll('iframe').length") == 0
    first = page.locator("#tuerme-picture-1")
    first.get_by_role("button", name="Forward one move").click()
    page.wait_for_selector('#tuerme-picture-1 [data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert first.locator(".pgr-ply").text_content() == "1 / 1: d4xd6"


@pytest.mark.browser
def test_start_page_links_to_the_gallery_and_rules_pages(page, guard, site_url):
    page.goto(site_url, wait_until="domcontentloaded")
    assert page.locator("#topnav a[href='./gallery.html']").count() == 1
    for game in ("tuerme", "babel", "saba"):
        page.goto(f"{site_url}rules/{game}.html")
        assert page.locator("h1").text_content() == get_game(game).title
        assert page.locator("#component-data").is_visible()
