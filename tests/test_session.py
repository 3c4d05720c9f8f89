"""Session record, undo rules and the save format, on the Nim test game."""

from __future__ import annotations

import json

import pytest
from test_protocol import NIM, Take

from pygame_rules import IllegalAction, registry, session
from pygame_rules.gate import MAX_MESSAGE
from pygame_rules.registry import get_game
from pygame_rules.rng import Rng
from pygame_rules.session import (
    BOT_TIME_MAX,
    BOT_TIME_MIN,
    SAVE_VERSION,
    Move,
    SaveError,
    Seat,
    Session,
    bot_time_range,
    is_bot_time,
)
from pygame_rules.steps import advance


@pytest.fixture(autouse=True)
def nim_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "nim", NIM)


def new_session(kinds=("human", "human")):
    return Session.new("nim", [Seat(f"P{i}", "red", k) for i, k in enumerate(kinds)], seed=4)


def test_play_records_log_text_and_states():
    s = new_session()
    s.play(0, Take(2))
    s.play(1, Take(1))
    assert [s.log_text(k) for k in (1, 2)] == ["take 2", "take 1"]
    assert s.moves == [Move(0, Take(2)), Move(1, Take(1))]
    assert len(s.states) == 3 and s.state.heap == s.states[0].heap - 3


def test_undo_takes_back_a_persons_move_with_the_bots_replies():
    s = new_session(("human", "easy"))
    assert s.undo_blocker() == "there is no move to take back"
    s.play(0, Take(1))
    assert s.undo_blocker() is None
    assert [m.action for m in s.undo()] == [Take(1)]
    assert s.moves == [] and len(s.states) == 1
    s.play(0, Take(1))
    s.play(1, Take(2))
    assert [m.action for m in s.undo()] == [Take(1), Take(2)]
    assert len(s.states) == 1


def test_undo_by_a_person_takes_back_only_his_own_moves_and_the_bots_replies():
    s = new_session(("human", "human", "easy"))
    s.play(0, Take(1))
    assert s.undo_blocker(1) == "it would take back P0's move, and you may take back only your own"
    s.play(1, Take(1))
    s.play(2, Take(1))
    assert s.undo_blocker(0) == "it would take back P1's move, and you may take back only your own"
    assert s.undo_blocker() is None and s.undo_blocker(1) is None
    assert [m.action for m in s.undo(1)] == [Take(1), Take(1)] and len(s.moves) == 1
    with pytest.raises(IllegalAction, match="can't undo: it would take back P0's move"):
        s.undo(1)
    assert new_session(("easy", "human")).undo_blocker(1) == "there is no move to take back"


def test_a_move_after_a_past_position_replaces_the_later_moves():
    s = new_session()
    for count in (1, 2, 3):
        s.play(s.game.to_move(s.state)[0], Take(count))
    s.play(1, Take(3), after=1)
    assert [m.action for m in s.moves] == [Take(1), Take(3)] and len(s.states) == 3
    with pytest.raises(IllegalAction):
        s.play(1, Take(1), after=0)  # not player 1's turn there: the record is unchanged
    assert [m.action for m in s.moves] == [Take(1), Take(3)]


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
    assert loaded.state == s.state and loaded.moves == s.moves
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


def deep(depth):
    value = 0
    for _ in range(depth):
        value = [value]
    return value


def with_seat(data, index, **fields):
    seats = [dict(seat) for seat in data["seats"]]
    seats[index].update(fields)
    return {**data, "seats": seats}


INJECTED = "blue;background-image:url(http://example.com/x.png)"


@pytest.mark.parametrize("mutate, message", [
    # each of these raised something other than SaveError before (issue 23, finding 5)
    (lambda d: {**d, "options": 5}, "the save's options must be an object, not 5"),     # AttributeError
    (lambda d: {**d, "options": {"heap": [1]}}, "options are invalid: option 'heap' takes a whole number, not a list"),
    (lambda d: {**d, "moves": [deep(5000)]}, "nested more than 16 levels deep"),        # RecursionError
    (lambda d: {**d, "state": deep(5000)}, "nested more than 16 levels deep"),
    (lambda d: {**d, "moves": [{"player": 0, "action": {"kind": "Take", "count": 10**30}}]},
     r"move 1 of the save is invalid: action.count: the number is out of range"),
    (lambda d: {**d, "moves": [{"player": 10**30, "action": {"kind": "Take", "count": 1}}]},
     r"move 1 of the save is invalid: the move's player must be a whole number from 0 to 1"),
    (lambda d: {**d, "moves": [{"player": 0, "action": {"kind": "Take", "count": 1, 1: 2}}]},
     "move 1 of the save is invalid: action: (an object's field names must be text|unexpected field '1')"),
    (lambda d: {**d, "seed": 2**64}, "the save's seed must be a whole number from 0 to"),
    (lambda d: {**d, "seed": True}, "the save's seed must be a whole number"),
    (lambda d: {**d, "version": True}, "the save's version must be a whole number"),
    (lambda d: {**d, "created": "yesterday"}, "the save's creation time must be a whole number"),
    (lambda d: {**d, "id": "x" * 500}, "the save's id is too long"),
    (lambda d: {**d, "id": "<b>x</b>"}, "the save's id may hold only letters, digits"),
    (lambda d: {**d, "cheat": 1}, "the save has an unknown field 'cheat'"),
    (lambda d: {**d, "game": "x" * 5000}, "the save's game is too long"),
    (lambda d: {**d, "seats": [d["seats"][0]] * 50}, "the save's seats has 50 items, at most 3"),
    (lambda d: with_seat(d, 1, colour=INJECTED), "seat 2's colour must be one of red, blue or a #rrggbb colour"),
    (lambda d: with_seat(d, 0, colour="navy"), "seat 1's colour must be one of red, blue"),
    (lambda d: with_seat(d, 0, name="A\u202eB"), "seat 1's name holds a control character"),
    (lambda d: with_seat(d, 0, name="x" * 41), "seat 1's name is longer than 40 characters"),
    (lambda d: with_seat(d, 0, name=" "), "seat 1's name is empty"),
    (lambda d: with_seat(d, 0, kind="god"), "seat 1 is played by 'god', not one of human, easy"),
    (lambda d: with_seat(d, 0, hat="top"), "seat 1 has an unknown field 'hat'"),
])
def test_hostile_saves_get_only_short_save_errors(mutate, message):
    s = new_session()
    s.play(0, Take(1))
    for load in (lambda d: Session.from_json(d), lambda d: Session.from_text(json.dumps(d))):
        try:
            data = mutate(s.to_json())
            json.dumps(data)
        except RecursionError:
            continue  # json.dumps can't write the deep ones; from_json reads them as data
        with pytest.raises(SaveError, match=message) as refused:
            load(data)
        assert len(str(refused.value)) <= MAX_MESSAGE


def test_deep_text_is_refused_before_parsing():
    s = new_session()
    text = s.to_text().replace('"moves": [', '"moves": [' + "[" * 100_000 + "]" * 100_000 + ", ", 1)
    with pytest.raises(SaveError, match="the saved game is nested more than 16 levels deep"):
        Session.from_text(text)
    with pytest.raises(SaveError, match="too large"):
        Session.from_text(" " * (session.SAVE_LIMITS.max_chars + 1))


def test_a_hex_seat_colour_loads_and_is_drawn_as_it_is():
    s = Session.new("nim", [Seat("Ann", "#1a2b3c"), Seat("Bob", "blue")], seed=1)
    assert Session.from_text(s.to_text()).seats == s.seats


def test_a_new_session_admits_only_what_a_save_may_hold():
    for seats, message in [([Seat("Ann", INJECTED), Seat("Bob", "blue")], "seat 1's colour"),
                           ([Seat("Ann", "red"), Seat("", "blue")], "seat 2's name is empty"),
                           ([Seat("Ann", "red"), Seat("Bob", "blue", "god")], "seat 2 is played by")]:
        with pytest.raises(ValueError, match=message):
            Session.new("nim", seats, seed=1)
    with pytest.raises(ValueError, match="the seed must be a whole number"):
        Session.new("nim", [Seat("Ann", "red"), Seat("Bob", "blue")], seed=2**60)


def test_babel_move_with_an_unknown_wonder_is_a_save_error():
    """Session.play judged the move with ``action_text`` before ``apply``: IndexError."""
    game = get_game("babel")
    s = Session.new("babel", [Seat(f"P{i}", c) for i, (c, _) in enumerate(game.colours[:3])], seed=1)
    data = s.to_json()
    player = game.to_move(s.state)[0]
    data["moves"] = [{"player": player, "action": {"kind": "Build", "wonder": 52, "slot": 0}}]
    with pytest.raises(SaveError, match="move 1 of the save is invalid"):
        Session.from_json(data)
    with pytest.raises(IllegalAction):
        s.play(player, game.action_from_json(data["moves"][0]["action"]))
    assert s.moves == []


def test_the_record_stops_at_the_longest_a_save_holds(monkeypatch):
    monkeypatch.setattr(session, "MAX_MOVES", 2)
    s = new_session()
    s.play(0, Take(1))
    s.play(1, Take(1))
    with pytest.raises(IllegalAction, match="reached 2 moves"):
        s.play(0, Take(1))
    with pytest.raises(SaveError, match="the save's moves has 4 items, at most 2"):
        Session.from_json({**s.to_json(), "moves": s.to_json()["moves"] * 2})


# ---------------------------------------------------------------- salvage
def played(count):
    s = new_session()
    for _ in range(count):
        s.play(s.game.to_move(s.state)[0], Take(1))
    return s


def test_a_renewed_id_stores_the_game_beside_its_save():
    s = played(1)
    old = s.id
    s.renew_id()
    assert s.id != old and Session.from_text(s.to_text()).id == s.id


def test_salvage_of_a_good_save_is_the_game():
    s = played(3)
    salvaged, reason = Session.salvage(s.to_text())
    assert reason == "" and salvaged is not None
    assert salvaged.id == s.id and salvaged.state == s.state and salvaged.updated > 0


def test_salvage_offers_the_last_good_position_under_a_new_id():
    s = played(4)
    data = s.to_json()
    data["moves"][2] = {"player": 0, "action": {"kind": "Take", "count": 7}}
    text = json.dumps(data)
    salvaged, reason = Session.salvage(text)
    with pytest.raises(SaveError) as refused:
        Session.from_text(text)
    assert reason == str(refused.value) and reason.startswith("move 3 of the save is invalid")
    assert salvaged is not None and salvaged.id != s.id
    assert salvaged.moves == s.moves[:2]
    assert salvaged.state == s.states[2] and salvaged.seats == s.seats


def test_salvage_of_an_inconsistent_save_keeps_every_move():
    s = played(3)
    data = {**s.to_json(), "state": played(2).to_json()["state"]}
    salvaged, reason = Session.salvage(json.dumps(data))
    assert "inconsistent" in reason and salvaged is not None and salvaged.state == s.state


def stepped(steps):
    """Run ``steps`` a step at a time: how many steps they took, and their result."""
    count = 0
    while True:
        done, result = advance(steps, lambda: True)
        count += 1
        if done:
            return count, result


def test_a_save_replays_a_move_per_step():
    """The browser replays a long save in slices (webui/slices.py): reading and salvaging
    yield after every move, and give what the plain calls give."""
    s = played(4)
    steps, read = stepped(Session.reading(s.to_text()))
    assert steps == 4 + 1 and read.state == s.state and read.moves == s.moves
    data = s.to_json()
    data["moves"][2] = {"player": 0, "action": {"kind": "Take", "count": 7}}
    steps, (salvaged, reason) = stepped(Session.salvaging(json.dumps(data)))
    assert steps == 2 + 1 and reason.startswith("move 3 of the save is invalid")
    assert salvaged.moves == s.moves[:2]
    with pytest.raises(SaveError, match="move 3 of the save is invalid"):
        stepped(Session.reading(json.dumps(data)))
    with pytest.raises(SaveError):
        stepped(Session.reading("{"))


@pytest.mark.parametrize("text", [lambda: "", lambda: "[" * 10_000,
                                  lambda: '{"format": "pygame_rules.save", "version": 1}',
                                  lambda: json.dumps({**played(1).to_json(), "options": 5})])
def test_salvage_without_a_good_setup_offers_nothing(text):
    salvaged, reason = Session.salvage(text())
    assert salvaged is None and 0 < len(reason) <= MAX_MESSAGE


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


def test_resignations_in_saves_are_checked() -> None:
    """A resignation ends the game after the save's last move: written only then (as version 2, so
    an older app says it is too new instead of misreading it), read back only from a person's seat
    of a game that had not ended."""
    seats = [Seat("Ann", "red"), Seat("Bob", "blue", "easy")]
    session = Session.new("tuerme", seats, seed=5)
    plain = session.to_json()
    assert plain["version"] == 1 and "resigned" not in plain  # what older apps read
    session.resign(0)
    data = session.to_json()
    assert Session.from_json(data).resigned == 0
    for bad, message in (({**plain, "resigned": 0}, "version 1"),
                         ({**data, "resigned": 1}, "computer player"),
                         ({**data, "resigned": 2}, "resignation"),
                         ({**data, "resigned": True}, "resignation"),
                         ({**data, "version": SAVE_VERSION + 1}, "newer version")):
        with pytest.raises(SaveError, match=message):
            Session.from_json(bad)
    ended = Session.new("tuerme", [Seat("Ada", "red"), Seat("Bo", "blue")], seed=3)
    rng = Rng.from_seed(3)
    while not get_game("tuerme").is_over(ended.state):
        player = rng.choice(get_game("tuerme").to_move(ended.state))
        ended.play(player, rng.choice(get_game("tuerme").legal_actions(ended.state, player)))
    over = ended.to_json()
    with pytest.raises(SaveError, match="the game is over"):
        Session.from_json({**over, "version": 2, "resigned": 0})
    with pytest.raises(ValueError, match="has resigned"):
        session.play(0, get_game("tuerme").legal_actions(session.state, 0)[0])
    assert session.undo_blocker() is not None


def test_the_marks_of_moves_are_saved_and_checked() -> None:
    """A move's marks (a hint shown, played for the person, played with the move before) go
    into the save, which is then version 3 (a save without marks stays as old apps read it), and
    come back; Undo takes a joined move back with the one before it, also after a reload."""
    s = new_session()
    s.play(0, Take(1), marks=("hint",))
    s.play(1, Take(1))
    s.play(0, Take(1), marks=("automatic",))
    s.play(1, Take(1), marks=("joined",))  # (Nim's players alternate; the screen joins one player's moves)
    data = s.to_json()
    assert data["version"] == 3
    assert [m.get("marks") for m in data["moves"]] == [["hint"], None, ["automatic"], ["joined"]]
    back = Session.from_text(s.to_text())
    assert back.moves == s.moves and back.moves[0].marks == {"hint"}
    assert [m.player for m in back.undo()] == [0, 1] and len(back.moves) == 2
    assert [m.player for m in back.undo()] == [1] and len(back.moves) == 1
    assert new_session().to_json()["version"] == 1
    first = data["moves"][0]
    for bad, message in (({**data, "version": 2}, "only a save of version 3 can hold the marks"),
                         ({**data, "moves": [{**first, "marks": ["good"]}]}, "marks must be one of"),
                         ({**data, "moves": [{**first, "marks": "hint"}]}, "marks must be a list"),
                         ({**data, "moves": [{**first, "marks": list(session.MARKS) * 2}]}, "at most 3")):
        with pytest.raises(SaveError, match=message):
            Session.from_json(bad)
    with pytest.raises(ValueError, match="marks must be one of"):
        s.play(0, Take(1), marks=("bold",))


def test_a_joined_move_whose_partner_cannot_be_taken_back_goes_alone() -> None:
    """Undo takes a joined move back with the move before it only where that move may be taken
    back too: here it is another person's, which he may not take back with his own."""
    s = new_session()
    s.play(0, Take(1))
    s.play(1, Take(1), marks=("joined",))
    assert s.undo_blocker(1) is None
    assert [m.player for m in s.undo(1)] == [1] and len(s.moves) == 1
