"""The app's screens, played in CPython: the app as it runs in its worker, drawing into a model
of the page (``tests/page_model.py``) that sends events the way ``app/shell.js`` does."""

from __future__ import annotations

import json

import pytest
from page_model import Browser

from pygame_rules.registry import get_game
from pygame_rules.session import Session


def start(b: Browser, game: str, players: int | None = None, kinds: tuple[str, ...] = (), seed: int = 7,
          **options: bool) -> None:
    """New game from the home screen, as a player fills in the form."""
    b.click(f".game-card[data-game={game}] button")
    if players is not None:
        b.fill("#player-count", str(players))
    for seat in range(len(b.page.find_all(".seat"))):  # seats not given: people (hotseat)
        b.fill(f"[name=kind{seat}]", kinds[seat] if seat < len(kinds) else "human")
    for name, value in options.items():
        b.fill(f"[name=opt-{name}]", value)
    b.fill("#seed", str(seed))
    b.fill("#bot-time", "0.1")
    b.click("#start-game")


def tuerme_move(b: Browser) -> None:
    """Pick the first piece that can move and move it to the first field it can reach."""
    piece = b.page.marked[0]
    b.board(**piece)
    b.board(**next(target for target in b.page.marked if target != piece))


def log(b: Browser) -> list[str]:
    return [item.text for item in b.page.find_all("#log li[data-ply]")][1:]


def test_the_start_screen_lists_every_game_and_is_ready(tab: Browser) -> None:
    assert tab.page.ready
    games = [card.attrs["data-game"] for card in tab.page.find_all(".game-card")]
    assert sorted(games) == ["babel", "saba", "tuerme"]
    assert tab.page.find("#saved").text.startswith("Saved games") and "No saved games yet." in \
        tab.page.find("#saved").text


def test_setup_keeps_what_was_filled_in_when_the_number_of_players_changes(tab: Browser) -> None:
    tab.click(".game-card[data-game=babel] button")
    tab.fill("[name=name0]", "Ann")
    tab.fill("#player-count", "4")
    assert len(tab.page.find_all(".seat")) == 4
    assert tab.page.find("[name=name0]").attrs["value"] == "Ann"
    tab.fill("[name=colour1]", "red")
    tab.click("#start-game")
    assert ("Each player needs a different colour.", True) in tab.page.toasts


def test_a_tuerme_game_against_the_computer_by_clicks(tab: Browser) -> None:
    start(tab, "tuerme", 2, ("human", "easy"))
    tab.app.settings  # noqa: B018  (the defaults)
    tuerme_move(tab)
    tab.settle(10)
    assert len(log(tab)) >= 2 and log(tab)[0].startswith("1.Player 1:")
    save = json.loads(tab.page.storage["pygame_rules.save." + tab.app.screen.session.id])
    assert len(save["moves"]) == len(tab.app.screen.session.moves) >= 2
    tab.click("#undo")
    assert any("taken back" in text for text, _error in tab.page.toasts)
    assert len(tab.app.screen.session.moves) == 0


def test_a_click_on_what_cannot_move_says_why(tab: Browser) -> None:
    start(tab, "tuerme", 2)
    tab.board(square="d1")
    assert tab.page.explained and tab.page.explained[-1][1].startswith("Not possible:")


def test_replay_keys_and_log_show_the_past_and_back(tab: Browser) -> None:
    start(tab, "tuerme", 2)
    for _ in range(2):
        tuerme_move(tab)
    assert len(log(tab)) == 2
    tab.key("ArrowLeft")
    assert "after move 1" in tab.page.find(".replay-banner").text
    tab.key("ArrowLeft", place="field")  # not in a form field
    assert "after move 1" in tab.page.find(".replay-banner").text
    tab.click("#back-to-present")
    assert not tab.page.find_all(".replay-banner")


def test_babel_hotseat_keeps_each_players_view_and_log(tab: Browser) -> None:
    start(tab, "babel", 3)
    assert tab.page.find("#pass-screen")
    tab.click("#reveal")
    assert tab.page.find("#board .hand").attrs["data-player"] == "0"
    assert tab.page.find_all("#board [data-wonder][data-tile]")


def test_a_reload_resumes_the_game_and_a_damaged_save_is_listed(tab: Browser) -> None:
    start(tab, "tuerme", 2)
    tuerme_move(tab)
    stored = dict(tab.page.storage)
    again = Browser(stored)
    try:
        assert again.app.screen is not None and len(again.app.screen.session.moves) == 1
        again.click("#menu")
        key = next(k for k in stored if k.startswith("pygame_rules.save."))
        damaged = Browser({**stored, key: stored[key][:-40]})
        try:
            assert "Can't be opened" in damaged.page.find(".saved-game.damaged").text
            damaged.click(".saved-game.damaged button", "Delete")
            damaged.confirm()
            assert key not in damaged.page.storage
        finally:
            damaged.close()
    finally:
        again.close()


def test_export_and_import_round_trip(tab: Browser) -> None:
    start(tab, "saba", 2)
    tab.click("#reveal")  # the pass screen: Saba's cards are private
    tab.click("#export")
    name, text = tab.page.downloads[-1]
    assert name.startswith("saba-") and Session.from_text(text).game is get_game("saba")
    tab.click("#menu")
    tab.choose_file("#import-file", name, text)  # (a game is stored from its first move on: this one was not)
    assert tab.toast() == "Imported Saba – Palast der Königin."
    tab.click("#pass-screen button", "Menu")  # opened behind its pass screen
    tab.choose_file("#import-file", name, text)
    assert ("Saba – Palast der Königin from " + name + " is already saved here; it is open now.", False) in \
        tab.page.toasts
    tab.click("#pass-screen button", "Menu")
    tab.choose_file("#import-file", "broken.json", "{")
    assert tab.page.toasts[-1][1] is True and tab.page.toasts[-1][0].startswith("Could not import broken.json")


def test_settings_are_stored_and_told_to_the_page(tab: Browser) -> None:
    tab.send({"type": "settings"})
    tab.fill("#setting-pace", "fast")
    assert json.loads(tab.page.storage["pygame_rules.settings"])["pace"] == "fast"
    tab.fill("#setting-sound", True)
    assert tab.page.settings == {"animate": True, "sound": True} and tab.page.sounds[-1] == "your-turn"


def test_the_language_switch_redraws_the_screen_in_it(tab: Browser) -> None:
    tab.language("de")
    assert tab.page.find("#home h1").text == "Wähle ein Spiel"
    tab.language("en")
    assert tab.page.find("#home h1").text == "Choose a game"


def test_computers_play_on_their_own_and_stop_when_the_game_is_left(tab: Browser) -> None:
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    start(tab, "tuerme", 2, ("easy", "easy"))
    tab.settle(2)
    screen = tab.app.screen
    assert screen is not None and len(screen.session.moves) > 5 and tab.page.busy
    tab.click("#menu")
    assert not tab.page.busy and not screen._work
    moves = len(screen.session.moves)
    tab.settle(1)
    assert len(screen.session.moves) == moves


@pytest.mark.parametrize("game", ["babel", "saba", "tuerme"])
def test_the_setup_offers_no_game_without_an_end(tab: Browser, game: str) -> None:
    """The quiet end's 0 (never) would let two people play until the record is full, where a
    legal move would be refused: the form offers only limits."""
    tab.click(f".game-card[data-game={game}] button")
    offered = [o.attrs["value"] for o in tab.page.find_all("[name=opt-quiet_end] option")]
    default = get_game(game).option_defaults["quiet_end"]
    assert offered == [str(default // 2), str(default)]
