"""The rulebook examples: shared data, the gallery built from them, and the rules pages."""

from __future__ import annotations

import html
import json

import pytest
from embed.embed_service import handle

from pygame_rules import GAMES, get_game
from pygame_rules.examples import examples
from pygame_rules.i18n import LANGUAGES, _, with_lang
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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_example_lists_its_first_moves_as_its_reader_sees_them(lang):
    """The list "Try a move…" is in the markup (``data-choices``): the embed runtime's own first
    answer, in the page's language, and a diagram read from one seat offers that seat's moves only."""
    from embed.pages import gallery_sections

    page = gallery_sections(lang)
    for ex in examples():
        request = {"diagram": 9, "game": ex.game, "position": ex.position, "moves": "\n".join(ex.moves),
                   "viewer": None if ex.viewer is None else str(ex.viewer), "interactive": True}
        choices = json.loads(handle("open", json.dumps(request), lang))["choices"]
        assert choices, ex.name
        assert f'data-choices="{html.escape(chr(10).join(choices))}"' in page
        if ex.viewer is not None:
            state = ex.start()
            assert len(choices) == len(get_game(ex.game).legal_actions(state, ex.viewer))


def test_the_gallery_filters_by_game():
    from embed.pages import gallery_sections

    page = gallery_sections("nl")
    assert '<nav class="filter" aria-label="Voorbeelden per spel"><a href="#">Alle spellen</a>' in page
    for game in GAMES:
        title = with_lang("nl", _, get_game(game).title)
        assert f'<a href="#{game}">{html.escape(title)}</a>' in page


@pytest.mark.browser
def test_the_move_list_is_there_before_python_and_plays(page, guard, site_url):
    page.goto(site_url + "gallery.html")
    figure = page.locator("#tuerme-picture-1")
    options = figure.locator("select option").all_text_contents()
    assert options[0] == "Try a move…" and len(options) == 24 and "d4-c4" in options
    assert figure.get_attribute("data-pgr-state") is None  # the figure; its diagram is static
    assert figure.locator(".pgr-diagram").get_attribute("data-pgr-state") == "static"
    assert page.evaluate("document.querySelectorAll('iframe').length") == 0
    figure.locator("select").select_option(label="d4-c4")
    page.wait_for_selector('#tuerme-picture-1 [data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert figure.locator(".pgr-ply").text_content() == "1 / 1: d4-c4"
    assert figure.locator('.piece[data-square="c4"]').get_attribute("data-colour") == "red"


#: Screens the examples must fit: a laptop's and a phone's.
SCREENS = ((1280, 900), (390, 844))


def outside(page, selector: str) -> list[str]:
    """The rulebook examples on ``page`` whose caption, board, controls or status line leave the
    screen when the example is scrolled to the top of it."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)].filter((figure) => {
        figure.scrollIntoView({block: "start"});
        const parts = ["figcaption", ".pgr-board svg", ".pgr-bar", ".pgr-status", ".pgr-actions"]
            .map((part) => figure.querySelector(part).getBoundingClientRect());
        return parts.some((box) => box.top < 0 || box.bottom > innerHeight || box.left < 0
                          || box.right > document.documentElement.clientWidth);
    }).map((figure) => figure.id)""", selector)


@pytest.mark.browser
@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_example_fits_the_screen(page, guard, site_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    for path in ("gallery.html", *(f"rules/{game}.html" for game in GAMES)):
        page.goto(site_url + path)
        page.wait_for_selector(".pgr-diagram")
        assert outside(page, "figure.example") == [], path
    # Live, with the status line and the board's buttons: the example with the longest prompt.
    page.goto(site_url + "gallery.html")
    page.locator("#babel-offers").get_by_role("button", name="Reset").click()
    page.wait_for_selector('#babel-offers [data-pgr-state="live"]', timeout=READY_TIMEOUT_MS)
    assert page.locator("#babel-offers .pgr-status").text_content()
    assert outside(page, "#babel-offers") == []


@pytest.mark.browser
def test_a_game_s_link_shows_its_examples_only(page, guard, site_url):
    page.goto(site_url + "gallery.html")
    filter_by = page.get_by_role("navigation", name="Examples by game")
    filter_by.get_by_role("link", name=get_game("babel").title).click()
    page.wait_for_url("**/gallery.html#babel")
    assert page.locator("#babel").is_visible() and page.locator("#babel figure.example").count() == 5
    assert not page.locator("#tuerme").is_visible() and not page.locator("#saba").is_visible()
    filter_by.get_by_role("link", name="All games").click()
    assert all(page.locator(f"#{game}").is_visible() for game in GAMES)


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
