"""Saves, in CPython, through the app's screens and a model of the page (``tests/page_model.py``):
damaged autosaves, crafted import files, a full or missing storage. Whatever the page's storage
or a file holds, the app starts, keeps the other saves as they were, and says plainly what is
wrong (issue 23). The page's own part (writing ``localStorage`` and reading each write back,
reading a chosen file) is in ``tests/test_site_saves.py``.

The saves are made from seeded games, then damaged in one way each.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from fuzzing import MAX_MESSAGE, mutate_json, mutate_text
from page_model import Browser

from pygame_rules import get_game
from pygame_rules.i18n import use
from pygame_rules.rng import Rng
from pygame_rules.session import Seat, Session
from pygame_rules.tuerme import Move, square_name

PREFIX, CURRENT, PREVIOUS = "pygame_rules.save.", "pygame_rules.current", "pygame_rules.previous."


def _save(game_name: str, seed: int, moves: int, seats: list[Seat]) -> dict[str, Any]:
    """The save of a seeded random game of ``moves`` moves."""
    game = get_game(game_name)
    session = Session.new(game_name, seats, seed=seed)
    session.id = f"{game_name}-{seed}-test"
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        player = rng.choice(game.to_move(session.state))
        session.play(player, rng.choice(game.legal_actions(session.state, player)))
    data: dict[str, Any] = session.to_json()
    return data


TUERME = _save("tuerme", 11, 6, [Seat("Ada", "red"), Seat("Bo", "blue")])
BABEL = _save("babel", 4, 12, [Seat("Ann", "red"), Seat("Bob", "yellow"), Seat("Cy", "green")])
GOOD = _save("saba", 5, 3, [Seat("Eve", "blue"), Seat("Finn", "red")])  # stays untouched beside them
#: The first Babel build after the opening moves: its wonder becomes 52 (there are 8).
BUILD = next(k for k, move in enumerate(BABEL["moves"]) if move["action"]["kind"] == "Build" and k > 3)


def _with(data: dict[str, Any], **changes: Any) -> str:
    return json.dumps({**data, **changes})


def _seat0(**changes: Any) -> str:
    return _with(TUERME, seats=[{**TUERME["seats"][0], **changes}, TUERME["seats"][1]])


def _deep() -> str:
    return _with(TUERME, options="@").replace('"@"', "[" * 100_000 + "]" * 100_000)


def _babel_wonder_52() -> str:
    moves = [dict(move) for move in BABEL["moves"]]
    moves[BUILD] = {**moves[BUILD], "action": {**moves[BUILD]["action"], "wonder": 52}}
    return _with(BABEL, moves=moves)


#: Each kind of damage: the stored text, what the message says, and how many moves the
#: last good position has (None: nothing can be replayed).
DAMAGED: dict[str, tuple[str, str, int | None]] = {
    "not JSON": ("this is not a saved game", "not valid JSON", None),
    "truncated JSON": (json.dumps(TUERME)[:400], "not valid JSON", None),
    "empty": ("", "not valid JSON", None),
    "not a save": ('{"hello": "world"}', "not a pygame_rules saved game", None),
    "a list": ("[1, 2, 3]", "not a pygame_rules saved game", None),
    "deep nesting": (_deep(), "nested more than", None),
    "huge": (_seat0(name="x" * 4_100_000), "too large", None),
    "options: 5": (_with(TUERME, options=5), "options must be an object", None),
    "seats as text": (_with(TUERME, seats="Ada and Bo"), "seats must be a list", None),
    "Babel wonder: 52": (_babel_wonder_52(), f"move {BUILD + 1} of the save is invalid: there is no wonder 52", BUILD),
    "an illegal move": (_with(TUERME, moves=[TUERME["moves"][0]] * 2 + TUERME["moves"][2:]),
                        "move 2 of the save is invalid", 1),
    "a foreign game": (_with(TUERME, game="chess"), "a game this app does not have", None),
    "a newer version": (_with(TUERME, version=99), "newer version of the app", None),
    "newer rules": (_with(TUERME, rules=99), "uses newer rules", None),
    "moves not leading to the state": (_with(TUERME, moves=TUERME["moves"][:-1]), "inconsistent", 5),
    "CSS in a colour": (_seat0(colour="blue;background-image:url(http://example.com/x.png)"),
                        "seat 1's colour must be one of", None),
    "a control character in a name": (_seat0(name="Ada\u202e"), "control character", None),
}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use("en")


def opened(items: dict[str, str], **page: Any) -> Browser:
    """The app started with exactly ``items`` in its ``localStorage``, its saved games listed."""
    b = Browser(items, **page)
    b.settle(30)
    assert not b.page.find_all("#saved-reading")
    return b


def damaged_row(b: Browser, save_id: str) -> Any:
    return b.page.find(f".saved-game.damaged[data-save={save_id}]")


@pytest.mark.parametrize("kind", DAMAGED)
def test_a_damaged_open_autosave_never_stops_the_app(kind: str) -> None:
    """The open game's autosave, damaged: the app starts on the home screen, says why,
    lists it as damaged, and keeps it and the other saves exactly as they were."""
    text, message, good_moves = DAMAGED[kind]
    good_text = json.dumps(GOOD)
    b = opened({PREFIX + "broken": text, CURRENT: "broken", PREFIX + GOOD["id"]: good_text})
    try:
        assert b.page.ready and b.page.find_all("#home")
        assert message in b.page.find("#home-message").text
        row = damaged_row(b, "broken")
        assert message in row.text and row.find_all("button", "Export as it is")
        recover = row.find_all("button", "Open the last good position")
        if good_moves is None:
            assert recover == []
        else:
            assert f"after {good_moves} move" in recover[0].text
        assert b.page.storage[PREFIX + "broken"] == text and b.page.storage[PREFIX + GOOD["id"]] == good_text
        b.click(f".saved-game[data-save={GOOD['id']}] button", "Resume")
        assert b.page.find_all("#pass-screen")  # Saba's hands are private
    finally:
        b.close()


#: Seeded random damage to real saves of every game: how many, and the seed.
MUTANTS, SEED = 60, 23


def mutants() -> dict[str, str]:
    """``MUTANTS`` saves, each a real one damaged once at random (as text or as JSON)."""
    rng = Rng.from_seed(SEED)
    found = {}
    for k in range(MUTANTS):
        data = (TUERME, BABEL, GOOD)[k % 3]
        found[f"mutant-{k}"] = mutate_text(json.dumps(data), rng) if k % 2 else _dumps(mutate_json(data, rng))
    return found


def _dumps(data: Any) -> str:
    """JSON text of ``data``, which may nest thousands of levels deep (as a mutant may)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return json.dumps(data)
    finally:
        sys.setrecursionlimit(limit)


def test_seeded_random_damage_never_stops_the_app() -> None:
    """Every mutant is listed, good or damaged with a short reason, the open one included;
    as import files, each is imported or refused with a message, and the app goes on."""
    texts = mutants()
    b = opened({**{PREFIX + key: text for key, text in texts.items()}, CURRENT: "mutant-1"})
    try:
        if not b.page.find_all("#home"):
            b.click("#menu") if b.page.find_all("#menu") else b.click("#pass-screen button", "Menu")
        b.settle(30)
        assert len(b.page.find_all(".saved-game")) == MUTANTS
        for row in b.page.find_all(".saved-game.damaged"):
            reason = row.find("p.error").text.removeprefix("Can't be opened: ")
            assert 0 < len(reason) <= MAX_MESSAGE, (row.attrs["data-save"], reason)
        for key, text in list(texts.items())[:20]:
            toasts = len(b.page.toasts)
            b.choose_file("#import-file", "mutant.json", text)
            b.settle(10)
            assert b.page.find_all("#game, #pass-screen") or "mutant.json" in b.page.toasts[toasts][0], key
            if b.page.find_all("#menu"):
                b.click("#menu")
            elif b.page.find_all("#pass-screen"):
                b.click("#pass-screen button", "Menu")
            assert b.page.find_all("#home"), key
    finally:
        b.close()


def test_every_damaged_save_at_once_is_listed_with_its_reason() -> None:
    items = {PREFIX + f"broken-{k}": text for k, (text, _, _) in enumerate(DAMAGED.values())}
    b = opened({**items, PREFIX + GOOD["id"]: json.dumps(GOOD)})
    try:
        for k, (_, message, _) in enumerate(DAMAGED.values()):
            assert message in damaged_row(b, f"broken-{k}").text
        assert len(b.page.find_all(".saved-game.damaged")) == len(DAMAGED)
        assert len(b.page.find_all(".saved-game:not(.damaged)")) == 1
        # "Export as it is" gives the stored text unchanged, to report or repair.
        b.click(".saved-game[data-save=broken-0] button", "Export as it is")
        assert b.page.downloads[-1] == ("damaged-broken-0.json", DAMAGED["not JSON"][0])
        # Delete, once confirmed, removes only that save.
        b.click(".saved-game[data-save=broken-0] button", "Delete")
        assert b.page.confirms[-1][0] == "Delete this saved game? This cannot be undone."
        assert PREFIX + "broken-0" in b.page.storage  # not before the reader says yes
        b.confirm()
        assert PREFIX + "broken-0" not in b.page.storage and not b.page.find_all(".saved-game[data-save=broken-0]")
        assert len(b.page.find_all(".saved-game.damaged")) == len(DAMAGED) - 1
        b.click(f".saved-game[data-save={GOOD['id']}] button", "Delete")  # a good one, too
        b.confirm()
        assert PREFIX + GOOD["id"] not in b.page.storage
    finally:
        b.close()


def test_the_last_good_position_of_a_damaged_game_opens_beside_it() -> None:
    text = DAMAGED["Babel wonder: 52"][0]
    b = opened({PREFIX + "broken": text, CURRENT: "broken"})
    try:
        b.click(".saved-game[data-save=broken] button", "Open the last good position")
        assert b.page.find_all("#game, #pass-screen")
        assert f"after {BUILD} moves" in b.toast()
        save_id = b.page.storage[CURRENT]
        assert save_id != "broken" and len(Session.from_text(b.page.storage[PREFIX + save_id]).moves) == BUILD
        assert b.page.storage[PREFIX + "broken"] == text  # the damaged save stays, to export or delete
    finally:
        b.close()


def play(b: Browser, count: int) -> None:
    """Make the next ``count`` moves of a 2-player Türme game of seed 11 by clicking (the
    first legal move each time), continuing from the moves in the log."""
    game = get_game("tuerme")
    state = game.new_game(2, seed=11)
    for entry in b.log():
        state = game.apply(state, *game.parse_action(state, entry.split(": ", 1)[1]))
    for _ in range(count):
        player = game.to_move(state)[0]
        move = next(a for a in game.legal_actions(state, player) if isinstance(a, Move))
        before = len(b.log())
        b.board(square=square_name(move.src))
        b.board(square=square_name(move.dst))
        assert len(b.log()) == before + 1
        state = game.apply(state, player, move)


def test_the_previous_autosave_survives_a_bad_write() -> None:
    b = Browser()
    b.start_game("tuerme", 2, 11)
    assert CURRENT not in b.page.storage  # a game is stored from its first move on
    play(b, 1)
    save_id = b.page.storage[CURRENT]
    play(b, 1)
    assert len(Session.from_text(b.page.storage[PREVIOUS + save_id]).moves) == 1
    assert len(Session.from_text(b.page.storage[PREFIX + save_id]).moves) == 2
    # A write that went wrong: the autosave is cut off. The previous one is offered.
    b.page.storage[PREFIX + save_id] = '{"format": "pygame_rules.save", "ver'
    b = b.reload()
    try:
        assert "not valid JSON" in damaged_row(b, save_id).text
        b.click(f".saved-game[data-save={save_id}] button", "Open the last good position (after 1 move)")
        assert b.page.find_all("#game")
    finally:
        b.close()


def test_long_saves_are_listed_and_opened_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each stored save is replayed to be listed or opened. The first screen comes without waiting
    for them (a first slice of the work, then the rest in slices, the worker reading the page's
    events in between): "Reading the saved games…", then the list; "Opening the saved game…",
    then the game, and its long log written newest first."""
    from webui import working

    monkeypatch.setattr(working, "FIRST_SLICE_S", 0.0)  # as on a slow machine: nothing ends in it
    monkeypatch.setattr(working, "SLICE_S", 0.002)
    saves = [_full_game(name, seed) for seed in (1, 2) for name in ("babel", "saba", "tuerme")]
    items = {PREFIX + data["id"]: json.dumps(data) for data in saves}
    b = Browser(items)
    try:
        assert b.page.ready and b.page.find("#saved-reading").text == "Reading the saved games…"
        b.settle(30)
        assert len(b.page.find_all(".saved-game:not(.damaged)")) == len(saves)
    finally:
        b.close()
    longest = max(saves, key=lambda data: len(data["moves"]))
    b = Browser({**items, CURRENT: longest["id"]})
    try:
        # (read from the commands applied: on a warm machine the rest may be done by now)
        shown = [k for k, command in enumerate(b.page.applied)
                 if command[0] == "html" and 'id="opening"' in command[2] and "Opening the saved game…" in command[2]]
        assert shown, "no word that the saved game is being opened"
        assert ["ready"] not in b.page.applied[:shown[0]]  # ready only once the game is on show
        b.settle(30)
        assert b.page.ready and b.page.find_all("#board svg")  # ready once the game is on show
        moves = len(longest["moves"])
        plies = [int(li.attrs["data-ply"]) for li in b.page.find_all("#log li[data-ply]")]
        assert plies == list(range(moves + 1)) and len(b.log()) == moves
        assert ["prepend", "log"] in [c[:2] for c in b.page.applied]  # the earlier entries came later
    finally:
        b.close()


def _full_game(game_name: str, seed: int) -> dict[str, Any]:
    """The save of a seeded random game played to its end (200–400 moves)."""
    game = get_game(game_name)
    seats = [Seat(f"P{k}", colour) for k, (colour, _) in enumerate(game.colours[:game.max_players])]
    session = Session.new(game_name, seats, seed=seed)
    rng = Rng.from_seed(seed)
    while not game.is_over(session.state):
        player = rng.choice(game.to_move(session.state))
        session.play(player, rng.choice(game.legal_actions(session.state, player)))
    data: dict[str, Any] = session.to_json()
    return data


def test_a_long_log_written_in_slices_follows_the_clicks_meanwhile() -> None:
    """An imported finished game shows its newest log entries at once and the earlier ones in
    slices; steps back through the record while they are written leave one log, whole, in order,
    with the position shown marked (and scrolled into view by the page)."""
    data = _full_game("tuerme", 1)
    moves = len(data["moves"])
    b = Browser()
    try:
        b.page.apply = _stop_after_board(b.page)  # type: ignore[method-assign]
        b.choose_file("#import-file", "long.json", json.dumps(data))
        first = [int(move.attrs["data-ply"]) for li in b.page.first_log
                 for move in ([li] if "data-ply" in li.attrs else li.find_all("li[data-ply]"))]  # a turn's moves
        assert first[-1] == moves and len(first) < moves + 1  # the newest first, the rest to come
        for _ in range(3):
            b.click("#replay-previous")
        b.settle(10)
        assert [int(li.attrs["data-ply"]) for li in b.page.find_all("#log li[data-ply]")] == list(range(moves + 1))
        assert b.page.find("#log li[data-shown]").attrs["data-ply"] == str(moves - 3)
        assert ["scroll-log"] in b.page.other
    finally:
        b.close()


def _stop_after_board(page: Any) -> Any:
    """The page's ``apply``, keeping (as ``page.first_log``) the log as it was when the board was
    first drawn."""
    apply = page.apply
    page.first_log = None

    def applying(commands: list[list[Any]]) -> None:
        apply(commands)
        if page.first_log is None and page.find_all("#board svg"):
            page.first_log = page.find_all("#log li")

    return applying


# ---------------------------------------------------------------- import files
#: Crafted import files beyond the damaged saves: what the message says.
CRAFTED = {
    **{kind: (text, message) for kind, (text, message, _) in DAMAGED.items() if kind != "huge"},
    "binary": ("\x00\x01\x02PK\x03\x04", "not valid JSON"),
    "JSON with NaN": (json.dumps(TUERME).replace('"seed": 11', '"seed": NaN'), "not valid JSON"),
    "deep nesting, 201 KB": ("[" * 100_500 + "]" * 100_500, "nested more than"),
    "a seed beyond JavaScript's integers": (_with(TUERME, seed=2**60), "seed"),
    "an id with a path in it": (_with(TUERME, id="../../etc/passwd"), "id"),
}


def test_crafted_import_files_are_refused_and_nothing_else_changes() -> None:
    b = opened({PREFIX + GOOD["id"]: json.dumps(GOOD)})
    try:
        before = dict(b.page.storage)
        for kind, (text, message) in CRAFTED.items():
            b.choose_file("#import-file", "crafted.json", text)
            b.settle(10)
            shown, error = b.page.toasts[-1]
            assert error and message in shown and shown.startswith("Could not import crafted.json: "), kind
            assert len(shown) < 300, kind
        assert b.page.storage == before
        b.choose_file("#import-file", "crafted.json", json.dumps(TUERME))  # a good file still imports
        assert b.page.find_all("#game") and len(b.log()) == len(TUERME["moves"])
    finally:
        b.close()


def test_bad_files_are_refused_and_the_same_game_is_opened_not_stored_twice() -> None:
    b = Browser()
    try:
        b.start_game("tuerme", 2, 11)
        play(b, 2)
        b.click("#export")
        _name, text = b.page.downloads[-1]
        data = json.loads(text)
        b.click("#menu")
        assert len(b.page.find_all(".saved-game")) == 1
        for content, message in [("{not json", "not valid JSON"),
                                 (json.dumps({"hello": "world"}), "not a pygame_rules saved game"),
                                 (json.dumps({**data, "moves": data["moves"][:1]}), "inconsistent")]:
            b.choose_file("#import-file", "bad.json", content)
            assert message in b.toast() and b.page.toasts[-1][1]
            assert len(b.page.find_all(".saved-game")) == 1  # nothing lost or overwritten
        b.choose_file("#import-file", "game.json", text)
        assert "already saved here" in b.toast() and len(b.log()) == 2
        b.click("#menu")
        assert len(b.page.find_all(".saved-game")) == 1  # the same game: opened, not stored twice
        b.choose_file("#import-file", "empty.json", None, size=0)  # nothing was chosen: nothing happens
    finally:
        b.close()


def test_an_oversized_file_is_refused_unread() -> None:
    """The page reads no file over the manifest's ``max_file`` bytes (``app/shell.js``): it sends
    only the name and size, and the app says why."""
    from webui.app import MAX_FILE

    b = Browser()
    try:
        b.choose_file("#import-file", "huge.json", None, size=MAX_FILE + 1)
        assert b.page.toasts[-1] == ("Could not import huge.json: the file is too large to be a saved game.", True)
    finally:
        b.close()


def test_importing_an_older_copy_of_a_stored_game_stores_it_beside() -> None:
    b = opened({PREFIX + TUERME["id"]: json.dumps(TUERME)})
    try:
        older = json.dumps({**{k: v for k, v in TUERME.items() if k != "state"}, "moves": TUERME["moves"][:3]})
        b.choose_file("#import-file", "older.json", older)
        assert b.toast() == "Imported Spiel der Türme." and len(b.log()) == 3
        b.click("#menu")
        assert len(b.page.find_all(".saved-game")) == 2
        assert b.page.storage[PREFIX + TUERME["id"]] == json.dumps(TUERME)
    finally:
        b.close()


# ---------------------------------------------------------------- a full or missing storage
def test_a_full_storage_is_said_plainly_and_the_game_can_be_exported() -> None:
    """The autosave does not fit: the spare copy is given up and the save tried again; then the
    player is told, with the export at hand, once until saving works again."""
    b = Browser(quota=300)
    try:
        b.start_game("tuerme", 2, 11)
        assert not b.page.find_all("#notice-save")  # nothing is stored before the first move
        play(b, 1)
        notice = b.page.find("#notice-save")
        assert "storage is full" in notice.text
        assert CURRENT not in b.page.storage  # nothing claims it was stored
        assert b.page.find("#notice-save") and len(b.page.find_all("#notices .notice")) == 1
        b.click("#notice-save button", "Export this game")
        assert len(Session.from_text(b.page.downloads[-1][1]).moves) == 1
        b.click("#notice-save button", "Dismiss")
        assert not b.page.find_all("#notice-save")
        play(b, 1)
        assert not b.page.find_all("#notice-save")  # told once, until saving works again
        b.page.quota = None  # room again: the next move is saved, and the player is told so
        play(b, 1)
        assert "saved again" in b.page.find("#notice-save").text
        assert len(b.saved().moves) == 3
    finally:
        b.close()


def test_a_full_storage_keeps_the_game_by_dropping_its_spare_copy() -> None:
    """Room for one copy of the game but not two: the game's previous autosave goes, the game is
    stored, and nobody is told anything."""
    b = Browser()
    try:
        b.start_game("tuerme", 2, 11)
        play(b, 2)
        b.page.quota = sum(len(k) + len(v) for k, v in b.page.storage.items()) + 10
        play(b, 1)
        assert not b.page.find_all("#notice-save") and len(b.saved().moves) == 3
    finally:
        b.close()


def test_importing_into_a_full_storage_does_not_claim_success() -> None:
    b = Browser(quota=200)
    try:
        b.choose_file("#import-file", "game.json", json.dumps(TUERME))
        assert b.page.find_all("#game") and "storage is full" in b.page.find("#notice-save").text
        assert all("Imported" not in text for text, _error in b.page.toasts)
        assert PREFIX + TUERME["id"] not in b.page.storage
        b = b.reload()  # nothing was stored, and the home screen says so by listing nothing
        assert not b.page.find_all(".saved-game")
    finally:
        b.close()


def test_a_browser_without_storage_still_plays() -> None:
    b = Browser(refused=True)
    try:
        assert "does not let the app store anything" in b.page.find("#notice-storage").text
        b.start_game("tuerme", 2, 11)
        play(b, 1)  # (a game is stored from its first move on)
        assert "games are not saved" in b.page.find("#notice-save").text
        play(b, 1)
        b.send({"type": "settings"})
        b.fill("#setting-pace", "fast")
        assert b.toast() == "This browser does not keep settings: they last until you leave the page."
        assert b.app.settings.pace == "fast"  # for this visit
    finally:
        b.close()


def test_a_delete_the_browser_refuses_is_told() -> None:
    b = opened({PREFIX + TUERME["id"]: json.dumps(TUERME)})
    try:
        b.page.refused = True
        b.click(".saved-game button", "Delete")
        b.confirm()
        assert b.toast().startswith("The saved game could not be deleted (SecurityError)")
    finally:
        b.close()


def test_the_home_screen_lists_finished_and_gone_games() -> None:
    """A finished game is listed as finished, to view; a save gone meanwhile (another tab deleted
    it) is said to be gone."""
    game = get_game("tuerme")
    session = Session.new("tuerme", [Seat("Ada", "red"), Seat("Bo", "blue")], 3)
    rng = Rng.from_seed(3)
    while not game.is_over(session.state):
        player = game.to_move(session.state)[0]
        session.play(player, rng.choice(game.legal_actions(session.state, player)))
    b = opened({PREFIX + session.id: session.to_text(), PREFIX + GOOD["id"]: json.dumps(GOOD)})
    try:
        rows = b.page.find_all(".saved-game")
        assert [row.attrs["data-save"] for row in rows] == [session.id, GOOD["id"]]  # the newest first
        assert " · Ada, Bo · finished · " in rows[0].text and rows[0].find("button", "View")
        assert "3 moves" in rows[1].text and rows[1].find("button", "Resume")
        del b.app.store.items[PREFIX + GOOD["id"]]
        b.app.export_raw(GOOD["id"])
        b.app.page.push()
        assert b.page.toasts[-1] == ("That saved game is gone.", True)
    finally:
        b.close()


def test_a_long_game_that_fails_while_it_is_opened_leaves_a_working_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged save found out only in a later slice of its replay, and a fault of ours while a
    game is opened: the home screen, saying so, and the save kept."""
    from webui import app as app_module
    from webui import working

    monkeypatch.setattr(working, "FIRST_SLICE_S", 0.0)
    text = DAMAGED["an illegal move"][0]
    b = Browser({PREFIX + "broken": text, CURRENT: "broken"})
    try:
        b.settle(10)
        assert b.page.ready and "move 2 of the save is invalid" in b.page.find("#home-message").text
        assert b.page.storage[PREFIX + "broken"] == text
    finally:
        b.close()

    def broken(self: Any, session: Session, stored: str = "") -> bool:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(app_module.App, "open_session", broken)
    b = Browser({PREFIX + TUERME["id"]: json.dumps(TUERME), CURRENT: TUERME["id"]})
    try:
        b.settle(10)
        assert b.page.ready and "could not be opened (RuntimeError: a bug of ours)" in b.page.find("#home-message").text
        assert b.page.storage[PREFIX + TUERME["id"]] == json.dumps(TUERME)
    finally:
        b.close()
