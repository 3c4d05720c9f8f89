"""The service's ``hint`` request: the hint depends on the player's view only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_bots_hidden import babel_twins, saba_twins

from pygame_rules.bots.hint import hint
from pygame_rules.registry import get_game
from pygame_rules.service import RequestError, handle


def ask(name: str, state: object, player: int) -> dict[str, Any]:
    game = get_game(name)
    answer: dict[str, Any] = json.loads(handle("hint", json.dumps(
        {"game": name, "player": player, "state": game.state_to_json(state)})))
    return answer


@pytest.mark.parametrize("twins", [babel_twins, saba_twins])
def test_the_answer_depends_only_on_the_view(twins: Any) -> None:
    """Two states that differ only in what the player can't see get the same answer, the
    same as for the view the page sends, and it is the engine's hint."""
    first, second, player = twins()
    name = "saba" if twins is saba_twins else "babel"
    game = get_game(name)
    assert first != second and game.view(first, player) == game.view(second, player)
    answers = [ask(name, first, player), ask(name, second, player), ask(name, game.view(first, player), player)]
    assert answers[0] == answers[1] == answers[2]
    found = hint(game, first, player)
    assert game.action_from_json(answers[0]["action"]) == found.action
    assert (answers[0]["text"], answers[0]["reason"]) == (found.notation, found.reason)
    assert tuple(tuple(field) for field in answers[0]["fields"]) == found.fields


def test_a_hint_for_a_player_with_nothing_to_do_is_refused() -> None:
    with pytest.raises(RequestError, match="player 1 has nothing to do"):
        ask("tuerme", get_game("tuerme").new_game(2, seed=1), 1)
