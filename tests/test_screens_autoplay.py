"""Steps with only one possible action, played for the person (``web/webui/autoplay.py``, the
setting "Skip steps with only one possible action"), and quantities chosen at once, in CPython on
the model of the page (``tests/page_model.py``). Each game's real seeded positions: Saba's
"End building", "No figure" and "End turn", Babel's "No third bonus" and "Decline", Türme's
"End turn"; the hotseat's pass screens; Saba's discards down to the limit.

The same with the setting off is today's play: ``test_screens_play.py`` clicks every step of a
Saba turn and of a whole Türme game of four with it off."""

from __future__ import annotations

import json

import pytest
from page_model import Browser
from sessions import random_session, seats_of

from pygame_rules import get_game
from pygame_rules.i18n import use
from pygame_rules.saba import Discard, Res
from pygame_rules.session import Session

SABA = get_game("saba")
BABEL = get_game("babel")
TUERME = get_game("tuerme")


@pytest.fixture
def tab(tab: Browser) -> Browser:
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})  # (the setting on: default)
    return tab


def skipping(b: Browser, on: bool) -> None:
    b.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant", "skip": on})


def kinds_session(game_name: str, kinds: tuple[str, ...], seed: int, plies: int) -> Session:
    """A game of ``seed`` after ``plies`` seeded random moves (the searches that found the
    positions below played the same), its seats people or computers of ``kinds``."""
    return random_session(game_name, seats_of(game_name, len(kinds), "P", kinds), seed, plies, bot_time=0.1)


def open_game(b: Browser, session: Session) -> None:
    b.choose_file("#import-file", "game.json", session.to_text())


def automatic(b: Browser) -> list[str]:
    """The log's entries marked as played for a person."""
    return [item.find("button").text for item in b.page.find_all("#log li[data-ply]") if item.find_all(".log-auto")]


def buttons(b: Browser) -> list[str]:
    return [node.text for node in b.page.find_all("#game-buttons button")]


# ------------------------------------------------------------------------------ Saba
def test_a_saba_turn_skips_the_steps_without_a_choice_in_a_hotseat_game(tab: Browser) -> None:
    """Seed 31 (``test_a_first_saba_turn_by_clicking_the_board`` with the setting off): once Ann's
    palace part stands, "End building" and "No figure" are her only moves: they are played for
    her and the log says so. At the end she has a card she may play: "End turn" is hers to click.
    Bob gets the device as before, behind the pass screen."""
    tab.start_game("saba", 2, 31, names=("Ann", "Bob"))
    tab.pass_to("Ann")
    tab.board(harbour="1")
    tab.board(card="E")
    tab.board(**{"build-field": "0"})
    assert tab.log()[-2:] == ["Ann: end building", "Ann: no figure"] and automatic(tab) == tab.log()[-2:]
    assert tab.page.find_all("#log .log-auto")[-1].attrs["title"] == "The only possible move: played for you"
    assert "Ann: no figure (played automatically: the only possible move)" in tab.page.announced[-1]
    assert buttons(tab) == ["End turn"] and tab.page.find_all("#board [data-card=A]")
    tab.click("#game-buttons button", "End turn")
    tab.pass_to("Bob")
    assert automatic(tab) == ["Ann: end building", "Ann: no figure"]
    turn = tab.page.find("#log li.log-group .log-summary")  # Ann's turn in one line, which says it too
    assert turn.text.endswith(" automatic") and turn.find_all(".log-auto")


def test_a_step_after_the_pass_screen_is_the_persons_own(tab: Browser) -> None:
    """Hotseat with hidden cards: the person handed the device makes his first move himself, even
    his only one (played before the pass screen, it would tell the person at the device that the
    other's hand allows nothing else). Babel, seed 1: after 173 moves Bob's only answer is "No
    third bonus"."""
    session = kinds_session("babel", ("human", "human", "human"), 1, 173)
    assert BABEL.legal_actions(session.state, 1) == [BABEL.legal_actions(session.state, 1)[0]]
    open_game(tab, session)
    tab.pass_to("P2")
    assert buttons(tab) == ["No third bonus"] and len(tab.game().moves) == 173
    tab.click("#game-buttons button", "No third bonus")
    assert len(tab.game().moves) == 174 and automatic(tab) == []


def test_babels_only_answer_is_played_for_one_person_against_computers(tab: Browser) -> None:
    """The same position with the others played by computers: nobody to pass the device to, the
    answer is played at once, marked in the log; off, it waits for the click."""
    session = kinds_session("babel", ("easy", "human", "easy"), 1, 173)
    open_game(tab, session)
    tab.until(lambda: len(tab.game().moves) > 173)
    assert automatic(tab)[0] == "P2: no third bonus"
    skipping(tab, False)
    tab.click("#menu")
    open_game(tab, kinds_session("babel", ("easy", "human", "easy"), 1, 173))
    assert buttons(tab) == ["No third bonus"] and automatic(tab) == []


def test_a_decline_after_the_reveal_waits_for_the_builder(tab: Browser) -> None:
    """Babel, seed 1: the builder asked for a tile the offers don't make up; his only move is to
    decline, but the sealed offers were just turned face up: he sees them first."""
    session = kinds_session("babel", ("human", "easy", "easy"), 1, 3)
    assert "reveal" in session.log_text(3, 0)
    open_game(tab, session)
    assert "Decline (don't build)" in buttons(tab) and len(tab.game().moves) == 3


def test_undo_stops_at_the_step_played_for_the_person(tab: Browser) -> None:
    """Türme, seed 2, the fourth seat a person against three computers: after 401 moves his only
    move, to end his turn, is played for him and the computers move (to the game's end). Undo takes back his move and
    theirs, and shows the step (played again at once, it could never be taken back)."""
    open_game(tab, kinds_session("tuerme", ("easy", "easy", "easy", "human"), 2, 401))
    assert automatic(tab) == ["P4: end the turn"]
    tab.until(lambda: len(tab.game().moves) > 404 and tab.app.screen.controller.thinking is None)
    tab.click("#undo")
    assert len(tab.game().moves) == 401 and len(buttons(tab)) == 1 and automatic(tab) == []
    tab.click("#game-buttons button")
    assert len(tab.game().moves) == 402 and automatic(tab) == []


def test_the_setting_is_stored_and_off_plays_every_step(tab: Browser) -> None:
    tab.send({"type": "settings"})
    assert "checked" in tab.page.find("#setting-skip").attrs
    assert "Skip steps with only one possible action" in tab.page.find("#dialog-settings").text
    tab.fill("#setting-skip", False)
    assert json.loads(tab.page.storage["pygame_rules.settings"])["skip"] is False
    tab.click("#settings-close")
    tab.start_game("saba", 2, 3, names=("Ann", "Bob"), kinds=("human", "easy"))
    tab.board(harbour="2")
    tab.board(**{"build-field": "0"})
    assert buttons(tab) == ["End building"] and len(tab.log()) == 2


# ----------------------------------------------------------------------------- Türme
@pytest.mark.parametrize("on", [True, False])
def test_tuermes_only_move_of_four_players(tab: Browser, on: bool) -> None:
    """Seed 2, four people (nothing hidden: no pass screen): after 401 moves the fourth player's
    only move is to end his turn."""
    session = kinds_session("tuerme", ("human",) * 4, 2, 401)
    player = TUERME.to_move(session.state)[0]
    only = TUERME.legal_actions(session.state, player)
    assert len(only) == 1
    skipping(tab, on)
    open_game(tab, session)
    if on:
        assert len(tab.game().moves) == 402 and automatic(tab) == [f"P4: {TUERME.action_text(session.state, only[0])}"]
    else:
        assert len(tab.game().moves) == 401 and len(buttons(tab)) == 1 and automatic(tab) == []


# ------------------------------------------------------------------- quantities at once
def test_a_discard_is_chosen_in_one_go(tab: Browser) -> None:
    """Saba, seed 1, after 87 random moves: Ann (a person, against a computer) is to take a
    harbour field; H4 leaves her nothing to build ("End building" is played for her) and 4
    alabaster, 4 sandstone and 3 gold, 4 over the limit. She discards 4 alabaster at once; Undo
    takes the four back together."""
    open_game(tab, kinds_session("saba", ("human", "easy"), 1, 87))
    tab.board(harbour="4")
    assert automatic(tab) == ["P1: end building"]
    assert "Discard down to" in tab.page.find("#prompt").text
    tab.board(resource="a", player="0")
    assert "Discard how much alabaster?" in tab.page.find("#prompt").text
    assert buttons(tab) == ["Discard 1 alabaster", "Discard 2 alabaster", "Discard 3 alabaster",
                            "Discard 4 alabaster", "Cancel"]
    ply = len(tab.game().moves)
    tab.click("#game-buttons button", "Discard 4 alabaster")
    assert [m.action for m in tab.game().moves[ply:]] == [Discard(res=Res.ALABASTER)] * 4
    assert tab.game().state.players[0].res == (0, 4, 0, 3)
    assert "End turn" in buttons(tab)  # (the ebony card could still be played)
    tab.click("#undo")
    assert len(tab.game().moves) == ply and tab.toast() == "4 moves taken back."
    tab.board(resource="a", player="0")
    assert buttons(tab)[-2] == "Discard 4 alabaster"


def test_the_marks_of_moves_outlast_a_reload(tab: Browser) -> None:
    """The game of ``test_a_discard_is_chosen_in_one_go``, the page loaded again after the four
    discards: the log still says which step was played for Ann, and Undo still takes the four
    back together (the save keeps the moves' marks)."""
    open_game(tab, kinds_session("saba", ("human", "easy"), 1, 87))
    tab.board(harbour="4")
    tab.board(resource="a", player="0")
    ply = len(tab.game().moves)
    tab.click("#game-buttons button", "Discard 4 alabaster")
    again = tab.reload()
    try:
        assert len(again.game().moves) == ply + 4 and automatic(again) == ["P1: end building"]
        again.click("#undo")
        assert len(again.game().moves) == ply and again.toast() == "4 moves taken back."
    finally:
        again.close()


def test_one_discard_left_is_still_one_click(tab: Browser) -> None:
    """Saba, seed 1, after 40 moves, the setting off: H4, "End building"; Ann holds 1 gold, which
    goes with one click as before."""
    skipping(tab, False)
    open_game(tab, kinds_session("saba", ("human", "easy"), 1, 40))
    tab.board(harbour="4")
    tab.click("#game-buttons button", "End building")
    tab.board(resource="g", player="0")
    assert tab.game().moves[-1].action == Discard(res=Res.GOLD) and "Discard down to" in tab.page.find("#prompt").text


def test_a_babel_offer_of_the_asked_kind_is_one_click(tab: Browser) -> None:
    """Seed 8 (``test_a_babel_build_with_sealed_offers_through_pass_screens``): Ann asks for a tile
    of 3 ships; Bob holds 1 ship: "Seal offer: 1 ship" is there before he clicks a card."""
    tab.start_game("babel", 3, 8, names=("Ann", "Bob", "Cid"))
    tab.pass_to("Ann")
    tab.board(wonder="2", tile="0")
    tab.click("#game-buttons button", "Build this tile")
    tab.pass_to("Bob")
    assert buttons(tab) == ["Seal offer: nothing", "Seal offer: 1 ship"]
    tab.click("#game-buttons button", "Seal offer: 1 ship")
    assert tab.game().moves[-1].action.cards == (0, 0, 1, 0)


def test_the_setting_and_the_mark_speak_the_readers_language() -> None:
    b = Browser(lang="de")
    try:
        b.send({"type": "settings"})
        assert "Schritte mit nur einer möglichen Aktion überspringen" in b.page.find("#dialog-settings").text
        b.click("#settings-close")
        b.start_game("saba", 2, 3, names=("Ann", "Bob"), kinds=("human", "easy"))
        b.board(harbour="2")
        b.board(**{"build-field": "0"})
        mark = b.page.find_all("#log .log-auto")[-1]
        assert mark.text == "automatisch" and mark.attrs["title"] == "Der einzig mögliche Zug: für dich gespielt"
    finally:
        b.close()
        use("en")
