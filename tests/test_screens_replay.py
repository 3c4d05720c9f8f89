"""Replay and following the computers, in CPython (issue 44, findings 5 and 2): a replay shows
the whole screen of its moment and answers a click on its board; the log tells a turn as one
line that opens to its moves; Babel's reveal is a moment the computers wait at; the notation's
symbols are explained beside the log."""

from __future__ import annotations

import json
import time

from page_model import Browser
from sessions import random_session, seats_of

from pygame_rules import get_game, turns

TUERME = get_game("tuerme")


def scores_shown(b: Browser) -> list[int]:
    return [int(row.find_all("td")[1].text) for row in b.page.find_all(".seats tbody tr")]


# ------------------------------------------------------------------ finding 5: the past, whole
def test_a_replay_shows_the_scores_status_and_seats_of_its_moment(tab: Browser) -> None:
    """Back at an earlier move, the status line, the scores and the seat to move are that
    moment's, not today's; a finished game's final table gives way to that moment's scores."""
    session = random_session("tuerme", seats_of("tuerme", 2), 0, 3000)
    assert TUERME.is_over(session.state)
    tab.choose_file("#import-file", "game.json", session.to_text())
    assert tab.page.find_all("#final-scores") and not tab.page.find_all(".seats")
    k = next(k for k in range(len(session.moves), 0, -1)
             if TUERME.scores(session.states[k]) != TUERME.scores(session.state)
             and TUERME.to_move(session.states[k]) != TUERME.to_move(session.states[-2]))
    tab.click(f"#log li[data-ply='{k}'] button")
    past = session.states[k]
    assert scores_shown(tab) == list(TUERME.scores(past))
    assert tab.page.find("#status").text == TUERME.status_text(past, [s.name for s in session.seats])
    active = tab.page.find(".seats tr.seat-active")
    assert active.text.startswith(session.seats[TUERME.to_move(past)[0]].name)
    assert not tab.page.find_all("#final-scores")
    tab.click("#back-to-present")
    assert tab.page.find_all("#final-scores")


def test_a_click_on_the_board_of_a_replay_offers_the_way_back(tab: Browser) -> None:
    """A board click in a replay is not lost in silence: the banner asks "you are looking at
    move 3 — back to the present?" and its button returns."""
    session = random_session("tuerme", seats_of("tuerme", 2), 3, 5)
    tab.choose_file("#import-file", "game.json", session.to_text())
    present = tab.page.boards[-1][2]
    tab.click("#log li[data-ply='3'] button")
    tab.board(square="d4")
    banner = tab.page.find(".replay-banner")
    assert banner.find("#replay-says").text == "You are looking at move 3 — back to the present?"
    assert banner.attrs["role"] == "alert"
    tab.click("#back-to-present")
    assert not tab.page.find_all(".replay-banner") and tab.page.boards[-1][2] == present
    tab.click("#log li.log-start button")
    tab.board(square="d4")
    assert tab.page.find("#replay-says").text == "You are looking at the starting position — back to the present?"
    tab.click("#replay-next")  # another moment: the question is answered
    assert tab.page.find("#replay-says").text == "Viewing the position after move 1 (read only)."


# ------------------------------------------------------------------ finding 2: a turn is told as a turn
def test_a_chain_of_bonus_moves_is_one_line_of_the_log(tab: Browser) -> None:
    """A turn of several moves is one entry of the log: its line says whose turn, how many moves
    and bonus moves and who scored what (the moves and the scores' difference); it opens to the
    single moves, which step through the turn as any other entry, and the reader closes it again."""
    session = random_session("tuerme", seats_of("tuerme", 2), 0, 60)
    chain = next(t for t in turns.turns(session) if len(t) >= 3 and turns.score_change(session, t, None))
    tab.choose_file("#import-file", "game.json", session.to_text())
    group = tab.page.find(f"#log li.log-group[data-turn='{chain.start}']")
    assert group.find("summary").text == f"{chain.start}–{chain[-1]}. " + turns.summary(session, chain)
    assert "bonus moves" in group.find("summary").text and " point" in group.find("summary").text
    assert [li.attrs["data-ply"] for li in group.find_all("li")] == [str(k) for k in chain]
    assert "open" not in group.find("details").attrs
    assert len(tab.log()) == len(session.moves)  # every move is still in the log
    tab.click(f"#log li[data-ply='{chain[1]}'] button")  # a move inside: the turn opens on it
    group = tab.page.find(f"#log li.log-group[data-turn='{chain.start}']")
    assert "open" in group.find("details").attrs
    assert tab.page.find("#log li[data-shown]").attrs["data-ply"] == str(chain[1])
    tab.click("#replay-next")  # step by step through the turn
    assert tab.page.find("#log li[data-shown]").attrs["data-ply"] == str(chain[2])
    tab.click(f"#log li[data-turn='{chain.start}'] summary")  # the reader closes it
    group = tab.page.find(f"#log li.log-group[data-turn='{chain.start}']")
    assert "open" not in group.find("details").attrs and "data-shown" in group.attrs
    assert tab.page.focused == f"#log li[data-turn='{chain.start}'] summary"
    tab.click(f"#log li[data-turn='{chain.start}'] summary")
    assert "open" in tab.page.find(f"#log li.log-group[data-turn='{chain.start}'] details").attrs


def test_the_log_explains_the_notation(tab: Browser) -> None:
    """Beside the log, a legend of the notation's symbols (N, +, (sealed), ...), in the reader's language."""
    tab.start_game("tuerme", 2, 11)
    symbols = [dt.text for dt in tab.page.find_all("#log-legend dt")]
    assert {"N", "x", "+"} <= set(symbols)
    tab.language("de")
    assert "Extrazug" in tab.page.find("#log-legend").text
    tab.language("en")
    tab.click("#menu")
    tab.start_game("babel", 3, 4)
    if tab.page.find_all("#pass-screen"):
        tab.click("#reveal")
    assert {"(sealed)", "reveal"} <= {dt.text for dt in tab.page.find_all("#log-legend dt")}


def moves_of(b: Browser) -> int:
    return len(b.log())


def test_babels_reveal_is_a_moment_the_computers_wait_at(tab: Browser) -> None:
    """Computers only, at the normal pace: once a turn whose offers were revealed is over, the
    screen tells the offers face up, the builder's choice and the points, and nobody moves on
    until the reader clicks "Continue" (a click elsewhere does not skip it)."""
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "normal", "animate": False})
    tab.start_game("babel", 3, 4, kinds=("easy", "easy", "easy"), bot_time="0.1")
    tab.until(lambda: tab.page.find_all("#moment"), seconds=40)
    moment = tab.page.find("#moment")
    assert "turn is over" in moment.find("h2").text
    assert moment.find(".moment-revealed").text.startswith("reveal: ")
    assert "Points: " in moment.text and moment.find_all("#continue")
    session = tab.app.screen.session
    last = turns.turns(session)[-1]
    assert moment == tab.page.find("#moment") and turns.is_over(session, last)
    waiting = moves_of(tab)
    tab.pointer()
    tab.settle(2.0)
    assert moves_of(tab) == waiting and tab.page.find_all("#moment")  # still waiting
    tab.click("#continue")
    assert not tab.page.find_all("#moment")
    tab.until(lambda: moves_of(tab) > waiting, seconds=10)


def test_at_a_fast_pace_the_reveal_does_not_wait(tab: Browser) -> None:
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant", "animate": False})
    tab.start_game("babel", 3, 4, kinds=("easy", "easy", "easy"), bot_time="0.1")
    started = time.monotonic()
    tab.until(lambda: moves_of(tab) > 12, seconds=40)
    assert time.monotonic() - started < 40
    assert not any(c[0] == "html" and 'id="moment"' in str(c) for c in tab.page.applied)
    assert not tab.page.find_all("#moment")
