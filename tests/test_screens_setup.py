"""Setting up and ending a game, in CPython (issue 44, finding 8, and 11's export): the default
setup (you against computers), the last setup remembered per game and checked when read back, no
save before the first move, resigning, the end screen (the result once, a table that can wrap,
the chart of the scores, also in replay), the notice after an export."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from page_model import Browser
from sessions import random_session

from pygame_rules import get_game
from pygame_rules.i18n import use
from pygame_rules.session import Seat
from pygame_rules.tuerme import Move, square_name

TUERME = get_game("tuerme")
SETUPS = "pygame_rules.setups"
STYLE = Path(__file__).parent.parent / "web" / "static" / "app"


def seats_on_form(b: Browser) -> list[tuple[str, str, str]]:
    """The setup form's seats: name, colour and who plays each."""
    rows = []
    for seat in b.page.find_all(".seat"):
        colour, kind = seat.find_all("select")
        rows.append((seat.find("input").attrs["value"], b.page.value(colour), b.page.value(kind)))
    return rows


def open_setup(b: Browser, game: str) -> None:
    if b.page.find_all("#menu"):
        b.click("#menu")
    if b.page.find_all("#setup"):
        b.click("#setup button", "Back")
    b.click(f".game-card[data-game={game}] button")


def first_move(b: Browser) -> None:
    """The person to act makes the first Türme move he can."""
    state = b.game().state
    player = TUERME.to_move(state)[0]
    move = next(m for m in TUERME.legal_actions(state, player) if isinstance(m, Move))
    b.board(square=square_name(move.src))
    b.board(square=square_name(move.dst))


# ------------------------------------------------------------------------ the setup
@pytest.mark.parametrize("game, count", [("tuerme", 2), ("babel", 3), ("saba", 2)])
def test_a_new_game_is_you_against_computers_at_the_usual_table(tab: Browser, game: str, count: int) -> None:
    open_setup(tab, game)
    assert tab.page.value(tab.page.find("#player-count")) == str(count)
    seats = seats_on_form(tab)
    assert [kind for _name, _colour, kind in seats] == ["human"] + ["medium"] * (count - 1)
    assert [name for name, _colour, _kind in seats] == [f"Player {n}" for n in range(1, count + 1)]
    assert len({colour for _name, colour, _kind in seats}) == count
    tab.fill("#player-count", str(count + 1))  # a seat added: another computer, in a free colour
    assert seats_on_form(tab)[-1][2] == "medium" and len({c for _n, c, _k in seats_on_form(tab)}) == count + 1


def test_the_last_setup_of_each_game_is_remembered(tab: Browser) -> None:
    tab.start_game("tuerme", 3, 5, names=("Ann", "Bob", "Cy"), kinds=("human", "hard", "easy"), bot_time="2.5",
                   random_start=True)
    first_move(tab)
    open_setup(tab, "tuerme")
    expected = [("Ann", "red", "human"), ("Bob", "blue", "hard"), ("Cy", "green", "easy")]
    assert seats_on_form(tab) == expected
    assert tab.page.find("#bot-time").attrs["value"] == "2.5"
    assert "checked" in tab.page.find("[name=opt-random_start]").attrs
    assert tab.page.find("#seed").attrs["value"] != "5"  # a new seed each time
    open_setup(tab, "babel")  # another game keeps its own (here the default)
    assert [kind for _n, _c, kind in seats_on_form(tab)] == ["human", "medium", "medium"]
    again = tab.reload()  # kept in the browser's storage
    try:
        open_setup(again, "tuerme")
        assert seats_on_form(again) == expected and again.page.find("#bot-time").attrs["value"] == "2.5"
    finally:
        again.close()


def test_the_setup_is_remembered_even_from_a_game_not_played(tab: Browser) -> None:
    tab.start_game("saba", 2, 5, names=("Ann", "Bob"), kinds=("human", "hard"))
    open_setup(tab, "saba")
    assert [(n, k) for n, _c, k in seats_on_form(tab)] == [("Ann", "human"), ("Bob", "hard")]


DEFAULT_TUERME = [("Player 1", "red", "human"), ("Player 2", "blue", "medium")]


@pytest.mark.parametrize("stored", [
    "{", "[]", "null", '"tuerme"', json.dumps({"tuerme": []}), json.dumps({"tuerme": {"seats": "Ann"}}),
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red", "kind": "human"}]}}),  # too few
    json.dumps({"tuerme": {"seats": [{"name": f"P{i}", "colour": c, "kind": "human"}
                                     for i, c in enumerate(["red", "blue", "green", "purple", "red"])]}}),
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "red"}]}}),
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "#123456"}]}}),
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red"}, {"name": "B\u202eb", "colour": "blue"}]}}),
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red"}, {"name": "x" * 41, "colour": "blue"}]}}),
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red"}, {"name": " ", "colour": "blue"}]}}),
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red", "kind": "god"},
                                     {"name": "Bob", "colour": "blue"}]}}),
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red", "x": 1}, {"name": "Bob", "colour": "blue"}]}}),
    json.dumps({"tuerme": {"seats": [{"name": 7, "colour": "red"}, {"name": "Bob", "colour": "blue"}]}}),
    json.dumps({"tuerme": {"bot_time": 99, "options": {"quiet_end": 0, "random_start": "yes", "nope": True}}}),
    json.dumps({"tuerme": {"bot_time": True, "options": []}}),
    json.dumps({"tuerme": {"bot_time": "2", "options": {"quiet_end": 7}}}),
    "[" * 5000 + "]" * 5000,
    json.dumps({"tuerme": {"seats": [{"name": "Ann", "colour": "red"}] * 2}}) + " " * 30_000,
])
def test_a_damaged_stored_setup_falls_back_to_the_defaults(stored: str) -> None:
    b = Browser({SETUPS: stored})
    try:
        open_setup(b, "tuerme")
        assert seats_on_form(b) == DEFAULT_TUERME
        assert b.page.find("#bot-time").attrs["value"] == "1"
        assert "checked" not in b.page.find("[name=opt-random_start]").attrs
        quiet = b.page.find("[name=opt-quiet_end]")
        assert b.page.value(quiet) == str(TUERME.option_defaults["quiet_end"])
        b.click("#start-game")  # and the form works
        assert b.game().seats == tuple(Seat(*seat) for seat in DEFAULT_TUERME)
    finally:
        b.close()


def test_each_good_part_of_a_stored_setup_is_kept() -> None:
    stored = {"tuerme": {"seats": [{"name": "Ann", "colour": "green", "kind": "hard"},
                                   {"name": "Bob", "colour": "purple", "kind": "human"}],
                         "options": {"random_start": True, "quiet_end": 0}, "bot_time": 3},
              "saba": "nonsense"}
    b = Browser({SETUPS: json.dumps(stored)})
    try:
        open_setup(b, "tuerme")
        assert seats_on_form(b) == [("Ann", "green", "hard"), ("Bob", "purple", "human")]
        assert "checked" in b.page.find("[name=opt-random_start]").attrs
        assert b.page.value(b.page.find("[name=opt-quiet_end]")) == str(TUERME.option_defaults["quiet_end"])
        assert b.page.find("#bot-time").attrs["value"] == "3"
        b.click("#start-game")
        first_move(b)
        stored_now = json.loads(b.page.storage[SETUPS])
        assert stored_now["saba"] == "nonsense"  # another game's entry is not this game's business
        assert stored_now["tuerme"]["seats"][0] == {"name": "Ann", "colour": "green", "kind": "hard"}
    finally:
        b.close()


# ------------------------------------------------------------ no save before the first move
def test_an_abandoned_setup_leaves_no_saved_game(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 5)
    assert not [k for k in tab.page.storage if k.startswith("pygame_rules.save.")]
    tab.click("#menu")
    assert "No saved games yet." in tab.page.find("#saved").text
    tab.start_game("tuerme", 2, 5)
    first_move(tab)
    assert len(tab.saved().moves) == 1
    tab.click("#menu")
    assert "1 move" in tab.page.find(".saved-game").text


def test_a_computer_first_move_saves_the_game(tab: Browser) -> None:
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    tab.start_game("tuerme", 2, 3, kinds=("easy", "human"))
    tab.until(lambda: tab.log() != [])
    assert len(tab.saved().moves) >= 1


def test_a_new_game_after_another_does_not_reopen_the_old_one(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 5)
    first_move(tab)
    tab.click("#menu")
    tab.start_game("tuerme", 2, 6)
    again = tab.reload()  # the new game was never stored: the start screen, the old game listed
    try:
        assert again.app.screen is None and len(again.page.find_all(".saved-game")) == 1
    finally:
        again.close()


# ------------------------------------------------------------------------- resigning
def test_a_person_resigns_and_the_record_keeps_it(tab: Browser) -> None:
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    tab.start_game("tuerme", 2, 5, names=("Ann", "Bot"), kinds=("human", "easy"))
    first_move(tab)
    tab.until(lambda: not tab.page.busy and bool(tab.page.marked))
    assert tab.page.find("#resign").attrs["title"] == "Ann gives up: the game ends now"
    tab.click("#resign")
    assert tab.page.confirms[-1][0] == "Resign, Ann? The game ends now and cannot be continued."
    moves = len(tab.game().moves)
    tab.confirm()
    scores = TUERME.scores(tab.game().state)
    result = f"Ann resigned. Bot wins with {scores[1]} point{'s' if scores[1] != 1 else ''}."
    assert tab.page.find("#winner").text == result
    assert tab.page.sounds[-1] == "end" and tab.page.announced[-1] == result
    assert not tab.page.find_all("#resign") and not tab.page.marked and not tab.page.busy
    assert "Ann has resigned" in tab.page.find("#undo").attrs["title"]
    saved = tab.saved()
    assert saved.resigned == 0 and len(saved.moves) == moves
    data = json.loads(tab.page.storage["pygame_rules.save." + saved.id])
    assert data["resigned"] == 0 and data["version"] == 2
    tab.settle(0.5)
    assert len(tab.game().moves) == moves  # the computer plays no more
    again = tab.reload()  # replayed from the save: still over, still saying who resigned
    try:
        assert again.page.find("#winner").text == result
        again.click("#menu")
        assert "finished" in again.page.find(".saved-game").text
    finally:
        again.close()


def test_nobody_resigns_for_a_computer_or_after_the_end(tab: Browser) -> None:
    tab.app.store.items["pygame_rules.settings"] = json.dumps({"pace": "instant"})
    tab.start_game("tuerme", 2, 5, kinds=("easy", "easy"))
    tab.until(lambda: len(tab.log()) > 2)
    assert not tab.page.find_all("#resign")
    tab.click("#menu")
    session = random_session("tuerme", [Seat("Ada", "red"), Seat("Bo", "blue")], 3)
    tab.choose_file("#import-file", "finished.json", session.to_text())
    assert not tab.page.find_all("#resign")


def test_a_resignation_in_a_hotseat_game_is_the_person_at_the_device(tab: Browser) -> None:
    tab.start_game("babel", 3, 8, names=("Ann", "Bob", "Cy"))
    tab.pass_to("Ann")
    tab.click("#resign")
    tab.confirm()
    assert tab.page.find("#winner").text.startswith("Ann resigned. ")
    assert tab.saved().resigned == 0


# ------------------------------------------------------------------------ the end screen
def test_the_end_says_who_won_once(tab: Browser) -> None:
    session = random_session("babel", [Seat("Ann", "red"), Seat("Bob", "yellow"), Seat("Cy", "green")], 4)
    tab.choose_file("#import-file", "finished.json", session.to_text())
    tab.click("#reveal") if tab.page.find_all("#pass-screen") else None
    result = get_game("babel").result_text(session.state, ["Ann", "Bob", "Cy"])
    side = tab.page.find(".side").text
    winners = [session.seats[p].name for p in get_game("babel").winners(session.state)]
    assert side.count(result) == 1 and tab.page.find("#winner").text == result
    assert side.count(f"{winners[0]} win") == 1  # no status line saying it again
    assert not tab.page.find_all("#status")


def test_the_final_table_can_wrap_to_fit_the_side_panel(tab: Browser) -> None:
    """The final table's markup: header cells of plain text, a class the style sheet makes fit
    (a fixed layout whose cells wrap anywhere), in a side column that may not grow past its track."""
    session = random_session("babel", [Seat("Annabelle-Marie", "red"), Seat("Bob", "yellow"), Seat("Cy", "green")], 4)
    tab.choose_file("#import-file", "finished.json", session.to_text())
    table = tab.page.find("#final-scores")
    assert "final-scores" in table.attrs["class"].split()
    assert all(not cell.find_all("span, div, br") for cell in table.find_all("th"))
    css = (STYLE / "style.css").read_text()
    rules: dict[str, str] = {}
    for found in re.finditer(r"([^{}]+)\{([^}]*)\}", css):  # (the first rule of a selector: not a phone's)
        rules.setdefault(found.group(1).strip(), found.group(2))

    def rule(selector: str) -> str:
        return next(body for sel, body in rules.items() if selector in [s.strip() for s in sel.split(",")])

    assert "table-layout: fixed" in rule(".final-scores")
    assert "overflow-wrap: anywhere" in rule(".final-scores th")
    assert "minmax(0, 1fr)" in rule(".side")
    assert "nowrap" not in rule(".final-scores th")


def test_the_end_screen_charts_how_the_scores_grew(tab: Browser) -> None:
    names = ["Ann <b>", "Bob & co", "Cy"]
    session = random_session("babel", [Seat(names[0], "red"), Seat(names[1], "yellow"), Seat(names[2], "green")], 4)
    tab.choose_file("#import-file", "finished.json", session.to_text())
    chart = tab.page.find(".final #score-chart")
    svg = chart.find("svg.chart-drawing")
    assert svg.attrs["role"] == "img" and svg.attrs["aria-labelledby"] == "score-chart-title score-chart-desc"
    assert svg.find("title").text == "Scores over the game"
    assert f"to move {len(session.moves)}." in svg.find("desc").text
    lines = svg.find_all("polyline")
    assert [line.attrs["data-player"] for line in lines] == ["0", "1", "2"]
    assert all("chart-line" in line.attrs["class"] for line in lines)
    assert not tab.page.find_all("#score-chart b")  # names are text, escaped by construction
    assert [li.text for li in chart.find_all(".chart-legend li")] == [
        f"{name} {score}" for name, score in zip(names, get_game("babel").scores(session.state))]
    rows = chart.find_all("table tbody tr")
    assert rows[0].find("th").text == "Start" and rows[-1].find("th").text == str(len(session.moves))
    assert [int(td.text) for td in rows[-1].find_all("td")] == list(get_game("babel").scores(session.state))
    assert chart.find("details summary").text == "The scores as a table"


def test_replay_charts_the_scores_up_to_now_and_marks_the_position(tab: Browser) -> None:
    session = random_session("tuerme", [Seat("Ada", "red"), Seat("Bo", "blue")], 3)
    tab.choose_file("#import-file", "finished.json", session.to_text())
    tab.click("#log li[data-ply=10] button")
    chart = tab.page.find(".replay-banner ~ #score-chart, #score-chart")
    assert chart.find_all("svg .chart-now")
    assert "after move 10" in chart.find("svg desc").text
    current = chart.find("table tbody tr[aria-current]")
    assert current.find("th").text == "10"
    assert [int(td.text) for td in current.find_all("td")] == list(TUERME.scores(session.states[10]))


def test_no_chart_before_the_first_move(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 5)
    tab.click("#log li[data-ply=0] button")
    assert not tab.page.find_all("#score-chart")


# ------------------------------------------------------------------------------ export
def test_an_export_is_confirmed_on_the_page(tab: Browser) -> None:
    tab.start_game("tuerme", 2, 5)
    first_move(tab)
    tab.click("#export")
    name = tab.page.downloads[-1][0]
    notice = tab.page.find("#notice-export")
    assert notice.text.startswith(f"Exported as {name}: your browser put it with your downloads.")
    assert notice.attrs["role"] == "alert"
    tab.click("#menu")  # it goes with its screen
    assert not tab.page.find_all("#notice-export")


def test_the_end_and_resigning_speak_the_readers_language() -> None:
    b = Browser(lang="de")
    try:
        b.start_game("tuerme", 2, 5, names=("Ann", "Bob"))
        first_move(b)
        b.click("#resign")
        assert b.page.confirms[-1][0] == "Aufgeben, Ann? Die Partie endet jetzt und kann nicht fortgesetzt werden."
        b.confirm()
        assert b.page.find("#winner").text.startswith("Ann hat aufgegeben. Bob ")
        assert b.page.find(".final h2").text == "Partie beendet"
        assert b.page.find("#score-chart figcaption").text == "Punkte im Lauf der Partie"
        b.click("#export")
        assert b.page.find("#notice-export").text.startswith("Exportiert als tuerme-5.json: ")
    finally:
        b.close()
        use("en")
