"""Misuse of the Python API is refused with the protocol's own errors, short and naming
what was wrong: a player that is no seat number, an action of the wrong types, text
where none is, numbers beyond any range. ``apply`` accepts exactly the actions
``legal_actions`` lists (by value, of the types they declare) and nothing else."""

from __future__ import annotations

from typing import Any

import pytest
from fuzzing import GARBAGE, MAX_MESSAGE, expect_exactly_legal, garbage_action, positions

from pygame_rules import IllegalAction, InvalidState
from pygame_rules.registry import GAMES, get_game
from pygame_rules.rng import Rng
from pygame_rules.saba import GAME as SABA
from pygame_rules.saba.actions import MoveVizier, PlayCard, SerailChoice
from pygame_rules.saba.data import District


def refused(call: Any, error: type[Exception] = IllegalAction) -> str:
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert message and len(message) <= MAX_MESSAGE
    return message


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("player", [[0], 0.0, True, 1.0, "0", None, -1, 99, 10**5000],
                         ids=["list", "0.0", "True", "1.0", "str", "None", "-1", "99", "huge"])
def test_a_player_that_is_no_seat_to_move_is_refused(name: str, player: Any) -> None:
    game = get_game(name)
    state = game.new_game(game.min_players, seed=1)
    action = game.legal_actions(state, game.to_move(state)[0])[0]
    message = refused(lambda: game.apply(state, player, action))
    assert "player" in message


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("action", [10**5000, "x" * 1000, None, {}, [1, 2], object()],
                         ids=["huge", "long", "None", "dict", "list", "object"])
def test_what_is_no_action_is_refused_briefly(name: str, action: Any) -> None:
    game = get_game(name)
    state = game.new_game(game.min_players, seed=1)
    assert "is not an action of" in refused(lambda: game.apply(state, game.to_move(state)[0], action))


def test_saba_actions_with_fields_of_the_wrong_type_are_refused_naming_the_field() -> None:
    state = SABA.new_game(2, seed=1)
    assert "action.district" in refused(lambda: SABA.apply(state, 0, MoveVizier(district={})))  # type: ignore[arg-type]
    assert "action.card" in refused(lambda: SABA.apply(state, 0, PlayCard(card=1)))  # type: ignore[arg-type]
    assert "action.place" in refused(lambda: SABA.apply(state, 0, SerailChoice(place=35)))  # type: ignore[arg-type]
    assert SABA.action_problem(MoveVizier(District.EXCHANGE)) is None


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("text", [5, None, b"d4-d5", ["pass"], "x" * 100_000],
                         ids=["int", "None", "bytes", "list", "long"])
def test_move_and_position_text_that_is_no_text_is_refused(name: str, text: Any) -> None:
    game = get_game(name)
    state = game.new_game(game.min_players, seed=1)
    refused(lambda: game.parse_action(state, text))
    refused(lambda: game.parse_position(text), InvalidState)
    refused(lambda: game.from_position_text(text), InvalidState)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_apply_accepts_exactly_what_legal_actions_lists(name: str) -> None:
    """Every field of legal actions, replaced by values of the wrong type or range: each
    is refused with IllegalAction, or accepted only as an action the list holds."""
    game, rng = get_game(name), Rng.from_seed(len(name))
    tried = 0
    for state in positions(game, 5, games=3, every=11)[:60]:
        for player in game.to_move(state):
            legal = game.legal_actions(state, player)
            for action in legal[:30]:
                for _ in range(len(GARBAGE)):
                    expect_exactly_legal(game, state, player, garbage_action(action, rng), legal)
                    tried += 1
    assert tried > 1000
