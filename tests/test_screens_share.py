"""Games as links on the app's screens, in CPython (``tests/page_model.py``): Share in the game
menu, on the end screen and in the saved games list shows the link and copies it; a link opened
shows its game as a replay, never in place of a stored game, and keeps a copy only when asked;
a bad link leaves the reader on the home screen with a message in his language."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from page_model import BASE, Browser
from test_share import played

from pygame_rules.controller import Controller
from pygame_rules.i18n import use
from pygame_rules.session import Session
from pygame_rules.share import PREFIX, link_fragment, record

SAVE = "pygame_rules.save."


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test ends in English (the app's language is the process's)."""
    yield
    use("en")


def finished(name: str = "tuerme", seed: int = 0) -> Session:
    session = played(name, seed, 5_000, players=2)
    assert session.is_over
    return session


def resumed(session: Session) -> Browser:
    """A page whose storage holds ``session`` as the game open at the last visit."""
    return Browser({SAVE + session.id: session.to_text(), "pygame_rules.current": session.id})


def shared_link(tab: Browser) -> str:
    """The link the Share dialog shows, once made (and its Copy button copies)."""
    tab.until(lambda: tab.page.find_all("#dialog-share #share-link"))
    link = tab.page.find("#dialog-share #share-link").attrs["value"]
    assert link.startswith(BASE + PREFIX)
    tab.click("#share-copy")
    assert tab.page.copied[-1] == link and tab.toast() == "Link copied."
    return link


def contents(link: str) -> Any:
    payload = link.split("#game=", 1)[1]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "==")))


def opened(link: str, storage: dict[str, str] | None = None, lang: str = "en") -> Browser:
    """A new page opened at ``link``, with ``storage`` in its ``localStorage``, once its game is
    read (in slices, as a long one is) and on show."""
    page = Browser(storage, lang, link="#" + link.split("#", 1)[1])
    page.until(lambda: page.page.find_all("#shared"))
    return page


# ------------------------------------------------------------------ sharing
def test_share_in_the_game_menu_shows_and_copies_the_link_that_opens_the_replay() -> None:
    tab = resumed(played("tuerme", 3, 1, players=2))
    tab.click("#share")
    link = shared_link(tab)
    assert "whole game" in tab.page.find("#share-says").text
    assert contents(link)["format"] == "pygame_rules.save"
    other = opened(link)
    assert other.page.find("#shared h1").text == "Shared game: Spiel der Türme"
    assert "After move 1 of 1" in other.page.find("#shared-where").text
    assert other.page.find_all("#board svg") and len(other.page.find_all("#log li")) == 2
    other.click("#replay-first")
    assert other.page.find("#shared-where").text == "The starting position."
    assert other.page.find("#log li[data-shown]").attrs["data-ply"] == "0"
    other.key("ArrowRight")
    assert other.page.find("#log li[data-shown]").attrs["data-ply"] == "1"
    other.key("Home", place="field")  # (in a field, a key is the field's)
    assert other.page.find("#log li[data-shown]").attrs["data-ply"] == "1"
    other.close()
    tab.close()


def test_share_on_the_end_screen_and_in_the_saved_games_list() -> None:
    session = finished()
    tab = Browser()
    tab.choose_file("#import-file", "game.json", session.to_text())
    tab.click("#share-end")
    link = shared_link(tab)
    tab.click("#share-close")
    tab.click("#menu")
    tab.click(".saved-game button", "Share")
    assert contents(shared_link(tab))["moves"] == contents(link)["moves"]
    replay = opened(link)
    assert replay.page.find("#status").text == Controller(session).score_table().result
    replay.close()
    tab.close()


def test_a_link_never_replaces_a_stored_game_and_keeps_a_copy_beside_it() -> None:
    tab = resumed(played("tuerme", 3, 5, players=2))
    tab.click("#share")
    link = shared_link(tab)
    storage = dict(tab.page.storage)
    other = opened(link, storage)
    assert other.page.find_all("#shared") and other.page.storage == storage  # nothing written
    other.click("#keep-copy")
    assert other.toast() == "Kept a copy of Spiel der Türme." and other.page.link == ""
    saves = [key for key in other.page.storage if key.startswith(SAVE)]
    assert len(saves) == 2 and all(other.page.storage[key] == storage[key] for key in storage if key in saves)
    copy = Session.from_text(other.page.storage[SAVE + other.app.screen.session.id])
    assert [m.action for m in copy.moves] == [m.action for m in tab.game().moves]
    other.close()
    tab.close()


def test_a_hidden_game_mid_way_shares_the_view_of_the_person_at_the_device() -> None:
    session = played("babel", 4, 30, kinds=("easy", "human", "easy"))
    tab = resumed(session)
    tab.settle(0)
    tab.click("#share")
    data = contents(shared_link(tab))
    assert "only what Player 2 has seen" in tab.page.find("#share-says").text
    assert data["format"] == "pygame_rules.seen" and data["seat"] == 1 and "seed" not in data
    assert len(data["views"]) >= len(session.moves) + 1  # (and a computer may have moved since)
    tab.close()
    replay = opened(shared_link_of(data))
    assert "as Player 2 saw it" in replay.page.find("#shared-says").text and not replay.page.find_all("#keep-copy")
    replay.click("#shared-menu")
    assert replay.page.find_all("#home") and replay.page.link == ""
    replay.close()


def shared_link_of(data: dict[str, Any]) -> str:
    return BASE + PREFIX + base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode())).decode().rstrip("=")


# ------------------------------------------------------------------ bad links
@pytest.mark.parametrize(("lang", "says"), [("en", "This link holds no game"), ("nl", "Deze link bevat geen spel"),
                                            ("de", "Dieser Link enthält kein Spiel"),
                                            ("fr", "Ce lien ne contient aucune partie")])
def test_a_bad_link_leaves_the_reader_at_home_told_why_in_his_language(lang: str, says: str) -> None:
    page = Browser(lang=lang, link="#game=AAAA")
    page.until(lambda: page.page.find_all("#home-message"))
    assert page.page.find("#home-message").text.startswith(says)
    page.close()


def test_a_link_opened_on_the_open_page_shows_its_replay() -> None:
    session = finished("tuerme", 1)
    tab = Browser()
    tab.send({"type": "link", "link": link_fragment(record(session, None))})
    tab.until(lambda: tab.page.find_all("#shared"))
    assert tab.page.find_all("#shared #keep-copy")
    tab.language("de")
    assert tab.page.find("#shared h1").text == "Geteilte Partie: Spiel der Türme"
    tab.close()


def test_a_hotseat_game_shares_the_view_on_show_and_the_list_an_onlooker_s() -> None:
    """People at one device: the game screen shares the view of the person who took the device
    (after the pass screen); the saved games list, where nobody did, an onlooker's view."""
    session = played("babel", 8, 20)
    tab = resumed(session)
    person = session.game.to_move(session.state)[0]
    tab.pass_to(session.seats[person].name)
    tab.click("#share")
    assert contents(shared_link(tab))["seat"] == person
    tab.click("#share-close")
    tab.click("#menu")
    tab.click(".saved-game button", "Share")
    assert contents(shared_link(tab))["seat"] is None
    assert "only what an onlooker has seen" in tab.page.find("#share-says").text
    tab.close()


def test_a_language_chosen_while_a_long_link_opens_keeps_opening_it() -> None:
    session = finished("saba", 2)
    tab = Browser(link=link_fragment(record(session, None)))
    if tab.page.find_all("#opening"):  # (read in slices: the word that it is coming, in the language chosen)
        tab.language("nl")
        assert tab.page.find("#opening").text == "Het gedeelde spel wordt geopend…"
    tab.until(lambda: tab.page.find_all("#shared"))
    tab.close()
