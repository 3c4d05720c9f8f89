"""The worker's ``bot_move`` method and the ``arena`` command."""

from __future__ import annotations

import json

import pytest

from pygame_rules.__main__ import main
from pygame_rules.registry import get_game
from pygame_rules.service import handle


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
