"""Session record, undo rules and the save format, on the Nim test game."""

from __future__ import annotations

import json

import pytest
from test_protocol import NIM, Take

from pygame_rules import IllegalAction, registry
from pygame_rules.session import (
    BOT_TIME_MAX,
    BOT_TIME_MIN,
    SAVE_VERSION,
    SaveError,
    Seat,
    Session,
    bot_time_range,
    is_bot_time,
)


@pytest.fixture(autouse=True)
def nim_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "nim", NIM)


def new_session(kinds=("human", "human")):
    return Session.new("nim", [Seat(f"P{i}", "red", k) for i, k in enumerate(kinds)], seed=4)


def test_play_records_log_text_and_states():
    s = new_session()
    s.play(0, Take(2))
    s.play(1, Take(1))
    assert [m.text for m in s.moves] == ["take 2", "take 1"]
    assert len(s.states) == 3 and s.state.heap == s.states[0].heap - 3


def test_undo_takes_back_a_persons_move_with_the_bots_replies():
    s = new_session(("human", "easy"))
    assert s.undo_blocker() == "there is no move to take back"
    s.play(0, Take(1))
    assert s.undo_blocker() is None
    assert [m.text for m in s.undo()] == ["take 1"]
    assert s.moves == [] and len(s.states) == 1
    s.play(0, Take(1))
    s.play(1, Take(2))
    assert [m.text for m in s.undo()] == ["take 1", "take 2"]
    assert len(s.states) == 1


def test_a_move_after_a_past_position_replaces_the_later_moves():
    s = new_session()
    for count in (1, 2, 3):
        s.play(s.game.to_move(s.state)[0], Take(count))
    s.play(1, Take(3), after=1)
    assert [m.text for m in s.moves] == ["take 1", "take 3"] and len(s.states) == 3
    with pytest.raises(IllegalAction):
        s.play(1, Take(1), after=0)  # not player 1's turn there: the record is unchanged
    assert [m.text for m in s.moves] == ["take 1", "take 3"]


def test_a_game_from_a_given_position_plays_on_but_has_no_save():
    start = NIM.new_game(3, seed=1)
    s = Session.from_position(NIM, start, [Seat(f"P{i}", "red") for i in range(3)])
    s.play(0, Take(2))
    assert s.states == [start, NIM.apply(start, 0, Take(2))]
    with pytest.raises(ValueError, match="can't be saved"):
        s.to_json()


def test_undo_refuses_when_only_bots_moved():
    s = new_session(("easy", "human"))
    s.play(0, Take(1))
    assert s.undo_blocker() == "only computer players have moved"


def test_save_roundtrip_replays_the_game():
    s = new_session()
    for _ in range(3):
        s.play(s.game.to_move(s.state)[0], Take(1))
    loaded = Session.from_text(s.to_text())
    assert loaded.state == s.state and [m.text for m in loaded.moves] == [m.text for m in s.moves]
    assert loaded.id == s.id and loaded.seats == s.seats


@pytest.mark.parametrize("mutate, message", [
    (lambda d: "not json{", "not valid JSON"),
    (lambda d: json.dumps({"hello": 1}), "not a pygame_rules saved game"),
    (lambda d: json.dumps({**d, "version": SAVE_VERSION + 1}), "newer version of the app"),
    (lambda d: json.dumps({**d, "game": "chess"}), "game this app does not have"),
    (lambda d: json.dumps({**d, "rules": 99}), "newer rules"),
    (lambda d: json.dumps({**d, "seats": []}), "seats"),
    (lambda d: json.dumps({**d, "bot_time": "fast"}), "thinking time"),
    (lambda d: json.dumps({**d, "bot_time": BOT_TIME_MIN / 2}), "thinking time is not between 0.1 and 30"),
    (lambda d: json.dumps({**d, "bot_time": BOT_TIME_MAX + 1}), "thinking time"),
    (lambda d: json.dumps({**d, "moves": [{"player": 0, "action": {"kind": "Take", "count": 9}}]}),
     "move 1 of the save is invalid"),
    (lambda d: json.dumps({**d, "moves": d["moves"][:-1]}), "inconsistent"),
    (lambda d: json.dumps(d)[: len(json.dumps(d)) // 2], "truncated"),
])
def test_bad_saves_get_clear_messages(mutate, message):
    s = new_session()
    s.play(0, Take(1))
    s.play(1, Take(2))
    with pytest.raises(SaveError, match=message):
        Session.from_text(mutate(s.to_json()))


def test_a_save_of_older_rules_is_trusted_to_its_moves(monkeypatch):
    s = new_session()
    s.play(0, Take(1))
    data = s.to_json()
    stale = {**data, "moves": data["moves"] + [{"player": 1, "action": {"kind": "Take", "count": 2}}]}
    monkeypatch.setattr(type(NIM), "rules_version", 2)
    with pytest.raises(SaveError, match="inconsistent"):
        Session.from_json({**stale, "rules": 2})
    loaded = Session.from_json({**stale, "rules": 1})   # its stored state predates new bookkeeping
    assert len(loaded.moves) == 2


def test_the_one_range_of_thinking_times():
    assert is_bot_time(BOT_TIME_MIN) and is_bot_time(BOT_TIME_MAX) and is_bot_time(1)
    assert not any(is_bot_time(v) for v in (True, "1", BOT_TIME_MAX + 0.01, float("nan")))
    assert bot_time_range() == "between 0.1 and 30 seconds"
    s = Session.new("nim", [Seat("A", "red"), Seat("B", "blue")], seed=1, bot_time=BOT_TIME_MAX)
    assert Session.from_text(s.to_text()).bot_time == BOT_TIME_MAX
