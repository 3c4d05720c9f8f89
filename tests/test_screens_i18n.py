"""The app's screens in Dutch, German and French, in CPython (the app as in its worker, drawing
into ``tests/page_model.py``): every screen in the reader's language, and a switch that keeps the
game on screen, its board and its log, and lasts over a reload. Which language a browser gets,
and the switch on the page: ``tests/test_site_i18n.py``.

Texts are compared with what the catalogs say (``i18n.using``), so a better translation never
breaks a test; the words checked are the web area's own and the games' status lines.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from page_model import Browser

from pygame_rules import get_game, i18n
from pygame_rules.i18n import _, use
from pygame_rules.tuerme import square_name

GAMES = {"tuerme": 2, "babel": 3, "saba": 2}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")


def tr(lang: str, text: str) -> str:
    with i18n.using(lang):
        return _(text)


def assert_game_screen(b: Browser, lang: str) -> None:
    """The game screen's shared texts and the game's status line are in ``lang``."""
    session = b.game()
    with i18n.using(lang):
        status = session.game.status_text(session.state, [seat.name for seat in session.seats])
        assert b.page.find("#status").text == status
        assert b.page.find("#menu").text == _("Menu") and b.page.find("#undo").text == _("Undo")
        assert [h2.text for h2 in b.page.find_all(".side h2")][-1] == _("Moves")
        assert b.page.find("#log .log-start button").text == _("Start")
        assert b.page.find("#board").attrs["aria-label"] == _("Board")
        assert b.page.find("#replay-first").attrs["title"] == _("First position")


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_every_screen_in_the_readers_language(lang: str) -> None:
    b = Browser(lang=lang)
    try:
        assert b.page.find("#home h1").text == tr(lang, "Choose a game")
        assert b.page.find("#saved h2").text == tr(lang, "Saved games")
        assert b.page.find("#saved p").text == tr(lang, "No saved games yet.")
        assert b.page.find(".game-card[data-game=saba] a.learn-link").attrs["href"] == f"./learn.{lang}.html#saba"
        assert ["links", lang] in b.page.other  # the top bar's links
        b.choose_file("#import-file", "broken.json", '{"app": "pygame_rules", "game": "nope"')
        prefix = tr(lang, "Could not import {file}: {problem}").format(file="broken.json", problem="")
        assert b.toast().startswith(prefix.rstrip()) and b.page.toasts[-1][1]
        for game, players in GAMES.items():
            if b.page.find_all("#menu"):
                b.click("#menu")
            b.click(f".game-card[data-game={game}] button")
            assert b.page.find("#setup h1").text == tr(lang, "New game: {game}").format(game=get_game(game).title)
            assert [n.attrs["value"] for n in b.page.find_all(".seat input")][:2] == \
                [tr(lang, "Player {n}").format(n=n) for n in (1, 2)]
            b.start_game(game, players, 5)
            if b.page.find_all("#pass-screen"):
                name = b.game().seats[0].name
                assert b.page.find("#pass-screen h1").text == tr(lang, "Pass the device to {name}").format(name=name)
                b.click("#reveal")
            assert_game_screen(b, lang)
        b.send({"type": "settings"})
        assert b.page.find("#settings-title").text == tr(lang, "Settings")
        assert b.page.find("#setting-pace option[value=slow]").text == tr(lang, "slow")
    finally:
        b.close()


def board_things(b: Browser) -> list[dict[str, str]]:
    """The board's pieces as their data attributes (the position, whatever the language)."""
    return [node.dataset for node in b.page.find_all("#board svg [data-square]")]


def test_switching_keeps_the_game_and_survives_a_reload() -> None:
    b = Browser(lang="nl")
    try:
        b.start_game("tuerme", 2, 7)
        game = get_game("tuerme")
        move = game.legal_actions(b.game().state, 0)[0]
        for square in (move.src, move.dst):
            b.board(square=square_name(square))
        before = b.saved()
        position = board_things(b)
        assert len(b.log()) == 1 and b.page.find("#menu").text == tr("nl", "Menu")

        b.language("de")
        assert b.page.storage["pygame_rules.lang"] == "de" and ["links", "de"] in b.page.other
        assert_game_screen(b, "de")
        after = b.saved()
        assert (after.id, [m.action for m in after.moves]) == (before.id, [m.action for m in before.moves])
        assert board_things(b) == position
        names = [seat.name for seat in after.seats]
        with i18n.using("de"):
            expected = [_("{player}: {move}").format(player=names[m.player], move=game.action_text(
                after.states[k], m.action, names)) for k, m in enumerate(after.moves)]
        assert b.log() == expected
        b = b.reload()  # the page's language is the one chosen
        assert b.lang == "de"
        assert_game_screen(b, "de")
        assert board_things(b) == position
    finally:
        b.close()


def test_a_long_opening_and_a_switch_meanwhile() -> None:
    """The word that a game is being opened follows a language switch too."""
    b = Browser(lang="fr")
    try:
        b.app._show_opening(iter(()))  # as a long game's opening shows it
        b.app.page.push()
        assert b.page.find("#opening").text == tr("fr", "Opening the saved game…")
        b.language("nl")
        assert b.page.find("#opening").text == tr("nl", "Opening the saved game…")
    finally:
        b.close()
