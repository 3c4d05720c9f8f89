"""The service's methods, its gate for requests, and the ``arena`` command."""

from __future__ import annotations

import json

import pytest

from pygame_rules import service
from pygame_rules.__main__ import main
from pygame_rules.gate import MAX_MESSAGE
from pygame_rules.registry import get_game
from pygame_rules.service import RequestError, handle, reply


@pytest.mark.parametrize("name", ["babel", "saba", "tuerme"])
@pytest.mark.parametrize("as_view", [False, True])
def test_bot_move_round_trips(name: str, as_view: bool) -> None:
    game = get_game(name)
    state = game.new_game(game.min_players + 1, seed=3)
    player = game.to_move(state)[0]
    sent = game.view(state, player) if as_view else state
    data = game.state_to_json(sent)
    assert game.state_from_json(json.loads(json.dumps(data))) == sent  # views load too
    for level in ("easy", "medium", "hard"):
        request = {"game": name, "state": data, "player": player, "level": level,
                   "budget_ms": 30, "seed": 5}
        answer = json.loads(handle("bot_move", json.dumps(request)))
        action = game.action_from_json(answer["action"])
        assert game.why_illegal(state, player, action) is None
        assert answer["text"] == game.action_text(state, action)
        assert (answer["iterations"] > 0) == (level == "hard")


def test_bot_move_is_reproducible_with_a_seed() -> None:
    game = get_game("babel")
    request = json.dumps({"game": "babel", "state": game.state_to_json(game.new_game(3, seed=1)),
                          "player": 0, "level": "medium", "seed": 7})
    assert handle("bot_move", request) == handle("bot_move", request)


def tuerme_request(**changes: object) -> dict[str, object]:
    game = get_game("tuerme")
    request = {"game": "tuerme", "state": game.state_to_json(game.new_game(2, seed=1)), "player": 0,
               "level": "easy", "budget_ms": 30, "seed": 1}
    return {**request, **changes}


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("method, payload, message", [
    ("eval", "{}", "unknown method 'eval'; known: bot_move, hint, ping, random_play"),
    (None, "{}", "unknown method None"),
    ("bot_move", "{", "the request is not valid JSON"),
    ("bot_move", deep(90_000), "the request is nested more than 16 levels deep"),
    ("bot_move", '{"state": ' + deep(20) + "}", "the request is nested more than 16 levels deep"),
    ("bot_move", " " * 300_000, "the request is too large"),
    ("bot_move", 5, "the request must be JSON text, not 5"),
    ("bot_move", "[1]", "the request must be a JSON object, not a list"),
    ("ping", '{"x": 1}', "the request has an unknown field 'x'"),
    ("bot_move", json.dumps(tuerme_request(game="chess")), "the request's game must be one of babel, saba, tuerme"),
    ("bot_move", json.dumps(tuerme_request(state=5)), "the request's state must be an object, not 5"),
    ("bot_move", json.dumps(tuerme_request(state={"game": "tuerme"})), "the request's state is invalid"),
    ("bot_move", json.dumps(tuerme_request(player=7)), "the request's player must be a whole number from 0 to 1"),
    ("bot_move", json.dumps(tuerme_request(player=1)), "player 1 has nothing to do in this position"),
    ("bot_move", json.dumps(tuerme_request(level="god")), "the request's level must be one of easy, medium, hard"),
    ("bot_move", json.dumps(tuerme_request(budget_ms=-1)), "the request's budget_ms must be a number from 0"),
    ("bot_move", json.dumps(tuerme_request(seed=2**64)), "the request's seed must be a whole number"),
    ("bot_move", json.dumps(tuerme_request(cheat=1)), "the request has an unknown field 'cheat'"),
    ("random_play", '{"game": "saba", "players": 9}', "the request's players must be a whole number from 2 to 4"),
])
def test_bad_requests_get_a_short_error_and_no_traceback(method: object, payload: object, message: str) -> None:
    with pytest.raises(RequestError, match=message):
        handle(method, payload)
    answer = json.loads(reply(method, payload))
    assert list(answer) == ["error"] and message.split(" (")[0] in answer["error"]
    assert len(answer["error"]) <= MAX_MESSAGE and "Traceback" not in answer["error"]


def test_reply_wraps_the_answer() -> None:
    payload = json.dumps(tuerme_request())
    assert json.loads(reply("bot_move", payload)) == {"result": json.loads(handle("bot_move", payload))}


def test_a_failure_that_is_no_bad_request_is_answered_briefly(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(request: object) -> dict[str, object]:
        return {}["missing"]

    monkeypatch.setitem(service.METHODS, "ping", (broken, ()))
    answer = json.loads(reply("ping", "{}"))
    assert answer == {"error": "the computation failed (KeyError); details are in the browser's console"}
    assert "Traceback" in capsys.readouterr().err   # for whoever debugs it, in the console


def test_arena_prints_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "babel", "--bots", "medium,easy", "--players", "3", "--games", "2",
                 "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Der Turmbau zu Babel, 3 players, 2 games" in out
    assert out.count("%") >= 6 and "medium" in out and "easy" in out
    assert "budget" not in out.splitlines()[0]          # no hard seat, so no search effort


def test_arena_with_fixed_iterations_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "tuerme", "--bots", "hard,easy", "--games", "2", "--seed", "3",
            "--iterations", "15", "--max-plies", "30", "--verbose"]
    outputs = []
    for _ in range(2):
        assert main(args) == 0
        outputs.append(capsys.readouterr().out)
    assert "hard 15 iterations" in outputs[0]
    games = [[line for line in out.splitlines() if line.startswith("game ")] for out in outputs]
    tables = [out.splitlines()[3:] for out in outputs]   # after the title line (it has the time)
    assert len(games[0]) == 2 and games[0] == games[1] and tables[0] == tables[1]
